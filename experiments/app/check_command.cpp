#include "experiments/app/check_command.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/check/check_collision.hpp"
#include "experiments/check/check_contact.hpp"
#include "experiments/check/check_integrator.hpp"
#include "experiments/check/check_tableau.hpp"
#include "experiments/report/report.hpp"
#include "experiments/studies/scene_run.hpp"
#include "experiments/studies/studies.hpp"
#include "experiments/support/cli_checks.hpp"
#include "experiments/support/finite_range.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/support/report_folder.hpp"

namespace verisim::experiments {

namespace {

/// The files the user's command names (its program, a script it is given) that exist: --out may not hold them.
std::vector<std::filesystem::path> program_inputs(const std::string& cmd) {
  std::vector<std::filesystem::path> out;
  std::size_t at = 0;
  while (at < cmd.size()) {
    const auto start = cmd.find_first_not_of(" \t", at);
    if (start == std::string::npos) break;
    const auto end = std::min(cmd.find_first_of(" \t", start), cmd.size());
    const std::string word = cmd.substr(start, end - start);
    std::error_code ec;
    if (word.find('{') == std::string::npos && std::filesystem::exists(word, ec)) out.emplace_back(word);
    at = end;
  }
  return out;
}

/// Writes the report of `studies` into the folder's staging area and installs it (nothing without --out); the
/// figures gnuplot did not draw.
std::vector<std::string> install_report(ReportFolder* folder, const std::vector<StudyResult>& studies, bool no_plots) {
  if (!folder) return {};
  ReportOptions r;
  r.plots = !no_plots;
  auto not_drawn = write_report(folder->staging(), studies, r).not_drawn;
  throw_if_interrupted();
  folder->commit();
  return not_drawn;
}

/// The verdicts on stdout, then one line per check of the user's program (failed/total cases and the
/// first failing case: what a grader pastes), the failed ones also on stderr; the exit code (0 all
/// pass, 1 one fails).
int print_verdicts(const std::vector<StudyResult>& studies, const std::vector<CheckTally>& tallies,
                   const std::vector<std::string>& not_drawn, const std::string& out) {
  int pass = 0, fail = 0;
  for (const auto& s : studies)
    for (const auto& v : s.verdicts()) {
      fmt::print("{:<5} {}: expected {}, measured {}\n", v.pass ? "pass" : "FAIL", v.what, v.expected, v.measured);
      (v.pass ? pass : fail)++;
      if (!v.pass) fmt::print(stderr, "verisim: FAIL: {}: expected {}, measured {}\n", v.what, v.expected, v.measured);
    }
  for (const auto& t : tallies) {
    if (t.failed == 0) {
      fmt::print("pass  {}: {}/{} cases{}\n", t.check, t.cases, t.cases, t.cases == 0 ? " (nothing claimed)" : "");
      continue;
    }
    const std::string line = fmt::format("{}: {}/{} cases fail; first failing case: {}", t.check, t.failed, t.cases, t.first);
    fmt::print("FAIL  {}\n", line);
    fmt::print(stderr, "verisim: FAIL: {}\n", line);
  }
  for (const auto& f : not_drawn) fmt::print(stderr, "verisim: error: plot not drawn: {}\n", f);
  fmt::print("{} checks: {} pass, {} fail.{}\n", pass + fail, pass, fail, out.empty() ? "" : fmt::format(" Report: {}/index.html", out));
  return fail > 0 || !not_drawn.empty() ? 1 : 0;
}

void add_check_tableau_command(CLI::App& check, int& exit_code) {
  struct Args {
    TableauCheckOptions o;
    std::string file, out;
    bool no_plots = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = check.add_subcommand("tableau", "Derive and measure your own Runge-Kutta table or splitting method (a TOML file)");
  cmd->add_option("file", args->file, "the table: A, b (c, bhat) or kick, drift, and the order you claim (docs/check.md)")->required();
  cmd->add_option("--out", args->out, "write the report (index.html, summary.json, CSV, plots) into this folder, replaced as a whole");
  cmd->add_flag("--no-plots", args->no_plots, "with --out: do not run gnuplot");
  cmd->add_flag("--quick", args->o.quick, "the studies' quick mode (fewer steps and levels: seconds instead of a minute)");
  cmd->add_option("--studies", args->o.studies, "comma-separated, some of: " + [] {
    std::string s;
    for (const auto& n : tableau_check_studies()) s += (s.empty() ? "" : ", ") + n;
    return s;
  }() + " (default: all)");
  cmd->footer("Exit status: 0 every verdict passed; 1 a verdict failed (the report is written); 2 a malformed table "
              "(file:line:column) or bad option, nothing written.");
  cmd->callback([args, cmd, &exit_code] {
    const InterruptHandlers handlers;
    args->o.progress = isatty(fileno(stderr)) != 0;
    args->o.studies = split_names(args->o.studies, "--studies");
    args->o.file = args->file;
    std::unique_ptr<ReportFolder> folder;
    require_non_empty_path(args->out, cmd->count("--out") > 0, "--out");
    if (!args->out.empty()) {
      require_gnuplot(!args->no_plots);
      folder = std::make_unique<ReportFolder>(args->out, std::vector<std::filesystem::path>{args->file});
    }
    const auto result = run_tableau_check(args->o);
    const auto not_drawn = install_report(folder.get(), result.studies, args->no_plots);
    exit_code = print_verdicts(result.studies, {}, not_drawn, args->out);
  });
}

void add_check_collision_command(CLI::App& check, int& exit_code) {
  auto o = std::make_shared<CollisionCheckOptions>();
  auto* cmd = check.add_subcommand("collision", "Check your collision law against the laws of physics and verisim's own law");
  cmd->add_option("--cmd", o->cmd, "the command running your law: JSON lines in, JSON lines out (docs/check.md)")->required();
  cmd->add_option("--law", o->law, "the law to compare with (a name or alias of verisim collide's): " + collision_check_laws())
      ->required();
  cmd->add_option("--cases", o->cases, "random cases, besides the edge cases")->capture_default_str()->check(CLI::Range(0, 1000000));
  cmd->add_option("--seed", o->seed, "seed of the random cases (same seed, same cases)")
      ->capture_default_str()
      ->check(whole_number_u64());
  cmd->add_option("--timeout", o->timeout, "seconds allowed to each run of your program")->capture_default_str()->check(finite_range(0.1, 3600.0));
  cmd->footer("Exit status: 0 every check passed; 1 a check failed (its first failing case is shrunk and printed); 2 bad input "
              "or your program failed (crash, timeout, unreadable answer: the message names the case).");
  cmd->callback([o, &exit_code] {
    const InterruptHandlers handlers;
    const auto r = run_collision_check(*o);
    for (const auto& c : r.checks) fmt::print("{}\n", c);
    for (const auto& f : r.failures) {
      fmt::print("FAIL {}: first failing case, shrunk: {}\n  expected: {}\n  received: {}\n", f.check, f.input, f.expected, f.received);
      fmt::print(stderr, "verisim: FAIL: {}: {}: expected {}, received {}\n", f.check, f.input, f.expected, f.received);
    }
    // stdout is deterministic (same seed, same bytes); the timing goes to stderr
    fmt::print("{} cases ({} edge cases, seed {}). {} checks: {} fail.\n", r.cases, r.cases - o->cases, o->seed, r.checks.size(),
               r.failures.size());
    fmt::print(stderr, "verisim: your program answered {} cases ({} and their scaled copies) in {:.3f} s ({:.0f} cases/s, its start included)\n",
               r.answered, r.cases, r.seconds, r.seconds > 0 ? r.answered / r.seconds : 0.0);
    exit_code = r.failures.empty() ? 0 : 1;
  });
}

void add_check_contact_command(CLI::App& check, int& exit_code) {
  auto o = std::make_shared<ContactCheckOptions>();
  auto* cmd = check.add_subcommand("contact", "Drive your soft-contact force law through the Chung & Ooi single-impact tests");
  cmd->add_option("--cmd", o->cmd, "the command running your law: one JSON line in, one JSON line out per force (docs/check.md)")
      ->required();
  cmd->add_option("--law", o->law, "the law your program implements: " + contact_check_laws())->required();
  cmd->add_option("--timeout", o->timeout, "seconds allowed to the whole conversation with your program")
      ->capture_default_str()
      ->check(finite_range(0.1, 3600.0));
  cmd->add_option("--line-timeout", o->line_timeout, "seconds allowed to one answer")->capture_default_str()->check(finite_range(0.01, 3600.0));
  cmd->footer("Exit status: 0 every check passed; 1 a check failed (its first failing case is printed); 2 bad input or your "
              "program failed (crash, timeout, unreadable answer: the message names the case and the evaluation).");
  cmd->callback([o, &exit_code] {
    const InterruptHandlers handlers;
    const auto r = run_contact_check(*o);
    int failed = 0;
    for (const auto& t : r.checks) {
      if (t.failed == 0) {
        fmt::print("pass  {}: {}/{} cases\n", t.check, t.cases, t.cases);
        continue;
      }
      ++failed;
      const std::string line = fmt::format("{}: {}/{} cases fail; first failing case: {}", t.check, t.failed, t.cases, t.first);
      fmt::print("FAIL  {}\n", line);
      fmt::print(stderr, "verisim: FAIL: {}\n", line);
    }
    // stdout is deterministic; the timing and the measured agreement go to stderr
    fmt::print("{} cases of Chung & Ooi (2011), law {}. {} checks: {} fail.\n", r.cases, r.law, r.checks.size(), failed);
    fmt::print(stderr, "verisim: your program answered {} evaluations in {:.3f} s of waiting ({:.0f} per second); largest "
               "difference from verisim's law: {:.3g} of the velocity scale\n",
               r.evaluations, r.seconds, r.seconds > 0 ? static_cast<double>(r.evaluations) / r.seconds : 0.0, r.agreement);
    exit_code = failed == 0 ? 0 : 1;
  });
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto* check = app.add_subcommand("check", "Verify your own integrator, collision law or contact force law (a program in any language) or your own table (docs/check.md)");
  check->require_subcommand(1);
  struct Args {
    IntegratorCheckOptions o;
    std::string out;
    bool no_plots = false;
    std::uint64_t seed = 1;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = check->add_subcommand("integrator", "Measure order, energy drift, symplecticity and stability of your stepper");
  cmd->add_option("--cmd", args->o.cmd, "the command running your stepper, with placeholders such as {problem} {dt} {steps} (docs/check.md)")
      ->required();
  cmd->add_option("--declared-order", args->o.declared_order, "the order your method claims")->required()->check(CLI::Range(1, 10));
  cmd->add_flag("--symplectic", args->o.symplectic, "claim that your method is symplectic (bounded energy error, MᵀJM = J)");
  cmd->add_option("--out", args->out, "write the report (index.html, summary.json, CSV, plots) into this folder, replaced as a whole");
  cmd->add_option("--timeout", args->o.timeout, "seconds allowed to each run of your program")
      ->capture_default_str()
      ->check(finite_range(0.1, 3600.0));
  cmd->add_flag("--no-plots", args->no_plots, "with --out: do not run gnuplot");
  cmd->add_option("--studies", args->o.studies, "comma-separated: order, drift, symplecticity, stability, scale, one-step; with --adaptive: tolerance, estimate, dense "
                  "(default: all)");
  cmd->add_flag("--adaptive", args->o.adaptive,
                "your program controls its step size: check tolerance proportionality, step control and the orders of its "
                "estimate and local error instead (the adaptive and estimate modes of docs/check.md)");
  cmd->add_option("--estimate-order", args->o.estimate_order,
                  "with --adaptive: q, the order of your error estimate's method (estimate O(h^(q+1)); default: declared order − 1, "
                  "at least 1)")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--dense-order", args->o.dense_order,
                  "with --adaptive: p*, the order your dense output claims (one step interpolated at θ = 1/4, 1/2, 3/4: "
                  "error O(h^(p*+1)); the dense mode of docs/check.md); without it the dense output is not checked")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--scene", args->o.scene, "measure the order on your own scene (a file, or a bundled scene's name) instead (your program steps it: problem \"scene\")");
  cmd->add_option("--t-end", args->o.t_end, "with --scene: the final time (default: the scene's)")->check(finite_range(1e-9, 1e9));
  cmd->add_option("--seed", args->seed, "seed of the problems' drawn parameters (same seed, same cases)")
      ->capture_default_str()
      ->check(whole_number_u64());
  cmd->footer("Exit status: 0 every verdict passed; 1 a verdict failed (the report is written); 2 bad input or your program "
              "failed on a case (timeout, crash, unreadable output: the message names the case), nothing written.");
  cmd->callback([args, cmd, &exit_code] {
    const InterruptHandlers handlers;
    args->o.progress = isatty(fileno(stderr)) != 0;
    std::unique_ptr<ReportFolder> folder;
    args->o.studies = split_names(args->o.studies, "--studies");
    args->o.seed = args->seed;
    if (!args->o.scene.empty()) args->o.scene = scene_argument(args->o.scene).string();
    require_non_empty_path(args->out, cmd->count("--out") > 0, "--out");
    if (!args->out.empty()) {
      require_gnuplot(!args->no_plots);
      auto inputs = program_inputs(args->o.cmd);
      if (!args->o.scene.empty()) inputs.push_back(args->o.scene);
      folder = std::make_unique<ReportFolder>(args->out, inputs);  // checks --out before anything runs
    }
    const auto result = run_integrator_check(args->o);
    const auto not_drawn = install_report(folder.get(), result.studies, args->no_plots);
    exit_code = print_verdicts(result.studies, result.tallies, not_drawn, args->out);
  });
  add_check_collision_command(*check, exit_code);
  add_check_contact_command(*check, exit_code);
  add_check_tableau_command(*check, exit_code);
}

}  // namespace verisim::experiments
