#pragma once
// The verification studies (issue 7). Each study is two functions: run_<study>_study measures and
// returns plain data (<study>_study.hpp), <study>_report lays that data out as a StudyResult, and
// the report writer (report.hpp) renders every StudyResult once. run_studies runs the selection and
// installs the report as a whole (report_folder.hpp).
#include <array>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/report/report.hpp"
#include "reference/suites/suite.hpp"
#include "toolkit/integrators/method.hpp"

namespace verisim::experiments {

struct StudyOptions {
  bool quick = false;                    ///< fewer steps and levels (tests, < 20 s for all studies)
  std::vector<std::string> integrators;  ///< registry names; empty: all
  std::vector<std::string> problems;     ///< problem names; empty: all the study uses
  bool progress = false;                 ///< progress lines on stderr
  bool plots = true;                     ///< studies that draw pages of their own (scenes) run gnuplot
  std::filesystem::path pages;           ///< where such a study writes its pages, <pages>/<study>/…; set by run_studies
  /// `verisim check --seed`: the problems' parameters drawn from their ranges (ladders.hpp); none: the catalogue's defaults
  std::optional<std::uint64_t> draw_seed;
  std::filesystem::path scene;           ///< --scene: the study runs on this scene file (scene_studies.hpp)
  double t_end = std::numeric_limits<double>::quiet_NaN();  ///< --t-end with --scene; NaN: the scene's
  unsigned threads = 1;                  ///< --threads: a soft-contact world's threads (scenes; the same bits for any count)
  /// Methods made at run time, studied after the registry's (`verisim check tableau`: a user's table; its
  /// coefficients and strings outlive the study). `integrators` may name them.
  std::vector<integrators::Method> extra_methods;
};

/// The methods a study runs: the registry's rows valid for `systems` that options.integrators selects, in
/// kMethods' order, then options.extra_methods (selected alike).
std::vector<integrators::Method> study_methods(const StudyOptions& options, unsigned systems = integrators::second_order);

/// A study: its name (folder, anchor, command-line word), the problems it runs (what --problems
/// may name for it), whether --integrators selects its rows, and how it is run and laid out.
struct StudyKind {
  std::string_view name;
  std::span<const std::string_view> problems;
  bool takes_integrators;
  StudyResult (*run)(const StudyOptions&);  ///< measure, then lay out
};

StudyResult order_study(const StudyOptions& options);           ///< order_study.hpp
StudyResult drift_study(const StudyOptions& options);           ///< drift_study.hpp
StudyResult symplecticity_study(const StudyOptions& options);   ///< symplecticity_study.hpp
StudyResult stability_study(const StudyOptions& options);       ///< stability_study.hpp
StudyResult work_precision_study(const StudyOptions& options);  ///< work_precision_study.hpp
StudyResult reversibility_study(const StudyOptions& options);   ///< reversibility_study.hpp
StudyResult modified_energy_study(const StudyOptions& options); ///< modified_energy_study.hpp
StudyResult stability_maps_study(const StudyOptions& options);  ///< stability_maps_study.hpp
StudyResult theory_study(const StudyOptions& options);          ///< theory_study.hpp
StudyResult adaptive_study(const StudyOptions& options);        ///< adaptive_study.hpp
StudyResult odeint_steppers_study(const StudyOptions& options); ///< odeint_steppers_study.hpp
StudyResult suites_study(const StudyOptions& options);          ///< suites_study.hpp
StudyResult collisions_study(const StudyOptions& options);      ///< collisions_study.hpp
StudyResult contact_study(const StudyOptions& options);         ///< contact_study.hpp
StudyResult chung_ooi_study(const StudyOptions& options);       ///< chung_ooi_study.hpp
StudyResult scenes_study(const StudyOptions& options);          ///< run_command.cpp: every bundled scene's page

struct CollisionsStudy;
/// The collisions section (collisions_report.cpp) of collisions_study.hpp's data.
StudyResult collisions_report(const CollisionsStudy& study);
struct ContactStudy;
/// The contact section (contact_report.cpp) of contact_study.hpp's data.
StudyResult contact_report(const ContactStudy& study);

namespace detail {
inline constexpr std::string_view kLadderProblems[] = {"oscillator", "damped", "forced", "pendulum", "driven-pendulum", "kepler"};
inline constexpr std::string_view kDriftProblems[] = {"oscillator", "pendulum", "kepler"};
inline constexpr std::string_view kSymplecticityProblems[] = {"pendulum", "kepler", "henon-heiles"};
inline constexpr std::string_view kStabilityProblems[] = {"oscillator"};
inline constexpr std::string_view kModifiedEnergyProblems[] = {"oscillator", "pendulum", "kepler"};
inline constexpr std::string_view kStabilityMapProblems[] = {"damped"};
inline constexpr std::string_view kAdaptiveProblems[] = {"pendulum", "kepler", "falling-drag"};
inline constexpr std::string_view kOdeintStepperProblems[] = {"oscillator", "kepler"};
/// reference/suites' problems, by the names of its table.
inline constexpr auto kSuiteProblems = [] {
  std::array<std::string_view, reference::suites::kSuite.size()> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = reference::suites::kSuite[i].name;
  return names;
}();
}  // namespace detail

/// The studies, in report order (their names are the report's own folders: report_folder.hpp).
inline constexpr StudyKind kStudies[] = {
    {"order", detail::kLadderProblems, true, order_study},
    {"drift", detail::kDriftProblems, true, drift_study},
    {"symplecticity", detail::kSymplecticityProblems, true, symplecticity_study},
    {"stability", detail::kStabilityProblems, true, stability_study},
    {"work-precision", detail::kLadderProblems, true, work_precision_study},
    {"reversibility", detail::kSymplecticityProblems, true, reversibility_study},
    {"modified-energy", detail::kModifiedEnergyProblems, true, modified_energy_study},
    {"stability-maps", detail::kStabilityMapProblems, true, stability_maps_study},
    {"theory", {}, true, theory_study},
    {"adaptive", detail::kAdaptiveProblems, true, adaptive_study},
    {"odeint-steppers", detail::kOdeintStepperProblems, false, odeint_steppers_study},
    {"suites", detail::kSuiteProblems, true, suites_study},
    {"collisions", {}, false, collisions_study},
    {"contact", {}, false, contact_study},
    {"chung-ooi", {}, false, chung_ooi_study},
    {"scenes", {}, false, scenes_study},
};

/// Every problem some study uses (what --problems may name), in the studies' order, each once.
std::vector<std::string_view> study_problem_names();

/// What run_studies did.
struct StudyRun {
  std::vector<StudyResult> studies;
  std::vector<std::string> not_drawn;  ///< figures gnuplot did not draw ("<study>/<stem>.gp: why")
  std::filesystem::path report;        ///< the folder the report was installed in
  int passed() const;
  int failed() const;
};

/// Runs the study called `name` ("all" for every one) and installs the report in `out`.
/// std::invalid_argument naming the option, before any computation, for an unknown study,
/// integrator or problem, a problem or integrator selection the study does not use, or an `out`
/// that cannot take a report (report_folder.hpp); Interrupted on a stop signal (interrupt.hpp),
/// with `out` left as it was.
StudyRun run_studies(std::string_view name, const StudyOptions& options, const std::filesystem::path& out,
                     const ReportOptions& report = {});

/// True when `name` is in options.integrators (or that list is empty).
bool wants_integrator(const StudyOptions& options, std::string_view name);
/// True when `name` is in options.problems (or that list is empty).
bool wants_problem(const StudyOptions& options, std::string_view name);
/// One progress line on stderr when options.progress; also a checkpoint for stop signals (the
/// studies call it between problems and integrators): throws Interrupted after one (interrupt.hpp).
void progress(const StudyOptions& options, const std::string& line);

}  // namespace verisim::experiments
