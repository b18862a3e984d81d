// The loader's errors (issue 14 "Errors"): every mistake is "file:line:column: message".
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include <fmt/format.h>

#include "tests/scene/support.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene::test {
namespace {


TEST(SceneLoad, AValidSceneParses) {
  const Scene s = parse_scene(kSimulationRk4 + "[[object]]\ntype = \"point\"\nmass = 2\nposition = [1, 2, 3]\n", "t.toml");
  ASSERT_EQ(s.objects.size(), 1u);
  EXPECT_EQ(s.objects[0].mass, 2.0);
  EXPECT_EQ(s.objects[0].position, core::Vec3(1, 2, 3));
  EXPECT_EQ(s.simulation.steps, 100u);
}

TEST(SceneLoad, MalformedTomlGivesItsPosition) {
  const std::string e = error_of("[simulation\n");
  EXPECT_EQ(e.rfind("t.toml:1:", 0), 0u) << e;
}

TEST(SceneLoad, UnknownKeyListsTheValidOnes) {
  const std::string e = error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nmas = 2\n");
  EXPECT_EQ(e.rfind("t.toml:7:1:", 0), 0u) << e;
  EXPECT_NE(e.find("unknown key 'mas'"), std::string::npos) << e;
  EXPECT_NE(e.find("mass"), std::string::npos) << e;
}

TEST(SceneLoad, WrongTypeNegativeMassRadiusAndBadDt) {
  EXPECT_NE(error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nmass = \"heavy\"\n").find("t.toml:7:8: [[object]] #1: 'mass' must be a number"),
            std::string::npos);
  EXPECT_NE(error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nmass = -1\n").find("t.toml:7:8:"), std::string::npos);
  EXPECT_NE(error_of(kSimulationRk4 + "[[object]]\ntype = \"sphere\"\nradius = -0.5\n").find("t.toml:7:10:"), std::string::npos);
  EXPECT_NE(error_of("[simulation]\ndt = 0\nt_end = 1\n[[object]]\ntype = \"point\"\n").find("t.toml:2:6: [simulation]: 'dt' must be positive"),
            std::string::npos);
  EXPECT_NE(error_of("[simulation]\ndt = nan\nt_end = 1\n[[object]]\ntype = \"point\"\n").find("t.toml:2:6:"), std::string::npos);
}

TEST(SceneLoad, UnknownIntegratorAndLawListTheValidNames) {
  const std::string e = error_of("[simulation]\nintegrator = \"rk5\"\ndt = 0.1\nt_end = 1\n[[object]]\ntype = \"point\"\n");
  EXPECT_EQ(e.rfind("t.toml:2:14:", 0), 0u) << e;
  EXPECT_NE(e.find("euler-cromer"), std::string::npos) << e;
  const std::string l = error_of(kSimulationRk4 + "law = \"sticky\"\n[[object]]\ntype = \"point\"\n");
  EXPECT_NE(l.find("t.toml:5:7: [simulation]: unknown law 'sticky'; valid: frictionless, coulomb-spheres, spinning-spheres, ball-bounce, soft"),
            std::string::npos) << l;
}

TEST(SceneLoad, OverlapAtStartAndPendulumAtThePole) {
  const std::string o = error_of(kSimulationRk4 + "[[object]]\ntype = \"sphere\"\nradius = 1\n[[object]]\ntype = \"sphere\"\nradius = 1\n"
                                        "position = [1.5, 0, 0]\n");
  EXPECT_NE(o.find("t.toml:5:1:"), std::string::npos) << o;
  EXPECT_NE(o.find("overlaps"), std::string::npos) << o;
  const std::string p = error_of(kSimulationRk4 + "[[force]]\ntype = \"gravity\"\n[[object]]\ntype = \"spherical-pendulum\"\nlength = 1\n"
                                        "theta0 = 0\n");
  EXPECT_NE(p.find("t.toml:10:10:"), std::string::npos) << p;
  EXPECT_NE(p.find("pole"), std::string::npos) << p;
}

// ---- soft-contact particles (law = "soft", docs/scenes.md "Particles") -------------------------
const std::string kSoft = "[simulation]\ndt = 1e-6\nt_end = 0.01\nlaw = \"soft\"\nrestitution = 0.5\n"
                          "[contact]\ndimension = 2\nstiffness = \"free-fall\"\nheight = 0.5\ndelta_max = 0.0002\n"
                          "[[force]]\ntype = \"gravity\"\ng = [0, -9.81]\n";
const std::string kSoft3 = "[simulation]\ndt = 1e-6\nt_end = 0.01\nlaw = \"soft\"\nrestitution = 0.5\n"
                           "[contact]\ndimension = 3\nstiffness = \"free-fall\"\nheight = 0.5\ndelta_max = 0.0002\n"
                           "[[force]]\ntype = \"gravity\"\ng = [0, 0, -9.81]\n";

TEST(SceneLoad, ASoftSceneWithoutIntegratorTakesTheOneEvaluationOrderTwoStepper) {
  // issue 30: verlet evaluates a damped soft world 4 times a step; dem-verlet-predicted once, order 2
  const std::string disc = "[[object]]\ntype = \"particle\"\nposition = [0, 0.1]\nradius = 0.01\nmass = 0.05\n";
  EXPECT_EQ(parse_scene(kSoft + disc, "t.toml").simulation.integrator, "dem-verlet-predicted");
  std::string named = kSoft + disc;
  named.replace(named.find("law = "), 0, "integrator = \"verlet\"\n");
  EXPECT_EQ(parse_scene(named, "t.toml").simulation.integrator, "verlet");
}

TEST(SceneLoad, ParticlesAreGeneratedOnALatticeOrByASeededRandomPacking) {
  const Scene lat = parse_scene(kSoft + "[[object]]\ntype = \"particles\"\nname = \"g\"\ngenerator = \"lattice\"\n"
                                        "region_min = [0, 0]\nregion_max = [0.1, 0.05]\nradius = 0.01\nmass = 0.05\n", "t.toml");
  // sites at R + k·2R along x (5 fit in 0.1) and y (2 in 0.05): 10 discs, x fastest
  ASSERT_EQ(lat.objects.size(), 10u);
  EXPECT_EQ(lat.objects[0].name, "g.0");
  EXPECT_NEAR(lat.objects[6].position.x(), 0.03, 1e-15);
  EXPECT_NEAR(lat.objects[6].position.y(), 0.03, 1e-15);
  // seed 003 "Choix de la raideur", free fall: k_n = 2 m g h/δ_max²
  EXPECT_NEAR(lat.contact.kn, 2 * 0.05 * 9.81 * 0.5 / (0.0002 * 0.0002), 1e-6);
  const std::string random = kSoft + "[[object]]\ntype = \"particles\"\ngenerator = \"random\"\ncount = 30\nseed = 3\n"
                                     "region_min = [0, 0]\nregion_max = [0.2, 0.2]\nradius = 0.01\npolydispersity = 0.2\n"
                                     "density = 10\n";
  const Scene a = parse_scene(random, "t.toml"), b = parse_scene(random, "t.toml");
  ASSERT_EQ(a.objects.size(), 30u);
  for (std::size_t i = 0; i < a.objects.size(); ++i) {
    EXPECT_EQ(a.objects[i].position, b.objects[i].position);  // the same seed, the same packing
    const double R = a.objects[i].radius;
    EXPECT_GE(R, 0.008 - 1e-15);
    EXPECT_LE(R, 0.012 + 1e-15);
    EXPECT_NEAR(a.objects[i].mass, 10 * 3.141592653589793 * R * R, 1e-15);  // density × area (2D)
    for (std::size_t j = 0; j < i; ++j) EXPECT_GE((a.objects[i].position - a.objects[j].position).norm(), R + a.objects[j].radius);
  }
}

TEST(SceneLoad, RandomPackingsAreFreeOfOverlapsUpToTheJammingLimitOfRandomSequentialAddition) {
  // The packing bins earlier particles in cells of side 2R(1 + p): checked here against the
  // all-pairs definition (no two centres closer than the sum of their radii) on a dense 3D pack.
  const std::string pack3 = kSoft3 + "[[object]]\ntype = \"particles\"\ngenerator = \"random\"\ncount = 1500\nseed = 7\n"
                                     "region_min = [0, 0, 0]\nregion_max = [0.3, 0.3, 0.3]\nradius = 0.01\n"
                                     "polydispersity = 0.3\nmass = 0.01\n";
  const Scene s = parse_scene(pack3, "t.toml");
  ASSERT_EQ(s.objects.size(), 1500u);
  double closest = 1e300;
  for (std::size_t i = 0; i < s.objects.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      closest = std::min(closest, (s.objects[i].position - s.objects[j].position).norm() -
                                      (s.objects[i].radius + s.objects[j].radius));
  EXPECT_GE(closest, 0.0);
  EXPECT_LT(closest, 0.01);  // dense: some pair nearly touches (mean gap of a 0.22 pack ≈ R/3)
  // 2D discs of one radius: random sequential addition saturates at φ ≈ 0.547 (Hinrichsen, Feder &
  // Jøssang 1986), lower in a bounded box; 2000 discs at φ = 0.45 fit, at φ = 0.6 they cannot.
  auto discs = [](double side) {
    return kSoft + fmt::format("[[object]]\ntype = \"particles\"\ngenerator = \"random\"\ncount = 2000\n"
                               "region_min = [0, 0]\nregion_max = [{0}, {0}]\nradius = 0.01\nmass = 0.01\n", side);
  };
  const double area = 2000 * std::numbers::pi * 1e-4;  // N π R²
  EXPECT_EQ(error_of(discs(std::sqrt(area / 0.45))), "");
  const std::string jammed = error_of(discs(std::sqrt(area / 0.6)));
  EXPECT_NE(jammed.find("random packing placed"), std::string::npos) << jammed;
  EXPECT_NE(jammed.find("of 2000 particles"), std::string::npos) << jammed;
}

TEST(SceneLoad, OutputRowsAreSizedToTheSceneSoAPileCannotExhaustTheMemory) {
  // 10⁴ particles on a lattice, 10⁴ steps: the default ⌈steps/2000⌉ = 5 would hold 2002 × 10⁴ object-rows;
  // the loader keeps rows × objects ≤ 2·10⁶ (docs/scenes.md "Output"), i.e. at most 198 + 2 rows.
  auto pile = [](const std::string& every) {
    return "[simulation]\ndt = 1e-6\nsteps = 10000\nlaw = \"soft\"\nrestitution = 0.5\n" + every +
           "[contact]\ndimension = 2\nkn = 1e5\n[[object]]\ntype = \"particles\"\ngenerator = \"lattice\"\n"
           "count = 10000\nregion_min = [0, 0]\nregion_max = [2.1, 2.1]\nradius = 0.01\nmass = 0.01\n";
  };
  const Scene d = parse_scene(pile(""), "t.toml");
  ASSERT_EQ(d.objects.size(), 10000u);
  const double rows = std::floor(10000.0 / static_cast<double>(d.simulation.sample_every)) + 2;
  EXPECT_LE(rows * 10000, 2e6);
  EXPECT_GE(rows * 10000, 1e6);  // not needlessly coarse: within a factor 2 of the budget
  // a sample_every written in the file may ask for 10× more, then it is refused naming the key and a
  // value that fits — which the loader then accepts
  const std::string e = error_of(pile("sample_every = 1\n"));
  EXPECT_NE(e.find("t.toml:6:16: [simulation]: 'sample_every' 1 gives 10002 rows of 10000 objects"), std::string::npos) << e;
  const std::size_t at = e.find("take sample_every ≥ ");
  ASSERT_NE(at, std::string::npos) << e;
  const std::string fits = e.substr(at + std::string("take sample_every ≥ ").size());
  EXPECT_EQ(error_of(pile("sample_every = " + fits + "\n")), "");
  EXPECT_EQ(parse_scene(pile("sample_every = 50\n"), "t.toml").simulation.sample_every, 50u);  // 202 rows: as written
  // a lattice without count takes every site, at most 10⁶: a spacing of 1e-4 m in a 2.1 m square holds
  // 2.1e4² ≈ 4.4e8 sites, refused naming 'spacing'; with count = 10 it takes the first 10 sites
  auto lattice = [](const std::string& count) {
    return "[simulation]\ndt = 1e-6\nsteps = 10\nlaw = \"soft\"\nrestitution = 0.5\n[contact]\ndimension = 2\nkn = 1e5\n"
           "[[object]]\ntype = \"particles\"\ngenerator = \"lattice\"\nregion_min = [0, 0]\nregion_max = [2.1, 2.1]\n"
           "radius = 0.00005\nspacing = 0.0001\nmass = 0.01\n" + count;
  };
  const std::string dense = error_of(lattice(""));
  EXPECT_NE(dense.find("'spacing'"), std::string::npos) << dense;
  EXPECT_NE(dense.find("more than 10⁶"), std::string::npos) << dense;
  EXPECT_EQ(parse_scene(lattice("count = 10\n"), "t.toml").objects.size(), 10u);
}

TEST(SceneLoad, SoftSceneErrorsNameTheirPlace) {
  const std::string part = "[[object]]\ntype = \"particle\"\nradius = 0.02\nmass = 0.05\nposition = [0, 0.5]\n";
  EXPECT_EQ(error_of(kSoft + part), "");
  const std::string k = error_of(kSoft + "stifness = 3\n" + part);  // after [[force]]: a key of that table
  EXPECT_NE(k.find("t.toml:14:1: [[force]] #1: unknown key 'stifness'"), std::string::npos) << k;
  const std::string c = error_of("[simulation]\ndt = 1e-5\nt_end = 0.01\nlaw = \"soft\"\n[contact]\nkn = 1e7\nkt = -1\n" + part);
  EXPECT_NE(c.find("t.toml:7:6: [contact]: 'kt' must be ≥ 0"), std::string::npos) << c;
  const std::string p = error_of(kSimulationRk4 + part);
  EXPECT_NE(p.find("t.toml:6:8: [[object]] #1: a 'particle' is a soft-contact body"), std::string::npos) << p;
  // seed 003's time-step bound, with the bound in the message
  const std::string dt = error_of("[simulation]\ndt = 1e-3\nt_end = 1\nlaw = \"soft\"\n[contact]\nkn = 1e7\n" + part);
  // c π √(m/k_n), a lone particle against a wall (m = 0.05 kg): 0.05 π √(0.05/1e7) = 1.11072e-5 s
  EXPECT_NE(dt.find("t.toml:2:6: [simulation]: dt = 0.001 s exceeds seed 003's bound"), std::string::npos) << dt;
  EXPECT_NE(dt.find("take dt ≤ 1.11072e-05"), std::string::npos) << dt;
  Scene over = parse_scene(kSoft + part, "t.toml");  // the command line's --dt is checked against the same bound
  try {
    override_time(over, 1e-3, kNaN, "--dt");
    ADD_FAILURE() << "--dt above the bound accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--dt: dt = 0.001 s exceeds seed 003's bound", 0), 0u) << e.what();
  }
  EXPECT_EQ(error_of(kSoft + "[[force]]\ntype = \"drag\"\nb = 1\n" + part), "");  // every [[force]] type acts on particles
  const std::string f = error_of(kSoft + "[[force]]\ntype = \"coulomb\"\n[[force]]\ntype = \"mutual-gravity\"\n" + part);
  EXPECT_NE(f.find("t.toml:16:1: [[force]]: law 'soft' has one long-range law"), std::string::npos) << f;
  const std::string full = error_of(kSoft + "[[object]]\ntype = \"particles\"\ngenerator = \"random\"\ncount = 50\n"
                                            "region_min = [0, 0]\nregion_max = [0.05, 0.05]\nradius = 0.01\n");
  EXPECT_NE(full.find("[[object]] #1: random packing placed"), std::string::npos) << full;
  const std::string eps = error_of("[simulation]\ndt = 1e-5\nt_end = 0.01\nlaw = \"soft\"\nrestitution = 0\n[contact]\nkn = 1e7\n" + part);
  EXPECT_NE(eps.find("t.toml:5:15: [simulation]: law 'soft': restitution = 0 must be in (0, 1]"), std::string::npos) << eps;
}

