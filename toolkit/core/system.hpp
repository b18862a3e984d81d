#pragma once
// What a system must provide (docs/architecture.md, "Layers"). The calling convention is Boost.Odeint's —
// state in, derivative out, time last — so one system object serves our steppers and odeint's.
//
//   first-order  Ė = f(t, E)           (seed 001 §3.1, §3.2.2, §3.4.2):  sys(y, dydt, t)
//   second-order Ë = f(t, E, Ė)        (seed 001 eq. (1)):                  sys(q, v, a, t)
//   Hamiltonian  H(q, p)               (seed 001 §G.2.3):  sys.grad_q(q, p, out), sys.grad_p(q, p, out)
//
// A second-order system may declare `static constexpr bool velocity_independent = true;` when its
// acceleration does not depend on v (no damping, drag or magnetic force). Splitting methods then
// take the exact one-evaluation kick; otherwise they integrate the kick to their own order
// (see toolkit/integrators/splitting.hpp).
//
// A system may also declare `bool remap(State&)` (non-const): between two steps the loop lets it
// move the state to another description of the same physical state — a change of chart, as the
// spherical pendulum's near the poles of its coordinates (toolkit/models/sphere_surface.hpp) — and it
// returns true when it did. The stepper's caches then describe the old chart: the loop resets them.
#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <type_traits>

#include "toolkit/core/phase_state.hpp"

