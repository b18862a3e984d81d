#pragma once
// Symplectic Euler for non-separable Hamiltonians H(q, p) (seed 001 §G.2.3):
//   pₙ₊₁ = pₙ − Δt·∇_q H(pₙ₊₁, qₙ),     qₙ₊₁ = qₙ + Δt·∇_p H(pₙ₊₁, qₙ)
// The first equation is implicit in pₙ₊₁; it is solved by the fixed-point iteration the seed
// suggests, p⁽ᵏ⁺¹⁾ = pₙ − Δt·∇_q H(p⁽ᵏ⁾, qₙ) from p⁽⁰⁾ = pₙ, until ‖p⁽ᵏ⁺¹⁾ − p⁽ᵏ⁾‖ < ε, with a cap
// and core::NonConvergence past it (same rule as Newmark). Order 1, symplectic (Hairer, Lubich &
// Wanner, GNI Thm VI.3.3). For H = ½pᵀp + V(q) it is Euler-Cromer.
#include <cmath>
#include <limits>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::integrators {

struct FixedPointParameters {
  double epsilon = 1e-14;    ///< stopping rule on ‖p⁽ᵏ⁺¹⁾ − p⁽ᵏ⁾‖ (absolute)
  int max_iterations = 100;  ///< the cap
};

template <class V>
class ImplicitSymplecticEuler : public core::OdeintStepperTraits<ImplicitSymplecticEuler<V>> {
 public:
  using state_type = core::CanonicalState<V>;
  static constexpr core::StepperInfo info{
      "implicit-symplectic-euler", "symplectic Euler for non-separable H (fixed point in p)", 1, true, true,
      2, "seed 001 §G.2.3",
      "takes a Hamiltonian system (grad_q, grad_p) and a core::CanonicalState {q, p}; 1 + iterations "
      "evaluations of ∇_q H and one of ∇_p H per step"};

  ImplicitSymplecticEuler() = default;
  explicit ImplicitSymplecticEuler(FixedPointParameters p) : p_(p) {}
  int last_iterations() const { return iterations_; }

  template <core::HamiltonianSystem<V> Sys>
  void do_step(const Sys& sys, core::CanonicalState<V>& x, double t, double dt) {
    for (V* b : {&p0_, &grad_, &prev_}) core::resize_like(*b, x.p);
    p0_ = x.p;
    double residual = std::numeric_limits<double>::infinity();
    for (iterations_ = 1; iterations_ <= p_.max_iterations; ++iterations_) {
      prev_ = x.p;
      sys.grad_q(x.q, x.p, grad_);  // ∇_q H(p⁽ᵏ⁾, qₙ)
      core::scale_sum(x.p, p0_, core::scaled(-dt, grad_));
      residual = (x.p - prev_).norm();
      if (!std::isfinite(residual)) break;
      if (residual < p_.epsilon) {
        sys.grad_p(x.q, x.p, grad_);  // ∇_p H(pₙ₊₁, qₙ)
        core::scale_sum(x.q, x.q, core::scaled(dt, grad_));
        return;
      }
    }
    throw core::NonConvergence("implicit-symplectic-euler (fixed point in p)", t, dt, residual, p_.max_iterations);
  }

 private:
  FixedPointParameters p_{};
  int iterations_ = 0;
  V p0_ = core::zero<V>(), grad_ = core::zero<V>(), prev_ = core::zero<V>();
};

}  // namespace verisim::integrators
