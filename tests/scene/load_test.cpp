// The loader's errors (issue 14 "Errors"): every mistake is "file:line:column: message".
#include <gtest/gtest.h>

#include <string>

#include "toolkit/scene/load.hpp"

namespace verisim::scene::test {
namespace {

/// The message of the SceneError that parsing `text` raises ("" when it parses).
std::string error_of(const std::string& text) {
  try {
    parse_scene(text, "t.toml");
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

const std::string kSim = "[simulation]\nintegrator = \"rk4\"\ndt = 0.01\nt_end = 1\n";

TEST(SceneLoad, AValidSceneParses) {
  const Scene s = parse_scene(kSim + "[[object]]\ntype = \"point\"\nmass = 2\nposition = [1, 2, 3]\n", "t.toml");
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
  const std::string e = error_of(kSim + "[[object]]\ntype = \"point\"\nmas = 2\n");
  EXPECT_EQ(e.rfind("t.toml:7:1:", 0), 0u) << e;
  EXPECT_NE(e.find("unknown key 'mas'"), std::string::npos) << e;
  EXPECT_NE(e.find("mass"), std::string::npos) << e;
}

TEST(SceneLoad, WrongTypeNegativeMassRadiusAndBadDt) {
  EXPECT_NE(error_of(kSim + "[[object]]\ntype = \"point\"\nmass = \"heavy\"\n").find("t.toml:7:8: [[object]] #1: 'mass' must be a number"),
            std::string::npos);
  EXPECT_NE(error_of(kSim + "[[object]]\ntype = \"point\"\nmass = -1\n").find("t.toml:7:8:"), std::string::npos);
  EXPECT_NE(error_of(kSim + "[[object]]\ntype = \"sphere\"\nradius = -0.5\n").find("t.toml:7:10:"), std::string::npos);
  EXPECT_NE(error_of("[simulation]\ndt = 0\nt_end = 1\n[[object]]\ntype = \"point\"\n").find("t.toml:2:6: [simulation]: 'dt' must be positive"),
            std::string::npos);
  EXPECT_NE(error_of("[simulation]\ndt = nan\nt_end = 1\n[[object]]\ntype = \"point\"\n").find("t.toml:2:6:"), std::string::npos);
}

TEST(SceneLoad, UnknownIntegratorAndLawListTheValidNames) {
  const std::string e = error_of("[simulation]\nintegrator = \"rk5\"\ndt = 0.1\nt_end = 1\n[[object]]\ntype = \"point\"\n");
  EXPECT_EQ(e.rfind("t.toml:2:14:", 0), 0u) << e;
  EXPECT_NE(e.find("euler-cromer"), std::string::npos) << e;
  const std::string l = error_of(kSim + "law = \"sticky\"\n[[object]]\ntype = \"point\"\n");
  EXPECT_NE(l.find("t.toml:5:7: [simulation]: unknown law 'sticky'; valid: frictionless, coulomb, spinning, ball-bounce"),
            std::string::npos) << l;
}

TEST(SceneLoad, OverlapAtStartAndPendulumAtThePole) {
  const std::string o = error_of(kSim + "[[object]]\ntype = \"sphere\"\nradius = 1\n[[object]]\ntype = \"sphere\"\nradius = 1\n"
                                        "position = [1.5, 0, 0]\n");
  EXPECT_NE(o.find("t.toml:5:1:"), std::string::npos) << o;
  EXPECT_NE(o.find("overlaps"), std::string::npos) << o;
  const std::string p = error_of(kSim + "[[force]]\ntype = \"gravity\"\n[[object]]\ntype = \"spherical-pendulum\"\nlength = 1\n"
                                        "theta0 = 0\n");
  EXPECT_NE(p.find("t.toml:10:10:"), std::string::npos) << p;
  EXPECT_NE(p.find("pole"), std::string::npos) << p;
}

}  // namespace
}  // namespace verisim::scene::test
