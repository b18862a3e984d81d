// `verisim check integrator` (check_integrator.hpp, docs/check.md): the user's program stepped
// through the process protocol, measured by the studies' own code.
#include "experiments/check/check_integrator.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <cmath>
#include <cstddef>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include "experiments/check/check_adaptive.hpp"
#include "experiments/check/check_collision.hpp"
#include "experiments/check/check_output.hpp"
#include "experiments/check/check_program.hpp"
#include "experiments/check/integrator_case.hpp"
#include "experiments/studies/drift_study.hpp"
#include "experiments/support/finite_range.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/studies/ladders.hpp"
#include "experiments/studies/order_study.hpp"
#include "experiments/support/report_folder.hpp"
#include "experiments/studies/scene_order.hpp"
#include "experiments/studies/scene_studies.hpp"
#include "experiments/studies/stability_study.hpp"
#include "experiments/studies/symplecticity_study.hpp"
#include "experiments/io/number.hpp"
#include "reference/order_fit.hpp"
#include "reference/problems/units.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::experiments {

namespace pr = reference::problems;

namespace {

using namespace checking;  // the case of the protocol (integrator_case.hpp)

const long kDriftSteps = drift_steps(true);  // the drift study's --quick length
constexpr long kDriftStride = 10;     // the program prints every 10th state: 10⁴ lines
// One-step consistency: the same step asked twice, or asked alone and as the first step of a run, is
// the same arithmetic on the same doubles (the protocol's numbers read back exactly), so a correct
// program gives the same bits; 1e-12 of the state's size (≈ 4500 ulps) leaves room for a run loop that
// evaluates in another order, and is far below what a stale cached force changes (Δt·Δa ≳ 1e-6 here).
constexpr double kSameAnswer = 1e-12;
// Scale invariance: the scaled run differs from the unscaled one only by the rounding of its scaled
// inputs (ε each) and of each operation, propagated over kScaleSteps steps of a stable, non-chaotic
// flow: ≲ kScaleSteps · 20 operations · ε ≈ 2e-13 (measured: docs/check.md); 1e-9 is a wide margin,
// far below the effect of any cap or absolute threshold that scaling moves across.
constexpr double kScaleTolerance = 1e-9;
constexpr long kScaleSteps = 50;
/// The unit changes of the scale check (reference/problems/units.hpp): 10^±12 in length, 10^±6 in
/// time, 10^±15 in mass, and two mixed ones.
const pr::Scale kScales[] = {{1e12, 1, 1}, {1e-12, 1, 1}, {1, 1e6, 1}, {1, 1e-6, 1},
                             {1, 1, 1e15}, {1, 1, 1e-15}, {1e9, 1e-4, 1e12}, {1e-9, 1e4, 1e-12}};

/// The options running the toolkit's twin through its study, with the settings the check uses and
/// the same drawn problems.
StudyOptions twin_options(const Context& cx, std::vector<std::string> problems = {}) {
  StudyOptions o;
  o.quick = true;
  o.integrators = {cx.twin};
  o.problems = std::move(problems);
  o.draw_seed = cx.options.seed;
  return o;
}

/// Moves the twin's rows on the same problem after the user's row.
template <class Problem>
void add_twin_rows(Problem& into, std::vector<Problem>& twin) {
  for (auto& tp : twin)
    if (tp.name == into.name)
      for (auto& row : tp.rows) into.rows.push_back(std::move(row));
}

// ---- order (order_study.hpp) ------------------------------------------------------------------

template <class P>
OrderRow user_order(const Context& cx, const P& problem, double T, long n0) {
  const int p = cx.options.declared_order;
  const auto exact = problem.exact(problem.t0 + T);
  const double scale = 1.0 + std::sqrt(exact.q.squaredNorm() + exact.v.squaredNorm());
  OrderRow r;
  r.integrator = kUser;
  r.declared = p;
  for (int k = 0; k < order_levels(true); ++k) {
    const long steps = ladder_steps(p, n0, k);
    const double dt = T / static_cast<double>(steps);
    const auto rows = run_case(cx.program, make_case(problem, dt, steps, steps));
    r.h.push_back(dt);
    r.err.push_back(distance(state_of<P>(rows.back()), exact));
    r.floor.push_back(roundoff_floor(steps, scale));
  }
  r.err_odeint.assign(r.h.size(), kNaN);
  r.fit = reference::fit_order(r.h, r.err, r.floor);
  r.at_roundoff = all_at_roundoff(r.err, r.floor);
  r.pass = r.at_roundoff || order_pass(r.fit, p);
  cx.tally("order", !r.at_roundoff, r.pass,
           fmt::format("{}: order expected {} ± {}, measured {}", case_text(problem), p, kOrderTolerance,
                       r.fit.ok ? fmt_g(r.fit.order, 3) : "none (no usable range of step sizes)"));
  return r;
}

OrderStudy check_order(const Context& cx) {
  OrderStudy twin;
  if (!cx.twin.empty()) twin = run_order_study(twin_options(cx));
  OrderStudy out;
  for_each_ladder(cx.options.seed, [&](const auto& problem, double T, long n0) {
    using P = std::decay_t<decltype(problem)>;
    cx.progress(fmt::format("order: {}", P::name));
    OrderProblem op{std::string(P::name), case_text(problem), T, {}};
    op.rows.push_back(user_order(cx, problem, T, n0));
    add_twin_rows(op, twin.problems);
    out.problems.push_back(std::move(op));
  });
  return out;
}

// ---- drift (drift_study.hpp) ------------------------------------------------------------------

template <class P>
DriftRow user_drift(const Context& cx, const P& problem, double dt) {
  Case c = make_case(problem, dt, kDriftSteps, kDriftStride);
  c.allow_nonfinite = true;
  const auto rows = run_case(cx.program, c);
  EnergyEnvelope env(kDriftSteps);
  const auto x0 = problem.initial();
  const double e0 = problem.energy(x0);
  double l0 = 0;
  if constexpr (requires { problem.angular_momentum(x0); }) l0 = problem.angular_momentum(x0);
  for (std::size_t j = 0; j < rows.size(); ++j) {
    const long k = static_cast<long>(j + 1) * kDriftStride;
    const auto x = state_of<P>(rows[j]);
    double dl = 0;
    if constexpr (requires { problem.angular_momentum(x); })
      dl = l0 != 0.0 ? std::abs((problem.angular_momentum(x) - l0) / l0) : 0.0;
    if (!env.add(k, static_cast<double>(k) * dt, std::abs((problem.energy(x) - e0) / e0), dl)) break;
  }
  env.classify(dt, 10.0 * static_cast<double>(kDriftSteps) * std::numeric_limits<double>::epsilon());
  DriftRow r;
  r.integrator = kUser;
  fill_drift_row(r, std::move(env));
  r.has_angular_momentum = requires { problem.angular_momentum(x0); };
  // the claim: a symplectic method's energy error stays bounded (GNI Thm IX.8.1); no claim, no verdict
  r.judged = cx.options.symplectic;
  r.expected = cx.options.symplectic ? "bounded" : "(no claim)";
  r.pass = !r.judged || r.category == r.expected;
  cx.tally("drift", r.judged, r.pass, fmt::format("{}, Δt = {}: energy error expected bounded, measured {}", case_text(problem), fmt_g(dt, 4), r.category));
  return r;
}

DriftStudy check_drift(const Context& cx) {
  DriftStudy twin;
  if (!cx.twin.empty()) twin = run_drift_study(twin_options(cx));
  DriftStudy out;
  for_each_drift_problem(cx.options.seed, [&](const auto& problem, double dt) {
    using P = std::decay_t<decltype(problem)>;
    cx.progress(fmt::format("drift: {}", P::name));
    DriftProblem dp{std::string(P::name), case_text(problem), dt, kDriftSteps, {}, {}};
    const auto bounds = EnergyEnvelope::window_bounds(kDriftSteps);
    for (std::size_t w = 0; w + 1 < bounds.size(); ++w) dp.window_end.push_back(static_cast<double>(bounds[w + 1] - 1) * dt);
    dp.rows.push_back(user_drift(cx, problem, dt));
    add_twin_rows(dp, twin.problems);
    out.problems.push_back(std::move(dp));
  });
  return out;
}

// ---- symplecticity (symplecticity_study.hpp) ----------------------------------------------------

/// The one-step Jacobians at the study's phase points, by the study's centred differences: the
/// difference stencil is first recorded (a map that only notes its arguments), the program then steps
/// every state of it in one run of the one-step mode, and the stencil is replayed with its answers.
template <class P>
DefectRow user_defects(const Context& cx, const P& problem, const std::vector<double>& dts) {
  constexpr int N = P::V::RowsAtCompileTime;
  const auto points = phase_points(problem, defect_points(true));
  const VecZ<N> units = relative_units(problem);  // the study's units (symplecticity_study.hpp)
  DefectRow r;
  r.integrator = kUser;
  for (double dt : dts) {
    std::vector<VecZ<N>> asked;
    const auto note = [&](const VecZ<N>& z) {
      asked.push_back(z);
      return VecZ<N>(VecZ<N>::Ones());
    };
    const auto record = scaled_map<N>(note, units);
    for (const auto& x : points) jacobian<N>(record, pack<N>(x.q, x.v).cwiseQuotient(units));
    Case c = make_case(problem, dt, 1, 1);
    c.step_mode = true;
    c.q.clear();
    c.v.clear();
    for (const auto& z : asked) c.starts.emplace_back(z.data(), z.data() + 2 * N);
    const auto answers = run_case(cx.program, c);
    std::size_t next = 0;
    const auto answer = [&](const VecZ<N>&) {
      VecZ<N> z;
      for (int i = 0; i < 2 * N; ++i) z[i] = answers[next][static_cast<std::size_t>(i)];
      ++next;
      return z;
    };
    const auto replay = scaled_map<N>(answer, units);
    double worst = 0, err = 0;
    for (const auto& x : points) {
      const auto jac = jacobian<N>(replay, pack<N>(x.q, x.v).cwiseQuotient(units));
      worst = std::max(worst, defect<N>(jac.M));
      err = std::max(err, defect_error<N>(jac));
    }
    r.defect.push_back(worst);
    r.error.push_back(err);
  }
  judge_defects(r, dts, cx.options.symplectic, cx.options.declared_order);
  cx.tally("symplecticity", true, r.pass,
           fmt::format("{}: ‖MᵀJM − J‖ = {} at Δt = {}{}", case_text(problem), fmt_g(r.defect.back(), 3), fmt_g(dts.back(), 4),
                       cx.options.symplectic ? " (round-off expected)" : ""));
  return r;
}

SymplecticityStudy check_symplecticity(const Context& cx) {
  SymplecticityStudy twin;
  if (!cx.twin.empty()) twin = run_symplecticity_study(twin_options(cx, {"pendulum", "kepler"}));
  SymplecticityStudy out;
  for_each_defect_problem(cx.options.seed, [&](const auto& problem, const std::vector<double>& dts) {
    using P = std::decay_t<decltype(problem)>;
    if constexpr (!std::is_same_v<P, pr::HenonHeiles>) {  // not a problem of the protocol (a fifth force law to write)
      cx.progress(fmt::format("symplecticity: {}", P::name));
      DefectProblem dp{std::string(P::name), case_text(problem), defect_points(true), dts, {}};
      dp.rows.push_back(user_defects(cx, problem, dts));
      add_twin_rows(dp, twin.problems);
      out.problems.push_back(std::move(dp));
    }
  });
  return out;
}

// ---- stability (stability_study.hpp) ------------------------------------------------------------

/// ρ(M) − 1 of the user's one-step map on the oscillator at θ = ω₀Δt (growth_per_step): one run of the
/// one-step mode from (0, 0), (1, 0), (0, 1), (2, 0), (0, 2); the map is affine (the constant force F).
Growth user_growth(const Context& cx, const pr::Oscillator& osc, double theta) {
  Case c = make_case(osc, theta * osc.time_scale(), 1, 1);
  c.step_mode = true;
  c.allow_nonfinite = true;
  c.q.clear();
  c.v.clear();
  c.starts = {{0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}, {2.0, 0.0}, {0.0, 2.0}};
  const auto rows = run_case(cx.program, c);
  std::size_t next = 0;  // growth_per_step asks for the states in this order
  return growth_per_step([&](double, double) -> std::optional<std::array<double, 2>> {
    const auto& a = rows[next++];
    if (!std::isfinite(a[0]) || !std::isfinite(a[1])) return std::nullopt;
    return std::array<double, 2>{a[0], a[1]};
  });
}

StabilityStudy check_stability(const Context& cx) {
  StabilityStudy out;
  if (!cx.twin.empty()) {
    out = run_stability_study(twin_options(cx));
    out.traces.clear();
    out.trace_theta.clear();
  } else {
    out.theta_max = kStabilityThetaMax;
    out.theta_min = kStabilityThetaMin;
    out.tolerance = 0.01;
  }
  cx.progress("stability: oscillator");
  const auto osc = studied(pr::Oscillator{}, cx.options.seed);
  const StabilityLimit lim = bisect_limit([&](double th) { return user_growth(cx, osc, th).stable(); });
  StabilityRow r;
  r.integrator = kUser;
  r.theory = kNaN;
  r.theory_text = cx.options.symplectic
                      ? "claimed symplectic: det M = 1 and tr M = 2 − θ² + O(θ³) on the oscillator, so ρ(M) = 1 for small θ "
                        "(GNI §I.5): a stable interval [0, θ*) with θ* > 0"
                      : "no claim (a non-symplectic method may have no stable interval: explicit Euler, Heun)";
  r.unconditional = lim.unconditional;
  r.measured = lim.theta;
  const Growth g0 = user_growth(cx, osc, kStabilityThetaMin);
  r.growth_at_min = g0.excess;
  r.growth_tolerance = g0.tolerance;
  r.judged = cx.options.symplectic;
  r.expected_text = cx.options.symplectic ? fmt::format("a stable interval (ρ(M) ≤ 1 for θ ≥ {:g})", kStabilityThetaMin) : "(no claim)";
  r.pass = !r.judged || lim.unconditional || lim.theta > 0;
  cx.tally("stability", r.judged, r.pass,
           fmt::format("{}: no stable interval: growth per step ρ(M) − 1 = {} at θ = ω₀Δt = {:g}", case_text(osc),
                       fmt_g(r.growth_at_min, 3), kStabilityThetaMin));
  out.rows.insert(out.rows.begin(), std::move(r));
  return out;
}

// ---- scale invariance (units.hpp) ---------------------------------------------------------------

/// ‖a − b‖/‖b‖ over whole states (q, v).
double relative_distance(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0, n = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    d += (a[i] - b[i]) * (a[i] - b[i]);
    n += b[i] * b[i];
  }
  return n > 0 ? std::sqrt(d / n) : std::sqrt(d);
}

