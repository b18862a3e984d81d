// One name table for the collision laws (issue 23; issue 24.24): every name and alias of
// toolkit/collisions/laws.hpp is taken by `verisim collide`, `verisim check collision --law` and a scene
// file's `law =` alike — each command where it takes that law (the sets written out below, from
// docs/collisions.md) — and meaning the same law; a name not in the table is refused by all three.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/child.hpp"
#include "toolkit/collisions/laws.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim {
namespace {

using collisions::Law;

struct Run {
  int code = -1;
  std::string out, err;
};

Run verisim(std::vector<std::string> args) {
  static int n = 0;
  const auto dir = std::filesystem::temp_directory_path();
  const auto out = dir / ("verisim_law_names_out" + std::to_string(::getpid()) + "_" + std::to_string(n));
  const auto err = dir / ("verisim_law_names_err" + std::to_string(::getpid()) + "_" + std::to_string(n++));
  args.insert(args.begin(), VERISIM_BINARY);
  Run r;
  r.code = test::wait_exit(test::spawn_child(args, {}, out, err));
  const auto slurp = [](const std::filesystem::path& p) {
    std::ifstream f(p);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  };
  r.out = slurp(out), r.err = slurp(err);
  std::filesystem::remove(out), std::filesystem::remove(err);
  return r;
}

/// Every spelling of a law: its canonical name and its aliases.
std::vector<std::string> names_of(const collisions::LawInfo& l) {
  std::vector<std::string> v{std::string(l.name)};
  for (const auto a : l.aliases)
    if (!a.empty()) v.emplace_back(a);
  return v;
}

// The laws each user takes (docs/collisions.md "One name table"), written out, not read from the code.
const std::set<Law> kCollide{Law::contact_time, Law::frictionless, Law::coulomb, Law::spinning,
                             Law::rigid_body,   Law::ball_bounce,  Law::garwin};
const std::set<Law> kCheck{Law::frictionless, Law::coulomb, Law::spinning, Law::rigid_body, Law::ball_bounce};
const std::set<Law> kScene{Law::frictionless, Law::coulomb, Law::spinning, Law::ball_bounce, Law::soft};

// `collide NAME` without options: an accepted law asks for its options (exit 2 naming one), an
// unknown name exits 2 with "unknown law"; an accepted one's --help is its page (its source).
bool collide_takes(const std::string& name, const collisions::LawInfo* expected) {
  const Run r = verisim({"collide", name});
  EXPECT_EQ(r.code, 2) << name;
  if (r.err.find("unknown law") != std::string::npos) return false;
  EXPECT_TRUE(expected != nullptr) << name << "\n" << r.err;
  if (expected) {
    const Run h = verisim({"collide", name, "--help"});
    EXPECT_EQ(h.code, 0) << name;
    EXPECT_NE(h.out.find(std::string(expected->source)), std::string::npos) << name << "\n" << h.out;
    EXPECT_NE(h.out.find("collide " + std::string(expected->name)), std::string::npos) << name << "\n" << h.out;
  }
  return true;
}

// `check collision --law NAME` with a program that answers nothing: an accepted law gets as far as
// running it (exit 2 about the program's answer); a refused one is named with --law.
bool check_takes(const std::string& name) {
  const Run r = verisim({"check", "collision", "--cmd", "/bin/true", "--law", name, "--cases", "0"});
  EXPECT_EQ(r.code, 2) << name << "\n" << r.err;
  return r.err.find("--law") == std::string::npos;
}

// A scene with [simulation] law = NAME: loads (then with that law), or an error other than an unknown law.
bool scene_takes(const std::string& name, const collisions::LawInfo* expected) {
  const std::string text = "[simulation]\nintegrator = \"rk4\"\ndt = 0.01\nt_end = 1\nlaw = \"" + name +
                           "\"\n[[object]]\ntype = \"sphere\"\nradius = 0.5\nmass = 1\n";
  try {
    const scene::Scene s = scene::parse_scene(text, "t.toml");
    EXPECT_TRUE(expected != nullptr) << name;
    if (expected) {
      EXPECT_EQ(s.simulation.law, expected->law) << name;
    }
    return true;
  } catch (const std::exception& e) {
    const std::string what = e.what();
    if (what.find("unknown law") == std::string::npos) return true;  // taken; refused for another reason (soft: particles only)
    EXPECT_NE(what.find("t.toml:5:7"), std::string::npos) << what;  // file:line:column of the value
    return false;
  }
}

TEST(CollisionsLawNames, EveryNameAndAliasIsTakenAlikeWhereItsLawIs) {
  std::set<std::string> seen;
  for (const auto& l : collisions::kLaws)
    for (const std::string& name : names_of(l)) {
      EXPECT_TRUE(seen.insert(name).second) << name << " names two laws";
      EXPECT_EQ(collide_takes(name, kCollide.count(l.law) ? &l : nullptr), kCollide.count(l.law) == 1) << name;
      EXPECT_EQ(check_takes(name), kCheck.count(l.law) == 1) << name;
      EXPECT_EQ(scene_takes(name, kScene.count(l.law) ? &l : nullptr), kScene.count(l.law) == 1) << name;
    }
  // issue 24.24's names, and the scene files' old ones, among them
  for (const char* old : {"ball", "spheres", "rigid2d", "spin-spheres", "coulomb", "spinning"}) EXPECT_TRUE(seen.count(old)) << old;
}

TEST(CollisionsLawNames, NamesOutsideTheTableAreRefusedByAll) {
  for (const std::string name : {"sticky", "Coulomb-Spheres", "coulomb_spheres", "ball ", "", "rigid"}) {
    EXPECT_EQ(collisions::find_law(name), nullptr) << name;
    EXPECT_FALSE(collide_takes(name, nullptr)) << name;
    EXPECT_FALSE(check_takes(name)) << name;
    EXPECT_FALSE(scene_takes(name, nullptr)) << name;
  }
}

}  // namespace
}  // namespace verisim
