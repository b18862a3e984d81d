// Soft contact on every core (issue 30): a world's evaluation runs on the workspace's threads
// (fork_join.hpp), with a block schedule that depends on the neighbour list only, never on the thread
// count (world.hpp, Workspace::Blocks), so 1, 2, 3 or 4 threads give byte-identical states. The
// packs are above World::kParallelMin particles, so that the threads really run; they step through
// several neighbour rebuilds (a thin skin), which re-cut the blocks; the pair loop's two-lane path gives
// the bits of its four-lane AVX2 path. Also built under ThreadSanitizer
// (the tsan preset: test_contact_threads).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <vector>

#include "tests/support/allocation_counter.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/fork_join.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/packing.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/core/lanes.hpp"

namespace verisim::contact::threads_test {
namespace {

using State = core::PhaseState<core::VecX>;
constexpr Laws kHertzMindlin{.damping = true, .friction = true, .normal = NormalModel::hertz, .tangential = TangentialModel::mindlin};

/// A compressed, polydisperse box with a lid (walls on every side), stirred: every particle gets a
/// velocity of its own (a fixed hash of its index), so that contacts open and close and the lists are rebuilt.
template <int D>
Packing<D> stirred_box(const std::array<int, D>& cells) {
  LatticeOptions o;
  o.polydispersity = 0.1, o.compression = 0.02, o.density = 6.0 / std::numbers::pi, o.lid = true, o.seed = 3001;
  auto p = lattice_box<D>(cells, o);
  for (std::size_t i = 0; i < p.particles.size(); ++i)
    for (int k = 0; k < D; ++k) p.particles[i].v[k] = 0.3 * std::sin(1.7 * static_cast<double>(i) + 2.3 * k);
  return p;
}

/// `steps` steps of `stepper` on `threads` threads, from the world's initial state, in two calls
/// (the workspace and its pool kept between them); the pair loop's four-lane AVX2 path where the CPU has
/// it, unless `wide` is false.
template <class World, class Stepper>
State run(const World& w, Stepper stepper, unsigned threads, std::size_t steps, double dt, bool wide = true) {
  State s = w.initial_state();
  auto ws = w.workspace();
  ws.set_threads(threads);
  ws.wide_lanes = wide && core::lane::wide_available();
  integrate(stepper, w, ws, s, 0.0, dt, steps / 2);
  integrate(stepper, w, ws, s, dt * static_cast<double>(steps / 2), dt, steps - steps / 2);
  EXPECT_GT(ws.rebuilds(), 2u) << "the run should cross neighbour rebuilds";
  EXPECT_GE(ws.block_count(), 2 * ws.colours()) << "at least two blocks per colour: the threads have work";
  return s;
}

bool same_bytes(const core::VecX& a, const core::VecX& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

template <class World, class Stepper>
void expect_same_bits_on_any_thread_count(const World& w, Stepper stepper, std::size_t steps, double dt) {
  ASSERT_GE(w.size(), World::kParallelMin) << "below this the world runs on one thread whatever the pool";
  const State one = run(w, stepper, 1, steps, dt);
  ASSERT_TRUE(one.q.allFinite());
  // the particles moved: the comparison is not of an idle state
  EXPECT_FALSE(same_bytes(one.q, w.initial_state().q));
  for (unsigned threads : {2u, 3u, 4u}) {
    const State many = run(w, stepper, threads, steps, dt);
    EXPECT_TRUE(same_bytes(one.q, many.q)) << threads << " threads: q differs from 1 thread";
    EXPECT_TRUE(same_bytes(one.v, many.v)) << threads << " threads: v differs from 1 thread";
  }
  // the two-lane path gives the four-lane path's bits (each lane is the one-contact law: world.hpp
  // lane_forces); on a CPU without AVX2 both runs take the two-lane path
  if (!core::lane::wide_available()) std::printf("note: no AVX2 here, the four-lane path is not compared\n");
  const State narrow = run(w, stepper, 2, steps, dt, false);
  EXPECT_TRUE(same_bytes(one.q, narrow.q)) << "two lanes: q differs from four lanes";
  EXPECT_TRUE(same_bytes(one.v, narrow.v)) << "two lanes: v differs from four lanes";
}

TEST(ContactThreads, DampedFrictionalBoxWithWallsIsTheSameBitsOnAnyThreadCount) {
  auto p = stirred_box<3>({7, 7, 12});  // 2352 spheres
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.kt = 500.0, prm.gravity = core::Vec3(0, 0, -1);
  prm.skin = 1e-3;  // a rebuild every ~8 steps at the stirring speed 0.3
  const World<3> w(std::move(p.particles), prm, std::move(p.walls));
  expect_same_bits_on_any_thread_count(w, DefaultStepper{}, 30, 2e-4);  // velocity Verlet: 4 evaluations a step
}

TEST(ContactThreads, HertzMindlinWithHistoryIsTheSameBitsOnAnyThreadCount) {
  auto p = stirred_box<3>({7, 7, 12});
  WorldParams<3> prm;
  prm.material = {1e7, 0.3, 6.0 / std::numbers::pi};
  prm.restitution = 0.5, prm.mu = 0.5, prm.gravity = core::Vec3(0, 0, -1), prm.tangential_damping = 0.5;
  prm.skin = 4e-4;  // a rebuild every ~10 steps at the stirring speed 0.3
  const World<3, kHertzMindlin> w(std::move(p.particles), prm, std::move(p.walls));
  // dem-verlet: one evaluation and one history commit a step (the commit runs on the threads too)
  expect_same_bits_on_any_thread_count(w, DemVerletHalfStep<core::VecX>{}, 60, 1e-4);
}

TEST(ContactThreads, DiscsInABoxAreTheSameBitsOnAnyThreadCount) {
  auto p = stirred_box<2>({40, 30});  // 2400 discs
  WorldParams<2> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.kt = 500.0, prm.gravity = core::Vec2(0, -1);
  prm.skin = 4e-4;
  const World<2> w(std::move(p.particles), prm, std::move(p.walls));
  expect_same_bits_on_any_thread_count(w, DemVerletHalfStep<core::VecX>{}, 60, 2e-4);
}

TEST(ContactThreads, BlocksCoverEveryPairWithinTheColours) {
  // The schedule's promise: a listed pair (s, t) of block b = ⌊s/width⌋ has t in blocks b … b + colours − 1,
  // so blocks of one colour (b mod colours) never write the same accumulator.
  auto p = stirred_box<3>({7, 7, 12});
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.gravity = core::Vec3(0, 0, -1);
  const World<3> w(std::move(p.particles), prm, std::move(p.walls));
  auto ws = w.workspace();
  w.gather_positions(w.initial_state().q, ws);
  const auto& first = ws.cells.first();
  const auto& list = ws.cells.list();
  ASSERT_GE(ws.colours(), 2u);
  std::size_t pairs = 0;
  for (std::uint32_t s = 0; s < w.size(); ++s)
    for (std::uint32_t k = first[s]; k < first[s + 1]; ++k, ++pairs) {
      const std::size_t b = s / ws.block_width(), bt = list[k] / ws.block_width();
      ASSERT_GT(list[k], s);  // the half list of cell-sorted slots points forward
      ASSERT_LT(bt - b, ws.colours()) << s << " " << list[k];
    }
  EXPECT_GT(pairs, w.size());  // a dense pack: several pairs per particle
}

TEST(ContactThreads, AThreadCountChangedMidRunChangesNoBit) {
  auto p = stirred_box<3>({7, 7, 12});
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.kt = 500.0, prm.gravity = core::Vec3(0, 0, -1);
  prm.skin = 1e-3;
  const World<3> w(std::move(p.particles), prm, std::move(p.walls));
  DemVerletHalfStep<core::VecX> dem;
  State a = w.initial_state(), b = a;
  auto wa = w.workspace(), wb = w.workspace();
  EXPECT_EQ(wa.threads(), 1u);  // a workspace's default
  for (unsigned k = 0; k < 4; ++k) {
    wb.set_threads(1 + k % 3);
    integrate(dem, w, wa, a, 0.01 * k, 1e-4, 25);
    integrate(dem, w, wb, b, 0.01 * k, 1e-4, 25);
  }
  EXPECT_TRUE(same_bytes(a.q, b.q));
  EXPECT_TRUE(same_bytes(a.v, b.v));
}

TEST(ContactThreads, ThreadedStepsAllocateNothing) {
  // The pool's threads start at the first threaded evaluation and stay: a fork and a join publish a function
  // pointer and a context, no allocation (docs/architecture.md "Conventions"), across rebuilds too.
  auto p = stirred_box<3>({7, 7, 12});
  WorldParams<3> prm;
  prm.material = {1e7, 0.3, 6.0 / std::numbers::pi};
  prm.restitution = 0.5, prm.mu = 0.5, prm.gravity = core::Vec3(0, 0, -1), prm.tangential_damping = 0.5;
  prm.skin = 4e-4;
  const World<3, kHertzMindlin> w(std::move(p.particles), prm, std::move(p.walls));
  State s = w.initial_state();
  auto ws = w.workspace();
  ws.set_threads(2);
  DemVerletHalfStep<core::VecX> dem;
  integrate(dem, w, ws, s, 0.0, 1e-4, 40);  // warm-up: buffers sized, threads started
  const std::size_t builds = ws.rebuilds();
  const long before = verisim::test::allocations();
  integrate(dem, w, ws, s, 0.004, 1e-4, 40);
  EXPECT_EQ(verisim::test::allocations() - before, 0);
  EXPECT_GT(ws.rebuilds(), builds);
}

TEST(ContactThreads, ThePoolRunsEveryTaskOnceWhateverTheShares) {
  // fork_join.hpp: each thread takes its own share of a run's tasks, then the others' that remain. Every task
  // must run exactly once for any count of tasks against threads (fewer tasks than threads, uneven shares),
  // and when one task is long, so that the others' shares are taken by the threads that finish first. Each task
  // writes its own counter: the join must make the writes visible (ThreadSanitizer checks it in the tsan preset).
  for (unsigned threads = 1; threads <= 4; ++threads) {
    ForkJoin pool(threads);
    for (std::size_t tasks : {0u, 1u, 2u, 3u, 5u, 7u, 13u, 64u}) {
      std::vector<int> hits(tasks, 0);
      constexpr int kRuns = 20;
      for (int r = 0; r < kRuns; ++r) {
        auto task = [&](std::size_t i) {
          if (i == 0 && r % 2 == 1) {  // a long first task: its share's other tasks are helped with
            volatile double x = 0.0;
            for (int k = 0; k < 200000; ++k) x = x + 1.0;
          }
          ++hits[i];
        };
        pool.run(tasks, task);
      }
      for (std::size_t i = 0; i < tasks; ++i) EXPECT_EQ(hits[i], kRuns) << threads << " threads, task " << i << " of " << tasks;
    }
  }
}

TEST(ContactThreads, TheStepperRangesCoverTheStateOnce) {
  // World::for_ranges (the steppers' elementwise updates, the NaN check): a range the size of the state, or of
  // q and v together, is cut by particles section by section; every component must be in exactly one range, as
  // a contiguous cut of the particles' slots must be, on any thread count.
  auto p = stirred_box<3>({7, 7, 12});
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.kt = 500.0;
  const World<3> w(std::move(p.particles), prm, std::move(p.walls));
  ASSERT_GE(w.size(), World<3>::kParallelMin);
  auto ws = w.workspace();
  const auto sys = w.system(ws);
  for (unsigned threads = 1; threads <= 4; ++threads) {
    ws.set_threads(threads);
    for (std::size_t n : {w.size(), w.state_size(), 2 * w.state_size(), w.state_size() + 1}) {
      std::vector<int> hits(n, 0);
      sys.for_ranges(n, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t k = lo; k < hi; ++k) ++hits[k];
      });
      EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), static_cast<std::ptrdiff_t>(n)) << threads << " threads, n = " << n;
    }
  }
}

}  // namespace
}  // namespace verisim::contact::threads_test
