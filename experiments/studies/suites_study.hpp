#pragma once
// The suites study (issue 28): the problem suites of reference/suites (DETEST classes D and E, the Arenstorf
// orbit, Pleiades; the stiff Test Set problems) with their references beyond double precision, and the
// error-controlled methods run on them against those references.
//  - The references: each problem's 50-digit reference at t_end (reference/suites/suite.hpp), its own error
//    (the run at τ against the run at τ/100) and the independent check that exists for it: Kepler's equation
//    (DETEST D1–D5), the return of the Arenstorf orbit to its start after the published period, the Test Set's
//    published values (Pleiades). Verdicts with the bounds tests/reference/suite_test.cpp justifies (below).
//  - The methods: every explicit embedded pair of ours (toolkit/adaptive, standard controller, atol = rtol =
//    tol, the starting-step algorithm) and odeint's controlled steppers (make_controlled of cash_karp54,
//    dopri5, fehlberg78; bulirsch_stoer; integrate_adaptive, first step T/100) on the non-stiff problems, and
//    odeint's rosenbrock4 under make_controlled with the analytic Jacobian (suites::jacobian) on the stiff ones, at
//    tol = 1e-3 … 1e-12 (the odeint-steppers study's sweep): the relative global error at t_end against the
//    reference — ‖y − y_ref‖∞/‖y_ref‖∞ on the non-stiff problems (components of order 1), the mixed
//    max_i |y_i − y_ref,i|/(1 + |y_ref,i|) on the stiff ones, whose components run from 1 down to 1e-13: the
//    Test Set's "mescd" with atol = rtol, the units the controller's scale atol + rtol·|y| = tol·(1 + |y|) measures
//    in, so the one in which the tolerance is obeyed (a relative error of Robertson's y₂ ≈ 8e-14 under atol = tol
//    is not controlled at any tol above 1e-13) — the f evaluations (counted) and the steps. Verdict: the tolerance slope
//    fitted over the tightest points above round-off, within the band the odeint-steppers study derives
//    (odeint_steppers_study.hpp: [0.7, 1.2], theory p/(q+1) = 1 for every pair but Fehlberg 4(5)'s 0.8;
//    DETEST's problems are the field's standard set for this claim, Hull et al. 1972 §4), C = max err/tol
//    reported. On the stiff problems the claim is the bound instead, err ≤ C·tol with C = kToleranceBound (100,
//    the odeint-steppers study's): their flows contract (one-sided Lipschitz ≤ 0 away from the layers), so the
//    global error is not the local errors' sum amplified along the way (Hairer & Wanner II §IV.12, B-convergence)
//    but at t_end that of the last steps, which need not follow tol^(p/(q+1)) — Robertson at t = 1e11, on its
//    attracting equilibrium, measures a slope of 0.44 with every error below 0.3·tol; the slope is reported.
//    The work-precision figure per problem and the cheapest method per accuracy (as the work-precision study).
// No explicit method is run on the stiff entries (an explicit pair's step is bounded by stability there, not
// accuracy: Hairer & Wanner II §IV.1).
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

// The references are judged by reference/suites' own bounds (suite.hpp: kOwnErrorBound, kKeplerAgreement,
// kReturnAgreement, kPublishedAgreement, kStiffPublishedAgreement), the ones its tests assert.
/// An error at or below the round-off level of its run, roundoff_floor(steps, 1) = 10·ε·steps (order_study.hpp: the
/// rule of the order and odeint-steppers studies; the errors here are relative), is not fitted.
/// The tolerance slope is fitted over at most this many of the tightest points above round-off, at least
/// kSuiteMinFitted (3 decades); fewer: the row reports the errors without a slope verdict.
inline constexpr std::size_t kSuiteFitted = 5, kSuiteMinFitted = 4;

