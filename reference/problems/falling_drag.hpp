#pragma once
// A ball thrown up and falling under gravity with linear air drag, ÿ = −g − c·ẏ (c = b/m, the drag per unit
// mass; velocity-dependent), from height y₀ with velocity v₀ at t₀, until it reaches the ground y = 0: the
// event problem of the adaptive study (a bouncing ball's first contact located through the dense output,
// docs/adaptive.md "Events"), with an impact time that is transcendental, so no step lands on it by accident.
//   exact   with τ = t − t₀, v′ + c·v = −g has the integrating factor e^{cτ} (Kreyszig (2011) §1.5):
//             v(τ) = −g/c + (v₀ + g/c)·e^{−cτ}                    (−g/c the terminal velocity)
//             y(τ) = y₀ − g·τ/c + (v₀ + g/c)·(1 − e^{−cτ})/c       (y₀ + ∫₀^τ v)
//           (Taylor, Classical Mechanics (2005) §2.2, vertical motion with linear resistance); 1 − e^{−cτ} as
//           −expm1(−cτ), in long double, rounded once.
//   impact  y(τ*) = 0: τ* appears both linearly and in an exponential (no elementary closed form). With
//           v₀ > −g/c, y″ = −c·(v₀ + g/c)·e^{−cτ} < 0: y is concave, positive at 0, so it has one root τ* > 0
//           with ẏ(τ*) < 0, and Newton's iteration started right of it (where y < 0) falls monotonically onto
//           it (a concave function lies below its tangents). y(τ) ≤ y₀ − gτ/c + (v₀ + g/c)/c, which is < 0 for
//           τ > τₛ = (c·y₀ + v₀ + g/c)/g: Newton starts at 2τₛ, in long double, to 4 ulps.
// Default: g = 9.81 m/s², c = 0.5 /s (terminal speed 19.6 m/s), y₀ = 10 m, v₀ = 5 m/s up, t₀ = 0: the ball
// rises 0.45 s and lands at t* = 2.17233 s at 11.31 m/s.
#include <cmath>
#include <limits>
#include <string_view>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct FallingWithDrag {
  static constexpr bool velocity_independent = false;
  static constexpr std::string_view name = "falling-drag";
  static constexpr std::string_view title = "ball thrown up, falling with linear drag to the ground";
  using V = core::Vec1;

  double g = 9.81;  ///< gravitational acceleration
  double c = 0.5;   ///< drag per unit mass [1/s]
  double y0 = 10.0; ///< height at t₀
  double v0 = 5.0;  ///< vertical velocity at t₀ (up: > 0)
  double t0 = 0.0;  ///< start time

  /// ÿ = −g − c·ẏ.
  void operator()(const core::Vec1& /*q*/, const core::Vec1& v, core::Vec1& a, double /*t*/) const {
    a[0] = -g - c * v[0];
  }
  core::PhaseState<core::Vec1> initial() const { return {core::Vec1(y0), core::Vec1(v0)}; }
  core::PhaseState<core::Vec1> exact(double t) const {
    const long double tau = static_cast<long double>(t) - t0;
    return {core::Vec1(static_cast<double>(height(tau))), core::Vec1(static_cast<double>(velocity(tau)))};
  }
  /// The event function: the height above the ground, g(x) = y.
  static double ground_gap(const core::PhaseState<core::Vec1>& x) { return x.q[0]; }
  /// The time t* = t₀ + τ* of the first contact with the ground (see the top), rounded once to double.
  double impact_time() const {
    const long double gc = static_cast<long double>(g) / c;
    long double tau = 2.0L * (static_cast<long double>(c) * y0 + v0 + gc) / g;  // 2τₛ: y < 0 there
    for (int it = 0; it < 100; ++it) {
      const long double step = height(tau) / velocity(tau);  // Newton: τ ← τ − y/ẏ
      tau -= step;
      if (std::fabs(step) <= 4.0L * std::numeric_limits<long double>::epsilon() * tau) break;
    }
    return static_cast<double>(t0 + tau);
  }

 private:
  long double velocity(long double tau) const {
    const long double gc = static_cast<long double>(g) / c;
    return -gc + (v0 + gc) * std::exp(-static_cast<long double>(c) * tau);
  }
  long double height(long double tau) const {
    const long double cl = c, gc = static_cast<long double>(g) / c;
    return y0 - gc * tau - (v0 + gc) * std::expm1(-cl * tau) / cl;
  }
};

}  // namespace verisim::reference::problems
