#pragma once
#include <CLI/CLI.hpp>

namespace verisim::experiments {

/// `verisim study <order|drift|symplecticity|stability|work-precision|collisions|all> [--out DIR]
/// [--integrators LIST] [--problems LIST] [--quick] [--no-plots]`.
/// Bad input raises std::invalid_argument naming the option (main maps it to exit code 2) before
/// anything is computed; a stop signal raises Interrupted (exit 128 + signal). Sets `exit_code` to 1
/// when a verdict fails or a plot was not drawn, 0 otherwise.
void add_study_command(CLI::App& app, int& exit_code);

}  // namespace verisim::experiments
