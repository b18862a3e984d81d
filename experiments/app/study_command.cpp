#include "experiments/app/study_command.hpp"

#include <cstdio>
#include <limits>
#include <stdexcept>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/playground/page.hpp"
#include "experiments/studies/scene_run.hpp"
#include "experiments/support/cli_checks.hpp"
#include "experiments/support/finite_range.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

void add_study_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("study", "Run verification studies and write the report (index.html, summary.json, CSV, plots)");
  struct Args {
    std::string which;
    std::string out = "reports";
    std::vector<std::string> integrators, problems;
    bool quick = false;
    bool no_plots = false;
    std::string scene;
    double t_end = std::numeric_limits<double>::quiet_NaN();
    std::string threads;
  };
  auto args = std::make_shared<Args>();
  std::string names;  // the catalogue's (studies.hpp)
  for (const auto& s : kStudies) names += std::string(s.name) + ", ";
  cmd->add_option("study", args->which, names + "or all")->required();
  cmd->add_option("--out", args->out,
                  "report folder: created, or replaced as a whole when it holds a previous report (files of yours in "
                  "it are kept)")
      ->capture_default_str();
  cmd->add_option("--integrators", args->integrators, "comma-separated integrator names (default: all)");
  std::string problems;  // every problem a study uses (studies.hpp)
  for (const auto p : study_problem_names()) problems += (problems.empty() ? "" : ", ") + std::string(p);
  cmd->add_option("--problems", args->problems, "comma-separated problems: " + problems + " (default: all the study uses)");
  cmd->add_option("--scene", args->scene,
                  "measure on this scene file (or bundled scene: verisim scenes) instead of the catalogue's problems (order, drift, work-precision): "
                  "against a reference run, with Richardson's observed order as a second opinion");
  cmd->add_option("--t-end", args->t_end, "with --scene: the final time [s] (default: the scene's)")
      ->check(finite_range(0.0, std::numeric_limits<double>::max()));
  cmd->add_option("--threads", args->threads,
                  "threads of the soft-contact worlds the studies step (default: every core); the same bits for any count");
  cmd->add_flag("--quick", args->quick, "fewer steps: every study in a few seconds (used by the tests)");
  cmd->add_flag("--no-plots", args->no_plots, "do not run gnuplot (data, scripts and HTML are still written)");
  cmd->footer(
      "Exit status: 0 every verdict passed; 1 a verdict failed or a plot was not drawn (the report is written); 2 bad "
      "input, nothing computed; 130 / 143 / 129 stopped by SIGINT / SIGTERM / SIGHUP, the previous report left as it "
      "was.");
  cmd->callback([args, cmd, &exit_code] {
    require_non_empty_path(args->out, cmd->count("--out") > 0, "--out");
    args->integrators = split_names(args->integrators, "--integrators");
    args->problems = split_names(args->problems, "--problems");
    if (cmd->count("--scene") > 0 && args->scene.empty()) throw std::invalid_argument("--scene: an empty path");
    if (cmd->count("--t-end") > 0 && args->scene.empty())
      throw std::invalid_argument("--t-end: only with --scene (the catalogue's problems have their own final times)");
    const unsigned threads = parse_threads(args->threads, cmd->count("--threads") > 0);
    const InterruptHandlers handlers;
    StudyOptions o;
    o.threads = threads;
    o.quick = args->quick;
    o.integrators = args->integrators;
    o.problems = args->problems;
    o.scene = scene_argument(args->scene).string();
    o.t_end = args->t_end;
    o.progress = isatty(fileno(stderr)) != 0;
    ReportOptions r;
    r.plots = !args->no_plots;
    if (args->which == "all" && args->scene.empty()) {  // the browser playground beside the report (docs/playground.md)
      r.link_playground = true;
      r.playground_page = playground::read_built_page().value_or("");
    }
    StudyRun run;
    try {
      run = run_studies(args->which, o, args->out, r);
    } catch (const Interrupted& e) {
      throw Interrupted(e.signal(), fmt::format("{}: stopped before the report was complete; '{}' is as it was",
                                                e.what(), args->out));
    }
    for (const auto& s : run.studies)
      for (const auto& v : s.verdicts())
        if (!v.pass)
          fmt::print(stderr, "verisim: FAIL: {}: expected {}, measured {}\n", v.what, v.expected, v.measured);
    for (const auto& f : run.not_drawn) fmt::print(stderr, "verisim: error: plot not drawn: {}\n", f);
    const int pass = run.passed(), fail = run.failed();
    fmt::print("{} checks: {} pass, {} fail. Report: {}/index.html\n", pass + fail, pass, fail, args->out);
    exit_code = fail > 0 || !run.not_drawn.empty() ? 1 : 0;
  });
}

}  // namespace verisim::experiments
