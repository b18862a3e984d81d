// Events of the impulse scenes (issue 24, defects 1 and 2): every collision of a step takes the
// scene's law, or the run stops naming the step; a disc never meets a normal leaving its plane.
// Theory: equal masses, e = 1, head-on and frictionless exchange their velocities (seed 000 eq. (12):
// no energy change); a disc between two planes with e = 1 keeps its speed (seed 001 §E.1, m₂ = ∞).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "tests/scene/support.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/impulse_world.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene::test {
namespace {

/// A Newton's cradle: n discs of radius 0.5, mass 1, on the x axis with gaps `gap`; the first moves at 1 m/s.
std::string cradle(int n, double gap, double dt, double t_end) {
  std::string s = fmt::format("[simulation]\nintegrator = \"verlet\"\ndt = {}\nt_end = {}\nlaw = \"frictionless\"\n"
                              "restitution = 1\n", dt, t_end);
  for (int i = 0; i < n; ++i)
    s += fmt::format("[[object]]\ntype = \"disc\"\nname = \"d{}\"\nradius = 0.5\nposition = [{}, 0]\nvelocity = [{}, 0]\n",
                     i, i * (1.0 + gap), i == 0 ? 1.0 : 0.0);
  return s;
}

/// A disc of radius 0.1 at 1 m/s between two walls x = ±(0.1 + gap/2): a bounce every `gap` seconds.
std::string plates(double gap, double dt, double t_end) {
  const double w = 0.1 + 0.5 * gap;
  return fmt::format("[simulation]\nintegrator = \"verlet\"\ndt = {}\nt_end = {}\nlaw = \"frictionless\"\nrestitution = 1\n"
                     "[[object]]\ntype = \"disc\"\nname = \"disc\"\nradius = 0.1\nposition = [0, 0]\nvelocity = [1, 0]\n"
                     "[[obstacle]]\ntype = \"plane\"\nname = \"left\"\norigin = [{}, 0, 0]\nnormal = [1, 0, 0]\n"
                     "[[obstacle]]\ntype = \"plane\"\nname = \"right\"\norigin = [{}, 0, 0]\nnormal = [-1, 0, 0]\n",
                     dt, t_end, -w, w);
}

double total(const RunResult& r, std::size_t row) { return r.energy.at(row, r.energy.column("total")); }

/// The message of the StepError the run of `text` ends with ("" when it ends well).
std::string step_error(const std::string& text) {
  try {
    simulate(parse_scene(text, "t.toml"));
  } catch (const core::StepError& e) {
    return e.what();
  }
  return "";
}

TEST(SceneEvents, ACradleOfAHundredDiscsPassesItsMomentumInOneStepWithoutLosingEnergy) {
  // 99 collisions 0.01 s apart, all inside the one step of 1 s: each is located and takes e = 1.
  const RunResult r = simulate(parse_scene(cradle(100, 0.01, 1.0, 2.0), "t.toml"));
  EXPECT_EQ(r.events.size(), 99u);
  EXPECT_EQ(r.stats.resting, 0u);
  const std::size_t last = r.energy.rows() - 1;
  // each exchange is seed 000's linear system, exact to a few ulps: 99 of them stay far below 1e-12
  EXPECT_NEAR(total(r, last), 0.5, 1e-12);
  EXPECT_NEAR(r.trajectory.at(r.trajectory.rows() - 1, r.trajectory.column("d99.vx")), 1.0, 1e-12);
  EXPECT_NEAR(r.trajectory.at(r.trajectory.rows() - 1, r.trajectory.column("d0.vx")), 0.0, 1e-12);
}

TEST(SceneEvents, ADiscBetweenClosePlatesKeepsItsSpeedOrTheRunStopsNamingTheStep) {
  // 500 bounces per step of 1 s (gap 2 mm at 1 m/s): under the cap, every one elastic. The normals
  // are the axes, so v' = −v exactly (seed 001 §E.1 with m₂ = ∞): no energy change at all.
  const RunResult r = simulate(parse_scene(plates(2e-3, 1.0, 3.0), "t.toml"));
  EXPECT_NEAR(static_cast<double>(r.events.size()), 1500.0, 2.0);
  EXPECT_EQ(r.stats.resting, 0u);
  EXPECT_DOUBLE_EQ(total(r, r.energy.rows() - 1), 0.5 * 1.0 * 1.0);
  // 5000 bounces in a step of 10 s: more than the cap; the run stops, never inelastic
  const std::string e = step_error(plates(2e-3, 10.0, 20.0));
  EXPECT_EQ(e.rfind("t.toml: integrator verlet, dt = 10: step 1 (t = 0 to 10): ", 0), 0u) << e;  // run_context once
  EXPECT_NE(e.find("more than 1024 collisions in one step"), std::string::npos) << e;
  EXPECT_NE(e.find("between 'disc' and '"), std::string::npos) << e;
  // 1024 bounces 2 ms apart span ~2.05 s: the advice is half of that
  EXPECT_NE(e.find("choose dt ≤ 1.02 s"), std::string::npos) << e;
}

const std::string kElasticVerlet = "[simulation]\nintegrator = \"verlet\"\ndt = 0.001\nt_end = 2\nrestitution = 1\n";
const std::string kGravity = "[[force]]\ntype = \"gravity\"\ng = [0, -9.81, 0]\n";

TEST(SceneEvents, ADiscRefusesAtLoadWhatWouldMeetItOutOfItsPlane) {
  // a plane whose normal has a z component (its table starts at line 11)
  const std::string tilted = kElasticVerlet + "[[object]]\ntype = \"disc\"\nname = \"d\"\nradius = 0.1\nposition = [0, 1]\n" +
                             "[[obstacle]]\ntype = \"plane\"\nname = \"floor\"\nnormal = [0, 0.6, 0.8]\n" + kGravity;
  std::string e = error_of(tilted);
  EXPECT_EQ(e.rfind("t.toml:11:", 0), 0u) << e;
  EXPECT_NE(e.find("'floor': a disc meets planes whose normal lies in its plane z = 0 only"), std::string::npos) << e;
  // a sphere beside a disc (the sphere's table starts at line 11)
  const std::string mixed = kElasticVerlet + "[[object]]\ntype = \"disc\"\nname = \"d\"\nradius = 0.1\nposition = [0, 0]\n" +
                            "[[object]]\ntype = \"sphere\"\nname = \"s\"\nradius = 0.1\nposition = [0, 0, 1]\n" +
                            "velocity = [0, 0, -1]\n";
  e = error_of(mixed);
  EXPECT_EQ(e.rfind("t.toml:11:", 0), 0u) << e;
  EXPECT_NE(e.find("'s': a sphere beside discs"), std::string::npos) << e;
}

TEST(SceneEvents, ADiscMeetingACurvedObstacleOffItsEquatorStopsTheRunAndOnItBouncesElastically) {
  auto scene = [](double z) {
    return kElasticVerlet + "[[object]]\ntype = \"disc\"\nname = \"d\"\nradius = 0.1\nposition = [0.3, 1.5]\nvelocity = [0, -1]\n" +
           fmt::format("[[obstacle]]\ntype = \"sphere\"\nname = \"rock\"\ncenter = [0, 0, {}]\nradius = 1\n", z);
  };
  // the sphere's centre 0.5 below the disc's plane: the contact normal leaves z = 0
  const std::string e = step_error(scene(-0.5));
  // the contact at |x − c| = 1.1 with x = (0.3, 1.5 − t, 0), c = (0, 0, −0.5): t = 1.5 − √0.87, in step 568
  EXPECT_EQ(e.rfind("t.toml: integrator ", 0), 0u) << e;  // simulate names the run once (run_context)
  EXPECT_NE(e.find(": disc 'd' meets 'rock' at t = 0.5672"), std::string::npos) << e;
  EXPECT_NE(e.find("(step 568)"), std::string::npos) << e;
  EXPECT_NE(e.find("leaves the disc's plane z = 0"), std::string::npos) << e;
  // centred in the plane: the normal is in-plane and e = 1 keeps the energy (v' = v − 2(v·n)n, a few ulps)
  const RunResult r = simulate(parse_scene(scene(0.0), "t.toml"));
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.stats.resting, 0u);
  EXPECT_NEAR(total(r, r.energy.rows() - 1), 0.5, 1e-14);
}

}  // namespace
}  // namespace verisim::scene::test

