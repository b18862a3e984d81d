#pragma once
// The observer of a scene's run (docs/architecture.md "Scenes"): the samples every `every` steps
// (and the last) into the RunResult's buffers, reserved before the loop (prepare_run). One recorder
// for both worlds of a scene: the ImpulseWorld (impulse_world.hpp; ImpulseRun, the world with the
// run's workspace) and the soft-contact SoftWorld (soft_world.hpp); `World` provides trajectory_row,
// kinetic_energy, potential_energy, conserved_row.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "toolkit/core/checkpoint.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene {

template <class World>
struct Recorder {
  World* world;  // const for a world whose diagnostics need no workspace of their own
  RunResult* out;
  std::size_t every, steps;
  Progress progress;
  core::Pacer pacer;  ///< every ~0.1 s of steps: the stop-signal checkpoint and the progress report (checkpoint.hpp)
  std::vector<double> row;

  const Scene* scene;
  std::size_t events_checked = 0;  ///< out->events before this index were checked finite

  void operator()(const State& x, double t, std::size_t k) {
    if (pacer.tick()) {
      core::checkpoint();
      if (progress.report) progress.report(progress.context, k, steps);
    }
    if (k % every != 0 && k != steps) return;
    auto& tr = out->trajectory.values;
    const std::size_t tr0 = tr.size();
    tr.push_back(t);
    world->trajectory_row(x, row);
    tr.insert(tr.end(), row.begin(), row.end());
    const double T = world->kinetic_energy(x), V = world->potential_energy(x, t);
    auto& en = out->energy.values;
    const std::size_t en0 = en.size();
    en.insert(en.end(), {t, T, V, T + V});
    world->conserved_row(x, row);
    en.insert(en.end(), row.begin(), row.end());
    require_finite(x, t, k, tr0, en0);
  }

  /// Every number this sample (and the events since the last) adds is finite: the state is (the loop
  /// checks it), but what is derived from it may overflow (speeds ~1e155: ½ m v² > 1.8e308). A number
  /// that is not finite is never written: the run stops with a StepError naming the quantity, the step,
  /// the time and the object (issue 24.4). Once per sample, out of the step's hot path.
  void require_finite(const State& x, double t, std::size_t k, std::size_t tr0, std::size_t en0) {
    const auto bad = [](const std::vector<double>& v, std::size_t from) {
      for (std::size_t i = from; i < v.size(); ++i)
        if (!std::isfinite(v[i])) return i;
      return v.size();
    };
    std::string what;
    const Samples* table = nullptr;
    std::size_t at = 0, from = 0;
    if (const auto i = bad(out->trajectory.values, tr0); i < out->trajectory.values.size()) table = &out->trajectory, at = i, from = tr0;
    else if (const auto j = bad(out->energy.values, en0); j < out->energy.values.size()) table = &out->energy, at = j, from = en0;
    if (table) {
      const std::string& col = table->header()[at - from];
      what = fmt::format("the {} '{}' = {}", table == &out->trajectory ? "trajectory.csv column" : "energy.csv column", col, table->values[at]);
    }
    for (; what.empty() && events_checked < out->events.size(); ++events_checked) {
      const Event& e = out->events[events_checked];  // mu_e is NaN by definition outside the ball-bounce law
      for (const double v : {e.t, e.normal_speed, e.normal_speed_after, e.energy_change})
        if (!std::isfinite(v)) {
          what = fmt::format("a collision of object '{}' at t = {:.17g} (its energy change {}, speeds {} and {})",
                             scene->objects[e.a].name, e.t, e.energy_change, e.normal_speed, e.normal_speed_after);
          break;
        }
    }
    if (what.empty()) return;
    // the object holding the state's largest coordinate (an overflow's source: its speed or position)
    double big = -1.0;
    std::size_t who = 0;
    bool speed = true;
    for (Eigen::Index i = 0; i < x.q.size(); ++i) {
      if (std::abs(x.v[i]) > big) big = std::abs(x.v[i]), who = world->object_of(i), speed = true;
      if (std::abs(x.q[i]) > big) big = std::abs(x.q[i]), who = world->object_of(i), speed = false;
    }
    const Simulation& sim = scene->simulation;
    throw core::StepError(fmt::format(
        "{}: {}: {} is not finite (it overflows the largest double, 1.8e308) at step {}, t = {:.17g}, although the "
        "state is finite: object '{}' has a {} of {:.3g} (integrator {}, dt = {}); no result is written — give the "
        "scene sizes and speeds whose energies fit in a double",
        scene->file, scene->name, what, k, t, x.q.size() ? scene->objects[who].name : std::string("?"),
        speed ? "velocity component" : "coordinate", big, sim.integrator, sim.dt));
  }
};

/// The result's headers and reserved buffers, and the recorder that fills them.
template <class World>
Recorder<World> prepare_run(const Scene& scene, World& world, RunResult& result, Progress progress) {
  const Simulation& sim = scene.simulation;
  result.integrator = sim.integrator;
  result.t_end = sim.t_end();
  std::vector<std::string> names{"t"};
  auto columns = world.trajectory_header();
  names.reserve(columns.size() + 1);
  for (auto& h : columns) names.push_back(std::move(h));
  result.trajectory.set_header(std::move(names));
  names = {"t", "kinetic", "potential", "total"};
  for (auto& h : world.conserved_header()) names.push_back(h);
  result.energy.set_header(std::move(names));
  const std::size_t rows = sim.steps / sim.sample_every + 2;
  result.trajectory.values.reserve(rows * result.trajectory.header().size());
  result.energy.values.reserve(rows * result.energy.header().size());
  result.events.reserve(1024);
  Recorder<World> rec{&world, &result, sim.sample_every, sim.steps, progress, core::Pacer{}, {}, &scene};
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
