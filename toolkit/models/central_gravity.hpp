#pragma once
// Newtonian gravity of a fixed mass M at `center` (the comet-and-planet exercise of seed 003):
//   F = −G M m r/‖r‖³,  r = x − center;   V = −G M m/‖r‖   (Newton; any mechanics text).
// Singular at r = 0: the caller keeps the object off the centre (a collision law's business).
#include <cmath>

#include "toolkit/core/vec.hpp"

namespace verisim::models {

inline constexpr double kGravitationalConstant = 6.67430e-11;  ///< G, CODATA 2018 (m³ kg⁻¹ s⁻²)

struct CentralGravity {
  core::Vec3 center = core::Vec3::Zero();        ///< position of the fixed mass
  double M = 1.0;                    ///< the fixed mass (kg)
  double G = kGravitationalConstant; ///< gravitational constant (set G = 1 for reduced units)

  static constexpr bool velocity_dependent = false;
  static constexpr bool conservative = true;

  core::Vec3 force(const core::Vec3& x, const core::Vec3&, double m, double, double) const {
    const core::Vec3 r = x - center;
    const double n = r.norm();
    return (-G * M * m / (n * n * n)) * r;  // F = −G M m r/|r|³
  }
  double potential(const core::Vec3& x, double m, double, double) const { return -G * M * m / (x - center).norm(); }
};

}  // namespace verisim::models
