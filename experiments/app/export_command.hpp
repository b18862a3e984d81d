#pragma once
// `verisim export lammps SCENE --out DIR` (docs/lammps.md): options → interop/lammps/export_lammps.hpp.
#include <CLI/CLI.hpp>

namespace verisim::experiments {

void add_export_command(CLI::App& app);

}  // namespace verisim::experiments
