#include "experiments/app/integrators_command.hpp"

#include <fmt/core.h>

#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

void add_integrators_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "integrators", "List the integrators: order, symplectic, implicit, f evaluations per step, what they step");
  cmd->callback([] { fmt::print("{}", integrators_table()); });
}

std::string integrators_table() {
  constexpr auto kRow = "{:<26} {:>5}  {:<10} {:<8} {:>8}  {:<33}  {}\n";
  std::string out = fmt::format(kRow, "name", "order", "symplectic", "kind", "f/step", "steps", "source");
  for (const auto& m : integrators::kMethods) {  // the registry's table, every row
    const auto& i = m.info;
    out += fmt::format(kRow, i.name, i.order, i.symplectic ? "yes" : "no", i.implicit ? "implicit" : "explicit",
                       i.implicit ? fmt::format("{}+", i.rhs_evaluations) : fmt::format("{}", i.rhs_evaluations),
                       integrators::systems_text(m.systems), i.source);
  }
  return out;
}

}  // namespace verisim::experiments
