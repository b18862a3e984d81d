#pragma once
// The stepping loop: n steps of fixed size from t0, time computed as t0 + k·dt (never accumulated,
// so no round-off builds up in t), the observer called at the start and after every step.
// A state that turns NaN or infinite stops the loop with NonFiniteState naming the step.
// From the second step on, steppers that accept it are told core::continuation: the state is the
// one they left (the observer only reads it).
#include <cstddef>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/stepper.hpp"

namespace verisim::integrators {

/// An observer that does nothing.
struct NullObserver {
  template <class State>
  void operator()(const State&, double, std::size_t) const {}
};

/// Step `state` n times by dt from t0; `observe(state, t, k)` at k = 0..n. Returns the final time.
template <class Stepper, class System, class State, class Observer = NullObserver>
double integrate_n_steps(Stepper& stepper, const System& system, State& state, double t0, double dt,
                         std::size_t n, Observer&& observe = {}) {
  observe(static_cast<const State&>(state), t0, std::size_t{0});
  for (std::size_t k = 0; k < n; ++k) {
    const double t = t0 + static_cast<double>(k) * dt;
    if constexpr (requires { stepper.do_step(system, state, t, dt, core::continuation); }) {
      if (k > 0)
        stepper.do_step(system, state, t, dt, core::continuation);  // nothing touched the state
      else
        stepper.do_step(system, state, t, dt);
    } else {
      stepper.do_step(system, state, t, dt);
    }
    const double t_next = t0 + static_cast<double>(k + 1) * dt;
    if (!core::all_finite(state)) throw NonFiniteState(k + 1, t_next);
    observe(static_cast<const State&>(state), t_next, k + 1);
  }
  return t0 + static_cast<double>(n) * dt;
}

}  // namespace verisim::integrators
