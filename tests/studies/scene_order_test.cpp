// The order study on a scene (experiments/studies/scene_order.hpp): on scenes equivalent to the catalogue's
// problems every method measures its declared order ± 0.2 as the catalogue's order study does; the reference's
// error estimate bounds its error against an exact solution; a scene without a known solution, a callback whose
// two opinions disagree, and scenes with collisions or soft contact give usable verdicts with the achievable
// order stated.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "experiments/studies/order_study.hpp"
#include "experiments/studies/scene_order.hpp"
#include "reference/analytic/kepler.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::studies::test {

namespace {

using namespace verisim::experiments;

scene::Scene bundled(const std::string& name) {
  return scene::load_scene(std::filesystem::path(VERISIM_SOURCE_DIR) / "scenes" / (name + ".toml"));
}

// The catalogue's Kepler problem (reference/problems/kepler.hpp: μ = a = 1, e = 0.6, periapsis on +x) is the bundled
// scenes/kepler_orbit.toml: a point under a central force G·M = 1 from (a(1 − e), 0) at √(μ(1 + e)/(a(1 − e))) = 2.

// A ball with linear drag (a non-polynomial flight) bouncing on a plane, restitution 0.9: collisions with a
// smooth force between them.
std::string drop_with_drag(const std::string& events) {
  return std::string(R"(title = "ball with drag"
[simulation]
integrator = "rk4"
dt = 0.001
t_end = 1.5
restitution = 0.9
events = ")") + events + R"("
[[object]]
type = "sphere"
name = "ball"
radius = 0.1
position = [0, 0, 1]
velocity = [0.3, 0, 0]
[[force]]
type = "gravity"
[[force]]
type = "drag"
b = 0.4
[[obstacle]]
type = "plane"
)";
}

struct Measured {
  SceneReference ref;
  Achievable achievable;
  std::vector<SceneOrderRow> rows;
};

Measured measure(const scene::Scene& sc, double t_end, std::vector<std::string> names = {}, bool quick = true) {
  Measured m;
  m.ref = scene_reference(sc, t_end);
  m.achievable = achievable_order(sc, m.ref.facts);
  if (names.empty()) names = scene_integrators(sc);
  const SceneLadder ladder = scene_ladder(sc, t_end, quick);
  for (const auto& n : names)
    m.rows.push_back(measure_scene_order(n, integrators::find_method(n)->info.order, m.ref, m.achievable, t_end, ladder,
                                         toolkit_final_state(sc, n)));
  return m;
}

// Every method measures its declared order ± kOrderTolerance against the reference, and Richardson agrees.
void expect_declared_orders(const Measured& m, const std::string& scene) {
  ASSERT_TRUE(m.ref.available) << scene;
  EXPECT_EQ(m.rows.size(), integrators::kSecondOrderSteppers.size()) << scene;  // the registry's second-order methods
  for (const auto& r : m.rows) {
    SCOPED_TRACE(scene + " " + r.integrator + ": " + r.verdict);
    // the library's pairs of order ≥ 5 can stay pre-asymptotic on a nonlinear scene in double precision (the
    // catalogue's rule, order_study.hpp: reported, not judged), and their Richardson differences mix those levels
    if (r.declared >= 5 && r.verdict.find("pre-asymptotic") != std::string::npos) continue;
    EXPECT_TRUE(r.judged);
    EXPECT_TRUE(r.pass);
    ASSERT_TRUE(r.fit.ok);
    EXPECT_NEAR(r.fit.order, r.declared, kOrderTolerance);
    if (r.declared >= 5) continue;
    ASSERT_TRUE(r.richardson.ok);
    EXPECT_NEAR(r.richardson.order, r.declared, kOrderTolerance);
    EXPECT_FALSE(r.disagree);
  }
}

TEST(SceneOrder_Convergence, SpringReproducesTheCatalogueOrders) {
  expect_declared_orders(measure(bundled("spring"), 5.0, {}, false), "spring");
}

