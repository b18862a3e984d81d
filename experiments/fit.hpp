#pragma once
// Fits used by the studies: least-squares lines in log-log coordinates, and the measured order of
// convergence with the range chosen automatically (no pairwise log2: any step ratio works).
#include <cstddef>
#include <span>
#include <vector>

namespace verisim::experiments {

struct LineFit {
  double slope = 0.0;
  double intercept = 0.0;
};

/// Ordinary least squares y ≈ slope·x + intercept.
LineFit least_squares(std::span<const double> x, std::span<const double> y);

/// Least-squares slope of log(y) against log(x) over [first, last] (inclusive).
LineFit log_log_fit(std::span<const double> x, std::span<const double> y, std::size_t first, std::size_t last);

struct OrderFit {
  bool ok = false;            ///< a range of at least 3 usable points was found
  double order = 0.0;         ///< least-squares slope of log err vs log h over the range
  std::size_t first = 0;      ///< first index of the range (coarsest h)
  std::size_t last = 0;       ///< last index of the range (finest h), inclusive
  std::vector<double> local_slopes;  ///< slope between points k and k+1 (NaN where unusable)
};

/// Measured order from a ladder of step sizes h (coarse to fine, any ratio) and global errors err.
/// A point is usable when err is finite and above `floor` (the round-off level estimated by the
/// caller, same length as err). In the longest run of consecutive usable points, the range starts
/// with the finest three (the asymptotic end) and extends towards coarser steps while each added
/// local slope is within `slope_tolerance` of the running least-squares slope; the order is the
/// least-squares slope of log err against log h over that range (at least 3 points).
OrderFit fit_order(std::span<const double> h, std::span<const double> err, std::span<const double> floor,
                   double slope_tolerance = 0.3);

}  // namespace verisim::experiments
