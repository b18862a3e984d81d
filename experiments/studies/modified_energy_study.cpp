// The modified-energy study, measured (modified_energy_study.hpp): long velocity-Verlet runs on the
// oscillator and the pendulum, max|H − H₀| and max|H̃ − H̃₀| per step size and their slopes; the
// growth of the global error in time on Kepler for every method.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <span>

#include <fmt/format.h>

#include "experiments/studies/method_run.hpp"
#include "experiments/studies/modified_energy_study.hpp"
#include "experiments/studies/order_study.hpp"  // kOrderTolerance
#include "reference/order_fit.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"
#include "toolkit/core/numbers.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

using reference::problems::KeplerProblem;
using reference::problems::Oscillator;
using reference::problems::PendulumProblem;

namespace {

using core::kEps;
// The step sizes θ = ωh of the Verlet runs: a factor 8 in h, inside the asymptotic range (θ ≤ 0.4:
// the O(h⁴) remainder of H̃ is 10⁻² of its h² term there) and above rounding (θ⁴ ≥ 6e-6 ≫ n·ε).
constexpr double kThetas[] = {0.4, 0.2, 0.1, 0.05};
// Kepler: the last window of the phase-error runs should stand at this error (relative to a): small
// enough to be asymptotic (the error is a phase error of the orbit while ≪ 1), large enough to stand
// clear of rounding (≈ ε·n^(3/2), Brouwer's law, ≲ 1e-9 for the runs below).
constexpr double kTargetError = 1e-2;
constexpr double kPhaseTolerance = 0.25;  // slopes 1 and 2 are told apart with ±0.25 (half their distance, less a margin)

/// One long Verlet run: max |H − H₀|/|H₀| and max |H̃ − H̃₀|/|H̃₀| (and the flipped variant).
template <class P, class F>
ModifiedEnergyRow verlet_run(const P& problem, double omega, double theta, long n, F&& modified) {
  ModifiedEnergyRow r;
  r.theta = theta;
  r.h = theta / omega;
  r.steps = n;
  integrators::VelocityVerlet<core::Vec1> verlet;
  auto x = problem.initial();
  const double h0 = problem.energy(x);
  // plain names, not a structured binding: the lambda below captures them (clang 14 cannot capture a binding)
  const auto start = modified(x, r.h);
  const double m0 = start.first, f0 = start.second;
  integrators::integrate_n_steps(verlet, problem, x, 0.0, r.h, static_cast<std::size_t>(n),
                                 [&](const core::PhaseState<core::Vec1>& s, double, std::size_t) {
                                   r.max_dh = std::max(r.max_dh, std::abs(problem.energy(s) - h0));
                                   const auto [m, f] = modified(s, r.h);
                                   r.max_dh_mod = std::max(r.max_dh_mod, std::abs(m - m0));
                                   r.max_dh_flipped = std::max(r.max_dh_flipped, std::abs(f - f0));
                                 });
  r.max_dh /= std::abs(h0);
  r.max_dh_mod /= std::abs(m0);
  r.max_dh_flipped /= std::abs(f0);
  return r;
}

double slope_of(const std::vector<ModifiedEnergyRow>& rows, double ModifiedEnergyRow::*what) {
  std::vector<double> h, e;
  for (const auto& r : rows) {
    h.push_back(r.h);
    e.push_back(r.*what);
  }
  return reference::log_log_fit(h, e, 0, h.size() - 1).slope;
}

ModifiedEnergyCase oscillator_case(long n) {
  const Oscillator osc{};  // m = k = 1: ω = 1
  const double w = std::sqrt(osc.k / osc.m);
  ModifiedEnergyCase c{"oscillator", std::string(Oscillator::title), "H̃ = ½p² + ½ω²q²(1 − (ωh)²/4), exact", {}, 0, 0, 0, 2, 0, 0,
                       false, false, true};
  for (double theta : kThetas) {
    auto row = verlet_run(osc, w, theta, n, [&](const core::PhaseState<core::Vec1>& s, double h) {
      const double q = s.q[0], p = s.v[0], th = w * h;
      const double mod = 0.5 * p * p + 0.5 * w * w * q * q * (1.0 - th * th / 4.0);
      return std::pair{mod, mod};
    });
    row.max_dh_flipped = kNaN;
    // H = H̃ + θ²ω²q²/8: from q = 1, p = 0 (H₀ = ½) to q = 0 the relative change is θ²/4
    row.amplitude_theory = theta * theta / 4.0;
    c.rows.push_back(row);
  }
  c.slope_h = slope_of(c.rows, &ModifiedEnergyRow::max_dh);
  c.slope_mod = kNaN;
  c.slope_flipped = kNaN;
  // H̃ is a quadratic invariant of the linear map M; each step rounds q and p (≤ 6 roundings of O(1)
  // numbers), and the invariant's rounding error walks: n steps leave ≲ 6·ε·√n (the steps' roundings
  // are unbiased, round to nearest), bound ×10 for a margin of ten standard deviations: 60·√n·ε
  // (2.3e-12 at n = 10⁵, 1.3e-12 at 10⁴... and never below 1e-13)
  c.roundoff_bound = std::max(60.0 * std::sqrt(static_cast<double>(n)) * kEps, 1e-13);
  c.pass_h = std::abs(c.slope_h - c.expected_h) <= kOrderTolerance;
  c.pass_mod = true;
  for (const auto& r : c.rows) {
    c.pass_mod = c.pass_mod && r.max_dh_mod <= c.roundoff_bound;
    // the run passes within a step of q = 0: |q| ≤ θ there, so the measured amplitude is θ²/4 to O(θ²) relative: 5 % at θ = 0.4
    c.pass_amplitude = c.pass_amplitude && std::abs(r.max_dh / r.amplitude_theory - 1.0) <= 0.05;
  }
  return c;
}

ModifiedEnergyCase pendulum_case(long n) {
  const PendulumProblem pen{};
  const double w2 = pen.g / pen.L, w = std::sqrt(w2);
  ModifiedEnergyCase c{"pendulum", std::string(PendulumProblem::title),
                       "H̃ = H + h²(p²U''(q)/12 − U'(q)²/24) + O(h⁴), U = −ω₀² cos q", {}, 0, 0, 0, 2, 4, 0, false, false, true};
  for (double theta : kThetas) {
    auto row = verlet_run(pen, w, theta, n, [&](const core::PhaseState<core::Vec1>& s, double h) {
      const double q = s.q[0], p = s.v[0];
      const double H = 0.5 * p * p - w2 * std::cos(q);
      const double U1 = w2 * std::sin(q), U2 = w2 * std::cos(q);
      const double h2 = h * h * (p * p * U2 / 12.0 - U1 * U1 / 24.0);
      return std::pair{H + h2, H - h2};  // the derived signs, and both flipped
    });
    row.amplitude_theory = kNaN;
    c.rows.push_back(row);
  }
  c.slope_h = slope_of(c.rows, &ModifiedEnergyRow::max_dh);
  c.slope_mod = slope_of(c.rows, &ModifiedEnergyRow::max_dh_mod);
  c.slope_flipped = slope_of(c.rows, &ModifiedEnergyRow::max_dh_flipped);
  c.pass_h = std::abs(c.slope_h - c.expected_h) <= kOrderTolerance;
  c.pass_mod = std::abs(c.slope_mod - c.expected_mod) <= kOrderTolerance;
  return c;
}

/// Max position error relative to a over each window of periods [P_j, P_(j+1)), P_j log-spaced
/// (8 per decade) from 1 to `periods`; sampled 200 times per period.
PhaseRow phase_run(const KeplerProblem& kep, const MethodRun<KeplerProblem>& run, double h, int periods, PhaseRow row) {
  const double T = kep.period();
  std::vector<double> edges{1.0};
  for (int j = 1;; ++j) {
    const double e = std::round(std::pow(10.0, j / 8.0));
    if (e >= periods) break;
    if (e > edges.back()) edges.push_back(e);
  }
  edges.push_back(periods);
  row.t.assign(edges.size() - 1, 0.0);
  row.error.assign(edges.size() - 1, 0.0);
  for (std::size_t w = 0; w + 1 < edges.size(); ++w) row.t[w] = edges[w + 1] * T;
  const auto n = static_cast<std::size_t>(std::ceil(periods * T / h));
  const auto stride = std::max<std::size_t>(1, static_cast<std::size_t>(T / h / 200.0));
  auto x = kep.initial();
  std::size_t w = 0;
  try {
    run.run(x, kep.t0, h, n, [&](std::span<const core::PhaseState<core::Vec2>> states, std::size_t first) {
      for (std::size_t i = 0; i < states.size(); ++i) {
        const std::size_t k = first + i;
        const double t = kep.t0 + static_cast<double>(k) * h;  // as integrate_n_steps's
        if (k % stride != 0 || t < T) continue;
        const double per = (t - kep.t0) / T;
        while (w + 1 < row.t.size() && per >= edges[w + 1]) ++w;
        const double e = (states[i].q - kep.exact(t).q).norm() / kep.a;
        row.error[w] = std::max(row.error[w], std::isfinite(e) ? e : std::numeric_limits<double>::infinity());
      }
      return core::Observe::proceed;
    });
  } catch (const core::StepError& e) {
    row.why = std::string("a step failed: ") + e.what();
    return row;
  }
  // the slope over the last decade of periods (where a quadratic term, if any, dominates)
  std::vector<double> lt, le;
  for (std::size_t i = 0; i < row.t.size(); ++i)
    if (row.t[i] >= periods * T / 10.0 * 0.999 && row.error[i] > 0 && std::isfinite(row.error[i])) {
      lt.push_back(std::log(row.t[i]));
      le.push_back(std::log(row.error[i]));
    }
  row.run = true;
  row.slope = lt.size() >= 3 ? reference::least_squares(lt, le).slope : kNaN;
  row.asymptotic = row.error.back() <= 10.0 * kTargetError;
  row.pass = row.asymptotic && std::abs(row.slope - row.expected) <= kPhaseTolerance;
  return row;
}

/// The max position error over the first period at step h.
double first_period_error(const KeplerProblem& kep, const MethodRun<KeplerProblem>& run, double h) {
  const double T = kep.period();
  auto x = kep.initial();
  double worst = 0;
  try {
    run.run(x, kep.t0, h, static_cast<std::size_t>(std::ceil(T / h)),
            [&](std::span<const core::PhaseState<core::Vec2>> states, std::size_t first) {
              for (std::size_t i = 0; i < states.size(); ++i) {
                const double t = kep.t0 + static_cast<double>(first + i) * h;  // as integrate_n_steps's
                worst = std::max(worst, (states[i].q - kep.exact(t).q).norm() / kep.a);
              }
              return core::Observe::proceed;
            });
  } catch (const core::StepError&) {
    return std::numeric_limits<double>::infinity();
  }
  return worst;
}

void phase_growth(const StudyOptions& opt, const SymmetryOf& symmetric, ModifiedEnergyStudy& out) {
  if (!wants_problem(opt, "kepler")) return;
  const KeplerProblem kep{};
  out.kepler_title = std::string(KeplerProblem::title);
  const int periods = phase_periods(opt.quick);
  const double T = kep.period();
  // at most this many steps per run: a method that needs more is left out, with the count it would need
  const double max_steps = opt.quick ? 5e6 : 5e7;
  for (const auto& m : study_methods(opt)) {
    if (!(m.systems & integrators::second_order) || !wants_integrator(opt, m.info.name)) continue;
    progress(opt, fmt::format("modified-energy: kepler phase error, {}", m.info.name));
    PhaseRow row;
    row.integrator = m.info.name;
    row.symplectic = m.info.symplectic;
    row.symmetric = symmetric(m);
    row.expected = (row.symplectic || row.symmetric.value_or(false)) ? 1.0 : 2.0;
    row.periods = periods;
    const MethodRun<KeplerProblem> run(m, kep);
    // the step size: a pilot period at h₀ gives e₁ ≈ C·h₀^p; the error after N periods is ≈ e₁·N^s for
    // the expected growth s, so h = h₀·(target/(e₁N^s))^(1/p), never above h₀ (the pilot's own step, 1000
    // per period: inside the asymptotic range of every method here). A method that grows faster than
    // expected ends above the target: a final error above 10× the target fails the row (it left the
    // asymptotic regime, where a saturating error could fake a smaller slope).
    double h0 = T / 1000.0;
    double e1 = first_period_error(kep, run, h0);
    // a method of high order (Verner 6(5), Fehlberg 7(8), Gauss s = 3) is at round-off at 1000 steps a
    // period, where its error grows as rounding does (a random walk), not as its truncation error: the
    // pilot's step is doubled until its error stands clear of round-off (1e-10), up to 25 steps a period
    while (e1 < 1e-10 && h0 < T / 25.0) e1 = first_period_error(kep, run, h0 *= 2.0);
    const double p = m.info.order;
    double h = h0 * std::pow(kTargetError / (e1 * std::pow(periods, row.expected)), 1.0 / p);
    if (!std::isfinite(h) || h > h0) h = h0;
    row.h = h;
    const double steps = periods * T / h;
    if (steps > max_steps) {
      row.why = fmt::format("needs {:.1e} steps (h = {:.1e}) to keep its error ≤ {:g} over {} periods; the cap is {:.0e}",
                            steps, h, kTargetError, periods, max_steps);
      out.phase.push_back(std::move(row));
      continue;
    }
    row = phase_run(kep, run, h, periods, std::move(row));
    out.phase.push_back(std::move(row));
  }
}

}  // namespace

ModifiedEnergyStudy run_modified_energy_study(const StudyOptions& opt, const SymmetryOf& symmetric) {
  ModifiedEnergyStudy out;
  out.tolerance = kOrderTolerance;
  out.phase_tolerance = kPhaseTolerance;
  out.target_error = kTargetError;
  const long n = modified_energy_steps(opt.quick);
  if (wants_integrator(opt, "verlet")) {
    if (wants_problem(opt, "oscillator")) {
      progress(opt, "modified-energy: verlet on the oscillator");
      out.cases.push_back(oscillator_case(n));
    }
    if (wants_problem(opt, "pendulum")) {
      progress(opt, "modified-energy: verlet on the pendulum");
      out.cases.push_back(pendulum_case(n));
    }
  }
  phase_growth(opt, symmetric, out);
  return out;
}

}  // namespace verisim::experiments
