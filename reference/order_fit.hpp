#pragma once
// Measured order of convergence, one implementation for the studies (experiments/) and the tests:
// least-squares lines in log-log coordinates, the order between two step sizes, and the order
// over a ladder of step sizes with the asymptotic range chosen automatically (any step ratio).
//
// A method of order p has global error e(h) = C·h^p + O(h^(p+1)), so log e is a line of slope p
// in log h once h is small enough (the asymptotic range) and until round-off, which grows like
// n·ε with the number of steps n, dominates (Hairer, Nørsett & Wanner, Solving ODEs I (1993)
// §II.3; Higham, Accuracy and Stability of Numerical Algorithms (2002) §1.12 for the round-off).
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace verisim::reference {

struct LineFit {
  double slope = 0.0;
  double intercept = 0.0;
  /// The slope's standard error s/√Sxx, s² = Σ r²/(m − 2) the residuals' variance over m points (Draper & Smith,
  /// Applied Regression Analysis (1998) §1.4); +∞ with two points (no residual degree of freedom).
  double slope_error = std::numeric_limits<double>::infinity();
};

/// The slope tolerance of fit_order's range (below) and of a limited scene's bound (experiments/studies/scene_order.hpp).
inline constexpr double kSlopeTolerance = 0.3;

/// Ordinary least squares y ≈ slope·x + intercept (centred sums: no cancellation for large x).
inline LineFit least_squares(std::span<const double> x, std::span<const double> y) {
  const auto n = static_cast<double>(x.size());
  double sx = 0, sy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
  }
  const double mx = sx / n, my = sy / n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  LineFit f;
  f.slope = sxx > 0 ? sxy / sxx : std::numeric_limits<double>::quiet_NaN();
  f.intercept = my - f.slope * mx;
  if (x.size() > 2 && sxx > 0) {
    double rr = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const double r = y[i] - my - f.slope * (x[i] - mx);
      rr += r * r;
    }
    f.slope_error = std::sqrt(rr / (n - 2.0) / sxx);
  }
  return f;
}

/// Least-squares slope of log(y) against log(x) over the indices [first, last] (inclusive).
inline LineFit log_log_fit(std::span<const double> x, std::span<const double> y, std::size_t first,
                           std::size_t last) {
  std::vector<double> lx, ly;
  for (std::size_t i = first; i <= last && i < x.size(); ++i) {
    lx.push_back(std::log(x[i]));
    ly.push_back(std::log(y[i]));
  }
  return least_squares(lx, ly);
}

/// The order between two runs: log(e₁/e₂)/log(h₁/h₂) (log₂(e(h)/e(h/2)) for a halved step).
inline double local_order(double h1, double e1, double h2, double e2) { return std::log(e1 / e2) / std::log(h1 / h2); }

struct OrderFit {
  bool ok = false;            ///< a range of at least 3 usable points was found
  double order = 0.0;         ///< least-squares slope of log err vs log h over the range
  std::size_t first = 0;      ///< first index of the range (coarsest h)
  std::size_t last = 0;       ///< last index of the range (finest h), inclusive
  std::vector<double> local_slopes;  ///< local_order between points k and k+1 (NaN where unusable)
  double slope_error = std::numeric_limits<double>::quiet_NaN();  ///< standard error of `order` (LineFit::slope_error)

  std::size_t points() const { return ok ? last - first + 1 : 0; }
};

/// Measured order from a ladder of step sizes h (coarse to fine, any ratio) and global errors err.
/// A point is usable when err is finite, above `floor` (the round-off level estimated by the
/// caller, same length as err) and below `ceiling` (where the caller knows the error is not yet
/// asymptotic). In the longest run of consecutive usable points, the range starts with the finest
/// three (the asymptotic end) and extends towards coarser steps while each added local slope is
/// within `slope_tolerance` of the running least-squares slope; the order is the least-squares
/// slope of log err against log h over that range (at least 3 points).
inline OrderFit fit_order(std::span<const double> h, std::span<const double> err, std::span<const double> floor,
                          double slope_tolerance = kSlopeTolerance,
                          double ceiling = std::numeric_limits<double>::infinity()) {
  OrderFit out;
  const std::size_t n = h.size();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<bool> usable(n);
  for (std::size_t i = 0; i < n; ++i)
    usable[i] = std::isfinite(err[i]) && err[i] > 0 && err[i] > floor[i] && err[i] < ceiling && h[i] > 0;
  out.local_slopes.assign(n > 0 ? n - 1 : 0, nan);
  for (std::size_t i = 0; i + 1 < n; ++i)
    if (usable[i] && usable[i + 1]) out.local_slopes[i] = local_order(h[i + 1], err[i + 1], h[i], err[i]);
  // the longest run of consecutive usable points (ties: the later one, i.e. finer steps)
  std::size_t best_first = 0, best_len = 0;
  for (std::size_t i = 0; i < n;) {
    if (!usable[i]) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j + 1 < n && usable[j + 1]) ++j;
    if (j - i + 1 >= best_len) {
      best_len = j - i + 1;
      best_first = i;
    }
    i = j + 1;
  }
  if (best_len < 3) return out;
  // the asymptotic range is at the fine end (h → 0), bounded below by round-off (the floor): start
  // from the finest three usable points and extend towards coarser steps while each new local slope
  // stays within `slope_tolerance` of the running least-squares slope
  const std::size_t last = best_first + best_len - 1;
  std::size_t first = last - 2;
  while (first > best_first) {
    const double running = log_log_fit(h, err, first, last).slope;
    if (std::abs(out.local_slopes[first - 1] - running) > slope_tolerance) break;
    --first;
  }
  out.first = first;
  out.last = last;
  const LineFit line = log_log_fit(h, err, first, last);
  out.order = line.slope;
  out.slope_error = line.slope_error;
  out.ok = std::isfinite(out.order);
  return out;
}

/// How far above the callers' floor (10·ε·n·scale) errors that grow as h falls still count as round-off: the
/// floor allows 10 roundings a step; a step of many stages with large coefficients, and located events, round
/// more (measured: up to 8× the floor, 19× for consecutive differences, on the bundled ball_drop over 100 bounces,
/// docs/studies.md). 100× leaves 5× above the largest seen; a step's bias above 1000·ε·n·scale is still judged.
inline constexpr double kRoundoffGrowthFactor = 100.0;

/// True when `fit` found errors that GROW as h falls (a negative slope) and every error of its range is within
/// kRoundoffGrowthFactor × its floor: accumulated round-off, which grows like n·ε (Higham §1.12), not the
/// truncation error of any consistent method, which falls as h^p with p ≥ 1 (HNW I §II.3) — the method is exact
/// for the problem, or already at its floor at the coarsest step.
inline bool grows_as_roundoff(const OrderFit& fit, std::span<const double> err, std::span<const double> floor) {
  if (!fit.ok || !(fit.order < 0.0)) return false;
  for (std::size_t i = fit.first; i <= fit.last; ++i)
    if (!(err[i] <= kRoundoffGrowthFactor * floor[i])) return false;
  return true;
}

}  // namespace verisim::reference
