#include "experiments/app/playground_command.hpp"

#include <memory>
#include <string>

#include <fmt/format.h>

#include "experiments/playground/page.hpp"
#include "experiments/support/cli_checks.hpp"

namespace verisim::experiments {

void add_playground_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "playground",
      "Write the browser playground (docs/playground.md): DIR/index.html, one self-contained page that runs the toolkit "
      "compiled to WebAssembly, offline. Built by the wasm preset: " + std::string(playground::kBuildCommand));
  auto out = std::make_shared<std::string>();
  cmd->add_option("--out", *out, "folder of the page (index.html; only what verisim wrote there is replaced)")->required();
  cmd->footer("Exit status: 0 written; 2 bad --out, or the page has not been built (the message names the command).");
  cmd->callback([out, cmd] {
    require_non_empty_path(*out, cmd->count("--out") > 0, "--out");
    playground::write_playground(*out);
    fmt::print("verisim playground: {}/index.html — open it in a browser (no server needed)\n", *out);
  });
}

}  // namespace verisim::experiments