struct SuiteReferenceRow {
  std::string problem, title, problem_class, source;
  bool available = false;   ///< a 50-digit reference exists
  std::string why_not;      ///< when it does not
  double tolerance = 0;     ///< τ
  long steps = 0;           ///< accepted steps of the run at τ
  double own_error = 0;     ///< normwise, relative
  std::string check;        ///< the independent check: what it is
  double check_value = 0;   ///< its measured difference (NaN: none)
  double check_bound = 0;   ///< its bound
  bool pass = false;
};

struct SuiteMethodRow {
  std::string method;       ///< "<pair> adaptive" or "odeint <stepper>"
  bool odeint = false;
  double derived = 0;       ///< theory's slope p/(q+1) (ours; odeint's pairs: 1; Bulirsch–Stoer: NaN)
  std::vector<double> error;        ///< per tolerance (NaN: the run failed)
  std::vector<long> evaluations;    ///< f evaluations per tolerance
  std::vector<long> steps;          ///< steps tried (ours) / taken (odeint) per tolerance
  std::string failure;              ///< why a run failed (the first one)
  std::size_t fitted = 0;           ///< points in the slope fit
  double slope = 0;                 ///< NaN with fewer than kSuiteMinFitted points
  double c = 0;                     ///< max error/tol over the points above round-off (DETEST's error per unit tolerance)
  bool judged = false, pass = false;
  bool bound_judged = false;        ///< stiff: the verdict is C ≤ kToleranceBound (the slope reported), else the slope
};

/// The implicit methods at fixed steps on a stiff problem (kFixedStepSuiteProblems): the registry's implicit tables
/// (Gauss, Radau IIA; TableRungeKutta's simplified Newton, finite-difference Jacobian), n = kFixedStart·2^k steps,
/// the mixed error at t_end against the reference; the measured order judged within [q − 0.3, p + 1 + 0.3], q the
/// stage order (theory::stage_order): an algebraically stable method keeps at least its stage order on stiff problems
/// (B-convergence: Frank, Schneid & Ueberhuber 1985; Hairer & Wanner II §IV.15); on a contracting flow whose decay
/// outruns the step (|μ|h ≫ 1) the error at t_end is the last steps' local error, O(h^(p+1)), not their sum, so up to
/// p + 1 (Radau IIA s = 2, p = 3, measures 3.8 on HIRES). A level whose Newton iteration fails (the initial layer at
/// large h) is reported and left out of the fit.
struct SuiteFixedRow {
  std::string method;
  int order = 0, stage_order = 0;
  std::vector<double> h, error;  ///< per level (NaN: the Newton iteration failed)
  double measured = 0;           ///< the fitted order (NaN: no usable range)
  std::string failure;
  bool pass = false;
};
/// The stiff problems stepped at fixed steps: HIRES, smooth after its initial layer over a bounded span. Not
/// Robertson (its span, 1e11, wants steps growing geometrically) nor Van der Pol ε = 1e-6 (relaxation jumps of width
/// O(ε) that a fixed step cannot resolve).
inline constexpr std::string_view kFixedStepSuiteProblems[] = {"hires"};
inline constexpr long kFixedStart = 400;
inline constexpr int kFixedLevels = 7;
inline constexpr double kFixedOrderBand = 0.3;

struct SuiteCheapest {
  double target = 0;
  std::string method;
  long evaluations = 0;
  double tolerance = 0;
};

struct SuiteProblem {
  std::string name, title;
  double t_end = 0;
  bool stiff = false;
  std::vector<double> tolerances;
  SuiteReferenceRow reference;
  std::vector<SuiteMethodRow> methods;
  std::vector<SuiteFixedRow> fixed;
  std::vector<SuiteCheapest> cheapest;
};

struct SuitesStudy {
  std::vector<SuiteProblem> problems;
};

/// The problems of --quick (the study runs detail::kSuiteProblems, reference/suites' table, otherwise): the two
/// cheapest references that still carry an independent check each (Kepler's equation, the Arenstorf period).
inline constexpr std::string_view kQuickSuiteProblems[] = {"arenstorf", "kepler-d1"};

SuitesStudy run_suites_study(const StudyOptions& options);
StudyResult suites_report(const SuitesStudy& study);

}  // namespace verisim::experiments
