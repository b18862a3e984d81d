#pragma once
// Classical Runge-Kutta of order 4 (Kutta 1901), exactly the stages of seed 001 §3.4.
//
// Second-order form (§3.4.1), with k the velocity stages and k′ the acceleration stages:
//   k₁ = Ė,               k′₁ = f(Tₙ₋₁,        E,            Ė)
//   k₂ = Ė + Δt/2·k′₁,    k′₂ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₁, Ė + Δt/2·k′₁)
//   k₃ = Ė + Δt/2·k′₂,    k′₃ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₂, Ė + Δt/2·k′₂)
//   k₄ = Ė + Δt·k′₃,      k′₄ = f(Tₙ,          E + Δt·k₃,   Ė + Δt·k′₃)
//   E⁽ⁿ⁾ = E + Δt/6 (k₁ + 2k₂ + 2k₃ + k₄),  Ė⁽ⁿ⁾ = Ė + Δt/6 (k′₁ + 2k′₂ + 2k′₃ + k′₄)
//   (evaluated as E + Δt/6·k₁ + Δt/3·k₂ + Δt/3·k₃ + Δt/6·k₄, as Boost.Odeint's runge_kutta4)
// First-order form (§3.4.2): k₁ = f(Tₙ₋₁, E), k₂ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₁),
//   k₃ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₂), k₄ = f(Tₙ, E + Δt·k₃), E⁽ⁿ⁾ = E + Δt/6 (k₁ + 2k₂ + 2k₃ + k₄).
// Not symplectic: on the oscillator the energy factor per step is 1 − θ⁶/72 + θ⁸/576, θ = ωΔt.
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::integrators {

template <class V>
class Rk4 : public core::OdeintStepperTraits<Rk4<V>> {
 public:
  using state_type = core::PhaseState<V>;
  static constexpr core::StepperInfo info{
      "rk4", "classical Runge-Kutta 4", 4, false, false, 4, "seed 001 §3.4",
      "velocity-dependent forces: handled exactly as any first-order system, order 4 kept"};

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    using core::into, core::scaled;
    const double h2 = 0.5 * dt, h3 = dt / 3.0, h6 = dt / 6.0;
    for (V* b : {&k2_, &k3_, &k4_, &kp1_, &kp2_, &kp3_, &kp4_, &qs_}) core::resize_like(*b, x.q);
    // k₁ = Ė needs no copy: x.v is read until the final update.
    sys(x.q, x.v, kp1_, t);
    core::scale_sum(into(k2_, x.v, scaled(h2, kp1_)), into(qs_, x.q, scaled(h2, x.v)));  // k₂, E + Δt/2·k₁
    sys(qs_, k2_, kp2_, t + h2);
    core::scale_sum(into(k3_, x.v, scaled(h2, kp2_)), into(qs_, x.q, scaled(h2, k2_)));  // k₃, E + Δt/2·k₂
    sys(qs_, k3_, kp3_, t + h2);
    core::scale_sum(into(k4_, x.v, scaled(dt, kp3_)), into(qs_, x.q, scaled(dt, k3_)));  // k₄, E + Δt·k₃
    sys(qs_, k4_, kp4_, t + dt);
    // E⁽ⁿ⁾ = E + Δt/6·k₁ + Δt/3·k₂ + Δt/3·k₃ + Δt/6·k₄ (k₁ = the old Ė), Ė⁽ⁿ⁾ likewise from the k′
    core::scale_sum(into(x.q, x.q, scaled(h6, x.v), scaled(h3, k2_), scaled(h3, k3_), scaled(h6, k4_)),
                    into(x.v, x.v, scaled(h6, kp1_), scaled(h3, kp2_), scaled(h3, kp3_), scaled(h6, kp4_)));
  }

  template <core::FirstOrderSystem<V> Sys>
  void do_step(const Sys& sys, V& y, double t, double dt) {
    using core::scaled;
    const double h2 = 0.5 * dt, h3 = dt / 3.0, h6 = dt / 6.0;
    for (V* b : {&kp1_, &kp2_, &kp3_, &kp4_, &qs_}) core::resize_like(*b, y);
    sys(y, kp1_, t);
    core::scale_sum(qs_, y, scaled(h2, kp1_));
    sys(qs_, kp2_, t + h2);
    core::scale_sum(qs_, y, scaled(h2, kp2_));
    sys(qs_, kp3_, t + h2);
    core::scale_sum(qs_, y, scaled(dt, kp3_));
    sys(qs_, kp4_, t + dt);
    core::scale_sum(y, y, scaled(h6, kp1_), scaled(h3, kp2_), scaled(h3, kp3_), scaled(h6, kp4_));
  }

 private:
  V k2_ = core::zero<V>(), k3_ = core::zero<V>(), k4_ = core::zero<V>();                         // velocity stages
  V kp1_ = core::zero<V>(), kp2_ = core::zero<V>(), kp3_ = core::zero<V>(), kp4_ = core::zero<V>();  // k′ stages
  V qs_ = core::zero<V>();                                                                        // stage position
};

}  // namespace verisim::integrators
