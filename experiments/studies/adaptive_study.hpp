#pragma once
// The adaptive study's data (issue 28): the error-controlled methods (toolkit/adaptive: every explicit
// embedded pair, each controller of kControllers: standard, PI, odeint's — the same theory p/(q+1) holds for
// all, each keeping its estimate ≈ tol per step in its own norm) on the problems with exact solutions, three ways:
//  - tolerance proportionality: global error at T against tol (atol = rtol = tol) over 9 decades; the
//    slope fitted over the tightest 5 against theory's p/(q+1) (docs/adaptive.md), and C = max err/tol;
//  - the estimator (Drake's ErrEstOrder; SUNDIALS ark_test_accumerror; DETEST's "deceived" steps): at each
//    accepted step of a run at tol = 1e-6, the true local error of the member the estimate measures (a
//    Fehlberg 7(8) reference of 16 sub-steps from the same point) against the estimate, in the run's own
//    norm: their ratio's median and 10–90 % range, and the share of accepted steps whose PROPAGATED
//    solution's true local error exceeds the tolerance (err > 1: deceived), judged (≤ 5 %) for the pairs
//    that propagate their higher member (their error is O(h) below the estimate), reported for
//    fehlberg45 (its propagated error is the estimated one: at err ≈ 1, deceived about half the time);
//  - dense output: the interpolation error at the midpoint of every accepted step of a run at tol = 1e-8
//    against the exact solution, and the order p* measured from one step on a ladder of h against the
//    continuous extension's declared order;
//  - event location (issue 28's bouncing ball): a ball thrown up and falling with linear drag
//    (reference/problems/falling_drag.hpp, impact time t* transcendental, by Newton in long double), run at
//    tol = 1e-6 and 1e-9 by each pair; the step where the height changes sign is located twice by the Illinois
//    iteration (toolkit/core/illinois.hpp): on the dense output (toolkit/adaptive/locate_event.hpp) and, as
//    EventStepper does, on s ↦ y(Φ_s(x₀)) re-stepping the method from the step's start. Each against t*, with
//    the bound |t̂ − t*| ≤ C·(E + |y(t̂)|)/|ẏ(t*)|, E the largest error of the located curve's height on the
//    step (sampled at θ = k/16 and at the located time), C = kEventBoundFactor (locate_event.hpp: C = 1 by the
//    mean value theorem; 2 covers |ẏ| varying between t̂ and t*); and the f evaluations each location took.
#include <string>
#include <vector>

#include "experiments/studies/method_run.hpp"
#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

inline constexpr double kToleranceSlopeBand = 0.15;  // |slope − p/(q+1)| (docs/adaptive.md: why)
inline constexpr double kDeceivedShare = 0.05;       // at most 5 % of accepted steps deceived
inline constexpr double kDenseOrderBand = 0.35;      // |measured p* + 1 − (p* + 1)|
/// C of the event-time bound |t̂ − t*| ≤ C·(E + |g(t̂)|)/|g′(t*)|: 1 by the mean value theorem when E bounds the
/// located curve's error at t̂ (it does: t̂ is one of its sample points) and |g′| ≥ |g′(t*)| between t̂ and t*;
/// 2 leaves room for |g′| = |ẏ| varying there (relatively by |ÿ/ẏ|·|t̂ − t*| = 0.37/s·|t̂ − t*| on the falling
/// ball: below 1e-5 at the tolerances run).
inline constexpr double kEventBoundFactor = 2.0;

/// The estimator's local reference, here and in `check integrator --adaptive`: from (t, x) over h, Fehlberg 7(8) in
/// 16 sub-steps (its local error, O((h/16)⁹), is below 1e-16 of the state for every step the runs at tol = 1e-6
/// take); `fehlberg78` is MethodRun of the registry's row of that name (kLocalReferenceMethod).
inline constexpr std::string_view kLocalReferenceMethod = "fehlberg78";
template <class P>
core::PhaseState<typename P::V> local_reference(const MethodRun<P>& fehlberg78, core::PhaseState<typename P::V> x,
                                                double t, double h) {
  const double dh = h / 16.0;
  for (int k = 0; k < 16; ++k) fehlberg78.step(x, t + k * dh, dh);
  return x;
}

/// The q-quantile (0 … 1) of v by the nearest rank, round(q·(n − 1)) of the sorted values; NaN when v is empty.
double percentile(std::vector<double> v, double q);

struct ToleranceRow {
  std::string integrator, controller;
  int order = 0, error_order = 0;
  double derived = 0;               ///< p/(q+1)
  std::vector<double> error;        ///< per tolerance (NaN: the run failed)
  std::vector<long> steps;          ///< accepted + rejected per tolerance
  double slope = 0, c = 0;          ///< fitted slope over the tightest 5 decades; max err/tol there
  bool pass = false;
};

struct EstimatorRow {
  std::string integrator;
  long accepted = 0;
  double median = 0, p10 = 0, p90 = 0;  ///< of ‖estimate‖/‖true error of the estimated member‖
  double deceived = 0;                  ///< share of accepted steps whose propagated solution's true error > tol
  double estimate_order = 0;            ///< the estimate's order from one step on a ladder of h (q + 1)
  bool judges_deceived = false;         ///< the pair propagates its higher member: deceived steps are judged
  bool pass = false;
};

struct DenseRow {
  std::string integrator, interpolant;
  int declared = 0;           ///< p*
  double measured = 0;        ///< the slope of the one-step interpolation error (p* + 1 expected)
  double run_error = 0;       ///< the largest midpoint error over a run at tol = 1e-8
  bool pass = false;
};

/// One pair at one tolerance: the first contact located through the dense output and by re-stepping.
struct EventRow {
  std::string integrator, interpolant;
  int stages = 0;               ///< s: f evaluations of one re-step
  double tol = 0;
  double h = 0;                 ///< the size of the accepted step holding the event
  double dense_error = 0;       ///< t̂ − t*, located on the dense output
  double dense_bound = 0;       ///< C·(E + |g(t̂)|)/|g′(t*)| for the dense output
  double restep_error = 0;      ///< t̂ − t*, located by re-stepping (EventStepper's way)
  double restep_bound = 0;      ///< the same bound for the re-stepped curve
  int dense_iterations = 0, restep_iterations = 0;            ///< points the Illinois iteration tried
  long long dense_evaluations = 0, restep_evaluations = 0;  ///< f evaluations during each location (counted)
  bool located = false;         ///< a step with the sign change was accepted
  bool pass = false;
};

struct EventStudy {
  std::string name, title;
  double t_exact = 0;           ///< t*, Newton on the closed form in long double
  double speed = 0;             ///< |g′(t*)| = |ẏ(t*)|
  std::vector<double> tolerances;
  std::vector<EventRow> rows;
};

struct AdaptiveProblem {
  std::string name, title;
  double t_end = 0;
  std::vector<double> tolerances;
  std::vector<ToleranceRow> tolerance;
  std::vector<EstimatorRow> estimator;
  std::vector<DenseRow> dense;
};

struct AdaptiveStudy {
  std::vector<AdaptiveProblem> problems;
  EventStudy events;  ///< rows empty when --problems leaves out falling-drag
};

AdaptiveStudy run_adaptive_study(const StudyOptions& options);
StudyResult adaptive_report(const AdaptiveStudy& study);

}  // namespace verisim::experiments
