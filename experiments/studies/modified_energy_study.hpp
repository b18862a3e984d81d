#pragma once
// The modified-energy study's data (issue 27). Backward error analysis (Hairer, Lubich & Wanner,
// Geometric Numerical Integration (2006), §IX): a symplectic method of order p is the exact flow, up to
// exponentially small terms, of a modified Hamiltonian H̃ = H + h^p H_p + h^(p+2) H_(p+2) + …, so it
// keeps H̃ (not H) along the numerical solution, and H only to O(h^p) without drift (GNI Thm IX.8.1).
// For velocity Verlet (kick-drift-kick, Φ_h = φ^U_(h/2) ∘ φ^T_h ∘ φ^U_(h/2), H = T(p) + U(q), T = ½p²):
//   oscillator U = ½ω²q²: H̃ = ½p² + ½ω²q²(1 − (ωh)²/4) is conserved EXACTLY (the one-step matrix
//     M = [[1 − θ²/2, h], [−ω²h(1 − θ²/4), 1 − θ²/2]], θ = ωh, satisfies MᵀSM = S for S = diag(ω²(1 − θ²/4), 1)/2;
//     GNI §I.5.1 and Exercise I.5), so H oscillates with relative amplitude θ²/4 and H̃ stays to rounding;
//   pendulum U = −ω₀² cos q: H̃ = H + h²(p²U''(q)/12 − U'(q)²/24) + O(h⁴) (the symmetric BCH formula
//     log(e^(hB/2) e^(hA) e^(hB/2)) = h(A + B) + h³(−(1/24)[B, [B, A]] + (1/12)[A, [A, B]]) + O(h⁵) (GNI §III.4.2,
//     eq. III.(4.11)) with the Lie derivatives of T and U, GNI §IX.3.2 and Example IX.3.2; the signs
//     are checked by the measured slope: the opposite signs leave an O(h²) error), so max|H̃ − H̃₀| = O(h⁴).
// And the growth of the global error in time (GNI §X.3, Thm X.3.1 and the remark after it; §XI.3 for
// symmetric methods on reversible integrable problems): on an integrable problem (Kepler) a symplectic or
// symmetric method's error grows linearly in t (a phase error, the frequencies off by O(h^p)); any other
// method's grows quadratically (its energy drifts linearly, so do the frequencies).
// run_modified_energy_study measures, modified_energy_report lays the data out.
#include <optional>
#include <string>
#include <vector>

#include "experiments/studies/reversibility_study.hpp"  // SymmetryOf
#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

/// One step size of one long velocity-Verlet run.
struct ModifiedEnergyRow {
  double theta = 0;          ///< ω·h (pendulum: ω₀h, ω₀² = g/L)
  double h = 0;
  long steps = 0;
  double max_dh = 0;         ///< max |H − H₀|/|H₀|
  double max_dh_mod = 0;     ///< max |H̃ − H̃₀|/|H̃₀|
  double max_dh_flipped = 0; ///< max of the same with the h² term's signs flipped (pendulum; NaN otherwise)
  double amplitude_theory = 0;  ///< oscillator: θ²/4, the exact relative amplitude of H (NaN otherwise)
};

struct ModifiedEnergyCase {
  std::string problem, title, modified;  ///< modified: the formula of H̃
  std::vector<ModifiedEnergyRow> rows;
  double slope_h = 0, slope_mod = 0, slope_flipped = 0;  ///< fitted log-log slopes against h (NaN: none)
  double expected_h = 2, expected_mod = 4;               ///< expected_mod 0: conserved to rounding
  double roundoff_bound = 0;  ///< oscillator: the bound on max|H̃ − H̃₀|/|H̃₀|
  bool pass_h = false, pass_mod = false, pass_amplitude = true;
};

/// One method's global error on Kepler, against time.
struct PhaseRow {
  std::string integrator;
  bool symplectic = false;                ///< declared (StepperInfo)
  std::optional<bool> symmetric;          ///< theory's (SymmetryOf)
  double expected = 0;                    ///< 1 (symplectic or symmetric) or 2
  double h = 0;
  int periods = 0;
  bool run = false;                       ///< false: left out (`why`)
  std::string why;
  std::vector<double> t;                  ///< per window: its end time
  std::vector<double> error;              ///< per window: max ‖q − q_exact‖/a
  double slope = 0;                       ///< log error against log t over the last decade of periods
  bool asymptotic = false;                ///< the last window's error ≤ 10× the target
  bool pass = false;
};

struct ModifiedEnergyStudy {
  double tolerance = 0;       ///< on the energy slopes (the order study's)
  double phase_tolerance = 0; ///< on the phase-error slopes
  std::vector<ModifiedEnergyCase> cases;
  std::string kepler_title;
  double target_error = 0;    ///< the error the step size of each method aims at after the last period
  std::vector<PhaseRow> phase;
};

/// Steps of each long Verlet run (10⁴ quick, 10⁵ otherwise), periods of the Kepler runs (200 / 1000).
inline long modified_energy_steps(bool quick) { return quick ? 10000 : 100000; }
inline int phase_periods(bool quick) { return quick ? 200 : 1000; }

ModifiedEnergyStudy run_modified_energy_study(const StudyOptions& options, const SymmetryOf& symmetric = derived_symmetry);
StudyResult modified_energy_report(const ModifiedEnergyStudy& study);

}  // namespace verisim::experiments
