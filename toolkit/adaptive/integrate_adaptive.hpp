#pragma once
// The error-controlled stepping loop: from t0 to t1 with the step size chosen by a controller so that each
// step's error estimate stays within the tolerance (Hairer, Nørsett & Wanner I (1993) §II.4):
//
//   integrate_adaptive(stepper, system, state, t0, t1, options, observe)
//
// - The first step: options.initial_step, or Hairer's starting-step algorithm (§II.4, "Starting step
//   size", p. 169): d₀ = ‖y₀‖, d₁ = ‖f(t₀, y₀)‖, h₀ = 0.01·d₀/d₁ (10⁻⁶ when either is below 10⁻⁵),
//   d₂ = ‖f(t₀ + h₀, y₀ + h₀f₀) − f₀‖/h₀, h₁ = (0.01/max(d₁, d₂))^(1/k) (max(10⁻⁶, 10⁻³h₀) when
//   max(d₁, d₂) ≤ 10⁻¹⁵), h = min(100·h₀, h₁); norms of error_norm.hpp with scᵢ = atol + rtol·|y₀ᵢ|,
//   k = q + 1. Its evaluation of f(t₀, y₀) is the first step's first stage: one extra evaluation in all
//   (none when the first step is given: f(t₀, y₀) is then evaluated alone, as the first stage).
// - Each step: tried, err in the controller's norm (error_norm.hpp: Hairer's WRMS, or odeint's max norm),
//   accepted iff err ≤ 1, the next h from the controller's rule (controller.hpp); the step is cut to land on
//   t1 as the rule says (Hairer's: when t + 1.01·h would pass it, as dopri5.f; odeint's: when t + h passes it
//   by more than ε, and the run ends within ε of t1). The starting step is Hairer's under every controller
//   (odeint has none: its integrate_adaptive is given the first step, options.initial_step here).
// - observe(step) sees every step tried, accepted or not (AdaptiveStep: the record, the start, the
//   end, the estimate, and for an accepted step with options.dense its Interpolant).
// - core::StepSizeFailure when h falls below 16 ulps of t (a singularity, or a tolerance beyond
//   round-off) or after options.max_steps tries: never an endless loop, never a non-finite state
//   returned (a non-finite trial state has err = NaN and is rejected).
// The run owns its buffers (the trial state, the estimate, f at the end): allocated once, before the
// first step, never in the loop.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include "toolkit/adaptive/controller.hpp"
#include "toolkit/adaptive/dense_output.hpp"
#include "toolkit/adaptive/embedded_runge_kutta.hpp"
#include "toolkit/adaptive/error_norm.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::adaptive {

struct AdaptiveOptions {
  Tolerance tolerance{};
  ControllerSpec controller = kControllers[0];
  ControllerLimits limits{};
  double initial_step = 0.0;  ///< 0: the starting-step algorithm
  double max_step = std::numeric_limits<double>::infinity();
  long max_steps = 10'000'000;  ///< steps tried (accepted and rejected)
  bool dense = false;           ///< give the observer each accepted step's Interpolant
};

/// One step tried.
struct StepRecord {
  long index = 0;        ///< steps tried before it
  double t = 0.0;        ///< its start
  double h = 0.0;        ///< its size
  double error = 0.0;    ///< err (accepted iff ≤ 1)
  bool accepted = false;
};

/// What the observer sees of a step (valid during the call).
template <class V, class State>
struct AdaptiveStep {
  const StepRecord& record;
  const State& start;
  const State& end;       ///< the trial state (the new state when accepted)
  const State& estimate;  ///< the error estimate e
  const Interpolant<V, State>* dense;  ///< accepted steps with options.dense; else nullptr
};

/// What a run did.
struct AdaptiveRun {
  long accepted = 0;
  long rejected = 0;
  double t = 0.0;           ///< where it ended (t1)
  double first_step = 0.0;  ///< the h it started with
};

struct NoStepObserver {
  template <class Step>
  void operator()(const Step&) const {}
};

