#pragma once
// The comparison behind `verisim compare DIR_A DIR_B` (docs/lammps.md): two trajectory sets of the
// same particles — `verisim run`'s CSV, the dump of an exported LAMMPS deck (lammps_dump.hpp) —
// matched frame by frame at equal times: the largest position, velocity and spin differences over
// the particles, and the two kinetic-energy curves side by side with their relative difference
// |T_B − T_A|/max(T_A, T_B). With --out, a report (the report writer's figures: experiments/report/report.hpp)
// of the curves. Bad input (not a folder, a malformed file: file:line, different particle counts,
// no common time) is an std::invalid_argument: exit code 2.
#include <cstddef>
#include <filesystem>
#include <vector>


#include "experiments/interop/lammps/lammps_dump.hpp"

namespace verisim::experiments {

struct CompareRow {
  double t = 0.0;
  double dx = 0.0, dv = 0.0, dw = 0.0;  ///< max over particles of |Δx|, |Δv|, |Δω| (Euclidean per particle)
  double ke_a = 0.0, ke_b = 0.0;
  double ke_rel = 0.0;                  ///< |T_B − T_A| / max(T_A, T_B), 0 when both are 0
};

struct Comparison {
  std::vector<CompareRow> rows;  ///< the common times, in order
  /// The last common time up to which every row's ke_rel ≤ 1 % (the horizon of agreement); the
  /// last time when they never differ more.
  double horizon_1pc = 0.0;
  bool diverged = false;         ///< some row has ke_rel > 1 %
};

/// Frames at equal times (within 1e-7 of the run's duration: `verisim run` writes 10 digits).
Comparison compare_trajectories(const TrajectorySet& a, const TrajectorySet& b);

}  // namespace verisim::experiments
