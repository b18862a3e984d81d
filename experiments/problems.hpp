#pragma once
// The test problems of the verification studies, as second-order systems a = f(t, q, v)
// (toolkit/core/system.hpp), each with its energy, the Hessian of its potential (for the Jacobian of
// seed 001 §G.2.2) and, where one exists, its exact solution (reference/analytic/).
//
//   oscillator         q̈ = −ω²q                       seed 001 §B.1, exact: HarmonicOscillator
//   damped oscillator  q̈ = −ω²q − 2ζωq̇                seed 001 §B.1 eq. (2), exact: HarmonicOscillator
//   pendulum           θ̈ = −(g/L) sin θ               seed 001 §B, exact: Pendulum (Jacobi elliptic)
//   Kepler             r̈ = −μ r/|r|³, μ = a = 1, e = 0.6, start at periapsis   exact: KeplerOrbit
//   Hénon–Heiles       V = ½(x² + y²) + x²y − y³/3    Hénon & Heiles, Astron. J. 69 (1964) 73
// Unit mass throughout: p = v, so "symplectic" below means for dq ∧ dv.
#include <cmath>
#include <string_view>

#include <Eigen/Core>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "reference/analytic/kepler.hpp"
#include "reference/analytic/pendulum.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::experiments {

template <int N>
using Mat = Eigen::Matrix<double, N, N>;

/// Undamped linear oscillator q̈ = −ω²q, started at (x₀, 0).
struct Oscillator {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "oscillator";
  static constexpr std::string_view title = "harmonic oscillator";
  using V = Vec1;
  double omega = 1.0;
  double x0 = 1.0;
  void operator()(const Vec1& q, const Vec1&, Vec1& a, double) const { a = -(omega * omega) * q; }
  PhaseState<Vec1> initial() const { return {Vec1(x0), Vec1(0.0)}; }
  double energy(const PhaseState<Vec1>& x) const {
    return 0.5 * x.v.squaredNorm() + 0.5 * omega * omega * x.q.squaredNorm();
  }
  Mat<1> hessian(const Vec1&) const { return Mat<1>::Constant(omega * omega); }
  reference::analytic::HarmonicOscillator exact_solution() const { return {1.0, omega * omega, 0.0, 0.0, x0, 0.0}; }
  PhaseState<Vec1> exact(double t) const {
    const auto s = exact_solution();
    return {Vec1(s.position(t)), Vec1(s.velocity(t))};
  }
};

/// Damped oscillator q̈ = −ω²q − 2ζωq̇ (velocity-dependent: declares it).
struct DampedOscillator {
  static constexpr bool velocity_independent = false;
  static constexpr std::string_view name = "damped";
  static constexpr std::string_view title = "damped oscillator (ζ = 0.1)";
  using V = Vec1;
  double omega = 1.0;
  double zeta = 0.1;
  double x0 = 1.0;
  void operator()(const Vec1& q, const Vec1& v, Vec1& a, double) const {
    a = -(omega * omega) * q - (2.0 * zeta * omega) * v;
  }
  PhaseState<Vec1> initial() const { return {Vec1(x0), Vec1(0.0)}; }
  double energy(const PhaseState<Vec1>& x) const {
    return 0.5 * x.v.squaredNorm() + 0.5 * omega * omega * x.q.squaredNorm();
  }
  PhaseState<Vec1> exact(double t) const {
    const reference::analytic::HarmonicOscillator s{1.0, omega * omega, 2.0 * zeta * omega, 0.0, x0, 0.0};
    return {Vec1(s.position(t)), Vec1(s.velocity(t))};
  }
};

/// Plane pendulum θ̈ = −(g/L) sin θ released from rest at θ₀ = 1 rad.
struct PendulumProblem {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "pendulum";
  static constexpr std::string_view title = "nonlinear pendulum (θ₀ = 1 rad)";
  using V = Vec1;
  double g = 9.81;
  double L = 1.0;
  double theta0 = 1.0;
  void operator()(const Vec1& q, const Vec1&, Vec1& a, double) const { a[0] = -(g / L) * std::sin(q[0]); }
  PhaseState<Vec1> initial() const { return {Vec1(theta0), Vec1(0.0)}; }
  /// Energy per m·L²: ½θ̇² − (g/L) cos θ.
  double energy(const PhaseState<Vec1>& x) const { return 0.5 * x.v.squaredNorm() - (g / L) * std::cos(x.q[0]); }
  Mat<1> hessian(const Vec1& q) const { return Mat<1>::Constant((g / L) * std::cos(q[0])); }
  PhaseState<Vec1> exact(double t) const {
    const reference::analytic::Pendulum p{g, L, theta0};
    return {Vec1(p.theta(t)), Vec1(p.theta_dot(t))};
  }
  double period() const { return reference::analytic::Pendulum{g, L, theta0}.period(); }
};

