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
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "toolkit/core/checkpoint.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene {

/// A scene's trajectory row after t: what the world writes (its objects' columns, trajectory_header).
template <class World>
struct TrajectoryRow {
  World* world;
  std::vector<double> scratch;
  void operator()(const State& x, double t, std::span<double> rest) {
    if constexpr (requires { world->at_time(t); }) world->at_time(t);  // a moving support (ImpulseRun)
    world->trajectory_row(x, scratch);
    std::copy(scratch.begin(), scratch.end(), rest.begin());
  }
};
/// A scene's energy row after t: kinetic, potential, total, then the scene's conserved quantities.
template <class World>
struct EnergyRow {
  World* world;
  std::vector<double> scratch;
  void operator()(const State& x, double t, std::span<double> rest) {
    if constexpr (requires { world->at_time(t); }) world->at_time(t);  // a moving support (ImpulseRun)
    const double T = world->kinetic_energy(x), V = world->potential_energy(x, t);
    rest[0] = T, rest[1] = V, rest[2] = T + V;
    world->conserved_row(x, scratch);
    std::copy(scratch.begin(), scratch.end(), rest.begin() + 3);
  }
};

template <class World>
struct Recorder {
  World* world;  // const for a world whose diagnostics need no workspace of their own
  RunResult* out;
  std::size_t steps;
  core::SampleRecorder<TrajectoryRow<World>> trajectory;  // the one recorder (core/samples.hpp), twice: one
  core::SampleRecorder<EnergyRow<World>> energy;          // cadence, sample_every and the last step
  Progress progress;
  core::Pacer pacer;  ///< every ~0.1 s of steps: the stop-signal checkpoint and the progress report (checkpoint.hpp)
  Observer observer;

  const Scene* scene;
  std::size_t events_checked = 0;  ///< out->events before this index were checked finite

  void operator()(const State& x, double t, std::size_t k) {
    if (pacer.tick()) {
      core::checkpoint();
      if (progress.report) progress.report(progress.context, k, steps);
    }
    if (!trajectory.record(x, t, k)) return;
    energy.record(x, t, k);
    require_finite(x, t, k, out->trajectory.row(out->trajectory.rows() - 1), out->energy.row(out->energy.rows() - 1));
    if (observer.observe) observer.observe(observer.context, x, t, k);
  }

  /// Every number this sample (and the events since the last) adds is finite: the state is (the loop
  /// checks it), but what is derived from it may overflow (speeds ~1e155: ½ m v² > 1.8e308). A number
  /// that is not finite is never written: the run stops with a StepError naming the quantity, the step,
  /// the time and the object (issue 24.4). Once per sample, out of the step's hot path.
  void require_finite(const State& x, double t, std::size_t k, std::span<const double> tr, std::span<const double> en) {
    const auto bad = [](std::span<const double> v) {
      return static_cast<std::size_t>(std::find_if(v.begin(), v.end(), [](double y) { return !std::isfinite(y); }) - v.begin());
    };
    std::string what;
    if (const auto i = bad(tr); i < tr.size())
      what = fmt::format("the trajectory.csv column '{}' = {}", out->trajectory.header()[i], tr[i]);
    else if (const auto j = bad(en); j < en.size())
      what = fmt::format("the energy.csv column '{}' = {}", out->energy.header()[j], en[j]);
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
    throw core::StepError(fmt::format(
        "{} is not finite (it overflows the largest double, 1.8e308) at step {}, t = {:.17g}, although the "
        "state is finite: object '{}' has a {} of {:.3g}; no result is written — give the "
        "scene sizes and speeds whose energies fit in a double",
        what, k, t, x.q.size() ? scene->objects[who].name : std::string("?"),
        speed ? "velocity component" : "coordinate", big));
  }
};

/// The result's headers and reserved buffers, and the recorder that fills them.
template <class World>
Recorder<World> prepare_run(const Scene& scene, World& world, RunResult& result, Progress progress, Observer observer) {
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
  const core::Cadence when{sim.sample_every, sim.steps};  // every sample_every-th step and the last
  result.trajectory.reserve(when.rows(sim.steps));
  result.energy.reserve(when.rows(sim.steps));
  result.events.reserve(1024);
  Recorder<World> rec{&world, &result, sim.steps, {&result.trajectory, when, {&world, {}}}, {&result.energy, when, {&world, {}}},
                      progress, core::Pacer{}, observer, &scene};
  rec.trajectory.fill.scratch.reserve(result.trajectory.columns());
  rec.energy.fill.scratch.reserve(result.energy.columns());
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
  return core::StepError(
      fmt::format("the state of object '{}' is not finite (NaN or infinity) after step {} at t = {:.17g}", who, e.step(), e.t()));
}

}  // namespace verisim::scene