struct ScaleRow {
  std::string problem, text;
  double dt = 0;
  double worst = 0;        ///< the largest relative difference over the scales
  pr::Scale worst_scale;
  bool pass = true;
};

template <class P>
ScaleRow user_scale(const Context& cx, const P& problem, double dt) {
  constexpr int N = P::V::RowsAtCompileTime;
  ScaleRow r{std::string(P::name), case_text(problem), dt, 0, {}, true};
  const auto base = run_case(cx.program, make_case(problem, dt, kScaleSteps, kScaleSteps)).back();
  for (const auto& s : kScales) {
    const auto scaled = problem.scaled(s);
    const auto out = run_case(cx.program, make_case(scaled, s.time(dt), kScaleSteps, kScaleSteps)).back();
    std::vector<double> back(out.size());  // the scaled answer in the original units
    const double qu = P::q_unit(s);
    for (int i = 0; i < N; ++i) {
      back[static_cast<std::size_t>(i)] = out[static_cast<std::size_t>(i)] / qu;
      back[static_cast<std::size_t>(N + i)] = out[static_cast<std::size_t>(N + i)] / qu * s.T;
    }
    const double d = relative_distance(back, base);
    if (!(d <= r.worst)) {
      r.worst = d;
      r.worst_scale = s;
    }
  }
  r.pass = r.worst <= kScaleTolerance;
  cx.tally("scale invariance", true, r.pass,
           fmt::format("{}, Δt = {}, {} steps: in units scaled by L = {:g}, T = {:g}, M = {:g} the answer differs from the "
                       "scaled answer by {} of the state (at most {:g})",
                       r.text, fmt_g(dt, 4), kScaleSteps, r.worst_scale.L, r.worst_scale.T, r.worst_scale.M, fmt_g(r.worst, 3),
                       kScaleTolerance));
  return r;
}

