// `verisim check integrator --adaptive` (check_adaptive.hpp, docs/check.md "Error-controlled programs"): the
// user's error-controlled program, run through the adaptive and estimate modes of the protocol, judged as the
// adaptive study judges the toolkit's own pairs (docs/adaptive.md):
//  - tolerance proportionality: the global error at t_end against tol over 8 decades; slope p/(q+1) (Hairer,
//    Nørsett & Wanner I (1993) §II.4; Shampine (1994) §7.1), within kToleranceSlopeBand;
//  - step control: a step is accepted iff its normalised estimate err ≤ 1 (eq. (4.11)), a rejected step is tried
//    again from the same point, every accepted step starts where the last one ended, the last lands on t_end;
//  - the estimate's order: one step of h from the problem's start on a ladder of h; the estimate is
//    O(h^(q+1)) and the propagated solution's local error O(h^(p+1)) (Drake's ErrEstOrder test);
//  - the estimator at work (DETEST's deceived steps): at tol = 1e-6 the true local error of each accepted step, from
//    a Fehlberg 7(8) reference started at the step's own start, against the tolerance: at most 5 % of the steps may
//    exceed it when p > q (as the adaptive study judges the toolkit's pairs);
//  - beside each tolerance row, the toolkit's pair of the same p(q) (bs3, cash-karp, …; adaptive_twin) run the same way:
//    what a correct program measures on the same problem;
//  - with --dense-order p*: the dense output of the same steps at θ = 1/4, 1/2, 3/4 against the exact solution,
//    O(h^(p*+1)) (Hairer, Nørsett & Wanner I §II.6: a continuous extension of order p* has local error
//    O(h^(p*+1)) at every θ; SUNDIALS' ark_test_interp, DiffEqDevTools' dense error).
#include "experiments/check/check_adaptive.hpp"

#include <algorithm>
#include <functional>
#include <cmath>
#include <string_view>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "experiments/check/integrator_case.hpp"
#include "experiments/io/json.hpp"
#include "experiments/studies/adaptive_study.hpp"
#include "experiments/studies/ladders.hpp"
#include "experiments/studies/method_run.hpp"
#include "experiments/studies/order_study.hpp"
#include "reference/order_fit.hpp"
#include "toolkit/adaptive/error_norm.hpp"
#include "toolkit/adaptive/integrate_adaptive.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/core/numbers.hpp"

