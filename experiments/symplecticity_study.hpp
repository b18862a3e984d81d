#pragma once
// The symplecticity study's data (issue 7): the defect ‖MᵀJM − J‖ of the one-step Jacobian M per
// problem × integrator × Δt; seed 001 §G.2.2's closed form against the measured Jacobian; Newmark's
// det M. run_symplecticity_study measures, symplecticity_report lays the data out.
#include <string>
#include <vector>

#include "experiments/studies.hpp"

namespace verisim::experiments {

/// One integrator on one problem, at each of the problem's Δt.
struct DefectRow {
  std::string integrator;
  bool symplectic = false;       ///< declared
  int order = 0;                 ///< declared
  std::vector<double> defect;    ///< per Δt: max over the phase points of ‖MᵀJM − J‖ (max entry)
  std::vector<double> error;     ///< per Δt: the Jacobian's propagated error estimate
  double max_defect = 0, max_error = 0;
  double slope = 0;              ///< non-symplectic: fitted slope of the defect against Δt (NaN: symplectic or no fit)
  bool pass = false;             ///< symplectic: defect at round-off; otherwise slope ≥ order + 1 − 0.3
};

struct DefectProblem {
  std::string name, title;
  int points = 0;                ///< phase points
  std::vector<double> dts;
  std::vector<DefectRow> rows;
};

/// Seed 001 §G.2.2: the α-family's closed-form Jacobian and defect against the measured ones.
struct SeedG22Row {
  std::string problem, title;
  double alpha = 0, dt = 0;
  double max_jacobian_difference = 0, max_defect_difference = 0, error_estimate = 0;
  double tolerance = 0;
  bool pass = false;
};

/// Newmark (γ = ½): |det M − 1| of one step at each Δt (1D: det M = 1 ⇔ symplectic).
struct NewmarkDetRow {
  std::string integrator, problem;
  bool linear = false;                   ///< linear problem: det M = 1 expected; nonlinear: ≠ 1
  std::vector<double> abs_det_minus_1;   ///< per Δt
  double worst = 0, error_estimate = 0;
  bool pass = false;
};

struct SymplecticityStudy {
  std::vector<DefectProblem> problems;
  double g22_dt = 0;
  int g22_points = 0;
  std::vector<SeedG22Row> seed_g22;
  std::vector<double> newmark_dts;
  std::vector<NewmarkDetRow> newmark_det;
};

SymplecticityStudy run_symplecticity_study(const StudyOptions& options);
StudyResult symplecticity_report(const SymplecticityStudy& study);

}  // namespace verisim::experiments
