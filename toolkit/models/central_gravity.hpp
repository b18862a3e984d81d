#pragma once
// Newtonian gravity of a fixed mass M at `center` (the comet-and-planet exercise of seed 003):
//   F = −G M m r/‖r‖³,  r = x − center;   V = −G M m/‖r‖   (the inverse-square pair law with
// C = −G M m: models/inverse_square.hpp).
// Singular at r = 0: the caller keeps the object off the centre (a collision law's business).
#include <cmath>

#include "toolkit/core/vec.hpp"
#include "toolkit/models/inverse_square.hpp"

namespace verisim::models {

inline constexpr double kGravitationalConstant = 6.67430e-11;  ///< G, CODATA 2018 (m³ kg⁻¹ s⁻²)

struct CentralGravity {
  core::Vec3 center = core::Vec3::Zero();        ///< position of the fixed mass
  double M = 1.0;                    ///< the fixed mass (kg)
  double G = kGravitationalConstant; ///< gravitational constant (set G = 1 for reduced units)

  static constexpr bool velocity_dependent = false;
  static constexpr bool conservative = true;

  core::Vec3 force(const core::Vec3& x, const core::Vec3&, double m, double, double) const {
    return inverse_square_force<core::Vec3>(x - center, gravity_coupling(G, M, m));  // F = −G M m r/|r|³
  }
  double potential(const core::Vec3& x, double m, double, double) const {
    return inverse_square_potential<core::Vec3>(x - center, gravity_coupling(G, M, m));  // V = −G M m/|r|
  }
};

}  // namespace verisim::models
