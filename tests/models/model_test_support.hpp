#pragma once
// Shared by the tests of toolkit/models: an independent, numerical Euler–Lagrange acceleration
// from a Lagrangian L(q, q̇) = T − V and a Rayleigh function R(q̇). Random states come from
// toolkit/core/random.hpp, each test with its own seeded engine.
#include <Eigen/LU>

#include "toolkit/core/vec.hpp"

namespace verisim::models::test {

/// q̈ from the Euler–Lagrange equations d/dt ∂L/∂q̇ − ∂L/∂q = −∂R/∂q̇ for a time-independent L:
///   M q̈ = ∂L/∂q − C q̇ − ∂R/∂q̇,   M = ∂²L/∂q̇², C = ∂²L/∂q̇∂q,
/// every derivative by centred finite differences. Step sizes: L is quadratic (at most) in q̇ for
/// every model here, so the q̇-differences are exact but for round-off, ε|L|/hv², hence a large
/// hv = 1e-2; in q, truncation O(hq²) against round-off ε|L|/hq: hq = 1e-4 gives ~1e-8 relative.
template <int N, class Lag, class Ray>
core::Vec<N> euler_lagrange_acceleration(const Lag& L, const Ray& R, const core::Vec<N>& q, const core::Vec<N>& qd) {
  constexpr double hv = 1e-2, hq = 1e-4;
  using M_t = Eigen::Matrix<double, N, N>;
  const auto e = [](int i) { core::Vec<N> x = core::Vec<N>::Zero(); x[i] = 1.0; return x; };
  const auto dL_dqd = [&](const core::Vec<N>& qq, const core::Vec<N>& vv, int i) {
    return (L(qq, vv + hv * e(i)) - L(qq, vv - hv * e(i))) / (2.0 * hv);
  };
  M_t M, C;
  core::Vec<N> dL_dq, dR_dqd;
  for (int i = 0; i < N; ++i) {
    dL_dq[i] = (L(q + hq * e(i), qd) - L(q - hq * e(i), qd)) / (2.0 * hq);
    dR_dqd[i] = (R(qd + hv * e(i)) - R(qd - hv * e(i))) / (2.0 * hv);
    for (int j = 0; j < N; ++j) {
      M(i, j) = (dL_dqd(q, qd + hv * e(j), i) - dL_dqd(q, qd - hv * e(j), i)) / (2.0 * hv);
      C(i, j) = (dL_dqd(q + hq * e(j), qd, i) - dL_dqd(q - hq * e(j), qd, i)) / (2.0 * hq);
    }
  }
  return M.partialPivLu().solve(dL_dq - C * qd - dR_dqd);
}

/// No dissipation.
struct NoRayleigh {
  template <class V>
  double operator()(const V&) const { return 0.0; }
};

}  // namespace verisim::models::test
