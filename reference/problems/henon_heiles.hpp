#pragma once
// The Hénon–Heiles system (M. Hénon & C. Heiles, "The applicability of the third integral of
// motion: some numerical experiments", Astron. J. 69 (1964) 73, eq. (2)): a unit mass in the
// plane under V = ½(x² + y²) + x²y − y³/3, nonlinear and, above E ≈ 1/8, mostly chaotic.
//   energy  E = ½|q̇|² + V(q)   (conserved; the only invariant for most orbits)
//   exact   none (the symplecticity study uses it for its Hessian only)
// Default: q = (0, 0.1), q̇ = (0.4, 0), E = 0.084667 < 1/6 (the escape energy: the orbit is bounded).
#include <string_view>

#include <Eigen/Core>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct HenonHeiles {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "henon-heiles";
  static constexpr std::string_view title = "Hénon–Heiles";
  using V = core::Vec2;

  core::Vec2 q0 = core::Vec2(0.0, 0.1);  ///< (x, y) at t = 0
  core::Vec2 v0 = core::Vec2(0.4, 0.0);  ///< (ẋ, ẏ) at t = 0

  /// q̈ = −∇V = (−x − 2xy, −y − x² + y²).
  void operator()(const core::Vec2& q, const core::Vec2& /*v*/, core::Vec2& a, double /*t*/) const {
    a[0] = -q[0] - 2.0 * q[0] * q[1];
    a[1] = -q[1] - q[0] * q[0] + q[1] * q[1];
  }
  core::PhaseState<core::Vec2> initial() const { return {q0, v0}; }
  double energy(const core::PhaseState<core::Vec2>& x) const {
    const double X = x.q[0], Y = x.q[1];
    return 0.5 * x.v.squaredNorm() + 0.5 * (X * X + Y * Y) + X * X * Y - Y * Y * Y / 3.0;
  }
  /// ∇²V = [[1 + 2y, 2x], [2x, 1 − 2y]].
  Eigen::Matrix2d hessian(const core::Vec2& q) const {
    Eigen::Matrix2d h;
    h << 1.0 + 2.0 * q[1], 2.0 * q[0], 2.0 * q[0], 1.0 - 2.0 * q[1];
    return h;
  }
};

}  // namespace verisim::reference::problems
