// Neighbour search of the particle world (linked cells + Verlet list, linked_cells.hpp) against the
// all-pairs search, and the world's whole force pipeline against a plain all-pairs sum of the same
// laws (half list, Newton's third law, sorting by cell, walls, scatter).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "toolkit/contact/diagnostics.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::contact::test {
namespace {

using core::uniform;
using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

/// n particles uniform in a cube (square) of side L, radii uniform in [0.5, 1.5] (size ratio 3).
template <int D>
std::vector<Particle<D>> cloud(std::size_t n, double L, std::uint64_t seed) {
  core::Rng rng(seed);
  std::vector<Particle<D>> ps(n);
  for (auto& p : ps) {
    for (int k = 0; k < D; ++k) p.x[k] = uniform(rng, 0.0, L);
    p.radius = uniform(rng, 0.5, 1.5);
    p.mass = p.radius * p.radius;
  }
  return ps;
}

/// The pairs (i < j) with |x_i − x_j| < (R_i + R_j)·scale + add, by brute force: 5·10⁷ pairs, on plain arrays so
/// that the sanitize preset (where Eigen's small functions are not inlined) runs it in seconds, not a minute.
template <int D, Laws L>
Pairs all_pairs(const World<D, L>& w, const core::VecX& q, double scale, double add) {
  const std::uint32_t n = static_cast<std::uint32_t>(w.size());
  std::vector<double> x(static_cast<std::size_t>(D) * n), r(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    for (int k = 0; k < D; ++k) x[D * i + k] = w.position(q, i)[k];
    r[i] = w.particle(i).radius;
  }
  Pairs out;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j) {
      double d2 = 0.0;  // summed in Eigen's order for (x_i − x_j).squaredNorm()
      for (int k = 0; k < D; ++k) d2 += (x[D * i + k] - x[D * j + k]) * (x[D * i + k] - x[D * j + k]);
      if (std::sqrt(d2) < (r[i] + r[j]) * scale + add) out.emplace_back(i, j);
    }
  return out;
}

template <int D, Laws L>
void check_against_all_pairs(const WorldParams<D>& prm, double scale, double add, std::uint64_t seed) {
  // 10⁴ particles; the box is sized for about 3 neighbours in range per particle (D = 3: L = 36;
  // D = 2: L = 160), so both hits and misses are plentiful.
  const std::size_t n = 10000;
  const double side = D == 3 ? 36.0 : 160.0;
  auto ps = cloud<D>(n, side, seed);
  if constexpr (L.dipoles)  // the cells widen to r_c when particles carry moments (world.hpp)
    for (auto& p : ps) p.dipole = core::Vec<D>::UnitX();
  const World<D, L> world(std::move(ps), prm);
  auto s = world.initial_state();
  auto ws = world.workspace();
  const Pairs got = neighbour_pairs(world, ws, s.q);
  const Pairs want = all_pairs(world, s.q, scale, add);
  EXPECT_GT(want.size(), n);  // not a vacuous comparison
  EXPECT_EQ(got, want);
  // move every particle by less than skin/2: the list is kept, and is still exact
  core::Rng rng(seed + 1);
  const std::size_t builds = ws.rebuilds();
  for (std::size_t i = 0; i < n; ++i)
    for (int k = 0; k < D; ++k) s.q[static_cast<Eigen::Index>(D * i + k)] += uniform(rng, -1, 1) * 0.49 * world.skin() / std::sqrt(D);
  EXPECT_EQ(neighbour_pairs(world, ws, s.q), all_pairs(world, s.q, scale, add));
  EXPECT_EQ(ws.rebuilds(), builds);
  // move them further: rebuilt, exact again
  for (std::size_t i = 0; i < n; ++i)
    for (int k = 0; k < D; ++k) s.q[static_cast<Eigen::Index>(D * i + k)] += uniform(rng, -1, 1) * 2.0;
  EXPECT_EQ(neighbour_pairs(world, ws, s.q), all_pairs(world, s.q, scale, add));
  EXPECT_EQ(ws.rebuilds(), builds + 1);
}

