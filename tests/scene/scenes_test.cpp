// Every bundled scene (scenes/*.toml) run through the scene simulator and checked against theory:
// exact solutions (reference/analytic), seed 000's linear system, seed 004's branch rule, the
// conservation laws. Tolerances: stated next to each check with where they come from.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <numbers>
#include <vector>

#include "reference/analytic/charged_particle.hpp"
#include "reference/analytic/harmonic_oscillator.hpp"
#include "reference/analytic/kepler.hpp"
#include "reference/analytic/pendulum.hpp"
#include "reference/analytic/two_disk_collision.hpp"
#include "toolkit/collisions/contact_time.hpp"
#include "tests/scene/support.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene::test {
namespace {

/// Times where x crosses zero upwards, by linear interpolation between samples.
std::vector<double> upward_crossings(const std::vector<double>& t, const std::vector<double>& x) {
  std::vector<double> out;
  for (std::size_t i = 1; i < x.size(); ++i)
    if (x[i - 1] < 0.0 && x[i] >= 0.0) out.push_back(t[i - 1] + (t[i] - t[i - 1]) * (-x[i - 1]) / (x[i] - x[i - 1]));
  return out;
}

double mean_period(const std::vector<double>& crossings) {
  return (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
}

double max_deviation(const std::vector<double>& x) {
  double m = 0.0;
  for (double v : x) m = std::max(m, std::abs(v - x.front()));
  return m;
}

// ---- seed 001 §B.1: the spring against the damped oscillator's closed form ---------------------
void check_spring(const std::string& name, double b) {
  const Scene s = bundled(name);
  const RunResult r = simulate(s);
  const reference::analytic::HarmonicOscillator exact{1.0, 4.0, b, 9.81, 0.1, 0.0};  // F = m g·d = 9.81 N
  const auto t = column(r.trajectory, "t"), x = column(r.trajectory, "mass.E");
  double err = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i) err = std::max(err, std::abs(x[i] - exact.position(t[i])));
  // RK4's phase error per step is (ωΔt)⁵/120 of the amplitude (2.35 m about equilibrium): 1e4 steps
  // at ωΔt = 2e-3 give 6e-12; 1e-9 leaves room for round-off.
  EXPECT_LT(err, 1e-9) << name;
  ::testing::Test::RecordProperty(name + "_max_error", g3(err));
}
TEST(SceneValidation, SpringMatchesTheAnalyticSolution) { check_spring("spring", 0.0); }
TEST(SceneValidation, DampedSpringMatchesTheAnalyticSolution) { check_spring("spring_damped", 0.5); }

// ---- seed 001 §B.2: the period 4√(L/g)K(k) ---------------------------------------------------
void check_pendulum(const std::string& name, double theta0) {
  const RunResult r = simulate(bundled(name));
  const auto c = upward_crossings(column(r.trajectory, "t"), column(r.trajectory, "bob.theta"));
  ASSERT_GE(c.size(), 2u);
  const double T = mean_period(c), expected = reference::analytic::Pendulum{9.81, 1.0, theta0}.period();
  // θ crosses zero where θ̈ = 0, so the linear interpolation between samples 5 ms apart errs by
  // O(θ‴Δ³) ~ 1e-8 s at most; RK4's phase error is ~1e-11.
  EXPECT_NEAR(T, expected, 1e-7 * expected) << name;
  ::testing::Test::RecordProperty("period", g3(T));
  ::testing::Test::RecordProperty("relative_error", g3(T / expected - 1.0));
}
TEST(SceneValidation, SmallPendulumPeriod) { check_pendulum("pendulum_small", 0.1); }
TEST(SceneValidation, LargePendulumPeriod) { check_pendulum("pendulum_large", 2.5); }

// ---- seed 001 §B.3: energy and L·k conserved -------------------------------------------------
TEST(SceneValidation, SphericalPendulumConservesEnergyAndLk) {
  const RunResult r = simulate(bundled("spherical_pendulum"));
  const double dE = max_deviation(column(r.energy, "total")), dL = max_deviation(column(r.energy, "bob.Lk"));
  const double E0 = std::abs(column(r.energy, "total").front()), L0 = std::abs(column(r.energy, "bob.Lk").front());
  // RK4: energy error O(Δt⁴) over the run; at Δt = 1e-3 and ω ~ 4 rad/s, (ωΔt)⁴ ~ 3e-10.
  EXPECT_LT(dE / E0, 1e-8);
  EXPECT_LT(dL / L0, 1e-8);
  ::testing::Test::RecordProperty("energy_rel", g3(dE / E0));
  ::testing::Test::RecordProperty("Lk_rel", g3(dL / L0));
}

// ---- a charge in E and B: the helix, cyclotron frequency qB/m ---------------------------------
TEST(SceneValidation, ChargedPointFollowsTheHelixAtTheCyclotronFrequency) {
  const RunResult r = simulate(bundled("charged_point"));
  reference::analytic::ChargedParticle exact;
  exact.q = 1.0, exact.m = 1.0, exact.B = 2.0, exact.E = core::Vec3(0, 0, 0.5), exact.r0 = core::Vec3::Zero(), exact.v0 = core::Vec3(1, 0, 0.2);
  const auto t = column(r.trajectory, "t"), x = column(r.trajectory, "charge.x"), y = column(r.trajectory, "charge.y"),
             z = column(r.trajectory, "charge.z"), vx = column(r.trajectory, "charge.vx");
  double err = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i) err = std::max(err, (core::Vec3(x[i], y[i], z[i]) - exact.position(t[i])).norm());
  EXPECT_LT(err, 1e-9);  // RK4 at ΩΔt = 2e-3 over 1e4 steps: ~1e-11 (as the spring)
  const double T = mean_period(upward_crossings(t, vx));
  EXPECT_NEAR(2.0 * std::numbers::pi / T, exact.cyclotron_frequency(), 1e-7);
  ::testing::Test::RecordProperty("position_error", g3(err));
  ::testing::Test::RecordProperty("omega_error", g3(2.0 * std::numbers::pi / T - exact.cyclotron_frequency()));
}

