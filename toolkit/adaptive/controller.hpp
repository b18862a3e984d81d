#pragma once
// Step-size controllers: the next step from the error of this one (err of error_norm.hpp, ≤ 1 accepted).
// With k = q + 1, q the order of the error estimate (the lower order of the pair: the estimate is
// O(h^(q+1))), each controller is two exponents (α, β), in units of 1/k, of
//   h_new = h · clamp( safety · err_n^(−α/k) · err_{n−1}^(β/k),  facmin,  facmax )
// where err_{n−1} is the error of the previous accepted step (floored at 1e-4, as dopri5.f's FACOLD):
//  - standard (elementary, "integral" control): α = 1, β = 0 (Hairer, Nørsett & Wanner I (1993) §II.4,
//    eq. (4.13));
//  - PI: α = 0.7, β = 0.4 (Gustafsson, Lundh & Söderlind, BIT 28 (1988) 270; Gustafsson, ACM TOMS 17 (1991)
//    533; Hairer & Wanner II (1996) §IV.2, "PI step size control"): smoother step sequences where the
//    step is limited by stability rather than accuracy.
// Both: safety 0.9, facmin 0.2, facmax 5 (Hairer I §II.4 after (4.13)); a rejected step is retried with
// the elementary rule clamped to [facmin, 1], and right after a rejection facmax = 1 (Hairer I §II.4: no
// growth straight after a failure). A non-finite err (a step that overflowed) counts as a rejection at
// facmin. A new controller is one entry of kControllers.
#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace verisim::adaptive {

struct ControllerSpec {
  std::string_view name;
  std::string_view title;
  std::string_view source;
  double alpha = 1.0;  ///< exponent of 1/err_n, in units of 1/k
  double beta = 0.0;   ///< exponent of err_{n−1}, in units of 1/k
};

inline constexpr std::array kControllers{
    ControllerSpec{"standard", "elementary (integral) control", "Hairer, Nørsett & Wanner I (1993) §II.4, eq. (4.13)",
                   1.0, 0.0},
    ControllerSpec{"pi", "PI control",
                   "Gustafsson, Lundh & Söderlind, BIT 28 (1988) 270; Gustafsson, ACM TOMS 17 (1991) 533; "
                   "Hairer & Wanner II (1996) §IV.2",
                   0.7, 0.4},
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

/// The factor h_new/h after a step of error `err` (accepted iff err ≤ 1); updates `state`.
inline double step_factor(const ControllerSpec& spec, const ControllerLimits& lim, int k, double err,
                          ControllerState& state) {
  const double inv_k = 1.0 / static_cast<double>(k);
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

}  // namespace verisim::adaptive
