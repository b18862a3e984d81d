// The example of docs/contact.md, verbatim, and what it must do: two spheres on a floor with a
// dashpot and friction lose mechanical energy (kinetic + gravitational + springs) and never gain it
// beyond the integrator's error.
#include <gtest/gtest.h>

#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/diagnostics.hpp"
#include "toolkit/contact/world.hpp"

namespace verisim::contact::test {

namespace {

TEST(ContactExample, TheDocsExampleDissipatesEnergy) {
  using namespace verisim;
  std::vector<contact::Particle<3>> ps(2);
  ps[0] = {.x = core::Vec3(0, 0, 0.5), .v = core::Vec3(1, 0, 0), .radius = 0.5, .mass = 1.0};
  ps[1] = {.x = core::Vec3(1.2, 0, 0.5), .radius = 0.5, .mass = 1.0};
  contact::WorldParams<3> prm{.gravity = core::Vec3(0, 0, -9.81), .kn = 1e5, .restitution = 0.8, .kt = 50, .mu = 0.3};
  contact::Walls walls;
  walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});  // the floor
  const contact::World<3> world(ps, prm, walls);            // Laws: damping + friction (the default)
  auto state = world.initial_state();
  contact::DefaultStepper stepper;                          // velocity Verlet (the seed's leapfrog)
  auto energy_ws = world.workspace();                       // the energy's own neighbour list
  auto energy = [&](const core::PhaseState<core::VecX>& x) {
    return world.kinetic_energy(x) + contact::potential_energy(world, energy_ws, x.q);
  };
  const double e0 = energy(state);
  double emax = e0;
  contact::integrate(stepper, world, state, 0.0, world.max_time_step(), 10000,
                     [&](const core::PhaseState<core::VecX>& x, double, std::size_t) {
                       emax = std::max(emax, energy(x));
                     });
  const double e1 = energy(state);
  // dissipated at least the collision's (1 − ε²)·½ m_eff v² = 0.36 × 0.25 (the sliding on the floor adds more)
  EXPECT_GT(e0 - e1, 0.36 * 0.25);
  EXPECT_LT(emax, e0 * (1 + 1e-3));  // never more than the start, to O((ω Δt)²) inside contacts
}

}  // namespace

}  // namespace verisim::contact::test
