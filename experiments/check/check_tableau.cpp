#include "experiments/check/check_tableau.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/studies/studies.hpp"
#include "toolkit/integrators/method.hpp"

namespace verisim::experiments {

const std::vector<std::string>& tableau_check_studies() {
  // the theory first (what the coefficients say), then the measurements that test it
  static const std::vector<std::string> names{"theory",        "order",         "drift",          "symplecticity",
                                              "stability",     "reversibility", "modified-energy", "stability-maps"};
  return names;
}

namespace {

/// The registry Method of the user's table: its StepperInfo (strings owned by the TableauFile), the engine
/// that runs it (TableRungeKutta on its RkTable, TableSplitting on its coefficients), the coefficients the
/// theory reads. Valid for the studies' second-order systems only.
integrators::Method method_of(const TableauFile& t) {
  integrators::Method m{};
  const bool rk = t.kind == TableauFile::Kind::runge_kutta;
  const int evaluations = rk ? t.table.stages + (t.table.is_explicit ? 0 : 1)
                             : static_cast<int>(std::count_if(t.kick.begin(), t.kick.end(), [](double b) { return b != 0.0; }));
  m.info = core::StepperInfo{t.name, t.title, t.order, t.symplectic, rk && !t.table.is_explicit, std::max(evaluations, 1),
                             t.file, "your table (verisim check tableau)"};
  m.family = t.order <= 2 ? integrators::Family::low_order : integrators::Family::high_order;
  m.systems = integrators::second_order;
  m.odeint_twin = "";
  m.style = -1;  // drawn in the report's colours for curves that are not verisim's (plot_style.hpp)
  if (rk) {
    m.coefficients = integrators::runge_kutta(t.text);
    m.table = &t.table;
  } else {
    m.coefficients = {integrators::Coefficients::Kind::splitting, nullptr, std::span<const double>(t.drift),
                      std::span<const double>(t.kick), 0.0, 0.0};
  }
  return m;
}

}  // namespace

TableauCheckResult run_tableau_check(const TableauCheckOptions& options) {
  std::vector<std::string> selected = options.studies.empty() ? tableau_check_studies() : options.studies;
  for (const auto& s : selected)
    if (std::find(tableau_check_studies().begin(), tableau_check_studies().end(), s) == tableau_check_studies().end()) {
      std::string known;
      for (const auto& k : tableau_check_studies()) known += (known.empty() ? "" : ", ") + k;
      throw std::invalid_argument(fmt::format("--studies: unknown study '{}'; check tableau runs: {}", s, known));
    }
  TableauCheckResult out;
  out.table = read_tableau_file(options.file);  // SceneError (exit 2) before anything runs
  StudyOptions o;
  o.quick = options.quick;
  o.progress = options.progress;
  o.plots = true;
  o.extra_methods.push_back(method_of(*out.table));
  o.integrators = {out.table->name};
  for (const auto& kind : kStudies)  // in report order
    if (std::find(selected.begin(), selected.end(), kind.name) != selected.end()) {
      progress(o, fmt::format("check tableau: {}", kind.name));
      out.studies.push_back(kind.run(o));
    }
  return out;
}

}  // namespace verisim::experiments