// ---- seed 000: contact time and post-impact velocities --------------------------------------
TEST(SceneValidation, TwoDiscsMatchSeed000) {
  const Scene s = bundled("two_discs");
  const RunResult r = simulate(s);
  ASSERT_EQ(r.events.size(), 1u);
  const Event& e = r.events[0];
  // seed 000 eqs. (1)–(5): the contact time of uniform motions
  const auto ct = collisions::contact_time<2>(core::Vec2(-10, 0.8), core::Vec2(1, 0), 1.0, core::Vec2(0, 0), core::Vec2(0, 0), 1.0);
  ASSERT_TRUE(ct.collides());
  EXPECT_NEAR(ct.t, 10.0 - std::sqrt(4.0 - 0.64), 1e-14);
  EXPECT_NEAR(e.t, ct.t, 1e-12);
  ::testing::Test::RecordProperty("contact_time_error", g3(e.t - ct.t));  // located to a few ulps of the step (uniform motion: Verlet is exact)
  // post-impact velocities: the closed form of seed 000's system at the contact positions
  const core::Vec2 x1(-10.0 + ct.t, 0.8), x2(0.0, 0.0);
  const auto v = reference::analytic::frictionless_collision<core::Vec2>(1.0, 1.0, x1, x2, core::Vec2(1, 0), core::Vec2(0, 0), 1.0);
  EXPECT_LT((e.v_after.head<2>() - v.v1).norm(), 1e-12);
  const std::size_t last = r.trajectory.rows() - 1;
  const core::Vec2 v2(r.trajectory.at(last, r.trajectory.column("d2.vx")), r.trajectory.at(last, r.trajectory.column("d2.vy")));
  EXPECT_LT((v2 - v.v2).norm(), 1e-12);
  EXPECT_NEAR(e.energy_change, 0.0, 1e-14);  // e = 1: seed 000 eq. (12)
}

// ---- seed 002: the falling block -------------------------------------------------------------
TEST(SceneValidation, FallingBlockLosesEnergyAndComesToRest) {
  const RunResult r = simulate(bundled("falling_block"));
  const auto E = column(r.energy, "total"), T = column(r.energy, "kinetic");
  double growth = 0.0;
  for (std::size_t i = 1; i < E.size(); ++i) growth = std::max(growth, E[i] - E[i - 1]);
  // C_R ≤ 1: seed 002's impulse never adds energy (checked per event below) and free flight under
  // Verlet is exact for a constant force. What may add some is the resting contact's projection
  // (docs/scenes.md "Resting contact"): it lifts the body by at most the rest gap 2|g|Δt², the
  // depth of one step of fall, i.e. at most m|g|·2|g|Δt² = 9.6e-5 J at a time.
  const double m = 0.5, g = 9.8, dt = 1e-3;
  EXPECT_LE(growth, m * g * 2.0 * g * dt * dt);
  EXPECT_LT(E.back(), E.front());
  EXPECT_LT(T.back(), 1e-12 * std::abs(E.front()));  // at rest
  const auto angle = column(r.trajectory, "block.angle");
  EXPECT_NEAR(std::remainder(angle.back(), std::numbers::pi / 2.0), 0.0, 1e-6);  // lying on a face
  EXPECT_GT(r.events.size(), 2u);
  for (const Event& e : r.events) EXPECT_LE(e.energy_change, 1e-12);
  ::testing::Test::RecordProperty("growth", g3(growth));
  ::testing::Test::RecordProperty("final_kinetic", g3(T.back()));
}

