#include "toolkit/scene/simulate.hpp"

#include <stdexcept>
#include <variant>

#include <fmt/format.h>

#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/event_stepper.hpp"

namespace verisim::scene {

std::size_t Samples::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  throw std::out_of_range("no column '" + name + "'");
}

std::string other_name(const Scene& scene, const Event& e) {
  return e.with_obstacle ? scene.obstacles[e.b].name : scene.objects[e.b].name;
}

namespace {

/// The samples every `every` steps (and the last), into buffers reserved before the loop.
struct Recorder {
  const ImpulseWorld* world;
  RunResult* out;
  std::size_t every, steps;
  Progress progress;
  std::size_t progress_every;
  std::vector<double> row;

  void operator()(const State& x, double t, std::size_t k) {
    if (progress.report && k % progress_every == 0) progress.report(progress.context, k, steps);
    if (k % every != 0 && k != steps) return;
    auto& tr = out->trajectory.values;
    tr.push_back(t);
    world->trajectory_row(x, row);
    tr.insert(tr.end(), row.begin(), row.end());
    const double T = world->kinetic_energy(x), V = world->potential_energy(x, t);
    auto& en = out->energy.values;
    en.insert(en.end(), {t, T, V, T + V});
    world->conserved_row(x, row);
    en.insert(en.end(), row.begin(), row.end());
  }
};

}  // namespace

RunResult simulate(const Scene& scene, Progress progress) {
  const Simulation& sim = scene.simulation;
  ImpulseWorld world(scene);
  RunResult result;
  result.integrator = sim.integrator;
  result.t_end = sim.t_end();
  result.trajectory.header = {"t"};
  for (auto& h : world.trajectory_header()) result.trajectory.header.push_back(h);
  result.energy.header = {"t", "kinetic", "potential", "total"};
  for (auto& h : world.conserved_header()) result.energy.header.push_back(h);
  const std::size_t rows = sim.steps / sim.sample_every + 2;
  result.trajectory.values.reserve(rows * result.trajectory.header.size());
  result.energy.values.reserve(rows * result.energy.header.size());
  result.events.reserve(1024);

  Recorder rec{&world, &result, sim.sample_every, sim.steps, progress, std::max<std::size_t>(1, sim.steps / 100), {}};
  rec.row.reserve(result.trajectory.header.size() + result.energy.header.size());
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
            run(SystemView<true>{&world});
          else
            run(SystemView<false>{&world});
        },
        stepper);
  } catch (const core::NonFiniteState& e) {
    std::string who = "?";
    for (Eigen::Index i = 0; i < x.q.size(); ++i)
      if (!std::isfinite(x.q[i]) || !std::isfinite(x.v[i])) {
        who = scene.objects[world.object_of(i)].name;
        break;
      }
    throw core::StepError(fmt::format("{}: {}: the state of object '{}' is not finite (NaN or infinity) after step {} at "
                                "t = {:.17g} (integrator {}, dt = {})",
                                scene.file, scene.name, who, e.step(), e.t(), sim.integrator, sim.dt));
  }
  if (progress.report) progress.report(progress.context, sim.steps, sim.steps);
  return result;
}

}  // namespace verisim::scene
