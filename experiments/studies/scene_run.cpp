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

namespace {

// ------------------------------------------------------------------------------------ progress
struct Bar {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::string label;
  bool shown = false;
  bool draw = true;  ///< false: only the stop-signal checkpoint
};
void progress_bar(void* ctx, std::size_t step, std::size_t steps) {
  throw_if_interrupted();  // a stop signal ends the run here: the staging folder is removed (interrupt.hpp)
  auto* bar = static_cast<Bar*>(ctx);
  if (!bar->draw) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - bar->start).count();
  if (elapsed < 1.0 && !bar->shown) return;  // only runs longer than a second
  bar->shown = true;
  const int width = 40, done = static_cast<int>(static_cast<double>(width) * static_cast<double>(step) / static_cast<double>(std::max<std::size_t>(steps, 1)));
  fmt::print(stderr, "\r{} [{}{}] {:3d}%", bar->label, std::string(static_cast<std::size_t>(done), '#'),
             std::string(static_cast<std::size_t>(width - done), ' '), 100 * done / width);
  if (step == steps) fmt::print(stderr, "\n");
}

}  // namespace

SceneReport run_scene(const fs::path& path, const fs::path& out, const RunOptions& options) {
  scene::Scene base = scene::load_scene(path);
  scene::override_time(base, options.dt, options.t_end, "--dt/--t-end");
  std::vector<std::string> names = options.integrators;
  if (names.empty()) names.push_back(base.simulation.integrator);
  for (const auto& n : names) {  // every name checked before anything is computed
    scene::Scene s = base;
    scene::override_integrator(s, n, "--integrator");
  }
  // --out checked, and the whole page built in a staging folder swapped in at the end (one
  // mechanism with the study reports: experiments/support/report_folder.hpp)
  require_gnuplot(options.plots);
  ReportFolder folder(out, {path});  // never the scene file's folder, nor one inside it
  std::vector<scene::RunResult> runs;
  for (const auto& n : names) {
    scene::Scene s = base;
    scene::override_integrator(s, n, "--integrator");
    Bar bar;
    bar.label = fmt::format("{} ({})", s.name, n);
    bar.draw = options.progress;
    try {
      runs.push_back(scene::simulate(s, {progress_bar, &bar}));
    } catch (const core::StepError& e) {  // name the scene and the integrator (the step and time are in e)
      throw core::StepError(fmt::format("{}: [simulation] integrator '{}': {}", s.file, n, e.what()));
    }
  }
  for (const auto& r : runs)  // the summary numbers, as every number written, are finite (issue 24.4)
    for (const double v : {scene_energy_error(r), scene_energy_change(r)})
      if (!std::isfinite(v))
        throw core::StepError(fmt::format("{}: [simulation] integrator '{}': the energy error relative to the energy scale "
                                          "is not finite (it overflows the largest double): no result is written",
                                          base.file, r.integrator));
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
  rep.steps = base.simulation.steps;
  return rep;
}

}  // namespace verisim::experiments
