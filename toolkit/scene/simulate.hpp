#pragma once
// Running a scene: the ImpulseWorld (impulse_world.hpp) stepped by the scene's integrator through the ONE loop,
// integrators::integrate_n_steps, with an EventStepper around the integrator (collisions located
// within the step) and an observer that records the samples (trajectory and energy rows) into
// tables (core::Samples) reserved before the loop, and hands each sample to the user's Observer. The integrator registry's std::variant is visited once, here,
// outside the loop (toolkit/integrators/registry.hpp).
#include <cstddef>
#include <string>
#include <vector>

#include "toolkit/core/samples.hpp"
#include "toolkit/scene/scene.hpp"
#include "toolkit/scene/impulse_world.hpp"
#include "toolkit/scene/soft_events.hpp"

namespace verisim::scene {

/// Called about every 0.1 s of stepping (a time-based cadence, never on each step; after the
/// checkpoint hook, toolkit/core/checkpoint.hpp), e.g. a progress bar.
struct Progress {
  void (*report)(void* context, std::size_t step, std::size_t steps) = nullptr;
  void* context = nullptr;
};

/// A user's observer of the run: called at every recorded sample (the steps k = 0, sample_every, 2·sample_every, …
/// and the last, after the recorder has written that row) with the state, the time and the step. A function
/// pointer and its context, as Progress: no virtual call, and only at the samples.
struct Observer {
  void (*observe)(void* context, const State& x, double t, std::size_t step) = nullptr;
  void* context = nullptr;
};

struct RunResult {
  std::string integrator;
  core::Samples trajectory;  ///< t, then per object its DOF, world position and velocity, spins
  core::Samples energy;      ///< t, kinetic, potential, total, then the scene's conserved quantities
  std::vector<Event> events;  ///< the impulse scenes' collisions
  SoftContactLog soft;        ///< the soft-contact scenes' contacts (soft_events.hpp)
  ContactStats stats;
  double t_end = 0.0;
  bool conserves_energy = false;  ///< the scene's total energy is conserved in theory (no drag, damping, e < 1 or friction)
  bool driven = false;            ///< a time-dependent force acts: the energy may grow
};

/// Run `scene` with its own integrator, dt and t_end (docs/scenes.md). Every way a step can end (a NaN or
/// infinity in the state, an energy that overflows, an implicit step that does not converge, a cascade of
/// collisions, …) is a verisim::core::StepError whose message starts with run_context(scene), once, then
/// names the step, the time and the object. `observer` sees each recorded sample (tests read the run
/// `verisim run` takes through it).
RunResult simulate(const Scene& scene, Progress progress = {}, Observer observer = {});

/// "FILE: integrator I, dt = DT": what a run's error names first (`integrator`: instead of the
/// scene's own).
std::string run_context(const Scene& scene, const std::string& integrator = {});

/// The name of an object or obstacle of an event's second body.
std::string other_name(const Scene& scene, const Event& e);

}  // namespace verisim::scene
