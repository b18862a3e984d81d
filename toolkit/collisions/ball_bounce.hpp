#pragma once
// Rigid ball bouncing on a rigid plane with Coulomb friction, seed 004 (slip / stick, linear map).
#include <Eigen/Dense>
#include <cmath>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/collisions/scaling.hpp"

namespace verisim::collisions {

/// Seed 004's own convention, kept as is: the plane is y = 0 (normal +y), the ball comes from
/// above (vy < 0 on approach), omega is positive CLOCKWISE (seed's figure), so the contact
/// point's sliding velocity is u = vx - omega R. Toolkit convention (right-hand rule, z out of the
/// (x, y) page): omega_z = -omega; use from_omega_z / omega_z below to convert.
struct BallState {
  double vx;
  double vy;
  double omega;  // clockwise positive (seed 004)
};

inline BallState ball_from_omega_z(double vx, double vy, double omega_z) { return {vx, vy, -omega_z}; }
inline double omega_z(const BallState& s) { return -s.omega; }

struct BallParams {
  double mu;      // Coulomb friction
  double gamma;   // normal restitution, vy' = -gamma vy
  double alpha;   // inertia I = alpha m R^2 (2/5 solid ball, 2/3 shell, 1 ring)
  double radius;
};

struct BallResult {
  BallState after;
  double mu_e;  // seed 004 eq. (10)
  Branch branch;
};

/// (vx, vy, omega) 2^k, exact (scaling.hpp). Seed 004's map is linear in the state (eq. (12)), so
/// the functions below run on a state whose largest velocity (vx, vy, omega R) lies in [1, 2) and
/// scale back: an intermediate (vx - omega R, a sum in P V) overflows only when the answer does.
inline BallState times_power_of_two(const BallState& s, int k) {
  return {std::ldexp(s.vx, k), std::ldexp(s.vy, k), std::ldexp(s.omega, k)};
}
inline int velocity_exponent(const BallState& s, double radius) {
  return power_of_two_exponent(largest_magnitude(s.vx, s.vy, radius * std::abs(s.omega)));
}

/// seed 004 eq. (10): mu_e = -alpha |vx - omega R| / (vy (1 + gamma)(1 + alpha)) (a ratio of
/// velocities: evaluated on the scaled state).
inline double mu_e(const BallState& state, const BallParams& p) {
  const BallState s = times_power_of_two(state, -velocity_exponent(state, p.radius));
  return -p.alpha * std::abs(s.vx - s.omega * p.radius) / (s.vy * (1.0 + p.gamma) * (1.0 + p.alpha));
}

/// xi of seed 004: +1 for vx > omega R, -1 for vx < omega R (0 when rolling: no friction).
inline double ball_xi(const BallState& s, const BallParams& p) {
  const double u = s.vx - s.omega * p.radius;
  return u > 0.0 ? 1.0 : (u < 0.0 ? -1.0 : 0.0);
}

/// seed 004 P matrices acting on (vx, vy, omega): slip (mu <= mu_e) and stick (mu >= mu_e).
inline Eigen::Matrix3d ball_slip_matrix(double xi, const BallParams& p) {
  const double k = xi * p.mu * (1.0 + p.gamma);
  Eigen::Matrix3d P;
  P << 1.0, k, 0.0,                       // eq. (5): vx' = vx + xi mu vy (1 + gamma)
      0.0, -p.gamma, 0.0,                 // vy' = -gamma vy
      0.0, -k / (p.radius * p.alpha), 1.0;  // eq. (7): omega' = omega - xi mu vy (1 + gamma)/(R alpha)
  return P;
}
inline Eigen::Matrix3d ball_stick_matrix(const BallParams& p) {
  const double a = p.alpha, R = p.radius;
  Eigen::Matrix3d P;
  P << 1.0 / (1.0 + a), 0.0, a * R / (1.0 + a),  // eq. (8): vx' = (alpha omega R + vx)/(1 + alpha)
      0.0, -p.gamma, 0.0,
      1.0 / (R * (1.0 + a)), 0.0, a / (1.0 + a);  // omega' = (alpha omega R + vx)/(R (1 + alpha))
  return P;
}

/// P (vx, vy, omega), on the state scaled by a power of two (see times_power_of_two above), the same
/// scale as mu_e's: the largest of vx, vy and omega R (a spin far faster than the ball still scales).
inline BallState apply(const Eigen::Matrix3d& P, const BallState& state, double radius) {
  const int k = velocity_exponent(state, radius);
  const BallState s = times_power_of_two(state, -k);
  const Eigen::Vector3d w = P * Eigen::Vector3d(s.vx, s.vy, s.omega);
  return times_power_of_two(BallState{w(0), w(1), w(2)}, k);
}

/// The two branches on their own (seed 004 eqs. (5),(7) and (8)), whatever mu_e.
inline BallState ball_slip(const BallState& s, const BallParams& p) { return apply(ball_slip_matrix(ball_xi(s, p), p), s, p.radius); }
inline BallState ball_stick(const BallState& s, const BallParams& p) { return apply(ball_stick_matrix(p), s, p.radius); }

/// seed 004's solution: slip if mu < mu_e, stick if mu >= mu_e (both agree at mu = mu_e).
/// A ball not approaching (vy >= 0) is returned unchanged, branch `separating`.
inline BallResult ball_bounce(const BallState& s, const BallParams& p) {
  if (s.vy >= 0.0) return {s, 0.0, Branch::separating};
  const double me = mu_e(s, p);
  if (p.mu >= me) return {ball_stick(s, p), me, Branch::stick};
  return {ball_slip(s, p), me, Branch::slip};
}

/// seed 004 eq. (11): T^-1 projects (Vx, Vy, omega) on the axes of a plane inclined by phi
/// (tangent (cos phi, sin phi), normal (-sin phi, cos phi)); omega is unchanged.
inline Eigen::Matrix3d inclination_inverse(double phi) {
  Eigen::Matrix3d Ti;
  Ti << std::cos(phi), std::sin(phi), 0.0, -std::sin(phi), std::cos(phi), 0.0, 0.0, 0.0, 1.0;
  return Ti;
}

/// seed 004 eq. (12): (V') = T P T^-1 (V), P chosen (branch, xi) in the plane's frame.
/// The approach condition is vy < 0 in the plane's frame.
inline BallResult ball_bounce_inclined(const BallState& s, const BallParams& p, double phi) {
  const Eigen::Matrix3d Ti = inclination_inverse(phi);
  const Eigen::Matrix3d T = Ti.transpose();  // a rotation: T = (T^-1)^T
  const BallState local = apply(Ti, s, p.radius);
  const BallResult r = ball_bounce(local, p);
  if (r.branch == Branch::separating) return {s, 0.0, Branch::separating};
  const Eigen::Matrix3d P = r.branch == Branch::stick ? ball_stick_matrix(p) : ball_slip_matrix(ball_xi(local, p), p);
  return {apply(T * P * Ti, s, p.radius), r.mu_e, r.branch};
}

/// Rebound angle of seed 004: tan(phi) = vx'/vy', angle of the outgoing velocity from the normal
/// (the seed reuses the letter phi; here it is a return value in (-pi/2, pi/2) for vy' > 0).
inline double rebound_angle(const BallState& after) { return std::atan2(after.vx, after.vy); }

}  // namespace verisim::collisions
