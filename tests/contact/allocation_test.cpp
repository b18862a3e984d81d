// A world stepped in steady state allocates nothing (issue 13): every buffer is sized at
// construction or at a neighbour rebuild, and keeps its capacity. Counted by replacing the global
// operator new for this test executable (the count is read only around the stepping).
#include <gtest/gtest.h>


#include "tests/support/allocation_counter.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/packing.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/models/central_gravity.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/linear_drag.hpp"
#include "toolkit/models/lorentz_force.hpp"

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
  const long before = verisim::test::allocations();
  integrate(vv, world, ws, s, 0.02, 1e-4, 300);
  integrate(dem, world, ws, s, 0.05, 1e-4, 300);
  EXPECT_EQ(verisim::test::allocations() - before, 0);
  EXPECT_GT(ws.rebuilds(), builds);  // rebuilds happened inside the counted steps
}

TEST(ContactAllocation, EveryLawAndFieldForcesAllocateNothingEither) {
  // The world a scene with cohesion, dipoles, charges and field forces runs on (scene/soft_world.hpp):
  // every law, and per-particle field forces (a models::ForceSum with a run-time list of central masses,
  // two sets) evaluated in the scatter. The same pack; its moments and charges make every law act.
  using Field = models::ForceSum<models::LinearDrag, models::LorentzForce, models::ForceList<models::CentralGravity>>;
  constexpr Laws kAll{.damping = true, .friction = true, .cohesion = true, .dipoles = true, .long_range = true};
  LatticeOptions o;
  o.polydispersity = 0.05, o.compression = 0.01, o.density = 6.0 / std::numbers::pi, o.lid = true;
  auto pack = lattice_box<3>({4, 4, 6}, o);
  for (std::size_t i = 0; i < pack.particles.size(); ++i) {
    pack.particles[i].dipole = core::Vec3(0, 0, 1e-3);
    pack.particles[i].charge = i % 2 == 0 ? 1e-3 : -1e-3;
  }
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.kt = 500.0, prm.gravity = core::Vec3(0, 0, -1);
  prm.skin = 1e-5, prm.cohesion = {0.01, 1.0}, prm.dipole.mu0 = 1.0, prm.long_range.coupling = 1.0, prm.long_range.use_mass = false;
  prm.long_range.cells_per_side = 3;  // far cells too, and cheap (this test counts, it does not time)
  FieldSet<Field> fields;
  fields.fields.resize(2);
  std::get<models::LinearDrag>(fields.fields[0].terms).b = 0.1;
  std::get<models::LorentzForce>(fields.fields[1].terms).B = core::Vec3(0, 0, 1);
  std::get<models::ForceList<models::CentralGravity>>(fields.fields[1].terms).terms.push_back({core::Vec3(0, 0, -100), 1.0, 1.0});
  for (std::size_t i = 0; i < pack.particles.size(); ++i) fields.of.push_back(static_cast<std::uint32_t>(i % 2));
  const World<3, kAll, Field> world(std::move(pack.particles), prm, std::move(pack.walls), std::move(fields));
  auto s = world.initial_state();
  auto ws = world.workspace();
  DemVerletHalfStep<core::VecX> dem;  // one evaluation a step: the mean field's exact near sum is the cost here
  integrate(dem, world, ws, s, 0.0, 1e-4, 100);  // warm-up
  const std::size_t builds = ws.rebuilds();
  const long before = verisim::test::allocations();
  integrate(dem, world, ws, s, 0.01, 1e-4, 150);
  EXPECT_EQ(verisim::test::allocations() - before, 0);
  EXPECT_GT(ws.rebuilds(), builds);
}


TEST(ContactAllocation, HertzMindlinWithHistoryAllocatesNothing) {
  // The same pack under Hertz, Mindlin's spring and EPSD's rolling spring: the contacts' history is carried
  // across the rebuilds (keep_history/restore_history) in buffers that keep their capacity, and committed
  // after every step.
  constexpr Laws kHM{.damping = true, .friction = true, .normal = NormalModel::hertz, .tangential = TangentialModel::mindlin,
                     .rolling = RollingModel::epsd};
  LatticeOptions o;
  o.polydispersity = 0.05, o.compression = 0.01, o.density = 6.0 / std::numbers::pi, o.lid = true;
  auto pack = lattice_box<3>({4, 4, 6}, o);
  WorldParams<3> prm;
  prm.material = {1e7, 0.3, 6.0 / std::numbers::pi};
  prm.restitution = 0.5, prm.mu = 0.5, prm.gravity = core::Vec3(0, 0, -1), prm.tangential_damping = 0.5;
  prm.rolling_friction = 0.1, prm.rolling_damping = 0.3;
  prm.skin = 1e-5;
  const World<3, kHM> world(std::move(pack.particles), prm, std::move(pack.walls));
  auto s = world.initial_state();
  auto ws = world.workspace();
  DefaultStepper vv;
  DemVerletHalfStep<core::VecX> dem;
  integrate(vv, world, ws, s, 0.0, 1e-4, 200);  // warm-up
  integrate(dem, world, ws, s, 0.02, 1e-4, 200);
  const std::size_t builds = ws.rebuilds();
  const long before = verisim::test::allocations();
  integrate(vv, world, ws, s, 0.04, 1e-4, 300);
  integrate(dem, world, ws, s, 0.07, 1e-4, 300);
  EXPECT_EQ(verisim::test::allocations() - before, 0);
  EXPECT_GT(ws.rebuilds(), builds);
}

}  // namespace
}  // namespace verisim::contact::test
