#pragma once
// Step-size controllers: the next step from the error of this one (err, ≤ 1 accepted). Each controller is one
// entry of kControllers: its norm of the estimate (error_norm.hpp) and its rule for the next step.
//
// Hairer's rule (StepRule::hairer, with the WRMS norm of eq. (4.11)). With k = q + 1, q the order of the
// error estimate (the lower order of the pair: the estimate is O(h^(q+1))), each such controller is two
// exponents (α, β), in units of 1/k, of
//   h_new = h · clamp( safety · err_n^(−α/k) · err_{n−1}^(β/k),  facmin,  facmax )
// where err_{n−1} is the error of the previous accepted step (floored at 1e-4, as dopri5.f's FACOLD):
//  - standard (elementary, "integral" control): α = 1, β = 0 (Hairer, Nørsett & Wanner I (1993) §II.4,
//    eq. (4.13));
//  - PI: α = 0.7, β = 0.4 (Gustafsson, Lundh & Söderlind, BIT 28 (1988) 270; Gustafsson, ACM TOMS 17 (1991)
//    533; Hairer & Wanner II (1996) §IV.2, "PI step size control"): smoother step sequences where the
//    step is limited by stability rather than accuracy.
// Both: safety 0.9, facmin 0.2, facmax 5 (Hairer I §II.4 after (4.13)); a rejected step is retried with
// the elementary rule clamped to [facmin, 1], and right after a rejection facmax = 1 (Hairer I §II.4: no
// growth straight after a failure). The last step is stretched to land on t1 when t + 1.01·h ≥ t1 (dopri5.f).
//
// Boost.Odeint 1.74's rule (StepRule::odeint, with its max norm ErrorNorm::odeint_max), read from
// boost/numeric/odeint/stepper/controlled_runge_kutta.hpp (default_step_adjuster, controlled_runge_kutta::
// try_step) and integrate/detail/integrate_adaptive.hpp; p the propagated order (odeint's stepper_order),
// q the estimate's (its error_order: dopri5 and cash-karp 5 and 4, fehlberg78 8 and 7):
//  - rejected (err > 1):  h_new = h · max(0.9 · err^(−1/(q−1)), 1/5)          (decrease_step)
//  - accepted, err < 0.5: h_new = h · 0.9 · max(err, 5^(−p))^(−1/p)             (increase_step: growth ≤ 4.5)
//  - accepted otherwise:  h_new = h
//  - the last step: cut to t1 − t when t + h passes t1 by more than ε (machine epsilon, absolute), and the run
//    ends when t1 − t ≤ ε (less_with_sign).
// Its exponents are not Hairer's 1/(q+1): odeint shrinks with 1/(q−1) (1/3 for dopri5, where the estimate is
// O(h⁵)) and grows with 1/p; they are what odeint does, reproduced so that a run under this entry takes
// odeint's steps (tests/adaptive/odeint_controller_test.cpp). Its constants are its own (ControllerLimits
// unused); it has no memory (ControllerState unused).
//
// A non-finite err (a step that overflowed) counts as a rejection at facmin under every rule (odeint would
// accept a NaN error: `err > 1` is false). A new controller is one entry of kControllers.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

#include "toolkit/adaptive/error_norm.hpp"

