#pragma once
// The Kepler problem r̈ = −μ·r/|r|³ (seed 003, a comet passing a much heavier planet fixed at the
// origin, μ = G·M) on a bound orbit, unit mass, starting at periapsis on +x.
//   invariants  E = ½|ṙ|² − μ/|r| = −μ/(2a) (vis-viva),  h = x·ẏ − y·ẋ = √(μa(1 − e²)),
//               and the Runge–Lenz vector (the orbit does not precess)
//   exact       reference/analytic/kepler.hpp (Kepler's equation E − e sin E = n·t, Danby (1988) §6.3)
// Default: μ = a = 1, e = 0.6 — the example of Hairer, Lubich & Wanner, Geometric Numerical
// Integration (2006) §I.2.3: q(0) = (1 − e, 0), q̇(0) = (0, √((1 + e)/(1 − e))); period 2π,
// E = −½, h = √(1 − e²) = 0.8.
#include <cmath>
#include <string_view>

#include <Eigen/Core>

#include "reference/analytic/kepler.hpp"
#include "reference/problems/units.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct KeplerProblem {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "kepler";
  static constexpr std::string_view title = "Kepler orbit (e = 0.6)";
  using V = core::Vec2;

  double mu = 1.0;  ///< gravitational parameter G·M
  double a = 1.0;   ///< semi-major axis
  double e = 0.6;   ///< eccentricity, 0 ≤ e < 1
  double t0 = 0.0;  ///< time of the periapsis passage (the start)

  analytic::KeplerOrbit solution() const { return {mu, a, e}; }

  /// r̈ = −μ·r/|r|³.
  void operator()(const core::Vec2& q, const core::Vec2& /*v*/, core::Vec2& acc, double /*t*/) const {
    acc = solution().acceleration(q);
  }
  core::PhaseState<core::Vec2> initial() const { return exact(t0); }
  core::PhaseState<core::Vec2> exact(double t) const {
    const auto o = solution();
    return {o.position(t - t0), o.velocity(t - t0)};
  }
  double period() const { return solution().period(); }
  /// a: the orbit's size.
  double length_scale() const { return a; }
  /// √(a³/μ) = 1/n: the studies' step sizes and final times are given in this unit.
  double time_scale() const { return std::sqrt(a * a * a / mu); }
  /// The protocol's parameters (docs/check.md), in its order.
  Parameters parameters() const { return {{"mu", mu}}; }
  /// μ and a log-uniform in [0.2, 5] and [0.5, 2], e in [0.5, 0.65] (eccentric enough that the
  /// periapsis passage tests the method, as the default e = 0.6 does), t₀·n in [0, 5].
  static KeplerProblem drawn(core::Rng& rng) {
    KeplerProblem p;
    p.mu = log_uniform(rng, 0.2, 5.0);
    p.a = log_uniform(rng, 0.5, 2.0);
    p.e = core::uniform(rng, 0.5, 0.65);
    p.t0 = core::uniform(rng, 0.0, 5.0) * p.time_scale();
    return p;
  }
  /// The same problem in units scaled by s (units.hpp).
  KeplerProblem scaled(const Scale& s) const {
    KeplerProblem p = *this;
    p.mu = s.gravitational(mu);
    p.a = s.length(a);
    p.t0 = s.time(t0);
    return p;
  }
  static double q_unit(const Scale& s) { return s.L; }
  double energy(const core::PhaseState<core::Vec2>& x) const { return 0.5 * x.v.squaredNorm() - mu / x.q.norm(); }
  /// z component of r × ṙ (per unit mass).
  double angular_momentum(const core::PhaseState<core::Vec2>& x) const { return x.q[0] * x.v[1] - x.q[1] * x.v[0]; }
  /// ∇²V for V = −μ/r: μ(I/r³ − 3 r rᵀ/r⁵).
  Eigen::Matrix2d hessian(const core::Vec2& q) const {
    const double r2 = q.squaredNorm(), r = std::sqrt(r2);
    return mu * (Eigen::Matrix2d::Identity() / (r2 * r) - 3.0 * q * q.transpose() / (r2 * r2 * r));
  }
};

}  // namespace verisim::reference::problems
