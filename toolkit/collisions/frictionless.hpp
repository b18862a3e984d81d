#pragma once
// Frictionless collision of two disks (N = 2) or spheres (N = 3) with restitution e, seed 000 §2.b.
#include <Eigen/Dense>
#include <cmath>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

template <int N>
struct FrictionlessResult {
  Vec<N> v1, v2;       // post-impact velocities
  Vec<N> p12;          // impulse received by body 1 from body 2 (seed 000 eqs. 6, 9)
  double energy_change;  // seed 000 eq. (12), <= 0 for e <= 1
  Branch branch;
};

/// seed 000 eq. (12): Delta E_c = 1/2 p12.(v1 - v2)(1 - e), v1, v2 the PRE-impact velocities.
template <int N>
double energy_change_eq12(const Vec<N>& p12, const Vec<N>& v1, const Vec<N>& v2, double e) {
  return 0.5 * p12.dot(v1 - v2) * (1.0 - e);
}

/// Seed 000's convention: N = C1C2 points from body 1 to body 2 (any length; normalised here).
/// The bodies approach when (v1 - v2).N > 0; otherwise the state is returned unchanged, branch
/// `separating`. Unknowns U = (v1', v2') (eq. 13), system A U = B (eqs. 14-15): rows
/// momentum (eq. 8, N rows), no tangential change of v1 (eq. 10, N-1 rows: T in 2D, two tangents
/// in 3D), Newton's restitution law (eq. 11). Solved by Eigen's full-pivot LU.
template <int N>
FrictionlessResult<N> frictionless_linear_system(double m1, const Vec<N>& v1, double m2, const Vec<N>& v2,
                                                 const Vec<N>& c1c2, double e) {
  static_assert(N == 2 || N == 3);
  const Vec<N> n = c1c2.normalized();
  if ((v1 - v2).dot(n) <= 0.0) return {v1, v2, Vec<N>::Zero(), 0.0, Branch::separating};
  Vec<N> t[2];
  if constexpr (N == 2) {
    t[0] = Vec<N>(n.y(), -n.x());  // seed 000 code: T = (N_y, -N_x)
  } else {
    const Vec3 a = std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    t[0] = n.cross(a).normalized();  // two tangents spanning the tangent plane
    t[1] = n.cross(t[0]);
  }
  Eigen::Matrix<double, 2 * N, 2 * N> A = Eigen::Matrix<double, 2 * N, 2 * N>::Zero();
  Eigen::Matrix<double, 2 * N, 1> B;
  for (int i = 0; i < N; ++i) {  // eq. (8): m1 v1' + m2 v2' = m1 v1 + m2 v2
    A(i, i) = m1;
    A(i, N + i) = m2;
    B(i) = m1 * v1(i) + m2 * v2(i);
  }
  for (int k = 0; k < N - 1; ++k) {  // eq. (10): (v1' - v1).T = 0
    A.block(N + k, 0, 1, N) = t[k].transpose();
    B(N + k) = v1.dot(t[k]);
  }
  A.block(2 * N - 1, 0, 1, N) = n.transpose();  // eq. (11): (v1' - v2').N = -e (v1 - v2).N
  A.block(2 * N - 1, N, 1, N) = -n.transpose();
  B(2 * N - 1) = -e * (v1 - v2).dot(n);
  const Eigen::Matrix<double, 2 * N, 1> U = A.fullPivLu().solve(B);
  FrictionlessResult<N> r;
  r.v1 = U.template head<N>();
  r.v2 = U.template tail<N>();
  r.p12 = m1 * (r.v1 - v1);  // eq. (6)
  r.energy_change = energy_change_eq12<N>(r.p12, v1, v2, e);
  r.branch = Branch::frictionless;
  return r;
}

/// Closed form of the same law (textbook impulse along the unit normal n = {C1C2}_1):
/// p12 = -(1 + e) m1 m2 / (m1 + m2) ((v1 - v2).n) n. Accepts m2 = +inf (fixed obstacle).
template <int N>
FrictionlessResult<N> frictionless_closed_form(double m1, const Vec<N>& v1, double m2, const Vec<N>& v2,
                                               const Vec<N>& c1c2, double e) {
  const Vec<N> n = c1c2.normalized();
  const double u = (v1 - v2).dot(n);
  if (u <= 0.0) return {v1, v2, Vec<N>::Zero(), 0.0, Branch::separating};
  const double inv_mu = 1.0 / m1 + 1.0 / m2;
  const Vec<N> p12 = (-(1.0 + e) * u / inv_mu) * n;
  return {v1 + p12 / m1, v2 - p12 / m2, p12, energy_change_eq12<N>(p12, v1, v2, e), Branch::frictionless};
}

}  // namespace verisim::collisions
