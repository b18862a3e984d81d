#pragma once
// The plane pendulum θ̈ = −(g/L)·sin θ (seed 001 §B.2 with b = 0 and F_ext = m·g), released from
// rest at θ₀ (|θ₀| < π): nonlinear, conservative, with a closed form at any amplitude.
//   energy  E/(mL²) = ½θ̇² − (g/L)·cos θ   (conserved)
//   exact   reference/analytic/pendulum.hpp: sin(θ/2) = k·cd(ω₀t, k), k = sin(θ₀/2),
//           period 4√(L/g)·K(k) (Lawden, Elliptic Functions and Applications (1989) §5.2)
// Default: g = 9.81 m/s², L = 1 m, θ₀ = 1 rad (period 2.1391 s, 6.6 % longer than 2π√(L/g) = 2.0061 s) —
// the "pendulum" problem of the studies.
#include <cmath>
#include <string_view>

#include <Eigen/Core>

#include "reference/analytic/pendulum.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct PendulumProblem {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "pendulum";
  static constexpr std::string_view title = "nonlinear pendulum (θ₀ = 1 rad)";
  using V = core::Vec1;

  double g = 9.81;      ///< gravitational acceleration
  double L = 1.0;       ///< length
  double theta0 = 1.0;  ///< release angle from the downward vertical (from rest)

  analytic::Pendulum solution() const { return {g, L, theta0}; }

  /// θ̈ = −(g/L)·sin θ.
  void operator()(const core::Vec1& q, const core::Vec1& /*v*/, core::Vec1& a, double /*t*/) const {
    a[0] = solution().acceleration(q[0]);
  }
  core::PhaseState<core::Vec1> initial() const { return {core::Vec1(theta0), core::Vec1(0.0)}; }
  core::PhaseState<core::Vec1> exact(double t) const {
    const auto s = solution();
    return {core::Vec1(s.theta(t)), core::Vec1(s.theta_dot(t))};
  }
  double period() const { return solution().period(); }
  /// Energy per m·L²: ½θ̇² − (g/L)·cos θ.
  double energy(const core::PhaseState<core::Vec1>& x) const { return 0.5 * x.v[0] * x.v[0] - (g / L) * std::cos(x.q[0]); }
  /// ∇²V/(mL²) = (g/L)·cos θ.
  Eigen::Matrix<double, 1, 1> hessian(const core::Vec1& q) const {
    return Eigen::Matrix<double, 1, 1>::Constant((g / L) * std::cos(q[0]));
  }
};

}  // namespace verisim::reference::problems