std::string scale_text(const pr::Scale& s) { return fmt::format("L = {:g}, T = {:g}, M = {:g}", s.L, s.T, s.M); }

StudyResult check_scale(const Context& cx) {
  std::vector<ScaleRow> rows;
  for_each_ladder(cx.options.seed, [&](const auto& problem, double T, long n0) {
    using P = std::decay_t<decltype(problem)>;
    cx.progress(fmt::format("scale invariance: {}", P::name));
    rows.push_back(user_scale(cx, problem, T / static_cast<double>(4 * n0)));
  });
  StudyResult out;
  out.name = "scale";
  out.title = "Scale invariance";
  std::string scales;
  for (const auto& s : kScales) scales += (scales.empty() ? "" : "; ") + scale_text(s);
  out.html_intro = fmt::format(
      "<p><b>What it checks.</b> Every problem is dimensionally homogeneous: expressed in other units of length, time "
      "and mass (every parameter, the start, t₀ and Δt converted), its solution is the same motion in the new units "
      "(Barenblatt, Scaling (1996) §1.1), and so is a correct integrator's answer — up to the rounding of the converted "
      "inputs. Each problem is run {} steps in its own units and in each of these: {}; the answer, converted back, must "
      "equal the unscaled one to {:g} of the state (the rounding accumulated over {} steps: at most 2e-15 measured on the "
      "correct examples, docs/check.md). A program that "
      "caps a speed or a position, tests against an absolute tolerance, or evaluates an overflow-prone formula fails "
      "here while passing the ordinary-sized cases.</p>\n",
      kScaleSteps, html_escape(scales), kScaleTolerance, kScaleSteps);
  ResultTable table;
  table.caption = "The largest relative difference between the scaled answer and the unscaled one";
  table.group = "check_scale";
  for (const auto& r : rows) {
    Row row;
    row.fields = {field("problem", "problem", r.text), field("Δt", "dt", fmt_g(r.dt, 4), r.dt),
                  field("largest difference", "largest_difference", fmt_g(r.worst, 3), r.worst),
                  field("at the units", "at_units", r.worst > 0 ? scale_text(r.worst_scale) : "—")};
    row.verdict = Verdict{fmt::format("user on {}: scale invariance", r.problem), fmt::format("≤ {:g}", kScaleTolerance),
                          fmt::format("{} at {}", fmt_g(r.worst, 3), scale_text(r.worst_scale)), r.pass};
    table.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(table));
  return out;
}

