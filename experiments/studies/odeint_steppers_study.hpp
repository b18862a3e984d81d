#pragma once
// The odeint-steppers study (issue 28): every stepper of Boost.Odeint 1.74 (odeint_catalogue.hpp) through the
// same measurements as ours. At fixed steps: the global error at T on the order study's ladders
// (ladders.hpp, order_study.hpp: the same levels, round-off floor, fit and pre-asymptotic rule), the measured
// order judged against the order theory gives for the stepper as implemented, and every disagreement with
// odeint's documented order named. For the controlled and dense-output steppers: the tolerance sweep, the
// global error at T against tol (abs = rel = tol) over kToleranceDecades decades, its log-log slope and the
// bound error ≤ C·tol.
//
// Theory of the slope (Hairer, Nørsett & Wanner (1993) §II.4 "Automatic step size control", and §II.3 for the
// global error as the transported sum of local errors): a pair p(q) controlled per step keeps the estimate
// ≈ C·h^(q+1) at tol, so h ∝ tol^(1/(q+1)); propagating the order-p solution (local extrapolation: every pair
// odeint ships propagates its higher order) makes each local error ∝ h^(p+1) = tol^((p+1)/(q+1)), and the
// N ∝ 1/h steps sum to a global error ∝ tol^(p/(q+1)): slope 1 for p = q + 1 (all of odeint's pairs and
// rosenbrock4 4(3)); without extrapolation it would be q/(q+1) < 1. The band [0.7, 1.2] below takes the measured
// slope of a sweep in double precision: its coarse end is pre-asymptotic (the controller's safety factor and
// step-size limits, h not yet small) and Bulirsch–Stoer changes its order with tol (order control, Deuflhard
// 1983), which tilts the line either way; 0.7 still separates a tolerance obeyed from one ignored (slope 0).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "experiments/studies/odeint_catalogue.hpp"
#include "experiments/studies/studies.hpp"
#include "reference/order_fit.hpp"

namespace verisim::experiments {

/// The tolerance sweep: tol = 10⁻³ … 10⁻¹², one per decade (issue 28: 8 decades at least).
inline constexpr int kToleranceDecades = 9;
inline constexpr double kToleranceCoarsest = 1e-3;
/// The accepted band of the slope d log(error) / d log(tol) (see above).
inline constexpr double kToleranceSlopeMin = 0.7, kToleranceSlopeMax = 1.2;
/// error ≤ C·tol at every tolerance of the sweep above round-off. The controller bounds each step's estimate by
/// tol·(|y| + Δt·|y′|) (odeint's default_error_checker, a_x = a_dxdt = 1: ≈ 2 on these problems); the global error
/// is the sum of the local errors transported by the flow (Hairer, Nørsett & Wanner §II.3, Thm 3.4: a factor e^{LT}, Kepler's
/// periapsis passage stretches errors ~10×), and the estimate of a pair is of the lower order, so the
/// propagated solution's error is smaller: C = 100 leaves a factor 5 beyond these.
inline constexpr double kToleranceBound = 100.0;

/// One entry at fixed steps on one problem.
struct OdeintOrderRun {
  std::string problem;
  double T = 0;
  std::vector<double> h, err, floor;  ///< ladder (coarse → fine), global error at T, round-off level
  reference::OrderFit fit;
  bool at_roundoff = false;     ///< every error at round-off: not judged
  bool pre_asymptotic = false;  ///< order_study.hpp's rule: not judged
  bool pass = false;            ///< measured within kOrderTolerance of the expected order (or not judged)
  bool documented_disagrees = false;  ///< a fit found and the measured order not within kOrderTolerance of the documented one
  bool defect_reproduces = false;     ///< an entry with a known defect (OdeintEntry::defect) still misses its expected order
};

/// One controlled or dense-output entry's tolerance sweep.
struct OdeintToleranceRun {
  std::string problem;
  double T = 0;
  std::vector<double> tol, err, steps, floor;
  std::size_t fitted = 0;  ///< points above round-off in the fit
  double slope = 0;        ///< least-squares slope of log err against log tol (NaN: fewer than 4 points)
  double worst_ratio = 0;  ///< max err/tol over the fitted points
  bool slope_pass = false, bound_pass = false;
};

struct OdeintStepperResult {
  OdeintEntry entry;
  std::vector<OdeintOrderRun> orders;            ///< fixed-step entries, one per problem run
  std::optional<OdeintToleranceRun> tolerance;  ///< controlled / dense-output entries
};

struct OdeintSteppersStudy {
  std::vector<OdeintStepperResult> steppers;
};

/// Judges a fixed-step run of `entry` (fills at_roundoff, pre_asymptotic, pass, documented_disagrees, defect_reproduces
/// from h, err, floor, fit). An entry with a known defect passes while the defect reproduces (it misses its expected
/// order), and fails once it does not (odeint fixed: the catalogue's note is stale).
void judge_order(const OdeintEntry& entry, OdeintOrderRun& run);
/// Fits and judges a sweep (fills fitted, slope, worst_ratio, slope_pass, bound_pass from tol, err, floor).
void judge_tolerance(OdeintToleranceRun& run);

/// Runs `table`'s entries (kOdeintSteppers; a test passes a copy) that options select (--problems).
OdeintSteppersStudy run_odeint_steppers_study(const StudyOptions& options,
                                              std::span<const OdeintEntry> table = kOdeintSteppers);
StudyResult odeint_steppers_report(const OdeintSteppersStudy& study);

}  // namespace verisim::experiments
