#pragma once
// Every stepper Boost.Odeint 1.74 ships (boost/numeric/odeint/stepper/), one entry each: its category, the
// order odeint documents for it, the order theory gives for the run the `odeint-steppers` study makes of it, and
// how it runs (docs/studies.md, "Odeint's steppers"). A new stepper is one entry here and one case in
// odeint_steppers_study.cpp's runner.
//
// "Documented" is what odeint says: the overview table of its documentation ("Stepper Algorithms": Order,
// Error Estimation), which for the fixed orders equals the class's `order_value` / `stepper_order` /
// `error_order` (read from the 1.74 headers); where the table says "configurable" (adams_bashforth<k>,
// adams_bashforth_moulton<k>, modified_midpoint, extrapolation_stepper<k>) the class's order_value.
// "Expected" is the order of the method as implemented, from theory; an entry whose expected order differs
// from the documented one names the reason in `disagreement` — odeint's documentation is then reported as wrong,
// not the stepper failed. The study judges the measured order against `expected` (±kOrderTolerance) and
// reports every measured order that is not within that tolerance of `documented`.
//
// The entries whose name is a stepper of reference/odeint/run.hpp (kSteppers: the order study's "twins") run
// through that module (experiments/studies/odeint_runs.hpp) and must document the same order_value there
// (tests/experiments/odeint_steppers_test.cpp).
#include <cstddef>
#include <string_view>

namespace verisim::experiments {

enum class OdeintCategory { fixed, error_stepper, multistep, implicit, symplectic, controlled, dense_output };

inline constexpr std::string_view category_name(OdeintCategory c) {
  switch (c) {
    case OdeintCategory::fixed: return "fixed";
    case OdeintCategory::error_stepper: return "error stepper";
    case OdeintCategory::multistep: return "multistep";
    case OdeintCategory::implicit: return "implicit";
    case OdeintCategory::symplectic: return "symplectic";
    case OdeintCategory::controlled: return "controlled";
    case OdeintCategory::dense_output: return "dense output";
  }
  return "?";
}

/// Which runner of odeint_steppers_study.cpp runs the entry.
enum class OdeintId {
  euler, modified_midpoint, runge_kutta4, runge_kutta4_classic, extrapolation4, extrapolation6, extrapolation8,
  cash_karp54, cash_karp54_classic, dopri5, fehlberg78,
  ab1, ab2, ab3, ab4, ab5, ab6, ab7, ab8, abm1, abm2, abm3, abm4, abm5, abm6, abm7, abm8,
  implicit_euler, rosenbrock4,
  symplectic_euler, sb3a_mclachlan, sb3a_m4_mclachlan, velocity_verlet,
  controlled_cash_karp54, controlled_dopri5, controlled_fehlberg78, bulirsch_stoer, rosenbrock4_controller,
  dense_dopri5, bulirsch_stoer_dense_out, rosenbrock4_dense_output,
};

/// How an entry's class is run at fixed steps.
enum class OdeintWay {
  as_odeint,        ///< integrate_n_steps (in-place do_step; a multistep stepper starts itself)
  out_of_place,     ///< do_step(sys, in, t, out, dt) then out → in (extrapolation_stepper's working path)
  started_by_rk78,  ///< a multistep stepper started by initialize(runge_kutta_fehlberg78, …): start errors O(h⁹)
};

/// The problems an entry runs on (a bit each): the fewest its verdict needs (build time: every problem is
/// one more instantiation of the stepper).
inline constexpr unsigned kOnOscillator = 1, kOnKepler = 2;

struct OdeintEntry {
  OdeintId id;
  const char* name;            ///< odeint's class (or its make_controlled / make_dense_output form)
  OdeintCategory category;
  int documented_order;        ///< odeint's documented (stepper) order; 0 "variable" (Bulirsch–Stoer)
  int documented_error_order;  ///< the order of its error estimate, "Error Estimation: Yes (q)"; 0 none
  int expected_order;          ///< theory's order of the fixed-step run; 0: not run at fixed steps (controlled / dense)
  unsigned problems;           ///< kOnOscillator | kOnKepler: fixed-step ladders, or the tolerance sweep's problem
  const char* runs;            ///< how it runs, and what it cannot run
  const char* disagreement;    ///< "" or why `expected` differs from `documented` (odeint's documentation is wrong)
  OdeintWay run = OdeintWay::as_odeint;
  /// "" or a defect of odeint's implementation that makes this run miss `expected` (found by this study): the run
  /// is then reported, and its verdict is that the defect still reproduces (a fixed odeint fails it: drop the note)
  const char* defect = "";