TEST(SceneOrder_Convergence, PendulumReproducesTheCatalogueOrders) {
  // t = 5 s as the catalogue's pendulum (ladders.hpp). (pendulum_large, θ₀ = 2.5 rad near the separatrix, is
  // pre-asymptotic for RK4 down to the round-off floor: measured 3.73–3.84 at t = 2 … 6 s, docs/studies.md.)
  expect_declared_orders(measure(bundled("pendulum_small"), 5.0, {}, false), "pendulum_small");
}

TEST(SceneOrder_Convergence, KeplerSceneReproducesTheCatalogueOrders) {
  // The catalogue's Kepler problem at its t = 2 s (ladders.hpp). (The bundled comet, e = 0.9, is not used: its
  // periapsis at r = 0.1 keeps ruth3's O(h⁴) term dominant on every ladder a test can afford, measured 4.04.)
  const auto bundled_kepler = bundled("kepler_orbit");
  EXPECT_EQ(bundled_kepler.simulation.t_end(), 2.0);
  expect_declared_orders(measure(bundled_kepler, bundled_kepler.simulation.t_end(), {}, false), "kepler_orbit");
}

TEST(SceneOrder, ReferenceEstimateBoundsItsErrorAgainstKeplersEquation) {
  const auto sc = bundled("kepler_orbit");
  const SceneReference ref = scene_reference(sc, 2.0);
  ASSERT_TRUE(ref.available);
  EXPECT_EQ(ref.outer_steps, 1u);  // no contact: one reference_run over [0, t_end]
  const reference::analytic::KeplerOrbit orbit{1.0, 1.0, 0.6};
  const auto x = orbit.position(2.0), v = orbit.velocity(2.0);
  const std::vector<double> exact{x[0], x[1], 0.0, v[0], v[1], 0.0};
  double err2 = 0, scale = 0;
  for (std::size_t i = 0; i < exact.size(); ++i) err2 += std::pow(ref.state[i] - exact[i], 2), scale = std::max(scale, std::abs(exact[i]));
  // the closed form carries double's rounding itself (Kepler's equation solved to the rounding level, kepler.hpp):
  // 4ε·scale of allowance beside the estimate
  const double slack = 4.0 * std::numeric_limits<double>::epsilon() * scale;
  EXPECT_LE(std::sqrt(err2), ref.error_estimate + slack) << ref.error_estimate;
  // far below what a double integrator's errors are measured at (the round-off floor 10·ε·n·scale ≥ 7e-14 for
  // n ≥ 16): the estimate within 20 ε·scale
  EXPECT_LT(ref.error_estimate, 20.0 * std::numeric_limits<double>::epsilon() * scale);
}

TEST(SceneOrder, PleiadesWithoutAKnownSolutionGivesAVerdict) {
  // Seven bodies (HNW I §II.10), no closed form: the reference run and Richardson agree with the declared orders.
  const Measured m = measure(bundled("pleiades"), 1.0, {"verlet", "yoshida4", "rk4"});
  ASSERT_TRUE(m.ref.available);
  EXPECT_GT(m.ref.error_estimate, 0.0);
  for (const auto& r : m.rows) {
    SCOPED_TRACE(r.integrator + ": " + r.verdict);
    EXPECT_TRUE(r.judged);
    EXPECT_TRUE(r.pass);
    EXPECT_NE(r.verdict.find("reference error estimate"), std::string::npos);  // the estimate is stated
  }
}

TEST(SceneOrder, DisagreeingOpinionsGiveAVerdictNotACrash) {
  // A user's program whose states carry a constant bias of 1e-7 (a wrong initial condition, say): against the
  // reference its error stops falling at 1e-7, while the differences between levels cancel the bias, so
  // Richardson still sees order 4. The row says both and that they disagree.
  const auto sc = bundled("spring");
  const SceneReference ref = scene_reference(sc, 5.0);
  const auto rk4 = toolkit_final_state(sc, "rk4");
  const SceneFinalState biased = [&](double dt, std::size_t n) {
    auto x = rk4(dt, n);
    for (auto& y : x) y += 1e-7;
    return x;
  };
  const SceneOrderRow r = measure_scene_order("biased-rk4", 4, ref, achievable_order(sc, ref.facts), 5.0,
                                              scene_ladder(sc, 5.0, true), biased);
  SCOPED_TRACE(r.verdict);
  ASSERT_TRUE(r.richardson.ok);
  EXPECT_NEAR(r.richardson.order, 4.0, kOrderTolerance);
  ASSERT_TRUE(r.fit.ok);
  EXPECT_TRUE(r.disagree);
  EXPECT_NE(r.verdict.find("disagree"), std::string::npos);
  EXPECT_FALSE(r.pass);  // judged on the reference, which sees the bias
}

