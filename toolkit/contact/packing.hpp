#pragma once
// Dense initial packings for particle worlds: polydisperse discs on a hexagonal lattice or spheres
// on a face-centred cubic lattice, in an open box of walls (floor and sides, seed 001 §D.1 planes),
// optionally compressed so that neighbours overlap from the start. Used by the benchmark scenes,
// the contact study and the tests; the lattice is the densest packing of equal discs (hexagonal,
// φ = π/√12) or spheres (fcc, φ = π/√18), so a polydisperse, slightly compressed lattice has most
// of its 6 (2D) or 12 (3D) lattice neighbours in contact.
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <vector>

#include "toolkit/contact/walls.hpp"
#include "toolkit/contact/params.hpp"

namespace verisim::contact {

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
  std::uint64_t seed = 1;     ///< radii draw (std::mt19937_64: the same packing on every machine)
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
  std::mt19937_64 rng(o.seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const double rbar = 0.5 * o.diameter;
  const core::Vec<D> offset = core::Vec<D>::Constant(0.5 * a);  // the first sites touch the walls at 0
  std::array<int, D> idx{};
  core::Vec<D> hi = core::Vec<D>::Zero();
  for (;;) {
    for (const auto& b : basis) {
      Particle<D> p;
      for (int k = 0; k < D; ++k) p.x[k] = offset[k] + idx[k] * cell[k] + b[k];
      p.radius = rbar * (1.0 + o.polydispersity * u(rng));
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

}  // namespace verisim::contact
