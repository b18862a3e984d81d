#pragma once
// The one-parameter family of "Eulerian" steps of seed 001 §G.2, for a force −∇V(x) that does not
// depend on v, with a = −∇V/m = f(t, x):
//   xₙ₊₁ = xₙ + Δt·vₙ − αΔt²/m·∇Vₙ = (xₙ + Δt·vₙ) + αΔt²·aₙ,   vₙ₊₁ = vₙ − Δt/m·∇Vₙ = vₙ + Δt·aₙ
// α = 0: explicit Euler; α = ½: the Taylor step that neglects the derivatives of the acceleration;
// α = 1: Euler-Cromer. Order 1 for every α; symplectic only for α = 1 (seed 001 §G.2.2:
// MᵀJM = J + (1 − α)Δt²/m·[[0, ∇²V], [−∇²V, 0]]). The drift study measures its energy change per
// period against seed 001 §G.2.1. Evaluated as written above, α = 0 gives explicit Euler's numbers
// and α = 1 Euler-Cromer's (splitting.hpp's expanded kick-drift), to the bit. Not in the registry:
// it exists for that study (a velocity-dependent f is evaluated at the old state, as Euler does).
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::integrators {

template <class V>
class AlphaFamily : public core::OdeintStepperTraits<AlphaFamily<V>> {
 public:
  using state_type = core::PhaseState<V>;
  static constexpr core::StepperInfo info{
      "alpha-family", "seed 001 §G.2 family x⁺ = x + Δt·v + αΔt²·a, v⁺ = v + Δt·a", 1, false, false, 1,
      "seed 001 §G.2", "α = 0 explicit Euler, α = ½ Taylor, α = 1 Euler-Cromer (the only symplectic member, §G.2.2)"};

  explicit AlphaFamily(double alpha) : alpha_(alpha) {}
  double alpha() const { return alpha_; }

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    using core::into, core::scaled;
    core::resize_like(a_, x.v);
    sys(x.q, x.v, a_, t);  // aₙ = −∇Vₙ/m
    core::scale_sum(into(x.q, x.q, scaled(dt, x.v), scaled(alpha_ * dt * dt, a_)), into(x.v, x.v, scaled(dt, a_)));
  }

 private:
  double alpha_;
  V a_ = core::zero<V>();
};

}  // namespace verisim::integrators
