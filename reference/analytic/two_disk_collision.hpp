#pragma once
// Frictionless collision of two disks (2D) or two spheres (3D) with restitution e, in closed form —
// the solution of the 4×4 (6×6) linear system of seed 000, eqs. (8), (10), (11), (13)–(15).
//
// Derivation: without friction the impulse p₁₂ on disk 1 is along the line of centres
// N = (x₂ − x₁)/|x₂ − x₁| (seed 000, eq. (10)), p₁₂ = −J·N. Momentum (seed 000 eqs. (6)–(8)):
// v₁′ = v₁ − (J/m₁)N, v₂′ = v₂ + (J/m₂)N. Newton's law of restitution (seed 000 eq. (11)):
// (v₁′ − v₂′)·N = −e·(v₁ − v₂)·N. Together, with u_n = (v₁ − v₂)·N (> 0 when approaching) and the
// reduced mass m* = m₁m₂/(m₁ + m₂):
//   J = (1 + e)·m*·u_n                      (e.g. Brach, Mechanical Impact Dynamics (1991) §3.2)
// and the kinetic energy lost is ½·m*·(1 − e²)·u_n² (seed 000 eq. (12): ΔE_c = ½ p₁₂·(v₁ − v₂)(1 − e)).
#include <cmath>
#include <stdexcept>
#include <utility>

namespace verisim::reference::analytic {

template <class V>
struct TwoBodyVelocities {
  V v1, v2;
};

/// Post-collision velocities of two frictionless disks/spheres at contact (positions x1, x2).
/// Applies the impulse whatever the sign of u_n (the caller decides that they collide).
template <class V>
TwoBodyVelocities<V> frictionless_collision(double m1, double m2, const V& x1, const V& x2, const V& v1,
                                            const V& v2, double e) {
  const V d = x2 - x1;
  const double dist = d.norm();
  if (!(dist > 0.0)) throw std::invalid_argument("frictionless_collision: coincident centres");
  const V n = d / dist;
  const double un = (v1 - v2).dot(n);
  const double J = (1.0 + e) * (m1 * m2 / (m1 + m2)) * un;
  return {v1 - (J / m1) * n, v2 + (J / m2) * n};
}

/// The impulse magnitude J = (1 + e)·m*·u_n (impulse on body 2 is +J·N).
template <class V>
double frictionless_impulse(double m1, double m2, const V& x1, const V& x2, const V& v1, const V& v2, double e) {
  const V n = (x2 - x1).normalized();
  return (1.0 + e) * (m1 * m2 / (m1 + m2)) * (v1 - v2).dot(n);
}

/// Kinetic energy lost: ½·m*·(1 − e²)·u_n².
template <class V>
double frictionless_energy_loss(double m1, double m2, const V& x1, const V& x2, const V& v1, const V& v2, double e) {
  const V n = (x2 - x1).normalized();
  const double un = (v1 - v2).dot(n);
  return 0.5 * (m1 * m2 / (m1 + m2)) * (1.0 - e * e) * un * un;
}

}  // namespace verisim::reference::analytic
