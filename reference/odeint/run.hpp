#pragma once
// Boost.Odeint's steppers run on the toolkit's second-order systems `sys(q, v, a, t)`
// (toolkit/core/system.hpp), with a fixed step, returning the samples as a Trajectory<V>
// (reference/trajectory.hpp), the same form as the toolkit's own runs.
//
// The loop is odeint's integrate_n_steps (the step count is exact; integrate_const decides the
// number of steps from (t1 − t0)/dt and its end-time rounding can drop the last one). Times are
// t0 + k·dt, computed directly by odeint (boost/numeric/odeint/integrate/detail/integrate_n_steps.hpp).
//
// odeint's conventions, where they differ from ours (docs/reference.md; each has a test in
// tests/reference/odeint_conventions_test.cpp):
//  1. euler, runge_kutta4, the embedded pairs (runge_kutta_cash_karp54, runge_kutta_dopri5,
//     runge_kutta_fehlberg78, run at fixed steps) are first-order steppers: the state is the stacked
//     y = (q, v) and the system y′ = (v, f(t, q, v)); our system is wrapped accordingly
//     (reference/problems/first_order_form.hpp).
//  2. symplectic_euler and symplectic_rkn_sb3a_mclachlan take the state as a pair (q, p) and the
//     system as a pair of functions WITHOUT time or velocity: dq/dt = p (coordinate function) and
//     dp/dt = −∇V(q) (momentum function; it must return the force, not the gradient). Here the mass
//     is 1, p = v, and the momentum function is f(t_step, q, ·): the time is frozen at the start
//     of the step (odeint never passes it) and the system must declare `velocity_independent`
//     (a std::invalid_argument is thrown otherwise; odeint has no place to put v).
//  3. odeint's symplectic_euler updates q first, then p with the force at the new q (stage loop of
//     symplectic_nystroem_stepper_base, coefficients a = b = 1): qₙ₊₁ = qₙ + Δt·pₙ,
//     pₙ₊₁ = pₙ + Δt·F(qₙ₊₁). That is our SymplecticEuler (drift-kick, GNI eq. VI.3.1), the adjoint
//     of our EulerCromer (kick-drift, seed 001 §3.2), NOT Euler-Cromer itself.
//  4. velocity_verlet takes a second-order system sys(x, v, a, t) like ours and a pair state, but
//     evaluates the new acceleration at (x⁺, v½, t + Δt) with the half-step velocity v½ in place of
//     v⁺: exact when f does not depend on v, order 1 otherwise. odeint itself declares it order 1
//     (order_value = 1 in velocity_verlet.hpp), even though it is order 2 for f = f(t, q).
//  5. "truth" (its name in kSteppers): runge_kutta_fehlberg78 under make_controlled with abs = rel = kTruthTolerance;
//     integrate_n_steps then integrates adaptively from sample to sample (controlled_stepper_tag
//     overload), so the samples are still at t0 + k·dt.
#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>

#include "reference/problems/first_order_form.hpp"
#include "reference/trajectory.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/system.hpp"
#include "toolkit/core/vec.hpp"

// odeint's steppers hold Eigen fixed-size buffers that Eigen leaves uninitialised until the first
// resize/assignment; copying a fresh stepper (integrate_n_steps and make_controlled take them by
// value) makes GCC's -Wmaybe-uninitialized fire inside Eigen. The buffers are always written before
// they are read; the warning is silenced for this header's code only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace verisim::reference::odeint {

namespace bo = boost::numeric::odeint;

/// The odeint steppers this module runs.
enum class Stepper {
  euler,
  runge_kutta4,
  symplectic_euler,
  velocity_verlet,
  symplectic_rkn_sb3a_mclachlan,
  runge_kutta_cash_karp54,
  runge_kutta_dopri5,
  runge_kutta_fehlberg78,
  truth
};

/// Absolute and relative tolerance of the "truth" run (runge_kutta_fehlberg78, controlled).
inline constexpr double kTruthTolerance = 1e-14;

struct StepperDescription {
  Stepper stepper;
  std::string_view name;    ///< odeint's class name, or "truth" (the controlled Fehlberg 7(8))
  int declared_order;       ///< odeint's order_value
  int order;                ///< true order for f = f(t, q) (velocity-independent)
  int order_velocity_dependent;  ///< true order with damping/drag; 0 when odeint cannot run it
  std::string_view notes;
};

