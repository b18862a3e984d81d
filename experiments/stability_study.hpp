#pragma once
// The stability study's data (issue 7): the largest stable θ = ω·Δt of each integrator on the
// undamped oscillator, measured and from theory; the trace of the splitting methods' one-step
// matrices. run_stability_study measures, stability_report lays the data out.
#include <string>
#include <vector>

#include "experiments/studies.hpp"

namespace verisim::experiments {

struct StabilityRow {
  std::string integrator;         ///< registry name, or a named variant ("newmark (seed's fixed-point loop converges)")
  double theory = 0;              ///< the limit theory gives (+∞: unconditional)
  std::string theory_text;        ///< how it is derived
  bool unconditional = false;     ///< measured: no instability found up to theta_max
  double measured = 0;            ///< measured limit (when not unconditional)
  bool pass = false;              ///< within `tolerance` of theory (or both unconditional)
};

/// tr M(θ) of a splitting method's one-step matrix on the oscillator.
struct TraceCurve {
  std::string method;  ///< registry name
  std::string legend;  ///< which methods share the curve
  std::vector<double> trace;
};

struct StabilityStudy {
  double periods = 0;     ///< length of each run, in periods
  double growth = 0;      ///< "unstable": the amplitude exceeds this factor
  double theta_max = 0;   ///< "unconditional": stable up to this θ
  double tolerance = 0;   ///< relative
  std::vector<StabilityRow> rows;
  std::vector<double> trace_theta;  ///< θ grid of the trace plot
  std::vector<TraceCurve> traces;  ///< per splitting method, on trace_theta
};

StabilityStudy run_stability_study(const StudyOptions& options);
StudyResult stability_report(const StabilityStudy& study);

}  // namespace verisim::experiments
