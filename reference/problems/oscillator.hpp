#pragma once
// The linear oscillator m·ẍ + b·ẋ + k·x = F (seed 001 §B.1 eq. (2), a constant force F = F_ext·d),
// undamped (Oscillator) or damped (DampedOscillator), with a closed form for every t.
//   energy  E = ½m·ẋ² + ½k·(x − F/k)²   (conserved without damping; dE/dt = −b·ẋ² with it)
//   exact   reference/analytic/harmonic_oscillator.hpp (every damping regime)
// Defaults, the studies' problems (seed 001 §G.2.1 works on the first):
//   Oscillator        m = k = 1 (ω₀ = 1 rad/s), F = 0, from x₀ = 1 at rest
//   DampedOscillator  the same with b = 0.2 (ζ = b/(2√(km)) = 0.1, under-damped)
// The undamped one has no damping field (its b is the constant 0), so it can declare
// velocity_independent truthfully; the damped one is velocity-dependent (splitting methods then
// integrate their kick to their own order, toolkit/integrators/kick_solver.hpp).
#include <string_view>

#include <Eigen/Core>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "reference/problems/no_damping.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

template <bool Damped>
struct LinearOscillator {
  static constexpr bool velocity_independent = !Damped;
  static constexpr std::string_view name = Damped ? "damped" : "oscillator";
  static constexpr std::string_view title = Damped ? "damped oscillator (ζ = 0.1)" : "harmonic oscillator";
  using V = core::Vec1;

  double m = 1.0;  ///< mass
  double k = 1.0;  ///< stiffness
  [[no_unique_address]] typename Damping<Damped>::type b = Damping<Damped>::with_default(0.2);  ///< force −b·ẋ
  double force = 0.0;  ///< constant external force along the axis
  double x0 = 1.0;     ///< position at t = 0
  double v0 = 0.0;     ///< velocity at t = 0

  analytic::HarmonicOscillator solution() const { return {m, k, b, force, x0, v0}; }

  /// ẍ = (F − k·x − b·ẋ)/m (seed 001 eq. (2)).
  void operator()(const core::Vec1& q, const core::Vec1& v, core::Vec1& a, double /*t*/) const {
    a[0] = solution().acceleration(q[0], Damped ? v[0] : 0.0);
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
};

using Oscillator = LinearOscillator<false>;
using DampedOscillator = LinearOscillator<true>;

}  // namespace verisim::reference::problems
