#pragma once
// Uniform gravity F = m·g (seed 001 §B.1, "la force de pesanteur m g"), potential V = −m g·x.
#include "toolkit/core/vec.hpp"

namespace verisim::models {

struct UniformGravity {
  core::Vec3 g{0.0, 0.0, -9.81};  ///< gravitational acceleration (m/s²)

  static constexpr bool velocity_dependent = false;
  static constexpr bool conservative = true;

  core::Vec3 force(const core::Vec3&, const core::Vec3&, double m, double, double) const { return m * g; }  // F = m g
  double potential(const core::Vec3& x, double m, double, double) const { return -m * g.dot(x); }  // −∇V = m g
};

}  // namespace verisim::models