// ---- seed 003: the comet's conic ------------------------------------------------------------
TEST(SceneValidation, CometFollowsTheKeplerEllipse) {
  const RunResult r = simulate(bundled("comet"));
  const reference::analytic::KeplerOrbit orbit{1.0, 1.0, 0.9};
  const auto t = column(r.trajectory, "t"), x = column(r.trajectory, "comet.x"), y = column(r.trajectory, "comet.y");
  double err = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i) err = std::max(err, (core::Vec2(x[i], y[i]) - orbit.position(t[i])).norm());
  // RK4 with Δt = 1e-4: at periapsis (r = 0.1, v = 4.36) Δt·v/r = 4.4e-3, local error ~ (4.4e-3)⁵ r.
  EXPECT_LT(err, 1e-6);
  ::testing::Test::RecordProperty("max_position_error", g3(err));
}

// ---- seed 004: each bounce against the law's μₑ branch ----------------------------------------
void check_ball_bounces(const std::string& name) {
  const Scene s = bundled(name);
  const RunResult r = simulate(s);
  const double mu = s.simulation.friction, gamma = s.simulation.restitution, alpha = 0.4, R = 0.02;
  ASSERT_GE(r.events.size(), 3u);
  int stick = 0, slip = 0;
  for (const Event& e : r.events) {
    const core::Vec3 n = e.normal, tangent(n.y(), -n.x(), 0.0);  // the plane's frame (seed 004 eq. (11))
    const double vn = e.v_before.dot(n), vn2 = e.v_after.dot(n);
    EXPECT_NEAR(vn2, -gamma * vn, 1e-12);  // seed 004: V_y' = −γ V_y
    // slip velocity of the contact point (at −R n from the centre): u = v·t + (ω × (−R n))·t
    auto slip_of = [&](const core::Vec3& v, const core::Vec3& w) { return (v + w.cross(-R * n)).dot(tangent); };
    const double u = slip_of(e.v_before, e.w_before), u2 = slip_of(e.v_after, e.w_after);
    const double mu_e = alpha * std::abs(u) / (std::abs(vn) * (1 + gamma) * (1 + alpha));  // seed 004 eq. (10)
    EXPECT_NEAR(e.mu_e, mu_e, 1e-12);
    if (mu >= mu_e) {
      ++stick;
      EXPECT_EQ(e.branch, collisions::Branch::stick);
      EXPECT_NEAR(u2, 0.0, 1e-12);  // the contact point stops slipping (seed 004 eq. (8))
    } else {
      ++slip;
      EXPECT_EQ(e.branch, collisions::Branch::slip);
      // |ΔV_x| = μ|V_y|(1 + γ) against the slip (seed 004 eq. (5))
      EXPECT_NEAR(std::abs((e.v_after - e.v_before).dot(tangent)), mu * std::abs(vn) * (1 + gamma), 1e-12);
      EXPECT_LT(std::abs(u2), std::abs(u));
    }
  }
  ::testing::Test::RecordProperty("stick", stick);
  ::testing::Test::RecordProperty("slip", slip);
  EXPECT_GT(stick, 0) << name;
  EXPECT_GT(slip, 0) << name;
}
TEST(SceneValidation, BallBetweenPlatesFollowsSeed004) { check_ball_bounces("ball_plates"); }
TEST(SceneValidation, BallOnInclineFollowsSeed004) { check_ball_bounces("ball_incline"); }

// ---- event location: e = 1, 100 bounces ----------------------------------------------------
/// Largest |h_k − h₀| of the first 100 bounce heights h = v²/2g (v the impact speed).
double bounce_height_error(EventMode mode) {
  Scene s = bundled("ball_drop");
  s.simulation.events = mode;
  const RunResult r = simulate(s);
  EXPECT_GE(r.events.size(), 100u);
  double err = 0.0;
  for (std::size_t k = 0; k < std::min<std::size_t>(100, r.events.size()); ++k) {
    const double v = r.events[k].normal_speed;
    err = std::max(err, std::abs(v * v / (2.0 * 9.81) - 1.0));
  }
  return err;
}
TEST(SceneValidation, LocatedEventsKeepTheBounceHeight) {
  const double located = bounce_height_error(EventMode::located);
  const double after = bounce_height_error(EventMode::after_penetration);
  ::testing::Test::RecordProperty("located", g3(located));
  ::testing::Test::RecordProperty("after_penetration", g3(after));
  EXPECT_LT(located, 1e-9);  // issue 14: 1e-9 over 100 bounces
  EXPECT_GT(after, 1e3 * located);  // detected after penetration, the error is of the order g·Δt·v
  std::printf("bounce height error over 100 bounces: located %.3g m, after penetration %.3g m\n", located, after);
}

