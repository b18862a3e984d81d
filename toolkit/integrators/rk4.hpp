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
#include "toolkit/core/assign.hpp"
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
    stage(x.q, x.v, x.v, kp1_, h2, k2_, qs_);  // k₂ = Ė + Δt/2·k′₁, position E + Δt/2·k₁
    sys(qs_, k2_, kp2_, t + h2);
    stage(x.q, x.v, k2_, kp2_, h2, k3_, qs_);  // k₃ = Ė + Δt/2·k′₂, position E + Δt/2·k₂
    sys(qs_, k3_, kp3_, t + h2);
    stage(x.q, x.v, k3_, kp3_, dt, k4_, qs_);  // k₄ = Ė + Δt·k′₃, position E + Δt·k₃
    sys(qs_, k4_, kp4_, t + dt);
    finish(x, dt / 6.0);
  }

  template <FirstOrderSystem<V> Sys>
  void do_step(const Sys& sys, V& y, double t, double dt) {
    const double h2 = 0.5 * dt;
    for (V* b : {&kp1_, &kp2_, &kp3_, &kp4_, &qs_}) core::resize_like(*b, y);
    sys(y, kp1_, t);
    core::assign(qs_, y + h2 * kp1_);
    sys(qs_, kp2_, t + h2);
    core::assign(qs_, y + h2 * kp2_);
    sys(qs_, kp3_, t + h2);
    core::assign(qs_, y + dt * kp3_);
    sys(qs_, kp4_, t + dt);
    core::add_assign(y, (dt / 6.0) * (kp1_ + 2.0 * kp2_ + 2.0 * kp3_ + kp4_));
  }

 private:
  // The second-order form's vector arithmetic. Fixed-size states: loops over the coefficients
  // through restrict pointers that live only inside these two functions (never across a call of
  // the system) — with Eigen expressions ours was 1.1–1.2× odeint on the 5-body problem (Vec<15>:
  // packet loads of the stage forces the system had just written one coefficient at a time);
  // now ≤ 1. Dynamic states (long vectors): Eigen's vectorised expressions, which beat the
  // compiler's own vectorisation of the loops on the 10⁴-oscillator ensemble (0.68 vs 1.03–1.16
  // of odeint). Same operations either way, same result to the bit (tests/integrators/assign_test.cpp).
  // docs/bench.md has the measurements.

  /// k = v + c·k′ and qs = q + c·w, one pass (w is v for the first stage).
  static void stage(const V& q, const V& v, const V& w, const V& kp, double c, V& k, V& qs) {
    if constexpr (V::SizeAtCompileTime == Eigen::Dynamic) {
      k = v + c * kp;
      qs = q + c * w;
    } else {
      const double* __restrict pq = q.data();
      const double* __restrict pv = v.data();
      const double* __restrict pw = w.data();
      const double* __restrict pkp = kp.data();
      double* __restrict pk = k.data();
      double* __restrict pqs = qs.data();
      for (Eigen::Index i = 0; i < q.size(); ++i) {
        pk[i] = pv[i] + c * pkp[i];
        pqs[i] = pq[i] + c * pw[i];
      }
    }
  }

  /// E += Δt/6 (k₁ + 2k₂ + 2k₃ + k₄) and Ė += Δt/6 (k′₁ + 2k′₂ + 2k′₃ + k′₄), one pass.
  void finish(PhaseState<V>& x, double h6) const {
    if constexpr (V::SizeAtCompileTime == Eigen::Dynamic) {
      x.q += h6 * (x.v + 2.0 * k2_ + 2.0 * k3_ + k4_);
      x.v += h6 * (kp1_ + 2.0 * kp2_ + 2.0 * kp3_ + kp4_);
    } else {
      double* __restrict q = x.q.data();
      double* __restrict v = x.v.data();
      const double *__restrict k2 = k2_.data(), *__restrict k3 = k3_.data(), *__restrict k4 = k4_.data();
      const double *__restrict kp1 = kp1_.data(), *__restrict kp2 = kp2_.data(),
                   *__restrict kp3 = kp3_.data(), *__restrict kp4 = kp4_.data();
      for (Eigen::Index i = 0; i < x.q.size(); ++i) {
        const double vi = v[i];
        q[i] += h6 * (vi + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        v[i] = vi + h6 * (kp1[i] + 2.0 * kp2[i] + 2.0 * kp3[i] + kp4[i]);
      }
    }
  }

  V k2_ = core::zero<V>(), k3_ = core::zero<V>(), k4_ = core::zero<V>();                         // velocity stages
  V kp1_ = core::zero<V>(), kp2_ = core::zero<V>(), kp3_ = core::zero<V>(), kp4_ = core::zero<V>();  // k′ stages
  V qs_ = core::zero<V>();                                                                        // stage position
};

}  // namespace verisim::integrators