// Defect 24.17: the Δt bound's advice, pasted into the scene, loads (and so does --dt with it). The
// bound c π √(m/k_n) of a lone particle (m its mass, c = 0.05, k_n = 1e7) printed to the nearest 6
// digits lies above the bound for about half the masses; the advice is rounded down.
TEST(SceneLoad, TheTimeStepAdviceLoadsWhenFollowed) {
  int nearest_above = 0;
  for (int k = 1; k <= 40; ++k) {
    const double m = 0.01 * k + 0.0037;
    auto scene = [&](const std::string& dt) {
      return "[simulation]\ndt = " + dt + "\nt_end = 1e-3\nlaw = \"soft\"\n[contact]\nkn = 1e7\n[[object]]\ntype = \"particle\"\n"
             "radius = 0.02\nmass = " + fmt::format("{}", m) + "\nposition = [0, 0.5, 0]\n";
    };
    const std::string e = error_of(scene("1e-3"));
    const std::string key = "take dt ≤ ";
    const auto at = e.find(key);
    ASSERT_NE(at, std::string::npos) << e;
    const std::string advice = e.substr(at + key.size(), e.find_first_of(" \n", at + key.size()) - at - key.size());
    EXPECT_EQ(error_of(scene(advice)), "") << advice;
    Scene over = parse_scene(scene("1e-6"), "t.toml");
    EXPECT_NO_THROW(override_time(over, std::stod(advice), kNaN, "--dt")) << advice;
    const double bound = 0.05 * std::numbers::pi * std::sqrt(m / 1e7);
    nearest_above += std::stod(fmt::format("{:.6g}", bound)) > bound;
  }
  EXPECT_GT(nearest_above, 5);  // cases where the old advice (nearest rounding) was refused
}

