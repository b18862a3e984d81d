#pragma once
// Newmark's method (N. M. Newmark, "A method of computation for structural dynamics",
// J. Eng. Mech. Div. ASCE 85 (1959) 67), for second-order systems only (seed 001 §3.3).
// With s = f(Tₙ₋₁, E⁽ⁿ⁻¹⁾, Ė⁽ⁿ⁻¹⁾) and r = f(Tₙ, E⁽ⁿ⁾, Ė⁽ⁿ⁾):
//   Ė⁽ⁿ⁾ = Ė⁽ⁿ⁻¹⁾ + Δt·((1 − γ)s + γr)
//   E⁽ⁿ⁾ = E⁽ⁿ⁻¹⁾ + Δt·Ė⁽ⁿ⁻¹⁾ + Δt²·((½ − β)s + βr)
// The seed's method is β = 1/6, γ = 1/2 (linear acceleration): Ė⁽ⁿ⁾ = Ė⁽ⁿ⁻¹⁾ + Δt/2·(r + s),
// E⁽ⁿ⁾ = E⁽ⁿ⁻¹⁾ + Δt·Ė⁽ⁿ⁻¹⁾ + Δt²/3·(r/2 + s). β = 1/4, γ = 1/2 is the average-acceleration
// (trapezoidal) rule, unconditionally stable on the linear oscillator. Both presets take γ = ½,
// which makes the method second order (Newmark 1959; γ ≠ ½ is first order and damps numerically):
// γ is a constant of the class, not a parameter, so the order the presets' core::StepperInfo declares is
// the order of the method that runs.
//
// The implicit equation for r is solved by
//  - Solver::fixed_point, exactly the seed's loop: start from E⁽ⁿ⁾ = E⁽ⁿ⁻¹⁾, Ė⁽ⁿ⁾ = Ė⁽ⁿ⁻¹⁾; repeat
//    q ← E⁽ⁿ⁾, r ← f(Tₙ, E⁽ⁿ⁾, Ė⁽ⁿ⁾), update Ė⁽ⁿ⁾ and E⁽ⁿ⁾, while ‖E⁽ⁿ⁾ − q‖ ≥ ε. It contracts only
//    when βΔt²‖∂f/∂q‖ + γΔt‖∂f/∂v‖ < 1 (ω·Δt < √6 for the seed's β on an oscillator), which is
//    tighter than the method's own stability limit ω·Δt < 2√3;
//  - Solver::newton: Newton on G(r) = r − f(Tₙ, E(r), Ė(r)) with a forward-difference Jacobian
//    (n extra evaluations per iteration), same stopping rule on E; reaches the stability limit.
// Both stop after `max_iterations` and throw core::NonConvergence naming t, Δt, the last residual and
// the cap; a NaN residual stops at once. Never an endless loop.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <Eigen/LU>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::integrators {

struct NewmarkParameters {
  double beta = 1.0 / 6.0;    ///< seed 001 §3.3
  double epsilon = 1e-12;     ///< ε of the seed's stopping rule ‖E⁽ⁿ⁾ − q‖ < ε (absolute, state units)
  int max_iterations = 100;   ///< the cap
  enum class Solver { fixed_point, newton } solver = Solver::fixed_point;
};

namespace newmark {
/// The seed's method: β = 1/6, γ = 1/2 (linear acceleration), solved by the seed's fixed-point loop.
struct LinearAcceleration {
  static constexpr NewmarkParameters defaults{};
  static constexpr core::StepperInfo info{
      "newmark", "Newmark β = 1/6, γ = 1/2 (seed's fixed-point loop)", 2, false, true, 2,
      "seed 001 §3.3; Newmark, J. Eng. Mech. Div. ASCE 85 (1959) 67",
      "implicit: 1 + iterations evaluations per step; seed 001 §G.1 calls it symplectic: it is not for "
      "the canonical form, it conserves a nearby non-canonical one when γ = 1/2 (Kane, Marsden, "
      "Ortiz & West, Int. J. Numer. Meth. Eng. 49 (2000) 1295)"};
};
/// The average-acceleration (trapezoidal) rule β = 1/4, γ = 1/2, solved by Newton so that its
/// unconditional stability is usable at large ω·Δt.
struct AverageAcceleration {
  static constexpr NewmarkParameters defaults{0.25, 1e-12, 100, NewmarkParameters::Solver::newton};
  static constexpr core::StepperInfo info{
      "newmark-avg", "Newmark β = 1/4, γ = 1/2 (average acceleration, Newton)", 2, false, true, 2,
      "Newmark, J. Eng. Mech. Div. ASCE 85 (1959) 67; Hughes, The Finite Element Method (1987) §9.1",
      "implicit: Newton with a finite-difference Jacobian, (1 + n)·iterations + 1 evaluations per step"};
};
}  // namespace newmark

template <class V, class Preset = newmark::LinearAcceleration>
class Newmark : public core::OdeintStepperTraits<Newmark<V, Preset>> {
 public:
  using state_type = core::PhaseState<V>;
  using Solver = NewmarkParameters::Solver;
  static constexpr core::StepperInfo info = Preset::info;
  static constexpr double kGamma = 0.5;  ///< seed 001 §3.3; the order 2 of info (see the top of this file)

