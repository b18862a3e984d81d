#pragma once
// Trajectories read back for `verisim compare` (issue 18, docs/lammps.md): a LAMMPS custom dump (the
// one `verisim export lammps` asks for: doc/src/dump.rst, `dump custom` with `dump_modify sort id time
// yes`) and the samples of `verisim run` (its CSV read back: docs/scenes.md "Output"). Both become the
// one table of samples, core::Samples, under `verisim run`'s column names: "t", per particle
// "<name>.x .y .z .vx .vy .vz" and its spins ("<name>.wx .wy .wz", or "<name>.wz" alone in 2D), and
// the total kinetic energy "kinetic" (Σ ½ m v² + ½ I ω²) when the input has it. A dump has no names:
// LAMMPS atom id i is the particle "atom<i>" (the scene's object order = id − 1), its radius "atom<i>.radius".
// Malformed input: std::invalid_argument "file:line: what" (exit code 2 at the command line).
#include <filesystem>
#include <string>

#include "toolkit/core/samples.hpp"

namespace verisim::experiments {

/// A LAMMPS custom dump with columns id x y z vx vy vz (omegax omegay omegaz, v_ke, radius optional)
/// and ITEM: TIME (dump_modify time yes).
core::Samples read_lammps_dump(const std::filesystem::path& file);

/// A run's trajectory with the `kinetic` column of its energy table appended (the two tables of
/// scene::RunResult, or of `verisim run`'s CSVs: the same rows). `source` names them in messages.
core::Samples with_kinetic(const core::Samples& trajectory, const core::Samples& energy, const std::string& source);

/// `verisim run`'s data/<integrator>_trajectory.csv, with the `kinetic` column of the matching
/// data/<integrator>_energy.csv when it exists.
core::Samples read_verisim_trajectory(const std::filesystem::path& trajectory_csv);

/// The file `verisim compare` reads in a folder: an exported deck's dump (DIR/data/trajectory.dump or
/// DIR/trajectory.dump), else a `verisim run` folder's first DIR/data/*_trajectory.csv in name order.
std::filesystem::path trajectory_file(const std::filesystem::path& dir);

/// That file read: read_lammps_dump or read_verisim_trajectory, by its name.
core::Samples read_trajectory(const std::filesystem::path& file);

}  // namespace verisim::experiments