  bool tolerance_swept() const {
    return category == OdeintCategory::controlled || category == OdeintCategory::dense_output;
  }
};

// The runs: first-order steppers take y = (q, v), y′ = (v, f) (reference/problems/first_order_form.hpp), Eigen
// state with vector_space_algebra; symplectic ones (q, p) and ṗ = F(q) (reference/odeint/run.hpp, convention 2);
// implicit ones a ublas state and the pair (f, Jacobian), written for the oscillator's first-order form
// y′ = (v, −(k/m)·x), J = [[0, 1], [−k/m, 0]] (Kepler's Jacobian is not written: one problem suffices for them).
inline constexpr OdeintEntry kOdeintSteppers[] = {
    // ---- fixed steppers
    {OdeintId::euler, "euler", OdeintCategory::fixed, 1, 0, 1, kOnOscillator | kOnKepler, "y = (q, v), integrate_n_steps", ""},
    {OdeintId::modified_midpoint, "modified_midpoint", OdeintCategory::fixed, 2, 0, 2, kOnOscillator | kOnKepler,
     "y = (q, v), its default 2 substeps (Gragg's rule, Hairer, Nørsett & Wanner §II.9), the building block of Bulirsch–Stoer", ""},
    {OdeintId::runge_kutta4, "runge_kutta4", OdeintCategory::fixed, 4, 0, 4, kOnOscillator | kOnKepler, "y = (q, v)", ""},
    {OdeintId::runge_kutta4_classic, "runge_kutta4_classic", OdeintCategory::fixed, 4, 0, 4, kOnOscillator | kOnKepler,
     "y = (q, v); the hand-written RK4 (not the generic algorithm)", ""},
    {OdeintId::extrapolation4, "extrapolation_stepper<4>", OdeintCategory::fixed, 4, 2, 4, kOnOscillator | kOnKepler,
     "y = (q, v), Richardson extrapolation of modified_midpoint (sequence 2, 4), integrate_n_steps", "",
     OdeintWay::as_odeint, "odeint 1.74 bug: explicit_error_stepper_base::do_step(sys, x, t, dt) calls do_step_impl(…, x, …, x, …) with in = out, and extrapolation_stepper::do_step_impl writes out in its first modified_midpoint pass before the later passes read in again: the in-place step (integrate_n_steps, integrate_const) is wrong: order ≈ 0"},
    {OdeintId::extrapolation4, "extrapolation_stepper<4> (out of place)", OdeintCategory::fixed, 4, 2, 4,
     kOnOscillator | kOnKepler, "y = (q, v), do_step(sys, in, t, out, dt): the same class, its working path", "",
     OdeintWay::out_of_place},
    {OdeintId::extrapolation6, "extrapolation_stepper<6>", OdeintCategory::fixed, 6, 4, 6, kOnOscillator | kOnKepler,
     "y = (q, v), Richardson extrapolation of modified_midpoint (sequence 2, 4, 6), integrate_n_steps", "",
     OdeintWay::as_odeint, "the in-place do_step bug of extrapolation_stepper<4>"},
    {OdeintId::extrapolation6, "extrapolation_stepper<6> (out of place)", OdeintCategory::fixed, 6, 4, 6,
     kOnOscillator | kOnKepler, "y = (q, v), do_step(sys, in, t, out, dt): the same class, its working path", "",
     OdeintWay::out_of_place},
    {OdeintId::extrapolation8, "extrapolation_stepper<8>", OdeintCategory::fixed, 8, 6, 8, kOnOscillator | kOnKepler,
     "y = (q, v), Richardson extrapolation of modified_midpoint (sequence 2, 4, 6, 8), integrate_n_steps", "",
     OdeintWay::as_odeint, "the in-place do_step bug of extrapolation_stepper<4>"},
    {OdeintId::extrapolation8, "extrapolation_stepper<8> (out of place)", OdeintCategory::fixed, 8, 6, 8,
     kOnOscillator | kOnKepler, "y = (q, v), do_step(sys, in, t, out, dt): the same class, its working path", "",
     OdeintWay::out_of_place},
    // ---- error steppers at fixed steps (do_step without the estimate: the propagated order)
    {OdeintId::cash_karp54, "runge_kutta_cash_karp54", OdeintCategory::error_stepper, 5, 4, 5, kOnOscillator | kOnKepler,
     "y = (q, v), fixed steps", ""},
    {OdeintId::cash_karp54_classic, "runge_kutta_cash_karp54_classic", OdeintCategory::error_stepper, 5, 4, 5,
     kOnOscillator | kOnKepler, "y = (q, v), fixed steps; the hand-written Cash–Karp", ""},
    {OdeintId::dopri5, "runge_kutta_dopri5", OdeintCategory::error_stepper, 5, 4, 5, kOnOscillator | kOnKepler,
     "y = (q, v), fixed steps (FSAL)", ""},
    {OdeintId::fehlberg78, "runge_kutta_fehlberg78", OdeintCategory::error_stepper, 8, 7, 8, kOnOscillator | kOnKepler,
     "y = (q, v), fixed steps: the 8th-order solution is propagated", ""},
    // ---- multistep, started as odeint starts them (do_step fills the history with its initializing stepper:
    // extrapolation_stepper of order max(4, k rounded up to even) for adams_bashforth<k>, runge_kutta4 for
    // adams_bashforth_moulton<k>), and adams_bashforth<k> also started by Fehlberg 7(8) (start errors O(h⁹): the
    // method's own order k, Hairer, Nørsett & Wanner §III.4); the oscillator suffices for a linear multistep method's order
    {OdeintId::ab1, "adams_bashforth<1>", OdeintCategory::multistep, 1, 0, 1, kOnOscillator, "y = (q, v); one step, no start", ""},
    {OdeintId::ab2, "adams_bashforth<2>", OdeintCategory::multistep, 2, 0, 2, kOnOscillator,
     "y = (q, v), integrate_n_steps: started by its default extrapolation_stepper<4>", "", OdeintWay::as_odeint,
     "adams_bashforth::do_step(sys, x, t, dt) hands x to its start stepper extrapolation_stepper<4> as both in and out (do_step_dxdt_impl), and that step is not alias-safe (the bug of extrapolation_stepper<4>): start values wrong by O(h), order ≈ 1"},
    {OdeintId::ab2, "adams_bashforth<2> (started by runge_kutta_fehlberg78)", OdeintCategory::multistep, 2, 0, 2,
     kOnOscillator, "y = (q, v), initialize(runge_kutta_fehlberg78, …) then do_step: the method's own order", "",
     OdeintWay::started_by_rk78},
    {OdeintId::ab3, "adams_bashforth<3>", OdeintCategory::multistep, 3, 0, 3, kOnOscillator,
     "y = (q, v), integrate_n_steps: started by its default extrapolation_stepper<4>", "", OdeintWay::as_odeint,
     "adams_bashforth::do_step(sys, x, t, dt) hands x to its start stepper extrapolation_stepper<4> as both in and out (do_step_dxdt_impl), and that step is not alias-safe (the bug of extrapolation_stepper<4>): start values wrong by O(h), order ≈ 1"},
    {OdeintId::ab3, "adams_bashforth<3> (started by runge_kutta_fehlberg78)", OdeintCategory::multistep, 3, 0, 3,
     kOnOscillator, "y = (q, v), initialize(runge_kutta_fehlberg78, …) then do_step: the method's own order", "",
     OdeintWay::started_by_rk78},
    {OdeintId::ab4, "adams_bashforth<4>", OdeintCategory::multistep, 4, 0, 4, kOnOscillator,
     "y = (q, v), integrate_n_steps: started by its default extrapolation_stepper<4>", "", OdeintWay::as_odeint,
     "adams_bashforth::do_step(sys, x, t, dt) hands x to its start stepper extrapolation_stepper<4> as both in and out (do_step_dxdt_impl), and that step is not alias-safe (the bug of extrapolation_stepper<4>): start values wrong by O(h), order ≈ 1"},
    {OdeintId::ab4, "adams_bashforth<4> (started by runge_kutta_fehlberg78)", OdeintCategory::multistep, 4, 0, 4,
     kOnOscillator, "y = (q, v), initialize(runge_kutta_fehlberg78, …) then do_step: the method's own order", "",
     OdeintWay::started_by_rk78},
    {OdeintId::ab5, "adams_bashforth<5>", OdeintCategory::multistep, 5, 0, 5, kOnOscillator,
     "y = (q, v), integrate_n_steps: started by its default extrapolation_stepper<6>", "", OdeintWay::as_odeint,
     "adams_bashforth::do_step(sys, x, t, dt) hands x to its start stepper extrapolation_stepper<6> as both in and out (do_step_dxdt_impl), and that step is not alias-safe (the bug of extrapolation_stepper<4>): start values wrong by O(h), order ≈ 1"},
    {OdeintId::ab5, "adams_bashforth<5> (started by runge_kutta_fehlberg78)", OdeintCategory::multistep, 5, 0, 5,
     kOnOscillator, "y = (q, v), initialize(runge_kutta_fehlberg78, …) then do_step: the method's own order", "",
     OdeintWay::started_by_rk78},
    {OdeintId::ab6, "adams_bashforth<6>", OdeintCategory::multistep, 6, 0, 6, kOnOscillator,
     "y = (q, v), integrate_n_steps: started by its default extrapolation_stepper<6>", "", OdeintWay::as_odeint,
     "adams_bashforth::do_step(sys, x, t, dt) hands x to its start stepper extrapolation_stepper<6> as both in and out (do_step_dxdt_impl), and that step is not alias-safe (the bug of extrapolation_stepper<4>): start values wrong by O(h), order ≈ 1"},
    {OdeintId::ab6, "adams_bashforth<6> (started by runge_kutta_fehlberg78)", OdeintCategory::multistep, 6, 0, 6,
     kOnOscillator, "y = (q, v), initialize(runge_kutta_fehlberg78, …) then do_step: the method's own order", "",
     OdeintWay::started_by_rk78},
    {OdeintId::ab7, "adams_bashforth<7>", OdeintCategory::multistep, 7, 0, 7, kOnOscillator,
     "y = (q, v), integrate_n_steps: started by its default extrapolation_stepper<8>", "", OdeintWay::as_odeint,
     "adams_bashforth::do_step(sys, x, t, dt) hands x to its start stepper extrapolation_stepper<8> as both in and out (do_step_dxdt_impl), and that step is not alias-safe (the bug of extrapolation_stepper<4>): start values wrong by O(h), order ≈ 1"},
    {OdeintId::ab7, "adams_bashforth<7> (started by runge_kutta_fehlberg78)", OdeintCategory::multistep, 7, 0, 7,
     kOnOscillator, "y = (q, v), initialize(runge_kutta_fehlberg78, …) then do_step: the method's own order", "",
     OdeintWay::started_by_rk78},
    {OdeintId::ab8, "adams_bashforth<8>", OdeintCategory::multistep, 8, 0, 8, kOnOscillator,
     "y = (q, v), integrate_n_steps: started by its default extrapolation_stepper<8>", "", OdeintWay::as_odeint,
     "adams_bashforth::do_step(sys, x, t, dt) hands x to its start stepper extrapolation_stepper<8> as both in and out (do_step_dxdt_impl), and that step is not alias-safe (the bug of extrapolation_stepper<4>): start values wrong by O(h), order ≈ 1"},
    {OdeintId::ab8, "adams_bashforth<8> (started by runge_kutta_fehlberg78)", OdeintCategory::multistep, 8, 0, 8,
     kOnOscillator, "y = (q, v), initialize(runge_kutta_fehlberg78, …) then do_step: the method's own order", "",
     OdeintWay::started_by_rk78},
    {OdeintId::abm1, "adams_bashforth_moulton<1>", OdeintCategory::multistep, 1, 0, 1, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4", ""},
    {OdeintId::abm2, "adams_bashforth_moulton<2>", OdeintCategory::multistep, 2, 0, 2, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4", ""},
    {OdeintId::abm3, "adams_bashforth_moulton<3>", OdeintCategory::multistep, 3, 0, 3, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4", ""},
    {OdeintId::abm4, "adams_bashforth_moulton<4>", OdeintCategory::multistep, 4, 0, 4, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4", ""},
    {OdeintId::abm5, "adams_bashforth_moulton<5>", OdeintCategory::multistep, 5, 0, 5, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4", ""},
    // a k-step method is order p only when its k − 1 starting values are accurate to O(hᵖ) (Hairer, Nørsett &
    // Wanner §III.4, convergence of multistep methods): runge_kutta4's local error O(h⁵) caps the global error at O(h⁵)
    {OdeintId::abm6, "adams_bashforth_moulton<6>", OdeintCategory::multistep, 6, 0, 5, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4",
     "its default initializing stepper is runge_kutta4: the start steps' local errors O(h⁵) cap the global error at O(h⁵) (Hairer, Nørsett & Wanner §III.4): order 5, not 6"},
    {OdeintId::abm7, "adams_bashforth_moulton<7>", OdeintCategory::multistep, 7, 0, 5, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4",
     "started by runge_kutta4: order 5, not 7 (as adams_bashforth_moulton<6>)"},
    {OdeintId::abm8, "adams_bashforth_moulton<8>", OdeintCategory::multistep, 8, 0, 5, kOnOscillator, "y = (q, v), PECE, started by runge_kutta4",
     "started by runge_kutta4: order 5, not 8 (as adams_bashforth_moulton<6>)"},
    // ---- implicit (need the Jacobian and a ublas state)
    {OdeintId::implicit_euler, "implicit_euler", OdeintCategory::implicit, 1, 0, 1, kOnOscillator,
     "ublas y = (x, v) with the exact Jacobian; Kepler not run (Jacobian not written)", ""},
    {OdeintId::rosenbrock4, "rosenbrock4", OdeintCategory::implicit, 4, 3, 4, kOnOscillator,
     "ublas y = (x, v) with the exact Jacobian, fixed steps; Kepler not run (Jacobian not written)", ""},
    // ---- symplectic: (q, p), ṗ = F(q) only (velocity-independent forces)
    {OdeintId::symplectic_euler, "symplectic_euler", OdeintCategory::symplectic, 1, 0, 1, kOnOscillator | kOnKepler,
     "(q, p), ṗ = F(q); no damping, no time", ""},
    {OdeintId::sb3a_mclachlan, "symplectic_rkn_sb3a_mclachlan", OdeintCategory::symplectic, 4, 0, 4, kOnOscillator | kOnKepler,
     "(q, p), ṗ = F(q); no damping, no time", ""},
    {OdeintId::sb3a_m4_mclachlan, "symplectic_rkn_sb3a_m4_mclachlan", OdeintCategory::symplectic, 4, 0, 4,
     kOnOscillator | kOnKepler, "(q, p), ṗ = F(q); no damping, no time", ""},
    {OdeintId::velocity_verlet, "velocity_verlet", OdeintCategory::symplectic, 1, 0, 2, kOnOscillator | kOnKepler,
     "second-order system sys(q, v, a, t), state (q, v)",
     "odeint documents order 1 (order_value = 1 in velocity_verlet.hpp) for the Störmer–Verlet method, order 2 for "
     "f = f(t, q) (GNI §I.1.4); order 1 only with velocity-dependent forces (the order study's note)"},
    // ---- controlled (tolerance sweep on Kepler; rosenbrock4's on the oscillator): documented = the stepper's order
    {OdeintId::controlled_cash_karp54, "make_controlled(runge_kutta_cash_karp54)", OdeintCategory::controlled, 5, 4, 0, kOnKepler,
     "controlled_runge_kutta, integrate_adaptive to T; no dense output in odeint (make_dense_output has no form for it)", ""},
    {OdeintId::controlled_dopri5, "make_controlled(runge_kutta_dopri5)", OdeintCategory::controlled, 5, 4, 0, kOnKepler,
     "controlled_runge_kutta (FSAL), integrate_adaptive to T", ""},
    {OdeintId::controlled_fehlberg78, "make_controlled(runge_kutta_fehlberg78)", OdeintCategory::controlled, 8, 7, 0, kOnKepler,
     "controlled_runge_kutta, integrate_adaptive to T; no dense output in odeint", ""},
    {OdeintId::bulirsch_stoer, "bulirsch_stoer", OdeintCategory::controlled, 0, 0, 0, kOnKepler,
     "controlled only (no fixed-step form), order chosen per step; integrate_adaptive to T", ""},
    {OdeintId::rosenbrock4_controller, "rosenbrock4_controller", OdeintCategory::controlled, 4, 3, 0, kOnOscillator,
     "make_controlled(rosenbrock4), ublas, exact Jacobian, on the oscillator", ""},
    // ---- dense output: stepped freely past T, the state at T from the interpolant (calc_state), so its error is in
    // the sweep (integrate_adaptive would shorten the last step to end at T: the controlled run again)
    {OdeintId::dense_dopri5, "make_dense_output(runge_kutta_dopri5)", OdeintCategory::dense_output, 5, 4, 0, kOnKepler,
     "dense_output_runge_kutta, do_step past T, the state at T by its continuous extension (calc_state)", ""},
    {OdeintId::bulirsch_stoer_dense_out, "bulirsch_stoer_dense_out", OdeintCategory::dense_output, 0, 0, 0, kOnKepler,
     "do_step past T, the state at T by its Hermite interpolation (calc_state)", ""},
    {OdeintId::rosenbrock4_dense_output, "rosenbrock4_dense_output", OdeintCategory::dense_output, 4, 3, 0, kOnOscillator,
     "make_dense_output(rosenbrock4), ublas, exact Jacobian, on the oscillator; do_step past T, calc_state at T", ""},
};

}  // namespace verisim::experiments
