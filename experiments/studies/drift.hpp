#pragma once
// Seed 001 §G.2.1, measured: the energy change per period of the oscillator under the family
//   x⁺ = x + Δt v − α Δt²/m ∇V,   v⁺ = v − Δt/m ∇V,   α ∈ {0, ½, 1}.
// Derivation (drift_study.cpp and docs/studies.md): per step ΔE = (Δt²/2)(k v² + (1 − 2α)k²x²/m) + O(Δt³);
// along x = x₀ cos ωt this is (Δt²/2)(k²x₀²/m)(sin² + (1 − 2α)cos²) — x₀², where the seed writes x₀ —
// and over one period ΔE_T = (Δt/2)(k²x₀²/m)(π/ω)(2 − 2α), i.e. ΔE_T/E₀ = πθ(2 − 2α), θ = ωΔt.
#include <vector>

namespace verisim::experiments {

struct AlphaFamilyMeasurement {
  double alpha = 0, theta = 0, x0 = 0;
  double derived_per_period = 0;   ///< ΔE_T from the derivation above [J], m = k = 1
  double measured_per_period = 0;  ///< E(T) − E₀ after the first period [J]
  double envelope_exponent = 0;    ///< slope of log max|ΔE/E₀| per period against log t
  std::vector<double> per_period;      ///< E at the end of each period
  std::vector<double> max_rel_error;   ///< max |ΔE/E₀| within each period
};

/// Run the family on the oscillator (m = k = 1, ω = 1) at θ = ωΔt (2π/θ steps per period, rounded).
AlphaFamilyMeasurement measure_alpha_family(double alpha, double theta, double x0, int periods);

}  // namespace verisim::experiments
