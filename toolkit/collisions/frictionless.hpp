#pragma once
// Frictionless collision of two disks (N = 2) or spheres (N = 3) with restitution e, seed 000 §2.b.
#include <Eigen/Dense>
#include <cmath>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/collisions/compliance.hpp"
#include "toolkit/collisions/scaling.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

template <int N>
struct FrictionlessResult {
  core::Vec<N> v1, v2;       // post-impact velocities
  core::Vec<N> p12;          // impulse received by body 1 from body 2 (seed 000 eqs. (6), 9)
  double energy_change;  // seed 000 eq. (12), <= 0 for e <= 1
  Branch branch;
};

/// seed 000 eq. (12): Delta E_c = 1/2 p12.(v1 - v2)(1 - e), v1, v2 the PRE-impact velocities.
template <int N>
double energy_change_eq12(const core::Vec<N>& p12, const core::Vec<N>& v1, const core::Vec<N>& v2, double e) {
  return 0.5 * p12.dot(v1 - v2) * (1.0 - e);
}

namespace detail {
/// Seed 000 eq. (12) for p12 = mu q 2^k, v1 - v2 = du 2^k (mu the reduced mass): 1/2 mu (q.du)(1 - e) 4^k,
/// with mu's exponent kept apart so that nothing overflows before the result does.
template <int N>
double eq12_scaled(double mu, const core::Vec<N>& q, const core::Vec<N>& du, double e, int k) {
  int mu_exponent = 0;
  const double mu_mantissa = std::frexp(mu, &mu_exponent);
  return std::ldexp(0.5 * (1.0 - e) * mu_mantissa * q.dot(du), mu_exponent + 2 * k) + 0.0;  // + 0: no "-0" at e = 1
}
}  // namespace detail

/// Seed 000's convention: N = C1C2 points from body 1 to body 2 (any finite non-zero length;
/// normalised here by scaling.hpp's unit_direction). The bodies approach when (v1 - v2).N > 0;
/// otherwise the state is returned unchanged, branch `separating`. m1 > 0 finite; m2 > 0 or +inf
/// (an obstacle: v2' = v2); 0 <= e <= 1 (seed 000 §2.b: 1 elastic, below 1 otherwise).
///
/// The method is the seed's: unknowns U = (v1', v2') (eq. (13)), the linear system A U = B
/// (eqs. (14)–(15)) whose rows are momentum (eq. (8), N rows: m1 v1' + m2 v2' = m1 v1 + m2 v2), no
/// tangential change of v1 (eq. (10), N - 1 rows: T in 2D, two tangents in 3D, (v1' - v1).T = 0) and
/// Newton's law (eq. (11), (v1' - v2').N = -e (v1 - v2).N), solved by a general solver (Eigen's
/// full-pivot LU for the seed's Gauss-Jordan).
///
/// Written as in eq. (14), A has entries m1, m2 beside entries of order 1: from m2/m1 ~ 1e16 on, or
/// masses >= 1e16 or <= 1e-16, the solve loses the answer (issue 12.2: a 0.1 kg ball on the Earth
/// came out at rest; m1 = m2 = 2e16 exchanged no impulse). We solve the same system after an exact
/// change of unknowns and a scaling of its rows, D_r A D_c q = D_r (B - A U0), U0 = (v1, v2):
///   v1' = v1 + s1 q1, v2' = v2 + s2 q2, with s1 = m2/(m1+m2), s2 = m1/(m1+m2) (compliance.hpp),
///   so that m1 (v1' - v1) = mu q1 and m2 (v2' - v2) = mu q2, mu = m1 m2/(m1+m2) the reduced mass;
///   eq. (8) divided by mu:                 q1 + q2 = 0
///   eq. (10) divided by s1:                q1.T = 0
///   eq. (11) minus (v1 - v2).N:            s1 q1.N - s2 q2.N = -(1 + e) u_n,   u_n = (v1 - v2).N
/// In the basis (N, T) each block of this matrix is [[1, 1], [s1, -s2]] or [[1, 1], [1, 0]] with
/// s1 + s2 = 1: its condition number is at most (3 + sqrt 5)/2 ~ 2.6 for every mass ratio, against
/// ~ max(m1, m2)/min(m1, m2) for eq. (14) as written. m2 = +inf is the limit s1 = 1, s2 = 0.
/// Velocities enter divided by a power of two (scaling.hpp), so an answer overflows only when it
/// is not representable. The solution is q1 = -q2 = -(1 + e) u_n N, i.e. the closed form below.
template <int N>
FrictionlessResult<N> frictionless_linear_system(double m1, const core::Vec<N>& v1, double m2, const core::Vec<N>& v2,
                                                 const core::Vec<N>& c1c2, double e) {
  static_assert(N == 2 || N == 3);
  const core::Vec<N> n = unit_direction(c1c2);
  const int k = power_of_two_exponent(largest_magnitude(v1, v2));
  const core::Vec<N> u1 = times_power_of_two(v1, -k), u2 = times_power_of_two(v2, -k);  // exact
  const double un = (u1 - u2).dot(n);
  if (un <= 0.0) return {v1, v2, core::Vec<N>::Zero(), 0.0, Branch::separating};
  core::Vec<N> t[2];
  if constexpr (N == 2) {
    t[0] = core::Vec<N>(n.y(), -n.x());  // seed 000 code: T = (N_y, -N_x)
  } else {
    const core::Vec3 a = std::abs(n.x()) < 0.9 ? core::Vec3::UnitX() : core::Vec3::UnitY();
    t[0] = n.cross(a).normalized();  // two tangents spanning the tangent plane
    t[1] = n.cross(t[0]);
  }
  const MassShares s = mass_shares(m1, m2);
  Eigen::Matrix<double, 2 * N, 2 * N> A = Eigen::Matrix<double, 2 * N, 2 * N>::Zero();
  Eigen::Matrix<double, 2 * N, 1> B = Eigen::Matrix<double, 2 * N, 1>::Zero();
  for (int i = 0; i < N; ++i) {  // eq. (8) / mu: q1 + q2 = 0
    A(i, i) = 1.0;
    A(i, N + i) = 1.0;
  }
  for (int j = 0; j < N - 1; ++j) A.block(N + j, 0, 1, N) = t[j].transpose();  // eq. (10) / s1: q1.T = 0
  A.block(2 * N - 1, 0, 1, N) = s.body1 * n.transpose();  // eq. (11): s1 q1.N - s2 q2.N = -(1 + e) u_n
  A.block(2 * N - 1, N, 1, N) = -s.body2 * n.transpose();
  B(2 * N - 1) = -(1.0 + e) * un;
  const Eigen::Matrix<double, 2 * N, 1> q = A.fullPivLu().solve(B);
  const core::Vec<N> q1 = q.template head<N>(), q2 = q.template tail<N>();
  const double mu = reduced_mass(m1, m2);  // <= m1
  FrictionlessResult<N> r;
  r.v1 = times_power_of_two(core::Vec<N>(u1 + s.body1 * q1), k);
  r.v2 = times_power_of_two(core::Vec<N>(u2 + s.body2 * q2), k);
  int mu_exponent = 0;
  const double mu_mantissa = std::frexp(mu, &mu_exponent);
  r.p12 = times_power_of_two(core::Vec<N>(mu_mantissa * q1), mu_exponent + k);  // eq. (6): m1 (v1' - v1) = mu q1
  r.energy_change = detail::eq12_scaled<N>(mu, q1, core::Vec<N>(u1 - u2), e, k);  // eq. (12)
  r.branch = Branch::frictionless;
  return r;
}

