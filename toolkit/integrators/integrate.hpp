#pragma once
// The stepping loop, the only one of the toolkit and the studies: n steps of fixed size from t0
// (as Boost.Odeint's integrate_n_steps), the time of step k computed as t0 + k·dt, never
// accumulated, so that no round-off builds up in t.
//
//   integrate_n_steps(stepper, system, state, t0, dt, n, observe)
//
// - observe(state, t, k) sees the state (const) at k = 0 and after every step. It returns void, or
//   core::Observe: Observe::stop ends the run after that sample (as a Drake monitor's
//   EventStatus::ReachedTermination); the result says how many steps were taken and when.
// - A state that turns NaN or infinite ends the run with core::NonFiniteState naming the step and t.
// - A non-const system that declares `bool remap(State&)` (core::RemapsState: a change of chart)
//   is asked before the first sample and after every step; when it remaps, the stepper's caches
//   (FSAL force, compensation) belong to the old chart: they are dropped with its reset(), and the
//   next step is taken as a fresh one.
// - A system with discrete state (core::CommitsSteps: the contact world's tangential springs) is told
//   commit(state, t) after every step, before the observer sees it — unless the stepper evaluates once a
//   step at its end and that evaluation commits (core::commits_at_evaluation: the DEM steppers).
// - Otherwise, from the second step on, a stepper that accepts it is passed core::continuation:
//   the state is the one it left (the observer only reads it), so velocity Verlet reuses its last
//   force without checking its key.
#include <cstddef>
#include <type_traits>
#include <utility>

#include "toolkit/core/observe.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::integrators {

/// An observer that does nothing.
struct NullObserver {
  template <class State>
  void operator()(const State&, double, std::size_t) const {}
};

/// What integrate_n_steps did.
struct Run {
  std::size_t steps = 0;  ///< steps taken: n, or fewer when the observer stopped the run
  double t = 0.0;         ///< time of the final state, t0 + steps·dt
  bool stopped = false;   ///< the observer returned core::Observe::stop
};

/// Step `state` n times by dt from t0; `observe(state, t, k)` at k = 0..n unless it stops the run.
template <class Stepper, class System, class State, class Observer = NullObserver>
Run integrate_n_steps(Stepper& stepper, System&& system, State& state, double t0, double dt, std::size_t n,
                      Observer&& observe = {}) {
  using Answer = std::invoke_result_t<Observer&, const State&, double, std::size_t>;
  static_assert(std::is_void_v<Answer> || std::is_same_v<Answer, core::Observe>,
                "an observer of integrate_n_steps returns void or core::Observe");
  constexpr bool kRemaps = core::RemapsState<std::remove_reference_t<System>, State>;
  // discrete state committed by the loop, unless the stepper's one evaluation a step commits it (core/system.hpp)
  constexpr bool kCommits = [] {
    if constexpr (!core::CommitsSteps<std::remove_reference_t<System>, State>) return false;
    else if constexpr (requires { typename State::vector_type; })
      return !core::commits_at_evaluation<Stepper, std::remove_cvref_t<System>, typename State::vector_type>();
    else return true;
  }();
  constexpr bool kTakesContinuation = requires { stepper.do_step(system, state, t0, dt, core::continuation); };
  const auto stops = [&](std::size_t k, double t) {
    if constexpr (std::is_void_v<Answer>) {
      observe(std::as_const(state), t, k);
      return false;
    } else {
      return observe(std::as_const(state), t, k) == core::Observe::stop;
    }
  };
  const auto remapped = [&] {
    if constexpr (kRemaps) {
      if (!system.remap(state)) return false;
      if constexpr (requires { stepper.reset(); }) stepper.reset();  // its caches describe the old chart
      return true;
    } else {
      return false;
    }
  };
  remapped();
  if (stops(0, t0)) return {0, t0, true};
  bool fresh = true;  // the next step starts from a state this stepper did not leave
  for (std::size_t k = 0; k < n; ++k) {
    const double t = t0 + static_cast<double>(k) * dt;
    if constexpr (kTakesContinuation) {
      if (fresh)
        stepper.do_step(system, state, t, dt);
      else
        stepper.do_step(system, state, t, dt, core::continuation);  // nothing touched the state
    } else {
      stepper.do_step(system, state, t, dt);
    }
    const double t_next = t0 + static_cast<double>(k + 1) * dt;
    if (!core::all_finite(system, state)) throw core::NonFiniteState(k + 1, t_next);
    if constexpr (kCommits) system.commit(std::as_const(state), t_next);
    fresh = remapped();
    if (stops(k + 1, t_next)) return {k + 1, t_next, true};
  }
  return {n, t0 + static_cast<double>(n) * dt, false};
}

}  // namespace verisim::integrators