  Newmark() = default;
  explicit Newmark(NewmarkParameters p) : p_(p) {}
  const NewmarkParameters& parameters() const { return p_; }
  /// Iterations taken by the last step.
  int last_iterations() const { return iterations_; }

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    for (V* b : {&s_, &r_, &q_, &q0_, &v0_}) core::resize_like(*b, x.q);
    q0_ = x.q;
    v0_ = x.v;
    sys(q0_, v0_, s_, t);  // s ← f(Tₙ₋₁, E⁽ⁿ⁻¹⁾, Ė⁽ⁿ⁻¹⁾)
    const double t1 = t + dt;
    if (p_.solver == Solver::fixed_point)
      fixed_point(sys, x, t, t1, dt);
    else
      newton(sys, x, t, t1, dt);
  }

 private:
  // E and Ė from r (the two update formulas above):
  //   Ė = Ė⁽ⁿ⁻¹⁾ + Δt(1 − γ)·s + Δtγ·r,   E = E⁽ⁿ⁻¹⁾ + Δt·Ė⁽ⁿ⁻¹⁾ + Δt²(½ − β)·s + Δt²β·r
  void update(const V& r, V& q, V& v, double dt) const {
    using core::scaled;
    const double h2 = dt * dt;
    core::scale_sum(v, v0_, scaled(dt * (1.0 - kGamma), s_), scaled(dt * kGamma, r));
    core::scale_sum(q, q0_, scaled(dt, v0_), scaled(h2 * (0.5 - p_.beta), s_), scaled(h2 * p_.beta, r));
  }

  template <class Sys>
  void fixed_point(const Sys& sys, core::PhaseState<V>& x, double t, double t1, double dt) {
    double residual = std::numeric_limits<double>::infinity();
    for (iterations_ = 1; iterations_ <= p_.max_iterations; ++iterations_) {
      q_ = x.q;              // q ← E⁽ⁿ⁾
      sys(x.q, x.v, r_, t1); // r ← f(Tₙ, E⁽ⁿ⁾, Ė⁽ⁿ⁾)
      update(r_, x.q, x.v, dt);
      residual = (x.q - q_).norm();
      if (!std::isfinite(residual)) break;
      if (residual < p_.epsilon) return;  // the seed's "tant que ‖E⁽ⁿ⁾ − q‖ ≥ ε"
    }
    throw core::NonConvergence("newmark (fixed point)", t, dt, residual, p_.max_iterations);
  }

  template <class Sys>
  void newton(const Sys& sys, core::PhaseState<V>& x, double t, double t1, double dt) {
    const Eigen::Index n = x.q.size();
    if (jac_.rows() != n) jac_.resize(n, n);  // dynamic size: first step only
    for (V* b : {&g_, &gp_, &rp_, &fp_, &rs_, &qp_, &vp_}) core::resize_like(*b, x.q);
    r_ = s_;  // initial guess: the old acceleration
    double residual = std::numeric_limits<double>::infinity();
    for (iterations_ = 1; iterations_ <= p_.max_iterations; ++iterations_) {
      update(r_, x.q, x.v, dt);
      sys(x.q, x.v, fp_, t1);
      core::scale_sum(g_, r_, core::scaled(-1.0, fp_));  // G(r) = r − f
      // Forward-difference Jacobian of G, step √ε·max(1, |r_j|) (Dennis & Schnabel (1983) §5.4).
      rs_ = r_;
      for (Eigen::Index j = 0; j < n; ++j) {
        const double h = 1.4901161193847656e-08 * std::max(1.0, std::abs(rs_[j]));
        r_ = rs_;
        r_[j] += h;
        update(r_, qp_, vp_, dt);
        sys(qp_, vp_, rp_, t1);
        core::scale_sum(gp_, r_, core::scaled(-1.0, rp_));
        jac_.col(j) = (gp_ - g_) / h;
      }
      if (!lu_ || lu_->rows() != n) lu_.emplace(n);
      lu_->compute(jac_);
      gp_ = lu_->solve(g_);  // evaluated into gp_'s storage: no temporary
      core::scale_sum(r_, rs_, core::scaled(-1.0, gp_));
      q_ = x.q;
      update(r_, x.q, x.v, dt);
      residual = (x.q - q_).norm();
      if (!std::isfinite(residual)) break;
      if (residual < p_.epsilon) return;
    }
    throw core::NonConvergence("newmark (newton)", t, dt, residual, p_.max_iterations);
  }

  NewmarkParameters p_ = Preset::defaults;
  int iterations_ = 0;
  using Mat = Eigen::Matrix<double, V::RowsAtCompileTime, V::RowsAtCompileTime>;
  // s, r: the seed's old and new accelerations; q: the seed's previous iterate of E⁽ⁿ⁾.
  V s_ = core::zero<V>(), r_ = core::zero<V>(), q_ = core::zero<V>();
  V q0_ = core::zero<V>(), v0_ = core::zero<V>();
  // Newton's buffers: G(r), G(r + h eⱼ), f there, the saved r, the perturbed state.
  V g_ = core::zero<V>(), gp_ = core::zero<V>(), rp_ = core::zero<V>(), fp_ = core::zero<V>();
  V rs_ = core::zero<V>(), qp_ = core::zero<V>(), vp_ = core::zero<V>();
  Mat jac_ = core::zero<Mat>();
  std::optional<Eigen::PartialPivLU<Mat>> lu_;  // built on the first Newton step, then reused
};

}  // namespace verisim::integrators

namespace verisim::integrators {
template <class V>
using NewmarkAverage = Newmark<V, newmark::AverageAcceleration>;
}  // namespace verisim::integrators