/// Closed form of the same law (textbook impulse along the unit normal n = {C1C2}_1):
/// p12 = -(1 + e) m1 m2 / (m1 + m2) ((v1 - v2).n) n, so v1' = v1 - (1 + e) u_n s1 n and
/// v2' = v2 + (1 + e) u_n s2 n with the shares of compliance.hpp. Accepts m2 = +inf (fixed obstacle).
template <int N>
FrictionlessResult<N> frictionless_closed_form(double m1, const core::Vec<N>& v1, double m2, const core::Vec<N>& v2,
                                               const core::Vec<N>& c1c2, double e) {
  const core::Vec<N> n = unit_direction(c1c2);
  const int k = power_of_two_exponent(largest_magnitude(v1, v2));
  const core::Vec<N> u1 = times_power_of_two(v1, -k), u2 = times_power_of_two(v2, -k);
  const double un = (u1 - u2).dot(n);
  if (un <= 0.0) return {v1, v2, core::Vec<N>::Zero(), 0.0, Branch::separating};
  const MassShares s = mass_shares(m1, m2);
  const double g = (1.0 + e) * un;  // relative normal velocity change, scaled by 2^-k
  const core::Vec<N> q1 = -g * n;         // as in frictionless_linear_system: m1 (v1' - v1) = mu q1
  int mu_exponent = 0;
  const double mu = reduced_mass(m1, m2);
  const double mu_mantissa = std::frexp(mu, &mu_exponent);
  return {times_power_of_two(core::Vec<N>(u1 + s.body1 * q1), k), times_power_of_two(core::Vec<N>(u2 - s.body2 * q1), k),
          times_power_of_two(core::Vec<N>(mu_mantissa * q1), mu_exponent + k),
          detail::eq12_scaled<N>(mu, q1, core::Vec<N>(u1 - u2), e, k), Branch::frictionless};
}

}  // namespace verisim::collisions
