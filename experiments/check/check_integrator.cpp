// `verisim check integrator` (check_integrator.hpp, docs/check.md): the user's program stepped
// through the process protocol, measured by the studies' own code.
#include "experiments/check/check_integrator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/check/check_collision.hpp"
#include "experiments/check/check_output.hpp"
#include "experiments/check/check_program.hpp"
#include "experiments/studies/drift_study.hpp"
#include "experiments/support/finite_range.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/studies/ladders.hpp"
#include "experiments/studies/order_study.hpp"
#include "experiments/support/report_folder.hpp"
#include "experiments/studies/stability_study.hpp"
#include "experiments/studies/symplecticity_study.hpp"
#include "experiments/io/number.hpp"
#include "reference/order_fit.hpp"

namespace verisim::experiments {

namespace pr = reference::problems;

namespace {

const long kDriftSteps = drift_steps(true);  // the drift study's --quick length
constexpr long kDriftStride = 10;     // the program prints every 10th state: 10⁴ lines
constexpr long kStabilityLines = 1000;
// below this θ no stability limit is searched: explicit Euler's finite-run threshold ln 100/(πP) is
// 0.0073 for P = 200 periods, so a limit above 0.05 is not a slow instability passing a short run
constexpr double kThetaMin = 0.05;
constexpr const char* kUser = "user";

/// A number as verisim writes it to the program: the shortest text that reads back to the same double.
std::string num(double x) { return fmt::format("{}", x); }

// ---- the problems' parameters, as the protocol gives them (docs/check.md) ----------------------

template <class P>
std::vector<std::pair<std::string, double>> parameters(const P& p) {
  if constexpr (std::is_same_v<P, pr::Oscillator> || std::is_same_v<P, pr::DampedOscillator>)
    return {{"m", p.m}, {"k", p.k}, {"b", static_cast<double>(p.b)}, {"F", p.force}};
  else if constexpr (std::is_same_v<P, pr::PendulumProblem>)
    return {{"g", p.g}, {"L", p.L}};
  else
    return {{"mu", p.mu}};
}

/// One run of the program: a problem, a start (run mode) or many (step mode), Δt and steps.
struct Case {
  std::string problem;
  int dim = 1;
  std::vector<std::pair<std::string, double>> params;
  std::vector<double> q, v;                // run mode: the initial state
  double dt = 0;
  long steps = 1, stride = 1;
  bool step_mode = false;
  std::vector<std::vector<double>> starts;  // step mode: (q, v) per line
  bool allow_nonfinite = false;             // drift and stability: a blow-up is a result, not an error

