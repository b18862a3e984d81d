#pragma once
// Explicit Euler (seed 001 §3.1): a first-order Taylor step of E and Ė from the old values.
//   E⁽ⁿ⁾ = E⁽ⁿ⁻¹⁾ + Δt·Ė⁽ⁿ⁻¹⁾,    Ė⁽ⁿ⁾ = Ė⁽ⁿ⁻¹⁾ + Δt·f(Tₙ₋₁, E⁽ⁿ⁻¹⁾, Ė⁽ⁿ⁻¹⁾)
// First-order form: E⁽ⁿ⁾ = E⁽ⁿ⁻¹⁾ + Δt·f(Tₙ₋₁, E⁽ⁿ⁻¹⁾).
// Order 1, not symplectic: the energy of an oscillator grows by (1 + ω²Δt²) per step (seed 001 §G.2.1, α = 0).
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::integrators {

template <class V>
class Euler : public core::OdeintStepperTraits<Euler<V>> {
 public:
  using state_type = core::PhaseState<V>;
  static constexpr core::StepperInfo info{
      "euler", "explicit Euler", 1, false, false, 1, "seed 001 §3.1",
      "velocity-dependent forces: evaluated at the old state, order 1 kept"};

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    core::resize_like(a_, x.v);
    sys(x.q, x.v, a_, t);
    core::scale_sum(core::into(x.q, x.q, core::scaled(dt, x.v)), core::into(x.v, x.v, core::scaled(dt, a_)));
  }

  template <core::FirstOrderSystem<V> Sys>
  void do_step(const Sys& sys, V& y, double t, double dt) {
    core::resize_like(a_, y);
    sys(y, a_, t);
    core::scale_sum(y, y, core::scaled(dt, a_));
  }

 private:
  V a_ = core::zero<V>();
};

}  // namespace verisim::integrators
