#pragma once
// The undamped linear oscillator m·ẍ + k·x = F (seed 001 §B.1 eq. (2) with b = 0 and a constant
// force F = F_ext·d): the simplest conservative problem, with a closed form for every t.
//   energy  E = ½m·ẋ² + ½k·(x − F/k)²   (conserved; zero at rest at the equilibrium F/k)
//   exact   reference/analytic/harmonic_oscillator.hpp (x = F/k + (x₀ − F/k) cos ω₀t + (v₀/ω₀) sin ω₀t)
// Default: m = k = 1 (ω₀ = 1 rad/s), F = 0, released at x₀ = 1 from rest — the problem of the
// order, drift, symplecticity and stability studies (seed 001 §G.2.1 works on it).
// Velocity-independent: the damped oscillator is the separate type DampedOscillator, so this one
// has no damping coefficient to get wrong.
#include <string_view>

#include <Eigen/Core>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct Oscillator {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "oscillator";
  static constexpr std::string_view title = "harmonic oscillator";
  using V = Vec1;

  double m = 1.0;      ///< mass
  double k = 1.0;      ///< stiffness
  double force = 0.0;  ///< constant external force along the axis
  double x0 = 1.0;     ///< position at t = 0
  double v0 = 0.0;     ///< velocity at t = 0

  analytic::HarmonicOscillator solution() const { return {m, k, 0.0, force, x0, v0}; }

  /// ẍ = (F − k·x)/m (seed 001 eq. (2)).
  void operator()(const Vec1& q, const Vec1& /*v*/, Vec1& a, double /*t*/) const {
    a[0] = solution().acceleration(q[0], 0.0);
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
  /// ∇²V/m = k/m (the Jacobian block of seed 001 §G.2.2 per unit mass).
  Eigen::Matrix<double, 1, 1> hessian(const Vec1& /*q*/) const {
    return Eigen::Matrix<double, 1, 1>::Constant(k / m);
  }
};

}  // namespace verisim::reference::problems
