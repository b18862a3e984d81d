#pragma once
// The damped, forced linear oscillator m·ẍ + b·ẋ + k·x = F (seed 001 §B.1 eq. (2)),
// velocity-dependent (declares velocity_independent = false: splitting methods then integrate
// their kick to their own order, toolkit/integrators/kick_solver.hpp).
//   energy  E = ½m·ẋ² + ½k·(x − F/k)²,  dE/dt = −b·ẋ² ≤ 0
//   exact   reference/analytic/harmonic_oscillator.hpp, every damping regime
// Default: m = k = 1, b = 0.2 (ζ = b/(2√(km)) = 0.1, under-damped), F = 0, from x₀ = 1 at rest —
// the "damped" problem of the order and work-precision studies.
#include <string_view>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct DampedOscillator {
  static constexpr bool velocity_independent = false;
  static constexpr std::string_view name = "damped";
  static constexpr std::string_view title = "damped oscillator (ζ = 0.1)";
  using V = Vec1;

  double m = 1.0;      ///< mass
  double k = 1.0;      ///< stiffness
  double b = 0.2;      ///< linear damping coefficient (force −b·ẋ)
  double force = 0.0;  ///< constant external force along the axis
  double x0 = 1.0;     ///< position at t = 0
  double v0 = 0.0;     ///< velocity at t = 0

  analytic::HarmonicOscillator solution() const { return {m, k, b, force, x0, v0}; }

  /// ẍ = (F − k·x − b·ẋ)/m (seed 001 eq. (2)).
  void operator()(const Vec1& q, const Vec1& v, Vec1& a, double /*t*/) const {
    a[0] = solution().acceleration(q[0], v[0]);
  }
  PhaseState<Vec1> initial() const { return {Vec1(x0), Vec1(v0)}; }
  PhaseState<Vec1> exact(double t) const {
    const auto s = solution();
    return {Vec1(s.position(t)), Vec1(s.velocity(t))};
  }
  double energy(const PhaseState<Vec1>& x) const {
    const double y = x.q[0] - force / k;
    return 0.5 * m * x.v[0] * x.v[0] + 0.5 * k * y * y;
  }
};

}  // namespace verisim::reference::problems
