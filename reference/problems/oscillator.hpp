#pragma once
// The linear oscillator m·ẍ + b·ẋ + k·x = F + A·cos Ωt (seed 001 §B.1 eq. (2), a constant force
// F = F_ext·d, and for the forced form a harmonic drive), undamped (Oscillator), damped
// (DampedOscillator) or damped and driven (ForcedOscillator), started at t₀, with a closed form for
// every t.
//   energy  E = ½m·ẋ² + ½k·(x − F/k)²   (conserved without damping and drive; dE/dt = −b·ẋ² + A·cos Ωt·ẋ)
//   exact   reference/analytic/harmonic_oscillator.hpp (every damping regime, the drive's steady state)
// Defaults, the studies' problems (seed 001 §G.2.1 works on the first):
//   Oscillator        m = k = 1 (ω₀ = 1 rad/s), F = 0, from x₀ = 1 at rest at t₀ = 0
//   DampedOscillator  the same with b = 0.2 (ζ = b/(2√(km)) = 0.1, under-damped)
//   ForcedOscillator  the damped one driven by A = 0.5, Ω = 0.7 from t₀ = 1.5 — time-dependent, so
//                     a method whose stages are evaluated at wrong times (c_i) loses its order here
// The undamped one has no damping field (its b is the constant 0), so it can declare
// velocity_independent truthfully; the damped ones are velocity-dependent (splitting methods then
// integrate their kick to their own order, toolkit/integrators/kick_solver.hpp).
// drawn(rng): the ranges `verisim check` draws from (log-uniform over a decade or more each, so that a
// program that forgets m or drops F, b or A is caught); scaled(s): the same problem in other units.
#include <string_view>

#include <Eigen/Core>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "reference/problems/no_damping.hpp"
#include "reference/problems/units.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

/// The drive A·cos Ωt: fields of the forced form only (no_damping.hpp).
template <bool Driven>
using Drive = OptionalParameter<Driven>;

template <bool Damped, bool Driven = false>
struct LinearOscillator {
  static_assert(Damped || !Driven, "the forced oscillator is damped (an undamped drive has a resonance)");
  static constexpr bool velocity_independent = !Damped;
  static constexpr bool time_dependent = Driven;
  static constexpr std::string_view name = Driven ? "forced" : Damped ? "damped" : "oscillator";
  static constexpr std::string_view title =
      Driven ? "forced damped oscillator" : Damped ? "damped oscillator" : "harmonic oscillator";
  using V = core::Vec1;

  double m = 1.0;  ///< mass
  double k = 1.0;  ///< stiffness
  [[no_unique_address]] typename Damping<Damped>::type b = Damping<Damped>::with_default(0.2);  ///< force −b·ẋ
  double force = 0.0;  ///< constant external force along the axis
  [[no_unique_address]] typename Drive<Driven>::type A = Drive<Driven>::with_default(0.5);      ///< drive amplitude (a force)
  [[no_unique_address]] typename Drive<Driven>::type Omega = Drive<Driven>::with_default(0.7);  ///< drive angular frequency
  double x0 = 1.0;     ///< position at t₀
  double v0 = 0.0;     ///< velocity at t₀
  double t0 = Driven ? 1.5 : 0.0;  ///< start time

  analytic::HarmonicOscillator solution() const { return {m, k, b, force, x0, v0, A, Omega, t0}; }

  /// ẍ = (F + A·cos Ωt − k·x − b·ẋ)/m (seed 001 eq. (2) with the drive).
  void operator()(const core::Vec1& q, const core::Vec1& v, core::Vec1& a, double t) const {
    a[0] = solution().acceleration(q[0], Damped ? v[0] : 0.0, t);
  }
  core::PhaseState<core::Vec1> initial() const { return {core::Vec1(x0), core::Vec1(v0)}; }
  core::PhaseState<core::Vec1> exact(double t) const {
    const auto s = solution();
    return {core::Vec1(s.position(t)), core::Vec1(s.velocity(t))};
  }
  double energy(const core::PhaseState<core::Vec1>& x) const {
    const double y = x.q[0] - force / k;
    return 0.5 * m * x.v[0] * x.v[0] + 0.5 * k * y * y;
  }
  /// ∇²V/m = k/m (the Jacobian block of seed 001 §G.2.2 per unit mass; conservative form only).
  Eigen::Matrix<double, 1, 1> hessian(const core::Vec1& /*q*/) const
    requires(!Damped)
  {
    return Eigen::Matrix<double, 1, 1>::Constant(k / m);
  }

  /// √(m/k) = 1/ω₀: the studies' step sizes and final times are given in this unit.
  double time_scale() const { return std::sqrt(m / k); }
  /// The protocol's parameters (docs/check.md), in its order.
  Parameters parameters() const {
    Parameters p{{"m", m}, {"k", k}, {"b", b}, {"F", force}};
    if constexpr (Driven) p.insert(p.end(), {{"A", A}, {"Omega", Omega}});
    return p;
  }
  /// m, k log-uniform in [0.2, 5], F/k in ±[0.2, 1]; damped: ζ in [0.05, 0.3]; forced: A/k in
  /// [0.3, 1], Ω/ω₀ in [0.3, 2.5], t₀·ω₀ in [0.5, 5]; start x₀ − F/k in ±[0.5, 2], v₀/ω₀ in ±[0, 1].
  static LinearOscillator drawn(core::Rng& rng) {
    LinearOscillator p;
    p.m = log_uniform(rng, 0.2, 5.0);
    p.k = log_uniform(rng, 0.2, 5.0);
    const double w0 = std::sqrt(p.k / p.m);
    p.force = random_sign(rng) * p.k * core::uniform(rng, 0.2, 1.0);
    if constexpr (Damped) p.b = 2.0 * core::uniform(rng, 0.05, 0.3) * std::sqrt(p.k * p.m);
    if constexpr (Driven) {
      p.A = p.k * core::uniform(rng, 0.3, 1.0);
      p.Omega = w0 * core::uniform(rng, 0.3, 2.5);
      p.t0 = core::uniform(rng, 0.5, 5.0) / w0;
    }
    p.x0 = p.force / p.k + random_sign(rng) * core::uniform(rng, 0.5, 2.0);
    p.v0 = w0 * core::uniform(rng, -1.0, 1.0);
    return p;
  }
  /// The same problem in units scaled by s (units.hpp).
  LinearOscillator scaled(const Scale& s) const {
    LinearOscillator p = *this;
    p.m = s.mass(m);
    p.k = s.stiffness(k);
    if constexpr (Damped) p.b = s.damping(b);
    p.force = s.force(force);
    if constexpr (Driven) {
      p.A = s.force(A);
      p.Omega = s.rate(Omega);
    }
    p.x0 = s.length(x0);
    p.v0 = s.velocity(v0);
    p.t0 = s.time(t0);
    return p;
  }
  /// How the coordinates scale: q is a length.
  static double q_unit(const Scale& s) { return s.L; }
};

using Oscillator = LinearOscillator<false>;
using DampedOscillator = LinearOscillator<true>;
using ForcedOscillator = LinearOscillator<true, true>;

}  // namespace verisim::reference::problems
