#pragma once
// The "circle" constraint: the plane pendulum of fixed length L (seed 001 §B.2). Centre O, radius
// L, in the plane (d, k) with k = {g}₁, the unit vector along gravity (seed 001 v1.1 clarification:
// k = {g}₁), and d a unit vector orthogonal to g. E = (θ), the angle from the rest position.
//   f = 1/(mL) (cos θ F_ext·d − sin θ F_ext·k − (b/L) θ̇)           seed 001 §B.2 (boxed formula)
//   position O + L cos θ k + L sin θ d                              seed 001 §B.2
//   velocity L θ̇ (cos θ d − sin θ k)                                seed 001 §B.2
//   total force on the bob (tension included)
//     F = mL [ f (cos θ d − sin θ k) − θ̇² (sin θ d + cos θ k) ]    seed 001 §B.2 (optional part)
// The boxed b/L term equals −b θ̇/(mL²), i.e. the equation of motion mL²θ̈ + bθ̇ − L F_ext·u = 0
// of §B.2 with u = cos θ d − sin θ k: b is a friction torque coefficient on the axis.
// A rigid body turning about the axis (a physical pendulum), its centre of mass at L = d from the axis:
// I_axis θ̈ + bθ̇ − d F_ext·u = 0 with I_axis = I_cm + m d² (Huygens–Steiner; Goldstein, Classical
// Mechanics, 3rd ed., §5.3, or any mechanics text). Seed 001 §B.2 says to "replace L by d", i.e. I_axis =
// m d², which drops I_cm (docs/models.md "Decisions on the seed's text"). So the boxed formula is divided
// by inertia_ratio = I_axis/(m L²) = 1 + I_cm/(m d²) (1: a point bob, the seed's pendulum):
//   f = (cos θ F_ext·d − sin θ F_ext·k − (b/L) θ̇) / (m L · inertia_ratio)
#include <cmath>

#include "toolkit/core/vec.hpp"
#include "toolkit/models/damping.hpp"
#include "toolkit/models/force.hpp"

namespace verisim::models {

template <class Damping = Undamped>
struct Circle {
  core::Vec3 O = core::Vec3::Zero();      ///< the pivot
  core::Vec3 d{1.0, 0.0, 0.0};      ///< unit vector orthogonal to g: with k, the plane of the motion
  core::Vec3 k{0.0, 0.0, -1.0};     ///< k = {g}₁ (seed 001 §B.2): set it with unit_vector(g)
  double L = 1.0;             ///< length
  Damping damping{};          ///< b of seed 001 §B.2
  double inertia_ratio = 1.0; ///< I_axis/(m L²): 1 for a point bob, 1 + I_cm/(m L²) for a rigid body

  static constexpr int dof = 1;
  static constexpr bool velocity_independent = !Damping::velocity_dependent;
  static constexpr bool conservative = !Damping::velocity_dependent;

  core::Vec1 evolution(double, const core::Vec1& E, const core::Vec1& Edot, const core::Vec3& F, double m) const {
    const double c = std::cos(E[0]), s = std::sin(E[0]);
    // seed 001 §B.2 (boxed), divided by I_axis/(m L²) for a rigid body (see the top)
    return core::Vec1((c * F.dot(d) - s * F.dot(k) - damping.b / L * Edot[0]) / (m * L * inertia_ratio));
  }
  core::Vec3 position(const core::Vec1& E) const {
    return O + L * std::cos(E[0]) * k + L * std::sin(E[0]) * d;  // seed 001 §B.2
  }
  core::Vec3 velocity(const core::Vec1& E, const core::Vec1& Edot) const {
    return L * Edot[0] * (std::cos(E[0]) * d - std::sin(E[0]) * k);  // seed 001 §B.2
  }
  double internal_potential(const core::Vec1&) const { return 0.0; }
  /// Total force on the bob, tension included (seed 001 §B.2), from f = evolution(...).
  core::Vec3 total_force(const core::Vec1& E, const core::Vec1& Edot, const core::Vec1& f, double m) const {
    const double c = std::cos(E[0]), s = std::sin(E[0]), w = Edot[0];
    return m * L * (f[0] * (c * d - s * k) - w * w * (s * d + c * k));  // seed 001 §B.2
  }
};

}  // namespace verisim::models