// ---- seed 003: the bouncing particle on soft contact (contact::World) -------------------------
/// Apex heights of the bottom above the floor y = 0, one per flight after each bounce: a bounce is
/// where v_y turns from < 0 to > 0 between two samples; the first sample after it without overlap
/// gives h = y − R + v_y²/2g, the apex of its flight (a constant force is integrated exactly by
/// these second-order steppers, so every sample of a flight gives the same h).
std::vector<double> apex_heights(const RunResult& r, double R, double g) {
  const auto y = column(r.trajectory, "ball.y"), vy = column(r.trajectory, "ball.vy");
  std::vector<double> h;
  bool pending = false;
  for (std::size_t k = 1; k < y.size(); ++k) {
    if (vy[k - 1] < 0.0 && vy[k] > 0.0) pending = true;
    if (pending && y[k] > R) {
      h.push_back(y[k] - R + vy[k] * vy[k] / (2.0 * g));
      pending = false;
    }
  }
  return h;
}

TEST(SceneValidation, UndampedSoftBounceKeepsTheHeightOverTenBounces) {
  // seed 003 "Rebonds à l'infini": Hooke's spring stores and returns the energy, every rebound
  // reaches h = 0.5 m. Leapfrog (symplectic) at c = 0.005: in flight exact, inside the contact its
  // energy error returns to zero; the step across the kink at δ = 0 changes the speed by up to
  // (k_n/m) v Δt²/4 (docs/contact.md), h by (k_n/m)Δt²/2 = 1.2e-4 relative per crossing; 0.1 % (the issue).
  const RunResult r = simulate(bundled("bounce_spring"));
  const auto h = apex_heights(r, 0.02, 9.81);
  ASSERT_GE(h.size(), 10u);
  double worst = 0.0;
  for (std::size_t k = 0; k < 10; ++k) worst = std::max(worst, std::abs(h[k] / 0.5 - 1.0));
  EXPECT_LT(worst, 1e-3);
  ::testing::Test::RecordProperty("worst_height_error", g3(worst));
  std::printf("undamped soft bounces: worst |h/h0 - 1| over 10 = %.3g\n", worst);
}

TEST(SceneValidation, DampedSoftBounceHeightsFallByEpsilonSquared) {
  // seed 003 "Le modèle du ressort amorti", ε = 0.8: h_{k+1}/h_k = ε² = 0.64. The dashpot's jump at
  // δ = 0 makes ε exact to O(Δt) only: |Δε| ≤ ε·2ζ·cπ (docs/contact.md), at c = 0.005 0.45 % on ε²;
  // gravity during the contact, g/(ω₀ v) ≤ 2e-3 at the slowest bounce here. 1 % (the issue).
  const RunResult r = simulate(bundled("bounce_damped"));
  const auto h = apex_heights(r, 0.02, 9.81);
  ASSERT_GE(h.size(), 6u);
  const double e2 = 0.64;
  double worst = std::abs(h[0] / 0.5 / e2 - 1.0);
  for (std::size_t k = 1; k < 6; ++k) worst = std::max(worst, std::abs(h[k] / h[k - 1] / e2 - 1.0));
  EXPECT_LT(worst, 0.01);
  ::testing::Test::RecordProperty("worst_ratio_error", g3(worst));
  std::printf("damped soft bounces: worst |h_k+1/h_k/eps^2 - 1| over 6 = %.3g\n", worst);
}

TEST(SceneValidation, SoftScenesTakeTheOneEvaluationDemSteppersAndImpulseScenesRefuseThem) {
  // dem-verlet (LAMMPS's fix nve/sphere: the dashpot at the half-step velocity, order 1 with damping)
  // and dem-verlet-predicted (order 2) on the same bounces: the force is off by at most
  // η·Δt/2·|a| ≤ ζ c π |F| per step inside a contact of (1/c) steps, an O(c) = 0.5 % change of ε, as the
  // jump at δ = 0; the claim h_{k+1}/h_k = ε² within 1 % holds for both.
  for (const char* name : {"dem-verlet", "dem-verlet-predicted"}) {
    Scene s = bundled("bounce_damped");
    override_integrator(s, name, "--integrator");
    const auto h = apex_heights(simulate(s), 0.02, 9.81);
    ASSERT_GE(h.size(), 6u) << name;
    double worst = std::abs(h[0] / 0.5 / 0.64 - 1.0);
    for (std::size_t k = 1; k < 6; ++k) worst = std::max(worst, std::abs(h[k] / h[k - 1] / 0.64 - 1.0));
    EXPECT_LT(worst, 0.01) << name;
    std::printf("damped soft bounces with %s: worst |h_k+1/h_k/eps^2 - 1| over 6 = %.3g\n", name, worst);
  }
  Scene impulse = bundled("ball_drop");  // an impulse law: the DEM steppers are contact::World's
  try {
    override_integrator(impulse, "dem-verlet", "--integrator");
    ADD_FAILURE() << "dem-verlet accepted for an impulse scene";
  } catch (const std::invalid_argument& e) {
    const std::string m = e.what(), valid = m.substr(m.find("valid:"));
    EXPECT_EQ(valid.find("dem-verlet"), std::string::npos) << m;  // not offered to an impulse scene
    // refused with the reason (the registry's table), not as an unknown name
    EXPECT_NE(std::string(e.what()).find("--integrator: integrator 'dem-verlet' steps soft-contact scenes only"),
              std::string::npos) << e.what();
  }
}

