#pragma once
// Time of contact of two disks (N = 2) or spheres (N = 3) in uniform motion, seed 000 eqs. (1)-(5).
#include <cmath>
#include <limits>

#include "toolkit/collisions/scaling.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

enum class ContactStatus {
  collision,    // two real roots, the smaller >= 0: contact at t
  no_collision, // complex roots, or the smaller root negative while not overlapping (moving apart)
  grazing,      // double root: seed 000 counts it as no collision
  no_relative_motion,  // a = 0: seed 000 counts it as no collision
  overlapping,  // c < 0: already interpenetrating at t = 0 (one root < 0 < other); the seed's code says no collision
};

struct ContactTime {
  ContactStatus status;
  double t;  // contact time when status == collision, else NaN
  bool collides() const { return status == ContactStatus::collision; }
};

/// a t^2 + 2 b t + c = 0 with, for the relative position d(t) = x2 - x1 + (v2 - v1) t (eq. (1)),
/// a = |v2 - v1|^2 (eq. (3)), b = (x2 - x1).(v2 - v1) (eq. (4)), c = |x2 - x1|^2 - (r1 + r2)^2 (eq. (5)).
/// Seed 000's rules: collision at the smaller root when both roots are real, distinct and the
/// smaller one is >= 0 (the seed's code also accepts t = 0 when c = 0 and b < 0).
///
/// Precision (beyond the seed): the discriminant b^2 - a c cancels badly near grazing and for
/// distant bodies; by Lagrange's identity b^2 - a c = a R^2 - |dx ^ dv|^2
/// = (R|dv| - |dx ^ dv|)(R|dv| + |dx ^ dv|), computed without that cancellation. The smaller
/// root for b < 0 is taken as t = c / (-b + sqrt(disc)) (the product of the roots is c/a), which
/// never divides by a small a and never subtracts nearly equal numbers.
///
/// Range (issue 12.2): a, b, c are of degree 2 in lengths and velocities and overflowed for
/// coordinates of 1e200 (NaN times). The relative position and the radii are divided by a power of
/// two 2^kx, the relative velocity by another 2^kv (exact), so that the largest of each lies in
/// [1, 2) (each difference is first formed from inputs scaled by their own largest magnitude, so
/// that x2 - x1 cannot overflow either). t is invariant under dx -> dx/2^kx, R -> R/2^kx,
/// dv -> dv/2^kx, and dv -> dv/2^kv multiplies it by 2^kv: t = 2^(kx - kv) t_scaled, which
/// overflows only when the contact time itself is not representable. The discriminant is kept as
/// its two factors p q (sqrt(disc) = sqrt(p) sqrt(q)): for a radius far below the distance, R^2
/// would underflow and a collision read as grazing.
template <int N>
ContactTime contact_time(const core::Vec<N>& x1, const core::Vec<N>& v1, double r1, const core::Vec<N>& x2, const core::Vec<N>& v2,
                         double r2) {
  const int kx0 = power_of_two_exponent(largest_magnitude(x1, x2, r1, r2));
  const core::Vec<N> dx0 = times_power_of_two(x2, -kx0) - times_power_of_two(x1, -kx0);  // |dx0_i| < 4: no overflow
  const double R0 = std::ldexp(r1, -kx0) + std::ldexp(r2, -kx0);
  const int kx1 = power_of_two_exponent(largest_magnitude(dx0, R0));
  const core::Vec<N> dx = times_power_of_two(dx0, -kx1);
  const double R = std::ldexp(R0, -kx1);
  const int kv0 = power_of_two_exponent(largest_magnitude(v1, v2));
  const core::Vec<N> dv0 = times_power_of_two(v2, -kv0) - times_power_of_two(v1, -kv0);
  const int kv1 = power_of_two_exponent(largest_magnitude(dv0));
  const core::Vec<N> dv = times_power_of_two(dv0, -kv1);
  const double a = dv.squaredNorm();  // seed 000 eq. (3)
  const double b = dx.dot(dv);        // seed 000 eq. (4)
  const double dxn = dx.norm();
  const double c = (dxn - R) * (dxn + R);  // seed 000 eq. (5), factored
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  if (a == 0.0) return {ContactStatus::no_relative_motion, nan};
  if (c < 0.0) return {ContactStatus::overlapping, nan};
  double wedge2 = 0.0;  // |dx ^ dv|^2 = sum_{i<j} (dx_i dv_j - dx_j dv_i)^2
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) {
      const double w = dx[i] * dv[j] - dx[j] * dv[i];
      wedge2 += w * w;
    }
  const double dvn = std::sqrt(a);
  const double w = std::sqrt(wedge2);
  const double p = R * dvn - w, q = R * dvn + w;  // b^2 - a c = p q, q >= 0
  if (p < 0.0) return {ContactStatus::no_collision, nan};
  if (p == 0.0) return {ContactStatus::grazing, nan};
  if (b >= 0.0) return {ContactStatus::no_collision, nan};  // moving apart: both roots <= 0
  const double t = c / (-b + std::sqrt(p) * std::sqrt(q));  // smaller root, stable form (scaled units)
  return {ContactStatus::collision, std::ldexp(t, (kx0 + kx1) - (kv0 + kv1))};
}

}  // namespace verisim::collisions