TEST(SceneOrder, LocatedCollisionsKeepTheOrderAndSaySo) {
  const auto sc = scene::parse_scene(drop_with_drag("located"), "drop.toml");
  const Measured m = measure(sc, 1.5, {"euler", "verlet", "rk4"});
  EXPECT_GT(m.ref.facts.collisions, 0u);
  EXPECT_EQ(m.achievable.order, 0);  // no limit …
  EXPECT_NE(m.achievable.reason.find("located"), std::string::npos);  // … and why
  for (const auto& r : m.rows) {
    SCOPED_TRACE(r.integrator + ": " + r.verdict);
    EXPECT_TRUE(r.pass);
    EXPECT_NEAR(r.fit.order, r.declared, kOrderTolerance);
  }
}

TEST(SceneOrder, CollisionsAfterPenetrationLimitTheOrderToOne) {
  const auto sc = scene::parse_scene(drop_with_drag("after-penetration"), "drop.toml");
  const Measured m = measure(sc, 1.5, {"verlet", "rk4"});
  EXPECT_EQ(m.achievable.order, 1);
  EXPECT_NE(m.achievable.reason.find("after penetration"), std::string::npos);
  for (const auto& r : m.rows) {
    SCOPED_TRACE(r.integrator + ": " + r.verdict);
    EXPECT_EQ(r.judged_order, 1);
    EXPECT_TRUE(r.judged);
    EXPECT_TRUE(r.pass);  // slope ≥ 1 − kLimitedSlack, not a blind fail at the declared order
    EXPECT_NE(r.verdict.find("limited by the scene"), std::string::npos);
  }
}

TEST(SceneOrder, BundledCollisionScenesGiveUsableVerdicts) {
  // ball_drop: free flight under gravity is a parabola, which every method of order ≥ 2 steps exactly: their
  // rows say so instead of failing; Euler measures 1. two_discs: straight lines between the collisions.
  const Measured drop = measure(bundled("ball_drop"), 2.0, {"euler", "verlet"});
  EXPECT_GT(drop.ref.facts.collisions, 0u);
  EXPECT_NE(drop.achievable.reason.find("collisions"), std::string::npos);
  EXPECT_TRUE(drop.rows[0].pass) << drop.rows[0].verdict;
  EXPECT_FALSE(drop.rows[1].judged) << drop.rows[1].verdict;
  EXPECT_NE(drop.rows[1].verdict.find("round-off"), std::string::npos) << drop.rows[1].verdict;
  const Measured discs = measure(bundled("two_discs"), 12.0, {"rk4"});
  EXPECT_GT(discs.ref.facts.collisions, 0u);
  EXPECT_NE(discs.achievable.reason.find("collisions"), std::string::npos);
  EXPECT_FALSE(discs.rows[0].judged && !discs.rows[0].pass) << discs.rows[0].verdict;
}

