#pragma once
// `verisim check tableau FILE.toml` (issue 27, docs/check.md "Your own table"): a user's Runge-Kutta table or
// splitting method, read by tableau_file.hpp, made a registry Method at run time and run through the theory
// study (derived order, symplecticity and symmetry conditions, stability function) and the measuring studies
// (order, drift, symplecticity, stability, reversibility), EXACTLY as a registered method: the same studies,
// the same engines (toolkit/integrators/table_runge_kutta.hpp, table_splitting.hpp), the same verdicts.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "experiments/check/tableau_file.hpp"
#include "experiments/report/report.hpp"

namespace verisim::experiments {

struct TableauCheckOptions {
  std::filesystem::path file;        ///< the tableau file
  std::vector<std::string> studies;  ///< some of tableau_check_studies(); empty: all
  bool quick = false;                ///< the studies' quick mode (fewer steps and levels)
  bool progress = false;             ///< progress lines on stderr
};

/// The studies `check tableau` runs, in report order: theory first, then the measuring studies.
const std::vector<std::string>& tableau_check_studies();

struct TableauCheckResult {
  std::unique_ptr<TableauFile> table;  ///< the table as read (its Method points into it)
  std::vector<StudyResult> studies;    ///< the report's sections, restricted to the user's row
};

/// Reads the file (scene::SceneError at file:line:column, exit 2), then runs the studies on it.
/// std::invalid_argument for an unknown study in options.studies.
TableauCheckResult run_tableau_check(const TableauCheckOptions& options);

}  // namespace verisim::experiments
