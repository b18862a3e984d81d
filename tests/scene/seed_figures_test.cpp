// What the seeds' exercises measure and draw, from the bundled scenes (issue 26):
//  - seed 003: a soft scene's contacts (events.csv: duration, largest overlap, restitution) against
//    the spring and spring-dashpot in closed form; the bouncing particle's heights and δ(t) (the page's plots);
//  - seed 000: the page's impact figure (impact.svg), its numbers against the closed-form collision;
//  - seed 004: the velocity reversal of a ball with strong backspin, and its rebound angle.
// Every scene is shortened to its first bounces (each test well under a second).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>
#include <numbers>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "experiments/report/scene_page.hpp"
#include "reference/analytic/damped_contact.hpp"
#include "reference/analytic/two_disk_collision.hpp"
#include "tests/scene/support.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene::figures_test {
namespace {

namespace fs = std::filesystem;
using scene::test::bundled;

/// The scene cut to its first t_end seconds (the rows kept as the loader sized them).
Scene shortened(const std::string& name, double t_end) {
  Scene s = bundled(name);
  s.simulation.steps = static_cast<std::size_t>(std::ceil(t_end / s.simulation.dt));
  return s;
}

// ---- seed 003: the contacts of the bouncing particle -------------------------------------------
// The disc of both bounce scenes: m = 0.05 kg, R = 0.02 m, dropped from h = 0.5 m (bottom above the
// floor), k_n = 2 m g h/δ_max² with δ_max = R/100 (seed 003 "Choix de la raideur", free fall).
constexpr double kM = 0.05, kR = 0.02, kH = 0.5, kG = 9.81, kDeltaMax = 0.0002;

TEST(SoftContacts, UndampedBounceLastsHalfAPeriodAndReachesDeltaMax) {
  const Scene s = shortened("bounce_spring", 1.0);  // two bounces (t = 0.319 s, 0.958 s)
  const double kn = 2.0 * kM * kG * kH / (kDeltaMax * kDeltaMax);
  ASSERT_NEAR(s.contact.kn / kn, 1.0, 1e-15);
  const RunResult r = simulate(s);
  ASSERT_TRUE(r.soft.tracked);
  ASSERT_EQ(r.soft.contacts.size(), 2u);
  // Hooke's spring with gravity during the contact, the gap y (< 0 inside): ÿ = −ω²y − g, y(0) = 0,
  // ẏ(0) = −v, ω = √(k_n/m): y = −(g/ω²)(1 − cos ωt) − (v/ω) sin ωt. It returns to 0 at
  // ωT = π + 2 atan(g/(vω)) (half-angle form of (g/ω)(1 − cos θ) = −v sin θ), and its deepest point is
  // g/ω² + √(g²/ω⁴ + v²/ω²) (amplitude about the shifted equilibrium). v = √(2gh), free fall.
  const double w = std::sqrt(kn / kM), v = std::sqrt(2.0 * kG * kH);
  const double T = (std::numbers::pi + 2.0 * std::atan(kG / (v * w))) / w;
  const double dmax = kG / (w * w) + std::sqrt(kG * kG / std::pow(w, 4) + v * v / (w * w));
  // Tolerance (ωΔt)² = (cπ)² = 2.5e-4 relative, c = 0.005: the leapfrog's errors over one contact are
  // all second order in ωΔt — its phase error (ωΔt)²/24 per unit phase, the step across each kink at
  // δ = 0 changing the speed by up to (ωΔt)²/4 (docs/contact.md), the sampled maximum missing the peak
  // by at most (ωΔt)²/8 — and the start and end interpolated linearly across a C¹ crossing.
  const double wdt = w * s.simulation.dt;
  for (const SoftContact& c : r.soft.contacts) {
    EXPECT_TRUE(c.with_obstacle);
    EXPECT_TRUE(c.binary);
    // the approach speed, carried from the step before to the touch by g (soft_tracker.hpp): the
    // leapfrog's fall is exact under a constant force; the first after the drop, the second after a
    // rebound whose speed the kinks changed by up to (ωΔt)²/2
    EXPECT_NEAR(c.speed_before / v, 1.0, &c == &r.soft.contacts[0] ? 1e-9 : wdt * wdt / 2.0);
    EXPECT_NEAR(c.duration() / T, 1.0, wdt * wdt);
    EXPECT_NEAR(c.max_overlap / dmax, 1.0, wdt * wdt);
    EXPECT_NEAR(c.restitution(), 1.0, wdt * wdt / 2.0);  // two kinks, (ωΔt)²/4 each
    std::printf("undamped contact: T/T_exact - 1 = %.3g, dmax/exact - 1 = %.3g, eps - 1 = %.3g (tolerance %.3g)\n",
                c.duration() / T - 1.0, c.max_overlap / dmax - 1.0, c.restitution() - 1.0, wdt * wdt);
    ::testing::Test::RecordProperty("duration_error", std::to_string(c.duration() / T - 1.0));
  }
  EXPECT_NEAR(r.soft.contacts[0].t_start, std::sqrt(2.0 * kH / kG), 1e-9);  // the drop: √(2h/g)
  // rebound heights: h_0 = the drop, h_1 = h (seed 003 "Rebonds à l'infini"), within the two kinks' (ωΔt)²/2
  ASSERT_EQ(r.soft.heights.size(), 2u);
  EXPECT_DOUBLE_EQ(r.soft.heights[0], kH);
  EXPECT_NEAR(r.soft.heights[1] / kH, 1.0, wdt * wdt / 2.0);
}

TEST(SoftContacts, DampedBounceMatchesTheSpringDashpot) {
  const Scene s = shortened("bounce_damped", 1.0);  // two bounces (t = 0.319 s, 0.830 s)
  const RunResult r = simulate(s);
  ASSERT_EQ(r.soft.contacts.size(), 2u);
  const double eps = 0.8, kn = s.contact.kn;
  const double w0 = std::sqrt(kn / kM), wdt = w0 * s.simulation.dt;
  for (const SoftContact& c : r.soft.contacts) {
    // seed 003 "Déterminer la viscosité" (reference/analytic/damped_contact.hpp): δ(t) = (v_i/ω)e^(−γt) sin ωt,
    // duration π/ω, ε = exp(−γπ/ω); v_i the measured approach speed
    const auto dc = reference::analytic::DampedContact::from_restitution(eps, kM, kn, c.speed_before);
    const double zeta = dc.gamma() / w0;
    const double tpeak = std::atan(dc.omega() / dc.gamma()) / dc.omega();  // δ̇ = 0: tan ωt = ω/γ
    // Tolerances: the dashpot's force jumps at δ = 0 (η v_i), so the steps across the two kinks are
    // first order: |Δε| ≤ ε·2ζ·ω₀Δt (docs/contact.md), the same relative bound on the duration and on the
    // overlap; gravity, absent from the closed form, changes ε, the duration and δ_max by at most
    // 2g/(ω₀ v_i) relative (the undamped case's exact correction 2 atan(g/(vω))/π, g/ω² of δ_max);
    // plus the second-order terms (ω₀Δt)².
    const double tol = 2.0 * zeta * wdt + 2.0 * kG / (w0 * c.speed_before) + wdt * wdt;
    EXPECT_TRUE(c.binary);
    EXPECT_NEAR(c.duration() / dc.duration(), 1.0, tol);
    EXPECT_NEAR(c.restitution() / eps, 1.0, tol);
    EXPECT_NEAR(c.max_overlap / dc.delta(tpeak), 1.0, tol);
    std::printf("damped contact (v_i = %.4f): T/(pi/omega) - 1 = %.3g, eps/0.8 - 1 = %.3g, dmax - 1 = %.3g (tolerance %.3g)\n",
                c.speed_before, c.duration() / dc.duration() - 1.0, c.restitution() / eps - 1.0,
                c.max_overlap / dc.delta(tpeak) - 1.0, tol);
  }
  // the second approach speed is the first rebound's (the flight is exact; both speeds carried by g to
  // their crossings, whose interpolation errs by g Δt²/(8v) ~ 1e-13 s): 1e-9 relative
  EXPECT_NEAR(r.soft.contacts[1].speed_before / r.soft.contacts[0].speed_after, 1.0, 1e-9);
  // the page's δ(t) (the first contact, every step) against the closed form, within the docs' bound
  // (ω₀Δt)²/4 + ζω₀Δt in units of v_i/ω₀, plus gravity's static shift g/ω₀² (= g/(ω₀ v_i) in those units)
  const auto dc = reference::analytic::DampedContact::from_restitution(eps, kM, kn, r.soft.trace_speed);
  ASSERT_GE(r.soft.trace_t.size(), 100u);  // c = 0.005: ~200 steps a contact
  double worst = 0.0;
  for (std::size_t i = 0; i < r.soft.trace_t.size(); ++i) {
    const double t = r.soft.trace_t[i], exact = t < dc.duration() ? dc.delta(t) : 0.0;
    worst = std::max(worst, std::abs(r.soft.trace_overlap[i] - exact) * w0 / r.soft.trace_speed);
  }
  const double zeta = dc.gamma() / w0;
  EXPECT_LT(worst, wdt * wdt / 4.0 + zeta * wdt + kG / (w0 * r.soft.trace_speed));
  std::printf("damped first bounce: worst |delta - exact| = %.3g v_i/omega0\n", worst);
  // rebound heights h_1/h_0 = ε² (seed 003: ε = √(h_f/h_i)), within 1 % (scenes_test's bound for these bounces)
  ASSERT_EQ(r.soft.heights.size(), 2u);
  EXPECT_NEAR(r.soft.heights[1] / r.soft.heights[0] / (eps * eps), 1.0, 0.01);
}

/// Two discs (m = 1 and 2 kg, R = 0.1 m) meeting head-on at 2 m/s, no gravity, k_n = 1e5 N/m, ε = 0.7.
std::string two_particles(const std::string& skin) {
  return "[simulation]\nintegrator = \"verlet\"\ndt = 2e-5\nt_end = 0.07\nlaw = \"soft\"\nrestitution = 0.7\n"
         "[contact]\ndimension = 2\nkn = 1e5\n" + skin +
         "[[object]]\ntype = \"particle\"\nname = \"a\"\nmass = 1\nradius = 0.1\nposition = [0, 0]\nvelocity = [1, 0]\n"
         "[[object]]\ntype = \"particle\"\nname = \"b\"\nmass = 2\nradius = 0.1\nposition = [0.3, 0]\nvelocity = [-1, 0]\n";
}

TEST(SoftContacts, BinaryImpactOfTwoParticlesTakesTheEffectiveMass) {
  const RunResult r = simulate(parse_scene(two_particles(""), "two.toml"));
  ASSERT_EQ(r.soft.contacts.size(), 1u);
  const SoftContact& c = r.soft.contacts.front();
  EXPECT_FALSE(c.with_obstacle);
  EXPECT_EQ(c.a, 0u);
  EXPECT_EQ(c.b, 1u);
  EXPECT_TRUE(c.binary);
  // touch when the gap 0.1 m closes at 2 m/s: t = 0.05 s (no force before; the interpolation is exact
  // on a straight line)
  EXPECT_NEAR(c.t_start, 0.05, 1e-12);
  EXPECT_NEAR(c.speed_before, 2.0, 1e-12);
  // seed 003 with the effective mass m = m_i m_j/(m_i + m_j) = 2/3 kg ("Masse effective"): π/ω, ε,
  // δ_max = δ(atan(ω/γ)/ω) of reference/analytic/damped_contact.hpp; no gravity here, so the tolerance is
  // the dashpot's jump across the two kinks, 2ζω₀Δt (docs/contact.md), plus (ω₀Δt)²
  const double m = 2.0 / 3.0, kn = 1e5, eps = 0.7;
  const auto dc = reference::analytic::DampedContact::from_restitution(eps, m, kn, 2.0);
  const double w0 = std::sqrt(kn / m), wdt = w0 * 2e-5, zeta = dc.gamma() / w0, tol = 2.0 * zeta * wdt + wdt * wdt;
  EXPECT_NEAR(c.duration() / dc.duration(), 1.0, tol);
  EXPECT_NEAR(c.restitution() / eps, 1.0, tol);
  EXPECT_NEAR(c.max_overlap / dc.delta(std::atan(dc.omega() / dc.gamma()) / dc.omega()), 1.0, tol);
  std::printf("two particles: T - 1 = %.3g, eps - 1 = %.3g (tolerance %.3g)\n", c.duration() / dc.duration() - 1.0,
              c.restitution() / eps - 1.0, tol);
  // the same run with a skin of 1e-12 m: the tracker's neighbour list is rebuilt at every step, so
  // the open contact is re-keyed by its bodies at every step (soft_tracker.hpp): still one contact,
  // the same numbers (two particles: the forces do not depend on the list)
  const RunResult again = simulate(parse_scene(two_particles("skin = 1e-12\n"), "two.toml"));
  ASSERT_EQ(again.soft.contacts.size(), 1u);
  const SoftContact& d = again.soft.contacts.front();
  EXPECT_EQ(d.t_start, c.t_start);
  EXPECT_EQ(d.t_end, c.t_end);
  EXPECT_EQ(d.max_overlap, c.max_overlap);
  EXPECT_EQ(d.speed_after, c.speed_after);
}

TEST(SoftContacts, EventsNoneFollowsNoContactAndLeavesTheRunAsItWas) {
  // events = "none" (a large pile that does not need events.csv): no tracking, and the trajectory is the
  // same to the bit (the tracker only reads the states)
  std::string text = two_particles("");
  const RunResult tracked = simulate(parse_scene(text, "two.toml"));
  text.replace(text.find("law = \"soft\"\n"), 12, "law = \"soft\"\nevents = \"none\"\n");
  const RunResult plain = simulate(parse_scene(text, "two.toml"));
  EXPECT_FALSE(plain.soft.tracked);
  EXPECT_TRUE(plain.soft.contacts.empty());
  ASSERT_EQ(plain.trajectory.rows(), tracked.trajectory.rows());
  for (std::size_t i = 0; i < plain.trajectory.rows(); ++i)
    for (std::size_t j = 0; j < plain.trajectory.columns(); ++j) ASSERT_EQ(plain.trajectory.at(i, j), tracked.trajectory.at(i, j));
}

TEST(SoftContacts, PileContactsAreListedWithTheirBodiesAndNotBinaryWhenShared) {
  // granular_pile (40 discs settling): every contact's end follows its start, its overlap is positive;
  // a contact is binary only if neither body touched another at the same step, and only binary ones
  // that ended carry a restitution — checked here against the counts themselves (the state is the run's)
  const Scene s = shortened("granular_pile", 0.3);
  const RunResult r = simulate(s);
  ASSERT_GT(r.soft.count, 40u);
  EXPECT_EQ(r.soft.count, r.soft.contacts.size());
  std::size_t walls = 0, shared = 0;
  for (const SoftContact& c : r.soft.contacts) {
    EXPECT_LT(c.a, s.objects.size());
    if (c.with_obstacle) {
      ++walls;
      EXPECT_LT(c.b, s.obstacles.size());
    } else {
      EXPECT_LT(c.a, c.b);
    }
    if (std::isfinite(c.t_end)) {
      EXPECT_GE(c.t_end, c.t_start);
    }
    EXPECT_GT(c.max_overlap, 0.0);
    EXPECT_EQ(std::isfinite(c.restitution()), c.binary && std::isfinite(c.t_end) && std::isfinite(c.speed_before));
    if (!c.binary) ++shared;
  }
  EXPECT_GT(walls, 0u);
  EXPECT_GT(shared, 0u);  // a settling pile has contacts in chains
  EXPECT_TRUE(r.soft.heights.empty());  // 40 particles: no bounce plot
}

// ---- seed 000: the figure of the first two-body impact -------------------------------------------
/// attribute `name` of the SVG element `tag` … data-name="who" (a number).
std::map<std::string, double> svg_numbers(const std::string& element) {
  std::map<std::string, double> out;
  static const std::regex attr("([a-z0-9-]+)=\"([-+0-9.eE]+)\"");
  for (auto it = std::sregex_iterator(element.begin(), element.end(), attr); it != std::sregex_iterator(); ++it)
    out[(*it)[1]] = std::stod((*it)[2]);
  return out;
}

TEST(SceneFigures, ImpactSvgDrawsSeed000sCollisionOfTwoDiscs) {
  const Scene s = bundled("two_discs");
  const RunResult r = simulate(s);
  const fs::path dir = fs::temp_directory_path() / ("verisim_impact_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  experiments::write_scene_page(dir, s, {r}, false);
  std::ifstream in(dir / "data" / "impact.svg");
  ASSERT_TRUE(in) << "no impact.svg";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string svg = ss.str();
  std::ifstream page(dir / "index.html");
  std::stringstream ps;
  ps << page.rdbuf();
  EXPECT_NE(ps.str().find("<img src=\"data/impact.svg\""), std::string::npos);
  fs::remove_all(dir);

  const double tau = svg_numbers(svg.substr(0, svg.find('>')))["data-arrow-time"];
  ASSERT_GT(tau, 0.0);
  // per panel (before, after): circles and velocity lines, by disc
  const auto panel = [&](const std::string& id) { const auto a = svg.find("<g id=\"" + id + "\""); return svg.substr(a, svg.find("</g>", a) - a); };
  struct Drawn { core::Vec2 x, v; double r; };
  const auto drawn = [&](const std::string& body, const std::string& p) {
    const std::string g = panel(p);
    const auto c0 = g.find("<circle class=\"body\" data-name=\"" + body + "\""), l0 = g.find("<line class=\"velocity\" data-name=\"" + body + "\"");
    auto c = svg_numbers(g.substr(c0, g.find('>', c0) - c0)), l = svg_numbers(g.substr(l0, g.find('>', l0) - l0));
    EXPECT_EQ(l["x1"], c["cx"]);  // the arrow starts at the centre
    EXPECT_EQ(l["y1"], c["cy"]);
    return Drawn{core::Vec2(c["cx"], c["cy"]), core::Vec2(l["x2"] - l["x1"], l["y2"] - l["y1"]) / tau, c["r"]};
  };
  const Drawn a0 = drawn("d1", "before"), b0 = drawn("d2", "before"), a1 = drawn("d1", "after"), b1 = drawn("d2", "after");
  // seed 000 §2.a: disc 1 from (−10, 0.8) at (1, 0) meets disc 2 at rest at the origin when the centres
  // are r₁ + r₂ = 2 apart: at x₁ = (−√(4 − 0.8²), 0.8) = (−2√21/5, 0.8), t = 10 − 2√21/5
  const double root = 2.0 * std::sqrt(21.0) / 5.0;
  // positions: the event is located to a few ulps of Δt (docs/scenes.md "Events"), speed 1: 1e-12 m
  EXPECT_NEAR(a0.x.x(), -root, 1e-12);
  EXPECT_NEAR(a0.x.y(), 0.8, 1e-12);
  EXPECT_NEAR(b0.x.norm(), 0.0, 1e-12);
  EXPECT_NEAR((a0.x - b0.x).norm(), a0.r + b0.r, 1e-12);
  EXPECT_EQ(a0.r, 1.0);
  EXPECT_EQ(a1.x, a0.x);  // both panels at the same instant
  // velocities: before as given; after from seed 000's closed form (reference/analytic/two_disk_collision.hpp)
  // at the drawn contact, masses 1, e = 1; the arrow's length / τ rounds to 1e-15 relative: 1e-12
  EXPECT_NEAR((a0.v - core::Vec2(1.0, 0.0)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(b0.v.norm(), 0.0, 1e-12);
  const auto exact = reference::analytic::frictionless_collision<core::Vec2>(1.0, 1.0, a0.x, b0.x, core::Vec2(1.0, 0.0),
                                                                             core::Vec2::Zero(), 1.0);
  EXPECT_NEAR((a1.v - exact.v1).norm(), 0.0, 1e-12);
  EXPECT_NEAR((b1.v - exact.v2).norm(), 0.0, 1e-12);
  // and the hand values of docs/collisions.md: v₁' = (4/25, 2√21/25), v₂' = (21/25, −2√21/25)
  EXPECT_NEAR((a1.v - core::Vec2(4.0 / 25.0, 2.0 * std::sqrt(21.0) / 25.0)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((b1.v - core::Vec2(21.0 / 25.0, -2.0 * std::sqrt(21.0) / 25.0)).norm(), 0.0, 1e-12);
}

// ---- seed 004: the backspin reversal ---------------------------------------------------------------
TEST(SceneValidation, BallWithStrongBackspinComesBackAtSeed004sAngle) {
  const Scene s = bundled("ball_backspin");
  const RunResult r = simulate(s);
  ASSERT_EQ(r.events.size(), 1u);  // one bounce in 0.3 s
  const Event& e = r.events.front();
  const double mu = 0.6, gamma = 0.8, alpha = 0.4, R = 0.02, g = 9.81;
  // before: the throw (1, −1.5) m/s from 0.1 m above the floor, free fall: V_y = −√(1.5² + 2 g·0.1);
  // located to a few ulps of Δt (g·1e-15 s of speed): 1e-12
  EXPECT_NEAR(e.v_before.x(), 1.0, 1e-12);
  EXPECT_NEAR(e.v_before.y(), -std::sqrt(1.5 * 1.5 + 2.0 * g * 0.1), 1e-12);
  // seed 004's variables: plane y = 0, V_y < 0, ω clockwise positive (= −ω_z of the scene)
  const double Vx = e.v_before.x(), Vy = e.v_before.y(), w = -e.w_before.z();
  EXPECT_LT(w * R, -Vx / alpha);  // strong backspin: ωR < −V_x/α (the condition)
  const double mu_e = alpha * std::abs(Vx - w * R) / (-Vy * (1.0 + gamma) * (1.0 + alpha));  // seed 004 eq. (10)
  ASSERT_GE(mu, mu_e);  // so the contact point sticks: eq. (8)
  const double Vx2 = (alpha * w * R + Vx) / (1.0 + alpha), Vy2 = -gamma * Vy;  // seed 004 eq. (8)
  EXPECT_LT(Vx2, 0.0);  // eq. (8) predicts the reversal: αωR + V_x < 0
  EXPECT_LT(e.v_after.x(), 0.0);  // and the run reverses
  EXPECT_NEAR(e.v_after.x(), Vx2, 1e-12);  // the law applied once to the located state: round-off
  EXPECT_NEAR(e.v_after.y(), Vy2, 1e-12);
  // the rebound angle to the vertical, tan φ = V_x'/V_y' (seed 004), measured on the flight after the
  // bounce: v_x stays V_x', v_y + g(t − t_c) stays V_y' (Verlet integrates a constant force exactly:
  // round-off over ≤ 600 steps, 1e-12)
  const double tan_phi = Vx2 / Vy2;
  const auto& tr = r.trajectory;
  const std::size_t ct = tr.column("t"), cx = tr.column("ball.vx"), cy = tr.column("ball.vy");
  std::size_t checked = 0;
  for (std::size_t i = 0; i < tr.rows(); ++i) {
    const double t = tr.at(i, ct);
    if (t <= e.t) continue;
    EXPECT_NEAR(tr.at(i, cx) / (tr.at(i, cy) + g * (t - e.t)), tan_phi, 1e-12);
    ++checked;
  }
  EXPECT_GT(checked, 100u);
  ::testing::Test::RecordProperty("tan_phi", std::to_string(tan_phi));
  std::printf("backspin: vx %.6g -> %.6g, tan phi = %.6g (phi = %.4g deg)\n", Vx, e.v_after.x(), tan_phi,
              std::atan(tan_phi) * 180.0 / std::numbers::pi);
}

}  // namespace
}  // namespace verisim::scene::figures_test
