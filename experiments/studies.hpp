#pragma once
// The verification studies (issue 7). Each returns a StudyResult for the report writer.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/report.hpp"

namespace verisim::experiments {

struct StudyOptions {
  bool quick = false;                    ///< fewer steps and levels (tests, < 20 s for all studies)
  std::vector<std::string> integrators;  ///< registry names; empty: all
  std::vector<std::string> problems;     ///< problem names; empty: all the study uses
  bool progress = false;                 ///< progress lines on stderr
};

/// The study names, in report order.
inline constexpr std::string_view kStudyNames[] = {"order", "drift", "symplecticity", "stability", "work-precision",
                                                   "collisions"};
/// Every problem name a study may use.
inline constexpr std::string_view kProblemNames[] = {"oscillator", "damped", "pendulum", "kepler", "henon-heiles"};

StudyResult order_study(const StudyOptions& options);
StudyResult drift_study(const StudyOptions& options);
StudyResult symplecticity_study(const StudyOptions& options);
StudyResult stability_study(const StudyOptions& options);
StudyResult work_precision_study(const StudyOptions& options);
/// The collision laws (issue 5): renders experiments/collisions_study.hpp's data.
StudyResult collisions_report(const StudyOptions& options);

/// Run the study called `name` ("all" for every one), write the report into `out`.
/// std::invalid_argument for an unknown study, integrator or problem. Returns the results.
std::vector<StudyResult> run_studies(std::string_view name, const StudyOptions& options,
                                     const std::filesystem::path& out, const ReportOptions& report = {});

/// True when `name` is in options.integrators (or that list is empty).
bool wants_integrator(const StudyOptions& options, std::string_view name);
/// True when `name` is in options.problems (or that list is empty).
bool wants_problem(const StudyOptions& options, std::string_view name);
/// One progress line on stderr when options.progress.
void progress(const StudyOptions& options, const std::string& line);

}  // namespace verisim::experiments
