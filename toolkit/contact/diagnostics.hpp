#pragma once
// What one asks a particle world about a state, besides its forces: the potential energy of its
// conservative parts, its contacts, its neighbour pairs. Each reads the neighbour list through a
// Workspace the caller owns (world.hpp): a diagnostic never touches the workspace a run steps with
// unless it is given that one (then it may rebuild the list, as an evaluation would).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "toolkit/contact/world.hpp"

namespace verisim::contact {

/// Potential energy of the conservative parts at q (time t): springs ½ k_n δ² (Hertz: (2/5) k d^{5/2}, the
/// integral of k d^{3/2}; pairs and walls; the tangential springs are not counted), gravity
/// −m g·x, the field forces' potentials, cohesion, dipoles (within their cut-off, the truncated potential:
/// U beyond r_c is 0), long range (exact pair sum, O(N²)). With damping or
/// friction the total is not conserved; this is for checks of conservative worlds.
template <int D, Laws L, class F>
double potential_energy(const World<D, L, F>& w, typename World<D, L, F>::Workspace& ws, const core::VecX& q, double time = 0.0) {
  w.gather_positions(q, ws);
  const WorldParams<D>& prm = w.params();
  double e = 0.0;
  for (std::size_t i = 0; i < w.size(); ++i) e -= w.particle(i).mass * prm.gravity.dot(w.position(q, i));
  const auto& order = ws.cells.order();
  auto spring = [&](double delta, std::size_t i, std::size_t j, bool wall) {  // the normal spring's energy at δ < 0
    if constexpr (L.normal == NormalModel::hertz) {
      const double k = (wall ? w.wall_contact_constants(i) : w.contact_constants(i, j)).k;
      return 0.4 * k * std::pow(-delta, 2.5);  // ∫ k d^{3/2} dd = (2/5) k d^{5/2}
    } else {
      return 0.5 * prm.kn * delta * delta;
    }
  };
  w.for_each_pair_in_range(ws, [&](std::uint32_t s, std::uint32_t t, const core::Vec<D>& d, double r) {
    const double rs = ws.xr[s].R + ws.xr[t].R;
    const double delta = r - rs;
    if (delta < 0.0) e += spring(delta, order[s], order[t], false);
    if constexpr (L.cohesion) e += cohesion_energy(delta, prm.cohesion);
    if constexpr (L.dipoles) {
      if (w.has_dipoles() && r > 0.0 && r < rs * w.pair_range().scale) e += dipole_energy<D>(d / r, r, ws.M[s], ws.M[t], prm.dipole.mu0);
    }
  });
  w.for_each_wall_contact(ws, [&](std::uint32_t s, double delta, const core::Vec<D>&) { e += spring(delta, order[s], order[s], true); });
  e += w.field_potential(q, time);  // the field forces' V(x, m, q, t) (0 without)
  if (w.long_range_active()) {
    for (std::size_t i = 0; i < w.size(); ++i)
      for (std::size_t j = i + 1; j < w.size(); ++j)
        e += prm.long_range.coupling * w.strength(i) * w.strength(j) / (w.position(q, i) - w.position(q, j)).norm();
  }
  return e;
}

/// The pairs (i < j, particle numbers) within interaction range (R_i + R_j)·scale + add at q, from
/// the linked cells and the Verlet list (for the all-pairs check), sorted.
template <int D, Laws L, class F>
std::vector<std::pair<std::uint32_t, std::uint32_t>> neighbour_pairs(const World<D, L, F>& w,
                                                                     typename World<D, L, F>::Workspace& ws,
                                                                     const core::VecX& q) {
  w.gather_positions(q, ws);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  const auto& order = ws.cells.order();
  w.for_each_pair_in_range(ws, [&](std::uint32_t s, std::uint32_t t, const core::Vec<D>&, double) {
    out.emplace_back(std::min(order[s], order[t]), std::max(order[s], order[t]));
  });
  std::sort(out.begin(), out.end());
  return out;
}

/// Contacts (δ < 0) at q: particle pairs and particle–wall pairs.
template <int D, Laws L, class F>
std::pair<std::size_t, std::size_t> contacts(const World<D, L, F>& w, typename World<D, L, F>::Workspace& ws,
                                             const core::VecX& q) {
  w.gather_positions(q, ws);
  std::size_t pairs = 0, walls = 0;
  w.for_each_pair_in_range(ws, [&](std::uint32_t s, std::uint32_t t, const core::Vec<D>&, double r) {
    if (r < ws.xr[s].R + ws.xr[t].R) ++pairs;
  });
  w.for_each_wall_contact(ws, [&](std::uint32_t, double, const core::Vec<D>&) { ++walls; });
  return {pairs, walls};
}

}  // namespace verisim::contact
