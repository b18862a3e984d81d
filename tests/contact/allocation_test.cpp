// A world stepped in steady state allocates nothing (issue 13): every buffer is sized at
// construction or at a neighbour rebuild, and keeps its capacity. Counted by replacing the global
// operator new for this test executable (the count is read only around the stepping).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/packing.hpp"
#include "toolkit/contact/world.hpp"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// GCC 12 flags free() in a replaced operator delete as mismatched with the (replaced) operator new
// that called malloc() (-Wmismatched-new-delete): a false positive, the pair is consistent.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace verisim::contact::test {
namespace {

TEST(ContactAllocation, SteadyStateSteppingAllocatesNothing) {
  // A dense, closed 3D pack under gravity, damping and friction, with a skin so thin (1e-5 d̄) that
  // the particles' vibrations trigger Verlet-list rebuilds (and re-sorts) during the counted steps.
  LatticeOptions o;
  o.polydispersity = 0.05, o.compression = 0.01, o.density = 6.0 / std::numbers::pi, o.lid = true;
  auto pack = lattice_box<3>({4, 4, 6}, o);
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.kt = 500.0, prm.gravity = core::Vec3(0, 0, -1);
  prm.skin = 1e-5;
  const World<3> world(std::move(pack.particles), prm, std::move(pack.walls));
  auto s = world.initial_state();
  auto ws = world.workspace();  // the run's caches
  DefaultStepper vv;
  DemVerletHalfStep<core::VecX> dem;
  integrate(vv, world, ws, s, 0.0, 1e-4, 200);  // warm-up: buffers reach their sizes
  integrate(dem, world, ws, s, 0.0, 1e-4, 200);
  const std::size_t builds = ws.rebuilds();
  const long before = g_allocations.load();
  integrate(vv, world, ws, s, 0.02, 1e-4, 300);
  integrate(dem, world, ws, s, 0.05, 1e-4, 300);
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_GT(ws.rebuilds(), builds);  // rebuilds happened inside the counted steps
}

}  // namespace
}  // namespace verisim::contact::test