namespace verisim::scene::test {
namespace {

/// The state after `steps` RK4 steps of `world` with the run's own workspace `ws` (the loop of simulate()).
State run(const ImpulseWorld& world, ImpulseWorkspace& ws, std::size_t steps) {
  State x = world.initial_state();
  auto stepper = integrators::make_stepper<core::VecX>("rk4");
  std::visit([&](auto& s) { integrators::integrate_n_steps(s, SystemView<false>{&world, &ws}, x, 0.0, 1e-3, steps); },
             stepper);
  return x;
}

TEST(SceneWorkspace, TwoRunsOfOneWorldShareNoState) {
  // The spherical pendulum crosses the poles of its chart: a run switches charts (its workspace's).
  // A second run of the same const world from t = 0 must not start in the first run's chart: its
  // state after 3000 steps equals the first run's at 3000 steps, bit for bit.
  const ImpulseWorld world(load_scene(std::string(VERISIM_SOURCE_DIR) + "/scenes/spherical_pendulum.toml"));
  ImpulseWorkspace a = world.workspace(), b = world.workspace();
  const State first = run(world, a, 3000);
  run(world, a, 20000);  // run a goes on, through changes of chart
  const State second = run(world, b, 3000);
  EXPECT_EQ(first.q, second.q);
  EXPECT_EQ(first.v, second.v);
  // and run a ended in the other chart (k' = d: models::SphereSurface::other_chart), so a world
  // holding the chart would have started run b there
  EXPECT_EQ(a.charts[0].k, world.workspace().charts[0].d);
}

/// What a user's Observer saw: each call's step, time and first coordinate and velocity.
struct Seen {
  std::vector<std::size_t> steps;
  std::vector<double> t, q0, v0;
};
void see(void* context, const State& x, double t, std::size_t step) {
  auto* s = static_cast<Seen*>(context);
  s->steps.push_back(step), s->t.push_back(t), s->q0.push_back(x.q[0]), s->v0.push_back(x.v[0]);
}

/// The steps the Observer is defined to see (simulate.hpp): k = 0, every, 2·every, … and the last.
std::vector<std::size_t> recorded_steps(const Simulation& sim) {
  std::vector<std::size_t> k;
  for (std::size_t i = 0; i <= sim.steps; i += sim.sample_every) k.push_back(i);
  if (k.back() != sim.steps) k.push_back(sim.steps);
  return k;
}

TEST(SceneObserver, AUsersObserverSeesEveryRecordedSampleOfBothWorlds) {
  // the impulse world: a disc (q = x, y, θ) between two plates, 100 steps of 0.01 s, every 7th recorded
  std::string text = plates(0.3, 0.01, 1.0);
  text.replace(text.find("restitution = 1\n"), 16, "restitution = 1\nsample_every = 7\n");
  const Scene sc = parse_scene(text, "t.toml");
  Seen seen;
  const RunResult r = simulate(sc, {}, {see, &seen});
  EXPECT_EQ(seen.steps, recorded_steps(sc.simulation));
  ASSERT_EQ(seen.steps.size(), r.trajectory.rows());
  for (std::size_t i = 0; i < seen.steps.size(); ++i) {
    EXPECT_EQ(seen.t[i], static_cast<double>(seen.steps[i]) * 0.01);  // t0 + k·dt (integrate.hpp)
    EXPECT_EQ(seen.t[i], r.trajectory.t(i));
    EXPECT_EQ(seen.q0[i], r.trajectory.at(i, r.trajectory.column("disc.x")));
    EXPECT_EQ(seen.v0[i], r.trajectory.at(i, r.trajectory.column("disc.vx")));
  }
  // the soft-contact world (law = "soft"): the same calls
  const Scene billiard = load_scene(std::string(VERISIM_SOURCE_DIR) + "/scenes/billiard.toml");
  Seen soft;
  const RunResult b = simulate(billiard, {}, {see, &soft});
  EXPECT_EQ(soft.steps, recorded_steps(billiard.simulation));
  ASSERT_EQ(soft.t.size(), b.trajectory.rows());
  for (std::size_t i = 0; i < soft.t.size(); ++i) EXPECT_EQ(soft.t[i], b.trajectory.t(i));
}

}  // namespace
}  // namespace verisim::scene::test
