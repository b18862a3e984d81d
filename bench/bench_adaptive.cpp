// Error-controlled rows (issue 28): our Dormand–Prince 5(4) under the "odeint" controller entry
// (toolkit/adaptive/controller.hpp: Boost.Odeint 1.74's norm, step rule and landing on t1) against odeint's
// make_controlled(tol, tol, runge_kutta_dopri5) driven by its integrate_adaptive, at the same tolerance
// (atol = rtol = tol) and the same first step, so that both take the same steps
// (tests/adaptive/odeint_controller_test.cpp). One iteration = one whole run from the initial state to t1:
//   <problem>/dopri5-adaptive-<tol>/{ours,odeint}      ours on the second-order form, odeint on the first-order
//   <problem>/dopri5-adaptive-1st-<tol>/{ours,odeint}  both on the same first-order system (y = (q, v))
// Before timing, each row runs both sides once and compares the steps they accept and reject (odeint's rejections
// counted by the loop of its integrate_adaptive written out, odeint_counts): if they differ the row is skipped
// with an error naming both counts (scripts/bench prints it), so a ratio is never reported for runs that did
// different work. The counts are the row's counters `accepted` and `rejected`; items = steps tried.
// Problems: Kepler (e = 0.6) over one period, first step 0.01; the outer solar system over 10⁴ days, first
// step 10 days (bench/problems.hpp). Each side's run is a function of its own (never inlined into the
// harness), as rows.hpp's run_steps; the state escapes after each run.
#include <cstddef>
#include <memory>
#include <string>

#include <benchmark/benchmark.h>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>
#include <fmt/format.h>

#include "bench/adapters.hpp"
#include "bench/problems.hpp"
#include "bench/rows.hpp"
#include "toolkit/adaptive/integrate_adaptive.hpp"
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/tableaus/library.hpp"

