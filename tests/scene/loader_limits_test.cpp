// The loader's bounds and its object-kind table (issue 24 classes 3, 8, 10, 11, 13, 16; issue 23
// "Scene object kinds"): every refusal names file:line:column (or the file), nothing crashes or blocks.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "tests/scene/support.hpp"
#include "tests/support/files.hpp"
#include "toolkit/scene/impulse_world.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/object_kinds.hpp"

namespace verisim::scene::test {
namespace {

namespace fs = std::filesystem;
using verisim::test::scratch;

std::string load_error(const fs::path& p) {
  try {
    load_scene(p);
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}


// 24.3: a name listed twice in `on` would apply the force twice.
TEST(LoaderLimits, ANameListedTwiceInOnIsRefusedAtTheSecond) {
  const std::string e = error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nname = \"a\"\n[[force]]\ntype = \"gravity\"\non = [\"a\", \"a\"]\n");
  EXPECT_EQ(e.rfind("t.toml:10:12:", 0), 0u) << e;  // on = ["a", "a"]: the second "a" at column 12
  EXPECT_NE(e.find("'a' is listed twice"), std::string::npos) << e;
  EXPECT_EQ(error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nname = \"a\"\n[[object]]\ntype = \"point\"\nname = \"b\"\n"
                            "[[force]]\ntype = \"gravity\"\non = [\"a\", \"b\"]\n"),
            "");
}

// 24.8: a dotted key or table header of 10⁵ parts (200 kB) overflowed toml++'s recursion.
TEST(LoaderLimits, AKeyOfManyPartsIsRefusedBeforeParsing) {
  std::string key = "a";
  for (int i = 0; i < 100000; ++i) key += ".a";
  for (const std::string& text : {kSimulationRk4 + key + " = 1\n", kSimulationRk4 + "[" + key + "]\n", kSimulationRk4 + "[[" + key + "]]\n"}) {
    const std::string e = error_of(text);
    EXPECT_EQ(e.rfind("t.toml:5:", 0), 0u) << e.substr(0, 200);
    EXPECT_NE(e.find("more than 16 parts"), std::string::npos) << e.substr(0, 200);
  }
  // 16 parts, quoted parts and spaces around the dots pass the bound (and reach the schema: an unknown key)
  EXPECT_NE(error_of(kSimulationRk4 + "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p = 1\n").find("unknown key 'a'"), std::string::npos);
  EXPECT_NE(error_of(kSimulationRk4 + "a . \"b.c\" . 'd' = 1\n").find("unknown key 'a'"), std::string::npos);
  // dots inside strings, comments and numbers are not key parts
  const std::string many_dots(1000, '.');
  EXPECT_EQ(error_of("title = \"" + many_dots + "\" # " + many_dots + "\ndescription = '''\n" + many_dots + "\n'''\n" + kSimulationRk4 +
                     "[[object]]\ntype = \"point\"\nmass = 1.5\n"),
            "");
}

// 24.10: a FIFO blocked the open forever; a device (/dev/zero) was read forever.
TEST(LoaderLimits, AFifoOrADeviceIsRefusedAtOnce) {
  const fs::path fifo = scratch("scene.toml");
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto t0 = std::chrono::steady_clock::now();
  const std::string e = load_error(fifo);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1));
  EXPECT_NE(e.find("is not a regular file"), std::string::npos) << e;
  fs::remove(fifo);
  EXPECT_NE(load_error("/dev/zero").find("/dev/zero: is not a regular file"), std::string::npos);
  // a whole-file error has no line:column to give; an empty path is said so, not ":0:0: cannot open"
  EXPECT_EQ(load_error(""), "(no path): the scene file's path is empty");
}

// 24.11: a file larger than the limit is refused before reading (a sparse 1 GiB file: nothing to read).
TEST(LoaderLimits, AFileAboveTheLimitIsRefusedNamingTheLimit) {
  const fs::path big = scratch("big.toml");
  { std::ofstream(big) << kSimulationRk4; }
  fs::resize_file(big, std::uintmax_t{1} << 30);
  const std::string e = load_error(big);
  EXPECT_NE(e.find("1073741824 bytes, more than the limit of 16777216 bytes"), std::string::npos) << e;
  fs::remove(big);
}

