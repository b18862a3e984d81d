#include "experiments/study_command.hpp"

#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/studies.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

bool wants_integrator(const StudyOptions& o, std::string_view name) {
  if (o.integrators.empty()) return true;
  for (const auto& n : o.integrators)
    if (n == name) return true;
  return false;
}

bool wants_problem(const StudyOptions& o, std::string_view name) {
  if (o.problems.empty()) return true;
  for (const auto& n : o.problems)
    if (n == name) return true;
  return false;
}

void progress(const StudyOptions& o, const std::string& line) {
  if (o.progress) fmt::print(stderr, "  {}\n", line);
}

namespace {

void validate(const StudyOptions& o) {
  for (const auto& n : o.integrators) {
    bool known = false;
    for (const auto& i : integrators::kSecondOrderSteppers) known = known || i.name == n;
    if (!known)
      throw std::invalid_argument(fmt::format("--integrators: unknown integrator '{}'; known: {}", n,
                                              integrators::stepper_names()));
  }
  for (const auto& n : o.problems) {
    bool known = false;
    std::string all;
    for (auto p : kProblemNames) {
      known = known || p == n;
      all += (all.empty() ? "" : ", ") + std::string(p);
    }
    if (!known) throw std::invalid_argument(fmt::format("--problems: unknown problem '{}'; known: {}", n, all));
  }
}

}  // namespace

std::vector<StudyResult> run_studies(std::string_view name, const StudyOptions& options,
                                     const std::filesystem::path& out, const ReportOptions& report) {
  validate(options);
  bool known = name == "all";
  for (auto s : kStudyNames) known = known || s == name;
  if (!known)
    throw std::invalid_argument(fmt::format(
        "study: unknown study '{}'; known: order, drift, symplecticity, stability, work-precision, collisions, all",
        name));
  std::vector<StudyResult> results;
  auto run = [&](std::string_view s, auto&& fn) {
    if (name != "all" && name != s) return;
    const auto t0 = std::chrono::steady_clock::now();
    progress(options, fmt::format("study {} …", s));
    results.push_back(fn(options));
    const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    progress(options, fmt::format("study {} done in {:.1f} s", s, dt.count()));
  };
  run("order", order_study);
  run("drift", drift_study);
  run("symplecticity", symplecticity_study);
  run("stability", stability_study);
  run("work-precision", work_precision_study);
  run("collisions", collisions_report);
  write_report(out, results, report);
  return results;
}

void add_study_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("study", "Run verification studies and write the report (index.html, summary.json, CSV, plots)");
  struct Args {
    std::string which;
    std::string out = "reports";
    std::vector<std::string> integrators, problems;
    bool quick = false;
    bool no_plots = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("study", args->which, "order, drift, symplecticity, stability, work-precision, collisions or all")->required();
  cmd->add_option("--out", args->out, "output directory")->capture_default_str();
  cmd->add_option("--integrators", args->integrators, "comma-separated integrator names (default: all)")->delimiter(',');
  cmd->add_option("--problems", args->problems,
                  "comma-separated problems: oscillator, damped, pendulum, kepler, henon-heiles (default: all)")
      ->delimiter(',');
  cmd->add_flag("--quick", args->quick, "fewer steps: every study in a few seconds (used by the tests)");
  cmd->add_flag("--no-plots", args->no_plots, "do not run gnuplot (data, scripts and HTML are still written)");
  cmd->callback([args] {
    StudyOptions o;
    o.quick = args->quick;
    o.integrators = args->integrators;
    o.problems = args->problems;
    o.progress = isatty(fileno(stderr)) != 0;
    ReportOptions r;
    r.plots = !args->no_plots;
    const auto results = run_studies(args->which, o, args->out, r);
    int pass = 0, fail = 0;
    for (const auto& s : results)
      for (const auto& v : s.verdicts) (v.pass ? pass : fail)++;
    fmt::print("{} checks: {} pass, {} fail. Report: {}/index.html\n", pass + fail, pass, fail, args->out);
  });
}

}  // namespace verisim::experiments