// odeint's steppers hold Eigen fixed-size buffers that a copy of a fresh stepper leaves uninitialised until
// their first assignment (GCC 12's -Wmaybe-uninitialized / -Wuninitialized, as reference/odeint/run.hpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace verisim::bench {
namespace {

namespace bo = boost::numeric::odeint;

struct Counts {
  long accepted = 0, rejected = 0;
  bool operator==(const Counts&) const = default;
};

const adaptive::ControllerSpec& odeint_entry() {
  for (const auto& c : adaptive::kControllers)
    if (c.name == "odeint") return c;
  throw std::logic_error("kControllers has no entry 'odeint'");
}

template <class Y>
using OdeintDopri5 = bo::runge_kutta_dopri5<Y, double, Y, double, bo::vector_space_algebra>;

/// One run of ours.
template <class V, class Sys, class State>
[[gnu::noinline]] adaptive::AdaptiveRun ours_run(adaptive::EmbeddedRungeKutta<V>& stepper, const Sys& sys, State& x,
                                                 double t1, const adaptive::AdaptiveOptions& o) {
  return adaptive::integrate_adaptive(stepper, sys, x, 0.0, t1, o);
}

/// One run of odeint's, as its users write it (the controlled stepper passed by value).
template <class Controlled, class Sys, class Y>
[[gnu::noinline]] std::size_t odeint_run(const Controlled& c, const Sys& sys, Y& y, double t1, double h0) {
  return bo::integrate_adaptive(c, sys, y, 0.0, t1, h0);
}

/// Odeint's accepted and rejected steps: the loop of integrate_adaptive (integrate/detail/integrate_adaptive.hpp,
/// controlled_stepper_tag) with its failed tries counted; its accepted count checked against integrate_adaptive's.
template <class Controlled, class Sys, class Y>
Counts odeint_counts(const Controlled& c0, const Sys& sys, const Y& y0, double t1, double h0) {
  Controlled c = c0;
  Y y = y0;
  Counts n;
  double t = 0.0, dt = h0;
  while (bo::detail::less_with_sign(t, t1, dt)) {
    if (bo::detail::less_with_sign(t1, static_cast<double>(t + dt), dt)) dt = t1 - t;
    while (c.try_step(sys, y, t, dt) == bo::fail) ++n.rejected;
    ++n.accepted;
  }
  Y y2 = y0;
  if (static_cast<long>(odeint_run(c0, sys, y2, t1, h0)) != n.accepted || !(y2 == y)) n.accepted = -1;  // not its loop
  return n;
}

/// The rows of one problem at one tolerance, in one form (second: ours on the second-order form).
template <class P>
void register_adaptive(const std::string& problem, std::shared_ptr<const P> p, double t1, double h0, double tol,
                       bool second) {
  using V = VecOf<P>;
  using Y = PhaseOf<P>;
  const std::string row = fmt::format("{}/dopri5-adaptive{}-{:g}", problem, second ? "" : "-1st", tol);
  const adaptive::AdaptiveMethod& m = *adaptive::find_adaptive_method("dopri5");
  adaptive::AdaptiveOptions o;
  o.tolerance = {tol, tol};
  o.controller = odeint_entry();
  o.initial_step = h0;
  const auto controlled = bo::make_controlled(tol, tol, OdeintDopri5<Y>{});

  // both sides' counts, once (each row checks them before it times its side)
  auto counts = [p, t1, h0, o, second, &m, controlled]() -> std::pair<Counts, Counts> {
    Counts ours;
    const FirstOrder<P> first{p.get()};
    if (second) {
      adaptive::EmbeddedRungeKutta<V> st(m.table(), m.name(), m.dense);
      core::PhaseState<V> x{to_vec<V>(p->q0), to_vec<V>(p->v0)};
      const auto r = adaptive::integrate_adaptive(st, SecondOrder<P>{p.get()}, x, 0.0, t1, o);
      ours = {r.accepted, r.rejected};
    } else {
      adaptive::EmbeddedRungeKutta<Y> st(m.table(), m.name(), m.dense);
      Y y = stacked(*p);
      const auto r = adaptive::integrate_adaptive(st, first, y, 0.0, t1, o);
      ours = {r.accepted, r.rejected};
    }
    return {ours, odeint_counts(controlled, first, stacked(*p), t1, h0)};
  };
  auto checked = [counts](benchmark::State& st, bool ours_side) {
    const auto [ours, theirs] = counts();
    if (!(ours == theirs)) {
      st.SkipWithError(fmt::format("steps differ: ours {} accepted, {} rejected; odeint {} accepted, {} rejected",
                                   ours.accepted, ours.rejected, theirs.accepted, theirs.rejected)
                           .c_str());
      return false;
    }
    const Counts& c = ours_side ? ours : theirs;
    st.counters["accepted"] = static_cast<double>(c.accepted);
    st.counters["rejected"] = static_cast<double>(c.rejected);
    return true;
  };

  benchmark::RegisterBenchmark((row + "/ours").c_str(), [p, t1, o, second, &m, checked](benchmark::State& st) {
    if (!checked(st, true)) return;
    long tried = 0;
    if (second) {
      adaptive::EmbeddedRungeKutta<V> stepper(m.table(), m.name(), m.dense);
      const SecondOrder<P> sys{p.get()};
      const core::PhaseState<V> x0{to_vec<V>(p->q0), to_vec<V>(p->v0)};
      for (auto _ : st) {
        core::PhaseState<V> x = x0;
        const auto r = ours_run(stepper, sys, x, t1, o);
        tried = r.accepted + r.rejected;
        escape(x);
      }
    } else {
      adaptive::EmbeddedRungeKutta<Y> stepper(m.table(), m.name(), m.dense);
      const FirstOrder<P> sys{p.get()};
      const Y y0 = stacked(*p);
      for (auto _ : st) {
        Y y = y0;
        const auto r = ours_run(stepper, sys, y, t1, o);
        tried = r.accepted + r.rejected;
        escape(y);
      }
    }
    st.SetItemsProcessed(st.iterations() * tried);
  });
  benchmark::RegisterBenchmark((row + "/odeint").c_str(), [p, t1, h0, controlled, checked](benchmark::State& st) {
    if (!checked(st, false)) return;
    const FirstOrder<P> sys{p.get()};
    const Y y0 = stacked(*p);
    for (auto _ : st) {
      Y y = y0;
      odeint_run(controlled, sys, y, t1, h0);
      escape(y);
    }
    st.SetItemsProcessed(st.iterations() * static_cast<long>(st.counters["accepted"] + st.counters["rejected"]));
  });
}

template <class P>
void register_problem(const std::string& problem, std::shared_ptr<const P> p, double t1, double h0) {
  for (double tol : {1e-6, 1e-10})
    for (bool second : {true, false}) register_adaptive(problem, p, t1, h0, tol, second);
}

[[maybe_unused]] const bool kRegistered = [] {
  register_problem<Kepler>("kepler", std::make_shared<const Kepler>(), 2.0 * M_PI, 0.01);
  register_problem<NBody<5>>("nbody5", std::make_shared<const NBody<5>>(outer_solar_system()), 1e4, 10.0);
  return true;
}();

}  // namespace
}  // namespace verisim::bench

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
