#pragma once
// Spheres with spin (6 degrees of freedom) and Coulomb friction: seed 001 §F.
#include <Eigen/Geometry>
#include <cmath>
#include <limits>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/collisions/compliance.hpp"
#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/scaling.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

/// A solid sphere (I = 2/5 m R^2, which the seed's 2/7 and 5/7 factors assume).
struct SpinningSphere {
  double mass;
  double radius;
  core::Vec3 velocity;
  core::Vec3 omega;  // angular velocity, right-hand rule (rad/s)
};

/// Same convention as seed 001 §E.1: n = {x1 - x2}_1 points into body 1, v* = (v2 - v1).n > 0 on
/// approach. v_c = v1 - v2 + v* n + n ^ (R1 w1 + R2 w2) is the relative velocity of the contact
/// points (checked: contact point of 1 is x1 - R1 n, of 2 is x2 + R2 n).
struct SpinResult {
  SpinningSphere b1, b2;
  double v_star;
  core::Vec3 v_c;
  Branch branch;
};

/// seed 001 §F steps 2-5, two bodies (m1 > 0 finite, m2 > 0 or +inf, radii > 0). Angular momentum
/// about the contact point (and about any fixed point) of the pair is conserved in both branches:
/// the two impulses are opposite and act at the same point.
///
/// As in coulomb_spheres (compliance.hpp), the seed's mass factors are the shares s1 = m2/(m1 + m2),
/// s2 = m1/(m1 + m2): with (q, g) = ((1 + alpha) v* n - (2/7) v_c, (5/7) n ^ v_c) in step 3 and
/// ((1 + alpha) v* (n - mu t), (5/2) mu (1 + alpha) v* n ^ t), t = {v_c}_1, in step 4,
///   Delta v1 = s1 q,  Delta w1 = s1 g / R1   (step 3: lambda v* n - 2 m2 v_c/(7 (m1 + m2)), 5 m2 n ^ v_c/(7 R1 (m1 + m2)))
///   Delta v2 = -s2 q, Delta w2 = s2 g / R2   (step 5: -(m1/m2) Delta v1, (m1 R1/(m2 R2)) Delta w1).
/// Written as in the seed, 5 m2 and m1 + m2 overflow for m2 near 1e308 and gave NaN (issue 12.2).
/// Velocities and R w enter divided by a power of two (scaling.hpp: homogeneous of degree 1).
inline SpinResult spinning_spheres(const SpinningSphere& s1, const SpinningSphere& s2, const core::Vec3& n,
                                   const CoulombParams& p) {
  const double R1 = s1.radius, R2 = s2.radius;
  const int k = power_of_two_exponent(largest_magnitude(s1.velocity, s2.velocity, R1 * largest_magnitude(s1.omega),
                                                        R2 * largest_magnitude(s2.omega)));
  const core::Vec3 u1 = times_power_of_two(s1.velocity, -k), u2 = times_power_of_two(s2.velocity, -k);
  const core::Vec3 w1 = times_power_of_two(s1.omega, -k), w2 = times_power_of_two(s2.omega, -k);
  const double v_star = (u2 - u1).dot(n);  // step 2
  const core::Vec3 v_c = u1 - u2 + v_star * n + n.cross(R1 * w1 + R2 * w2);
  if (v_star <= 0.0)
    return {s1, s2, times_power_of_two(v_star, k), times_power_of_two(v_c, k), Branch::separating};
  const MassShares share = mass_shares(s1.mass, s2.mass);
  core::Vec3 q, g;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * v_c.stableNorm()) {  // step 3
    q = (1.0 + p.alpha) * v_star * n - (2.0 / 7.0) * v_c;
    g = (5.0 / 7.0) * n.cross(v_c);
    branch = Branch::stick;
  } else {  // step 4
    const core::Vec3 t = unit_direction(v_c);
    q = (1.0 + p.alpha) * v_star * (n - p.mu * t);
    g = (2.5 * p.mu * (1.0 + p.alpha) * v_star) * n.cross(t);
    branch = Branch::slip;
  }
  SpinResult r{s1, s2, times_power_of_two(v_star, k), times_power_of_two(v_c, k), branch};  // step 5
  r.b1.velocity = times_power_of_two(core::Vec3(u1 + share.body1 * q), k);
  r.b1.omega = times_power_of_two(core::Vec3(w1 + share.body1 * g / R1), k);
  if (share.body2 != 0.0) {  // an infinite m2 does not move (and may have no radius)
    r.b2.velocity = times_power_of_two(core::Vec3(u2 - share.body2 * q), k);
    r.b2.omega = times_power_of_two(core::Vec3(w2 + share.body2 * g / R2), k);
  }
  return r;
}

/// seed 001 §F, obstacle: v2 = w2 = 0 and m2 infinite (m1/m2 = 0, m2/(m1 + m2) = 1), n = {x1 - x_k}_1.
/// Angular momentum of the sphere about the (fixed) contact point x1 - R1 n is conserved.
inline SpinResult spinning_sphere_obstacle(const SpinningSphere& s1, const core::Vec3& n, const CoulombParams& p) {
  const double R1 = s1.radius;
  const int k = power_of_two_exponent(largest_magnitude(s1.velocity, R1 * largest_magnitude(s1.omega)));
  const core::Vec3 u1 = times_power_of_two(s1.velocity, -k), w1 = times_power_of_two(s1.omega, -k);  // scaling.hpp
  const double v_star = -u1.dot(n);
  const core::Vec3 v_c = u1 + v_star * n + n.cross(R1 * w1);
  const SpinningSphere wall{std::numeric_limits<double>::infinity(), 0.0, core::Vec3::Zero(), core::Vec3::Zero()};
  if (v_star <= 0.0) return {s1, wall, times_power_of_two(v_star, k), times_power_of_two(v_c, k), Branch::separating};
  core::Vec3 dv, dw;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * v_c.stableNorm()) {  // step 3 with lambda = 1 + alpha
    dv = (1.0 + p.alpha) * v_star * n - (2.0 / 7.0) * v_c;
    dw = (5.0 / (7.0 * R1)) * n.cross(v_c);
    branch = Branch::stick;
  } else {  // step 4
    const core::Vec3 t = unit_direction(v_c);
    dv = (1.0 + p.alpha) * v_star * (n - p.mu * t);
    dw = (5.0 / (2.0 * R1)) * p.mu * (1.0 + p.alpha) * v_star * n.cross(t);
    branch = Branch::slip;
  }
  SpinResult r{s1, wall, times_power_of_two(v_star, k), times_power_of_two(v_c, k), branch};
  r.b1.velocity = times_power_of_two(core::Vec3(u1 + dv), k);
  r.b1.omega = times_power_of_two(core::Vec3(w1 + dw), k);
  return r;
}

template <class Shape>
SpinResult spinning_sphere_obstacle(const core::Vec3& x1, const SpinningSphere& s1, const Shape& shape,
                                    const CoulombParams& p) {
  return spinning_sphere_obstacle(s1, closest_point(shape, x1).normal, p);
}

}  // namespace verisim::collisions
