#pragma once
// The comparison behind `verisim compare DIR_A DIR_B` (docs/lammps.md): two trajectories (core::Samples) of the
// same particles — `verisim run`'s CSV, the dump of an exported LAMMPS deck (lammps_dump.hpp) —
// matched frame by frame at equal times: the largest position, velocity and spin differences over
// the particles, and the two kinetic-energy curves side by side with their relative difference
// |T_B − T_A|/max(T_A, T_B). With --out, a report (the report writer's figures: experiments/report/report.hpp)
// of the curves. Bad input (not a folder, a malformed file: file:line, different particle counts,
// no common time) is an std::invalid_argument: exit code 2.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "toolkit/core/samples.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::experiments {

/// What a particle's columns hold.
enum class Part { position, velocity, spin };

/// The particles of a trajectory table (lammps_dump.hpp's column names), in column order: every column
/// "<name>.x" starts one. Its x … vz columns, and its spin columns (wx wy wz, or wz alone in 2D).
class Particles {
 public:
  /// std::invalid_argument "source:1: what" when no "<name>.x" column is there or one of x … vz is missing.
  Particles(const core::Samples& samples, const std::string& source);
  std::size_t size() const { return cols_.size(); }
  bool has_spin() const { return has_spin_; }  ///< every particle has a spin column
  /// Particle i's position, velocity or spin in `row` (a spin component without its column is 0).
  core::Vec3 at(const core::Samples& samples, std::size_t row, std::size_t i, Part part) const;

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::array<std::size_t, 9>> cols_;  ///< x y z vx vy vz wx wy wz (kNone: no such column)
  bool has_spin_ = false;
};

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

/// Frames at equal times (within 1e-7 of the run's duration); particles by order; the kinetic energies
/// from each table's "kinetic" column (NaN without one). `a_source`, `b_source` name them in messages.
Comparison compare_trajectories(const core::Samples& a, const core::Samples& b, const std::string& a_source = "A",
                                const std::string& b_source = "B");

}  // namespace verisim::experiments
