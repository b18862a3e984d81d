#pragma once
// An event located through an accepted step's dense output (Hairer, Nørsett & Wanner I (1993) §II.6, "Dense
// output"; Shampine & Thompson, "Event location for ordinary differential equations", Comput. Math. Appl. 39
// (2000) 43): given the step's interpolant u on [t, t + h] (dense_output.hpp, the `step.dense` an
// integrate_adaptive observer sees) and a scalar event function g(state) whose sign differs at the step's two
// ends, the root of τ ↦ g(u(τ)) by the Illinois iteration of toolkit/core/illinois.hpp (Dowell & Jarratt,
// BIT 11 (1971) 168) — the one EventStepper (toolkit/scene/event_stepper.hpp) runs on s ↦ g(Φ_s(x₀)) — to a
// bracket of a few ulps of h; the located time is the bracket's end on the start's side (as EventStepper's).
// Why through the interpolant: u is a polynomial in θ over the step's own stages, so each trial point costs
// no evaluation of f (EventStepper's re-step of size s costs the method's s stages per point), and its error
// is the dense output's: if |g(u(τ)) − g(y(τ))| ≤ E on the step and |d g(y(τ))/dτ| ≥ m between the located
// time t̂ and the event t*, the mean value theorem gives |t̂ − t*| ≤ (E + |g(u(t̂))|)/m, |g(u(t̂))| being the
// root finder's residual (Shampine & Thompson 2000: a solver whose continuous solution is uniformly accurate finds
// its events to that accuracy). The study (experiments/studies/adaptive_study.cpp) and tests/adaptive/locate_event_test.cpp
// measure it.
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "toolkit/adaptive/dense_output.hpp"
#include "toolkit/core/illinois.hpp"

namespace verisim::adaptive {

struct EventLocation {
  double t = 0.0;        ///< the located time (g keeps its start's sign there, or is 0)
  double bracket = 0.0;  ///< the final bracket's width
  int evaluations = 0;   ///< of g, each on one interpolant state (no evaluation of f)
};

/// The event g(state) = 0 within the step of `dense`, where g(start) and g(end) differ in sign (one may be 0:
/// core::illinois's convention); `work` is a state of the same shape, the interpolant's scratch (no
/// allocation). std::invalid_argument naming the step when g does not change sign over it.
template <class V, class State, class G>
EventLocation locate_event(const Interpolant<V, State>& dense, G&& g, State& work) {
  const double g0 = g(dense.start()), g1 = g(dense.end());
  const double t = dense.t_begin(), h = dense.step_size();
  if (!((g0 >= 0.0 && g1 < 0.0) || (g0 <= 0.0 && g1 > 0.0)))
    throw std::invalid_argument(fmt::format(
        "locate_event: the event function does not change sign over the step [{}, {}] (g = {} at its start, {} at its "
        "end): no event to locate in it",
        t, dense.t_end(), g0, g1));
  const auto g_at = [&](double s) {
    dense.state_at(t + s, work);
    return static_cast<double>(g(work));
  };
  const double width = 4.0 * std::numeric_limits<double>::epsilon() * h;  // a few ulps of the step, as EventStepper
  const core::IllinoisBracket r = core::illinois(g_at, 0.0, h, g0, g1, width);
  return {t + r.a, r.b - r.a, r.evaluations};
}

}  // namespace verisim::adaptive
