#pragma once
// A first-order object (seed 001 §2: "Un cas intermédiaire … une équation différentielle du premier
// ordre", Ė = f(t, E)): a quantity relaxing towards a source u(t) with the time constant τ,
//   Ė = (u(t) − E)/τ,        u(t) = U·s(t), s a time law (time_law.hpp)
// — radioactive decay or a discharging capacitor (u = 0: E = E₀ e^(−t/τ)), an RC circuit charged by a source
// voltage u(t) (E the capacitor's voltage, τ = RC), Newton's cooling (E a temperature, u the surroundings').
// Closed forms (linear first-order ODE, integrating factor e^(t/τ); Kreyszig, Advanced Engineering
// Mathematics, 10th ed., §1.5): u = U constant: E = U + (E₀ − U) e^(−t/τ); u = U cos Ωt:
// E = U (cos Ωt + Ωτ sin Ωt)/(1 + Ω²τ²) + (E₀ − U/(1 + Ω²τ²)) e^(−t/τ).
#include "toolkit/models/time_law.hpp"

namespace verisim::models {

struct Relaxation {
  double tau = 1.0;   ///< τ (s)
  TimeLaw source{};   ///< u(t), in E's unit

  /// f(t, E) = (u(t) − E)/τ.
  double rate(double t, double E) const { return (source.value(t) - E) / tau; }
};

}  // namespace verisim::models
