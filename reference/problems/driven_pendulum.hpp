#pragma once
// The damped, driven pendulum θ̈ = −ω₀²·sin θ − c·θ̇ + A·cos Ωt (Baker & Gollub, Chaotic Dynamics:
// An Introduction, 2nd ed. (1996)), applied to every component of q — uncoupled copies, so
// one system serves fixed-size and dynamic vectors alike. Nonlinear and time-dependent; with
// damping velocity-dependent: the general test input f(t, q, v) for the steppers' arithmetic
// (hand computations, odeint step for step, fixed against dynamic sizes).
//   invariants  none (the drive does work); exact: none
// Default: ω₀² = 1, c = 0.1, A = 0.5, Ω = 0.7, from θ = 1 at rest. DrivenPendulum<false> has no
// damping field (velocity-independent: the splitting methods' exact kick).
#include <cmath>
#include <string_view>

#include <Eigen/Core>

#include "reference/problems/no_damping.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

template <bool Damped>
struct DrivenPendulum {
  static constexpr bool velocity_independent = !Damped;
  static constexpr std::string_view name = Damped ? "driven-pendulum" : "driven-pendulum-undamped";
  static constexpr std::string_view title = Damped ? "damped, driven pendulum" : "driven pendulum";
  using V = core::Vec1;

  double omega0_sq = 1.0;  ///< ω₀² = g/L
  [[no_unique_address]] typename Damping<Damped>::type c = Damping<Damped>::with_default(0.1);  ///< damping rate
  double A = 0.5;          ///< drive amplitude (an acceleration)
  double Omega = 0.7;      ///< drive frequency
  double theta0 = 1.0;     ///< θ at t = 0 (from rest)

  /// θ̈ᵢ = −ω₀²·sin θᵢ − c·θ̇ᵢ + A·cos Ωt, any vector type.
  template <class Vector>
  void operator()(const Vector& q, const Vector& v, Vector& a, double t) const {
    const double drive = A * std::cos(Omega * t);
    for (Eigen::Index i = 0; i < q.size(); ++i)
      a[i] = -omega0_sq * std::sin(q[i]) - c * (Damped ? v[i] : 0.0) + drive;
  }
  core::PhaseState<core::Vec1> initial() const { return {core::Vec1(theta0), core::Vec1(0.0)}; }
};

}  // namespace verisim::reference::problems