// ---- one-step consistency -----------------------------------------------------------------------

struct OneStepRow {
  std::string problem, text;
  double dt = 0;
  double vs_run = 0;   ///< largest ‖one-step answer − first step of a run‖ / ‖answer‖
  double repeat = 0;   ///< largest ‖repeated request − first answer‖ / ‖answer‖
};

/// From the start and two other states s₁ = (1.1 q₀, 0.9 v₀ + 0.1 q₀/τ), s₂ = (0.8 q₀, 1.1 v₀ − 0.1 q₀/τ):
/// one run of the one-step mode with the requests s₀, s₁, s₂, s₀, s₁ (the last two repeat the first two,
/// after other states), and a run of one step from each of s₀, s₁, s₂.
template <class P>
OneStepRow user_one_step(const Context& cx, const P& problem, double dt) {
  const auto x0 = problem.initial();
  const double tau = problem.time_scale();
  std::vector<std::vector<double>> s(3);
  for (int i = 0; i < x0.q.size(); ++i) s[0].push_back(x0.q[i]), s[1].push_back(1.1 * x0.q[i]), s[2].push_back(0.8 * x0.q[i]);
  for (int i = 0; i < x0.v.size(); ++i) {
    s[0].push_back(x0.v[i]);
    s[1].push_back(0.9 * x0.v[i] + 0.1 * x0.q[i] / tau);
    s[2].push_back(1.1 * x0.v[i] - 0.1 * x0.q[i] / tau);
  }
  Case c = make_case(problem, dt, 1, 1);
  c.step_mode = true;
  c.q.clear();
  c.v.clear();
  c.starts = {s[0], s[1], s[2], s[0], s[1]};
  const auto a = run_case(cx.program, c);
  OneStepRow r{std::string(P::name), case_text(problem), dt, 0, 0};
  r.repeat = std::max(relative_distance(a[3], a[0]), relative_distance(a[4], a[1]));
  const int n = static_cast<int>(x0.q.size());
  for (std::size_t k = 0; k < 3; ++k) {
    Case run = make_case(problem, dt, 1, 1);
    run.q.assign(s[k].begin(), s[k].begin() + n);
    run.v.assign(s[k].begin() + n, s[k].end());
    r.vs_run = std::max(r.vs_run, relative_distance(a[k], run_case(cx.program, run).back()));
  }
  const std::string where = fmt::format("{}, Δt = {}", r.text, fmt_g(dt, 4));
  cx.tally("one step = first step of a run", true, r.vs_run <= kSameAnswer,
           fmt::format("{}: the one-step answer differs from the first step of a run from the same state by {} of the state",
                       where, fmt_g(r.vs_run, 3)));
  cx.tally("repeated one-step request", true, r.repeat <= kSameAnswer,
           fmt::format("{}: the same one-step request, asked again after others, differs by {} of the state", where,
                       fmt_g(r.repeat, 3)));
  return r;
}

