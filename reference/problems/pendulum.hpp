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
#include "reference/problems/units.hpp"
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
  double theta0 = 1.0;  ///< release angle from the downward vertical (from rest, at t₀)
  double t0 = 0.0;      ///< release time

  analytic::Pendulum solution() const { return {g, L, theta0}; }

  /// θ̈ = −(g/L)·sin θ.
  void operator()(const core::Vec1& q, const core::Vec1& /*v*/, core::Vec1& a, double /*t*/) const {
    a[0] = solution().acceleration(q[0]);
  }
  core::PhaseState<core::Vec1> initial() const { return {core::Vec1(theta0), core::Vec1(0.0)}; }
  core::PhaseState<core::Vec1> exact(double t) const {
    const auto s = solution();
    return {core::Vec1(s.theta(t - t0)), core::Vec1(s.theta_dot(t - t0))};
  }
  double period() const { return solution().period(); }
  /// Energy per m·L²: ½θ̇² − (g/L)·cos θ.
  double energy(const core::PhaseState<core::Vec1>& x) const { return 0.5 * x.v[0] * x.v[0] - (g / L) * std::cos(x.q[0]); }
  /// √(L/g) = 1/ω₀: the studies' step sizes and final times are given in this unit.
  double time_scale() const { return std::sqrt(L / g); }
  /// The protocol's parameters (docs/check.md), in its order.
  Parameters parameters() const { return {{"g", g}, {"L", L}}; }
  /// g in [1, 25], L log-uniform in [0.2, 5], θ₀ in ±[0.3, 1.5] (the default 1 rad: at larger amplitudes the
  /// asymptotic range of the order ladder starts at smaller steps), t₀·ω₀ in [0, 3].
  static PendulumProblem drawn(core::Rng& rng) {
    PendulumProblem p;
    p.g = core::uniform(rng, 1.0, 25.0);
    p.L = log_uniform(rng, 0.2, 5.0);
    p.theta0 = random_sign(rng) * core::uniform(rng, 0.3, 1.5);
    p.t0 = core::uniform(rng, 0.0, 3.0) * p.time_scale();
    return p;
  }
  /// The same problem in units scaled by s (units.hpp); θ is an angle.
  PendulumProblem scaled(const Scale& s) const {
    PendulumProblem p = *this;
    p.g = s.acceleration(g);
    p.L = s.length(L);
    p.t0 = s.time(t0);
    return p;
  }
  static double q_unit(const Scale&) { return 1.0; }
  /// ∇²V/(mL²) = (g/L)·cos θ.
  Eigen::Matrix<double, 1, 1> hessian(const core::Vec1& q) const {
    return Eigen::Matrix<double, 1, 1>::Constant((g / L) * std::cos(q[0]));
  }
};

}  // namespace verisim::reference::problems
