#pragma once
// Trajectory sets read back for `verisim compare` (issue 18, docs/lammps.md): a LAMMPS custom dump
// (the one `verisim export lammps` asks for: doc/src/dump.rst, `dump custom` with `dump_modify sort
// id time yes`) and the samples of `verisim run` (scene::Samples, in memory or its CSV read back:
// docs/scenes.md "Output"). Both become one TrajectorySet: frames of positions, velocities and spins of N particles in the same order (the
// scene's object order = LAMMPS atom id − 1), and the total kinetic energy per frame.
// Malformed input: std::invalid_argument "file:line: what" (exit code 2 at the command line).
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "toolkit/scene/simulate.hpp"

namespace verisim::experiments {

struct TrajectorySet {
  std::string source;             ///< the file read (for messages and the report)
  std::size_t particles = 0;
  bool has_spin = false;
  std::vector<double> t;          ///< per frame
  std::vector<std::vector<double>> x, v, w;  ///< per frame: 3N values (particle-major: x0 y0 z0 x1 …)
  std::vector<double> kinetic;    ///< per frame: Σ ½ m v² + ½ I ω² (NaN when the input has none)
  std::vector<double> radius;     ///< per particle (LAMMPS dump only; empty otherwise)
  std::size_t frames() const { return t.size(); }
};

/// A LAMMPS custom dump with columns id x y z vx vy vz (omegax omegay omegaz, v_ke, radius optional)
/// and ITEM: TIME (dump_modify time yes).
TrajectorySet read_lammps_dump(const std::filesystem::path& file);

/// A scene run's samples (scene::simulate's RunResult, or its CSV read back): the columns
/// "<name>.x … <name>.vz" (and "<name>.wx/wy/wz" or "<name>.wz") per object, in column order, and
/// the `kinetic` column of `energy` when given (NaN otherwise). `source` names them in messages.
TrajectorySet trajectory_set(const scene::Samples& trajectory, const scene::Samples* energy, const std::string& source);

/// `verisim run`'s data/<integrator>_trajectory.csv, with the `kinetic` column of the matching
/// data/<integrator>_energy.csv when it exists.
TrajectorySet read_verisim_trajectory(const std::filesystem::path& trajectory_csv);

/// A folder given to `verisim compare`: an exported deck's folder (DIR/data/trajectory.dump or
/// DIR/trajectory.dump) or a `verisim run` folder (the first DIR/data/*_trajectory.csv in name order).
TrajectorySet read_trajectory_folder(const std::filesystem::path& dir);

}  // namespace verisim::experiments