namespace verisim::core {

template <class S, class V>
concept FirstOrderSystem = requires(const S& sys, const V& y, V& dydt, double t) {
  { sys(y, dydt, t) };
};

template <class S, class V>
concept SecondOrderSystem = requires(const S& sys, const V& q, const V& v, V& a, double t) {
  { sys(q, v, a, t) };
};

template <class S, class V>
concept HamiltonianSystem = requires(const S& sys, const V& q, const V& p, V& out) {
  { sys.grad_q(q, p, out) };  // ∂H/∂q
  { sys.grad_p(q, p, out) };  // ∂H/∂p
};


/// A system that may remap its state between steps (see the top of this file). Only a non-const
/// system can: a system passed to the loop as const is stepped in the chart it has.
template <class S, class State>
concept RemapsState = requires(S& sys, State& x) {
  { sys.remap(x) } -> std::same_as<bool>;
};

/// A system with discrete state of its own that a step advances (Drake: a discrete update at the
/// step's end): the contact world's tangential springs. The loop calls commit(state, t) once after
/// every step it accepts, with the state and time the step reached; an evaluation between two commits
/// reads the committed value and the time elapsed since (toolkit/contact/granular.hpp), so every
/// stepper, one stage or many, sees the same history.
template <class S, class State>
concept CommitsSteps = requires(S& sys, const State& x, double t) {
  { sys.commit(x, t) };
};

/// A CommitsSteps system whose evaluation can commit what it computed: evaluate_committing(q, v, a, t) is
/// sys(q, v, a, t) that also commits its history as the discrete state at t (the DEM codes' convention:
/// LAMMPS's pair granular and LIGGGHTS update the shear history inside the force loop). A stepper that
/// evaluates once per step, at the step's end time, declares `static constexpr bool commits_at_evaluation =
/// true` and calls evaluate_at_step_end for that evaluation; the loop (integrators/integrate.hpp) then does
/// not call commit(): one pass over the contacts a step instead of two (docs/contact.md "Speed").
template <class S, class V>
concept CommitsInEvaluation = requires(const S& sys, const V& q, const V& v, V& a, double t) {
  { sys.evaluate_committing(q, v, a, t) };
};

/// The step's end evaluation of a one-evaluation stepper: committing when the system can (above).
template <class S, class V>
void evaluate_at_step_end(const S& sys, const V& q, const V& v, V& a, double t) {
  if constexpr (CommitsInEvaluation<S, V>) sys.evaluate_committing(q, v, a, t);
  else sys(q, v, a, t);
}

/// True when the stepper's step-end evaluation commits the system's discrete state (both sides above).
template <class Stepper, class S, class V>
constexpr bool commits_at_evaluation() {
  if constexpr (requires { Stepper::commits_at_evaluation; })
    return Stepper::commits_at_evaluation && CommitsInEvaluation<S, V>;
  else
    return false;
}

/// A system that runs elementwise work on threads of its own (the contact world's pool, owned by its
/// run): sys.for_ranges(n, fn) calls fn(lo, hi) for ranges that cut [0, n). A stepper's per-component
/// update of a large state goes through core::for_ranges; each component is written by one range only
/// and from its own old value, so the result is the same bits for any cut (docs/contact.md "Threads").
template <class S>
concept SplitsRanges = requires(const S& sys, std::size_t n, void (*fn)(std::size_t, std::size_t)) {
  { sys.for_ranges(n, fn) };
};

/// fn(lo, hi) over [0, n): on the system's threads when it has some (SplitsRanges), else fn(0, n).
template <class S, class Fn>
void for_ranges(const S& sys, std::size_t n, Fn&& fn) {
  if constexpr (SplitsRanges<S>) sys.for_ranges(n, fn);
  else fn(std::size_t{0}, n);
}

/// core::all_finite(x) on the system's threads when it has some (SplitsRanges): Σ 0·x_i over each range
/// of the state's components (q then v); whether every component is finite does not depend on the cut.
/// Why: over a particle world's state it was 2.5 % of a step left on one thread (docs/contact.md "Threads").
template <class S, class State>
bool all_finite(const S& sys, const State& x) {
  if constexpr (SplitsRanges<S> && requires { x.q.segment(0, 0); x.v.segment(0, 0); }) {
    const auto nq = static_cast<std::size_t>(x.q.size());
    const std::size_t n = nq + static_cast<std::size_t>(x.v.size());
    std::atomic<bool> finite{true};
    sys.for_ranges(n, [&](std::size_t lo, std::size_t hi) {
      const auto part = [](const auto& y, std::size_t a, std::size_t b) {
        using Index = decltype(y.size());
        return all_finite(y.segment(static_cast<Index>(a), static_cast<Index>(b - a)));
      };
      if (!part(x.q, std::min(lo, nq), std::min(hi, nq)) || !part(x.v, std::max(lo, nq) - nq, std::max(hi, nq) - nq))
        finite.store(false, std::memory_order_relaxed);  // the join orders it before the load below
    });
    return finite.load(std::memory_order_relaxed);
  } else {
    return all_finite(x);
  }
}

template <class S>
concept DeclaresVelocityIndependence = requires {
  { S::velocity_independent } -> std::convertible_to<bool>;
};

/// True when the system declares that its acceleration does not depend on the velocity.
/// Systems that do not say are taken as velocity-dependent: slower, never wrong.
template <class S>
constexpr bool velocity_independent() {
  if constexpr (DeclaresVelocityIndependence<std::remove_cvref_t<S>>)
    return std::remove_cvref_t<S>::velocity_independent;
  else
    return false;
}

template <class S>
concept DeclaresDenseJacobian = requires {
  { S::dense_jacobian } -> std::convertible_to<bool>;
};

/// False when the system declares `static constexpr bool dense_jacobian = false;`: too many degrees of
/// freedom for a dense Jacobian (a soft-contact world). The implicit Runge–Kutta tables' Newton solver is
/// then not compiled for it (integrators::TableRungeKutta refuses the table by name instead): the
/// registry does not offer implicit tables for such systems anyway (integrators::Systems), and compiling
/// the dense solver for every world was build time spent on unreachable code.
template <class S>
constexpr bool dense_jacobian() {
  if constexpr (DeclaresDenseJacobian<std::remove_cvref_t<S>>)
    return std::remove_cvref_t<S>::dense_jacobian;
  else
    return true;
}

}  // namespace verisim::core
