#pragma once
// Stepping a particle world: the time-step check of seed 003 ("Choix du pas de temps", the world
// refuses Δt above c π √(m/k_n) unless allow_large_time_step; validate.hpp), then the toolkit's one
// loop, integrators::integrate_n_steps, on the world's System: the const World and the run's
// Workspace (world.hpp). The default stepper is velocity Verlet (the seed's leapfrog, its
// velocity-dependent kicks integrated to order 2 by toolkit/integrators/kick_solver.hpp);
// dem_verlet.hpp has the one-evaluation variants.
#include <cstddef>
#include <utility>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::contact {

/// The default stepper of a contact world.
using DefaultStepper = integrators::VelocityVerlet<core::VecX>;

/// world.check_time_step(dt), then integrators::integrate_n_steps(stepper, world.system(ws), state,
/// t0, dt, n, observe), ws the run's workspace (kept across calls: a run continued in several calls
/// keeps its neighbour list). Returns what the loop did (integrators::Run).
template <class Stepper, class World, class Observer = integrators::NullObserver>
integrators::Run integrate(Stepper& stepper, const World& world, typename World::Workspace& ws,
                           core::PhaseState<core::VecX>& state, double t0, double dt, std::size_t n, Observer&& observe = {}) {
  world.check_time_step(dt);
  return integrators::integrate_n_steps(stepper, world.system(ws), state, t0, dt, n, std::forward<Observer>(observe));
}

/// A run of its own: the same with a fresh workspace (its first evaluation builds the neighbour list).
template <class Stepper, class World, class Observer = integrators::NullObserver>
integrators::Run integrate(Stepper& stepper, const World& world, core::PhaseState<core::VecX>& state, double t0, double dt,
                           std::size_t n, Observer&& observe = {}) {
  auto ws = world.workspace();
  return integrate(stepper, world, ws, state, t0, dt, n, std::forward<Observer>(observe));
}

}  // namespace verisim::contact
