#pragma once
// `verisim compare DIR_A DIR_B [--out DIR]` (docs/lammps.md): options → interop/lammps/compare.hpp →
// the differences printed, and with --out a report of the curves.
#include <CLI/CLI.hpp>

namespace verisim::experiments {

void add_compare_command(CLI::App& app);

}  // namespace verisim::experiments
