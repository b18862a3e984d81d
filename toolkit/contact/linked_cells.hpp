#pragma once
// Neighbour search: linked cells feeding a Verlet list with a skin (Allen & Tildesley, Computer
// Simulation of Liquids, 2nd ed. (2017), §5.3.1 Verlet list, §5.3.2 cell structures; the list as in
// LAMMPS's `neighbor` with `newton on`: a half list).
//
// The cells are at least as wide as the largest pair range in play (seed 003 "Adaptation des
// cellules liées": contact, cohesion and dipole cut-offs), so a pair within range lies in the same
// or an adjacent cell. A build
//   1. bins the particles into cells and sorts them by cell (counting sort): slot s holds particle
//      order[s], particles of a cell are consecutive, and neighbouring cells are near in memory —
//      the reordering LAMMPS's `atom_modify sort` does, here at every build;
//   2. lists, for every slot s, the slots t > s within range + skin (the half list: each pair once,
//      Newton's third law gives the other half), scanning the own cell and the 13 (3D) or 4 (2D)
//      forward neighbour cells of the 27 / 9.
// Pair range, polydisperse radii: r_ij < (R_i + R_j)·scale + add (scale ≥ 1 for the dipole cut-off,
// add = δ_c for cohesion). The list holds pairs up to that plus `skin`; it stays exact as long as no
// particle has moved more than skin/2 since the build (two particles then close in by at most
// skin) — the world checks that at every evaluation and rebuilds when it fails.
// The cell count is capped at max(64, 2N) (cells are widened if needed), so a stray particle far from
// the rest costs no memory: a build is O(N), whatever the spread.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "toolkit/contact/cell_grid.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::contact {

/// The pair range r_ij < (R_i + R_j)·scale + add, and the skin of the list.
struct PairRange {
  double scale = 1.0;
  double add = 0.0;
  double skin = 0.0;
};

template <int D>
class LinkedCells {
 public:
  /// Builds cells, order and half list from positions x (particle-major, D each) and radii R.
  void build(const double* x, const double* R, std::size_t n, const PairRange& range) {
    n_ = n;
    order_.resize(n);
    xs_.resize(n);
    rs_.resize(n);
    first_.resize(n + 1);
    if (n == 0) {
      first_[0] = 0;
      list_.clear();
      return;
    }
    double rmax = 0.0;
    core::Vec<D> lo = core::Vec<D>::Map(x), hi = lo;
    for (std::size_t i = 0; i < n; ++i) {
      const auto p = core::Vec<D>::Map(x + D * i);
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
      rmax = std::max(rmax, R[i]);
    }
    // cell side ≥ the largest pair range + skin
    double h = 2.0 * rmax * range.scale + range.add + range.skin;
    const std::size_t cap = std::max<std::size_t>(64, 2 * n);
    grid_.lo = lo;
    for (;;) {
      grid_.h = h;
      for (int k = 0; k < D; ++k) grid_.dims[k] = static_cast<int>(std::floor((hi[k] - lo[k]) / h)) + 1;
      const std::size_t total = grid_.count();
      if (total <= cap) break;
      h *= std::pow(static_cast<double>(total) / static_cast<double>(cap), 1.0 / D) * 1.001;
    }
    ncells_ = grid_.count();
    // 1. counting sort by cell
    sort_into_cells(grid_, n, [&](std::size_t i) { return core::Vec<D>::Map(x + D * i); }, cell_, start_, fill_, order_);
    for (std::size_t s = 0; s < n; ++s) {
      xs_[s] = core::Vec<D>::Map(x + D * order_[s]);
      rs_[s] = R[order_[s]];
    }
    // 2. half list
    list_.clear();
    static constexpr auto stencil = forward_stencil();
    for (std::size_t c = 0; c < ncells_; ++c) {
      const auto cc = grid_.coords(c);
      for (std::uint32_t s = start_[c]; s < start_[c + 1]; ++s) {
        first_[s] = static_cast<std::uint32_t>(list_.size());
        for (std::uint32_t t = s + 1; t < start_[c + 1]; ++t) consider(s, t, range);
        for (const auto& off : stencil) {
          std::array<int, D> nb;
          for (int k = 0; k < D; ++k) nb[k] = cc[k] + off[k];
          if (!grid_.inside(nb)) continue;
          const std::size_t nc = grid_.index(nb);
          for (std::uint32_t t = start_[nc]; t < start_[nc + 1]; ++t) consider(s, t, range);
        }
      }
    }
    first_[n] = static_cast<std::uint32_t>(list_.size());
  }

  std::size_t size() const { return n_; }
  /// Particle held by slot s (slots are sorted by cell).
  const std::vector<std::uint32_t>& order() const { return order_; }
  /// Positions (slot order) at the build, for the displacement criterion.
  const std::vector<core::Vec<D>>& reference_positions() const { return xs_; }
  /// Half list: the slots t > s within range + skin of slot s are list()[first()[s] .. first()[s+1]).
  const std::vector<std::uint32_t>& first() const { return first_; }
  const std::vector<std::uint32_t>& list() const { return list_; }
  std::size_t cell_count() const { return ncells_; }
  double cell_size() const { return grid_.h; }
  /// Bytes held (capacities), for the memory note.
  std::size_t bytes() const {
    return order_.capacity() * 4 + cell_.capacity() * 4 + start_.capacity() * 4 + fill_.capacity() * 4 +
           first_.capacity() * 4 + list_.capacity() * 4 + xs_.capacity() * sizeof(core::Vec<D>) + rs_.capacity() * 8;
  }

 private:
  void consider(std::uint32_t s, std::uint32_t t, const PairRange& range) {
    const double cut = (rs_[s] + rs_[t]) * range.scale + range.add + range.skin;
    if ((xs_[s] - xs_[t]).squaredNorm() < cut * cut) list_.push_back(t);
  }

  /// The neighbour offsets whose linear index is larger than the cell's (half of the 3^D − 1):
  /// lexicographically positive in (last axis, …, first axis).
  static constexpr std::size_t kForward = D == 2 ? 4 : 13;
  static constexpr std::array<std::array<int, D>, kForward> forward_stencil() {
    std::array<std::array<int, D>, kForward> out{};
    std::size_t k_out = 0;
    const int total = D == 2 ? 9 : 27;
    for (int m = 0; m < total; ++m) {
      std::array<int, D> o{};
      int r = m;
      for (int k = 0; k < D; ++k) o[k] = r % 3 - 1, r /= 3;
      int lead = 0;  // sign of the most significant non-zero component
      for (int k = D - 1; k >= 0 && lead == 0; --k) lead = o[k];
      if (lead > 0) out[k_out++] = o;
    }
    return out;
  }

  std::size_t n_ = 0, ncells_ = 0;
  CellGrid<D> grid_;
  std::vector<std::uint32_t> order_, cell_, start_, fill_, first_, list_;
  std::vector<core::Vec<D>> xs_;
  std::vector<double> rs_;
};

}  // namespace verisim::contact
