#pragma once
// The "free" constraint of the mass point (seed 001 §2 and its footnote 1): 3 degrees of freedom,
// E = position; origin O (the frame's origin by default), direction d the first basis vector, and
// f = F/m (Newton's second law, seed 001 §2).
#include "toolkit/core/vec.hpp"

namespace verisim::models {

struct Free {
  core::Vec3 O = core::Vec3::Zero();              ///< origin (seed 001 §2 footnote 1: the main frame's origin)
  core::Vec3 d{1.0, 0.0, 0.0};              ///< direction (footnote 1: the first basis vector); drawing only

  static constexpr int dof = 3;
  static constexpr bool velocity_independent = true;
  static constexpr bool conservative = true;

  core::Vec3 evolution(double, const core::Vec3&, const core::Vec3&, const core::Vec3& F, double m) const { return F / m; }  // f = F/m
  core::Vec3 position(const core::Vec3& E) const { return O + E; }
  core::Vec3 velocity(const core::Vec3&, const core::Vec3& Edot) const { return Edot; }
  double internal_potential(const core::Vec3&) const { return 0.0; }
  /// Total force on the object: m·f.
  core::Vec3 total_force(const core::Vec3&, const core::Vec3&, const core::Vec3& f, double m) const { return m * f; }
};

}  // namespace verisim::models
