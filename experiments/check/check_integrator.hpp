#pragma once
// `verisim check integrator` (issue 16, docs/check.md): the studies of `verisim study` — order,
// energy drift, symplecticity, stability — run on the user's own stepper, a program in any language
// speaking the process protocol of docs/check.md, beside the toolkit's method of the same declared
// order. The measuring code is the studies' own (order_study.hpp, drift_study.hpp,
// symplecticity_study.hpp, stability_study.hpp): only the way a state is stepped differs.
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "experiments/report/report.hpp"

namespace verisim::experiments {

struct IntegratorCheckOptions {
  std::string cmd;              ///< the command template (--cmd)
  int declared_order = 0;       ///< --declared-order
  bool symplectic = false;      ///< --symplectic
  double timeout = 30.0;        ///< seconds per run of the program (--timeout)
  bool progress = false;        ///< progress lines on stderr
  std::vector<std::string> studies;  ///< kCheckStudies (--studies); empty: all
  /// --seed: the problems' parameters drawn from their ranges (reference/problems/); none: the catalogue's defaults
  std::optional<std::uint64_t> seed = 1;
  std::filesystem::path scene;  ///< --scene: the order on this scene file instead of the catalogue's checks
  double t_end = std::numeric_limits<double>::quiet_NaN();  ///< --t-end with --scene; NaN: the scene's
  bool adaptive = false;        ///< --adaptive: the error-controlled checks (check_adaptive.hpp) instead of the fixed-step ones
  int estimate_order = 0;       ///< --estimate-order q: the estimate is O(h^(q+1)); 0: declared_order − 1 (local extrapolation)
  int dense_order = 0;          ///< --dense-order p*: with --adaptive, its dense output is checked (the dense mode); 0: not
};

/// The studies `check integrator` runs, in report order.
inline const std::vector<std::string> kCheckStudies{"order", "drift", "symplecticity", "stability", "scale", "one-step"};
/// The runs `check integrator --adaptive` makes (--studies): the tolerance sweep (tolerance proportionality and step
/// control), the one-step estimates (estimate and local-error orders) and, with --dense-order, the dense output's
/// order (one step, interpolated).
inline const std::vector<std::string> kAdaptiveCheckStudies{"tolerance", "estimate", "dense"};

/// One check of the user's program over all its cases (problems), for a grader's summary line.
struct CheckTally {
  std::string check;  ///< "order", "drift", …
  int cases = 0;      ///< cases judged (a case without a claim, or at round-off, is not)
  int failed = 0;
  std::string first;  ///< the first failing case and what failed
};

struct IntegratorCheckResult {
  std::vector<StudyResult> studies;  ///< the report's sections
  std::vector<CheckTally> tallies;   ///< per check, in the order first met
};

/// The toolkit's integrator of the same declared order shown beside the user's ("" when none):
/// symplectic 1 euler-cromer, 2 verlet, 3 ruth3, 4 yoshida4, 6 yoshida6; otherwise 1 euler, 2 verlet,
/// 4 rk4 (3 and 6: the symplectic ones, the toolkit having no other of those orders; 5, 7–10: none).
std::string check_twin(int declared_order, bool symplectic);
/// "order P, symplectic" or "order P, not symplectic", from the registry.
std::string describe_twin(const std::string& twin);

/// Runs the studies on the user's program and its twin, then the program's own checks (scale
/// invariance, one-step consistency); the sections of the report and the per-check tallies.
/// ProgramError (exit 2) when the program fails on a case; std::invalid_argument for a bad option.
IntegratorCheckResult run_integrator_check(const IntegratorCheckOptions& options);

/// Registers `check` with its subcommands `integrator` and `collision` (check_collision.hpp).

}  // namespace verisim::experiments