inline constexpr std::array<StepperDescription, 9> kSteppers{{
    {Stepper::euler, "euler", 1, 1, 1, "explicit Euler on y = (q, v)"},
    {Stepper::runge_kutta4, "runge_kutta4", 4, 4, 4, "classical RK4 on y = (q, v); step-for-step our Rk4"},
    {Stepper::symplectic_euler, "symplectic_euler", 1, 1, 0,
     "q first then p (drift-kick): our SymplecticEuler, the adjoint of EulerCromer; no t, no v"},
    {Stepper::velocity_verlet, "velocity_verlet", 1, 2, 1,
     "second-order system; new acceleration at v½: order 1 with velocity-dependent forces"},
    {Stepper::symplectic_rkn_sb3a_mclachlan, "symplectic_rkn_sb3a_mclachlan", 4, 4, 0,
     "McLachlan 1995 SB3A; our Mclachlan4; no t, no v"},
    // the embedded pairs at fixed steps: do_step without its error estimate (integrate_n_steps takes an
    // error stepper as a plain stepper, base_tag<…> = stepper_tag); each propagates its higher order
    // (order_value; explicit_error_generic_rk<6, 5, 5, 4>, <13, 8, 8, 7>, dopri5's fsal_base<7, 5, 5, 4>)
    {Stepper::runge_kutta_cash_karp54, "runge_kutta_cash_karp54", 5, 5, 5,
     "Cash–Karp 5(4) on y = (q, v), fixed steps, order 5 propagated: our cash-karp"},
    {Stepper::runge_kutta_dopri5, "runge_kutta_dopri5", 5, 5, 5,
     "Dormand–Prince 5(4) on y = (q, v), fixed steps (FSAL reused), order 5 propagated: our dopri5"},
    {Stepper::runge_kutta_fehlberg78, "runge_kutta_fehlberg78", 8, 8, 8,
     "Fehlberg 7(8) on y = (q, v), fixed steps, ORDER 8 propagated (not Fehlberg's 7): our fehlberg78"},
    // named "truth" (not its class name, which the fixed-step entry above has): names are unique here
    {Stepper::truth, "truth", 7, 7, 7, "runge_kutta_fehlberg78 controlled, abs = rel = 1e-14: the reference 'truth'"},
}};

inline const StepperDescription& describe(Stepper s) {
  for (const auto& d : kSteppers)
    if (d.stepper == s) return d;
  throw std::invalid_argument("reference::odeint::describe: unknown stepper");
}

/// The stepper named `name` (odeint's class name, or "truth").
inline std::optional<Stepper> stepper_from_name(std::string_view name) {
  if (name == "truth") return Stepper::truth;
  for (const auto& d : kSteppers)
    if (d.name == name) return d.stepper;
  return std::nullopt;
}

namespace detail {

/// dq/dt = p (convention 2).
template <class V>
struct CoordinateFunction {
  void operator()(const V& p, V& dqdt) const { dqdt = p; }
};

/// dp/dt = F(q) = f(t_step, q, ·) (convention 2): the time is the start of the current step.
template <class V, class Sys>
struct MomentumFunction {
  const Sys* sys;
  const double* t_step;
  mutable V unused_v{};

  void operator()(const V& q, V& dpdt) const {
    core::resize_like(unused_v, q);
    core::resize_like(dpdt, q);
    (*sys)(q, unused_v, dpdt, *t_step);
  }
};

template <class V, class Stepper, class Sys>
Trajectory<V> run_first_order(Stepper stepper, const Sys& sys, const core::PhaseState<V>& x0, double t0, double dt,
                              std::size_t n, std::size_t stride) {
  problems::Stacked<V> y = problems::stack(x0);
  Trajectory<V> out(x0.q.size());
  auto recorder = out.recorder(n, stride);  // the one recorder; odeint's observer has no step index, so k counts
  std::size_t k = 0;
  auto observe = [&](const problems::Stacked<V>& s, double t) { recorder.record(s, t, k++); };
  bo::integrate_n_steps(stepper, problems::first_order_form<V>(sys), y, t0, dt, n, observe);
  return out;
}

template <class V, class Stepper, class Sys>
Trajectory<V> run_symplectic(Stepper stepper, const Sys& sys, const core::PhaseState<V>& x0, double t0, double dt,
                             std::size_t n, std::size_t stride) {
  if constexpr (!core::velocity_independent<Sys>()) {
    throw std::invalid_argument(
        "reference::odeint: odeint's symplectic steppers take dp/dt = F(q) without velocity; the system "
        "does not declare velocity_independent");
  } else {
    std::pair<V, V> x{x0.q, x0.v};
    double t_step = t0;
    Trajectory<V> out(x0.q.size());
    auto recorder = out.recorder(n, stride);
    std::size_t k = 0;
    auto observe = [&](const std::pair<V, V>& s, double t) {
      t_step = t;  // odeint calls the observer before every step with that step's start time
      recorder.record(s, t, k++);
    };
    auto system = std::make_pair(CoordinateFunction<V>{}, MomentumFunction<V, Sys>{&sys, &t_step, x0.v});
    bo::integrate_n_steps(stepper, system, x, t0, dt, n, observe);
    return out;
  }
}

template <class V, class Sys>
Trajectory<V> run_velocity_verlet(const Sys& sys, const core::PhaseState<V>& x0, double t0, double dt, std::size_t n,
                                  std::size_t stride) {
  std::pair<V, V> x{x0.q, x0.v};
  Trajectory<V> out(x0.q.size());
  auto recorder = out.recorder(n, stride);
  std::size_t k = 0;
  auto observe = [&](const std::pair<V, V>& s, double t) { recorder.record(s, t, k++); };
  bo::velocity_verlet<V, V, double, V, double, double, bo::vector_space_algebra> stepper;
  bo::integrate_n_steps(stepper, std::cref(sys), x, t0, dt, n, observe);
  return out;
}

}  // namespace detail

