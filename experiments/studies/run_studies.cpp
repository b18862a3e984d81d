// run_studies (studies.hpp): select the studies, check every option before computing, run them, write
// the report into a staging folder and install it as a whole.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/support/interrupt.hpp"
#include "experiments/support/report_folder.hpp"
#include "experiments/studies/scene_studies.hpp"
#include "experiments/studies/studies.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

bool wants_integrator(const StudyOptions& o, std::string_view name) {
  if (o.integrators.empty()) return true;
  for (const auto& n : o.integrators)
    if (n == name) return true;
  return false;
}

std::vector<integrators::Method> study_methods(const StudyOptions& o, unsigned systems) {
  std::vector<integrators::Method> out;
  for (const auto& m : integrators::kMethods)
    if ((m.systems & systems) && wants_integrator(o, m.info.name)) out.push_back(m);
  for (const auto& m : o.extra_methods)
    if (wants_integrator(o, m.info.name)) out.push_back(m);
  return out;
}

std::vector<std::string_view> study_problem_names() {
  std::vector<std::string_view> problems;
  for (const auto& s : kStudies)
    for (auto p : s.problems)
      if (std::find(problems.begin(), problems.end(), p) == problems.end()) problems.push_back(p);
  return problems;
}

bool wants_problem(const StudyOptions& o, std::string_view name) {
  if (o.problems.empty()) return true;
  for (const auto& n : o.problems)
    if (n == name) return true;
  return false;
}

void progress(const StudyOptions& o, const std::string& line) {
  throw_if_interrupted();
  if (o.progress) fmt::print(stderr, "  {}\n", line);
}

int StudyRun::passed() const {
  int n = 0;
  for (const auto& s : studies)
    for (const auto& v : s.verdicts()) n += v.pass ? 1 : 0;
  return n;
}

int StudyRun::failed() const {
  int n = 0;
  for (const auto& s : studies)
    for (const auto& v : s.verdicts()) n += v.pass ? 0 : 1;
  return n;
}

namespace {

template <class Range>
std::string joined(const Range& names) {
  std::string all;
  for (const auto& n : names) all += (all.empty() ? "" : ", ") + std::string(n);
  return all;
}

bool uses(const StudyKind& s, std::string_view problem) {
  for (auto p : s.problems)
    if (p == problem) return true;
  return false;
}

/// The studies `name` selects, after checking every option against what they use.
std::vector<const StudyKind*> select(std::string_view name, const StudyOptions& o) {
  std::vector<std::string_view> names;
  for (const auto& s : kStudies) names.push_back(s.name);
  const StudyKind* one = nullptr;
  for (const auto& s : kStudies)
    if (s.name == name) one = &s;
  if (!one && name != "all")
    throw std::invalid_argument(fmt::format("study: unknown study '{}'; known: {}, all", name, joined(names)));

  for (const auto& n : o.integrators) {  // the registry's table: the methods valid for any second-order system
    if (integrators::refusal(n, integrators::second_order).empty()) continue;
    if (const integrators::Method* m = integrators::find_method(n))
      throw std::invalid_argument(fmt::format(
          "--integrators: '{}' is not studied: it steps {} only, while every study runs its problems as "
          "second-order systems q̈ = f(t, q, q̇); the studied integrators: {}",
          n, integrators::systems_text(m->systems), integrators::stepper_names()));
    throw std::invalid_argument(
        fmt::format("--integrators: unknown integrator '{}'; known: {}", n, integrators::stepper_names()));
  }
  const std::vector<std::string_view> problems = study_problem_names();
  for (const auto& n : o.problems)
    if (std::find(problems.begin(), problems.end(), n) == problems.end())
      throw std::invalid_argument(fmt::format("--problems: unknown problem '{}'; known: {}", n, joined(problems)));

  if (one) {
    if (!o.integrators.empty() && !one->takes_integrators)
      throw std::invalid_argument(fmt::format("--integrators: study {} uses no integrator", one->name));
    for (const auto& n : o.problems)
      if (!uses(*one, n))
        throw std::invalid_argument(
            one->problems.empty()
                ? fmt::format("--problems: study {} uses no problem", one->name)
                : fmt::format("--problems: study {} does not use '{}'; its problems: {}", one->name, n, joined(one->problems)));
    return {one};
  }
  // all: the studies the selection concerns (every study when nothing is selected)
  std::vector<const StudyKind*> out;
  for (const auto& s : kStudies) {
    bool wanted = o.integrators.empty() || s.takes_integrators;
    if (!o.problems.empty()) {
      bool any = false;
      for (const auto& n : o.problems) any = any || uses(s, n);
      wanted = wanted && any;
    }
    if (wanted) out.push_back(&s);
  }
  return out;
}

}  // namespace

StudyRun run_studies(std::string_view name, const StudyOptions& options, const std::filesystem::path& out,
                     const ReportOptions& report) {
  // the studies to run: the catalogue's, or one on the scene of --scene (scene_studies.hpp)
  std::vector<std::pair<std::string_view, StudyResult (*)(const StudyOptions&)>> selected;
  if (!options.scene.empty())
    selected.emplace_back(name, select_scene_study(name, options));
  else
    for (const auto* s : select(name, options)) selected.emplace_back(s->name, s->run);
  require_gnuplot(report.plots);
  std::vector<std::filesystem::path> inputs;
  if (!options.scene.empty()) inputs.push_back(options.scene);  // --out may not hold or overwrite the scene
  ReportFolder folder(out, inputs);  // checks --out before any computation
  StudyOptions with_pages = options;  // pages of their own (the scenes') are staged too, then moved below
  with_pages.plots = report.plots;
  with_pages.pages = folder.staging() / ".pages";
  StudyRun run;
  for (const auto& [study, run_one] : selected) {
    throw_if_interrupted();
    const auto t0 = std::chrono::steady_clock::now();
    progress(options, fmt::format("study {} …", study));
    run.studies.push_back(run_one(with_pages));
    const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    progress(options, fmt::format("study {} done in {:.1f} s", study, dt.count()));
  }
  run.not_drawn = write_report(folder.staging(), run.studies, report).not_drawn;
  if (std::filesystem::exists(with_pages.pages)) {  // <pages>/<study>/<page> → <study>/<page>
    for (const auto& study : std::filesystem::directory_iterator(with_pages.pages))
      for (const auto& page : std::filesystem::directory_iterator(study.path()))
        std::filesystem::rename(page.path(), folder.staging() / study.path().filename() / page.path().filename());
    std::filesystem::remove_all(with_pages.pages);
  }
  throw_if_interrupted();
  folder.commit();
  run.report = folder.target();
  return run;
}

}  // namespace verisim::experiments
