// Determinism and interruption of the `verisim` binary (issue 17): the same scene or study run twice gives
// byte-identical files; a `verisim run` stopped by SIGINT or SIGTERM midway leaves a folder that held a
// complete earlier report byte-identical, with no staging folder left. (The same for `verisim study`:
// tests/experiments/report_test.cpp, Experiments_StudyCommand.Sig*.)
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <unistd.h>

#include "experiments/report/scene_page.hpp"
#include "experiments/studies/timed_files.hpp"
#include "experiments/support/process.hpp"
#include "tests/bad_input/snapshot.hpp"
#include "tests/support/child.hpp"
#include "toolkit/core/checkpoint.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"


namespace verisim::bad_input::test {
namespace {

namespace fs = std::filesystem;

/// Runs verisim to the end in `cwd`; its exit code (stderr shown on failure).
int verisim(const std::vector<std::string>& args, const fs::path& cwd) {
  std::vector<std::string> argv{VERISIM_EXE};
  argv.insert(argv.end(), args.begin(), args.end());
  experiments::ProcessOptions o;
  o.separate_stderr = true;
  const auto r = experiments::run_process(argv, cwd, 600.0, o);
  EXPECT_TRUE(r.ok()) << r.error << r.errors;
  return r.exit_code;
}

/// The snapshot of one run into `out` (removed first), as the user would get it.
std::map<std::string, std::string> run_into(const fs::path& out, std::vector<std::string> args) {
  fs::remove_all(out);
  args.push_back("--out");
  args.push_back(out.string());
  EXPECT_EQ(verisim(args, out.parent_path()), 0);
  return snapshot(out);
}

/// The entries of `a` and `b` whose bytes differ, with extension `ext` ("" for any).
std::vector<std::string> differing(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b,
                                   const std::string& ext = "") {
  std::vector<std::string> out;
  for (const auto& [k, v] : a)
    if ((ext.empty() || fs::path(k).extension() == ext) && (!b.count(k) || b.at(k) != v)) out.push_back(k);
  for (const auto& [k, v] : b)
    if ((ext.empty() || fs::path(k).extension() == ext) && !a.count(k)) out.push_back(k);
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + " ";
  return s;
}

TEST(BadInputDeterminism, EveryBundledSceneRunTwiceGivesByteIdenticalCsvJsonHtml) {
  const fs::path base = fresh_folder("determinism_scenes");
  int scenes = 0;
  for (const auto& e : fs::directory_iterator(SCENES_DIR)) {
    if (e.path().extension() != ".toml") continue;
    ++scenes;
    const auto first = run_into(base / "r", {"run", e.path().string(), "--no-plots", "--quiet"});
    const auto second = run_into(base / "r", {"run", e.path().string(), "--no-plots", "--quiet"});
    EXPECT_GE(first.size(), 5u) << e.path();  // the page, summary.json, the CSV of one run
    EXPECT_TRUE(differing(first, second).empty()) << e.path() << ": " << joined(differing(first, second));
  }
  EXPECT_GE(scenes, 14);
  fs::remove_all(base);
}

// Soft contact on every core (issue 30): `--threads` changes no bit of the output. The bundled soft scenes are
// below contact::World's kParallelMin (they run on one thread whatever the count), so the pile is also run
// with 2500 discs (granular_pile.toml's text, the count raised and the region made tall enough), where the
// threads really share the world's evaluation.
TEST(BadInputDeterminism, SoftScenesOnOneAndThreeThreadsGiveByteIdenticalFiles) {
  const fs::path base = fresh_folder("determinism_threads");
  std::ifstream in(SCENES_DIR "/granular_pile.toml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"count = 40", "count = 2500"},
                                 {"region_max = [0.1, 0.1]", "region_max = [0.1, 6.0]"}}) {
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  }
  const fs::path big = base / "big_pile.toml";
  std::ofstream(big) << text;
  for (const auto& [scene, t_end] : {std::pair<std::string, std::string>{big.string(), "0.02"},
                                     {SCENES_DIR "/granular_pile.toml", "0.1"}, {SCENES_DIR "/hertz_pile.toml", "0.05"}}) {
    const auto one = run_into(base / "r", {"run", scene, "--t-end", t_end, "--threads", "1", "--no-plots", "--quiet"});
    const auto three = run_into(base / "r", {"run", scene, "--t-end", t_end, "--threads", "3", "--no-plots", "--quiet"});
    EXPECT_GE(one.size(), 5u) << scene;
    EXPECT_TRUE(differing(one, three).empty()) << scene << ": " << joined(differing(one, three));
  }
  fs::remove_all(base);
}

TEST(BadInputDeterminism, QuickStudiesRunTwiceGiveByteIdenticalCsvJsonHtmlButTheTimings) {
  const fs::path base = fresh_folder("determinism_studies");
  const auto first = run_into(base / "r", {"study", "all", "--quick", "--no-plots"});
  const auto second = run_into(base / "r", {"study", "all", "--quick", "--no-plots"});
  EXPECT_GE(first.size(), 20u);
  // The exceptions, exactly the files of experiments/studies/timed_files.hpp (docs/studies.md lists the same):
  // the measured CPU and wall-clock times. Every other file, the timings' summaries and verdicts included, is
  // identical; and every pattern names files the report holds (with --no-plots a plot's script, <stem>.gp),
  // so that the list is neither wider nor staler than the report.
  std::vector<std::string> diff;
  for (const auto& name : differing(first, second))
    if (!experiments::is_timed_file(name)) diff.push_back(name);
  EXPECT_TRUE(diff.empty()) << joined(diff);
  for (const auto pattern : experiments::kTimedFiles) {
    std::string p(pattern);
    for (const std::string plot : {".png", ".svg"})
      if (p.ends_with(plot)) p = p.substr(0, p.size() - plot.size()) + ".gp";
    int found = 0;
    for (const auto& [name, bytes] : first) found += experiments::matches_timed_pattern(name, p);
    EXPECT_GE(found, 1) << pattern << " names no file of the report";
  }
  EXPECT_FALSE(experiments::is_timed_file("work-precision/wp_kepler.csv"));
  EXPECT_FALSE(experiments::is_timed_file("contact/cost.csv"));
  int compared = 0;
  for (const auto& [name, bytes] : first)
    for (const std::string ext : {".csv", ".json", ".html", ".gp"}) compared += fs::path(name).extension() == ext;
  EXPECT_GE(compared, 20);
  fs::remove_all(base);
}

// Gnuplot's plots (pngcairo and svg terminals, experiments/report/report.hpp): drawn twice from the same scripts
// and data, the bytes are the same — neither terminal writes a date or a random id.
TEST(BadInputDeterminism, PlotsOfASceneDrawnTwiceAreByteIdentical) {
  const fs::path base = fresh_folder("determinism_plots");
  const auto first = run_into(base / "r", {"run", fs::path(SCENES_DIR "/spring.toml").string(), "--quiet"});
  const auto second = run_into(base / "r", {"run", fs::path(SCENES_DIR "/spring.toml").string(), "--quiet"});
  int plots = 0;
  for (const auto& [k, v] : first) plots += fs::path(k).extension() == ".png" || fs::path(k).extension() == ".svg";
  if (plots == 0) GTEST_SKIP() << "gnuplot drew nothing here";
  EXPECT_TRUE(differing(first, second, ".svg").empty()) << joined(differing(first, second, ".svg"));
  EXPECT_TRUE(differing(first, second, ".png").empty()) << joined(differing(first, second, ".png"));
  EXPECT_TRUE(differing(first, second).empty()) << joined(differing(first, second));
  fs::remove_all(base);
}

// ---------------------------------------------------------------- interruption of `verisim run`

/// Staging folders of `name` under `parent` (report_folder.hpp: ".<name>.verisim-XXXXXX").
std::vector<std::string> staging_folders(const fs::path& parent, const std::string& name) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(parent))
    if (e.path().filename().string().starts_with("." + name + ".verisim")) out.push_back(e.path().filename().string());
  return out;
}

