// The order study, measured (order_study.hpp): global error at a fixed final time against the exact
// solution, on a ladder of step sizes, for each integrator × problem, and Boost.Odeint's stepper of
// the same method. The order is a least-squares fit over an automatically chosen range
// (reference/order_fit.hpp).
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/ladders.hpp"
#include "experiments/studies/odeint_runs.hpp"
#include "experiments/studies/order_study.hpp"
#include "experiments/io/number.hpp"
#include "reference/order_fit.hpp"
#include "toolkit/core/step_error.hpp"
#include "experiments/studies/method_run.hpp"

namespace verisim::experiments {

using reference::fit_order;
using reference::OrderFit;

namespace {


struct Ladder {
  std::vector<double> h, err, floor, err_odeint;
  OrderFit fit, fit_odeint;
};

template <class P>
Ladder run_ladder(const P& problem, const core::PhaseState<typename P::V>& exact, const integrators::Method& method,
                  double T, long n0, int levels) {
  const std::string_view name = method.info.name;
  const int order = method.info.order;
  Ladder L;
  const double scale = 1.0 + std::sqrt(exact.q.squaredNorm() + exact.v.squaredNorm());
  const MethodRun<P> run(method, problem);
  for (int k = 0; k < levels; ++k) {
    const long n = ladder_steps(order, n0, k);
    const double dt = T / static_cast<double>(n);
    auto x = problem.initial();
    double e = kNaN;
    try {
      run.run(x, problem.t0, dt, static_cast<std::size_t>(n));
      e = distance(x, exact);
    } catch (const core::StepError&) {
      // a non-converged implicit step or a blow-up: no error value at this step size
    }
    L.h.push_back(dt);
    L.err.push_back(e);
    L.floor.push_back(roundoff_floor(n, scale));
  }
  L.fit = fit_order(L.h, L.err, L.floor);
  const auto twin = odeint_twin(name);
  L.err_odeint.assign(L.h.size(), kNaN);
  if (!twin.empty()) {
    for (int k = 0; k < levels; ++k) {
      const long n = ladder_steps(order, n0, k);
      const auto r = run_odeint(twin, problem, T / static_cast<double>(n), n);
      if (r) L.err_odeint[static_cast<std::size_t>(k)] = distance(r->state, exact);
    }
    L.fit_odeint = fit_order(L.h, L.err_odeint, L.floor);
  }
  return L;
}

template <class P>
void measure_problem(const P& problem, double T, long n0, const StudyOptions& opt, OrderStudy& out) {
  if (!wants_problem(opt, P::name)) return;
  progress(opt, fmt::format("order: {}", P::name));
  const int levels = order_levels(opt.quick);
  const auto exact = problem.exact(problem.t0 + T);  // once per problem: the driven pendulum's is a reference run
  OrderProblem result{std::string(P::name), std::string(P::title), T, {}};
  for (const auto& method : study_methods(opt)) {
    const auto& info = method.info;
    if (!wants_integrator(opt, info.name)) continue;
    Ladder L = run_ladder(problem, exact, method, T, n0, levels);
    OrderRow r;
    r.integrator = info.name;
    r.declared = info.order;
    r.h = std::move(L.h);
    r.err = std::move(L.err);
    r.floor = std::move(L.floor);
    r.err_odeint = std::move(L.err_odeint);
    r.fit = std::move(L.fit);
    r.fit_odeint = std::move(L.fit_odeint);
    r.at_roundoff = all_at_roundoff(r.err, r.floor);
    r.pre_asymptotic = !r.at_roundoff && !order_pass(r.fit, info.order) && pre_asymptotic(r.fit, info.order);
    r.pass = r.at_roundoff || r.pre_asymptotic || order_pass(r.fit, info.order);
    r.twin = odeint_twin(info.name);
    if (!r.twin.empty()) r.twin_declared = odeint_declared_order(r.twin);
    if (r.twin_checked()) {
      // The method's order is ours (same method), unless odeint's implementation states another on
      // this problem (reference/odeint/run.hpp's table: velocity_verlet evaluates a(t + Δt) with the
      // half-step velocity, order 1 with velocity-dependent forces; README).
      const int twin_order = odeint_true_order(r.twin, P::velocity_independent);
      r.twin_expected = twin_order > 0 ? twin_order : info.order;
      r.twin_pass = std::abs(r.fit_odeint.order - r.twin_expected) <= kOrderTolerance;
      r.twin_pre_asymptotic = !r.twin_pass && pre_asymptotic(r.fit_odeint, r.twin_expected);
    }
    result.rows.push_back(std::move(r));
  }
  out.problems.push_back(std::move(result));
}

}  // namespace

OrderStudy run_order_study(const StudyOptions& opt) {
  OrderStudy out;
  for_each_ladder(opt.draw_seed, [&](const auto& problem, double T, long n0) { measure_problem(problem, T, n0, opt, out); });
  return out;
}

}  // namespace verisim::experiments