StudyResult check_one_step(const Context& cx) {
  std::vector<OneStepRow> rows;
  for_each_ladder(cx.options.seed, [&](const auto& problem, double T, long n0) {
    using P = std::decay_t<decltype(problem)>;
    cx.progress(fmt::format("one step: {}", P::name));
    rows.push_back(user_one_step(cx, problem, T / static_cast<double>(n0)));
  });
  StudyResult out;
  out.name = "one-step";
  out.title = "One-step mode against runs";
  out.html_intro = fmt::format(
      "<p><b>What it checks.</b> The symplecticity and stability checks read your method's one-step map from the "
      "one-step mode. There each line must be stepped as if alone: the same answer as the first step of a whole run "
      "from the same state and time, and the same answer when the same request comes again after others. A stepper "
      "that keeps something between lines (a cached force, a first-same-as-last stage never reset, a step counter) "
      "fails here even when its one-step maps still look symplectic. Per problem, the one-step mode steps s₀, s₁, s₂, "
      "s₀, s₁ (s₀ the start, s₁, s₂ two states beside it) and three runs take one step from each; the answers must "
      "agree to {:g} of the state (the same arithmetic on the same numbers gives the same bits).</p>\n",
      kSameAnswer);
  ResultTable table;
  table.caption = "Largest relative difference between answers that must be equal";
  table.group = "check_one_step";
  for (const auto& r : rows) {
    Row row;
    row.fields = {field("problem", "problem", r.text), field("Δt", "dt", fmt_g(r.dt, 4), r.dt),
                  field("one step vs first step of a run", "one_step_vs_run", fmt_g(r.vs_run, 3), r.vs_run),
                  field("repeated request vs first answer", "repeat_vs_first", fmt_g(r.repeat, 3), r.repeat)};
    row.verdict = Verdict{fmt::format("user on {}: one step = first step of a run", r.problem), fmt::format("≤ {:g}", kSameAnswer),
                          fmt_g(r.vs_run, 3), r.vs_run <= kSameAnswer};
    row.also.push_back(Verdict{fmt::format("user on {}: repeated one-step request", r.problem), fmt::format("≤ {:g}", kSameAnswer),
                               fmt_g(r.repeat, 3), r.repeat <= kSameAnswer});
    table.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(table));
  return out;
}

