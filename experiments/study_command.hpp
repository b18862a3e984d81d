#pragma once
#include <CLI/CLI.hpp>

namespace verisim::experiments {

/// `verisim study <order|drift|symplecticity|stability|work-precision|all> [--out DIR]
/// [--integrators LIST] [--problems LIST] [--quick] [--no-plots]`.
/// Bad input raises std::invalid_argument naming the option (main maps it to exit code 2).
void add_study_command(CLI::App& app);

}  // namespace verisim::experiments
