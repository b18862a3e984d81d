#include "experiments/interop/lammps/compare.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "toolkit/core/numbers.hpp"

namespace verisim::experiments {

Particles::Particles(const core::Samples& samples, const std::string& source) {
  for (const auto& h : samples.header()) {
    if (h.size() <= 2 || !h.ends_with(".x")) continue;
    const std::string name = h.substr(0, h.size() - 2);
    std::array<std::size_t, 9> c{};
    std::size_t k = 0;
    for (const char* suffix : {"x", "y", "z", "vx", "vy", "vz"}) {
      const auto at = samples.find(name + "." + suffix);
      if (!at) throw std::invalid_argument(fmt::format("{}:1: the column '{}.{}' is missing", source, name, suffix));
      c[k++] = *at;
    }
    for (const char* suffix : {"wx", "wy", "wz"}) c[k++] = samples.find(name + "." + suffix).value_or(kNone);
    cols_.push_back(c);
  }
  if (cols_.empty()) throw std::invalid_argument(fmt::format("{}:1: no '<name>.x' column", source));
  has_spin_ = std::all_of(cols_.begin(), cols_.end(), [](const auto& c) { return c[8] != kNone; });
}

core::Vec3 Particles::at(const core::Samples& samples, std::size_t row, std::size_t i, Part part) const {
  const std::size_t first = 3 * static_cast<std::size_t>(part);
  core::Vec3 out = core::Vec3::Zero();
  for (std::size_t k = 0; k < 3; ++k)
    if (const std::size_t c = cols_[i][first + k]; c != kNone) out[static_cast<Eigen::Index>(k)] = samples.at(row, c);
  return out;
}

namespace {

/// The largest |a_i − b_i| over the particles in one frame of each.
double max_diff(const core::Samples& a, const Particles& pa, std::size_t ra, const core::Samples& b, const Particles& pb,
                std::size_t rb, Part part) {
  double m = 0.0;
  for (std::size_t i = 0; i < pa.size(); ++i) m = std::max(m, (pa.at(a, ra, i, part) - pb.at(b, rb, i, part)).norm());
  return m;
}

}  // namespace

Comparison compare_trajectories(const core::Samples& a, const core::Samples& b, const std::string& a_source,
                                const std::string& b_source) {
  const Particles pa(a, a_source), pb(b, b_source);
  if (pa.size() != pb.size())
    throw std::invalid_argument(
        fmt::format("{} has {} particles, {} has {}: not the same scene", a_source, pa.size(), b_source, pb.size()));
  const auto ka = a.find("kinetic"), kb = b.find("kinetic");
  const double span = std::max(std::abs(a.t(a.rows() - 1)), std::abs(b.t(b.rows() - 1)));
  const double tol = 1e-7 * std::max(span, 1e-300);
  Comparison c;
  std::size_t j = 0;
  for (std::size_t i = 0; i < a.rows(); ++i) {
    while (j < b.rows() && b.t(j) < a.t(i) - tol) ++j;
    if (j == b.rows()) break;
    if (std::abs(b.t(j) - a.t(i)) > tol) continue;
    CompareRow r;
    r.t = a.t(i);
    r.dx = max_diff(a, pa, i, b, pb, j, Part::position);
    r.dv = max_diff(a, pa, i, b, pb, j, Part::velocity);
    r.dw = pa.has_spin() && pb.has_spin() ? max_diff(a, pa, i, b, pb, j, Part::spin) : core::kNaN;
    r.ke_a = ka ? a.at(i, *ka) : core::kNaN;
    r.ke_b = kb ? b.at(j, *kb) : core::kNaN;
    const double scale = std::max(std::abs(r.ke_a), std::abs(r.ke_b));  // NaN in either: no ratio (std::max drops it)
    r.ke_rel = std::isnan(r.ke_a) || std::isnan(r.ke_b) ? core::kNaN : scale > 0.0 ? std::abs(r.ke_b - r.ke_a) / scale : 0.0;
    c.rows.push_back(r);
  }
  if (c.rows.empty())
    throw std::invalid_argument(fmt::format("{} (t = {} … {}) and {} (t = {} … {}) have no frame at a common time", a_source,
                                            a.t(0), a.t(a.rows() - 1), b_source, b.t(0), b.t(b.rows() - 1)));
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
