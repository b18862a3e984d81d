#pragma once
// A time-dependent force F·s(t): a fixed vector F times a scalar law of time s (time_law.hpp), e.g. the
// harmonic drive F cos(Ω t + φ) of the forced oscillator (Kreyszig, Advanced Engineering Mathematics,
// 10th ed., §2.8) or a recorded signal. Like every force it acts through the object's constraint: a
// spring feels F·d s(t) (seed 001 §B.1 eq. (2), "F_ext·d"), a pendulum F·u s(t) (§B.2).
// Its work is the drive's: no potential (the energy written is the object's own, T + V of the other
// forces and of the constraint, which the drive changes), so it is not conservative.
#include "toolkit/core/vec.hpp"
#include "toolkit/models/time_law.hpp"

namespace verisim::models {

struct DrivenForce {
  core::Vec3 F = core::Vec3::Zero();  ///< the force's direction and size (N), multiplied by s(t)
  TimeLaw law{};                       ///< s(t)

  static constexpr bool velocity_dependent = false;
  static constexpr bool conservative = false;

  core::Vec3 force(const core::Vec3&, const core::Vec3&, double, double, double t) const { return F * law.value(t); }
  double potential(const core::Vec3&, double, double, double) const { return 0.0; }
};

}  // namespace verisim::models