/// Kepler problem r̈ = −μ r/|r|³, μ = 1, a = 1, e = 0.6, periapsis on +x at t = 0.
struct KeplerProblem {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "kepler";
  static constexpr std::string_view title = "Kepler orbit (e = 0.6)";
  using V = Vec2;
  double mu = 1.0;
  double a = 1.0;
  double e = 0.6;
  void operator()(const Vec2& q, const Vec2&, Vec2& acc, double) const {
    const double r2 = q.squaredNorm();
    acc = (-mu / (r2 * std::sqrt(r2))) * q;
  }
  reference::analytic::KeplerOrbit orbit() const { return {mu, a, e}; }
  PhaseState<Vec2> initial() const { return exact(0.0); }
  double energy(const PhaseState<Vec2>& x) const { return 0.5 * x.v.squaredNorm() - mu / x.q.norm(); }
  double angular_momentum(const PhaseState<Vec2>& x) const { return x.q[0] * x.v[1] - x.q[1] * x.v[0]; }
  /// ∇²V for V = −μ/r: μ(I/r³ − 3 r rᵀ/r⁵).
  Mat<2> hessian(const Vec2& q) const {
    const double r2 = q.squaredNorm(), r = std::sqrt(r2);
    return mu * (Mat<2>::Identity() / (r2 * r) - 3.0 * q * q.transpose() / (r2 * r2 * r));
  }
  PhaseState<Vec2> exact(double t) const {
    const auto o = orbit();
    return {o.position(t), o.velocity(t)};
  }
};

/// Hénon–Heiles: V = ½(x² + y²) + x²y − y³/3 (Hénon & Heiles, Astron. J. 69 (1964) 73).
struct HenonHeiles {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "henon-heiles";
  static constexpr std::string_view title = "Hénon–Heiles";
  using V = Vec2;
  void operator()(const Vec2& q, const Vec2&, Vec2& a, double) const {
    a[0] = -q[0] - 2.0 * q[0] * q[1];
    a[1] = -q[1] - q[0] * q[0] + q[1] * q[1];
  }
  PhaseState<Vec2> initial() const { return {Vec2(0.0, 0.1), Vec2(0.4, 0.0)}; }
  double energy(const PhaseState<Vec2>& x) const {
    const double X = x.q[0], Y = x.q[1];
    return 0.5 * x.v.squaredNorm() + 0.5 * (X * X + Y * Y) + X * X * Y - Y * Y * Y / 3.0;
  }
  Mat<2> hessian(const Vec2& q) const {
    Mat<2> h;
    h << 1.0 + 2.0 * q[1], 2.0 * q[0], 2.0 * q[0], 1.0 - 2.0 * q[1];
    return h;
  }
};

/// A system wrapper that counts right-hand-side evaluations (work-precision study). The counter is
/// a plain pointer to a caller's integer: no allocation, no virtual call.
template <class Sys>
struct Counting {
  static constexpr bool velocity_independent = Sys::velocity_independent;
  const Sys* sys;
  long long* count;
  template <class V>
  void operator()(const V& q, const V& v, V& a, double t) const {
    ++*count;
    (*sys)(q, v, a, t);
  }
};

/// The step-size ladders of the order and work-precision studies, one place for both so that the
/// two studies measure the same runs: f(problem, final time T, coarsest step count n0).
/// Kepler is measured at t = 2 s, a third of a period past the periapsis passage, not a whole
/// period: there symplectic Euler (conjugate to Störmer–Verlet by a half drift, GNI §VI.4) and
/// Ruth's method return with their leading error term cancelled and measure one order higher.
template <class F>
void for_each_ladder(F&& f) {
  f(Oscillator{}, 10.0, 20L);
  f(DampedOscillator{}, 10.0, 20L);
  f(PendulumProblem{}, 5.0, 50L);
  f(KeplerProblem{}, 2.0, 64L);
}

}  // namespace verisim::experiments
