#pragma once
// A constant force F (seed 001 §B.1: "une force externe F_ext"), potential V = −F·x.
#include "toolkit/core/vec.hpp"

namespace verisim::models {

struct ConstantForce {
  core::Vec3 F = core::Vec3::Zero();  ///< the force (N)

  static constexpr bool velocity_dependent = false;
  static constexpr bool conservative = true;

  core::Vec3 force(const core::Vec3&, const core::Vec3&, double, double, double) const { return F; }
  double potential(const core::Vec3& x, double, double, double) const { return -F.dot(x); }  // −∇V = F
};

}  // namespace verisim::models