TEST(ContactValidation_Neighbours, LinkedCellsEqualAllPairs2D) {
  WorldParams<2> prm;
  prm.kn = 1.0;
  check_against_all_pairs<2, Laws{}>(prm, 1.0, 0.0, 1401);
}

TEST(ContactValidation_Neighbours, LinkedCellsEqualAllPairs3D) {
  WorldParams<3> prm;
  prm.kn = 1.0;
  check_against_all_pairs<3, Laws{}>(prm, 1.0, 0.0, 1402);
}

TEST(ContactValidation_Neighbours, LinkedCellsEqualAllPairsWithCohesionAndDipoleRanges) {
  // The cells widen to the largest range in play (seed 003 "Adaptation des cellules liées").
  WorldParams<3> prm;
  prm.kn = 1.0, prm.cohesion = {0.3, 1.0};
  check_against_all_pairs<3, Laws{.cohesion = true}>(prm, 1.0, 0.3, 1403);
  WorldParams<2> pd;
  pd.kn = 1.0, pd.dipole.alpha = 0.1;
  check_against_all_pairs<2, Laws{.dipoles = true}>(pd, std::pow(0.1, -0.25), 0.0, 1404);
}

TEST(ContactNeighbours, AStrayParticleFarAwayCostsNoCells) {
  // One particle 10⁹ away: the cell count stays capped (max(64, 2N)) and the search stays exact.
  auto ps = cloud<3>(2000, 20.0, 1405);
  ps[17].x = core::Vec3(1e9, -3e8, 2e9);
  WorldParams<3> prm;
  prm.kn = 1.0;
  const World<3> world(ps, prm);
  const auto s = world.initial_state();
  auto ws = world.workspace();
  EXPECT_EQ(neighbour_pairs(world, ws, s.q), all_pairs(world, s.q, 1.0, 0.0));
  EXPECT_LE(ws.cell_count(), 4000u);
}

