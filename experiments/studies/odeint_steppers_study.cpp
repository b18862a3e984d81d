// The odeint-steppers study, measured (odeint_steppers_study.hpp): each entry of odeint_catalogue.hpp run by the
// odeint class it names. The entries that are the order study's twins run through odeint_runs.hpp (already
// instantiated for these problems); the others are instantiated here, each for the problems its entry lists only.
#include "experiments/studies/odeint_steppers_study.hpp"

#include <cmath>
#include <exception>
#include <limits>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>
#include <boost/numeric/odeint/stepper/extrapolation_stepper.hpp>
#include <boost/numeric/odeint/stepper/modified_midpoint.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

#include "experiments/io/number.hpp"
#include "experiments/studies/ladders.hpp"
#include "experiments/studies/odeint_runs.hpp"
#include "experiments/studies/odeint_ublas.hpp"
#include "experiments/studies/order_study.hpp"
#include "reference/odeint/run.hpp"
#include "reference/problems/first_order_form.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"

// odeint's steppers copy Eigen fixed-size buffers before writing them (reference/odeint/run.hpp says why)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace verisim::experiments {

namespace {

namespace bo = boost::numeric::odeint;
using reference::problems::KeplerProblem;
using reference::problems::Oscillator;

template <class P>
using StateOf = core::PhaseState<typename P::V>;
template <class P>
using StackedOf = reference::problems::Stacked<typename P::V>;

template <class P>
constexpr unsigned kProblemBit = std::is_same_v<P, Oscillator> ? kOnOscillator : kOnKepler;

/// A first-order stepper n fixed steps on y = (q, v) (integrate_n_steps: times t0 + k·dt; a multistep stepper
/// fills its history in its own do_step, as odeint starts it).
template <class P, class Stepper>
StateOf<P> first_order_steps(Stepper stepper, const P& p, double dt, long n) {
  auto y = reference::problems::stack(p.initial());
  bo::integrate_n_steps(stepper, reference::problems::first_order_form<typename P::V>(p), y, p.t0, dt,
                        static_cast<std::size_t>(n));
  return reference::problems::unstack<typename P::V>(y);
}

/// extrapolation_stepper's out-of-place step, do_step(sys, in, t, out, dt), n times (its in-place step is wrong:
/// odeint_catalogue.hpp).
template <class P, class Stepper>
StateOf<P> out_of_place_steps(Stepper stepper, const P& p, double dt, long n) {
  auto y = reference::problems::stack(p.initial());
  auto out = y;
  const auto sys = reference::problems::first_order_form<typename P::V>(p);
  for (long i = 0; i < n; ++i) {
    stepper.do_step(sys, y, p.t0 + static_cast<double>(i) * dt, out, dt);
    y = out;
  }
  return reference::problems::unstack<typename P::V>(y);
}

/// A fixed-step entry of class Stepper run the entry's way: integrate_n_steps (as odeint runs it), out of place, or a
/// multistep stepper started by initialize(runge_kutta_fehlberg78, …) (its k − 1 start steps) and then stepped.
template <class P, class Stepper>
StateOf<P> fixed_steps(Stepper stepper, OdeintWay run, const P& p, double dt, long n) {
  using Y = StackedOf<P>;
  if (run == OdeintWay::out_of_place) return out_of_place_steps(stepper, p, dt, n);
  if constexpr (requires { Stepper::steps; }) {
    if (run == OdeintWay::started_by_rk78) {
      auto y = reference::problems::stack(p.initial());
      const auto sys = reference::problems::first_order_form<typename P::V>(p);
      double t = p.t0;
      stepper.initialize(bo::runge_kutta_fehlberg78<Y, double, Y, double, bo::vector_space_algebra>{}, sys, y, t, dt);
      for (long i = static_cast<long>(Stepper::steps) - 1; i < n; ++i)
        stepper.do_step(sys, y, p.t0 + static_cast<double>(i) * dt, dt);
      return reference::problems::unstack<typename P::V>(y);
    }
  }
  return first_order_steps(stepper, p, dt, n);
}

/// A symplectic stepper on (q, p), ṗ = F(q) (reference/odeint/run.hpp, convention 2; both problems are
/// time-independent, so the frozen time is t0).
template <class P, class Stepper>
StateOf<P> symplectic_steps(Stepper stepper, const P& p, double dt, long n) {
  using V = typename P::V;
  const auto x0 = p.initial();
  std::pair<V, V> x{x0.q, x0.v};
  const double t_step = p.t0;
  auto system = std::make_pair(reference::odeint::detail::CoordinateFunction<V>{},
                               reference::odeint::detail::MomentumFunction<V, P>{&p, &t_step, x0.v});
  bo::integrate_n_steps(stepper, system, x, p.t0, dt, static_cast<std::size_t>(n));
  return {x.first, x.second};
}

/// The oscillator as odeint_ublas.hpp's linear form ẍ = c0 + c1·x, read off its own force law (exact: it is linear).
odeint_ublas::LinearForm linear_form(const Oscillator& p) {
  core::Vec1 a0, a1;
  p(core::Vec1(0.0), core::Vec1(0.0), a0, p.t0);
  p(core::Vec1(1.0), core::Vec1(0.0), a1, p.t0);
  return {a0[0], a1[0] - a0[0]};
}

StateOf<Oscillator> implicit_steps(odeint_ublas::Implicit which, const Oscillator& p, double dt, long n) {
  const auto x0 = p.initial();
  const auto r = odeint_ublas::fixed_steps(which, linear_form(p), x0.q[0], x0.v[0], p.t0, dt, n);
  return {core::Vec1(r.x), core::Vec1(r.v)};
}

std::pair<StateOf<Oscillator>, std::size_t> adaptive_implicit(odeint_ublas::Implicit which, const Oscillator& p, double T,
                                                              double tol) {
  const auto x0 = p.initial();
  const auto r = odeint_ublas::adaptive(which, linear_form(p), x0.q[0], x0.v[0], p.t0, T, tol);
  return {{core::Vec1(r.x), core::Vec1(r.v)}, r.steps};
}

/// The state after n fixed steps of `e` on p; empty when the entry does not run on P at fixed steps.
template <class P>
std::optional<StateOf<P>> fixed_run(const OdeintEntry& e, const P& p, double dt, long n) {
  if (!(e.problems & kProblemBit<P>)) return std::nullopt;
  if (reference::odeint::stepper_from_name(e.name)) {  // the order study's twins: odeint_runs.hpp
    const auto r = run_odeint(e.name, p, dt, n);
    if (!r) return std::nullopt;
    return r->state;
  }
  using Y = StackedOf<P>;
  using V = typename P::V;
  using Alg = bo::vector_space_algebra;
  constexpr bool osc = std::is_same_v<P, Oscillator>;
  switch (e.id) {
    case OdeintId::modified_midpoint: return first_order_steps(bo::modified_midpoint<Y, double, Y, double, Alg>{}, p, dt, n);
    case OdeintId::runge_kutta4_classic:
      return first_order_steps(bo::runge_kutta4_classic<Y, double, Y, double, Alg>{}, p, dt, n);
    case OdeintId::extrapolation4: return fixed_steps(bo::extrapolation_stepper<4, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
    case OdeintId::extrapolation6: return fixed_steps(bo::extrapolation_stepper<6, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
    case OdeintId::extrapolation8: return fixed_steps(bo::extrapolation_stepper<8, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
    case OdeintId::cash_karp54_classic:
      return first_order_steps(bo::runge_kutta_cash_karp54_classic<Y, double, Y, double, Alg>{}, p, dt, n);
    case OdeintId::sb3a_m4_mclachlan:
      return symplectic_steps(bo::symplectic_rkn_sb3a_m4_mclachlan<V, V, double, V, V, double, Alg>{}, p, dt, n);
    default: break;
  }
  if constexpr (osc) {  // the multistep and implicit entries run on the oscillator only (the catalogue)
    switch (e.id) {
      case OdeintId::ab1: return fixed_steps(bo::adams_bashforth<1, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::ab2: return fixed_steps(bo::adams_bashforth<2, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::ab3: return fixed_steps(bo::adams_bashforth<3, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::ab4: return fixed_steps(bo::adams_bashforth<4, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::ab5: return fixed_steps(bo::adams_bashforth<5, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::ab6: return fixed_steps(bo::adams_bashforth<6, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::ab7: return fixed_steps(bo::adams_bashforth<7, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::ab8: return fixed_steps(bo::adams_bashforth<8, Y, double, Y, double, Alg>{}, e.run, p, dt, n);
      case OdeintId::abm1: return first_order_steps(bo::adams_bashforth_moulton<1, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::abm2: return first_order_steps(bo::adams_bashforth_moulton<2, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::abm3: return first_order_steps(bo::adams_bashforth_moulton<3, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::abm4: return first_order_steps(bo::adams_bashforth_moulton<4, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::abm5: return first_order_steps(bo::adams_bashforth_moulton<5, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::abm6: return first_order_steps(bo::adams_bashforth_moulton<6, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::abm7: return first_order_steps(bo::adams_bashforth_moulton<7, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::abm8: return first_order_steps(bo::adams_bashforth_moulton<8, Y, double, Y, double, Alg>{}, p, dt, n);
      case OdeintId::implicit_euler: return implicit_steps(odeint_ublas::Implicit::implicit_euler, p, dt, n);
      case OdeintId::rosenbrock4: return implicit_steps(odeint_ublas::Implicit::rosenbrock4, p, dt, n);
      default: break;
    }
  }
  return std::nullopt;
}

/// integrate_adaptive from t0 to t0 + T (the last step shortened to end at T), first step T/100; returns the state
/// and the steps taken.
template <class P, class Stepper>
std::pair<StateOf<P>, std::size_t> adaptive_first_order(Stepper stepper, const P& p, double T) {
  auto y = reference::problems::stack(p.initial());
  const std::size_t steps = bo::integrate_adaptive(stepper, reference::problems::first_order_form<typename P::V>(p), y,
                                                   p.t0, p.t0 + T, T / 100.0);
  return {reference::problems::unstack<typename P::V>(y), steps};
}

/// A dense-output stepper stepped freely past t0 + T (do_step), then its interpolant evaluated at T (calc_state):
/// odeint's integrate_adaptive would shorten the last step to end at T and never interpolate.
template <class P, class Dense>
std::pair<StateOf<P>, std::size_t> dense_first_order(Dense stepper, const P& p, double T) {
  auto y = reference::problems::stack(p.initial());
  const auto sys = reference::problems::first_order_form<typename P::V>(p);
  stepper.initialize(y, p.t0, T / 100.0);
  std::size_t steps = 0;
  while (stepper.current_time() < p.t0 + T) {
    stepper.do_step(sys);
    ++steps;
  }
  stepper.calc_state(p.t0 + T, y);
  return {reference::problems::unstack<typename P::V>(y), steps};
}

/// The controlled or dense-output entry at tolerance tol (abs = rel = tol); empty when it does not run on P.
template <class P>
std::optional<std::pair<StateOf<P>, std::size_t>> adaptive_run(const OdeintEntry& e, const P& p, double T, double tol) {
  if (!(e.problems & kProblemBit<P>)) return std::nullopt;
  using Y = StackedOf<P>;
  using Alg = bo::vector_space_algebra;
  if constexpr (std::is_same_v<P, KeplerProblem>) {
    switch (e.id) {
      case OdeintId::controlled_cash_karp54:
        return adaptive_first_order(bo::make_controlled(tol, tol, bo::runge_kutta_cash_karp54<Y, double, Y, double, Alg>{}), p, T);
      case OdeintId::controlled_dopri5:
        return adaptive_first_order(bo::make_controlled(tol, tol, bo::runge_kutta_dopri5<Y, double, Y, double, Alg>{}), p, T);
      case OdeintId::controlled_fehlberg78:
        return adaptive_first_order(bo::make_controlled(tol, tol, bo::runge_kutta_fehlberg78<Y, double, Y, double, Alg>{}), p, T);
      case OdeintId::bulirsch_stoer:
        return adaptive_first_order(bo::bulirsch_stoer<Y, double, Y, double, Alg>(tol, tol), p, T);
      case OdeintId::dense_dopri5:
        return dense_first_order(bo::make_dense_output(tol, tol, bo::runge_kutta_dopri5<Y, double, Y, double, Alg>{}), p, T);
      case OdeintId::bulirsch_stoer_dense_out:
        return dense_first_order(bo::bulirsch_stoer_dense_out<Y, double, Y, double, Alg>(tol, tol), p, T);
      default: break;
    }
  } else {
    switch (e.id) {
      case OdeintId::rosenbrock4_controller: return adaptive_implicit(odeint_ublas::Implicit::rosenbrock4_controller, p, T, tol);
      case OdeintId::rosenbrock4_dense_output:
        return adaptive_implicit(odeint_ublas::Implicit::rosenbrock4_dense_output, p, T, tol);
      default: break;
    }
  }
  return std::nullopt;
}

template <class P>
double state_scale(const StateOf<P>& x) {
  return 1.0 + std::sqrt(x.q.squaredNorm() + x.v.squaredNorm());
}

template <class P>
void measure(const P& p, double T, long n0, const StudyOptions& opt, std::span<const OdeintEntry> table,
             OdeintSteppersStudy& out) {
  if (!wants_problem(opt, P::name)) return;
  progress(opt, fmt::format("odeint-steppers: {}", P::name));
  const auto exact = p.exact(p.t0 + T);
  const double scale = state_scale<P>(exact);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const OdeintEntry& e = table[i];
    if (!(e.problems & kProblemBit<P>)) continue;
    OdeintStepperResult* result = nullptr;
    for (auto& r : out.steppers)
      if (std::string_view(r.entry.name) == e.name) result = &r;
    if (!result) result = &out.steppers.emplace_back(OdeintStepperResult{e, {}, std::nullopt});
    if (e.tolerance_swept()) {
      OdeintToleranceRun run{std::string(P::name), T, {}, {}, {}, {}, 0, kNaN, kNaN, false, false};
      for (int k = 0; k <= kToleranceDecades; ++k) {
        const double tol = kToleranceCoarsest * std::pow(10.0, -k);
        double err = kNaN, steps = kNaN;
        try {
          if (const auto r = adaptive_run(e, p, T, tol)) {
            err = distance(r->first, exact);
            steps = static_cast<double>(r->second);
          }
        } catch (const std::exception&) {
          // odeint gave up (step size underflow, no progress): no error value at this tolerance
        }
        run.tol.push_back(tol);
        run.err.push_back(err);
        run.steps.push_back(steps);
        run.floor.push_back(roundoff_floor(std::isfinite(steps) ? std::lround(steps) : 1L, scale));
      }
      judge_tolerance(run);
      result->tolerance = std::move(run);
    } else {
      OdeintOrderRun run;
      run.problem = std::string(P::name);
      run.T = T;
      // the order study's ladder; a multistep method of order ≥ 7 starts 16× finer (at ωΔt = 0.125 on the
      // oscillator, 1/4 of the order-7 ladder's coarsest Δt): Adams–Bashforth's stability interval on the
      // imaginary axis shrinks with k (Hairer & Wanner §V.1), and its steps from ωΔt = 2 on are unstable
      const long start = e.category == OdeintCategory::multistep && e.expected_order >= 7 ? 16 * n0 : n0;
      for (int k = 0; k < order_levels(opt.quick); ++k) {
        const long n = ladder_steps(e.expected_order, start, k);
        const double dt = T / static_cast<double>(n);
        double err = kNaN;
        try {
          if (const auto x = fixed_run(e, p, dt, n)) err = distance(*x, exact);
        } catch (const std::exception&) {
          // a failed implicit solve or a blow-up: no error value at this step size
        }
        run.h.push_back(dt);
        run.err.push_back(err);
        run.floor.push_back(roundoff_floor(n, scale));
      }
      run.fit = reference::fit_order(run.h, run.err, run.floor);
      judge_order(e, run);
      result->orders.push_back(std::move(run));
    }
  }
}

}  // namespace

void judge_order(const OdeintEntry& e, OdeintOrderRun& run) {
  run.at_roundoff = all_at_roundoff(run.err, run.floor);
  const bool within = order_pass(run.fit, e.expected_order);
  run.defect_reproduces = *e.defect && !run.at_roundoff && !within;
  if (*e.defect) {  // a known defect of odeint: reported; the claim is that it still reproduces
    run.pre_asymptotic = false;
    run.pass = run.defect_reproduces;
    run.documented_disagrees = run.fit.ok && std::abs(run.fit.order - e.documented_order) > kOrderTolerance;
    return;
  }
  run.pre_asymptotic = !run.at_roundoff && !within && pre_asymptotic(run.fit, e.expected_order);
  run.pass = run.at_roundoff || run.pre_asymptotic || within;
  // an order not measured (round-off, pre-asymptotic) claims no disagreement either
  run.documented_disagrees = run.fit.ok && !run.at_roundoff && !run.pre_asymptotic &&
                             std::abs(run.fit.order - e.documented_order) > kOrderTolerance;
}

void judge_tolerance(OdeintToleranceRun& run) {
  std::vector<double> tol, err;
  run.worst_ratio = 0;
  for (std::size_t k = 0; k < run.tol.size(); ++k) {
    if (!(std::isfinite(run.err[k]) && run.err[k] > run.floor[k])) continue;  // round-off or no run: not fitted
    tol.push_back(run.tol[k]);
    err.push_back(run.err[k]);
    run.worst_ratio = std::max(run.worst_ratio, run.err[k] / run.tol[k]);
  }
  run.fitted = tol.size();
  // at least 4 points (3 decades) for a slope; fewer: no verdict but a failed one (the sweep says nothing)
  run.slope = run.fitted >= 4 ? reference::log_log_fit(tol, err, 0, tol.size() - 1).slope : kNaN;
  run.slope_pass = std::isfinite(run.slope) && run.slope >= kToleranceSlopeMin && run.slope <= kToleranceSlopeMax;
  run.bound_pass = run.fitted >= 4 && run.worst_ratio <= kToleranceBound;
}

OdeintSteppersStudy run_odeint_steppers_study(const StudyOptions& opt, std::span<const OdeintEntry> table) {
  OdeintSteppersStudy out;
  // the order study's ladders (ladders.hpp: T, the coarsest step count, drawn problems with --seed), the two
  // problems the catalogue's entries run on
  for_each_ladder(opt.draw_seed, [&](const auto& p, double T, long n0) {
    using P = std::decay_t<decltype(p)>;
    if constexpr (std::is_same_v<P, Oscillator> || std::is_same_v<P, KeplerProblem>) measure(p, T, n0, opt, table, out);
  });
  return out;
}

StudyResult odeint_steppers_study(const StudyOptions& options) {
  return odeint_steppers_report(run_odeint_steppers_study(options));
}

}  // namespace verisim::experiments

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