// ---- the order on the user's own scene (scene_order.hpp) ----------------------------------------

/// `--scene FILE`: the user's program steps the scene's system (problem "scene", its generalized state),
/// and the scene order study measures it beside the twin, against the scene's reference run.
StudyResult check_scene_order(const Context& cx) {
  const scene::Scene sc = scene::load_scene(cx.options.scene);
  const std::vector<double> z0 = scene_initial_state(sc);
  const std::size_t n = z0.size() / 2;
  Case base;
  base.problem = "scene";
  base.dim = static_cast<int>(n);
  base.scene = std::filesystem::absolute(cx.options.scene).string();
  base.q.assign(z0.begin(), z0.begin() + static_cast<std::ptrdiff_t>(n));
  base.v.assign(z0.begin() + static_cast<std::ptrdiff_t>(n), z0.end());
  const SceneFinalState user = [&cx, base](double dt, std::size_t steps) {
    Case c = base;
    c.dt = dt;
    c.steps = c.stride = static_cast<long>(steps);
    return run_case(cx.program, c).back();
  };
  StudyOptions so;
  so.quick = true;
  so.scene = cx.options.scene;
  so.t_end = cx.options.t_end;
  const auto valid = scene_integrators(sc);
  const std::string twin = cx.twin.empty() ? "rk4" : cx.twin;
  if (std::find(valid.begin(), valid.end(), twin) != valid.end()) so.integrators = {twin};
  cx.progress(fmt::format("order on scene {}", sc.name));
  StudyResult out = scene_order_study(so, {{kUser, cx.options.declared_order, user}});
  for (const auto& row : out.tables.front().rows)
    if (row.verdict && row.verdict->what.starts_with(std::string(kUser) + " on"))
      cx.tally("order on the scene", true, row.verdict->pass,
               fmt::format("scene {} to t = {}: {}", sc.name, fmt_g(std::isnan(cx.options.t_end) ? sc.simulation.t_end() : cx.options.t_end),
                           row.verdict->measured));
  return out;
}

