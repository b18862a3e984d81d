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
//    continuous extension's declared order.
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

inline constexpr double kToleranceSlopeBand = 0.15;  // |slope − p/(q+1)| (docs/adaptive.md: why)
inline constexpr double kDeceivedShare = 0.05;       // at most 5 % of accepted steps deceived
inline constexpr double kDenseOrderBand = 0.35;      // |measured p* + 1 − (p* + 1)|

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
};

AdaptiveStudy run_adaptive_study(const StudyOptions& options);
StudyResult adaptive_report(const AdaptiveStudy& study);

}  // namespace verisim::experiments
