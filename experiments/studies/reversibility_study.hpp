#pragma once
// The reversibility study's data (issue 27): n steps forward with Δt, the velocity flipped, n steps
// forward again, the velocity flipped back; the distance to the initial state relative to its size.
// A problem q̈ = f(q) is ρ-reversible for ρ(q, v) = (q, −v); a one-step method Φ_h of the kind run here
// (Runge–Kutta, splitting, Newmark) is ρ-compatible, ρ∘Φ_h∘ρ = Φ_{−h}, so the round trip is
// ρ∘Φ_h^n∘ρ∘Φ_h^n = Φ_{−h}^n∘Φ_h^n, the identity iff Φ_{−h} = Φ_h⁻¹, i.e. iff the method is symmetric
// (Hairer, Lubich & Wanner, GNI §V.1, Thm V.1.5). A symmetric method returns to the rounding of its
// 2n steps; a non-symmetric one of order p leaves a defect Φ_{−h}∘Φ_h − id = O(h^(p+1)) per step (one order
// more when p is even: the h^(p+1) terms of Φ_h and Φ_{−h} then cancel), so O(h^p·T) or O(h^(p+1)·T)
// after the trip. run_reversibility_study measures, reversibility_report lays the data out.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

/// Whether a registered method is symmetric, Φ_{−h} = Φ_h⁻¹ (nullopt: no claim, no verdict). The
/// study's default is the theory's, derived from the method's coefficients (toolkit/theory); a test
/// passes another to plant a false claim.
using SymmetryOf = std::function<std::optional<bool>(const integrators::Method&)>;
/// The theory's answer (toolkit/theory/symmetry: the symmetry condition on the coefficient table).
std::optional<bool> derived_symmetry(const integrators::Method& method);

/// The bound on a symmetric method's return error after 2n steps: C·n·ε, C = kReversibilityC
/// (reversibility_study.cpp: why 2000).
inline constexpr double kReversibilityC = 2000.0;

struct ReversibilityRow {
  std::string integrator;
  std::optional<bool> symmetric;  ///< the claim (theory's); nullopt: no verdict
  std::vector<double> error;      ///< per n: ‖z_back − z₀‖/‖z₀‖ in the problem's units (+∞: a step failed)
  std::vector<double> bound;      ///< per n: C·n·ε, plus 2n times an absolute solver tolerance (Newmark's 1e-12) over ‖z₀‖
  double dt = 0;                  ///< the Δt measured at (the problem's, doubled for a non-symmetric method at round-off)
  std::string measured;           ///< "round-off" (every n within the bound), "not reversible" (every n above), "mixed", "blew up"
  bool pass = false;              ///< symmetric ⇔ round-off
};

struct ReversibilityProblem {
  std::string name, title;
  double dt = 0;
  std::vector<long> steps;   ///< the ladder of n
  std::vector<double> bound; ///< per n: C·n·ε (the rows add their solver's tolerance)
  std::vector<ReversibilityRow> rows;
};

struct ReversibilityStudy {
  std::vector<ReversibilityProblem> problems;
};

/// The ladder of n: 10², 10³, 10⁴ (quick: 10², 10³).
std::vector<long> reversibility_steps(bool quick);
ReversibilityStudy run_reversibility_study(const StudyOptions& options, const SymmetryOf& symmetric = derived_symmetry);
StudyResult reversibility_report(const ReversibilityStudy& study);

}  // namespace verisim::experiments
