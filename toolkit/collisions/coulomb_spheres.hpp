#pragma once
// Spheres with Coulomb friction, spin not tracked: seed 001 appendix E.1.
#include <cmath>
#include <utility>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

/// Seed 001 E.1 parameters: restitution alpha (0 <= alpha; > 1 "trampoline"), friction mu >= 0.
struct CoulombParams {
  double mu;
  double alpha;
};

/// Convention (seed 001 E.1): n is the unit normal pointing INTO body 1, n = {x1 - x2}_1;
/// v* = (v2 - v1).n > 0 when the bodies approach; v_c = v1 - v2 + v* n is the tangential
/// relative velocity of the contact point. Body 2 may be an obstacle: m2 = +inf, v2 = 0.
struct CoulombResult {
  Vec3 v1, v2;
  Vec3 dv;        // Delta v of body 1 (seed's step 3 or 4)
  double v_star;  // v*
  Vec3 v_c;       // v_c before impact
  Branch branch;
};

/// seed 001 E.1 step 1 (two bodies): remove from each force its component pushing towards the
/// other body and hand it over as a reaction. Returns the updated (F1, F2); their sum is unchanged.
inline std::pair<Vec3, Vec3> normal_reaction(Vec3 f1, Vec3 f2, const Vec3& n) {
  const double fn1 = f1.dot(n);
  if (fn1 < 0.0) {  // seed 001 E.1 step 1: F1 <- F1 - Fn1 n, F2 <- F2 + Fn1 n
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

/// seed 001 E.1 step 1, obstacle: only the moving body's force is updated.
inline Vec3 normal_reaction_obstacle(Vec3 f1, const Vec3& n) {
  const double fn1 = f1.dot(n);
  if (fn1 < 0.0) f1 -= fn1 * n;
  return f1;
}

/// seed 001 E.1 steps 2-5, two bodies of masses m1, m2 (finite).
inline CoulombResult coulomb_spheres(double m1, const Vec3& v1, double m2, const Vec3& v2, const Vec3& n,
                                     const CoulombParams& p) {
  const double v_star = (v2 - v1).dot(n);         // step 2
  const Vec3 v_c = v1 - v2 + v_star * n;          // step 2
  if (v_star <= 0.0) return {v1, v2, Vec3::Zero(), v_star, v_c, Branch::separating};
  const double lambda = (1.0 + p.alpha) * m2 / (m1 + m2);  // lambda = (1 + alpha) m2 / (m1 + m2)
  const double vc = v_c.norm();
  Vec3 dv;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * vc) {  // step 3
    dv = lambda * v_star * n - (2.0 * m2 / (7.0 * (m1 + m2))) * v_c;
    branch = Branch::stick;
  } else {  // step 4 (v_c != 0 here)
    dv = lambda * v_star * (n - p.mu * v_c / vc);
    branch = Branch::slip;
  }
  return {v1 + dv, v2 - (m1 / m2) * dv, dv, v_star, v_c, branch};  // step 5
}

/// seed 001 E.1, obstacle (m2 infinite, v2 = 0), the seed's own reduced formulas. n = {x1 - x_k}_1
/// with x_k the obstacle's closest point (seed 001 appendix D): geometry::closest_point(...).normal.
inline CoulombResult coulomb_sphere_obstacle(const Vec3& v1, const Vec3& n, const CoulombParams& p) {
  const double v_star = -v1.dot(n);     // step 2
  const Vec3 v_c = v1 + v_star * n;     // step 2
  if (v_star <= 0.0) return {v1, Vec3::Zero(), Vec3::Zero(), v_star, v_c, Branch::separating};
  const double vc = v_c.norm();
  Vec3 dv;
  Branch branch;
  if (7.0 * p.mu * (1.0 + p.alpha) * v_star >= 2.0 * vc) {  // step 3
    dv = (1.0 + p.alpha) * v_star * n - (2.0 / 7.0) * v_c;
    branch = Branch::stick;
  } else {  // step 4
    dv = (1.0 + p.alpha) * v_star * (n - p.mu * v_c / vc);
    branch = Branch::slip;
  }
  return {v1 + dv, Vec3::Zero(), dv, v_star, v_c, branch};  // step 5
}

/// Obstacle of any shape of seed 001 appendix D (Plane, PlanePortion, Brick, Sphere, Cylinder):
/// the normal is taken at the closest point to the sphere's centre x1.
template <class Shape>
CoulombResult coulomb_sphere_obstacle(const Vec3& x1, const Vec3& v1, const Shape& shape, const CoulombParams& p) {
  return coulomb_sphere_obstacle(v1, closest_point(shape, x1).normal, p);
}

}  // namespace verisim::collisions
