#pragma once
// A regular grid of cubic cells over a box, and the counting sort of points into its cells: what the
// linked cells of the contact search (linked_cells.hpp) and the coarse cells of the long-range mean
// field (long_range.hpp) both need. Cells are numbered with the first axis fastest
// (c = (c_{D−1}·n_{D−2} + …)·n_0 + c_0); points outside the box go to the nearest cell.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "toolkit/core/vec.hpp"

namespace verisim::contact {

/// v.resize(n), growing the capacity geometrically (×1.5) when it must grow: a buffer sized by
/// the particles' spread (cells) or by a list's length settles after a few builds, and later
/// builds allocate nothing.
template <class V>
void grow_to(V& v, std::size_t n) {
  if (n > v.capacity()) v.reserve(std::max(n, v.capacity() + v.capacity() / 2));
  v.resize(n);
}

template <int D>
struct CellGrid {
  core::Vec<D> lo = core::Vec<D>::Zero();  ///< the box's low corner
  double h = 1.0;              ///< cell side
  std::array<int, D> dims{};   ///< cells along each axis

  std::size_t count() const {
    std::size_t n = 1;
    for (int k = 0; k < D; ++k) n *= static_cast<std::size_t>(dims[k]);
    return n;
  }
  /// The cell of point p (clamped into the grid).
  std::uint32_t index(const core::Vec<D>& p) const {
    std::size_t c = 0;
    for (int k = D - 1; k >= 0; --k) {
      const int ck = std::clamp(static_cast<int>((p[k] - lo[k]) / h), 0, dims[k] - 1);
      c = c * static_cast<std::size_t>(dims[k]) + static_cast<std::size_t>(ck);
    }
    return static_cast<std::uint32_t>(c);
  }
  /// The cell at integer coordinates cc (which must be inside the grid).
  std::size_t index(const std::array<int, D>& cc) const {
    std::size_t c = 0;
    for (int k = D - 1; k >= 0; --k) c = c * static_cast<std::size_t>(dims[k]) + static_cast<std::size_t>(cc[k]);
    return c;
  }
  bool inside(const std::array<int, D>& cc) const {
    for (int k = 0; k < D; ++k)
      if (cc[k] < 0 || cc[k] >= dims[k]) return false;
    return true;
  }
  std::array<int, D> coords(std::size_t c) const {
    std::array<int, D> r{};
    for (int k = 0; k < D; ++k) {
      r[k] = static_cast<int>(c % static_cast<std::size_t>(dims[k]));
      c /= static_cast<std::size_t>(dims[k]);
    }
    return r;
  }
  core::Vec<D> centre(std::size_t c) const {
    const auto cc = coords(c);
    core::Vec<D> p;
    for (int k = 0; k < D; ++k) p[k] = lo[k] + (cc[k] + 0.5) * h;
    return p;
  }
};

/// Counting sort of n points into the grid's cells: cell[i] the cell of point i, order the points
/// sorted by cell (stable), those of cell c at order[start[c] .. start[c+1]). fill is scratch.
template <int D, class PointAt>
void sort_into_cells(const CellGrid<D>& grid, std::size_t n, PointAt&& point, std::vector<std::uint32_t>& cell,
                     std::vector<std::uint32_t>& start, std::vector<std::uint32_t>& fill,
                     std::vector<std::uint32_t>& order) {
  const std::size_t nc = grid.count();
  grow_to(cell, n);
  grow_to(order, n);
  grow_to(start, nc + 1);
  std::fill(start.begin(), start.end(), 0u);
  for (std::size_t i = 0; i < n; ++i) {
    cell[i] = grid.index(point(i));
    ++start[cell[i] + 1];
  }
  for (std::size_t c = 0; c < nc; ++c) start[c + 1] += start[c];
  grow_to(fill, nc);
  std::copy(start.begin(), start.end() - 1, fill.begin());
  for (std::size_t i = 0; i < n; ++i) order[fill[cell[i]]++] = static_cast<std::uint32_t>(i);
}

}  // namespace verisim::contact
