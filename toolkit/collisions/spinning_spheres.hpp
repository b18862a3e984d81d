#pragma once
// Spheres with spin (6 degrees of freedom) and Coulomb friction: seed 001 appendix F.
#include <Eigen/Geometry>
#include <cmath>
#include <limits>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

/// A solid sphere (I = 2/5 m R^2, which the seed's 2/7 and 5/7 factors assume).
struct SpinningSphere {
  double mass;
  double radius;
  Vec3 velocity;
  Vec3 omega;  // angular velocity, right-hand rule (rad/s)
};

/// Same convention as seed 001 E.1: n = {x1 - x2}_1 points into body 1, v* = (v2 - v1).n > 0 on
/// approach. v_c = v1 - v2 + v* n + n ^ (R1 w1 + R2 w2) is the relative velocity of the contact
/// points (checked: contact point of 1 is x1 - R1 n, of 2 is x2 + R2 n).
struct SpinResult {
  SpinningSphere b1, b2;
  double v_star;
  Vec3 v_c;
  Branch branch;
};

/// seed 001 F steps 2-5, two bodies. Angular momentum about the contact point (and about any
/// fixed point) of the pair is conserved in both branches: the two impulses are opposite and act
/// at the same point.
inline SpinResult spinning_spheres(const SpinningSphere& s1, const SpinningSphere& s2, const Vec3& n,
                                   const CoulombParams& p) {
  const double m1 = s1.mass, m2 = s2.mass, R1 = s1.radius, R2 = s2.radius;
  const double v_star = (s2.velocity - s1.velocity).dot(n);  // step 2
  const Vec3 v_c = s1.velocity - s2.velocity + v_star * n + n.cross(R1 * s1.omega + R2 * s2.omega);
  if (v_star <= 0.0) return {s1, s2, v_star, v_c, Branch::separating};
  const double lambda = (1.0 + p.alpha) * m2 / (m1 + m2);
  const double vc = v_c.norm();
  Vec3 dv, dw;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * vc) {  // step 3
    dv = lambda * v_star * n - (2.0 * m2 / (7.0 * (m1 + m2))) * v_c;
    dw = (5.0 * m2 / (7.0 * R1 * (m1 + m2))) * n.cross(v_c);
    branch = Branch::stick;
  } else {  // step 4
    const Vec3 t = v_c / vc;
    dv = lambda * v_star * (n - p.mu * t);
    dw = (5.0 / (2.0 * R1)) * p.mu * lambda * v_star * n.cross(t);
    branch = Branch::slip;
  }
  SpinResult r{s1, s2, v_star, v_c, branch};  // step 5
  r.b1.velocity += dv;
  r.b1.omega += dw;
  r.b2.velocity -= (m1 / m2) * dv;
  r.b2.omega += (m1 * R1 / (m2 * R2)) * dw;
  return r;
}

/// seed 001 F, obstacle: v2 = w2 = 0 and m2 infinite (m1/m2 = 0, m2/(m1 + m2) = 1), n = {x1 - x_k}_1.
/// Angular momentum of the sphere about the (fixed) contact point x1 - R1 n is conserved.
inline SpinResult spinning_sphere_obstacle(const SpinningSphere& s1, const Vec3& n, const CoulombParams& p) {
  const double R1 = s1.radius;
  const double v_star = -s1.velocity.dot(n);
  const Vec3 v_c = s1.velocity + v_star * n + n.cross(R1 * s1.omega);
  const SpinningSphere wall{std::numeric_limits<double>::infinity(), 0.0, Vec3::Zero(), Vec3::Zero()};
  if (v_star <= 0.0) return {s1, wall, v_star, v_c, Branch::separating};
  const double vc = v_c.norm();
  Vec3 dv, dw;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * vc) {  // step 3 with lambda = 1 + alpha
    dv = (1.0 + p.alpha) * v_star * n - (2.0 / 7.0) * v_c;
    dw = (5.0 / (7.0 * R1)) * n.cross(v_c);
    branch = Branch::stick;
  } else {  // step 4
    const Vec3 t = v_c / vc;
    dv = (1.0 + p.alpha) * v_star * (n - p.mu * t);
    dw = (5.0 / (2.0 * R1)) * p.mu * (1.0 + p.alpha) * v_star * n.cross(t);
    branch = Branch::slip;
  }
  SpinResult r{s1, wall, v_star, v_c, branch};
  r.b1.velocity += dv;
  r.b1.omega += dw;
  return r;
}

template <class Shape>
SpinResult spinning_sphere_obstacle(const Vec3& x1, const SpinningSphere& s1, const Shape& shape,
                                    const CoulombParams& p) {
  return spinning_sphere_obstacle(s1, closest_point(shape, x1).normal, p);
}

}  // namespace verisim::collisions
