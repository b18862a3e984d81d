#pragma once
// Classical Runge-Kutta of order 4 (Kutta 1901), exactly the stages of seed 001 §3.4.
//
// Second-order form (§3.4.1), with k the velocity stages and k′ the acceleration stages:
//   k₁ = Ė,               k′₁ = f(Tₙ₋₁,        E,            Ė)
//   k₂ = Ė + Δt/2·k′₁,    k′₂ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₁, Ė + Δt/2·k′₁)
//   k₃ = Ė + Δt/2·k′₂,    k′₃ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₂, Ė + Δt/2·k′₂)
//   k₄ = Ė + Δt·k′₃,      k′₄ = f(Tₙ,          E + Δt·k₃,   Ė + Δt·k′₃)
//   E⁽ⁿ⁾ = E + Δt/6 (k₁ + 2k₂ + 2k₃ + k₄),  Ė⁽ⁿ⁾ = Ė + Δt/6 (k′₁ + 2k′₂ + 2k′₃ + k′₄)
// First-order form (§3.4.2): k₁ = f(Tₙ₋₁, E), k₂ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₁),
//   k₃ = f(Tₙ₋₁ + Δt/2, E + Δt/2·k₂), k₄ = f(Tₙ, E + Δt·k₃), E⁽ⁿ⁾ = E + Δt/6 (k₁ + 2k₂ + 2k₃ + k₄).
// Not symplectic: on the oscillator the energy factor per step is 1 − θ⁶/72 + θ⁸/576, θ = ωΔt.
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::integrators {

template <class V>
class Rk4 : public core::OdeintStepperTraits<4> {
 public:
  using state_type = PhaseState<V>;
  static constexpr StepperInfo info{
      "rk4", "classical Runge-Kutta 4", 4, false, false, 4, "seed 001 §3.4",
      "velocity-dependent forces: handled exactly as any first-order system, order 4 kept"};

  template <SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, PhaseState<V>& x, double t, double dt) {
    const double h2 = 0.5 * dt;
    for (V* b : {&k2_, &k3_, &k4_, &kp1_, &kp2_, &kp3_, &kp4_, &qs_}) core::resize_like(*b, x.q);
    // k₁ = Ė needs no copy: x.v is read until the final update.
    sys(x.q, x.v, kp1_, t);
    k2_ = x.v + h2 * kp1_;
    qs_ = x.q + h2 * x.v;
    sys(qs_, k2_, kp2_, t + h2);                    // Ė + Δt/2·k′₁ is k₂
    k3_ = x.v + h2 * kp2_;
    qs_ = x.q + h2 * k2_;
    sys(qs_, k3_, kp3_, t + h2);                    // Ė + Δt/2·k′₂ is k₃
    k4_ = x.v + dt * kp3_;
    qs_ = x.q + dt * k3_;
    sys(qs_, k4_, kp4_, t + dt);                    // Ė + Δt·k′₃ is k₄
    const double h6 = dt / 6.0;
    x.q += h6 * (x.v + 2.0 * k2_ + 2.0 * k3_ + k4_);
    x.v += h6 * (kp1_ + 2.0 * kp2_ + 2.0 * kp3_ + kp4_);
  }

  template <FirstOrderSystem<V> Sys>
  void do_step(const Sys& sys, V& y, double t, double dt) {
    const double h2 = 0.5 * dt;
    for (V* b : {&kp1_, &kp2_, &kp3_, &kp4_, &qs_}) core::resize_like(*b, y);
    sys(y, kp1_, t);
    qs_ = y + h2 * kp1_;
    sys(qs_, kp2_, t + h2);
    qs_ = y + h2 * kp2_;
    sys(qs_, kp3_, t + h2);
    qs_ = y + dt * kp3_;
    sys(qs_, kp4_, t + dt);
    y += (dt / 6.0) * (kp1_ + 2.0 * kp2_ + 2.0 * kp3_ + kp4_);
  }

 private:
  V k2_ = core::zero<V>(), k3_ = core::zero<V>(), k4_ = core::zero<V>();                         // velocity stages
  V kp1_ = core::zero<V>(), kp2_ = core::zero<V>(), kp3_ = core::zero<V>(), kp4_ = core::zero<V>();  // k′ stages
  V qs_ = core::zero<V>();                                                                        // stage position
};

}  // namespace verisim::integrators
