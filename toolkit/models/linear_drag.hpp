#pragma once
// Linear fluid drag F = −b·v (seed 001 §B.1, "force de frottement fluide F_f = −b ẋ d", here in 3D
// on the world velocity). Dissipative: no potential.
#include "toolkit/core/vec.hpp"

namespace verisim::models {

struct LinearDrag {
  double b = 0.0;  ///< drag coefficient (kg/s)

  static constexpr bool velocity_dependent = true;
  static constexpr bool conservative = false;

  core::Vec3 force(const core::Vec3&, const core::Vec3& v, double, double, double) const { return -b * v; }  // F = −b v
  double potential(const core::Vec3&, double, double, double) const { return 0.0; }
};

}  // namespace verisim::models
