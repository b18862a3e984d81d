#pragma once
// The observer of a scene's run (docs/architecture.md "Scenes"): the samples every `every` steps
// (and the last) into the RunResult's tables (core::Samples::push_row), reserved before the loop
// (prepare_run), each then handed to the user's Observer. One recorder
// for both worlds of a scene: the ImpulseWorld (impulse_world.hpp; ImpulseRun, the world with the
// run's workspace) and the soft-contact SoftWorld (soft_world.hpp); `World` provides trajectory_row,
// kinetic_energy, potential_energy, conserved_row.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "toolkit/core/step_error.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene {

template <class World>
struct Recorder {
  World* world;  // const for a world whose diagnostics need no workspace of their own
  RunResult* out;
  std::size_t every, steps;
  Progress progress;
  std::size_t progress_every;
  std::vector<double> row;
  Observer observer;

  void operator()(const State& x, double t, std::size_t k) {
    if (progress.report && k % progress_every == 0) progress.report(progress.context, k, steps);
    if (k % every != 0 && k != steps) return;
    auto tr = out->trajectory.push_row();
    tr[0] = t;
    world->trajectory_row(x, row);
    std::copy(row.begin(), row.end(), tr.begin() + 1);
    const double T = world->kinetic_energy(x), V = world->potential_energy(x, t);
    auto en = out->energy.push_row();
    en[0] = t, en[1] = T, en[2] = V, en[3] = T + V;
    world->conserved_row(x, row);
    std::copy(row.begin(), row.end(), en.begin() + 4);
    if (observer.observe) observer.observe(observer.context, x, t, k);
  }
};

/// The result's headers and reserved buffers, and the recorder that fills them.
template <class World>
Recorder<World> prepare_run(const Scene& scene, World& world, RunResult& result, Progress progress, Observer observer) {
  const Simulation& sim = scene.simulation;
  result.integrator = sim.integrator;
  result.t_end = sim.t_end();
  std::vector<std::string> names{"t"};
  for (auto& h : world.trajectory_header()) names.push_back(h);
  result.trajectory.set_header(std::move(names));
  names = {"t", "kinetic", "potential", "total"};
  for (auto& h : world.conserved_header()) names.push_back(h);
  result.energy.set_header(std::move(names));
  const std::size_t rows = sim.steps / sim.sample_every + 2;
  result.trajectory.reserve(rows);
  result.energy.reserve(rows);
  result.events.reserve(1024);
  Recorder<World> rec{&world, &result, sim.sample_every, sim.steps, progress, std::max<std::size_t>(1, sim.steps / 100), {}, observer};
  rec.row.reserve(result.trajectory.header().size() + result.energy.header().size());
  return rec;
}

/// The loop's NonFiniteState as the scene's error: the step, the time and the first object whose
/// coordinates are not finite (World::object_of maps a state index to its object).
template <class World>
core::StepError non_finite_error(const Scene& scene, const World& world, const State& x, const core::NonFiniteState& e) {
  std::string who = "?";
  for (Eigen::Index i = 0; i < x.q.size(); ++i)
    if (!std::isfinite(x.q[i]) || !std::isfinite(x.v[i])) {
      who = scene.objects[world.object_of(i)].name;
      break;
    }
  return core::StepError(fmt::format("{}: {}: the state of object '{}' is not finite (NaN or infinity) after step {} at "
                                     "t = {:.17g} (integrator {}, dt = {})",
                                     scene.file, scene.name, who, e.step(), e.t(), scene.simulation.integrator,
                                     scene.simulation.dt));
}

}  // namespace verisim::scene
