#pragma once
// Dense initial packings for particle worlds: polydisperse discs on a hexagonal lattice or spheres
// on a face-centred cubic lattice, in an open box of walls (floor and sides, seed 001 §D.1 planes),
// optionally compressed so that neighbours overlap from the start. Used by the benchmark scenes,
// the contact study and the tests; the lattice is the densest packing of equal discs (hexagonal,
// φ = π/√12) or spheres (fcc, φ = π/√18), so a polydisperse, slightly compressed lattice has most
// of its 6 (2D) or 12 (3D) lattice neighbours in contact. Also the packings of a scene's
// `particles` (fill_region: a square / simple-cubic lattice or random sequential addition in a box).
// Every radius is drawn by polydisperse_radius from core::Rng: the same packing on every machine.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <unordered_map>
#include <vector>

#include "toolkit/contact/walls.hpp"
#include "toolkit/contact/params.hpp"
#include "toolkit/core/checkpoint.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::contact {

/// A radius uniform in [R̄(1 − p), R̄(1 + p)]: R̄(1 + p(2u − 1)), u = rng.unit().
inline double polydisperse_radius(core::Rng& rng, double rbar, double p) { return rbar * (1.0 + p * (2.0 * rng.unit() - 1.0)); }

template <int D>
struct Packing {
  std::vector<Particle<D>> particles;
  Walls walls;
  core::Vec<D> box = core::Vec<D>::Zero();  ///< the box's extent (the walls sit at 0 and box[k], no top wall)
};

struct LatticeOptions {
  double diameter = 1.0;      ///< mean diameter d̄
  double polydispersity = 0.0;  ///< radii uniform in [R̄(1 − p), R̄(1 + p)]
  double compression = 0.0;   ///< nearest-neighbour spacing d̄ (1 − compression)
  double density = 1.0;       ///< mass per volume (3D) or per area (2D)
  std::uint64_t seed = 1;     ///< radii draw (core::Rng: the same packing on every machine)
  bool lid = false;           ///< close the box with a top wall (a confined, pre-compressed pack)
};

/// `cells` lattice cells along each axis (2 particles per hexagonal cell, 4 per fcc cell), the
/// particles in lattice order (x fastest), at rest. Sites are spaced by the nearest-neighbour distance
/// a = d̄ (1 − compression): a pair overlaps when R_i + R_j > a, so the contacts per particle grow with
/// compression/polydispersity (about 8 of the 12 fcc neighbours at compression = polydispersity/5).
template <int D>
Packing<D> lattice_box(const std::array<int, D>& cells, const LatticeOptions& o) {
  static_assert(D == 2 || D == 3);
  Packing<D> out;
  const double a = o.diameter * (1.0 - o.compression);  // nearest-neighbour distance
  std::vector<core::Vec<D>> basis;
  core::Vec<D> cell;
  if constexpr (D == 2) {  // hexagonal: rectangular cell a × a√3, two sites
    cell = core::Vec2(a, a * std::sqrt(3.0));
    basis = {core::Vec2(0.0, 0.0), core::Vec2(0.5 * a, 0.5 * a * std::sqrt(3.0))};
  } else {  // fcc: cubic cell of side a√2, four sites
    const double A = a * std::sqrt(2.0);
    cell = core::Vec3(A, A, A);
    basis = {core::Vec3(0, 0, 0), core::Vec3(0.5 * A, 0.5 * A, 0), core::Vec3(0.5 * A, 0, 0.5 * A), core::Vec3(0, 0.5 * A, 0.5 * A)};
  }
  core::Rng rng(o.seed);
  const double rbar = 0.5 * o.diameter;
  const core::Vec<D> offset = core::Vec<D>::Constant(0.5 * a);  // the first sites touch the walls at 0
  std::array<int, D> idx{};
  core::Vec<D> hi = core::Vec<D>::Zero();
  for (;;) {
    for (const auto& b : basis) {
      Particle<D> p;
      for (int k = 0; k < D; ++k) p.x[k] = offset[k] + idx[k] * cell[k] + b[k];
      p.radius = polydisperse_radius(rng, rbar, o.polydispersity);
      p.mass = D == 2 ? o.density * std::numbers::pi * p.radius * p.radius
                      : o.density * 4.0 / 3.0 * std::numbers::pi * p.radius * p.radius * p.radius;
      hi = hi.cwiseMax(p.x);
      out.particles.push_back(p);
    }
    int k = 0;
    while (k < D && ++idx[k] == cells[k]) idx[k] = 0, ++k;
    if (k == D) break;
  }
  out.box = hi + offset;
  for (int k = 0; k < D; ++k) {
    core::Vec3 n = core::Vec3::Zero();
    n[k] = 1.0;
    out.walls.add(geometry::Plane{core::Vec3::Zero(), n});  // floor (k = D − 1) and the low sides
    if (k < D - 1 || o.lid) {                          // the high sides (and the lid)
      core::Vec3 o3 = core::Vec3::Zero();
      o3[k] = out.box[k];
      out.walls.add(geometry::Plane{o3, -n});
    }
  }
  return out;
}

/// One particle of fill_region: centre and radius.
struct Placed {
  core::Vec3 x;
  double radius;
};

/// fill_region's request: `count` particles of radii R(1 ± polydispersity) in the box [lo, hi]
/// (z = 0 and only x, y used when dimension = 2).
struct RegionFill {
  enum class Generator { lattice, random } generator = Generator::lattice;
  int dimension = 3;
  core::Vec3 lo = core::Vec3::Zero(), hi = core::Vec3::Zero();
  double radius = 0.0, polydispersity = 0.0;
  double spacing = 0.0;  ///< lattice: the site spacing (≥ 2R(1 + p), the caller checks)
  std::size_t count = 0;
  std::uint64_t seed = 1;
};

