#pragma once
// Long-range forces between particles (gravity, Coulomb), seed 003 "Les forces à longue portée".
// Pair law, on i from j (d = r_i − r_j): the inverse-square law of models/inverse_square.hpp,
//   F_i = C s_i s_j d/|d|³,   energy C s_i s_j/|d|
//   gravity: C = −G, s = mass (attractive);  Coulomb: C = 1/(4π ε₀), s = charge.
// When F_ij ∝ r⁻ⁿ with n ≤ d, the number of far particles (∝ r^d) compensates the decay, so no
// cut-off is allowed (seed 003). The seed's two-step method, done here:
//   1. cells large enough to erase local anisotropy (a coarse grid of its own, `cells_per_side`
//      cubic cells along the cloud's longest side);
//   2. exact pair sum with the particles of the near cells (the cell and its 3^d − 1 neighbours);
//   3. mean field for the other cells: one effective particle per cell carrying the cell's total
//      s ("une particule de charge égale à la somme de toutes les charges de sa cellule"), placed at
//      the cell's centre (the seed's words) or, by default, at the |s|-weighted centroid of its
//      particles (the centre of mass for gravity: the dipole term of the far-field expansion
//      vanishes and the error falls from O(h/r) to O((h/r)²) per cell — measured in docs/contact.md).
// Cost O(N·(near particles + cells)) per evaluation: the seed's method, not a tree code; the number of
// cells is what the user trades against accuracy.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "toolkit/contact/cell_grid.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/models/inverse_square.hpp"

namespace verisim::contact {

/// Where a far cell's effective particle sits.
enum class MeanFieldCentre { centroid, cell_centre };

struct LongRangeLaw {
  double coupling = 0.0;   ///< C: −G for gravity (strengths = masses), 1/(4π ε₀) for Coulomb (charges)
  bool use_mass = true;    ///< s = mass (gravity) or the particle's charge (Coulomb)
  int cells_per_side = 8;  ///< coarse cells along the cloud's longest side (≥ 1; 1 or 2: all exact)
  MeanFieldCentre centre = MeanFieldCentre::centroid;
};

/// C s_i s_j d/|d|³ (seed 003's long-range pair, on i). Coincident centres (d = 0) have no
/// direction to pull along: 0 (the limit by symmetry), not 0/0.
template <int D>
inline core::Vec<D> long_range_force(const core::Vec<D>& d, double cs_i_s_j) {
  if (!(d.squaredNorm() > 0.0)) return core::Vec<D>::Zero();
  return models::inverse_square_force(d, cs_i_s_j);
}

/// The near-exact, far-mean-field evaluation. Holds its grid buffers (sized on first use, reused:
/// no allocation afterwards for a fixed particle count): one per run (a contact::World::Workspace
/// holds it), never shared between threads.
template <int D>
class MeanField {
 public:
  /// Adds to f[i] the long-range force on particle i; x[i] positions, s[i] strengths, C the coupling.
  void add_forces(const std::vector<core::Vec<D>>& x, const std::vector<double>& s, const LongRangeLaw& law,
                  std::vector<core::Vec<D>>& f) {
    const std::size_t n = x.size();
    if (n < 2) return;
    bin(x, law.cells_per_side);
    // effective particle of each cell: total strength and its position
    std::fill(cell_s_.begin(), cell_s_.end(), 0.0);
    std::fill(cell_w_.begin(), cell_w_.end(), 0.0);
    std::fill(cell_x_.begin(), cell_x_.end(), core::Vec<D>::Zero());
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t c = cell_of_[i];
      cell_s_[c] += s[i];
      cell_w_[c] += std::abs(s[i]);
      cell_x_[c] += std::abs(s[i]) * x[i];
    }
    for (std::size_t c = 0; c < ncells_; ++c) {
      if (law.centre == MeanFieldCentre::centroid && cell_w_[c] > 0.0)
        cell_x_[c] /= cell_w_[c];
      else
        cell_x_[c] = grid_.centre(c);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto ci = grid_.coords(cell_of_[i]);
      core::Vec<D> fi = core::Vec<D>::Zero();
      for (std::size_t c = 0; c < ncells_; ++c) {
        const auto cc = grid_.coords(c);
        bool near = true;
        for (int k = 0; k < D; ++k) near = near && std::abs(cc[k] - ci[k]) <= 1;
        if (near) {  // exact pair sum over the cell's particles
          for (std::uint32_t a = start_[c]; a < start_[c + 1]; ++a) {
            const std::uint32_t j = sorted_[a];
            if (j != i) fi += long_range_force<D>(x[i] - x[j], law.coupling * s[i] * s[j]);
          }
        } else if (cell_s_[c] != 0.0) {  // mean field: the cell's effective particle
          fi += long_range_force<D>(x[i] - cell_x_[c], law.coupling * s[i] * cell_s_[c]);
        }
      }
      f[i] += fi;
    }
  }

  /// Cells along each axis of the last evaluation, and their side.
  const std::array<int, D>& cells() const { return grid_.dims; }
  double cell_size() const { return grid_.h; }

 private:
  void bin(const std::vector<core::Vec<D>>& x, int per_side) {
    core::Vec<D> lo = x[0], hi = x[0];
    for (const auto& p : x) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
    const double extent = (hi - lo).maxCoeff();
    const int m = std::max(1, per_side);
    grid_.lo = lo;
    grid_.h = extent > 0.0 ? extent / m : 1.0;
    for (int k = 0; k < D; ++k) grid_.dims[k] = std::clamp(static_cast<int>(std::ceil((hi[k] - lo[k]) / grid_.h)), 1, m);
    ncells_ = grid_.count();
    sort_into_cells(grid_, x.size(), [&](std::size_t i) { return x[i]; }, cell_of_, start_, fill_, sorted_);
    cell_s_.resize(ncells_);
    cell_w_.resize(ncells_);
    cell_x_.resize(ncells_);
  }

  CellGrid<D> grid_;
  std::size_t ncells_ = 0;
  std::vector<std::uint32_t> cell_of_, start_, sorted_, fill_;
  std::vector<double> cell_s_, cell_w_;
  std::vector<core::Vec<D>> cell_x_;
};

}  // namespace verisim::contact