TEST(SceneOrder, ErrorsThatGrowAsRoundOffAreNotAFailureButABiasThatGrowsIs) {
  // The bundled ball_drop over its own 91 s (100 bounces): every flight a parabola, which a method of order ≥ 2
  // steps exactly, so each level's error is accumulated round-off and grows as Δt falls (measured up to 8× the
  // floor 10·ε·n·scale, reference/order_fit.hpp). Multi-stage methods fitted a negative "order" there and failed;
  // now they are not judged, saying why.
  const auto sc = bundled("ball_drop");
  const double t_end = sc.simulation.t_end();
  const Measured m = measure(sc, t_end, {"yoshida6", "rk38"});
  for (const auto& r : m.rows) {
    SCOPED_TRACE(r.integrator + ": " + r.verdict);
    EXPECT_FALSE(r.judged);
    EXPECT_NE(r.verdict.find("errors grow as Δt falls"), std::string::npos);
  }
  // A step that adds 1e-10 to every coordinate (a bias 200× what 1000·ε·scale allows a step): the errors grow as
  // Δt falls too, but past round-off's reach, so the row is judged and fails.
  const auto y6 = toolkit_final_state(sc, "yoshida6");
  const SceneFinalState biased = [&](double dt, std::size_t n) {
    auto x = y6(dt, n);
    for (auto& v : x) v += 1e-10 * static_cast<double>(n);
    return x;
  };
  const SceneOrderRow r = measure_scene_order("biased-yoshida6", 6, m.ref, m.achievable, t_end, scene_ladder(sc, t_end, true), biased);
  SCOPED_TRACE(r.verdict);
  EXPECT_TRUE(r.judged);
  EXPECT_FALSE(r.pass);
  ASSERT_TRUE(r.fit.ok);
  EXPECT_LT(r.fit.order, 0.0);
}

TEST(SceneOrder, AReferenceRunThatStopsMakesNoClaimInsteadOfEndingTheStudy) {
  // The bundled ball_incline settles in ever shorter bounces: the reference's outer steps (t_end/256, longer than
  // the scene's dt) meet more than the 1024 collisions a step allows. The study used to end there (exit 2, the
  // step and dt of a run the user never asked for); with Richardson alone it judged every method against its
  // declared order (25 of 28 failed at 1.03: the resting contact's O(Δt) model). Now: no reference, no claim.
  const auto sc = bundled("ball_incline");
  const Measured m = measure(sc, sc.simulation.t_end(), {"rk4"});
  EXPECT_FALSE(m.ref.available);
  EXPECT_NE(m.ref.why_not.find("stopped"), std::string::npos) << m.ref.why_not;
  EXPECT_NE(m.ref.facts.stopped.find("more than 1024 collisions"), std::string::npos) << m.ref.facts.stopped;
  EXPECT_FALSE(m.achievable.claim);
  ASSERT_EQ(m.rows.size(), 1u);
  EXPECT_FALSE(m.rows[0].judged) << m.rows[0].verdict;
  EXPECT_NE(m.rows[0].verdict.find("no claim"), std::string::npos) << m.rows[0].verdict;
}

TEST(SceneOrder, RestingContactsAreMeasuredWithoutAClaim) {
  // seed 002's falling block comes to rest on the plane: the resting-contact model changes with Δt, so the
  // reference is not the ladder's limit (Richardson alone) and no order is claimed — shown, never a blind fail.
  const Measured m = measure(bundled("falling_block"), 1.6, {"euler", "verlet"});  // first rest at t < 1.6 s
  EXPECT_GT(m.ref.facts.resting, 0u);
  EXPECT_FALSE(m.ref.available);
  EXPECT_FALSE(m.achievable.claim);
  EXPECT_NE(m.achievable.reason.find("resting"), std::string::npos);
  for (const auto& r : m.rows) {
    EXPECT_FALSE(r.judged) << r.verdict;
    EXPECT_NE(r.verdict.find("no claim"), std::string::npos) << r.verdict;
  }
}

// A synthetic ladder of 8 levels, n = 2⁴ … 2¹¹ steps to t = 1 (h = 2⁻⁴ … 2⁻¹¹), against a reference state {x}.
SceneOrderRow synthetic(const SceneFinalState& state, int declared, const Achievable& achievable, double x = 0.0) {
  SceneReference ref;
  ref.available = true;
  ref.state = {x};
  SceneLadder ladder;
  ladder.levels = 8;
  ladder.from_n_min = true;
  return measure_scene_order("synthetic", declared, ref, achievable, 1.0, ladder, state);
}

