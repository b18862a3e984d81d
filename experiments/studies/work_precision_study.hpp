#pragma once
// The work-precision study's data (issue 7): global error against right-hand-side evaluations
// (counted by a wrapper around the system) and against wall time, ours and Boost.Odeint's, per
// problem. run_work_precision_study measures, work_precision_report lays the data out; wall times
// go to *_timing.csv files only, everything else is deterministic.
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

/// One run of a curve.
struct WorkPoint {
  long steps = 0;               ///< steps taken (an error-controlled run: steps tried, accepted and rejected)
  double error = 0;             ///< global error at the final time (NaN: the run failed)
  long long evaluations = 0;    ///< counted f evaluations
  double seconds = 0;           ///< wall time per run (not deterministic)
};

/// One method's runs on one problem, coarse to fine.
struct WorkCurve {
  std::string series;  ///< integrator name, "odeint <stepper>", or "<pair> adaptive" (plot_style.hpp)
  bool odeint = false;
  std::vector<WorkPoint> points;
  std::vector<double> tolerances;  ///< an error-controlled run's tol per point (atol = rtol); empty: fixed steps
};

/// At a target error, the method that reached it with the fewest f evaluations (any run of any curve), and the
/// runner-up curve.
struct Cheapest {
  double target = 0;
  std::string series, runner_up;  ///< "" when no run reached the target
  long long evaluations = 0, runner_up_evaluations = 0;
};

/// The counted evaluations per step of one of our integrators against its declared count.
struct EvaluationCount {
  std::string integrator;
  int declared = 0;
  bool implicit = false;
  double per_step = 0;     ///< counted over the finest run
  bool checkable = false;  ///< explicit method, velocity-independent problem: the count is exact
  bool pass = false;       ///< within 1 % of the declared count (when checkable)
};

struct WorkProblem {
  std::string name, title;
  double T = 0;  ///< final time [s]
  std::vector<EvaluationCount> counts;
  std::vector<WorkCurve> curves;
  std::vector<Cheapest> cheapest;  ///< per target error (kCheapestTargets)
};

/// The target errors at which the cheapest method is named (global error at T, state units).
inline const std::vector<double> kCheapestTargets{1e-3, 1e-6, 1e-9};

struct WorkPrecisionStudy {
  std::vector<WorkProblem> problems;
};

WorkPrecisionStudy run_work_precision_study(const StudyOptions& options);
StudyResult work_precision_report(const WorkPrecisionStudy& study);

}  // namespace verisim::experiments
