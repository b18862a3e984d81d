#pragma once
// Centered finite differences of an exact solution, for the ODE residual tests: the fourth-order
// five-point stencils (Abramowitz & Stegun 25.3.6 and 25.3.24; Fornberg, Math. Comp. 51 (1988) 699)
//   ẋ ≈ (−x(t+2h) + 8x(t+h) − 8x(t−h) + x(t−2h))/(12h)                  error h⁴/30·x⁽⁵⁾
//   ẍ ≈ (−x(t+2h) + 16x(t+h) − 30x(t) + 16x(t−h) − x(t−2h))/(12h²)      error h⁴/90·x⁽⁶⁾
// plus the round-off ~ 64δ/(12h²), δ the evaluation error of the closed form. δ is not ε|x| but
// ~ε·(phase)·|ẋ|·T when the phase argument ω₀t or n·t is large (t up to 10 periods), so h cannot be
// small: with h = 1e-3 of the time scale the truncation is ~1e-12·(ωT)⁶/90 relative and the
// round-off ~1e-9. The measured worst cases (printed at exit) stay far below the 1e-6 bound asked for.
#include "toolkit/core/random.hpp"
#include <type_traits>
#include <vector>

namespace verisim::reference::test {

/// 100 (or n) times uniform in [0, t_max), from a fixed seed (reproducible).
inline std::vector<double> random_times(double t_max, int n = 100, unsigned seed = 12345u) {
  core::Rng rng(seed);
    std::vector<double> ts(static_cast<std::size_t>(n));
  for (auto& t : ts) t = core::uniform(rng, 0.0, t_max);
  return ts;
}

// The result is evaluated into x's own type: returning `auto` would hand back an Eigen expression
// that refers to the temporaries x(t ± h), destroyed at the return.
template <class F>
auto second_difference(const F& x, double t, double h) {
  using R = std::decay_t<decltype(x(t))>;
  return R((-x(t + 2.0 * h) + 16.0 * x(t + h) - 30.0 * x(t) + 16.0 * x(t - h) - x(t - 2.0 * h)) / (12.0 * h * h));
}
template <class F>
auto first_difference(const F& x, double t, double h) {
  using R = std::decay_t<decltype(x(t))>;
  return R((-x(t + 2.0 * h) + 8.0 * x(t + h) - 8.0 * x(t - h) + x(t - 2.0 * h)) / (12.0 * h));
}

}  // namespace verisim::reference::test