// Errors c_k·h_k^p against a reference at 0: the coefficient c_k scatters as an unlocated discontinuity's position
// within the step makes it (scene_order.cpp).
SceneOrderRow scattered(const std::vector<double>& c, double p, int declared, const Achievable& achievable) {
  return synthetic(
      [&](double dt, std::size_t n) {
        const auto k = static_cast<std::size_t>(std::lround(std::log2(static_cast<double>(n)))) - 4;
        return std::vector<double>{c.at(k) * std::pow(dt, p)};
      },
      declared, achievable);
}
SceneOrderRow scattered(const std::vector<double>& c, double p, int declared, int achievable) {
  return scattered(c, p, declared, Achievable{achievable, "a kink crossed inside a step"});
}

TEST(SceneOrder, ALimitedSceneIsJudgedOnTheTrendOfItsWholeLadderWithinTheScatter) {
  // Errors of trend 2 with a scattering coefficient: the finest three levels fit 1.339 (slopes 1.26, 1.42; the next
  // coarser 1.00 is 0.34 off: the range stops), which failed the bound 1.7; the whole ladder fits 1.856 (least
  // squares over 8 points, computed independently: standard error 0.119) and passes.
  const std::vector<double> c{1, 2, 0.7, 1.5, 0.6, 1.2, 2.0, 3.0};
  const SceneOrderRow trend2 = scattered(c, 2.0, 4, 2);
  SCOPED_TRACE(trend2.verdict);
  ASSERT_TRUE(trend2.fit.ok);
  EXPECT_EQ(trend2.fit.first, 0u);
  EXPECT_EQ(trend2.fit.last, 7u);
  EXPECT_NEAR(trend2.fit.order, 1.8559, 1e-3);
  EXPECT_NEAR(trend2.fit.slope_error, 0.11942, 1e-4);
  EXPECT_TRUE(trend2.judged);
  EXPECT_TRUE(trend2.pass);
  // The same scatter on a trend of 1 (a method of order 1 where the scene allows 2): 0.856 ± 0.292 (95 %: t₀.₉₇₅ with
  // 6 degrees of freedom, 2.447) is below 1.7 beyond the scatter: refuted.
  const SceneOrderRow trend1 = scattered(c, 1.0, 2, 2);
  EXPECT_TRUE(trend1.judged) << trend1.verdict;
  EXPECT_FALSE(trend1.pass) << trend1.verdict;
  EXPECT_NEAR(trend1.fit.order, 0.8559, 1e-3);
  // A larger scatter on trend 2: 1.628 ± 0.725 contains the bound 1.7: neither shown nor refuted, not judged.
  const SceneOrderRow wide = scattered({1, 6, 0.4, 5, 0.3, 4, 8, 10}, 2.0, 4, 2);
  EXPECT_FALSE(wide.judged) << wide.verdict;
  EXPECT_NEAR(wide.fit.order, 1.6281, 1e-3);
  EXPECT_NE(wide.verdict.find("1.628 ± 0.73 (95 %, 8 levels"), std::string::npos) << wide.verdict;
  // Without a limit (a smooth scene) the fit keeps the finest consistent range: the same data fails order 2.
  const SceneOrderRow smooth = scattered(c, 2.0, 2, 0);
  EXPECT_EQ(smooth.fit.first, 5u) << smooth.verdict;
  EXPECT_TRUE(smooth.judged);
  EXPECT_FALSE(smooth.pass);
}