namespace verisim::experiments {

namespace {

using namespace checking;
using core::kNaN;

/// The tolerances of the tolerance check: 1e-2 … 1e-10 (8 decades); the slope is fitted over the tightest 5,
/// where the step sizes are asymptotic (docs/adaptive.md: the loose end bends for high-order pairs). Not tighter:
/// an estimate one order too low (O(h²) for a third-order pair) already takes ~5·10⁵ steps at 1e-10.
const std::vector<double> kTolerances{1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10};
constexpr std::size_t kFitted = 5;
/// The estimate and one-step orders are fitted over one step at 8 sizes, h = T/n₀ … T/(128n₀) (the order ladder's
/// coarsest step and finer), from the fine end as the order study fits (reference::fit_order: points at round-off
/// dropped); the next term of the error (h^(q+2)) bends the slope at the coarse end: ±0.3 (the dense-output band of
/// the adaptive study is 0.35 for the same reason).
constexpr int kEstimateLevels = 8;
constexpr double kEstimateBand = 0.3;
/// Two times that must be equal, as the program computes them (t + h, rounded once): 4 ulps.
bool same_time(double a, double b) { return std::abs(a - b) <= 4.0 * std::numeric_limits<double>::epsilon() * std::max({1.0, std::abs(a), std::abs(b)}); }

struct UserToleranceRow {
  std::string who = kUser;  ///< "user", or the toolkit's twin pair ("toolkit bs3")
  std::string problem, text;
  std::vector<double> error;  ///< global error at t_end per tolerance (NaN: the run did not reach t_end)
  std::vector<long> accepted, rejected;
  double slope = kNaN, expected = 0, c = kNaN;
  bool pass = false;
};

/// The estimator at work (the adaptive study's measure, DETEST's deceived steps): over the accepted steps of the run at
/// kEstimatorTolerance, the true local error of the state the program propagated — against a Fehlberg 7(8) reference
/// of 16 sub-steps from the step's own start (its error O((h/16)⁹) is far below tol there) — in the protocol's norm.
struct UserEstimatorRow {
  std::string problem, text;
  long accepted = 0;
  double deceived = kNaN;              ///< share of accepted steps whose true local error exceeds the tolerance (> 1)
  double median = kNaN, p10 = kNaN, p90 = kNaN;  ///< err / (true local error, same norm)
  bool judged = false, pass = false;   ///< judged when p > q: the propagated solution is O(h) below the estimate
};
inline constexpr double kEstimatorTolerance = 1e-6;

struct UserControlRow {
  std::string problem;
  long steps = 0, rejected = 0, violations = 0;
  std::string first;  ///< the first violation
};

struct UserEstimateRow {
  std::string problem, text;
  std::vector<double> h, estimate, local;
  reference::OrderFit estimate_fit, local_fit;
};

/// The θ of the dense mode: exact binary fractions, so t0 + θ·h is one rounding from the true time.
const std::vector<double> kThetas{0.25, 0.5, 0.75};

struct UserDenseRow {
  std::string problem, text;
  std::vector<double> h, error;  ///< the largest interpolation error over θ, per h
  reference::OrderFit fit;
};

/// What one adaptive run did against the protocol's rules; the final state when it reached t_end.
struct RunCheck {
  long accepted = 0, rejected = 0, violations = 0;
  std::string first;
  std::vector<double> final_state;  ///< empty: t_end not reached by an accepted step
};

/// Runs the adaptive case and checks its step lines one by one against the protocol's rules.
RunCheck check_run(const UserProgram& program, const Case& c,
                   const std::function<void(const StepLine&, const std::vector<double>&)>& on_accepted = nullptr) {
  RunCheck r;
  std::vector<double> start = c.q;  // the state the next step starts from: (q, v) of the last accepted step
  start.insert(start.end(), c.v.begin(), c.v.end());
  long line = 0;
  const auto violation = [&](const std::string& what) {
    if (r.violations++ == 0) r.first = fmt::format("{}, step line {}: {}", c.name(), line, what);
  };
  double t = c.t0;
  StepLine last;
  const std::string what = c.name();
  const std::string out = program.run(what, placeholders(c), input_of(c));
  read_step_lines(out, c.dim, what, quoted_command(substitute(program.words(), placeholders(c))), [&](const StepLine& s) {
    ++line;
    if (line == 1 && !same_time(s.h, c.h0)) violation(fmt::format("the first step tried has h = {}, not h0 = {}", num(s.h), num(c.h0)));
    if (!same_time(s.t, t)) violation(fmt::format("starts at t = {} where the last accepted step ended at {}", num(s.t), num(t)));
    if (s.t + s.h > c.t_end && !same_time(s.t + s.h, c.t_end))
      violation(fmt::format("steps past t_end = {} (t + h = {})", num(c.t_end), num(s.t + s.h)));
    if (s.accepted) {
      ++r.accepted;
      if (s.err > 1.0) violation(fmt::format("accepted with err = {} > 1 (the estimate exceeds the tolerance)", fmt_g(s.err, 3)));
      if (on_accepted && same_time(s.t, t)) on_accepted(s, start);
      start = s.state;
      t = s.t + s.h;
    } else {
      ++r.rejected;
      if (s.err <= 1.0) violation(fmt::format("rejected with err = {} ≤ 1", fmt_g(s.err, 3)));  // retried: t stays
    }
    last = s;
  });
  if (last.accepted && same_time(t, c.t_end))
    r.final_state = last.state;
  else
    violation(fmt::format("the run ends at t = {}, not at t_end = {}", num(t), num(c.t_end)));
  return r;
}

/// The slope over the tightest kFitted tolerances and C = max err/tol there; the verdict against r.expected.
void judge_tolerance(UserToleranceRow& r) {
  std::vector<double> lt, le;
  double c_max = 0;
  for (std::size_t i = kTolerances.size() - kFitted; i < kTolerances.size(); ++i) {
    if (!(r.error[i] > 0) || !std::isfinite(r.error[i])) continue;
    lt.push_back(std::log10(kTolerances[i]));
    le.push_back(std::log10(r.error[i]));
    c_max = std::max(c_max, r.error[i] / kTolerances[i]);
  }
  if (lt.size() >= 3) {
    r.slope = reference::least_squares(lt, le).slope;
    r.c = c_max;
  }
  r.pass = std::isfinite(r.slope) && std::abs(r.slope - r.expected) <= kToleranceSlopeBand;
}

/// The toolkit's twin of the user's pair: the first embedded pair of the registry propagating order p with an
/// estimate of order q (bs3 for 3(2), cash-karp for 5(4), …), or nullptr.
const adaptive::AdaptiveMethod* adaptive_twin(int p, int q) {
  for (const auto& m : adaptive::adaptive_methods())
    if (m.order() == p && m.error_order() == q) return &m;
  return nullptr;
}

/// The twin on the same problem and tolerances, run as the protocol asks of the user's program (atol = rtol = tol,
/// the standard controller, the first step tried h0 = T): its row beside the user's.
template <class P>
UserToleranceRow twin_tolerance(const adaptive::AdaptiveMethod& m, const P& problem, double T, double expected) {
  UserToleranceRow r;
  r.who = "toolkit " + std::string(m.name());
  r.problem = std::string(P::name);
  r.text = case_text(problem);
  r.expected = expected;
  const auto exact = problem.exact(problem.t0 + T);
  const double scale = 1.0 + std::sqrt(exact.q.squaredNorm() + exact.v.squaredNorm());
  for (double tol : kTolerances) {
    adaptive::AdaptiveOptions o;
    o.tolerance = {tol, tol};
    o.initial_step = T;
    auto x = problem.initial();
    const auto run = run_adaptive(m, problem, x, problem.t0, problem.t0 + T, o);
    r.accepted.push_back(run.accepted);
    r.rejected.push_back(run.rejected);
    r.error.push_back(distance(x, exact) / scale);
  }
  judge_tolerance(r);
  return r;
}

template <class P>
UserToleranceRow user_tolerance(const Context& cx, const P& problem, double T, UserControlRow& control,
                                UserEstimatorRow& estimator) {
  const int p = cx.options.declared_order;
  const int q = cx.options.estimate_order;
  UserToleranceRow r;
  r.problem = std::string(P::name);
  r.text = case_text(problem);
  r.expected = static_cast<double>(p) / static_cast<double>(q + 1);
  control.problem = r.problem;
  const auto exact = problem.exact(problem.t0 + T);
  const double scale = 1.0 + std::sqrt(exact.q.squaredNorm() + exact.v.squaredNorm());
  const MethodRun<P> fehlberg78(*integrators::find_method(kLocalReferenceMethod), problem);
  for (double tol : kTolerances) {
    Case c = make_case(problem, T, 1, 1);
    c.adaptive = true;
    c.t_end = problem.t0 + T;
    c.tol = tol;
    c.h0 = T;  // the whole interval first: a controller must reject it at these tolerances
    std::function<void(const StepLine&, const std::vector<double>&)> on_accepted;
    long deceived = 0;
    std::vector<double> ratios;
    if (tol == kEstimatorTolerance) {
      on_accepted = [&](const StepLine& s, const std::vector<double>& start) {
        using State = core::PhaseState<typename P::V>;
        const State x0 = state_of<P>(start), x1 = state_of<P>(s.state);
        const State y = local_reference(fehlberg78, x0, s.t, s.h);
        const State e{x1.q - y.q, x1.v - y.v};
        const double true_err = adaptive::error_norm(e, x0, x1, adaptive::Tolerance{tol, tol});
        if (true_err > 1.0) ++deceived;
        if (true_err > 0) ratios.push_back(s.err / true_err);
      };
    }
    const RunCheck run = check_run(cx.program, c, on_accepted);
    if (tol == kEstimatorTolerance) {
      estimator.problem = std::string(P::name);
      estimator.text = case_text(problem);
      estimator.accepted = run.accepted;
      estimator.deceived = run.accepted > 0 ? static_cast<double>(deceived) / static_cast<double>(run.accepted) : kNaN;
      estimator.p10 = percentile(ratios, 0.1);
      estimator.median = percentile(ratios, 0.5);
      estimator.p90 = percentile(ratios, 0.9);
      estimator.judged = p > q;
      estimator.pass = !estimator.judged || (std::isfinite(estimator.deceived) && estimator.deceived <= kDeceivedShare);
      cx.tally("estimator reliability", estimator.judged, estimator.pass,
               fmt::format("{}: {} of {} accepted steps at tol = {} deceived (true local error above the tolerance), "
                           "expected at most {} (p > q: the propagated solution is O(h) below the estimate)",
                           estimator.text, deceived, run.accepted, num(tol), fmt_g(kDeceivedShare, 2)));
    }
    control.steps += run.accepted + run.rejected;
    control.rejected += run.rejected;
    if (run.violations > 0 && control.violations == 0) control.first = run.first;
    control.violations += run.violations;
    r.accepted.push_back(run.accepted);
    r.rejected.push_back(run.rejected);
    r.error.push_back(run.final_state.empty() ? kNaN : distance(state_of<P>(run.final_state), exact) / scale);
  }
  judge_tolerance(r);
  cx.tally("tolerance proportionality", true, r.pass,
           fmt::format("{}: error ∝ tol^slope, slope expected {} ± {} (p/(q+1), p = {}, q = {}), measured {}", r.text,
                       fmt_g(r.expected, 3), kToleranceSlopeBand, p, q, fmt_g(r.slope, 3)));
  cx.tally("step control", true, control.violations == 0, control.first);
  return r;
}

/// The one-step ladder of the estimate and dense modes: one step of each h = T/n₀ … T/(128n₀) from the problem's start,
/// the case made by `mode` (it sets the mode's flags), `each(h, rows)` with the program's rows per h.
template <class P, class Mode, class Each>
void one_step_ladder(const Context& cx, const P& problem, double T, long n0, Mode&& mode, Each&& each) {
  const auto x0 = problem.initial();
  std::vector<double> z0(x0.q.data(), x0.q.data() + x0.q.size());
  z0.insert(z0.end(), x0.v.data(), x0.v.data() + x0.v.size());
  for (int k = 0; k < kEstimateLevels; ++k) {
    const double h = T / static_cast<double>(n0) / std::pow(2.0, k);
    Case c = make_case(problem, h, 1, 1);
    c.step_mode = true;
    c.starts = {z0};
    mode(c);
    each(h, run_case(cx.program, c));
  }
}

/// The size errors are measured against (1 + ‖x₀‖) and the round-off floor of one step (order_study.hpp), per level.
template <class P>
double start_scale(const P& problem) {
  const auto x0 = problem.initial();
  return 1.0 + std::sqrt(x0.q.squaredNorm() + x0.v.squaredNorm());
}
const std::vector<double> kOneStepFloor(kEstimateLevels, roundoff_floor(1, 1.0));

std::string shown_fit(const reference::OrderFit& f) { return f.ok ? fmt_g(f.order, 3) : std::string("none (no usable range of h)"); }

template <class P>
UserEstimateRow user_estimate(const Context& cx, const P& problem, double T, long n0) {
  UserEstimateRow r;
  r.problem = std::string(P::name);
  r.text = case_text(problem);
  const double scale = start_scale(problem);
  one_step_ladder(cx, problem, T, n0, [](Case& c) { c.estimate = true; }, [&](double h, const std::vector<std::vector<double>>& rows) {
    const auto& row = rows.front();
    const std::size_t n = row.size() / 2;
    const std::vector<double> state(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(n));
    double e2 = 0;
    for (std::size_t i = n; i < 2 * n; ++i) e2 += row[i] * row[i];
    r.h.push_back(h);
    r.estimate.push_back(std::sqrt(e2) / scale);
    r.local.push_back(distance(state_of<P>(state), problem.exact(problem.t0 + h)) / scale);
  });
  r.estimate_fit = reference::fit_order(r.h, r.estimate, kOneStepFloor);
  r.local_fit = reference::fit_order(r.h, r.local, kOneStepFloor);
  const int q1 = cx.options.estimate_order + 1, p1 = cx.options.declared_order + 1;
  const bool est_pass = r.estimate_fit.ok && std::abs(r.estimate_fit.order - q1) <= kEstimateBand;
  const bool loc_pass = r.local_fit.ok && std::abs(r.local_fit.order - p1) <= kEstimateBand;
  cx.tally("estimate order", true, est_pass,
           fmt::format("{}: the error estimate of one step is O(h^{}), expected {} ± {}, measured {}", r.text, "(q+1)", q1, kEstimateBand,
                       shown_fit(r.estimate_fit)));
  cx.tally("local error order", true, loc_pass,
           fmt::format("{}: the local error of one step is O(h^{}), expected {} ± {}, measured {}", r.text, "(p+1)", p1, kEstimateBand,
                       shown_fit(r.local_fit)));
  return r;
}

template <class P>
UserDenseRow user_dense(const Context& cx, const P& problem, double T, long n0) {
  UserDenseRow r;
  r.problem = std::string(P::name);
  r.text = case_text(problem);
  const double scale = start_scale(problem);
  one_step_ladder(cx, problem, T, n0, [](Case& c) { c.dense = true, c.thetas = kThetas; },
                  [&](double h, const std::vector<std::vector<double>>& rows) {
                    double worst = 0;
                    for (std::size_t i = 0; i < kThetas.size(); ++i)
                      worst = std::max(worst, distance(state_of<P>(rows[i]), problem.exact(problem.t0 + kThetas[i] * h)) / scale);
                    r.h.push_back(h);
                    r.error.push_back(worst);
                  });
  r.fit = reference::fit_order(r.h, r.error, kOneStepFloor);
  const int d1 = cx.options.dense_order + 1;
  cx.tally("dense output order", true, r.fit.ok && std::abs(r.fit.order - d1) <= kEstimateBand,
           fmt::format("{}: the dense output of one step (θ = 1/4, 1/2, 3/4) is O(h^(p*+1)), expected {} ± {}, measured {}", r.text,
                       d1, kEstimateBand, shown_fit(r.fit)));
  return r;
}

std::string fit_text(const reference::OrderFit& f) { return f.ok ? fmt_g(f.order, 3) : "—"; }

}  // namespace

StudyResult run_adaptive_check(const checking::Context& cx) {
  const int p = cx.options.declared_order, q = cx.options.estimate_order;
  std::vector<UserToleranceRow> tolerance;
  std::vector<UserControlRow> control;
  std::vector<UserEstimatorRow> estimators;
  std::vector<UserEstimateRow> estimate;
  std::vector<UserDenseRow> dense;
  const adaptive::AdaptiveMethod* twin = adaptive_twin(p, q);
  const auto& studies = cx.options.studies;
  const auto wanted = [&](std::string_view s) { return studies.empty() || std::find(studies.begin(), studies.end(), s) != studies.end(); };
  for_each_ladder(cx.options.seed, [&](const auto& problem, double T, long n0) {
    using P = std::decay_t<decltype(problem)>;
    cx.progress(fmt::format("adaptive: {}", P::name));
    if (wanted("tolerance")) {
      control.emplace_back();
      estimators.emplace_back();
      tolerance.push_back(user_tolerance(cx, problem, T, control.back(), estimators.back()));
      if (twin) tolerance.push_back(twin_tolerance(*twin, problem, T, tolerance.back().expected));
    }
    if (wanted("estimate")) estimate.push_back(user_estimate(cx, problem, T, n0));
    if (wanted("dense") && cx.options.dense_order > 0) dense.push_back(user_dense(cx, problem, T, n0));
  });
  StudyResult out;
  out.name = "adaptive-check";
  out.title = "Error control of your program";
  out.html_intro = fmt::format(
      "<p><b>What it checks.</b> Your program claims order p = {} for the solution it propagates and an error estimate of "
      "order q = {} (O(h<sup>q+1</sup>) per step). Keeping each step's estimate near the tolerance makes h ∝ "
      "tol<sup>1/(q+1)</sup> and the global error ∝ tol<sup>p/(q+1)</sup> (Hairer, Nørsett &amp; Wanner I (1993) §II.4; "
      "Shampine (1994) §7.1): the slope {} ± {}, fitted over the tightest {} of the tolerances 1e-2 … 1e-10 (atol = rtol = "
      "tol). Each run must start by trying the whole interval (h0 = t_end − t0), which a controller must reject; a step is accepted "
      "exactly when its normalised estimate err ≤ 1, a rejected step is tried again from the same point, and the last "
      "step lands on t_end. One step of h from the start, on a ladder of 8 h, must give an estimate of order q + 1 = {} and "
      "a local error of order p + 1 = {} (± {}: Drake's ErrEstOrder test). A controller that never rejects, an estimate "
      "of the wrong order and a tolerance ignored each fail here (docs/check.md).{}</p>\n",
      p, q, fmt_g(static_cast<double>(p) / (q + 1), 3), kToleranceSlopeBand, kFitted, q + 1, p + 1, kEstimateBand,
      cx.options.dense_order > 0
          ? fmt::format(" Your dense output claims order p* = {}: the same steps interpolated at θ = 1/4, 1/2, 3/4 must be "
                        "O(h<sup>p*+1</sup>) = O(h<sup>{}</sup>) from the exact solution (Hairer, Nørsett &amp; Wanner I §II.6).",
                        cx.options.dense_order, cx.options.dense_order + 1)
          : std::string());
  ResultTable tt;
  tt.caption = "Tolerance proportionality: global error at t_end against tol";
  tt.group = "check_tolerance";
  for (const auto& r : tolerance) {
    Row row;
    long acc = 0, rej = 0;
    for (std::size_t i = 0; i < r.accepted.size(); ++i) acc += r.accepted[i], rej += r.rejected[i];
    row.fields = {field("program", "program", r.who), field("problem", "problem", r.text),
                  field("slope", "slope", fmt_g(r.slope, 3), finite_or_null(r.slope)),
                  field("expected p/(q+1)", "expected", fmt_g(r.expected, 3), r.expected),
                  field("C = max err/tol (fitted range)", "c", fmt_g(r.c, 3), finite_or_null(r.c)),
                  field("error at tol = 1e-10", "error_tightest", fmt_g(r.error.back(), 3), finite_or_null(r.error.back())),
                  field("steps accepted", "accepted", std::to_string(acc), static_cast<double>(acc)),
                  field("rejected", "rejected", std::to_string(rej), static_cast<double>(rej))};
    row.verdict = Verdict{fmt::format("{} on {}: tolerance slope", r.who, r.problem), fmt::format("{} ± {}", fmt_g(r.expected, 3), kToleranceSlopeBand),
                          fmt_g(r.slope, 3), r.pass};
    tt.rows.push_back(std::move(row));
  }
  if (!tt.rows.empty()) out.tables.push_back(std::move(tt));
  ResultTable ct;
  ct.caption = "Step control: accepted iff err ≤ 1, retries from the same point, the last step on t_end";
  ct.group = "check_control";
  for (const auto& r : control) {
    Row row;
    row.fields = {field("problem", "problem", r.problem), field("steps tried", "steps", std::to_string(r.steps), static_cast<double>(r.steps)),
                  field("rejected", "rejected", std::to_string(r.rejected), static_cast<double>(r.rejected)),
                  field("violations", "violations", std::to_string(r.violations), static_cast<double>(r.violations)),
                  field("first violation", "first", r.first.empty() ? "—" : r.first)};
    row.verdict = Verdict{fmt::format("user on {}: step control", r.problem), "0 violations", std::to_string(r.violations), r.violations == 0};
    ct.rows.push_back(std::move(row));
  }
  if (!ct.rows.empty()) out.tables.push_back(std::move(ct));
  ResultTable rt;
  rt.caption = fmt::format("The estimator at work (tol = {}): the true local error of each accepted step (Fehlberg 7(8), 16 "
                           "sub-steps from its start) against the tolerance and against your err", num(kEstimatorTolerance));
  rt.group = "check_estimator";
  for (const auto& r : estimators) {
    Row row;
    row.fields = {field("problem", "problem", r.text), field("accepted steps", "accepted", std::to_string(r.accepted), static_cast<double>(r.accepted)),
                  field("deceived", "deceived", fmt_g(r.deceived, 3), finite_or_null(r.deceived)),
                  field("err/true: median", "ratio_median", fmt_g(r.median, 3), finite_or_null(r.median)),
                  field("10 %", "ratio_p10", fmt_g(r.p10, 3), finite_or_null(r.p10)),
                  field("90 %", "ratio_p90", fmt_g(r.p90, 3), finite_or_null(r.p90))};
    if (r.judged)
      row.verdict = Verdict{fmt::format("user on {}: deceived steps", r.problem), fmt::format("≤ {}", fmt_g(kDeceivedShare, 2)),
                            fmt_g(r.deceived, 3), r.pass};
    else
      row.verdict_text = "reported (p = q: the estimate measures the propagated solution itself)";
    rt.rows.push_back(std::move(row));
  }
  if (!rt.rows.empty()) out.tables.push_back(std::move(rt));
  ResultTable et;
  et.caption = "One step from the start: the estimate's order and the local error's";
  et.group = "check_estimate";
  for (const auto& r : estimate) {
    Row row;
    row.fields = {field("problem", "problem", r.text),
                  field("estimate order", "estimate_order", fit_text(r.estimate_fit), r.estimate_fit.ok ? Json(r.estimate_fit.order) : Json()),
                  field("expected q + 1", "expected_estimate", std::to_string(q + 1), static_cast<double>(q + 1)),
                  field("local error order", "local_order", fit_text(r.local_fit), r.local_fit.ok ? Json(r.local_fit.order) : Json()),
                  field("expected p + 1", "expected_local", std::to_string(p + 1), static_cast<double>(p + 1))};
    row.verdict = Verdict{fmt::format("user on {}: estimate order", r.problem), fmt::format("{} ± {}", q + 1, kEstimateBand), fit_text(r.estimate_fit),
                          r.estimate_fit.ok && std::abs(r.estimate_fit.order - (q + 1)) <= kEstimateBand};
    row.also.push_back(Verdict{fmt::format("user on {}: local error order", r.problem), fmt::format("{} ± {}", p + 1, kEstimateBand),
                               fit_text(r.local_fit), r.local_fit.ok && std::abs(r.local_fit.order - (p + 1)) <= kEstimateBand});
    et.rows.push_back(std::move(row));
  }
  if (!et.rows.empty()) out.tables.push_back(std::move(et));
  ResultTable dt;
  dt.caption = "One step from the start, interpolated at θ = 1/4, 1/2, 3/4: the dense output's order";
  dt.group = "check_dense";
  const int d1 = cx.options.dense_order + 1;
  for (const auto& r : dense) {
    Row row;
    row.fields = {field("problem", "problem", r.text),
                  field("dense output order", "dense_order", fit_text(r.fit), r.fit.ok ? Json(r.fit.order) : Json()),
                  field("expected p* + 1", "expected_dense", std::to_string(d1), static_cast<double>(d1)),
                  field("largest error (coarsest h)", "error_coarsest", fmt_g(r.error.front(), 3), finite_or_null(r.error.front()))};
    row.verdict = Verdict{fmt::format("user on {}: dense output order", r.problem), fmt::format("{} ± {}", d1, kEstimateBand),
                          fit_text(r.fit), r.fit.ok && std::abs(r.fit.order - d1) <= kEstimateBand};
    dt.rows.push_back(std::move(row));
  }
  if (!dt.rows.empty()) out.tables.push_back(std::move(dt));
  return out;
}

}  // namespace verisim::experiments