// ---- the billiard break: sliding to rolling (friction during the soft contact), then the cushion --
TEST(SceneValidation, BilliardBallRollsAtFiveSeventhsThenMeetsTheCushion) {
  const Scene s = bundled("billiard");
  const RunResult r = simulate(s);
  const double u0 = 2.0, mu = 0.2, g = 9.81, R = 0.0286, eps = 0.9;
  const auto t = column(r.trajectory, "t"), x = column(r.trajectory, "ball.x"), vx = column(r.trajectory, "ball.vx"),
             wy = column(r.trajectory, "ball.wy");
  // A solid sphere sliding without spin: friction μmg decelerates it (v = u₀ − μgt) and spins it up
  // (ωR = (5/2)μgt) until v = ωR: t_roll = 2u₀/(7μg), v = 5u₀/7 (rigid-body mechanics, I = 2/5 mR²).
  const double t_roll = 2.0 * u0 / (7.0 * mu * g);
  // the slip v − ωR falls linearly at (7/2)μg; it reaches zero at t_roll, interpolated between samples
  double t_measured = NAN;
  for (std::size_t k = 1; k < t.size() && std::isnan(t_measured); ++k) {
    const double s0 = vx[k - 1] - R * wy[k - 1], s1 = vx[k] - R * wy[k];
    if (s1 <= 1e-6 * u0) t_measured = t[k - 1] + (t[k] - t[k - 1]) * s0 / (s0 - s1);
  }
  // the relaxation time of the regularised friction m/(3.5 k_t) = 3.2e-5 s, 1e-4 of t_roll; 1 % (the issue)
  EXPECT_NEAR(t_measured / t_roll, 1.0, 0.01);
  // rolling before the cushion (x = 1 − R is reached at t ≈ 0.64 s): v = ωR = 5u₀/7
  const std::size_t k_roll = static_cast<std::size_t>(std::lower_bound(t.begin(), t.end(), 0.5) - t.begin());
  EXPECT_NEAR(vx[k_roll] / (5.0 * u0 / 7.0), 1.0, 0.01);
  EXPECT_NEAR(R * wy[k_roll] / (5.0 * u0 / 7.0), 1.0, 0.01);
  // the cushion: the ball comes back at −ε times its speed, read at the first sample after the contact
  // (the soft contact's ε exact to |Δε| ≤ ε·2ζ·cπ = 0.4 % at c = 0.02; the cloth's friction over the
  // 0.4 ms between samples, μg·0.4 ms = 0.06 % of the speed)
  std::size_t k_back = 0;
  for (std::size_t k = k_roll; k < t.size() && k_back == 0; ++k)
    if (vx[k] < 0.0 && x[k] < 1.0 - R) k_back = k;
  ASSERT_GT(k_back, 0u);
  EXPECT_NEAR(vx[k_back] / (-eps * 5.0 * u0 / 7.0), 1.0, 0.01);
  ::testing::Test::RecordProperty("t_roll_ratio", g3(t_measured / t_roll));
  ::testing::Test::RecordProperty("v_roll_ratio", g3(vx[k_roll] / (5.0 * u0 / 7.0)));
  ::testing::Test::RecordProperty("cushion_ratio", g3(vx[k_back] / (-eps * 5.0 * u0 / 7.0)));
  std::printf("billiard: t/t_roll = %.5f, v/(5u0/7) = %.5f, omega R/(5u0/7) = %.5f, cushion v'/(-eps v) = %.5f\n",
              t_measured / t_roll, vx[k_roll] / (5.0 * u0 / 7.0), R * wy[k_roll] / (5.0 * u0 / 7.0),
              vx[k_back] / (-eps * 5.0 * u0 / 7.0));
}

