#pragma once
// `verisim check integrator` (issue 16, docs/check.md): the studies of `verisim study` — order,
// energy drift, symplecticity, stability — run on the user's own stepper, a program in any language
// speaking the process protocol of docs/check.md, beside the toolkit's method of the same declared
// order. The measuring code is the studies' own (order_study.hpp, drift_study.hpp,
// symplecticity_study.hpp, stability_study.hpp): only the way a state is stepped differs.
#include <filesystem>
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
  std::vector<std::string> studies;  ///< order, drift, symplecticity, stability (--studies); empty: all four
};

/// The studies `check integrator` runs, in report order.
inline const std::vector<std::string> kCheckStudies{"order", "drift", "symplecticity", "stability"};

/// The toolkit's integrator of the same declared order shown beside the user's ("" when none):
/// symplectic 1 euler-cromer, 2 verlet, 3 ruth3, 4 yoshida4, 6 yoshida6; otherwise 1 euler, 2 verlet,
/// 4 rk4 (3 and 6: the symplectic ones).
std::string check_twin(int declared_order, bool symplectic);

/// Runs the four studies on the user's program and its twin; the sections of the report (order,
/// drift, symplecticity, stability). ProgramError (exit 2) when the program fails on a case;
/// std::invalid_argument for a bad option.
std::vector<StudyResult> run_integrator_check(const IntegratorCheckOptions& options);

/// Registers `check` with its subcommands `integrator` and `collision` (check_collision.hpp).

}  // namespace verisim::experiments
