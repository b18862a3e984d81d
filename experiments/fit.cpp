#include "experiments/fit.hpp"

#include <cmath>
#include <limits>

namespace verisim::experiments {

LineFit least_squares(std::span<const double> x, std::span<const double> y) {
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
  return f;
}

LineFit log_log_fit(std::span<const double> x, std::span<const double> y, std::size_t first, std::size_t last) {
  std::vector<double> lx, ly;
  for (std::size_t i = first; i <= last && i < x.size(); ++i) {
    lx.push_back(std::log(x[i]));
    ly.push_back(std::log(y[i]));
  }
  return least_squares(lx, ly);
}

OrderFit fit_order(std::span<const double> h, std::span<const double> err, std::span<const double> floor,
                   double slope_tolerance) {
  OrderFit out;
  const std::size_t n = h.size();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<bool> usable(n);
  for (std::size_t i = 0; i < n; ++i)
    usable[i] = std::isfinite(err[i]) && err[i] > 0 && err[i] > floor[i] && h[i] > 0;
  out.local_slopes.assign(n > 0 ? n - 1 : 0, nan);
  for (std::size_t i = 0; i + 1 < n; ++i)
    if (usable[i] && usable[i + 1])
      out.local_slopes[i] = std::log(err[i + 1] / err[i]) / std::log(h[i + 1] / h[i]);
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
  out.order = log_log_fit(h, err, first, last).slope;
  out.ok = std::isfinite(out.order);
  return out;
}

}  // namespace verisim::experiments