namespace detail {
/// f at (t, x) into `slope` and, for the starting-step norm, the state's derivative as a State.
template <class Sys, class V>
void slope_of(const Sys& sys, const V& y, double t, V& f) {
  sys(y, f, t);
}
template <class Sys, class V>
void slope_of(const Sys& sys, const core::PhaseState<V>& x, double t, V& a) {
  sys(x.q, x.v, a, t);
}
/// The derivative of the state: f itself, or (v, a).
template <class V>
void derivative(const V&, const V& f, V& out) {
  out = f;
}
template <class V>
void derivative(const core::PhaseState<V>& x, const V& a, core::PhaseState<V>& out) {
  out.q = x.v;
  out.v = a;
}
template <class V>
void resize_state(V& s, const V& like) {
  core::resize_like(s, like);
}
template <class V>
void resize_state(core::PhaseState<V>& s, const core::PhaseState<V>& like) {
  core::resize_like(s.q, like.q), core::resize_like(s.v, like.v);
}
/// out ← x + c·y, on a vector or on both halves of a second-order state.
template <class V>
void axpy(V& out, const V& x, double c, const V& y) {
  core::scale_sum(out, x, core::scaled(c, y));
}
template <class V>
void axpy(core::PhaseState<V>& out, const core::PhaseState<V>& x, double c, const core::PhaseState<V>& y) {
  core::scale_sum(out.q, x.q, core::scaled(c, y.q));
  core::scale_sum(out.v, x.v, core::scaled(c, y.v));
}
/// Every coefficient finite: Σ 0·yᵢ is 0 then, NaN otherwise (0·±∞ = NaN) — one vectorised pass without the
/// early exits of allFinite().
template <class V>
bool finite(const V& y) {
  return std::isfinite((y.array() * 0.0).sum());
}
template <class V>
bool finite(const core::PhaseState<V>& x) {
  return std::isfinite((x.q.array() * 0.0).sum() + (x.v.array() * 0.0).sum());
}
/// The trial state becomes the state: a copy for fixed sizes (std::swap would move both ways: three copies), the
/// buffers exchanged for dynamic ones.
template <class V>
void take(V& x, V& trial) {
  if constexpr (V::SizeAtCompileTime == Eigen::Dynamic) std::swap(x, trial);
  else x = trial;
}
template <class V>
void take(core::PhaseState<V>& x, core::PhaseState<V>& trial) {
  take(x.q, trial.q), take(x.v, trial.v);
}
}  // namespace detail

/// Hairer's starting step (the top of this file); f(t₀, y₀) is left in f0.
template <class V, class Sys, class State>
double starting_step(const Sys& sys, const State& x, double t0, int k, const Tolerance& tol, V& f0, State& work,
                     State& deriv0, State& deriv1) {
  detail::slope_of(sys, x, t0, f0);
  detail::derivative(x, f0, deriv0);
  const double d0 = error_norm(x, x, x, tol), d1 = error_norm(deriv0, x, x, tol);
  double h0 = (d0 < 1e-5 || d1 < 1e-5) ? 1e-6 : 0.01 * d0 / d1;
  detail::axpy(work, x, h0, deriv0);  // y₀ + h₀ f₀
  V f1 = f0;
  detail::slope_of(sys, work, t0 + h0, f1);
  detail::derivative(work, f1, deriv1);
  detail::axpy(deriv1, deriv1, -1.0, deriv0);  // f₁ − f₀
  const double d2 = error_norm(deriv1, x, x, tol) / h0;
  const double m = std::max(d1, d2);
  const double h1 = m <= 1e-15 ? std::max(1e-6, h0 * 1e-3) : std::pow(0.01 / m, 1.0 / static_cast<double>(k));
  const double h = std::min(100.0 * h0, h1);
  return std::isfinite(h) && h > 0.0 ? h : 1e-6;
}

template <class V, class Sys, class State, class Observer = NoStepObserver>
  requires(std::is_same_v<State, V> && core::FirstOrderSystem<Sys, V>) ||
          (std::is_same_v<State, core::PhaseState<V>> && core::SecondOrderSystem<Sys, V>)
