#include "toolkit/scene/simulate.hpp"

#include <variant>

#include <fmt/format.h>

#include "toolkit/core/step_error.hpp"
#include "toolkit/core/checkpoint.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/models/pole_singularity.hpp"
#include "toolkit/scene/event_stepper.hpp"
#include "toolkit/scene/recorder.hpp"

namespace verisim::scene {

std::string other_name(const Scene& scene, const Event& e) {
  return e.with_obstacle ? scene.obstacles[e.b].name : scene.objects[e.b].name;
}

/// The soft-contact scenes (law = "soft"): soft_world_2d.cpp, soft_world_3d.cpp.
RunResult simulate_soft_2d(const Scene& scene, Progress progress, Observer observer);
RunResult simulate_soft_3d(const Scene& scene, Progress progress, Observer observer);

namespace {

RunResult simulate_world(const Scene& scene, Progress progress, Observer observer) {
  // the world is picked once, here: the soft-contact world for law = "soft", else the ImpulseWorld
  if (scene.simulation.law == Law::soft)
    return scene.contact.dimension == 2 ? simulate_soft_2d(scene, progress, observer) : simulate_soft_3d(scene, progress, observer);
  const Simulation& sim = scene.simulation;
  const ImpulseWorld world(scene);
  ImpulseWorkspace ws = world.workspace();  // what this run changes (impulse_world.hpp)
  const ImpulseRun view{&world, &ws};
  RunResult result;
  auto rec = prepare_run(scene, view, result, progress, observer);
  result.conserves_energy = world.conserves_energy();
  result.driven = world.driven();
  State x = world.initial_state();
  auto stepper = integrators::make_stepper<core::VecX>(sim.integrator);  // the registry's variant, visited once
  try {
    std::visit(
        [&](auto& inner) {
          EventStepper<std::remove_cvref_t<decltype(inner)>> es(inner, sim.events, &result.events, &result.stats);
          auto run = [&](auto system) {
            // the one loop; its remap hook (SystemView::remap) also moves a spherical pendulum started
            // near its pole to its other chart before the first step
            integrators::integrate_n_steps(es, system, x, 0.0, sim.dt, sim.steps, rec);
          };
          if (world.velocity_independent())
            run(SystemView<true>{&world, &ws});
          else
            run(SystemView<false>{&world, &ws});
        },
        stepper);
  } catch (const core::NonFiniteState& e) {
    throw non_finite_error(scene, world, x, e);
  } catch (const models::PoleSingularity& e) {  // a user's message: the object, the step, the time, what to do
    std::string who;
    for (const auto& o : scene.objects)
      if (o.type == ObjectType::spherical_pendulum) who += (who.empty() ? "'" : ", '") + o.name + "'";
    throw core::StepError(fmt::format(
        "spherical pendulum {} reached the pole of its (θ, φ) chart (θ = {:.17g}) in step {} at t = {:.17g}: the "
        "step is too large for its motion (it is blowing up); choose a smaller dt",
        who, e.theta(), static_cast<std::size_t>(e.t() / sim.dt) + 1, e.t()));
  }
  if (progress.report) progress.report(progress.context, sim.steps, sim.steps);
  return result;
}

}  // namespace

std::string run_context(const Scene& scene, const std::string& integrator) {
  return fmt::format("{}: integrator {}, dt = {}", scene.file, integrator.empty() ? scene.simulation.integrator : integrator,
                     scene.simulation.dt);
}

RunResult simulate(const Scene& scene, Progress progress, Observer observer) {
  try {
    return simulate_world(scene, progress, observer);
  } catch (const core::StepError& e) {  // every way a step ends, named once: the file, the integrator, dt
    throw core::StepError(fmt::format("{}: {}", run_context(scene), e.what()));
  }
}

}  // namespace verisim::scene
