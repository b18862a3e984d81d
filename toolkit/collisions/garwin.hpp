#pragma once
// Tangential restitution of a ball on a plane (Garwin, "Kinematics of an ultraelastic rough
// ball", Am. J. Phys. 37 (1969) 88), in seed 004's variables.
#include "toolkit/collisions/ball_bounce.hpp"

namespace verisim::collisions {

struct GarwinParams {
  double e_x;     // tangential restitution of the contact point, -1 <= e_x <= 1
  double gamma;   // normal restitution (Garwin's e_y), vy' = -gamma vy
  double alpha;   // I = alpha m R^2
  double radius;
};

/// Same convention as seed 004 (omega clockwise positive, u = vx - omega R, plane y = 0).
/// Garwin's two conditions:
///   u' = -e_x u                                  (tangential restitution of the contact point)
///   alpha R omega' + vx' = alpha R omega + vx    (angular momentum about the contact point: the
///                                                 impulse acts there; L_cw = m R (vx + alpha R omega))
/// solved: vx'    = (vx (1 - alpha e_x) + alpha R omega (1 + e_x)) / (1 + alpha)
///         omega' = (vx (1 + e_x) + R omega (alpha - e_x)) / (R (1 + alpha)).
/// e_x = 0: seed 004's stick branch (eq. (8)); e_x = 1: the superball, tangential + rotational
/// kinetic energy conserved; e_x = -1: frictionless. No Coulomb bound is imposed (Garwin's rough ball).
inline BallResult garwin_bounce(const BallState& s, const GarwinParams& p) {
  if (s.vy >= 0.0) return {s, 0.0, Branch::separating};
  const double a = p.alpha, R = p.radius, e = p.e_x;
  const int k = velocity_exponent(s, R);  // linear in the state: run it scaled (ball_bounce.hpp)
  const BallState u = times_power_of_two(s, -k);
  BallState out;
  out.vx = (u.vx * (1.0 - a * e) + a * R * u.omega * (1.0 + e)) / (1.0 + a);
  out.vy = -p.gamma * u.vy;
  out.omega = (u.vx * (1.0 + e) + R * u.omega * (a - e)) / (R * (1.0 + a));
  return {times_power_of_two(out, k), 0.0, Branch::tangential_restitution};
}

}  // namespace verisim::collisions
