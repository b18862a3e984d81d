#pragma once
// `verisim check integrator|collision` (docs/check.md): options → check/ → verdicts printed; the exit
// code is 0 (every verdict passed), 1 (one failed) or 2 (bad input, set by main).
#include <CLI/CLI.hpp>

namespace verisim::experiments {

void add_check_command(CLI::App& app, int& exit_code);

}  // namespace verisim::experiments