// A dense, overlapping, spinning 3D cloud in a box of walls (plane, brick, inside of a cylinder),
// with damping and friction: the world's accelerations (half list, sorted slots, third law,
// walls through the skin lists) equal a plain double loop over all pairs and all walls calling the
// same laws, the dashpot's η = η/√m·√m* from pair_viscosity. Sums in a different order: 1e-12 of the
// largest acceleration. kinds: radii (and masses) of that many kinds, the world's table of constants
// by kind (one kind: no index per pair); 0: every radius its own, η kept per listed pair (PairTable).
void expect_world_forces_equal_plain_sum(std::size_t kinds) {
  const std::size_t n = 1500;
  core::Rng rng(1406);
  auto ps = cloud<3>(n, 14.0, 1407);
  for (std::size_t i = 0; i < ps.size() && kinds > 0; ++i) {
    ps[i].radius = 0.5 + static_cast<double>(i % kinds) / static_cast<double>(kinds);
    ps[i].mass = ps[i].radius * ps[i].radius;
  }
  for (auto& p : ps) {
    p.x += core::Vec3(1, 1, 1);
    p.v = core::random_vec<3>(rng);
    p.w = core::random_vec<3>(rng, 2.0);
  }
  WorldParams<3> prm;
  prm.kn = 1e3, prm.restitution = 0.6, prm.kt = 5.0, prm.mu = 0.4, prm.gravity = core::Vec3(0, 0, -9.81);
  prm.end = ContactEnd::force;
  Walls walls;
  walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
  walls.add(geometry::Brick{core::Vec3(5, 5, 3), core::Vec3::UnitZ(), core::Vec3::UnitX(), 4.0, 3.0, 2.0});
  walls.add(Inside<geometry::Cylinder>{{core::Vec3(8, 8, 8), core::Vec3::UnitZ(), 9.0, 30.0}});
  // keep out of the brick (the world refuses centres inside a wall at t = 0)
  std::erase_if(ps, [&](const Particle<3>& p) { return wall_gap(geometry::Brick{core::Vec3(5, 5, 3), core::Vec3::UnitZ(), core::Vec3::UnitX(), 4.0, 3.0, 2.0}, p.x).distance < 0.0 || p.x.z() < 0.0 || (p.x - core::Vec3(8, 8, p.x.z())).norm() > 9.0; });
  const World<3> world(ps, prm, walls);
  ASSERT_EQ(world.constant_kinds(), kinds);
  const auto s = world.initial_state();
  core::VecX a(s.q.size());
  auto ws = world.workspace();
  world.system(ws)(s.q, s.v, a, 0.0);

  const std::size_t m = world.size();
  std::vector<core::Vec3> F(m, core::Vec3::Zero()), T(m, core::Vec3::Zero());
  const ContactLaw& law = world.contact_law();
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = i + 1; j < m; ++j) {
      const core::Vec3 d = world.position(s.q, i) - world.position(s.q, j);
      const double r = d.norm(), rs = ps[i].radius + ps[j].radius;
      if (r >= rs) continue;
      core::Vec3 f, ti, tj;
      contact_force<3, true, true>(d / r, r - rs, world.velocity(s.v, i) - world.velocity(s.v, j), ps[i].radius,
                                   world.spin(s.v, i), ps[j].radius, world.spin(s.v, j),
                                   pair_viscosity(law, ps[i].mass, ps[j].mass), law, f, ti, tj);
      F[i] += f, F[j] -= f, T[i] += ti, T[j] += tj;
    }
    auto wall = [&](const auto& shape) {
      const WallGap g = wall_gap(shape, world.position(s.q, i));
      const double delta = g.distance - ps[i].radius;
      if (delta >= 0.0) return;
      core::Vec3 f, ti, tj;
      contact_force<3, true, true>(g.normal, delta, world.velocity(s.v, i), ps[i].radius, world.spin(s.v, i), 0.0,
                                   core::Vec3::Zero(), wall_viscosity(law, ps[i].mass), law, f, ti, tj);
      F[i] += f, T[i] += ti;
    };
    wall(std::get<0>(walls.kinds())[0]);
    wall(std::get<2>(walls.kinds())[0]);
    wall(std::get<7>(walls.kinds())[0]);
  }
  double scale = 0.0;
  for (Eigen::Index k = 0; k < a.size(); ++k) scale = std::max(scale, std::abs(a[k]));
  std::size_t contacts = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const core::Vec3 ai = F[i] / ps[i].mass + prm.gravity;
    const core::Vec3 alpha = T[i] / world.moment_of_inertia(i);
    ASSERT_LT((a.segment<3>(static_cast<Eigen::Index>(3 * i)) - ai).norm(), 1e-12 * scale) << i;
    ASSERT_LT((a.segment<3>(static_cast<Eigen::Index>(3 * m + 3 * i)) - alpha).norm(), 1e-12 * scale) << i;
    contacts += F[i].norm() > 0.0;
  }
  EXPECT_GT(contacts, m / 2);  // most particles touch something: not a vacuous comparison
  const auto [pairs, wall_contacts] = contact::contacts(world, ws, s.q);
  EXPECT_GT(pairs, m / 2);
  EXPECT_GT(wall_contacts, 10u);
}

TEST(ContactNeighbours, WorldForcesEqualAPlainAllPairsSumOfTheLaws) { expect_world_forces_equal_plain_sum(0); }
TEST(ContactNeighbours, WorldForcesEqualAPlainAllPairsSumWithThreeKinds) { expect_world_forces_equal_plain_sum(3); }
TEST(ContactNeighbours, WorldForcesEqualAPlainAllPairsSumWithOneKind) { expect_world_forces_equal_plain_sum(1); }

}  // namespace
}  // namespace verisim::contact::test