std::string check_note(const IntegratorCheckOptions& o, const std::string& twin) {
  return fmt::format(
      "<p class=\"note\"><b>verisim check.</b> The rows named <code>user</code> are your program, <code>{}</code>, "
      "declared of order {}{}, run through the process protocol of docs/check.md; {}. The problems' parameters {}; "
      "each table names the values used. The settings are those of <code>verisim study --quick</code>. What follows is "
      "the study's own description.</p>\n",
      html_escape(o.cmd), o.declared_order, o.symplectic ? " and symplectic" : " (not claimed symplectic)",
      twin.empty() ? "the toolkit has no integrator of that order to show beside it"
                   : fmt::format("beside it, the toolkit's <code>{}</code> ({}), the twin named for this claim in docs/check.md", twin,
                                 describe_twin(twin)),
      o.seed ? fmt::format("are drawn from their ranges with seed {} (<code>--seed</code>)", *o.seed) : "are the catalogue's defaults");
}

}  // namespace

std::string check_twin(int p, bool symplectic) {
  switch (p) {
    case 1: return symplectic ? "euler-cromer" : "euler";
    case 2: return "verlet";
    case 3: return "ruth3";  // no non-symplectic order-3 method in the toolkit: the symplectic one (a stronger claim)
    case 4: return symplectic ? "yoshida4" : "rk4";
    case 6: return "yoshida6";  // likewise for a non-symplectic order-6 claim
    default: return "";
  }
}

