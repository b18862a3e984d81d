#pragma once
// The damped, driven pendulum θ̈ = −ω₀²·sin θ − c·θ̇ + A·cos Ωt (Baker & Gollub, Chaotic Dynamics:
// An Introduction, 2nd ed. (1996)), applied to every component of q — uncoupled copies, so
// one system serves fixed-size and dynamic vectors alike. Nonlinear and time-dependent; with
// damping velocity-dependent: the general test input f(t, q, v) for the steppers' arithmetic
// (hand computations, odeint step for step, fixed against dynamic sizes).
//   invariants  none (the drive does work); exact: no closed form — exact(t) is a reference run in
//               long double (reference/odeint/reference_run.hpp: Fehlberg 7(8) at τ = 1e-17, its own
//               error estimate ~1e-16 over the studies' runs, far below the errors they measure)
// Default: ω₀² = g/L = 1, c = 0.1, A = 0.5, Ω = 0.7, from θ = 1 at rest at t₀ = 0 (the studies' ladder
// starts it at t₀ = 2). DrivenPendulum<false> has no damping field (velocity-independent: the splitting
// methods' exact kick).
// drawn(rng): the ranges `verisim check` draws from, kept in the periodic (non-chaotic) regime of
// small drives A < 0.5·ω₀² with c ≥ 0.1·ω₀ (Baker & Gollub §3: chaos needs A ≈ 1.1·ω₀² at c = 0.5·ω₀),
// so that an error at one step is not amplified exponentially over the run.
#include <cmath>
#include <string_view>

#include <Eigen/Core>

#include "reference/problems/no_damping.hpp"
#include "reference/problems/units.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

template <bool Damped>
struct DrivenPendulum {
  static constexpr bool velocity_independent = !Damped;
  static constexpr bool time_dependent = true;
  static constexpr std::string_view name = Damped ? "driven-pendulum" : "driven-pendulum-undamped";
  static constexpr std::string_view title = Damped ? "damped, driven pendulum" : "driven pendulum";
  using V = core::Vec1;

  double g = 1.0;          ///< gravitational acceleration
  double L = 1.0;          ///< length (ω₀² = g/L)
  [[no_unique_address]] typename Damping<Damped>::type c = Damping<Damped>::with_default(0.1);  ///< damping rate
  double A = 0.5;          ///< drive amplitude (an acceleration)
  double Omega = 0.7;      ///< drive frequency
  double theta0 = 1.0;     ///< θ at t₀ (from rest)
  double t0 = 0.0;         ///< start time

  /// θ̈ᵢ = −ω₀²·sin θᵢ − c·θ̇ᵢ + A·cos Ωt, any vector type.
  template <class Vector, class Time>
  void operator()(const Vector& q, const Vector& v, Vector& a, Time t) const {
    using S = typename Vector::Scalar;
    for (Eigen::Index i = 0; i < q.size(); ++i) a[i] = acceleration<S>(q[i], v[i], S(t));
  }
  /// θ̈ = −(g/L)·sin θ − c·θ̇ + A·cos Ωt in any floating-point type S (double, long double,
  /// Boost.Multiprecision: the reference run evaluates it in a wider type than the methods).
  template <class S>
  S acceleration(const S& q, const S& v, const S& t) const {
    using std::cos, std::sin;
    return -(S(g) / S(L)) * sin(q) - S(static_cast<double>(c)) * (Damped ? v : S(0)) + S(A) * cos(S(Omega) * t);
  }
  core::PhaseState<core::Vec1> initial() const { return {core::Vec1(theta0), core::Vec1(0.0)}; }
  /// The state at t ≥ t₀, by the reference run (in long double) from the start (driven_pendulum.cpp: the
  /// run's headers stay out of every file that includes the catalogue).
  core::PhaseState<core::Vec1> exact(double t) const;

  /// √(L/g) = 1/ω₀: the studies' step sizes and final times are given in this unit.
  double time_scale() const { return std::sqrt(L / g); }
  /// The protocol's parameters (docs/check.md), in its order.
  Parameters parameters() const { return {{"g", g}, {"L", L}, {"c", c}, {"A", A}, {"Omega", Omega}}; }
  /// g in [1, 25], L log-uniform in [0.2, 5]; with ω₀ = √(g/L): c/ω₀ in [0.1, 0.5], A/ω₀² in
  /// [0.1, 0.5], Ω/ω₀ in [0.4, 1.6], θ₀ in ±[0.2, 1.5], t₀·ω₀ in [0.5, 5].
  static DrivenPendulum drawn(core::Rng& rng) {
    DrivenPendulum p;
    p.g = core::uniform(rng, 1.0, 25.0);
    p.L = log_uniform(rng, 0.2, 5.0);
    const double w0 = std::sqrt(p.g / p.L);
    if constexpr (Damped) p.c = w0 * core::uniform(rng, 0.1, 0.5);
    p.A = w0 * w0 * core::uniform(rng, 0.1, 0.5);
    p.Omega = w0 * core::uniform(rng, 0.4, 1.6);
    p.theta0 = random_sign(rng) * core::uniform(rng, 0.2, 1.5);
    p.t0 = core::uniform(rng, 0.5, 5.0) / w0;
    return p;
  }
  /// The same problem in units scaled by s (units.hpp); θ is an angle.
  DrivenPendulum scaled(const Scale& s) const {
    DrivenPendulum p = *this;
    p.g = s.acceleration(g);
    p.L = s.length(L);
    if constexpr (Damped) p.c = s.rate(c);
    p.A = s.rate(s.rate(A));  // an angular acceleration: 1/s²
    p.Omega = s.rate(Omega);
    p.t0 = s.time(t0);
    return p;
  }
  static double q_unit(const Scale&) { return 1.0; }
};

extern template struct DrivenPendulum<true>;
extern template struct DrivenPendulum<false>;

}  // namespace verisim::reference::problems
