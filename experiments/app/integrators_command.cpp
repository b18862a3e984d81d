#include "experiments/app/integrators_command.hpp"

#include <fmt/core.h>

#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

void add_integrators_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("integrators", "List the integrators: order, symplectic, implicit, f evaluations per step");
  cmd->callback([] {
    fmt::print("{:<26} {:>5}  {:<10} {:<8} {:>8}  {}\n", "name", "order", "symplectic", "kind", "f/step", "source");
    auto row = [](const core::StepperInfo& i) {
      fmt::print("{:<26} {:>5}  {:<10} {:<8} {:>8}  {}\n", i.name, i.order, i.symplectic ? "yes" : "no",
                 i.implicit ? "implicit" : "explicit", i.implicit ? fmt::format("{}+", i.rhs_evaluations)
                                                                  : fmt::format("{}", i.rhs_evaluations),
                 i.source);
    };
    for (const auto& i : integrators::kSecondOrderSteppers) row(i);
    for (const auto& i : integrators::kHamiltonianSteppers) row(i);
  });
}

}  // namespace verisim::experiments
