#pragma once
// Euler-Cromer (seed 001 §3.2): the velocity is updated first, and the position with the NEW velocity.
//   Ė⁽ⁿ⁾ = Ė⁽ⁿ⁻¹⁾ + Δt·f(Tₙ₋₁, E⁽ⁿ⁻¹⁾, Ė⁽ⁿ⁻¹⁾)                                  (§3.2.1)
//   E⁽ⁿ⁾ = E⁽ⁿ⁻¹⁾ + Δt·Ė⁽ⁿ⁾
// It is the splitting kick(Δt)·drift(Δt), symplectic Euler in its "velocity first" ordering
// (seed 001 §G.2 with α = 1; §G.2.2 proves MᵀJM = J). Order 1.
// First-order form (§3.2.2): E⁽ⁿ⁾ = E⁽ⁿ⁻¹⁾ + Δt·f(Tₙ₋₁, E⁽ⁿ⁻¹⁾), i.e. explicit Euler.
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/integrators/splitting.hpp"

namespace verisim::integrators {

namespace methods {
struct EulerCromer {
  static constexpr SplittingTable<1> table{{1.0}, {1.0}};
  static constexpr core::StepperInfo info{
      "euler-cromer", "Euler-Cromer (symplectic Euler, velocity first)", 1, true, false, 1,
      "seed 001 §3.2, §G.2.2",
      "velocity-dependent forces: f at the old (q, v), exactly the seed's formula; order 1 kept"};
};
}  // namespace methods

template <class V, Summation Sum = Summation::plain>
class EulerCromer : public Splitting<V, methods::EulerCromer, Sum> {
 public:
  using Splitting<V, methods::EulerCromer, Sum>::do_step;

  /// First-order form (seed 001 §3.2.2).
  template <core::FirstOrderSystem<V> Sys>
  void do_step(const Sys& sys, V& y, double t, double dt) {
    core::resize_like(dydt_, y);
    sys(y, dydt_, t);
    core::scale_sum(y, y, core::scaled(dt, dydt_));
  }

 private:
  V dydt_ = core::zero<V>();
};

}  // namespace verisim::integrators