/// Run odeint's stepper `which` on the second-order system `sys` from x0 at t0: n steps of dt,
/// every `stride`-th sample recorded (k = 0, stride, 2·stride, …; k = n included when n % stride == 0).
/// For Stepper::truth, dt is the sampling interval; the steps in between are adaptive.
template <class V, core::SecondOrderSystem<V> Sys>
Trajectory<V> run(Stepper which, const Sys& sys, const core::PhaseState<V>& x0, double t0, double dt, std::size_t n,
                  std::size_t stride = 1) {
  using Y = problems::Stacked<V>;
  using Alg = bo::vector_space_algebra;
  if (stride == 0) throw std::invalid_argument("reference::odeint::run: stride must be positive");
  switch (which) {
    case Stepper::euler:
      return detail::run_first_order<V>(bo::euler<Y, double, Y, double, Alg>{}, sys, x0, t0, dt, n, stride);
    case Stepper::runge_kutta4:
      return detail::run_first_order<V>(bo::runge_kutta4<Y, double, Y, double, Alg>{}, sys, x0, t0, dt, n, stride);
    case Stepper::runge_kutta_cash_karp54:
      return detail::run_first_order<V>(bo::runge_kutta_cash_karp54<Y, double, Y, double, Alg>{}, sys, x0, t0, dt, n,
                                        stride);
    case Stepper::runge_kutta_dopri5:
      return detail::run_first_order<V>(bo::runge_kutta_dopri5<Y, double, Y, double, Alg>{}, sys, x0, t0, dt, n, stride);
    case Stepper::runge_kutta_fehlberg78:
      return detail::run_first_order<V>(bo::runge_kutta_fehlberg78<Y, double, Y, double, Alg>{}, sys, x0, t0, dt, n,
                                        stride);
    case Stepper::truth:
      return detail::run_first_order<V>(
          bo::make_controlled(kTruthTolerance, kTruthTolerance, bo::runge_kutta_fehlberg78<Y, double, Y, double, Alg>{}),
          sys, x0, t0, dt, n, stride);
    case Stepper::symplectic_euler:
      return detail::run_symplectic<V>(bo::symplectic_euler<V, V, double, V, V, double, Alg>{}, sys, x0, t0, dt, n,
                                       stride);
    case Stepper::symplectic_rkn_sb3a_mclachlan:
      return detail::run_symplectic<V>(bo::symplectic_rkn_sb3a_mclachlan<V, V, double, V, V, double, Alg>{}, sys, x0,
                                       t0, dt, n, stride);
    case Stepper::velocity_verlet:
      return detail::run_velocity_verlet<V>(sys, x0, t0, dt, n, stride);
  }
  throw std::invalid_argument("reference::odeint::run: unknown stepper");
}

/// The same, by name (odeint's class name or "truth"); throws std::invalid_argument on an unknown name.
template <class V, core::SecondOrderSystem<V> Sys>
Trajectory<V> run(std::string_view stepper_name, const Sys& sys, const core::PhaseState<V>& x0, double t0, double dt,
                  std::size_t n, std::size_t stride = 1) {
  const auto s = stepper_from_name(stepper_name);
  if (!s) throw std::invalid_argument("reference::odeint::run: unknown stepper '" + std::string(stepper_name) + "'");
  return run<V>(*s, sys, x0, t0, dt, n, stride);
}

}  // namespace verisim::reference::odeint

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
