#include "experiments/interop/lammps/compare.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace verisim::experiments {

namespace {

double max_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double m = 0.0;
  for (std::size_t i = 0; i + 2 < a.size(); i += 3) {
    const double d0 = a[i] - b[i], d1 = a[i + 1] - b[i + 1], d2 = a[i + 2] - b[i + 2];
    m = std::max(m, std::sqrt(d0 * d0 + d1 * d1 + d2 * d2));
  }
  return m;
}

}  // namespace

Comparison compare_trajectories(const TrajectorySet& a, const TrajectorySet& b) {
  if (a.particles != b.particles)
    throw std::invalid_argument(fmt::format("{} has {} particles, {} has {}: not the same scene", a.source, a.particles, b.source,
                                            b.particles));
  const double span = std::max(std::abs(a.t.back()), std::abs(b.t.back()));
  const double tol = 1e-7 * std::max(span, 1e-300);
  Comparison c;
  std::size_t j = 0;
  for (std::size_t i = 0; i < a.frames(); ++i) {
    while (j < b.frames() && b.t[j] < a.t[i] - tol) ++j;
    if (j == b.frames()) break;
    if (std::abs(b.t[j] - a.t[i]) > tol) continue;
    CompareRow r;
    r.t = a.t[i];
    r.dx = max_diff(a.x[i], b.x[j]);
    r.dv = max_diff(a.v[i], b.v[j]);
    r.dw = a.has_spin && b.has_spin ? max_diff(a.w[i], b.w[j]) : std::nan("");
    r.ke_a = a.kinetic[i];
    r.ke_b = b.kinetic[j];
    const double scale = std::max(std::abs(r.ke_a), std::abs(r.ke_b));  // NaN in either: no ratio (std::max drops it)
    r.ke_rel = std::isnan(r.ke_a) || std::isnan(r.ke_b) ? std::nan("") : scale > 0.0 ? std::abs(r.ke_b - r.ke_a) / scale : 0.0;
    c.rows.push_back(r);
  }
  if (c.rows.empty())
    throw std::invalid_argument(fmt::format("{} (t = {} … {}) and {} (t = {} … {}) have no frame at a common time", a.source,
                                            a.t.front(), a.t.back(), b.source, b.t.front(), b.t.back()));
  for (const auto& r : c.rows) {
    if (r.ke_rel > 0.01) {
      c.diverged = true;
      break;
    }
    c.horizon_1pc = r.t;
  }
  return c;
}

}  // namespace verisim::experiments