// 24.11: counts beyond 10⁶ objects are refused before any is made.
TEST(LoaderLimits, ObjectCountsAreBoundedBeforeAllocating) {
  const std::string soft = "[simulation]\nintegrator = \"verlet\"\ndt = 1e-5\nsteps = 1\nlaw = \"soft\"\n[contact]\nkn = 1e5\n";
  const std::string gen = "[[object]]\ntype = \"particles\"\ngenerator = \"lattice\"\nregion_max = [1e4, 1e4, 1e4]\n"
                          "radius = 0.001\ncount = 1000000\n";
  const std::string e = error_of(soft + "[[object]]\ntype = \"particle\"\nradius = 0.1\nposition = [-1, -1, -1]\n" + gen);
  EXPECT_EQ(e.rfind("t.toml:17:9:", 0), 0u) << e;  // count = 1000000 with one listed particle before it
  EXPECT_NE(e.find("more than 1000000 objects"), std::string::npos) << e;
  // a bound above the documented one counts as the documented one: the same refusal
  EXPECT_EQ(error_of(soft + "[[object]]\ntype = \"particle\"\nradius = 0.1\nposition = [-1, -1, -1]\n" + gen, {.objects = 2000000}), e);
  // an embedder's lower bound (LoadLimits; the fuzz harness's 200) is the same refusal at the same key:
  // a lattice of spacing 1, R = 0.1, in [0, 10.5]³ holds ⌊(10.5 − 2·0.1)/1⌋ + 1 = 11 sites per axis,
  // 1 331 in all: one over a bound of 1 330, none over 1 331
  const std::string lattice = soft + "[[object]]\ntype = \"particles\"\ngenerator = \"lattice\"\nregion_max = [10.5, 10.5, 10.5]\n"
                                     "radius = 0.1\nspacing = 1.0\n";
  const std::string low = error_of(lattice, {.objects = 1330});
  EXPECT_EQ(low.rfind("t.toml:13:", 0), 0u) << low;  // spacing = 1.0: the key that sets the count
  EXPECT_NE(low.find("1331 particles beside the scene's 0 other objects: more than 1330 objects"), std::string::npos) << low;
  EXPECT_EQ(error_of(lattice, {.objects = 1331}), "");
  // listed objects: the first table past the bound is named
  const std::string listed = error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\n[[object]]\ntype = \"point\"\n", {.objects = 1});
  EXPECT_EQ(listed.rfind("t.toml:7:", 0), 0u) << listed;
  EXPECT_NE(listed.find("more than 1 [[object]] tables"), std::string::npos) << listed;
}

// A fuzz finding (scene_fuzz, 240 s a target): sample_every = 4·10³⁸, a whole double, was cast to std::size_t
// (undefined behaviour). Bounded as 'steps' is: 10⁹ passes (with 2 steps: the rows at t = 0 and the last), one more
// and 4·10³⁸ are refused at the key.
TEST(LoaderLimits, SampleEveryIsBoundedAsStepsAre) {
  const std::string sim = "[simulation]\ndt = 0.01\nsteps = 2\nsample_every = ";
  const std::string obj = "\n[[object]]\ntype = \"point\"\n";
  EXPECT_EQ(error_of(sim + "1000000000" + obj), "");
  for (const std::string big : {"1000000001", "406666666666666666666666666666666666666.0", "1e300"}) {
    const std::string e = error_of(sim + big + obj);
    EXPECT_EQ(e.rfind("t.toml:4:16:", 0), 0u) << big << ": " << e;
    EXPECT_NE(e.find("'sample_every' must be a whole number from 1 to 1000000000"), std::string::npos) << e;
  }
}

// 24.13: names become columns, file names and page text: letters, digits, '_' and '-' only.
TEST(LoaderLimits, NamesOutsideTheCharacterSetAreRefusedAtTheirPlace) {
  for (const std::string bad : {"it's", "a b", "", "x\\ny", "</script>", "\\\"\\\"", "a.b", "é"}) {
    const std::string e = error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nname = \"" + bad + "\"\n");
    EXPECT_EQ(e.rfind("t.toml:7:8:", 0), 0u) << bad << ": " << e;
    EXPECT_NE(e.find("letters, digits, '_' or '-'"), std::string::npos) << e;
  }
  EXPECT_EQ(error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nname = \"Ball_2-b\"\n"), "");
  EXPECT_NE(error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\n[[obstacle]]\ntype = \"plane\"\nname = \"a;b\"\n").find("t.toml:9:8:"),
            std::string::npos);
  EXPECT_NE(error_of(kSimulationRk4 + "[[object]]\ntype = \"point\"\nname = \"" + std::string(65, 'a') + "\"\n").find("t.toml:7:8:"),
            std::string::npos);
}

