#pragma once
// A point charge in uniform static fields, m·r̈ = q·(E + ṙ × B), B = B·b̂ (seed 001 §1, the charged
// point; Jackson, Classical Electrodynamics, 3rd ed. (1999) §12.3–12.4): gyration about b̂, the
// E×B drift E×B/B² across it, uniform acceleration qE∥/m along it. Velocity-dependent.
//   energy  E = ½m|ṙ|² − q·E·r   (conserved: the magnetic force does no work)
//   exact   reference/analytic/charged_particle.hpp
// Default: q = m = 1, B = 2 along ẑ, E = (0.3, −0.2, 0.05), r₀ = 0, ṙ₀ = (1, 0, 0.2): a helix of
// cyclotron frequency qB/m = 2 rad/s drifting at E×B/B² = (−0.1, −0.15, 0) and accelerating
// along ẑ — every term of the closed form at once.
#include <string_view>

#include <Eigen/Core>
#include <Eigen/Geometry>  // cross product

#include "reference/analytic/charged_particle.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct ChargedParticleProblem {
  static constexpr bool velocity_independent = false;
  static constexpr std::string_view name = "charged-particle";
  static constexpr std::string_view title = "charge in uniform E and B (E×B drift)";
  using V = core::Vec3;

  double charge = 1.0;                         ///< q
  double m = 1.0;                              ///< mass
  double B = 2.0;                              ///< magnetic field strength along `direction` (≠ 0)
  core::Vec3 E = core::Vec3(0.3, -0.2, 0.05);              ///< electric field
  core::Vec3 r0 = core::Vec3::Zero();                      ///< position at t = 0
  core::Vec3 v0 = core::Vec3(1.0, 0.0, 0.2);               ///< velocity at t = 0
  core::Vec3 direction = core::Vec3::UnitZ();              ///< direction of B (normalised by the solution)

  analytic::ChargedParticle solution() const { return {charge, m, B, E, r0, v0, direction}; }

  /// r̈ = (q/m)·(E + ṙ × B).
  void operator()(const core::Vec3& /*r*/, const core::Vec3& v, core::Vec3& a, double /*t*/) const { a = solution().acceleration(v); }
  core::PhaseState<core::Vec3> initial() const { return {r0, v0}; }
  core::PhaseState<core::Vec3> exact(double t) const {
    const auto s = solution();
    return {s.position(t), s.velocity(t)};
  }
  double energy(const core::PhaseState<core::Vec3>& x) const { return 0.5 * m * x.v.squaredNorm() - charge * E.dot(x.q); }
};

}  // namespace verisim::reference::problems