AdaptiveRun integrate_adaptive(EmbeddedRungeKutta<V>& stepper, const Sys& sys, State& x, double t0, double t1,
                               const AdaptiveOptions& opt, Observer&& observe = {}) {
  check(opt.tolerance);
  if (!(std::isfinite(t0) && std::isfinite(t1) && t1 > t0))
    throw std::invalid_argument(fmt::format("the end time ({}) must be finite and after the start ({})", t1, t0));
  if (!(std::isfinite(opt.initial_step) && opt.initial_step >= 0.0))
    throw std::invalid_argument("the initial step must be a finite number ≥ 0 (0: chosen by the run)");
  if (!(opt.max_step > 0.0)) throw std::invalid_argument("the largest step must be > 0");
  if (opt.max_steps < 1) throw std::invalid_argument("the step cap must be ≥ 1");
  if (!detail::finite(x)) throw std::invalid_argument("the initial state is not finite");

  const int k = stepper.error_order() + 1;
  State trial = x, estimate = x, d0 = x, d1 = x;
  V f_end{};
  if constexpr (std::is_same_v<State, V>) f_end = x; else f_end = x.v;
  std::optional<tableaus::DenseTable> dense_table;
  if (const tableaus::DenseText* text = stepper.dense_text(); text && opt.dense) dense_table = tableaus::compile(*text);
  const PairOrders orders{stepper.order(), stepper.error_order()};
  const ControllerSpec& control = opt.controller;

  AdaptiveRun run;
  double h = opt.initial_step;
  {
    V f0 = f_end;
    if (h == 0.0)
      h = starting_step(sys, x, t0, k, opt.tolerance, f0, trial, d0, d1);  // evaluates f0 too
    else
      detail::slope_of(sys, x, t0, f0);
    stepper.set_first_slope(f0);  // the first step's first stage
  }
  h = std::min(h, opt.max_step);
  run.first_step = h;
  ControllerState cs;
  double t = t0;
  long tried = 0;
  while (before_end(control, t, t1)) {
    const Landing landing = land(control, t, h, t1);
    const bool last = landing.last;
    h = landing.h;
    if (!(h > 16.0 * std::numeric_limits<double>::epsilon() * std::max(std::abs(t), std::abs(t1))))
      throw core::StepSizeFailure(stepper.name(), t, h, "the step size fell below 16 ulps of t (a singularity, or a "
                                                        "tolerance beyond round-off)");
    if (tried >= opt.max_steps)
      throw core::StepSizeFailure(stepper.name(), t, h, fmt::format("{} steps tried, the cap", opt.max_steps));
    stepper.try_step(sys, x, t, h, trial, estimate);
    // f at the start is the first stage (given, reused, or carried over: embedded_runge_kutta.hpp)
    const double err = detail::finite(trial) ? step_error(control.norm, estimate, x, trial, stepper.stage_slopes()[0], h,
                                                          opt.tolerance)
                                             : std::numeric_limits<double>::quiet_NaN();
    const StepRecord rec{tried++, t, h, err, err <= 1.0};
    const double factor = step_factor(control, opt.limits, orders, err, cs);
    if (rec.accepted) {
      const double t_new = last ? t1 : t + h;
      const bool hermite_end = opt.dense && !stepper.fsal();
      if (hermite_end) detail::slope_of(sys, trial, t_new, f_end);
      const V& end_slope = stepper.fsal() ? stepper.stage_slopes()[static_cast<std::size_t>(stepper.stages() - 1)] : f_end;
      if (opt.dense) {
        const Interpolant<V, State> ip(stepper, dense_table ? &*dense_table : nullptr, x, trial, end_slope, t, h);
        observe(AdaptiveStep<V, State>{rec, x, trial, estimate, &ip});
      } else {
        observe(AdaptiveStep<V, State>{rec, x, trial, estimate, nullptr});
      }
      if (hermite_end)
        stepper.accept_with_end_slope(f_end);
      else
        stepper.accept();
      detail::take(x, trial);
      t = t_new;
      ++run.accepted;
    } else {
      observe(AdaptiveStep<V, State>{rec, x, trial, estimate, nullptr});
      ++run.rejected;
    }
    h = std::min(h * factor, opt.max_step);
  }
  run.t = t;
  return run;
}

}  // namespace verisim::adaptive