/// The particles of a filled region, or `placed.size() < count` with `attempts` the draws made
/// (random: the region is too small) or the lattice's sites (lattice: fewer sites than count).
struct RegionFillResult {
  std::vector<Placed> placed;
  std::size_t attempts = 0;
};

/// Lattice: square (2D) / simple cubic (3D), x fastest, the first site R(1 + p) from `lo`, at most
/// `count` sites. Random: seeded random sequential addition (uniform centres; a draw overlapping an
/// earlier particle is rejected). Earlier particles are binned in cells of side 2R(1 + p), the largest
/// sum of two radii, so a draw can overlap only particles of the 3^D cells around its own: each test is
/// O(1), not O(count). The accepted set is the one the all-pairs test gives. Near saturation (random
/// sequential addition jams at a packing fraction ≈ 0.547 in 2D, Hinrichsen, Feder & Jøssang 1986;
/// ≈ 0.383 in 3D, Torquato, Uche & Stillinger 2006) almost every draw fails: the packing gives up
/// after 10⁶ failed draws in a row as well as after 1000·count draws in all.
inline RegionFillResult fill_region(const RegionFill& f) {
  core::Rng rng(f.seed);
  const int axes = f.dimension;
  const double Rmax = f.radius * (1.0 + f.polydispersity);
  const std::size_t n = f.count;
  RegionFillResult out;
  core::Pacer pacer;  // a stop signal is seen every ~0.1 s (toolkit/core/checkpoint.hpp)
  if (f.generator == RegionFill::Generator::lattice) {
    std::array<std::size_t, 3> sites{1, 1, 1};  // no axis needs more than count sites
    for (int k = 0; k < axes; ++k) {
      const double per_axis = std::floor((f.hi[k] - f.lo[k] - 2.0 * Rmax) / f.spacing * (1.0 + 1e-12)) + 1.0;
      sites[static_cast<std::size_t>(k)] = static_cast<std::size_t>(std::min(per_axis, static_cast<double>(n)));
    }
    for (std::size_t c = 0; c < sites[2] && out.placed.size() < n; ++c)
      for (std::size_t b = 0; b < sites[1] && out.placed.size() < n; ++b)
        for (std::size_t a = 0; a < sites[0] && out.placed.size() < n; ++a) {
          core::Vec3 x = f.lo + core::Vec3::Constant(Rmax) +
                         f.spacing * core::Vec3(static_cast<double>(a), static_cast<double>(b), static_cast<double>(c));
          if (axes == 2) x.z() = 0.0;
          pacer.checkpoint();
          out.placed.push_back({x, polydisperse_radius(rng, f.radius, f.polydispersity)});
        }
    out.attempts = out.placed.size();
    return out;
  }
  const std::size_t attempts = 1000 * n, run_limit = 1000000;
  const double cell = 2.0 * Rmax;
  using Cell = std::array<std::int64_t, 3>;
  struct CellHash {
    std::size_t operator()(const Cell& c) const noexcept {
      // the spatial hash of Teschner et al., "Optimized spatial hashing for collision detection of
      // deformable objects", VMV 2003 (its three primes), in unsigned arithmetic (wraps, no overflow)
      const auto u = [](std::int64_t x) { return static_cast<std::uint64_t>(x); };
      return static_cast<std::size_t>(u(c[0]) * 73856093u ^ u(c[1]) * 19349663u ^ u(c[2]) * 83492791u);
    }
  };
  auto cell_of = [&](const core::Vec3& x) {
    Cell c{0, 0, 0};  // x lies in the region: (x − lo)/cell ≥ 0, clamped far below overflow
    for (int k = 0; k < axes; ++k)
      c[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(std::min(std::floor((x[k] - f.lo[k]) / cell), 0x1.0p60));
    return c;
  };
  std::unordered_map<Cell, std::vector<std::size_t>, CellHash> bins;
  std::size_t failed_in_a_row = 0, a = 0;
  for (; a < attempts && out.placed.size() < n && failed_in_a_row < run_limit; ++a) {
    pacer.checkpoint();
    const double radius = polydisperse_radius(rng, f.radius, f.polydispersity);
    core::Vec3 x = core::Vec3::Zero();
    for (int k = 0; k < axes; ++k) x[k] = f.lo[k] + radius + (f.hi[k] - f.lo[k] - 2.0 * radius) * rng.unit();
    const Cell c = cell_of(x);
    bool free = true;
    for (std::int64_t dz = (axes == 3 ? -1 : 0); dz <= (axes == 3 ? 1 : 0) && free; ++dz)
      for (std::int64_t dy = -1; dy <= 1 && free; ++dy)
        for (std::int64_t dx = -1; dx <= 1 && free; ++dx) {
          const auto it = bins.find(Cell{c[0] + dx, c[1] + dy, c[2] + dz});
          if (it == bins.end()) continue;
          for (const std::size_t j : it->second)
            if (!((out.placed[j].x - x).norm() >= out.placed[j].radius + radius)) { free = false; break; }
        }
    if (!free) { ++failed_in_a_row; continue; }
    failed_in_a_row = 0;
    bins[c].push_back(out.placed.size());
    out.placed.push_back({x, radius});
  }
  out.attempts = a;
  return out;
}

}  // namespace verisim::contact
