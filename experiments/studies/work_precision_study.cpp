// The work-precision study, measured (work_precision_study.hpp): global error against right-hand-side
// evaluations (counted by a wrapper around the system) and against wall time, ours and
// Boost.Odeint's. Wall times go to *_timing.csv files only: everything else is deterministic.
#include <chrono>
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/counting.hpp"
#include "experiments/report/plot_style.hpp"
#include "experiments/studies/ladders.hpp"
#include "experiments/studies/method_run.hpp"
#include "experiments/studies/odeint_runs.hpp"
#include "experiments/studies/order_study.hpp"
#include "experiments/studies/work_precision_study.hpp"
#include "experiments/io/number.hpp"
#include "toolkit/adaptive/integrate_adaptive.hpp"  // AdaptiveOptions, AdaptiveRun (run_adaptive: method_run.hpp)
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/core/step_error.hpp"


namespace verisim::experiments {

namespace {


/// Time `run` (seconds per call): repeated until `budget` seconds have passed, at least once.
template <class F>
double time_it(F&& run, double budget) {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  long reps = 0;
  std::chrono::duration<double> el{};
  do {
    run();
    ++reps;
    el = clock::now() - t0;
  } while (el.count() < budget);
  return el.count() / static_cast<double>(reps);
}

template <class P>
void wp_problem(const P& problem, double T, long n0, const StudyOptions& opt, WorkPrecisionStudy& out) {
  if (!wants_problem(opt, P::name)) return;
  progress(opt, fmt::format("work-precision: {}", P::name));
  const int levels = opt.quick ? 6 : 8;
  const double budget = opt.quick ? 2e-4 : 2e-3;
  const auto exact = problem.exact(problem.t0 + T);
  WorkProblem result{std::string(P::name), std::string(P::title), T, {}, {}, {}};
  for (const auto& method : study_methods(opt)) {
    const auto& info = method.info;
    if (!wants_integrator(opt, info.name)) continue;
    std::vector<WorkPoint> pts;
    const MethodRun<P> timed(method, problem);
    for (int k = 0; k < levels; ++k) {
      const long n = (info.order == 1 ? 8 * n0 : n0) << k;
      const double dt = T / static_cast<double>(n);
      long long count = 0;
      const Counting<P> sys{&problem, &count};
      WorkPoint p{n, kNaN, 0, kNaN};
      try {
        auto x = problem.initial();
        MethodRun<Counting<P>>(method, sys).run(x, problem.t0, dt, static_cast<std::size_t>(n));
        p.error = distance(x, exact);
        p.evaluations = count;
        p.seconds = time_it(
            [&] {
              auto x2 = problem.initial();
              timed.run(x2, problem.t0, dt, static_cast<std::size_t>(n));
              return x2.q[0];
            },
            budget);
      } catch (const core::StepError&) {
      }
      pts.push_back(p);
    }
    const WorkPoint& last = pts.back();
    EvaluationCount c{std::string(info.name), info.rhs_evaluations, info.implicit,
                      static_cast<double>(last.evaluations) / static_cast<double>(last.steps), false, false};
    // explicit methods on velocity-independent systems: exactly the declared count per step, plus
    // one for the first step of a first-same-as-last method (verlet) → within 1 % at n ≥ 100
    c.checkable = !info.implicit && P::velocity_independent;
    c.pass = c.checkable && std::abs(c.per_step - info.rhs_evaluations) <= 0.01 * info.rhs_evaluations;
    result.counts.push_back(std::move(c));
    result.curves.push_back({std::string(info.name), false, std::move(pts), {}});
    const auto twin = odeint_twin(info.name);
    if (!twin.empty()) {
      std::vector<WorkPoint> opts;
      for (int k = 0; k < levels; ++k) {
        const long n = (info.order == 1 ? 8 * n0 : n0) << k;
        const double dt = T / static_cast<double>(n);
        const auto r = run_odeint(twin, problem, dt, n);
        if (!r) break;
        WorkPoint p{n, distance(r->state, exact), r->evaluations, kNaN};
        p.seconds = time_it([&] { return run_odeint(twin, problem, dt, n)->state.q[0]; }, budget);
        opts.push_back(p);
      }
      if (!opts.empty()) result.curves.push_back({fmt::format("odeint {}", twin), true, std::move(opts), {}});
    }
  }
  // the embedded pairs error-controlled (toolkit/adaptive: standard controller, atol = rtol = tol), the tolerance
  // swept: on one figure with the fixed steps, as DiffEqDevTools' WorkPrecisionSet
  const auto exact_end = problem.exact(problem.t0 + T);
  for (const adaptive::AdaptiveMethod& m : adaptive::adaptive_methods()) {
    if (!wants_integrator(opt, m.name())) continue;
    WorkCurve curve{adaptive_series(m.name()), false, {}, {}};
    for (int e = 3; e <= (opt.quick ? 9 : 11); ++e) {
      const double tol = std::pow(10.0, -e);
      adaptive::AdaptiveOptions o;
      o.tolerance = {tol, tol};
      long long count = 0;
      const Counting<P> sys{&problem, &count};
      WorkPoint p{0, kNaN, 0, kNaN};
      try {
        auto x = problem.initial();
        const auto run = run_adaptive(m, sys, x, problem.t0, problem.t0 + T, o);
        p.steps = run.accepted + run.rejected;
        p.error = distance(x, exact_end);
        p.evaluations = count;
        p.seconds = time_it(
            [&] {
              auto x2 = problem.initial();
              run_adaptive(m, problem, x2, problem.t0, problem.t0 + T, o);
              return x2.q[0];
            },
            budget);
      } catch (const core::StepError&) {
      }
      curve.points.push_back(p);
      curve.tolerances.push_back(tol);
    }
    result.curves.push_back(std::move(curve));
  }
  // the cheapest run per target error; the runner-up is the best run of another curve
  for (double target : kCheapestTargets) {
    Cheapest c{target, "", "", 0, 0};
    for (const auto& curve : result.curves) {
      long long best = 0;
      for (const auto& pt : curve.points)
        if (pt.error <= target && pt.evaluations > 0 && (best == 0 || pt.evaluations < best)) best = pt.evaluations;
      if (best == 0) continue;
      if (c.series.empty() || best < c.evaluations) {
        c.runner_up = c.series;
        c.runner_up_evaluations = c.evaluations;
        c.series = curve.series;
        c.evaluations = best;
      } else if (c.runner_up.empty() || best < c.runner_up_evaluations) {
        c.runner_up = curve.series;
        c.runner_up_evaluations = best;
      }
    }
    result.cheapest.push_back(std::move(c));
  }
  out.problems.push_back(std::move(result));
}

}  // namespace

WorkPrecisionStudy run_work_precision_study(const StudyOptions& opt) {
  WorkPrecisionStudy out;
  for_each_ladder(opt.draw_seed, [&](const auto& problem, double T, long n0) { wp_problem(problem, T, n0, opt, out); });
  return out;
}

}  // namespace verisim::experiments
