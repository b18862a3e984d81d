#pragma once
// The stability study's data (issue 7): the largest stable θ = ω·Δt of each integrator on the
// undamped oscillator, measured from the spectral radius of its one-step matrix (issue 25: the growth
// per step, not the amplitude after a finite run, which let a slowly growing method pass) and from
// theory; the trace of the splitting methods' one-step matrices. run_stability_study measures,
// stability_report lays the data out.
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

/// "unconditional": no growth found up to θ = 100 (beyond, the Newton solver's stopping rule ‖ΔE‖ < 1e-12
/// meets the rounding of βΔt²·r, ≈ 2.5e-13 at θ = 100, and a non-convergence would be read as instability)
inline constexpr double kStabilityThetaMax = 100.0;
/// Below this θ no limit is searched: a method that grows there at all grows measurably (explicit
/// Euler ρ − 1 = θ²/2 = 5e-5, Heun θ⁴/8 = 1.25e-9 at θ = 0.01, both ≫ kSpectralTolerance), so "no
/// stable θ ≥ 0.01" is "no stable interval".
inline constexpr double kStabilityThetaMin = 0.01;
/// ρ(M) ≤ 1 + this counts as 1 for an explicit method: M is one step of the method from unit states,
/// each entry rounded (ε relative), and ρ² = det M for a complex pair carries 4 rounded products (entries
/// ≲ 3 up to θ ≈ 3): 64ε ≈ 1.4e-14 is above that rounding and far below any growth at θ ≥ θ_min.
inline constexpr double kSpectralTolerance = 64.0 * std::numeric_limits<double>::epsilon();

/// The spectral radius of a real 2×2 matrix, from λ² − (tr M)·λ + det M = 0: a complex pair has
/// |λ|² = det M (no cancellation near the unit circle, where a symplectic method lives), real roots
/// (|tr| + √(tr² − 4 det))/2 in modulus.
inline double spectral_radius(const Eigen::Matrix2d& M) {
  const double tr = M.trace(), det = M.determinant(), disc = tr * tr - 4.0 * det;
  if (disc < 0.0) return std::sqrt(det);
  return 0.5 * (std::abs(tr) + std::sqrt(disc));
}

/// The growth per step of a method on the linear test problem, and the level below which it is noise.
struct Growth {
  double excess = 0;     ///< ρ(M) − 1 (+∞: a step failed)
  double tolerance = 0;  ///< kSpectralTolerance + what the map's own non-linearity says about M's accuracy
  bool stable() const { return excess <= tolerance; }
};

/// The growth per step on the linear test problem: a one-step method applied to q̈ = −ω²q + F/m is an
/// affine map z ↦ M(θ)z + c, θ = ωΔt, and the run is bounded for every start iff ρ(M) ≤ 1 (with a simple
/// eigenvalue on the circle; Hairer & Wanner, Solving ODEs II §IV.2 and §IV.3 for the stability function,
/// GNI §I.5 for splitting methods). `step(q, v)` is one step of Δt from (q, v), returning (q₁, v₁), or
/// nothing when the step fails (a non-converged implicit solve, a non-finite state): that counts as
/// unbounded growth. M is read from steps at 0, e₁, e₂ (columns step(eᵢ) − step(0)); the steps at 2e₁,
/// 2e₂ give it again, and the difference of the two is M's own error — an iterative solver's stopping
/// tolerance (the seed's Newmark loop: 1e-12), a user's rounding — added to the tolerance (×10, times
/// ‖M‖ for ρ² = det M's products), so that a solver's noise is not read as growth.
template <class Step>
Growth growth_per_step(Step&& step) {
  constexpr double kFailed = std::numeric_limits<double>::infinity();
  const auto c = step(0.0, 0.0), c1 = step(1.0, 0.0), c2 = step(0.0, 1.0), d1 = step(2.0, 0.0), d2 = step(0.0, 2.0);
  if (!c || !c1 || !c2 || !d1 || !d2) return {kFailed, kSpectralTolerance};
  Eigen::Matrix2d M, M2;
  M << (*c1)[0] - (*c)[0], (*c2)[0] - (*c)[0], (*c1)[1] - (*c)[1], (*c2)[1] - (*c)[1];
  M2 << ((*d1)[0] - (*c)[0]) / 2, ((*d2)[0] - (*c)[0]) / 2, ((*d1)[1] - (*c)[1]) / 2, ((*d2)[1] - (*c)[1]) / 2;
  if (!M.allFinite() || !M2.allFinite()) return {kFailed, kSpectralTolerance};
  const double noise = (M - M2).cwiseAbs().maxCoeff();
  return {spectral_radius(M) - 1.0, kSpectralTolerance + 10.0 * noise * std::max(1.0, M.cwiseAbs().maxCoeff())};
}

struct StabilityLimit {
  bool unconditional = false;
  double theta = 0.0;
};

/// Smallest θ at which stability is lost: halve from kStabilityThetaMax until stable, then scan upwards in
/// steps of 1 % (instability can come in bands: Yoshida's sixth-order method is unstable on
/// 2.269 < θ < 2.328 and stable again up to 2.817, so bisection alone would jump over the band; bands
/// narrower than 1 % could still be missed), then bisect to 1e-5 relative. `stable(θ)` steps the method
/// (ours, or a user's program in `verisim check`); below `theta_min` the limit is reported as 0 (none).
template <class F>
StabilityLimit bisect_limit(F&& stable, double theta_min = kStabilityThetaMin) {
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
  double growth_at_min = 0;       ///< ρ(M) − 1 at θ = theta_min (> growth_tolerance: grows there)
  double growth_tolerance = 0;    ///< below it, ρ(M) − 1 is the noise of M (Growth::tolerance)
};

/// tr M(θ) of a splitting method's one-step matrix on the oscillator.
struct TraceCurve {
  std::string method;  ///< registry name
  std::string legend;  ///< which methods share the curve
  std::vector<double> trace;
};

struct StabilityStudy {
  double theta_max = 0;   ///< "unconditional": stable up to this θ
  double theta_min = 0;   ///< below this θ no limit is searched
  double tolerance = 0;   ///< relative
  std::vector<StabilityRow> rows;
  std::vector<double> trace_theta;  ///< θ grid of the trace plot
  std::vector<TraceCurve> traces;  ///< per splitting method, on trace_theta
};

StabilityStudy run_stability_study(const StudyOptions& options);
StudyResult stability_report(const StabilityStudy& study);

}  // namespace verisim::experiments
