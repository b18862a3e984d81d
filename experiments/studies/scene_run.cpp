#include "experiments/studies/scene_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/support/finite_range.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/io/json.hpp"
#include "experiments/report/report.hpp"
#include "experiments/report/scene_page.hpp"
#include "experiments/support/report_folder.hpp"
#include "experiments/studies/studies.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

#ifndef VERISIM_SCENES_DIR
#define VERISIM_SCENES_DIR "scenes"
#endif

namespace verisim::experiments {

namespace fs = std::filesystem;
using scene::ObjectType;

fs::path scenes_dir() {
  if (const char* env = std::getenv("VERISIM_SCENES")) return env;
  return VERISIM_SCENES_DIR;
}

std::vector<fs::path> bundled_scenes() {
  std::vector<fs::path> out;
  if (fs::is_directory(scenes_dir()))
    for (const auto& e : fs::directory_iterator(scenes_dir()))
      if (e.path().extension() == ".toml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

fs::path scene_argument(const std::string& text) {
  const fs::path path = text;
  std::error_code ec;
  // a bare name that is no file (nothing there, or a folder: a run's --out named after its scene) is the bundled scene
  if (!text.empty() && !fs::is_regular_file(path, ec) && !fs::is_symlink(path, ec) && path.extension().empty() &&
      path.filename() == path &&
      fs::is_regular_file(scenes_dir() / (text + ".toml"), ec))
    return scenes_dir() / (text + ".toml");
  return path;
}

namespace {

// ------------------------------------------------------------------------------------ progress
// Called by scene::simulate about every 0.1 s of stepping (after its stop-signal checkpoint,
// toolkit/core/checkpoint.hpp): a bar redrawn in place on a terminal, or one line every 10 s.
struct Bar {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::string label;
  bool shown = false;
  bool draw = true;      ///< the bar (stderr is a terminal)
  bool lines = false;    ///< a line every kLineEvery seconds (stderr is not a terminal)
  double next_line = 0;  ///< the elapsed time of the next line
};
constexpr double kLineEvery = 10.0;  ///< seconds between two progress lines (issue 24.12: a low rate for logs)

/// A duration for people: "40 s", "2.5 min", "3.1 h", "12 days", "4.2e+03 years".
std::string human_duration(double s) {
  if (s < 120) return fmt::format("{:.0f} s", s);
  if (s < 7200) return fmt::format("{:.2g} min", s / 60);
  if (s < 172800) return fmt::format("{:.2g} h", s / 3600);
  if (s < 3.15576e7 * 2) return fmt::format("{:.3g} days", s / 86400);
  return fmt::format("{:.2g} years", s / 3.15576e7);
}

void progress_bar(void* ctx, std::size_t step, std::size_t steps) {
  auto* bar = static_cast<Bar*>(ctx);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - bar->start).count();
  const double done = static_cast<double>(step) / static_cast<double>(std::max<std::size_t>(steps, 1));
  if (bar->lines) {
    if (bar->next_line == 0) bar->next_line = kLineEvery;
    if (elapsed < bar->next_line || step == steps) return;
    bar->next_line = (std::floor(elapsed / kLineEvery) + 1) * kLineEvery;
    fmt::print(stderr, "verisim: {}: step {} of {} ({:.1f} %), {} elapsed{}\n", bar->label, step, steps, 100 * done,
               human_duration(elapsed), done > 0 ? ", about " + human_duration(elapsed * (1 - done) / done) + " left" : "");
    return;
  }
  if (!bar->draw) return;
  if (elapsed < 1.0 && !bar->shown) return;  // only runs longer than a second
  bar->shown = true;
  const int width = 40, cells = static_cast<int>(static_cast<double>(width) * done);
  fmt::print(stderr, "\r{} [{}{}] {:3d}%", bar->label, std::string(static_cast<std::size_t>(cells), '#'),
             std::string(static_cast<std::size_t>(width - cells), ' '), 100 * cells / width);
  if (step == steps) fmt::print(stderr, "\n");
}

// The work of a run, estimated before it starts (issue 24.12): objects × steps × integrators, at the cost
// per particle-step measured on the soft-contact boxes of 10³–10⁵ particles with the default verlet
// (docs/contact.md "cost per particle-step": 474–640 ns; the largest taken). Above kAnnounceAbove seconds
// one line on stderr says so before the first step.
constexpr double kCostPerObjectStep = 640e-9;  ///< s, docs/contact.md
constexpr double kAnnounceAbove = 60.0;        ///< s

/// The estimated duration of the runs of `s` with `integrators` integrators (s).
double estimated_seconds(const scene::Scene& s, std::size_t integrators) {
  return static_cast<double>(s.objects.size()) * static_cast<double>(s.simulation.steps) * static_cast<double>(integrators) *
         kCostPerObjectStep;
}
}  // namespace

SceneReport run_scene(const fs::path& path, const fs::path& out, const RunOptions& options) {
  scene::Scene base = scene::load_scene(path);
  scene::override_time(base, options.dt, options.t_end, "--dt/--t-end");
  base.simulation.threads = options.threads;
  std::vector<std::string> names = options.integrators;
  if (names.empty()) names.push_back(base.simulation.integrator);
  // the integrator is the one field a run changes: set and restored on `base`, never a copy of the
  // scene (10⁶ objects: a copy takes seconds, in which no stop signal would be seen)
  const scene::Simulation own = base.simulation;
  for (const auto& n : names) {  // every name checked before anything is computed
    scene::override_integrator(base, n, "--integrator");
    base.simulation = own;
  }
  // --out checked, and the whole page built in a staging folder swapped in at the end (one
  // mechanism with the study reports: experiments/support/report_folder.hpp)
  require_gnuplot(options.plots);
  ReportFolder folder(out, {path});  // never the scene file's folder, nor one inside it
  if (const double est = estimated_seconds(base, names.size()); est > kAnnounceAbove)
    fmt::print(stderr, "verisim: a large run: {} objects × {} steps × {} integrator(s) = {:.3g} object-steps, estimated {} "
               "at {:.0f} ns per object-step (docs/scenes.md); SIGINT (Ctrl-C) or SIGTERM stops it within a second, "
               "leaving {} as it was\n", base.objects.size(), base.simulation.steps, names.size(),
               static_cast<double>(base.objects.size()) * static_cast<double>(base.simulation.steps) * static_cast<double>(names.size()),
               human_duration(est), kCostPerObjectStep * 1e9, out.string());
  std::vector<scene::RunResult> runs;
  for (const auto& n : names) {
    base.simulation = own;
    scene::override_integrator(base, n, "--integrator");
    const scene::Scene& s = base;
    Bar bar;
    bar.label = fmt::format("{} ({})", s.name, n);
    bar.draw = options.progress;
    bar.lines = options.progress_lines;
    runs.push_back(scene::simulate(s, {progress_bar, &bar}));  // its errors name the file, integrator, dt
  }
  for (const auto& r : runs)  // the summary numbers, as every number written, are finite (issue 24.4)
    for (const double v : {scene_energy_error(r), scene_energy_change(r)})
      if (!std::isfinite(v))
        throw core::StepError(fmt::format("{}: the energy error relative to the energy scale is not finite (it "
                                          "overflows the largest double): no result is written",
                                          scene::run_context(base, r.integrator)));
  base.simulation = own;
  const fs::path tmp = folder.staging();
  SceneReport rep;
  rep.plotted = write_scene_page(tmp, base, runs, options.plots);
  throw_if_interrupted();
  folder.commit();
  rep.dir = folder.target();
  for (const auto& r : runs) {
    rep.integrators.push_back(r.integrator);
    rep.energy_error.push_back(scene_energy_error(r));
    rep.events.push_back(r.stats.collisions);
    rep.energy_change.push_back(scene_energy_change(r));
  }
  rep.conserves_energy = runs.front().conserves_energy;
  rep.driven = runs.front().driven;
  rep.steps = base.simulation.steps;
  return rep;
}

}  // namespace verisim::experiments
