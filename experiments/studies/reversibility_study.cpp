// The reversibility study, measured (reversibility_study.hpp): forward n steps, flip, forward n
// steps, flip back; the return error against C·n·ε.
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/ladders.hpp"
#include "experiments/studies/method_run.hpp"
#include "experiments/studies/reversibility_study.hpp"
#include "reference/problems/henon_heiles.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/pendulum.hpp"
#include "toolkit/core/numbers.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/theory/structure.hpp"

namespace verisim::experiments {

namespace {

using core::kEps;

// The bound C·n·ε on a symmetric method's return error (kReversibilityC = 2000). A rounding δ made at
// step k of the forward leg comes back as Φ_{−h}^k's Jacobian applied to δ (the rest of the trip cancels
// exactly), so the error is Σ_k DΦ^{−k}·δ_k over 2n steps: each step rounds at most r·ε relative per
// component, r ≤ 2·8 (a kick and a drift for each of ≤ 8 stages: Yoshida 6; an implicit method stops its
// solve at 1e-15 ≈ 4.5ε relative, implicit_runge_kutta.hpp, well inside that), and the linearised flow
// grows at most linearly on these integrable or nearly integrable runs, ‖DΦ^{−k}‖ ≤ A, A ≤ 60 over the
// longest run (Kepler, 10⁴·0.02 = 200 time units ≈ 32 periods: the shear of neighbouring orbits grows by
// ≈ (3/2)·|δa|/a per period). So the error is ≤ 2n·r·A·ε ≈ 1900·n·ε in the worst case of aligned roundings;
// random roundings give ≈ √n times less. A non-symmetric method's O(h^p·T) defect (rk4: Δt⁵·T) is orders of
// magnitude above 2000·n·ε at the step sizes below.
constexpr double kC = kReversibilityC;
/// A, the linearised flow's largest growth over the longest run (above).
constexpr double kFlowGrowth = 60.0;

/// Distance of `x` from `x0`, relative to |x0|, in the problem's units (q/ℓ, v/(ℓ/τ)).
template <class P>
double relative_distance(const P& problem, const core::PhaseState<typename P::V>& x, const core::PhaseState<typename P::V>& x0) {
  double l = 1.0, tau = 1.0;
  if constexpr (requires { problem.length_scale(); }) l = problem.length_scale();
  if constexpr (requires { problem.time_scale(); }) tau = problem.time_scale();
  const double vs = l / tau;
  const double d2 = ((x.q - x0.q) / l).squaredNorm() + ((x.v - x0.v) / vs).squaredNorm();
  const double s2 = (x0.q / l).squaredNorm() + (x0.v / vs).squaredNorm();
  return std::sqrt(d2 / s2);
}

template <class P>
double start_time(const P& problem) {
  if constexpr (requires { problem.t0; })
    return problem.t0;
  else
    return 0.0;
}

/// ‖z₀‖ in the problem's units (as relative_distance).
template <class P>
double state_size(const P& problem) {
  const auto x0 = problem.initial();
  double l = 1.0, tau = 1.0;
  if constexpr (requires { problem.length_scale(); }) l = problem.length_scale();
  if constexpr (requires { problem.time_scale(); }) tau = problem.time_scale();
  return std::sqrt((x0.q / l).squaredNorm() + (x0.v / (l / tau)).squaredNorm());
}

/// The round trip of n steps: +∞ when a step fails (non-finite state, no convergence).
template <class P>
double round_trip(const P& problem, const MethodRun<P>& run, double dt, long n) {
  const auto x0 = problem.initial();
  auto x = x0;
  try {
    // each run a fresh stepper: no cached force across the flip
    run.run(x, start_time(problem), dt, static_cast<std::size_t>(n));
    x.v = -x.v;
    run.run(x, start_time(problem), dt, static_cast<std::size_t>(n));
    x.v = -x.v;
  } catch (const core::StepError&) {
    return std::numeric_limits<double>::infinity();
  }
  const double d = relative_distance(problem, x, x0);
  return std::isfinite(d) ? d : std::numeric_limits<double>::infinity();
}

template <class P>
void reversibility_problem(const P& problem, double dt, const StudyOptions& opt, const SymmetryOf& symmetric,
                           ReversibilityStudy& out) {
  if (!wants_problem(opt, P::name)) return;
  progress(opt, fmt::format("reversibility: {}", P::name));
  ReversibilityProblem result{std::string(P::name), std::string(P::title), dt, reversibility_steps(opt.quick), {}, {}};
  for (long n : result.steps) result.bound.push_back(kC * static_cast<double>(n) * kEps);
  for (const auto& m : study_methods(opt)) {
    if (!(m.systems & integrators::second_order) || !wants_integrator(opt, m.info.name)) continue;
    ReversibilityRow row;
    row.integrator = m.info.name;
    row.symmetric = symmetric(m);
    const MethodRun<P> run(m, problem);
    // Newmark's solvers stop at an ABSOLUTE ‖ΔE‖ < 1e-12 (newmark.hpp, the seed's rule), far above ε: each
    // step may be off by that much (the last correction bounds the rest at contraction ≤ ½), 2n steps, each
    // error carried back through the linearised flow as a rounding is (the factor A ≤ 60 above: on Kepler the
    // seed's loop measured 2.3e-8 at n = 10⁴, growing as n², the shear's signature)
    const double solver = m.coefficients.kind == integrators::Coefficients::Kind::newmark
                              ? 2.0 * kFlowGrowth * integrators::NewmarkParameters{}.epsilon / state_size(problem)
                              : 0.0;
    // A method that is not symmetric misses by its truncation error, O(h^(p+1)) per unit time; of high order
    // (Fehlberg 7(8): h⁹ ≈ 1e-9 at h = 0.1) it can stay within the round-off bound at the problem's Δt, where
    // nothing is resolved. Its Δt is then doubled (at most 4 times) until every return error stands finite and
    // clear of the bound: the row reports the Δt it was measured at.
    row.dt = dt;
    for (int attempt = 0;; ++attempt) {
      std::size_t within = 0, finite = 0;
      row.error.clear();
      row.bound.clear();
      for (std::size_t i = 0; i < result.steps.size(); ++i) {
        const double e = round_trip(problem, run, row.dt, result.steps[i]);
        row.error.push_back(e);
        row.bound.push_back(result.bound[i] + solver * static_cast<double>(result.steps[i]));
        within += e <= row.bound.back() ? 1 : 0;
        finite += std::isfinite(e) ? 1 : 0;
      }
      row.measured = within == result.steps.size() ? "round-off" : within == 0 ? "not reversible" : "mixed";
      // at the problem's own Δt a blow-up is an honest miss (explicit Euler on Hénon–Heiles); at a doubled one it
      // would be the doubling's, so there the errors must stay finite
      const bool resolved = row.measured == "not reversible" && (attempt == 0 || finite == result.steps.size());
      if (!row.symmetric || *row.symmetric || resolved || attempt == 4) {
        if (!resolved && row.measured == "not reversible") row.measured = "blew up";
        break;
      }
      row.dt *= 2.0;
    }
    row.pass = row.symmetric && (*row.symmetric ? row.measured == "round-off" : row.measured == "not reversible");
    result.rows.push_back(std::move(row));
  }
  out.problems.push_back(std::move(result));
}

}  // namespace

std::optional<bool> derived_symmetry(const integrators::Method& m) {
  // toolkit/theory/structure.hpp: Runge–Kutta a_ij + a_(s+1−i,s+1−j) = b_j, b_i = b_(s+1−i) (GNI Thm V.2.3);
  // splitting: a palindromic merged sequence of flows (GNI §V.3.1); Newmark: γ = ½
  switch (theory::symmetric(m.coefficients).holds) {
    case theory::Verdict::yes: return true;
    case theory::Verdict::no: return false;
    case theory::Verdict::not_applicable: return std::nullopt;
  }
  return std::nullopt;
}

std::vector<long> reversibility_steps(bool quick) {
  if (quick) return {100, 1000};
  return {100, 1000, 10000};
}

ReversibilityStudy run_reversibility_study(const StudyOptions& opt, const SymmetryOf& symmetric) {
  ReversibilityStudy out;
  namespace pr = reference::problems;
  // step sizes in each problem's time unit: large enough that a non-symmetric method's defect stands
  // clear of C·n·ε, small enough that every method stays stable and bounded (ladders.hpp: drawn problems
  // keep θ = ωΔt)
  const auto one = [&](const auto& defaults, double dt) {
    const auto p = studied(defaults, opt.draw_seed);
    reversibility_problem(p, in_units_of(p, defaults, dt), opt, symmetric, out);
  };
  one(pr::PendulumProblem{}, 0.1 * pr::PendulumProblem{}.time_scale());
  one(pr::KeplerProblem{}, 0.02);
  reversibility_problem(pr::HenonHeiles{}, 0.1, opt, symmetric, out);  // not drawn: no parameters
  return out;
}

}  // namespace verisim::experiments
