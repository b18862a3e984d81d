#pragma once
// Centered finite differences of an exact solution, for the ODE residual tests.
//   ẋ ≈ (x(t+h) − x(t−h))/(2h)                     error h²/6·x⁽³⁾ + ε|x|/h
//   ẍ ≈ (x(t+h) − 2x(t) + x(t−h))/h²               error h²/12·x⁽⁴⁾ + 4ε|x|/h²
// With h = 1e-4·T (T the time scale), the truncation error is ~1e-9 relative and the round-off
// 4ε/h² ~ 1e-8/T²·|x|: both below the 1e-6 bound asked for.
#include <random>
#include <type_traits>
#include <vector>

namespace verisim::reference::test {

/// 100 (or n) times uniform in [0, t_max), from a fixed seed (reproducible).
inline std::vector<double> random_times(double t_max, int n = 100, unsigned seed = 12345u) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, t_max);
  std::vector<double> ts(static_cast<std::size_t>(n));
  for (auto& t : ts) t = u(rng);
  return ts;
}

// The result is evaluated into x's own type: returning `auto` would hand back an Eigen expression
// that refers to the temporaries x(t ± h), destroyed at the return.
template <class F>
auto second_difference(const F& x, double t, double h) {
  using R = std::decay_t<decltype(x(t))>;
  return R((x(t + h) - 2.0 * x(t) + x(t - h)) / (h * h));
}
template <class F>
auto first_difference(const F& x, double t, double h) {
  using R = std::decay_t<decltype(x(t))>;
  return R((x(t + h) - x(t - h)) / (2.0 * h));
}

}  // namespace verisim::reference::test
