#pragma once
// Spheres with Coulomb friction, spin not tracked: seed 001 §E.1.
#include <cmath>
#include <utility>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/collisions/compliance.hpp"
#include "toolkit/collisions/scaling.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

/// Seed 001 E.1 parameters: restitution alpha >= 0 (1 elastic; the seed allows alpha > 1 for a
/// trampoline, which adds energy), friction mu >= 0.
struct CoulombParams {
  double mu;
  double alpha;
};

/// Convention (seed 001 §E.1): n is the unit normal pointing INTO body 1, n = {x1 - x2}_1;
/// v* = (v2 - v1).n > 0 when the bodies approach; v_c = v1 - v2 + v* n is the tangential
/// relative velocity of the contact point. Body 2 may be an obstacle: m2 = +inf, v2 = 0.
struct CoulombResult {
  core::Vec3 v1, v2;
  core::Vec3 dv;        // Delta v of body 1 (seed's step 3 or 4)
  double v_star;  // v*
  core::Vec3 v_c;       // v_c before impact
  Branch branch;
};

/// seed 001 §E.1 step 1 (two bodies): remove from each force its component pushing towards the
/// other body and hand it over as a reaction. Returns the updated (F1, F2); their sum is unchanged.
inline std::pair<core::Vec3, core::Vec3> normal_reaction(core::Vec3 f1, core::Vec3 f2, const core::Vec3& n) {
  const double fn1 = f1.dot(n);
  if (fn1 < 0.0) {  // seed 001 §E.1 step 1: F1 <- F1 - Fn1 n, F2 <- F2 + Fn1 n
    f1 -= fn1 * n;
    f2 += fn1 * n;
  }
  const double fn2 = f2.dot(n);  // re-read after the first update, as the seed's "refaire ensuite"
  if (fn2 > 0.0) {  // F1 <- F1 + Fn2 n, F2 <- F2 - Fn2 n
    f1 += fn2 * n;
    f2 -= fn2 * n;
  }
  return {f1, f2};
}

/// seed 001 §E.1 step 1, obstacle: only the moving body's force is updated.
inline core::Vec3 normal_reaction_obstacle(core::Vec3 f1, const core::Vec3& n) {
  const double fn1 = f1.dot(n);
  if (fn1 < 0.0) f1 -= fn1 * n;
  return f1;
}

/// seed 001 §E.1 steps 2-5, two bodies of masses m1 > 0 finite, m2 > 0 or +inf (then the result
/// is the obstacle's, below, to rounding). The seed's lambda = (1 + alpha) m2/(m1 + m2) and m1/m2
/// are taken as the shares s1 = m2/(m1 + m2), s2 = m1/(m1 + m2) of compliance.hpp: with
/// q = (1 + alpha) v* n - (2/7) v_c (step 3) or (1 + alpha) v* (n - mu {v_c}_1) (step 4),
/// Delta v = s1 q and body 2 changes by -(m1/m2) Delta v = -s2 q (step 5). Written as in the seed,
/// 2 m2 or m1 + m2 overflow for masses near 1e308 (issue 12.2). Velocities enter divided by a
/// power of two (scaling.hpp: the law is homogeneous of degree 1 in them).
inline CoulombResult coulomb_spheres(double m1, const core::Vec3& v1, double m2, const core::Vec3& v2, const core::Vec3& n,
                                     const CoulombParams& p) {
  const int k = power_of_two_exponent(largest_magnitude(v1, v2));
  const core::Vec3 u1 = times_power_of_two(v1, -k), u2 = times_power_of_two(v2, -k);  // exact
  const double v_star = (u2 - u1).dot(n);         // step 2
  const core::Vec3 v_c = u1 - u2 + v_star * n;          // step 2
  if (v_star <= 0.0)
    return {v1, v2, core::Vec3::Zero(), times_power_of_two(v_star, k), times_power_of_two(v_c, k), Branch::separating};
  const MassShares s = mass_shares(m1, m2);
  core::Vec3 q;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * v_c.stableNorm()) {  // step 3
    q = (1.0 + p.alpha) * v_star * n - (2.0 / 7.0) * v_c;  // Delta v = lambda v* n - 2 m2/(7 (m1 + m2)) v_c = s1 q
    branch = Branch::stick;
  } else {  // step 4 (v_c != 0 here)
    q = (1.0 + p.alpha) * v_star * (n - p.mu * unit_direction(v_c));  // Delta v = lambda v* (n - mu {v_c}_1) = s1 q
    branch = Branch::slip;
  }
  const core::Vec3 dv = s.body1 * q;
  return {times_power_of_two(core::Vec3(u1 + dv), k), times_power_of_two(core::Vec3(u2 - s.body2 * q), k),  // step 5
          times_power_of_two(dv, k), times_power_of_two(v_star, k), times_power_of_two(v_c, k), branch};
}

/// seed 001 §E.1, obstacle (m2 infinite, v2 = 0), the seed's own reduced formulas. n = {x1 - x_k}_1
/// with x_k the obstacle's closest point (seed 001 §D): geometry::closest_point(...).normal.
inline CoulombResult coulomb_sphere_obstacle(const core::Vec3& v1, const core::Vec3& n, const CoulombParams& p) {
  const int k = power_of_two_exponent(largest_magnitude(v1));  // scaling.hpp
  const core::Vec3 u1 = times_power_of_two(v1, -k);
  const double v_star = -u1.dot(n);     // step 2
  const core::Vec3 v_c = u1 + v_star * n;     // step 2
  if (v_star <= 0.0)
    return {v1, core::Vec3::Zero(), core::Vec3::Zero(), times_power_of_two(v_star, k), times_power_of_two(v_c, k),
            Branch::separating};
  core::Vec3 dv;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * v_c.stableNorm()) {  // step 3
    dv = (1.0 + p.alpha) * v_star * n - (2.0 / 7.0) * v_c;
    branch = Branch::stick;
  } else {  // step 4
    dv = (1.0 + p.alpha) * v_star * (n - p.mu * unit_direction(v_c));
    branch = Branch::slip;
  }
  return {times_power_of_two(core::Vec3(u1 + dv), k), core::Vec3::Zero(), times_power_of_two(dv, k), times_power_of_two(v_star, k),
          times_power_of_two(v_c, k), branch};  // step 5
}

/// Obstacle of any shape of seed 001 §D (Plane, PlanePortion, Brick, Sphere, Cylinder):
/// the normal is taken at the closest point to the sphere's centre x1.
template <class Shape>
CoulombResult coulomb_sphere_obstacle(const core::Vec3& x1, const core::Vec3& v1, const Shape& shape, const CoulombParams& p) {
  return coulomb_sphere_obstacle(v1, closest_point(shape, x1).normal, p);
}

}  // namespace verisim::collisions