void interrupt_run(int signal, int expected_exit) {
  const fs::path base = fresh_folder("interrupt_run_" + std::to_string(signal));
  const fs::path out = base / "r";
  run_into(out, {"run", fs::path(SCENES_DIR "/spring.toml").string(), "--no-plots", "--quiet"});  // a complete earlier report
  put(out / "notes.txt", "the user's notes\n");
  const auto before = snapshot(base);
  // a long run (the Pleiades over 300 s: tens of seconds) into the same folder
  const verisim::test::Child child = verisim::test::spawn_child(
      {VERISIM_EXE, "run", SCENES_DIR "/pleiades.toml", "--t-end", "300", "--no-plots", "--quiet", "--out", out.string()}, {},
      "/dev/null", "/dev/null");
  // the staging folder exists from the check of --out until the swap: the simulation is under way
  const auto start = std::chrono::steady_clock::now();
  while (staging_folders(base, "r").empty() && std::chrono::steady_clock::now() - start < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  EXPECT_FALSE(staging_folders(base, "r").empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // midway through the steps
  ::kill(child.pid, signal);
  const int code = verisim::test::wait_exit(child);
  EXPECT_EQ(code, expected_exit) << (code <= -100 ? "killed by signal " + std::to_string(-100 - code) + " instead of stopping cleanly" : "");
  EXPECT_TRUE(staging_folders(base, "r").empty()) << joined(staging_folders(base, "r"));
  EXPECT_EQ(snapshot(base), before);
  fs::remove_all(base);
}

TEST(BadInputInterruption, SigintDuringARunLeavesTheEarlierReportByteIdenticalAndNoStagingFolder) {
  interrupt_run(SIGINT, 130);
}
TEST(BadInputInterruption, SigtermDuringARunLeavesTheEarlierReportByteIdenticalAndNoStagingFolder) {
  interrupt_run(SIGTERM, 143);
}


// ------------------------------------------- stop signals checked by elapsed time (issue 24.9, 24.12)

/// Waits (up to `limit`) until `file` holds `text`; whether it does.
bool wait_for_text(const fs::path& file, const std::string& text, std::chrono::seconds limit) {
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < limit) {
    if (fs::exists(file) && verisim::test::slurp(file).find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

/// Waits (up to 60 s) until process `pid` catches `signal` (its handler installed: the bit signal − 1 of
/// SigCgt in /proc/<pid>/status, proc(5)): the command has started, so a signal now tests its stopping,
/// not the default action on a process still starting (slower under the sanitizers); whether it does.
bool wait_until_catching(pid_t pid, int signal) {
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("SigCgt:", 0) == 0 && ((std::stoull(line.substr(7), nullptr, 16) >> (signal - 1)) & 1u) != 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

/// SIGTERM to `child` after `text` appeared on its stderr (`err`) and `delay` more; the seconds from the
/// signal to its exit, which must be 143 (the shell's code for SIGTERM).
double seconds_to_stop(const verisim::test::Child& child, const fs::path& err, const std::string& text,
                       std::chrono::milliseconds delay) {
  EXPECT_TRUE(wait_for_text(err, text, std::chrono::seconds(120))) << "'" << text << "' never came on stderr";
  std::this_thread::sleep_for(delay);
  const auto sent = std::chrono::steady_clock::now();
  ::kill(child.pid, SIGTERM);
  const int code = verisim::test::wait_exit(child);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  EXPECT_EQ(code, 143) << verisim::test::slurp(err);
  return took;
}

// 8 000 soft spheres (each step ~10 ms): the stop signal was checked every 1 % of 10⁷ steps, i.e. never
// within minutes. Now every ~0.1 s of stepping (toolkit/core/checkpoint.hpp): the run must stop within
// a second (the issue's bound) of the signal, with the folder as it was.
TEST(BadInputInterruption, SigtermDuringALargeSoftRunStopsWithinASecond) {
  const fs::path base = fresh_folder("interrupt_large_soft");
  put(base / "pile.toml", R"(title = "8000 soft spheres"
[simulation]
integrator = "verlet"
dt = 1.0e-5
t_end = 100
law = "soft"
restitution = 0.5
[contact]
dimension = 3
stiffness = "free-fall"
height = 0.1
delta_max = 0.00025
[[object]]
type = "particles"
name = "grain"
generator = "lattice"
count = 8000
region_min = [0, 0, 0.005]
region_max = [0.2, 0.2, 0.4]
radius = 0.005
density = 1000.0
[[force]]
type = "gravity"
g = [0, 0, -9.81]
[[obstacle]]
type = "plane"
name = "floor"
normal = [0, 0, 1]
)");
  plant_earlier_report(base / "out");
  const auto before = snapshot(base);
  const fs::path err = fresh_folder("interrupt_large_soft_err") / "stderr";
  const auto child = verisim::test::spawn_child({VERISIM_EXE, "run", (base / "pile.toml").string(), "--no-plots", "--out",
                                                 (base / "out").string()}, {}, "/dev/null", err);
  // the estimate line comes once the scene is built, just before the first step (issue 24.12)
  const double took = seconds_to_stop(child, err, "a large run", std::chrono::milliseconds(500));
  EXPECT_LT(took, 1.0);
  EXPECT_EQ(snapshot(base), before);
  std::printf("SIGTERM to exit, 8000 soft spheres stepping: %.3f s\n", took);
  fs::remove_all(base);
}

// 10⁶ discs placed by random sequential addition, then 10⁶ objects built: seconds of work before the
// first step, in which no signal was checked. Stopped while building.
TEST(BadInputInterruption, SigtermWhilePackingAMillionParticlesStopsWithinASecond) {
  const fs::path base = fresh_folder("interrupt_packing");
  put(base / "million.toml", R"(title = "a million random discs"
[simulation]
integrator = "verlet"
dt = 1.0e-5
t_end = 1
law = "soft"
[contact]
dimension = 2
stiffness = "free-fall"
height = 0.1
delta_max = 0.00025
[[object]]
type = "particles"
name = "grain"
generator = "random"
count = 1000000
seed = 3
region_min = [0, 0.005]
region_max = [20, 20]
radius = 0.005
density = 10.0
[[force]]
type = "gravity"
g = [0, -9.81]
[[obstacle]]
type = "plane"
name = "floor"
normal = [0, 1, 0]
)");
  plant_earlier_report(base / "out");
  const auto before = snapshot(base);
  for (const int ms : {300, 1500}) {  // once the command has started: packing, then building the objects
    const fs::path err = fresh_folder("interrupt_packing_err" + std::to_string(ms)) / "stderr";
    const auto child = verisim::test::spawn_child({VERISIM_EXE, "run", (base / "million.toml").string(), "--no-plots", "--out",
                                                   (base / "out").string()}, {}, "/dev/null", err);
    EXPECT_TRUE(wait_until_catching(child.pid, SIGTERM)) << "verisim never installed its SIGTERM handler";
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    const auto sent = std::chrono::steady_clock::now();
    ::kill(child.pid, SIGTERM);
    const int code = verisim::test::wait_exit(child);
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    EXPECT_EQ(code, 143) << verisim::test::slurp(err);
    EXPECT_LT(took, 1.0) << "after " << ms << " ms";
    std::printf("SIGTERM to exit after %d ms of building a million particles: %.3f s\n", ms, took);
    EXPECT_EQ(snapshot(base), before);
  }
  fs::remove_all(base);
}

// Issue 24.12: a run estimated above a minute says so on stderr before its first step, with the
// estimate: 1 object × 10⁹ steps (spring.toml, dt = 1 ms, --t-end 10⁶ s) at 640 ns per object-step
// (docs/scenes.md) = 640 s; and with stderr not a terminal (a file here) a progress line every 10 s.
TEST(BadInputInterruption, ARunEstimatedAboveAMinuteSaysSoAndShowsProgressInALog) {
  const fs::path base = fresh_folder("estimate_large");
  const fs::path err = base / "stderr";
  const auto child = verisim::test::spawn_child({VERISIM_EXE, "run", SCENES_DIR "/spring.toml", "--t-end", "1e6", "--no-plots",
                                                 "--out", (base / "out").string()}, {}, "/dev/null", err);
  EXPECT_TRUE(wait_for_text(err, "1000000000 steps", std::chrono::seconds(60)));
  const std::string line = verisim::test::slurp(err);
  EXPECT_NE(line.find("estimated 11 min"), std::string::npos) << line;  // 640 s = 10.7 min, 2 digits
  const double took = seconds_to_stop(child, err, "): step ", std::chrono::milliseconds(0));  // the 10 s line
  EXPECT_LT(took, 1.0);
  EXPECT_NE(verisim::test::slurp(err).find("elapsed"), std::string::npos) << verisim::test::slurp(err);
  EXPECT_FALSE(fs::exists(base / "out"));
  fs::remove_all(base);
}

// Page writing checks the stop signal too (issue 24.9): a page of 10⁶ rows (a second or more of CSV
// text, 5 s before) calls the checkpoint hook (toolkit/core/checkpoint.hpp) with no gap above the issue's
// second (measured 0.26–0.38 s: the Pacer's period is 0.1 s, files are written in 8 MiB chunks with a
// checkpoint between them; the rest is the report writer's own work).
std::vector<std::chrono::steady_clock::time_point>& hook_calls() {
  static std::vector<std::chrono::steady_clock::time_point> calls;
  return calls;
}

TEST(BadInputInterruption, WritingALargePageReachesTheCheckpointEveryTenthOfASecond) {
  scene::Scene s = scene::load_scene(SCENES_DIR "/spring.toml");
  scene::override_time(s, scene::kNaN, 1000.0, "--t-end");  // dt = 1 ms: 10⁶ steps
  s.simulation.sample_every = 1;                           // 10⁶ rows of samples
  const std::vector<scene::RunResult> runs{scene::simulate(s)};
  const fs::path dir = fresh_folder("page_checkpoints");
  hook_calls().clear();
  hook_calls().reserve(1 << 16);
  const core::CheckpointHook old = core::checkpoint_hook();
  core::checkpoint_hook() = [] { hook_calls().push_back(std::chrono::steady_clock::now()); };
  const auto start = std::chrono::steady_clock::now();
  experiments::write_scene_page(dir, s, runs, false);
  const auto end = std::chrono::steady_clock::now();
  core::checkpoint_hook() = old;
  ASSERT_FALSE(hook_calls().empty());
  double gap = std::chrono::duration<double>(hook_calls().front() - start).count();
  for (std::size_t i = 1; i < hook_calls().size(); ++i)
    gap = std::max(gap, std::chrono::duration<double>(hook_calls()[i] - hook_calls()[i - 1]).count());
  gap = std::max(gap, std::chrono::duration<double>(end - hook_calls().back()).count());
  std::printf("page of 10^6 rows: %.2f s, %zu checkpoints, largest gap %.3f s\n",
              std::chrono::duration<double>(end - start).count(), hook_calls().size(), gap);
  EXPECT_LT(gap, 1.0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace verisim::bad_input::test