// 24.16: dt = 1e308 over 2 steps: the duration overflows; the file's key is named, not --dt/--t-end.
TEST(LoaderLimits, ADurationBeyondTheLargestDoubleNamesDt) {
  const std::string e = error_of("[simulation]\ndt = 1e308\nsteps = 2\n[[object]]\ntype = \"point\"\n");
  EXPECT_EQ(e.rfind("t.toml:2:6:", 0), 0u) << e;
  EXPECT_NE(e.find("'dt'"), std::string::npos) << e;
  // no option given: the overrides leave the scene as loaded (and blame nothing)
  Scene s = parse_scene("[simulation]\ndt = 1e300\nsteps = 2\n[[object]]\ntype = \"point\"\n", "t.toml");
  EXPECT_NO_THROW(override_time(s, kNaN, kNaN, "--dt/--t-end"));
  EXPECT_EQ(s.simulation.steps, 2u);
  EXPECT_EQ(s.simulation.dt, 1e300);
}

// The kind table: one entry per ObjectType, in order, and the trajectory columns of docs/scenes.md
// "Output" (written out here by hand) come from it.
TEST(ObjectKinds, OneEntryPerTypeAndTheDocumentedColumns) {
  for (std::size_t i = 0; i < kObjectKinds.size(); ++i) EXPECT_EQ(static_cast<std::size_t>(kObjectKinds[i].type), i);
  const Scene s = parse_scene(
      "[simulation]\nintegrator = \"rk4\"\ndt = 0.01\nt_end = 1\n"
      "[[object]]\ntype = \"point\"\nname = \"p\"\n"
      "[[object]]\ntype = \"spring\"\nname = \"s\"\nk = 1\norigin = [0, 0, 5]\ndirection = [0, 0, -1]\n"
      "[[object]]\ntype = \"pendulum\"\nname = \"q\"\nlength = 1\norigin = [0, 10, 5]\ntheta0 = 0.3\n"
      "[[object]]\ntype = \"spherical-pendulum\"\nname = \"r\"\nlength = 1\norigin = [0, 20, 5]\ntheta0 = 0.3\n"
      "[[object]]\ntype = \"sphere\"\nname = \"b\"\nradius = 0.1\nposition = [0, 30, 0]\n"
      "[[force]]\ntype = \"gravity\"\n",
      "t.toml");
  const ImpulseWorld w(s);
  const std::vector<std::string> want{"p.x",       "p.y",       "p.z",    "p.vx",   "p.vy",   "p.vz",  "s.E",   "s.Edot",
                                      "s.x",       "s.y",       "s.z",    "s.vx",   "s.vy",   "s.vz",  "q.theta", "q.theta_dot",
                                      "q.x",       "q.y",       "q.z",    "q.vx",   "q.vy",   "q.vz",  "r.theta", "r.phi",
                                      "r.theta_dot", "r.phi_dot", "r.x",  "r.y",    "r.z",    "r.vx",  "r.vy",  "r.vz",
                                      "b.x",       "b.y",       "b.z",    "b.vx",   "b.vy",   "b.vz",  "b.wx",  "b.wy",  "b.wz"};
  EXPECT_EQ(w.trajectory_header(), want);
  const Scene planar = parse_scene("[simulation]\nintegrator = \"rk4\"\ndt = 0.01\nt_end = 1\n"
                                   "[[object]]\ntype = \"disc\"\nname = \"d\"\nradius = 0.1\n",
                                   "t.toml");
  EXPECT_EQ(ImpulseWorld(planar).trajectory_header(),
            (std::vector<std::string>{"d.x", "d.y", "d.angle", "d.vx", "d.vy", "d.omega"}));
}

}  // namespace
}  // namespace verisim::scene::test