TEST(SceneLoad, AContainerHoldsItsParticles) {
  // a disc in a drum (a cylinder seen from inside, axis z): it bounces on the drum's inner wall and
  // never leaves it by more than the overlap δ_max that chose k_n (seed 003, forced: m v²/δ_max²)
  const std::string drum = "[simulation]\nintegrator = \"leapfrog\"\ndt = 2e-6\nt_end = 1\nlaw = \"soft\"\n"
                           "[contact]\ndimension = 2\nstiffness = \"forced\"\nspeed = 2\ndelta_max = 0.0001\n"
                           "[[object]]\ntype = \"particle\"\nname = \"ball\"\nradius = 0.01\nmass = 0.01\nvelocity = [1, 0.5]\n"
                           "[[force]]\ntype = \"gravity\"\ng = [0, -9.81]\n"
                           "[[obstacle]]\ntype = \"cylinder\"\nname = \"drum\"\nradius = 0.1\nlength = 1\ninside = true\n";
  const Scene s = parse_scene(drum, "t.toml");
  ASSERT_TRUE(s.obstacles[0].inside);
  const RunResult r = simulate(s);
  const std::size_t cx = r.trajectory.column("ball.x"), cy = r.trajectory.column("ball.y");
  double reach = 0.0;
  for (std::size_t k = 0; k < r.trajectory.rows(); ++k)
    reach = std::max(reach, std::hypot(r.trajectory.at(k, cx), r.trajectory.at(k, cy)));
  EXPECT_GT(reach, 0.09 - 0.0001);        // it touched the wall (centre at R from it) …
  EXPECT_LT(reach, 0.09 + 2.0 * 0.0001);  // … and stayed inside but for the contact's overlap
  // 'inside' is for containers of the soft world only
  EXPECT_NE(error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\n[[obstacle]]\ntype = \"sphere\"\nradius = 1\ninside = true\n")
                .find("t.toml:10:10: [[obstacle]] #1: 'inside' (a container) is a wall of the soft-contact world"),
            std::string::npos);
  std::string outside = drum;
  outside.replace(outside.find("velocity = [1, 0.5]"), 19, "position = [0.5, 0]");
  EXPECT_NE(error_of(outside).find("'ball': its centre is inside obstacle 'drum'"), std::string::npos) << error_of(outside);
}

}  // namespace
}  // namespace verisim::scene::test