TEST(SceneOrder, AFailingFitIsJudgedAgainWithoutTheLevelsRoundOffCanBend) {
  // Order 4 truncation 80·h⁴ about a reference at 1 (scale 1), h = 2⁻⁴ … 2⁻¹¹, and at the finest level a round-off
  // of 0.99 × its floor 10·ε·n: that level's error, 9.05e-12, is 1.99× its floor and its slope from the next coarser
  // 3.01 instead of 4 (the slopes then differ by more than the fit's 0.3: a three-level fit of 3.5 failed). Without
  // the levels below 8× their floor (kFitFloorMargin: a shift of at most half the tolerance), every slope is 4.
  const double eps = std::numeric_limits<double>::epsilon();
  const SceneFinalState state = [&](double dt, std::size_t n) {
    const double roundoff = n == 2048 ? 0.99 * 10.0 * eps * 2048.0 : 0.0;
    return std::vector<double>{1.0 + 80.0 * std::pow(dt, 4) + roundoff};
  };
  const SceneOrderRow r = synthetic(state, 4, {}, 1.0);
  SCOPED_TRACE(r.verdict);
  ASSERT_EQ(r.err.size(), 8u);
  EXPECT_NEAR(r.err[7] / r.floor[7], 1.99, 0.05);
  EXPECT_NE(r.verdict.find("rested on errors within 8× the round-off floor"), std::string::npos);
  ASSERT_TRUE(r.fit.ok);
  EXPECT_NEAR(r.fit.order, 4.0, 1e-3);  // 1 + 80 h⁴ rounds to double: ≤ 1.1e-16 on errors ≥ 7.3e-11
  EXPECT_LT(r.fit.last, 7u);
  EXPECT_TRUE(r.judged);
  EXPECT_TRUE(r.pass);
}

TEST(SceneOrder, ASphericalPendulumsChangeOfChartScattersItsErrors) {
  // The pendulum moves to its other chart after the step that nears a pole, so where the switch falls depends on Δt:
  // judged like a limited scene's scatter (whole ladder, 95 % interval), against the declared order (no limit).
  const auto sc = bundled("spherical_pendulum");
  const Achievable a = achievable_order(sc, scene_reference(sc, 2.0).facts);
  EXPECT_EQ(a.order, 0);
  EXPECT_TRUE(a.claim);
  EXPECT_TRUE(a.scatters);
  EXPECT_NE(a.reason.find("chart"), std::string::npos) << a.reason;
  // the scattered trend-2 errors of the limited test, without a limit and declared 2: the whole ladder's 1.856 is within
  // 2 ± 0.2 where the finest range (1.339) failed
  const SceneOrderRow r = scattered({1, 2, 0.7, 1.5, 0.6, 1.2, 2.0, 3.0}, 2.0, 2, a);
  EXPECT_TRUE(r.judged) << r.verdict;
  EXPECT_TRUE(r.pass) << r.verdict;
  EXPECT_NEAR(r.fit.order, 1.8559, 1e-3);
  EXPECT_EQ(r.fit.first, 0u);
}

TEST(SceneOrder, AScenesOwnStepBeyondTheLadderIsSaidSo) {
  // bounce_spring's own Δt (1e-6 s, its stability bound) needs 6.6·10⁶ steps to its 6.6 s, more than the ladder's 2²²:
  // no level runs, and the row says why and what to change (it used to say that no level reached an error below 0.01).
  const auto sc = bundled("bounce_spring");
  const SceneLadder ladder = scene_ladder(sc, sc.simulation.t_end(), false);
  ASSERT_GT(ladder.n_min, ladder.n_max);
  const Measured m = measure(sc, sc.simulation.t_end(), {"leapfrog"}, false);
  ASSERT_EQ(m.rows.size(), 1u);
  EXPECT_FALSE(m.rows[0].judged);
  EXPECT_TRUE(m.rows[0].n.empty());
  EXPECT_NE(m.rows[0].verdict.find("the scene's own step needs 6600000 steps to t = 6.6, more than the ladder's 4194304"),
            std::string::npos)
      << m.rows[0].verdict;
}

TEST(SceneOrder, SoftContactStatesItsAchievableOrder) {
  // seed 003's bounce: Hooke's spring (ε = 1) has a kink at δ = 0, order 2; with a dashpot the force jumps, order 1.
  const auto spring = achievable_order(bundled("bounce_spring"), {});
  EXPECT_EQ(spring.order, 2);
  EXPECT_NE(spring.reason.find("kink"), std::string::npos);
  const auto damped = achievable_order(bundled("bounce_damped"), {});
  EXPECT_EQ(damped.order, 1);
  const SceneReference ref = scene_reference(bundled("bounce_spring"), 0.1);
  EXPECT_FALSE(ref.available);
  EXPECT_NE(ref.why_not.find("Richardson"), std::string::npos);
}

}  // namespace

}  // namespace verisim::studies::test