namespace verisim::adaptive {

/// How the next step follows from err (the top of this file).
enum class StepRule {
  hairer,  ///< clamp(safety·err_n^(−α/k)·err_{n−1}^(β/k), facmin, facmax); lands on t1 stretching by 1 %
  odeint,  ///< Boost.Odeint 1.74's default_step_adjuster; lands on t1 as its integrate_adaptive
};

struct ControllerSpec {
  std::string_view name;
  std::string_view title;
  std::string_view source;
  double alpha = 1.0;  ///< exponent of 1/err_n, in units of 1/k (StepRule::hairer)
  double beta = 0.0;   ///< exponent of err_{n−1}, in units of 1/k (StepRule::hairer)
  ErrorNorm norm = ErrorNorm::wrms;
  StepRule rule = StepRule::hairer;
};

inline constexpr std::array kControllers{
    ControllerSpec{"standard", "elementary (integral) control", "Hairer, Nørsett & Wanner I (1993) §II.4, eq. (4.13)",
                   1.0, 0.0},
    ControllerSpec{"pi", "PI control",
                   "Gustafsson, Lundh & Söderlind, BIT 28 (1988) 270; Gustafsson, ACM TOMS 17 (1991) 533; "
                   "Hairer & Wanner II (1996) §IV.2",
                   0.7, 0.4},
    ControllerSpec{"odeint", "Boost.Odeint 1.74's controlled_runge_kutta",
                   "boost/numeric/odeint/stepper/controlled_runge_kutta.hpp (default_error_checker, "
                   "default_step_adjuster); integrate/detail/integrate_adaptive.hpp",
                   1.0, 0.0, ErrorNorm::odeint_max, StepRule::odeint},
};

/// The constants shared by every controller (the top of this file).
struct ControllerLimits {
  double safety = 0.9;
  double facmin = 0.2;
  double facmax = 5.0;
};

/// A controller's memory across steps: belongs to the run (integrate_adaptive), not to the spec.
struct ControllerState {
  double previous_error = 1e-4;  ///< err of the last accepted step (floored at 1e-4)
  bool after_rejection = false;  ///< the last step tried was rejected
};

/// The orders a rule reads: p of the propagated solution, q of the estimate (O(h^(q+1))); made once per run.
struct PairOrders {
  int order = 1;             ///< p
  int error_order = 1;       ///< q
  double odeint_floor = 0;   ///< 5^(−p): the smallest err odeint's increase_step takes (one pow per run, not per step)
  PairOrders(int p, int q) : order(p), error_order(q), odeint_floor(std::pow(5.0, -static_cast<double>(p))) {}
};

/// The factor h_new/h after a step of error `err` (accepted iff err ≤ 1); updates `state`.
inline double step_factor(const ControllerSpec& spec, const ControllerLimits& lim, const PairOrders& orders, double err,
                          ControllerState& state) {
  if (spec.rule == StepRule::odeint) {
    // default_step_adjuster (controlled_runge_kutta.hpp), its expressions in its order
    const auto p = static_cast<double>(orders.order);
    if (!(err <= 1.0)) {
      if (!std::isfinite(err)) return 0.2;
      return std::max(0.9 * std::pow(err, -1.0 / (orders.error_order - 1)), 1.0 / 5.0);  // decrease_step
    }
    if (err < 0.5) return 0.9 * std::pow(std::max(orders.odeint_floor, err), -1.0 / p);  // increase_step
    return 1.0;
  }
  const double inv_k = 1.0 / static_cast<double>(orders.error_order + 1);
  if (!(err <= 1.0)) {  // rejected (or not finite): elementary rule, never growing
    state.after_rejection = true;
    if (!std::isfinite(err)) return lim.facmin;
    return std::clamp(lim.safety * std::pow(err, -inv_k), lim.facmin, 1.0);
  }
  const double e = std::max(err, 1e-10);  // err = 0 (an exact step): the largest growth allowed
  double factor = lim.safety * std::pow(e, -spec.alpha * inv_k) * std::pow(state.previous_error, spec.beta * inv_k);
  factor = std::clamp(factor, lim.facmin, state.after_rejection ? 1.0 : lim.facmax);
  state.previous_error = std::max(err, 1e-4);
  state.after_rejection = false;
  return factor;
}

/// The step from t that the rule takes towards t1, given the controller's h, and whether it ends the run on t1.
struct Landing {
  double h;
  bool last;
};
inline Landing land(const ControllerSpec& spec, double t, double h, double t1) {
  if (spec.rule == StepRule::odeint)  // integrate_adaptive: less_with_sign(t1, t + h, h)
    return (t + h) - t1 > std::numeric_limits<double>::epsilon() ? Landing{t1 - t, true} : Landing{h, false};
  return t + 1.01 * h >= t1 ? Landing{t1 - t, true} : Landing{h, false};  // dopri5.f
}

/// Whether a run at t has steps left before t1.
inline bool before_end(const ControllerSpec& spec, double t, double t1) {
  if (spec.rule == StepRule::odeint) return t1 - t > std::numeric_limits<double>::epsilon();  // less_with_sign
  return t < t1;
}

}  // namespace verisim::adaptive
