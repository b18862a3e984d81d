#pragma once
// The drift study's data (issue 7): long runs, the relative energy error's windowed-max envelope
// and its fitted growth exponent per problem × integrator; RK4's exact energy factor on the
// oscillator; seed 001 §G.2.1's energy change per period (drift.hpp). run_drift_study measures,
// drift_report lays the data out for the report writer.
#include <string>
#include <vector>

#include "experiments/studies/drift.hpp"
#include "experiments/studies/ladders.hpp"
#include "experiments/studies/studies.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"

namespace verisim::experiments {

/// The energy error of one long run, as the drift study reads it — one implementation for the
/// toolkit's steppers (run_drift_study) and a user's program (`verisim check`, check_integrator.cpp):
/// the maximum of |ΔE/E₀| (and |ΔL/L₀|) over log-spaced windows of steps (8 per decade), the
/// growth exponent of that envelope and its category (bounded, secular, growth).
class EnergyEnvelope {
 public:
  static constexpr int kWindowsPerDecade = 8;
  static constexpr double kBlowUp = 1e3;  ///< the run is stopped when |ΔE/E₀| reaches this
  /// Window bounds [b_j, b_{j+1}) of step indices, b_j = ⌈10^(j/8)⌉, up to `steps`.
  static std::vector<long> window_bounds(long steps);

  explicit EnergyEnvelope(long steps);
  /// The sample after step k ≥ 1 (increasing k, any stride) at time t: false, and blew_up, when
  /// |ΔE/E₀| ≥ kBlowUp or is NaN (the run is to be stopped there).
  bool add(long k, double t, double rel_energy_error, double rel_angular_momentum_error);
  /// Fits the exponent and sets the category; `floor`: the error the arithmetic alone can reach.
  void classify(double dt, double floor);

  std::vector<double> t_end, max_de, max_dl;  ///< per window: time of its last sample, max |ΔE/E₀|, max |ΔL/L₀|
  long steps_done = 0;
  bool blew_up = false;
  double exponent = 0;
  std::string category;
  bool at_floor = false;  ///< the largest error never left the round-off / solver floor

 private:
  std::vector<long> bounds_;
  std::size_t w_ = 0;
};

/// One integrator on one problem, over the problem's windows (log-spaced, 8 per decade of steps).
struct DriftRow {
  std::string integrator;
  std::vector<double> t_end;   ///< per window: time of its last step run (NaN: not reached)
  std::vector<double> max_de;  ///< per window: max |ΔE/E₀|
  std::vector<double> max_dl;  ///< per window: max |ΔL/L₀| (0 without an angular momentum)
  long steps_run = 0;
  bool blew_up = false;
  double exponent = 0;         ///< growth exponent of the envelope (NaN: too few windows)
  std::string category;        ///< bounded, secular, growth or "exponent x"
  bool at_floor = false;       ///< the largest error never left the round-off / solver floor
  std::string expected;        ///< the category theory gives
  bool pass = false;           ///< category == expected
  bool judged = true;          ///< false: no claim, no verdict (`verisim check` without --symplectic)
  double max_rel_energy_error = 0;
  bool has_angular_momentum = false;
  double max_rel_angular_momentum_error = 0;
  bool angular_momentum_checked = false;  ///< splitting methods on a central force: L conserved to round-off
  double angular_momentum_bound = 0;
  bool angular_momentum_pass = true;
};

/// Moves the envelope's figures into the row (everything but the verdict).
void fill_drift_row(DriftRow& row, EnergyEnvelope&& env);

/// Steps of each long run (10⁵ with --quick).
inline long drift_steps(bool quick) { return quick ? 100000 : 1000000; }

/// The drift study's problems and steps: f(problem, Δt).
template <class F>
void for_each_drift_problem(const std::optional<std::uint64_t>& draw_seed, F&& f) {
  const auto one = [&](const auto& defaults, double dt) {  // ladders.hpp: drawn, Δt in the problem's time unit
    const auto p = studied(defaults, draw_seed);
    f(p, in_units_of(p, defaults, dt));
  };
  one(reference::problems::Oscillator{}, 0.1);
  one(reference::problems::PendulumProblem{}, 0.01);
  one(reference::problems::KeplerProblem{}, 0.01);
}

struct DriftProblem {
  std::string name, title;
  double dt = 0;
  long steps = 0;
  std::vector<double> window_end;  ///< the end time of each window [s]
  std::vector<DriftRow> rows;
};

/// Seed 001 §G.2.1, one (α, x₀).
struct AlphaFamilyRow {
  AlphaFamilyMeasurement m;
  double ratio = 0;  ///< α < 1: measured/derived per period; α = 1: |measured|/ΔE(α = 0)
  bool pass = false;
};

/// RK4 on the oscillator at one θ = ωΔt.
struct Rk4FactorRow {
  double theta = 0;
  long steps = 0;
  double energy_ratio = 0;             ///< E_n/E₀ at the end
  double theory = 0;                   ///< (1 − θ⁶/72 + θ⁸/576)ⁿ
  double max_relative_difference = 0; ///< over every step
  bool pass = false;
};

struct DriftStudy {
  double g21_theta = 0;
  int g21_periods = 0;
  std::vector<AlphaFamilyRow> seed_g21;
  long rk4_steps = 0;
  std::vector<Rk4FactorRow> rk4_factor;
  std::vector<DriftProblem> problems;
};

DriftStudy run_drift_study(const StudyOptions& options);
StudyResult drift_report(const DriftStudy& study);

}  // namespace verisim::experiments