std::string describe_twin(const std::string& twin) {
  const auto& info = integrators::stepper_info(twin);
  return fmt::format("order {}, {}", info.order, info.symplectic ? "symplectic" : "not symplectic");
}

IntegratorCheckResult run_integrator_check(const IntegratorCheckOptions& o) {
  const UserProgram program(split_command(o.cmd), o.timeout);
  {  // every placeholder of --cmd is known: checked before anything runs
    const Case any = make_case(pr::Oscillator{}, 0.1, 1, 1);
    substitute(program.words(), placeholders(any));
  }
  const auto& known = o.adaptive ? kAdaptiveCheckStudies : kCheckStudies;
  for (const auto& s : o.studies)
    if (std::find(known.begin(), known.end(), s) == known.end())
      throw std::invalid_argument(fmt::format("--studies: unknown {}study '{}'; known: {}", o.adaptive ? "--adaptive " : "", s,
                                              fmt::join(known, ", ")));
  const auto wanted = [&](std::string_view s) { return o.studies.empty() || std::find(o.studies.begin(), o.studies.end(), s) != o.studies.end(); };
  IntegratorCheckResult result;
  const Context cx{program, o, check_twin(o.declared_order, o.symplectic), result.tallies};
  auto& out = result.studies;
  if (!o.scene.empty()) {  // the order on the user's scene, nothing else (the other checks need the catalogue's problems)
    for (const auto& s : o.studies)
      if (s != "order") throw std::invalid_argument(fmt::format("--studies: with --scene only 'order' runs (not '{}')", s));
    out.push_back(check_scene_order(cx));
    for (auto& s : out) s.html_intro = check_note(o, cx.twin) + s.html_intro;
    return result;
  }
  if (!std::isnan(o.t_end)) throw std::invalid_argument("--t-end: only with --scene");
  if (o.adaptive) {  // the error-controlled checks, nothing else: the fixed-step modes are another protocol
    if (o.symplectic) throw std::invalid_argument("--symplectic: not with --adaptive (a variable step breaks symplecticity)");
    IntegratorCheckOptions ao = o;
    if (ao.estimate_order == 0) ao.estimate_order = std::max(1, o.declared_order - 1);  // local extrapolation
    if (o.dense_order == 0 && std::find(o.studies.begin(), o.studies.end(), "dense") != o.studies.end())
      throw std::invalid_argument("--studies dense: needs --dense-order (the order p* your dense output claims)");
    const Context acx{program, ao, "", result.tallies};
    out.push_back(run_adaptive_check(acx));
    out.back().html_intro =
        fmt::format("<p class=\"note\"><b>verisim check --adaptive.</b> The rows are your program, <code>{}</code>, run "
                    "through the adaptive, estimate and dense modes of docs/check.md. The problems' parameters {}; each table names "
                    "the values used.</p>\n",
                    html_escape(o.cmd),
                    o.seed ? fmt::format("are drawn from their ranges with seed {} (<code>--seed</code>)", *o.seed) : "are the catalogue's defaults") +
        out.back().html_intro;
    return result;
  }
  if (o.estimate_order != 0) throw std::invalid_argument("--estimate-order: only with --adaptive");
  if (o.dense_order != 0) throw std::invalid_argument("--dense-order: only with --adaptive");
  if (wanted("order")) out.push_back(order_report(check_order(cx)));
  if (wanted("drift")) out.push_back(drift_report(check_drift(cx)));
  if (wanted("symplecticity")) out.push_back(symplecticity_report(check_symplecticity(cx)));
  if (wanted("stability")) out.push_back(stability_report(check_stability(cx)));
  if (wanted("scale")) out.push_back(check_scale(cx));
  if (wanted("one-step")) out.push_back(check_one_step(cx));
  for (auto& s : out) s.html_intro = check_note(o, cx.twin) + s.html_intro;
  return result;
}

}  // namespace verisim::experiments