// ---- a granular pile settling in a box ---------------------------------------------------------
TEST(SceneValidation, GranularPileSettlesInItsBox) {
  const Scene s = bundled("granular_pile");
  const RunResult r = simulate(s);
  const double W = 0.1;  // the box: walls x = 0, x = W, floor y = 0
  const auto T = column(r.energy, "kinetic"), E = column(r.energy, "total");
  // the kinetic energy decays: what the fall released is dissipated (dashpot, friction)
  const double released = E.front() - E.back();
  ASSERT_GT(released, 0.0);
  EXPECT_LT(T.back(), 1e-4 * released);
  double late = 0.0;
  for (std::size_t k = T.size() / 2; k < T.size(); ++k) late = std::max(late, T[k]);
  EXPECT_LT(late, 1e-2 * *std::max_element(T.begin(), T.end()));
  // no particle escapes: every centre stays in the box, against the walls by less than 0.1 R
  // (the overlap δ_max = R/20 chose k_n at the fall speed, seed 003 "Choix de la raideur")
  double area = 0.0, ycm = 0.0, worst = INFINITY;
  for (const auto& o : s.objects) {
    const auto x = column(r.trajectory, o.name + ".x"), y = column(r.trajectory, o.name + ".y");
    for (std::size_t k = 0; k < x.size(); ++k)
      worst = std::min({worst, (x[k] - 0.9 * o.radius) / o.radius, (W - 0.9 * o.radius - x[k]) / o.radius,
                        (y[k] - 0.9 * o.radius) / o.radius});
    area += std::numbers::pi * o.radius * o.radius;
    ycm += std::numbers::pi * o.radius * o.radius * y.back();
  }
  EXPECT_GE(worst, 0.0);
  // packing: the discs' area A fills a layer of height H = A/(φW), centroid at H/2, so the final
  // centroid height gives φ = A/(2W ȳ). An independent bracket: no packing of discs is denser than
  // the hexagonal one, π/(2√3) = 0.9069 (Thue; Fejes Tóth), and a mechanically stable random one is
  // not looser than the random loose packing of discs, ≈ 0.66 (Brouwers, Soft Matter (2023), doi:10.1039/D3SM01254A).
  ycm /= area;
  const double phi = area / (2.0 * W * ycm);
  EXPECT_GT(phi, 0.66);
  EXPECT_LT(phi, std::numbers::pi / (2.0 * std::sqrt(3.0)));
  ::testing::Test::RecordProperty("final_kinetic_over_released", g3(T.back() / released));
  ::testing::Test::RecordProperty("packing_fraction", g3(phi));
  std::printf("granular pile: T_end/released = %.3g, packing fraction %.4f (bracket 0.66 .. 0.9069), closest wall approach %.3g R\n",
              T.back() / released, phi, worst + 0.9);
}

// ---- N-body scenes ------------------------------------------------------------------------
void check_nbody(const std::string& name, double energy_bound) {
  const RunResult r = simulate(bundled(name));
  const auto E = column(r.energy, "total");
  const double dE = max_deviation(E) / std::abs(E.front());
  EXPECT_LT(dE, energy_bound) << name;
  for (const char* c : {"px", "py", "pz"}) {
    const auto p = column(r.energy, c);
    EXPECT_LT(max_deviation(p), 1e-12) << name << " " << c;  // pair forces are opposite: exact to round-off
  }
  ::testing::Test::RecordProperty("energy_rel", g3(dE));
  std::printf("%s: max relative energy error %.3g\n", name.c_str(), dE);
}
// Verlet at 10 days: the energy error is bounded, O((ωΔt)²) with Jupiter's ω = 2π/4332 d: ~2e-4
// times the ratio of Jupiter's share of the energy; 1e-5 bounds it (no drift: symplectic).
TEST(SceneValidation, OuterSolarSystemEnergyBounded) { check_nbody("outer_solar_system", 1e-5); }
// RK4 at 1e-4 through the close encounters (minimum distance ~0.05: Δt·v/r ~ 1e-2): 1e-6.
TEST(SceneValidation, PleiadesConservesEnergyAndMomentum) { check_nbody("pleiades", 1e-6); }


// ---- seed 001 §E.1 and §F in scenes, with friction per surface μ = μ₁·μ₂ -----------------------
/// The state of object `name` in the last row: velocity, spin.
struct Final {
  core::Vec3 v, w;
};
Final final_of(const RunResult& r, const std::string& name, bool spins) {
  const std::size_t last = r.trajectory.rows() - 1;
  auto at = [&](const char* c) { return r.trajectory.at(last, r.trajectory.column(name + "." + c)); };
  Final f{{at("vx"), at("vy"), at("vz")}, core::Vec3::Zero()};
  if (spins) f.w = {at("wx"), at("wy"), at("wz")};
  return f;
}

