#pragma once
// The inverse-square pair law, the one formula behind Newton's gravity and Coulomb's law wherever the
// toolkit uses them (a fixed central mass: models/central_gravity.hpp; mutual forces of a scene's
// bodies: scene/impulse_dynamics.cpp; seed 003's long-range forces between particles:
// contact/long_range.hpp). With d = r_i − r_j and the pair's coupling C:
//   F_i = C d/|d|³,   V = C/|d|   (so F_i = −∇_{r_i} V)
//   gravity: C = −G m_i m_j (attractive);  Coulomb: C = k q_i q_j, k = 1/(4π ε₀) (like charges repel).
// Newton, Principia (1687) III prop. 7; Coulomb (1785); seed 003 "Les forces à longue portée" writes
// both as one law. Singular at d = 0: a caller that can meet coincident centres decides what that
// means (contact/long_range.hpp: 0 by symmetry); here 0/0 stays NaN, which the run reports.
#include <cmath>

namespace verisim::models {

/// C d/|d|³, the force on i from j (d = r_i − r_j).
template <class V>
inline V inverse_square_force(const V& d, double C) {
  const double r2 = d.squaredNorm();
  return (C / (r2 * std::sqrt(r2))) * d;
}

/// C/|d|, the pair's potential energy.
template <class V>
inline double inverse_square_potential(const V& d, double C) {
  return C / d.norm();
}

/// The coupling of a gravitational pair, −G m_i m_j, and of a Coulomb pair, k q_i q_j.
inline double gravity_coupling(double G, double mi, double mj) { return -G * mi * mj; }
inline double coulomb_coupling(double k, double qi, double qj) { return k * qi * qj; }

}  // namespace verisim::models
