// `verisim run` (experiments/run_command): every bundled scene writes its data, plots and page, and
// the page opens in a real browser (Debian's headless `chromium`) without a script error or a
// missing or broken image; a failed run leaves the output folder as it was.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "experiments/support/process.hpp"
#include "tests/support/browser.hpp"
#include "tests/support/files.hpp"
#include "experiments/report/report.hpp"
#include "experiments/studies/scene_run.hpp"
#include "experiments/studies/studies.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/core/step_error.hpp"

namespace verisim::scene::test {

using namespace verisim::experiments;
namespace {

namespace fs = std::filesystem;

using verisim::test::scratch;
using verisim::test::scratch_root;
using verisim::test::slurp;

// ---- the page in headless Chromium (tests/support/browser.hpp) ------------------------------------------
using verisim::test::chromium_runs;

std::string browser_check(const fs::path& page, bool animated) {
  return verisim::test::browser_check(page, scratch_root() / "chromium-profile", animated);
}

TEST(SceneRunValidation, StudyScenesWritesEveryPageAndChromiumShowsThem) {
  // `verisim study scenes` (part of `study all`): every bundled scene run by run_scene into the
  // report's scenes/<name>/, linked from the report's index.html, each with a passing verdict
  const fs::path out = scratch("report");
  ReportOptions ro;
  ro.plots = gnuplot_available();
  const StudyRun run = run_studies("scenes", StudyOptions{}, out, ro);
  ASSERT_EQ(run.studies.size(), 1u);
  for (const auto& v : run.studies[0].verdicts()) EXPECT_TRUE(v.pass) << v.what << ": expected " << v.expected << ", measured " << v.measured;
  EXPECT_TRUE(run.not_drawn.empty());
  const auto files = bundled_scenes();
  ASSERT_GE(files.size(), 18u);
  const bool browser = chromium_runs();
  const std::string index = slurp(out / "index.html"), summary = slurp(out / "summary.json");
  for (const auto& f : files) {
    const std::string name = f.stem().string();
    const fs::path page = out / "scenes" / name;
    EXPECT_NE(index.find("href=\"scenes/" + name + "/index.html\""), std::string::npos) << name;
    EXPECT_NE(summary.find("\"page\": \"scenes/" + name + "/index.html\""), std::string::npos) << name;
    EXPECT_TRUE(fs::exists(page / "summary.json")) << name;
    const std::string integrator = scene::load_scene(f).simulation.integrator;
    for (const char* csv : {"_trajectory.csv", "_energy.csv", "_events.csv"})
      EXPECT_TRUE(fs::exists(page / "data" / (integrator + csv))) << name << " " << csv;
    if (browser) {
      EXPECT_EQ(browser_check(page / "index.html", true), "") << "in chromium: " << page / "index.html";
    }
  }
  if (browser) {
    EXPECT_EQ(browser_check(out / "index.html", false), "") << "in chromium: " << out / "index.html";
  } else {
    GTEST_SKIP() << "chromium cannot run here (scripts/install-deps installs it): the pages were not opened";
  }
}

TEST(SceneRunValidation, ChromiumSeesABrokenImageAndAScriptError) {
  // the check itself: a page with a missing image and a throwing script must fail it
  if (!chromium_runs()) GTEST_SKIP() << "chromium cannot run here";
  const fs::path dir = scratch("broken");
  fs::create_directories(dir);
  { std::ofstream(dir / "index.html") << "<!DOCTYPE html><html><head></head><body><span id=\"time\">t = 0</span>"
                                          "<img src=\"missing.png\" /><script>undefined_function();</script></body></html>"; }
  const std::string v = browser_check(dir / "index.html", true);
  EXPECT_NE(v.find("missing.png"), std::string::npos) << v;
  EXPECT_NE(v.find("undefined_function"), std::string::npos) << v;
}

TEST(SceneRun, AFolderNamedLikeABundledSceneDoesNotHideIt) {
  // `verisim run spring --out spring` leaves a folder "spring"; the next `verisim study order --scene spring` from the
  // same place said "spring: is a folder, not a scene file". A folder is never a scene: the name is the bundled scene.
  const fs::path here = verisim::test::fresh_folder("scene_argument");
  fs::create_directories(here / "spring");
  std::ofstream(here / "pleiades") << "title = \"mine\"\n";
  const fs::path before = fs::current_path();
  fs::current_path(here);
  const fs::path spring = scene_argument("spring"), mine = scene_argument("pleiades"), file = scene_argument("spring.toml");
  fs::current_path(before);
  EXPECT_EQ(spring, scenes_dir() / "spring.toml");
  EXPECT_EQ(mine, fs::path("pleiades"));          // a file of a bundled scene's name is the user's
  EXPECT_EQ(file, fs::path("spring.toml"));       // a name with an extension is always a path
}

TEST(SceneRun, SeveralIntegratorsOverlayAndOrderAsTheoryPredicts) {
  const fs::path out = scratch("spring3");
  RunOptions o;
  o.plots = false;
  o.integrators = {"euler", "euler-cromer", "rk4"};
  o.dt = 0.01;
  const SceneReport r = run_scene(fs::path(VERISIM_SOURCE_DIR) / "scenes/spring.toml", out, o);
  ASSERT_EQ(r.energy_error.size(), 3u);
  // seed 001 §G.2.1: Euler's energy grows by (ωΔt)² per step, a factor (1 + 4e-4)^1000 = 1.49 over
  // the run; Euler-Cromer's stays within O(ωΔt) = 2 % of it; RK4's drift is O((ωΔt)⁶) per step.
  EXPECT_GT(r.energy_error[0], 0.2);
  EXPECT_LT(r.energy_error[1], 0.03);
  EXPECT_LT(r.energy_error[2], 1e-6);
}

TEST(SceneRun, AFailedRunLeavesTheOutputFolderAsItWas) {
  const fs::path out = scratch("kept");
  fs::create_directories(out);
  { std::ofstream(out / "marker") << "before"; }
  const fs::path bad = out.parent_path() / "nan.toml";
  { std::ofstream(bad) << "[simulation]\nintegrator = \"euler\"\ndt = 1\nt_end = 2000\n[[object]]\ntype = \"spring\"\nk = 100\nx0 = 1\n"; }
  RunOptions o;
  o.plots = false;
  try {
    run_scene(bad, out, o);
    ADD_FAILURE() << "the run should have stopped on a non-finite state";
  } catch (const core::StepError& e) {
    EXPECT_NE(std::string(e.what()).find("object 'spring1'"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::exists(out / "marker"));
  EXPECT_FALSE(fs::exists(out / "index.html"));
  for (const auto& e : fs::directory_iterator(out.parent_path()))
    EXPECT_EQ(e.path().filename().string().find("kept.tmp"), std::string::npos) << e.path();
}

}  // namespace
}  // namespace verisim::scene::test