// oblique_spheres: the impact of seed 001 §E.1 derived by hand, not by the law's code. n = {x₁ − x₂}₁ at
// contact: |x₁ − x₂| = R₁ + R₂ = 0.25 with y₁ − y₂ = 0.125, so n = (−√3/2, ½, 0). v* = (v₂ − v₁)·n = √3/2;
// v_c = v₁ − v₂ + v*n = (¼, √3/4, 0), |v_c| = ½; μ = μ₁μ₂ = 0.25·0.2 = 0.05 (not the simulation's 0.5);
// 7μ(1 + α)v* = 0.576 < 2|v_c| = 1: step 4 (slip), Δv = λv*(n − μ{v_c}₁), λ = (1 + α)m₂/(m₁ + m₂) = 1.9·2/3,
// {v_c}₁ = (½, √3/2, 0); v₁′ = v₁ + Δv, v₂′ = v₂ − (m₁/m₂)Δv. Free flight without forces before and after,
// so the last row holds them: to 1e-12 (a few roundings of O(1) numbers; the collision is located).
TEST(SceneValidation, ObliqueSpheresFollowSeed001E1WithTheProductOfTheSurfacesFrictions) {
  const RunResult r = simulate(bundled("oblique_spheres"));
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].branch, collisions::Branch::slip);
  const double s3 = std::sqrt(3.0), m1 = 1.0, m2 = 2.0, alpha = 0.9, mu = 0.25 * 0.2;
  const core::Vec3 n(-s3 / 2, 0.5, 0.0), vc_unit(0.5, s3 / 2, 0.0), v1(1.0, 0.0, 0.0);
  const double v_star = s3 / 2, lambda = (1.0 + alpha) * m2 / (m1 + m2);
  EXPECT_LT(7.0 * mu * (1.0 + alpha) * v_star, 2.0 * 0.5);  // the slip branch
  const core::Vec3 dv = lambda * v_star * (n - mu * vc_unit);
  const Final a = final_of(r, "s1", true), b = final_of(r, "s2", true);
  EXPECT_LT((a.v - (v1 + dv)).norm(), 1e-12);
  EXPECT_LT((b.v - (-m1 / m2) * dv).norm(), 1e-12);
  EXPECT_LT((m1 * a.v + m2 * b.v - m1 * v1).norm(), 1e-12);  // momentum
  EXPECT_NEAR((b.v - a.v).dot(n), -alpha * v_star, 1e-12);    // restitution along n
  EXPECT_EQ(a.w, core::Vec3::Zero());                         // §E.1 does not track spin
  ::testing::Test::RecordProperty("v1_after", g3(a.v.x()) + " " + g3(a.v.y()));
  std::printf("oblique_spheres: v1' = (%.6f, %.6f), v2' = (%.6f, %.6f)\n", a.v.x(), a.v.y(), b.v.x(), b.v.y());
}

// spinning_wall: seed 001 §F against an obstacle (v₂ = ω₂ = 0, m₂ = ∞), by hand. n = (1, 0, 0) (the
// wall's normal, into the ball), v = (−2, 0, 0), ω = (0, 0, 30), R = 0.1, α = 0.8: v* = 2,
// v_c = v + v*n + n ∧ (Rω) = (0, −3, 0). Ball 'grippy': μ = 0.5·0.6 = 0.3, 7μ(1 + α)v* = 7.56 ≥ 2|v_c| = 6:
// step 3 (stick), Δv = (1 + α)v*n − (2/7)v_c = (3.6, 6/7, 0), Δω = 5/(7R)·(n ∧ v_c) = (0, 0, −150/7):
// v′ = (1.6, 6/7, 0), ω′ = 60/7, and the contact point's velocity v′ + n ∧ (Rω′) is 0 (rolling). Ball
// 'smooth': μ = 0.1·0.6 = 0.06, 1.512 < 6: step 4 (slip), Δv = (1 + α)v*(n − μ{v_c}₁) = (3.6, 0.216, 0),
// Δω = 5/(2R)·μ(1 + α)v*·(n ∧ {v_c}₁) = (0, 0, −5.4): v′ = (1.6, 0.216, 0), ω′ = 24.6. Each ball's
// angular momentum about its contact point, L = m R n × v + (2/5)m R² ω, is conserved (the wall's
// impulse acts at that point): L_z = 0.12 m before and after. Tolerance 1e-12 (roundings of O(10)).
TEST(SceneValidation, SpinningBallsHitAWallAndStickOrSlipAsSeed001FWithPerSurfaceFriction) {
  const Scene sc = bundled("spinning_wall");
  const RunResult r = simulate(sc);
  ASSERT_EQ(r.events.size(), 2u);
  const double m = 0.2, R = 0.1;
  const core::Vec3 n(1.0, 0.0, 0.0), v0(-2.0, 0.0, 0.0), w0(0.0, 0.0, 30.0);
  auto L = [&](const core::Vec3& v, const core::Vec3& w) { return core::Vec3(m * R * n.cross(v) + 0.4 * m * R * R * w); };
  struct Expected {
    const char* name;
    core::Vec3 v, w;
    collisions::Branch branch;
  };
  for (const Expected& e : {Expected{"grippy", {1.6, 6.0 / 7.0, 0.0}, {0.0, 0.0, 60.0 / 7.0}, collisions::Branch::stick},
                            Expected{"smooth", {1.6, 0.216, 0.0}, {0.0, 0.0, 24.6}, collisions::Branch::slip}}) {
    SCOPED_TRACE(e.name);
    const Final f = final_of(r, e.name, true);
    EXPECT_LT((f.v - e.v).norm(), 1e-12);
    EXPECT_LT((f.w - e.w).norm(), 1e-11);
    EXPECT_LT((L(f.v, f.w) - L(v0, w0)).norm(), 1e-13);  // about the contact point
    EXPECT_NEAR(L(v0, w0).z(), 0.12 * m, 1e-15);
    bool found = false;
    for (const Event& ev : r.events)
      if (sc.objects[ev.a].name == e.name) {
        found = true;
        EXPECT_EQ(ev.branch, e.branch);
        EXPECT_TRUE(ev.with_obstacle);
      }
    EXPECT_TRUE(found);
  }
  const Final g = final_of(r, "grippy", true);
  EXPECT_LT(std::abs(g.v.y() + R * n.cross(g.w).y()), 1e-12);  // rolling on the wall after sticking
}

