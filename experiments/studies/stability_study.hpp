#pragma once
// The stability study's data (issue 7): the largest stable θ = ω·Δt of each integrator on the
// undamped oscillator, measured and from theory; the trace of the splitting methods' one-step
// matrices. run_stability_study measures, stability_report lays the data out.
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

inline constexpr double kStabilityGrowth = 100.0;  ///< "unstable": the amplitude exceeds 100× its start
/// "unconditional": no growth found up to θ = 100 (beyond, the Newton solver's stopping rule ‖ΔE‖ < 1e-12
/// meets the rounding of βΔt²·r, ≈ 2.5e-13 at θ = 100, and a non-convergence would be read as instability)
inline constexpr double kStabilityThetaMax = 100.0;

/// Steps of a stability run of `periods` periods at θ = ωΔt, ω = 1.
inline long stability_steps(double theta, double periods) {
  return static_cast<long>(std::ceil(periods * 2.0 * std::numbers::pi / theta));
}
/// Periods of each run (200 with --quick).
inline double stability_periods(bool quick) { return quick ? 200.0 : 1000.0; }

struct StabilityLimit {
  bool unconditional = false;
  double theta = 0.0;
};

/// Smallest θ at which stability is lost: halve from kStabilityThetaMax until stable, then scan upwards in
/// steps of 1 % (instability can come in bands: Yoshida's sixth-order method is unstable on
/// 2.269 < θ < 2.328 and stable again up to 2.817, so bisection alone would jump over the band; bands
/// narrower than 1 % could still be missed), then bisect to 1e-5 relative. `stable(θ)` runs the method
/// (ours, or a user's program in `verisim check`); below `theta_min` the limit is reported as 0 (none).
template <class F>
StabilityLimit bisect_limit(F&& stable, double theta_min = 1e-6) {
  if (stable(kStabilityThetaMax)) return {true, kStabilityThetaMax};
  double lo = kStabilityThetaMax / 2;
  while (!stable(lo)) {
    lo /= 2;
    if (lo < theta_min) return {false, 0.0};
  }
  double hi = lo * 1.01;
  while (stable(hi)) {
    lo = hi;
    hi *= 1.01;
  }
  while ((hi - lo) > 1e-5 * lo) {
    const double mid = 0.5 * (lo + hi);
    (stable(mid) ? lo : hi) = mid;
  }
  return {false, 0.5 * (lo + hi)};
}


struct StabilityRow {
  std::string integrator;         ///< registry name, or a named variant ("newmark (seed's fixed-point loop converges)")
  double theory = 0;              ///< the limit theory gives (+∞: unconditional)
  std::string theory_text;        ///< how it is derived
  bool unconditional = false;     ///< measured: no instability found up to theta_max
  double measured = 0;            ///< measured limit (when not unconditional)
  bool pass = false;              ///< within `tolerance` of theory (or both unconditional)
  std::string expected_text;      ///< `verisim check`: the user's claim in place of a theory (theory NaN)
  bool judged = true;             ///< false: no claim, no verdict (a user's method without --symplectic)
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
  double theta_min = 0;   ///< below this θ no limit is searched (`verisim check`: 0.05)
  double tolerance = 0;   ///< relative
  std::vector<StabilityRow> rows;
  std::vector<double> trace_theta;  ///< θ grid of the trace plot
  std::vector<TraceCurve> traces;  ///< per splitting method, on trace_theta
};

StabilityStudy run_stability_study(const StudyOptions& options);
StudyResult stability_report(const StabilityStudy& study);

}  // namespace verisim::experiments
