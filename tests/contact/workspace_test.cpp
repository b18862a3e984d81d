// State belongs to the run (issue 23): a contact::World is an immutable description, and everything an
// evaluation writes lives in the run's World::Workspace. So one world is stepped from several threads
// with one workspace each, and two runs on one world never see each other: each run's states are
// bit-for-bit those it has alone (same sums in the same order: the world is deterministic).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/packing.hpp"
#include "toolkit/contact/world.hpp"

namespace verisim::contact::test {
namespace {

using State = core::PhaseState<core::VecX>;

/// A dense, closed 3D pack under gravity with damping and friction, and a thin skin (1e-4 d̄) so that
/// the runs rebuild (and re-sort) their neighbour lists while they step.
World<3> pack() {
  LatticeOptions o;
  o.polydispersity = 0.05, o.compression = 0.01, o.density = 6.0 / std::numbers::pi, o.lid = true, o.seed = 2301;
  auto p = lattice_box<3>({4, 4, 5}, o);
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.kt = 500.0, prm.gravity = core::Vec3(0, 0, -1);
  prm.skin = 1e-4;
  return World<3>(std::move(p.particles), prm, std::move(p.walls));
}

/// Run k: the pack with particle 0 kicked by k (so that every run has its own trajectory).
State start(const World<3>& w, int k) {
  State s = w.initial_state();
  s.v[0] += 0.5 * k;
  return s;
}

/// n steps of run k in chunks of `chunk` steps, on its own workspace.
State run_alone(const World<3>& w, int k, std::size_t n, std::size_t chunk) {
  State s = start(w, k);
  auto ws = w.workspace();
  DemVerletHalfStep<core::VecX> dem;
  for (std::size_t done = 0; done < n; done += chunk) integrate(dem, w, ws, s, 1e-4 * static_cast<double>(done), 1e-4, chunk);
  return s;
}

void expect_same_bits(const State& a, const State& b) {
  ASSERT_EQ(a.q.size(), b.q.size());
  for (Eigen::Index i = 0; i < a.q.size(); ++i) {
    ASSERT_EQ(a.q[i], b.q[i]) << i;
    ASSERT_EQ(a.v[i], b.v[i]) << i;
  }
}

TEST(ContactWorkspace, OneWorldSteppedFromSeveralThreadsGivesEachRunItsOwnResult) {
  const World<3> world = pack();
  constexpr int kRuns = 4;
  constexpr std::size_t kSteps = 600;
  std::vector<State> sequential, threaded(kRuns);
  for (int k = 0; k < kRuns; ++k) sequential.push_back(run_alone(world, k, kSteps, kSteps));
  std::vector<std::thread> threads;
  for (int k = 0; k < kRuns; ++k)
    threads.emplace_back([&, k] { threaded[static_cast<std::size_t>(k)] = run_alone(world, k, kSteps, kSteps); });
  for (auto& t : threads) t.join();
  for (int k = 0; k < kRuns; ++k) expect_same_bits(threaded[static_cast<std::size_t>(k)], sequential[static_cast<std::size_t>(k)]);
  // the runs differ from one another (the comparison is not of one trajectory with itself)
  EXPECT_NE(sequential[0].q, sequential[1].q);
}

TEST(ContactWorkspace, TwoInterleavedRunsOnOneWorldShareNothing) {
  const World<3> world = pack();
  constexpr std::size_t kSteps = 600, kChunk = 50;
  const State a_alone = run_alone(world, 1, kSteps, kChunk), b_alone = run_alone(world, 2, kSteps, kChunk);
  State a = start(world, 1), b = start(world, 2);
  auto wa = world.workspace(), wb = world.workspace();
  DemVerletHalfStep<core::VecX> da, db;
  for (std::size_t done = 0; done < kSteps; done += kChunk) {  // a, b, a, b, … on the same world
    const double t = 1e-4 * static_cast<double>(done);
    integrate(da, world, wa, a, t, 1e-4, kChunk);
    integrate(db, world, wb, b, t, 1e-4, kChunk);
  }
  EXPECT_GT(wa.rebuilds(), 1u);  // the lists were rebuilt while the runs alternated
  expect_same_bits(a, a_alone);
  expect_same_bits(b, b_alone);
}

TEST(ContactWorkspace, AWorkspaceUsedWithAnotherWorldIsRebuiltForIt) {
  // a workspace carries no meaning across worlds: used with a second world (other particles, other
  // count), its first evaluation rebuilds it, and the forces are that world's own
  const World<3> first = pack();
  LatticeOptions o;
  o.polydispersity = 0.05, o.compression = 0.01, o.density = 6.0 / std::numbers::pi, o.seed = 2302;
  auto p = lattice_box<3>({3, 3, 3}, o);
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.gravity = core::Vec3(0, 0, -1);
  const World<3> second(std::move(p.particles), prm, std::move(p.walls));
  auto ws = first.workspace();
  State s1 = first.initial_state();
  core::VecX a1(s1.q.size());
  first.system(ws)(s1.q, s1.v, a1, 0.0);
  const State s2 = second.initial_state();
  core::VecX reused(s2.q.size()), fresh(s2.q.size());
  second.system(ws)(s2.q, s2.v, reused, 0.0);
  auto own = second.workspace();
  second.system(own)(s2.q, s2.v, fresh, 0.0);
  EXPECT_EQ(reused, fresh);
}

}  // namespace
}  // namespace verisim::contact::test