// spinning_spheres: seed 001 §F between two bodies, by hand. As oblique_spheres, n = (−√3/2, ½, 0),
// v* = √3/2, λ = 1.9·2/3, but ω₁ = (0, 0, 10), R₁ω₁ = ẑ adds n ∧ ẑ = (½, √3/2, 0) to the sliding velocity:
// v_c = (¾, 3√3/4, 0), |v_c| = 3/2, {v_c}₁ = (½, √3/2, 0). μ = 0.5·0.4 = 0.2: 7μ(1 + α)v* = 2.30 < 3, slip:
// Δv = λv*(n − μ{v_c}₁), Δω = (5/(2R₁))μλv*·(n ∧ {v_c}₁) with n ∧ {v_c}₁ = (0, 0, −1), i.e. −5λv*·ẑ = −5.4848ẑ;
// v₂′ = −(m₁/m₂)Δv, ω₂′ = (m₁R₁/(m₂R₂))Δω. The total angular momentum about the contact point
// x_c = x₂ + R₂n = (−0.15·√3/2, 0.075, 0), Σ mᵢ(xᵢ − x_c) × vᵢ + (2/5)mᵢRᵢ²ωᵢ, is conserved by the law (the
// impulses act at x_c) and by the free flights before and after (no force, no torque): its value at t = 0
// and at the end agree. Tolerances 1e-12 (roundings of O(1) to O(10) numbers).
TEST(SceneValidation, SpinningSpheresFollowSeed001FAndConserveAngularMomentumAboutTheContact) {
  const RunResult r = simulate(bundled("spinning_spheres"));
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].branch, collisions::Branch::slip);
  const double s3 = std::sqrt(3.0), m1 = 1.0, m2 = 2.0, R1 = 0.1, R2 = 0.15, alpha = 0.9, mu = 0.5 * 0.4;
  const core::Vec3 n(-s3 / 2, 0.5, 0.0), vc_unit(0.5, s3 / 2, 0.0), v1(1.0, 0.0, 0.0), w1(0.0, 0.0, 10.0);
  const double v_star = s3 / 2, lambda = (1.0 + alpha) * m2 / (m1 + m2);
  EXPECT_LT(7.0 * mu * (1.0 + alpha) * v_star, 2.0 * 1.5);  // the slip branch
  const core::Vec3 dv = lambda * v_star * (n - mu * vc_unit);
  const core::Vec3 dw = 5.0 / (2.0 * R1) * mu * lambda * v_star * n.cross(vc_unit);
  EXPECT_NEAR(dw.z(), -5.0 * lambda * v_star, 1e-13);
  const Final a = final_of(r, "s1", true), b = final_of(r, "s2", true);
  EXPECT_LT((a.v - (v1 + dv)).norm(), 1e-12);
  EXPECT_LT((a.w - (w1 + dw)).norm(), 1e-12);
  EXPECT_LT((b.v - (-m1 / m2) * dv).norm(), 1e-12);
  EXPECT_LT((b.w - (m1 * R1 / (m2 * R2)) * dw).norm(), 1e-12);
  // total angular momentum about x_c, at t = 0 and at the end
  const core::Vec3 xc = R2 * n;
  auto L_at = [&](std::size_t row) {
    core::Vec3 L = core::Vec3::Zero();
    for (const auto& [name, m, R] : {std::tuple{std::string("s1"), m1, R1}, std::tuple{std::string("s2"), m2, R2}}) {
      const std::string& body = name;  // a plain reference for the lambda (clang 14 cannot capture a binding)
      auto c = [&](const char* k) { return r.trajectory.at(row, r.trajectory.column(body + "." + k)); };
      const core::Vec3 x(c("x"), c("y"), c("z")), v(c("vx"), c("vy"), c("vz")), w(c("wx"), c("wy"), c("wz"));
      L += m * (x - xc).cross(v) + 0.4 * m * R * R * w;
    }
    return L;
  };
  const core::Vec3 L0 = L_at(0), L1 = L_at(r.trajectory.rows() - 1);
  // by hand: sphere 2 at rest; sphere 1: m₁((x₁ − x_c) × v₁)_z = −m₁(0.125 − 0.075)·1 = −0.05, plus (2/5)m₁R₁²·10 = 0.04
  EXPECT_NEAR(L0.z(), -0.01, 1e-15);
  EXPECT_LT((L1 - L0).norm(), 1e-12);
  std::printf("spinning_spheres: w1' = %.6f, w2' = %.6f rad/s; L about the contact %.6f -> %.6f\n", a.w.z(), b.w.z(), L0.z(),
              L1.z());
}

}  // namespace
}  // namespace verisim::scene::test