  std::string name() const {
    return step_mode ? fmt::format("case {}, Δt = {} (one-step mode, {} states)", problem, num(dt), starts.size())
                     : fmt::format("case {}, Δt = {} ({} steps, stride {})", problem, num(dt), steps, stride);
  }
  long lines() const { return step_mode ? static_cast<long>(starts.size()) : steps / stride; }
};

template <class P>
Case make_case(const P& problem, double dt, long steps, long stride) {
  Case c;
  c.problem = std::string(P::name);
  c.dim = static_cast<int>(P::V::RowsAtCompileTime);
  c.params = parameters(problem);
  const auto x = problem.initial();
  for (int i = 0; i < c.dim; ++i) {
    c.q.push_back(x.q[i]);
    c.v.push_back(x.v[i]);
  }
  c.dt = dt;
  c.steps = steps;
  c.stride = stride;
  return c;
}

std::string joined(const std::vector<double>& xs) {
  std::string s;
  for (double x : xs) s += (s.empty() ? "" : ",") + num(x);
  return s;
}

/// Every placeholder of the protocol with a value for this case (for --cmd checking, any case).
std::map<std::string, std::string> placeholders(const Case& c) {
  std::string params;
  for (const auto& [k, x] : c.params) params += (params.empty() ? "" : ",") + num(x);
  return {{"problem", c.problem},
          {"dimension", std::to_string(c.dim)},
          {"mode", c.step_mode ? "step" : "run"},
          {"t0", "0"},
          {"dt", num(c.dt)},
          {"steps", std::to_string(c.steps)},
          {"stride", std::to_string(c.stride)},
          {"q", joined(c.q)},
          {"v", joined(c.v)},
          {"parameters", params},
          {"states", std::to_string(c.starts.size())}};
}

std::string input_of(const Case& c) {
  Json params = Json::object();
  for (const auto& [k, x] : c.params) params.num(k, x);
  Json j = Json::object();
  j.str("problem", c.problem).set("parameters", std::move(params)).integer("dimension", c.dim);
  j.str("mode", c.step_mode ? "step" : "run").num("t0", 0.0).num("dt", c.dt).integer("steps", c.steps).integer("stride", c.stride);
  j.set("q", Json::numbers(c.q)).set("v", Json::numbers(c.v)).integer("states", static_cast<long long>(c.starts.size()));
  std::string s = j.dump() + "\n";
  for (const auto& z : c.starts) s += joined(z) + "\n";
  return s;
}

/// Runs a case and reads its output (check_output.hpp): one row (q₁…q_N, v₁…v_N) per expected line,
/// each line t,q₁,…,q_N,v₁,…,v_N; ProgramError naming the case and the line for anything else.
std::vector<std::vector<double>> run_case(const UserProgram& program, const Case& c) {
  const std::string what = c.name();
  const std::string out = program.run(what, placeholders(c), input_of(c));
  return read_state_lines(out, {.dim = c.dim, .lines = c.lines(), .dt = c.dt, .stride = c.stride, .step_mode = c.step_mode,
                                .allow_nonfinite = c.allow_nonfinite},
                          what, quoted_command(substitute(program.words(), placeholders(c))));
}

template <class P>
core::PhaseState<typename P::V> state_of(const std::vector<double>& row) {
  constexpr int N = P::V::RowsAtCompileTime;
  core::PhaseState<typename P::V> x;
  for (int i = 0; i < N; ++i) {
    x.q[i] = row[static_cast<std::size_t>(i)];
    x.v[i] = row[static_cast<std::size_t>(N + i)];
  }
  return x;
}

struct Context {
  const UserProgram& program;
  const IntegratorCheckOptions& options;
  std::string twin;
  void progress(const std::string& line) const {
    throw_if_interrupted();
    if (options.progress) fmt::print(stderr, "  {}\n", line);
  }
};

/// The options running the toolkit's twin through its study, with the settings the check uses.
StudyOptions twin_options(const Context& cx, std::vector<std::string> problems = {}) {
  StudyOptions o;
  o.quick = true;
  o.integrators = {cx.twin};
  o.problems = std::move(problems);
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
  const auto exact = problem.exact(T);
  const double scale = 1.0 + std::sqrt(exact.q.squaredNorm() + exact.v.squaredNorm());
  const long n = ladder_start(p, n0);
  OrderRow r;
  r.integrator = kUser;
  r.declared = p;
  for (int k = 0; k < order_levels(true); ++k) {
    const long steps = n << k;
    const double dt = T / static_cast<double>(steps);
    const auto rows = run_case(cx.program, make_case(problem, dt, steps, steps));
    r.h.push_back(dt);
    r.err.push_back(distance(state_of<P>(rows.back()), exact));
    r.floor.push_back(roundoff_floor(steps, scale));
  }
  r.err_odeint.assign(r.h.size(), kNaN);
  r.fit = reference::fit_order(r.h, r.err, r.floor);
  r.pass = order_pass(r.fit, p);
  return r;
}

OrderStudy check_order(const Context& cx) {
  OrderStudy twin;
  if (!cx.twin.empty()) twin = run_order_study(twin_options(cx));
  OrderStudy out;
  for_each_ladder([&](const auto& problem, double T, long n0) {
    using P = std::decay_t<decltype(problem)>;
    cx.progress(fmt::format("order: {}", P::name));
    OrderProblem op{std::string(P::name), std::string(P::title), T, {}};
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
  return r;
}

DriftStudy check_drift(const Context& cx) {
  DriftStudy twin;
  if (!cx.twin.empty()) twin = run_drift_study(twin_options(cx));
  DriftStudy out;
  for_each_drift_problem([&](const auto& problem, double dt) {
    using P = std::decay_t<decltype(problem)>;
    cx.progress(fmt::format("drift: {}", P::name));
    DriftProblem dp{std::string(P::name), std::string(P::title), dt, kDriftSteps, {}, {}};
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
  DefectRow r;
  r.integrator = kUser;
  for (double dt : dts) {
    std::vector<VecZ<N>> asked;
    const auto record = [&](const VecZ<N>& z) {
      asked.push_back(z);
      return VecZ<N>(VecZ<N>::Zero());
    };
    for (const auto& x : points) jacobian<N>(record, pack<N>(x.q, x.v));
    Case c = make_case(problem, dt, 1, 1);
    c.step_mode = true;
    c.q.clear();
    c.v.clear();
    for (const auto& z : asked) c.starts.emplace_back(z.data(), z.data() + 2 * N);
    const auto answers = run_case(cx.program, c);
    std::size_t next = 0;
    const auto replay = [&](const VecZ<N>&) {
      VecZ<N> z;
      for (int i = 0; i < 2 * N; ++i) z[i] = answers[next][static_cast<std::size_t>(i)];
      ++next;
      return z;
    };
    double worst = 0, err = 0;
    for (const auto& x : points) {
      const auto jac = jacobian<N>(replay, pack<N>(x.q, x.v));
      worst = std::max(worst, defect<N>(jac.M));
      err = std::max(err, defect_error<N>(jac));
    }
    r.defect.push_back(worst);
    r.error.push_back(err);
  }
  judge_defects(r, dts, cx.options.symplectic, cx.options.declared_order);
  return r;
}

SymplecticityStudy check_symplecticity(const Context& cx) {
  SymplecticityStudy twin;
  if (!cx.twin.empty()) twin = run_symplecticity_study(twin_options(cx, {"pendulum", "kepler"}));
  SymplecticityStudy out;
  for_each_defect_problem([&](const auto& problem, const std::vector<double>& dts) {
    using P = std::decay_t<decltype(problem)>;
    if constexpr (!std::is_same_v<P, pr::HenonHeiles>) {  // not a problem of the protocol (no exact solution needed, but a fifth force law to write)
      cx.progress(fmt::format("symplecticity: {}", P::name));
      DefectProblem dp{std::string(P::name), std::string(P::title), defect_points(true), dts, {}};
      dp.rows.push_back(user_defects(cx, problem, dts));
      for (auto& tp : twin.problems)
        if (tp.name == dp.name)
          for (auto& row : tp.rows) dp.rows.push_back(std::move(row));
      out.problems.push_back(std::move(dp));
    }
  });
  return out;
}

// ---- stability (stability_study.hpp) ------------------------------------------------------------

/// The study's test (stable_at in stability_study.cpp): from (1, 0) on the oscillator, the amplitude
/// √(q² + v²) stays below 100 over the run (a non-finite value counts as growth).
bool user_stable(const Context& cx, double theta, double periods) {
  const long n = stability_steps(theta, periods);
  const long stride = std::max(1L, n / kStabilityLines);
  const long steps = (n + stride - 1) / stride * stride;
  Case c = make_case(pr::Oscillator{}, theta, steps, stride);
  c.allow_nonfinite = true;
  for (const auto& row : run_case(cx.program, c)) {
    const double a2 = row[0] * row[0] + row[1] * row[1];
    if (!(a2 < kStabilityGrowth * kStabilityGrowth)) return false;
  }
  return true;
}

StabilityStudy check_stability(const Context& cx) {
  StabilityStudy out;
  if (!cx.twin.empty()) {
    out = run_stability_study(twin_options(cx));
    out.traces.clear();
    out.trace_theta.clear();
  } else {
    out.periods = stability_periods(true);
    out.growth = kStabilityGrowth;
    out.theta_max = kStabilityThetaMax;
    out.tolerance = 0.01;
  }
  out.theta_min = kThetaMin;
  cx.progress("stability: oscillator");
  const double periods = out.periods;
  const StabilityLimit lim = bisect_limit([&](double th) { return user_stable(cx, th, periods); }, kThetaMin);
  StabilityRow r;
  r.integrator = kUser;
  r.theory = kNaN;
  r.theory_text = cx.options.symplectic
                      ? "claimed symplectic: det M = 1 and tr M = 2 − θ² + O(θ³) on the oscillator, so stable for small θ "
                        "(GNI §I.5): a limit above 0.05"
                      : "no claim (a non-symplectic method may have none: explicit Euler, RK2)";
  r.unconditional = lim.unconditional;
  r.measured = lim.theta;
  r.judged = cx.options.symplectic;
  r.expected_text = cx.options.symplectic ? fmt::format("stable for some θ ≥ {:g}", kThetaMin) : "(no claim)";
  r.pass = !r.judged || lim.unconditional || lim.theta > 0;
  out.rows.insert(out.rows.begin(), std::move(r));
  return out;
}

std::string check_note(const IntegratorCheckOptions& o, const std::string& twin) {
  return fmt::format(
      "<p class=\"note\"><b>verisim check.</b> The rows named <code>user</code> are your program, <code>{}</code>, "
      "declared of order {}{}, run through the process protocol of docs/check.md; {}. The settings are those of "
      "<code>verisim study --quick</code>. What follows is the study's own description.</p>\n",
      html_escape(o.cmd), o.declared_order, o.symplectic ? " and symplectic" : " (not claimed symplectic)",
      twin.empty() ? "the toolkit has no integrator of that order to show beside it"
                   : fmt::format("beside it, the toolkit's <code>{}</code> of the same declared order", twin));
}

}  // namespace

std::string check_twin(int p, bool symplectic) {
  switch (p) {
    case 1: return symplectic ? "euler-cromer" : "euler";
    case 2: return "verlet";
    case 3: return "ruth3";
    case 4: return symplectic ? "yoshida4" : "rk4";
    case 6: return "yoshida6";
    default: return "";
  }
}

std::vector<StudyResult> run_integrator_check(const IntegratorCheckOptions& o) {
  const UserProgram program(split_command(o.cmd), o.timeout);
  {  // every placeholder of --cmd is known: checked before anything runs
    const Case any = make_case(pr::Oscillator{}, 0.1, 1, 1);
    substitute(program.words(), placeholders(any));
  }
  for (const auto& s : o.studies)
    if (std::find(kCheckStudies.begin(), kCheckStudies.end(), s) == kCheckStudies.end())
      throw std::invalid_argument(fmt::format("--studies: unknown study '{}'; known: order, drift, symplecticity, stability", s));
  const auto wanted = [&](std::string_view s) { return o.studies.empty() || std::find(o.studies.begin(), o.studies.end(), s) != o.studies.end(); };
  const Context cx{program, o, check_twin(o.declared_order, o.symplectic)};
  std::vector<StudyResult> out;
  if (wanted("order")) out.push_back(order_report(check_order(cx)));
  if (wanted("drift")) out.push_back(drift_report(check_drift(cx)));
  if (wanted("symplecticity")) out.push_back(symplecticity_report(check_symplecticity(cx)));
  if (wanted("stability")) out.push_back(stability_report(check_stability(cx)));
  for (auto& s : out) s.html_intro = check_note(o, cx.twin) + s.html_intro;
  return out;
}

}  // namespace verisim::experiments
