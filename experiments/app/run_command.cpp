#include "experiments/app/run_command.hpp"

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/report/report.hpp"
#include "experiments/studies/scene_run.hpp"
#include "experiments/support/cli_checks.hpp"
#include "experiments/support/finite_range.hpp"
#include "experiments/support/interrupt.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;

void add_run_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("run", "Simulate a scene file (TOML): trajectory, energy and events as CSV, plots, and a page that shows it moving");
  struct Args {
    std::string scene, out;
    RunOptions o;
    bool no_plots = false;
    std::string threads;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("scene", args->scene, "the scene file (or the name of a bundled scene: verisim scenes)")->required();
  cmd->add_option("--out", args->out, "output directory (default: reports/scenes/<scene name>)");
  cmd->add_option("--integrator", args->o.integrators, "integrator(s), comma-separated: each runs the scene, plots overlay");
  cmd->add_option("--dt", args->o.dt, "time step (s), instead of the scene's")->check(finite_range());
  cmd->add_option("--t-end", args->o.t_end, "duration (s), instead of the scene's")->check(finite_range());
  cmd->add_option("--threads", args->threads,
                  "threads of a soft-contact world (default: every core); the output is the same bits for any count");
  cmd->add_flag("--quiet", args->o.quiet, "print nothing on success");
  cmd->add_flag("--no-plots", args->no_plots, "do not run gnuplot (data, scripts and the page are still written)");
  cmd->callback([args, cmd] {
    require_non_empty_path(args->out, cmd->count("--out") > 0, "--out");
    args->o.integrators = split_names(args->o.integrators, "--integrator");
    const fs::path path = scene_argument(args->scene);
    const fs::path out = args->out.empty() ? fs::path("reports/scenes") / path.stem() : fs::path(args->out);
    RunOptions o = args->o;
    o.threads = parse_threads(args->threads, cmd->count("--threads") > 0);
    o.plots = !args->no_plots;
    o.progress = !o.quiet && isatty(fileno(stderr)) != 0;
    o.progress_lines = !o.quiet && !o.progress;  // a log: one line every 10 s
    const InterruptHandlers handlers;  // SIGINT, SIGTERM, SIGHUP: exit 130/143/129, the output folder as it was
    const SceneReport r = run_scene(path, out, o);
    if (o.quiet) return;
    for (std::size_t i = 0; i < r.integrators.size(); ++i)
      fmt::print("{}: max |E - E(0)|/scale = {}, {} collisions\n", r.integrators[i], fmt_g(r.energy_error[i], 3), r.events[i]);
    fmt::print("Page: {}/index.html\n", r.dir.string());
  });
}

void add_scenes_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("scenes", "List the bundled scenes (verisim run <name> runs one)");
  cmd->callback([] {
    const auto files = bundled_scenes();
    if (files.empty()) throw std::invalid_argument("no scene found in " + scenes_dir().string() + " (set VERISIM_SCENES)");
    for (const auto& f : files) {
      const scene::Scene s = scene::load_scene(f);
      fmt::print("{:<22} {}\n", s.name, s.title);
    }
  });
}

}  // namespace verisim::experiments
