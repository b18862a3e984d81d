// Scenes of model = "hertz-mindlin" (issue 29, docs/scenes.md "Hertz–Mindlin"): the keys of [contact] and
// [contact.material], the refusals at file:line:column, and runs against expectations derived here: a sphere
// dropped on the floor rebounds to ε² h (Tsuji's damping makes ε independent of the speed), the block of
// scenes/hertz_incline.toml holds by its tangential spring (static friction) while the spheres roll at
// (5/7) g sin θ, and the pile of scenes/hertz_pile.toml settles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "tests/scene/support.hpp"
#include "toolkit/contact/hertz.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene::test {
namespace {

// E = 10 MPa, ν = 0.3, ρ = 2500: a soft rubber-like sphere of R = 1 cm; 0.2 T_R = 1.73e-4 s
const std::string kHmSimulation = "[simulation]\nintegrator = \"verlet\"\ndt = 1e-4\nt_end = 0.01\nlaw = \"soft\"\n";
const std::string kHmMaterial = "[contact.material]\nyoungs_modulus = 1e7\npoisson = 0.3\ndensity = 2500\n";
const std::string kHmBall = "[[object]]\ntype = \"particle\"\nradius = 0.01\nposition = [0, 0, 0.02]\n";

std::string hm_scene(const std::string& contact_extra, const std::string& rest = kHmBall) {
  return kHmSimulation + "[contact]\nmodel = \"hertz-mindlin\"\n" + contact_extra + kHmMaterial + rest;
}

TEST(HertzSceneLoad, KeysAndDefaults) {
  const Scene s = parse_scene(hm_scene("tangential_damping = 0.5\n", kHmBall + "rotates = false\n"), "t.toml");
  EXPECT_TRUE(s.contact.hertz());
  EXPECT_EQ(s.contact.youngs_modulus, 1e7);
  EXPECT_EQ(s.contact.poisson, 0.3);
  EXPECT_EQ(s.contact.density, 2500.0);
  EXPECT_EQ(s.contact.tangential_damping, 0.5);
  ASSERT_EQ(s.objects.size(), 1u);
  EXPECT_FALSE(s.objects[0].rotates);
  // no mass given: the material's sphere ρ (4/3) π R³
  EXPECT_DOUBLE_EQ(s.objects[0].mass, contact::sphere_mass(0.01, 2500.0));
  const Scene d = parse_scene(kHmSimulation + "[contact]\nkn = 1e4\n" + kHmBall, "t.toml");
  EXPECT_FALSE(d.contact.hertz());  // the default model: seed 003's spring-dashpot
  EXPECT_TRUE(d.objects[0].rotates);
  EXPECT_EQ(d.objects[0].mass, 1.0);
}

TEST(HertzSceneLoad, RefusalsNameTheKeyAndWhy) {
  struct Case {
    std::string text, where, says;
  };
  const std::vector<Case> cases = {
      {hm_scene("kn = 1e4\n"), "t.toml:8:6:", "Hertz's (4/3) E* √R*"},
      {hm_scene("stiffness = \"forced\"\nspeed = 1\n"), "t.toml:8:13:", "spring-dashpot's stiffness"},
      {hm_scene("kt = 1\n"), "t.toml:8:6:", "Mindlin's 8 G* a"},
      {hm_scene("dimension = 2\n"), "t.toml:8:13:", "law of spheres"},
      {hm_scene("tangential_damping = -1\n"), "t.toml:8:22:", "must be ≥ 0"},
      {kHmSimulation + "[contact]\nmodel = \"hertz-mindlin\"\n" + kHmBall, "t.toml:6:1:", "missing table [contact.material]"},
      {kHmSimulation + "[contact]\nmodel = \"hertz\"\n" + kHmBall, "t.toml:7:9:", "unknown contact model 'hertz'"},
      {kHmSimulation + "[contact]\nkn = 1e4\n" + kHmMaterial + kHmBall, "t.toml:8:1:", "set model = \"hertz-mindlin\""},
      {kHmSimulation + "[contact]\nkn = 1e4\ntangential_damping = 1\n" + kHmBall, "t.toml:8:22:", "Mindlin's tangential spring"},
      {hm_scene("", kHmBall) + "[[force]]\ntype = \"drag\"\nb = 0.1\n", "t.toml:16:1:", "not compiled"},
      {hm_scene("", kHmBall + "dipole = [0, 0, 1]\n"), "t.toml:12:1:", "not compiled"},
      {hm_scene("[contact.cohesion]\ndelta_c = 1e-3\nf_max = 1\n"), "t.toml:8:1:", "not compiled"},
  };
  for (const auto& c : cases) {
    const std::string e = error_of(c.text);
    EXPECT_EQ(e.rfind(c.where, 0), 0u) << e << "\n--- in ---\n" << c.text;
    EXPECT_NE(e.find(c.says), std::string::npos) << e;
  }
  // poisson out of range, at its key in [contact.material]
  const std::string p = error_of(kHmSimulation + "[contact]\nmodel = \"hertz-mindlin\"\n[contact.material]\nyoungs_modulus = 1e7\n"
                                 "poisson = 0.7\ndensity = 2500\n" + kHmBall);
  EXPECT_EQ(p.rfind("t.toml:10:11:", 0), 0u) << p;
  // Δt above Hertz's bound 4c T_R (contact::hertz_time_step_bound), placed at dt
  const std::string dt = error_of("[simulation]\nintegrator = \"verlet\"\ndt = 1e-3\nt_end = 0.01\nlaw = \"soft\"\n[contact]\n"
                                  "model = \"hertz-mindlin\"\n" + kHmMaterial + kHmBall);
  EXPECT_EQ(dt.rfind("t.toml:3:6:", 0), 0u) << dt;
  EXPECT_NE(dt.find("Hertz bound 4c T_R"), std::string::npos) << dt;
}

TEST(HertzSceneValidation, ADroppedSphereReboundsToEpsilonSquaredH) {
  // Tsuji's damping makes ε independent of the impact speed (Antypov & Elliott 2011: the scaled equation depends
  // on α alone), and verisim takes α from ε exactly (hertz.hpp tsuji_alpha): a sphere dropped from h above the
  // floor leaves it at ε v and rises to ε² h. Material E = 1 GPa (t_c = 2.9e-4 s at 1 m/s), dt = 5e-6 (58 steps
  // per contact). Tolerance: gravity acting during the contact changes the rebound by O(m g/F_max) = 7.6e-4
  // (F_max the Hertz peak force at v), velocity Verlet's error over the contact O((π Δt/t_c)²) = 2.9e-3, the
  // apex missed by the sampling g Δt²/8 (negligible): 2·(7.6e-4 + 2.9e-3) = 7.3e-3 in h'/h.
  const double R = 0.01, h = 0.05, g = 9.81, eps = 0.6;
  const std::string text = "[simulation]\nintegrator = \"verlet\"\ndt = 5e-6\nt_end = 0.3\nsample_every = 1\nlaw = \"soft\"\n"
                           "restitution = 0.6\n[contact]\nmodel = \"hertz-mindlin\"\n[contact.material]\nyoungs_modulus = 1e9\n"
                           "poisson = 0.3\ndensity = 2500\n[[object]]\ntype = \"particle\"\nname = \"ball\"\nradius = 0.01\n"
                           "position = [0, 0, 0.06]\n[[force]]\ntype = \"gravity\"\n[[obstacle]]\ntype = \"plane\"\nname = \"floor\"\n"
                           "normal = [0, 0, 1]\n";
  const Scene s = parse_scene(text, "drop.toml");
  const RunResult r = simulate(s);
  const auto z = column(r.trajectory, "ball.z"), vz = column(r.trajectory, "ball.vz");
  // the apex after the first contact: the largest z after vz turned positive
  std::size_t k = 0;
  while (k < vz.size() && !(vz[k] > 0.0)) ++k;
  ASSERT_LT(k, vz.size());
  double apex = 0.0;
  for (; k < z.size() && vz[k] > -1e-3; ++k) apex = std::max(apex, z[k]);
  const double rebound = (apex - R) / h;
  const contact::HertzImpact im{1e9 / (1 - 0.09), R, contact::sphere_mass(R, 2500.0), std::sqrt(2 * g * h)};
  const double mg_over_f = contact::sphere_mass(R, 2500.0) * g / im.max_force();
  const double steps = im.duration() / 5e-6, tol = 2.0 * (mg_over_f + std::pow(std::numbers::pi / steps, 2));
  std::printf("hertz drop: h'/h = %.6f, eps^2 = %.6f (rel %.2e, tol %.2e; mg/F_max %.2e, %.0f steps per contact)\n", rebound,
              eps * eps, rebound / (eps * eps) - 1, tol, mg_over_f, steps);
  EXPECT_NEAR(rebound / (eps * eps), 1.0, tol);
  ::testing::Test::RecordProperty("rebound_over_eps2", g3(rebound / (eps * eps)));
}

TEST(HertzSceneValidation, TheBlockHoldsOnTheInclineAndTheSpheresRoll) {
  // scenes/hertz_incline.toml: θ = 15°, μ = 0.6 > tan θ; the block (rotates = false) starts at the Hertz overlap of
  // its weight's normal part, δ = (m g cos θ/k)^{2/3}, k = (4/3) E/(1 − ν²) √R (a rigid plane). Mindlin's spring
  // k_t = 8 G* a, G* = G/(2 − ν), a = √(R δ), holds it at ξ = m g sin θ/k_t (the block's contact point is its centre
  // translated: its displacement is ξ). The spring loads from ξ = 0: undamped it would overshoot to 2ξ, where
  // F_t = 2 m g sin θ = 0.54 m g cos θ < μ m g cos θ: no slip even then, so max displacement ≤ 2ξ; with its dashpot
  // (x_t = 1) it settles at ξ within the trapezoid's O(Δt² g) = 2.5e-8 m of the position (0.7 % of ξ): 2 % asserted.
  // The spheres roll without slipping ((2/7) tan θ = 0.077 < μ): x = ½ (5/7) g sin θ t², to the tangential spring's
  // loading transient ~ ξ (4e-5 of the 8 cm travelled): 1e-3 asserted.
  const Scene s = bundled("hertz_incline");
  const RunResult r = simulate(s);
  const double R = 0.01, E = 1e7, nu = 0.3, rho = 2500, g = 9.81, th = 15.0 * std::numbers::pi / 180.0;
  const double m = contact::sphere_mass(R, rho), k = 4.0 / 3.0 * E / (1 - nu * nu) * std::sqrt(R);
  const double delta = std::pow(m * g * std::cos(th) / k, 2.0 / 3.0);
  const double kt = 8.0 * (E / (2 * (1 + nu)) / (2 - nu)) * std::sqrt(R * delta), xi = m * g * std::sin(th) / kt;
  const auto x = column(r.trajectory, "block.x");
  double most = 0.0;
  for (double v : x) most = std::max(most, std::abs(v - x.front()));
  const double last = x.back() - x.front();
  const auto b1 = column(r.trajectory, "ball1.x");
  const double t = s.simulation.t_end(), rolled = b1.back() - b1.front(), expect = 0.5 * 5.0 / 7.0 * g * std::sin(th) * t * t;
  std::printf("hertz incline: block max %.3f xi, final %.5f xi (xi = %.4g m); ball rolled %.6f of (5/7) g sin t^2/2\n", most / xi,
              last / xi, xi, rolled / expect);
  EXPECT_LE(most, 2.0 * xi);
  EXPECT_NEAR(last / xi, 1.0, 0.02);
  EXPECT_NEAR(rolled / expect, 1.0, 1e-3);
  ::testing::Test::RecordProperty("block_final_over_xi", g3(last / xi));
}

TEST(HertzSceneValidation, ThePileSettlesInsideItsBox) {
  // scenes/hertz_pile.toml: 27 spheres dropped into a box 8 cm wide. Expectations: every sphere ends inside the
  // box (no centre closer to a wall than R − a few static overlaps: the bottom layer carries 3 weights, δ ≤
  // (3 m g/k)^{2/3} = 4e-5 m, 1e-4 asserted) and the pile at rest: kinetic energy below 1e-6 of the potential
  // energy released (ε = 0.5, 0.5 s: the last bounces decay by ε per contact).
  const Scene s = bundled("hertz_pile");
  const RunResult r = simulate(s);
  double lowest = 1.0;
  for (const auto& o : s.objects) {
    for (const char* c : {".x", ".y", ".z"}) {
      const double v = column(r.trajectory, o.name + c).back();
      lowest = std::min(lowest, v - 0.01);
      if (c[1] != 'z') lowest = std::min(lowest, 0.08 - v - 0.01);
    }
  }
  const auto T = column(r.energy, "kinetic"), V = column(r.energy, "potential");
  const double released = V.front() - V.back();
  std::printf("hertz pile: deepest wall overlap %.3g m, final T/released %.3g\n", -lowest, T.back() / released);
  EXPECT_GT(lowest, -1e-4);
  EXPECT_GT(released, 0.0);
  EXPECT_LT(T.back(), 1e-6 * released);
}

}  // namespace
}  // namespace verisim::scene::test
