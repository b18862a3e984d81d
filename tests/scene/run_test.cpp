// `verisim run` (experiments/run_command): every bundled scene writes its data, plots and page;
// the page's script runs without error on the scene's data (node, with a minimal DOM: Chromium is
// not installed on this machine); a failed run leaves the output folder as it was.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "experiments/report.hpp"
#include "experiments/run_command.hpp"
#include "toolkit/core/step_error.hpp"

namespace verisim::scene::test {

using namespace verisim::experiments;
namespace {

namespace fs = std::filesystem;

fs::path scratch_root() { return fs::temp_directory_path() / ("verisim_scene_test_" + std::to_string(getpid())); }

fs::path scratch(const std::string& name) {
  const fs::path p = scratch_root() / name;
  fs::remove_all(p);
  return p;
}

/// Removes the scratch folder when the tests end.
class ScratchCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(scratch_root(), ec);
  }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

bool have_node() { return std::system("node --version >/dev/null 2>&1") == 0; }

TEST(SceneRunValidation, EveryBundledSceneWritesItsPage) {
  const auto files = bundled_scenes();
  ASSERT_GE(files.size(), 14u);
  const bool node = have_node();
  for (const auto& f : files) {
    const fs::path out = scratch(f.stem().string());
    RunOptions o;
    o.plots = gnuplot_available();
    const SceneReport r = run_scene(f, out, o);
    EXPECT_TRUE(fs::exists(out / "index.html")) << f;
    EXPECT_TRUE(fs::exists(out / "summary.json")) << f;
    for (const auto& n : r.integrators)
      for (const char* csv : {"_trajectory.csv", "_energy.csv", "_events.csv"})
        EXPECT_TRUE(fs::exists(out / "data" / (n + csv))) << f << " " << n << " " << csv;
    EXPECT_EQ(r.plotted, o.plots) << f;
    if (node) {
      const std::string cmd = "node " + std::string(VERISIM_SOURCE_DIR) + "/tests/scene/page_check.js " +
                              (out / "index.html").string() + " >/dev/null";
      EXPECT_EQ(std::system(cmd.c_str()), 0) << "script error or missing image in " << out / "index.html";
    }
  }
  if (!node) GTEST_SKIP() << "node not found: the pages' scripts were not run";
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
