#pragma once
// The size of a step's error estimate relative to the tolerance asked for: the weighted root mean square
// of Hairer, Nørsett & Wanner I (1993) §II.4, eq. (4.11) (as their dopri5.f, and SUNDIALS' WRMS norm):
//   err = √( (1/n) Σᵢ (eᵢ / scᵢ)² ),   scᵢ = atol + rtol·max(|yᵢ|, |y⁺ᵢ|)
// over every component of the state; for a second-order system the method's state is (q, v), so both
// count (n = 2·dim). A step is accepted when err ≤ 1. Why the RMS and not the maximum: it is the norm
// the controllers' constants (controller.hpp) were tuned with in Hairer & Wanner's codes.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "toolkit/core/phase_state.hpp"

namespace verisim::adaptive {

/// What the user asks of an error-controlled run: absolute and relative tolerances, both ≥ 0, not both 0.
struct Tolerance {
  double absolute = 1e-6;
  double relative = 1e-6;
};

/// std::invalid_argument naming the tolerance unless both are finite, ≥ 0 and not both 0.
inline void check(const Tolerance& tol) {
  if (!(std::isfinite(tol.absolute) && tol.absolute >= 0.0))
    throw std::invalid_argument("the absolute tolerance must be a finite number ≥ 0");
  if (!(std::isfinite(tol.relative) && tol.relative >= 0.0))
    throw std::invalid_argument("the relative tolerance must be a finite number ≥ 0");
  if (tol.absolute == 0.0 && tol.relative == 0.0)
    throw std::invalid_argument("the absolute and relative tolerances cannot both be 0");
}

namespace detail {
/// Σᵢ (eᵢ/scᵢ)² over one vector (scᵢ = 0 only when both tolerances act on zero: then eᵢ/scᵢ is ∞ or NaN,
/// and the step is rejected, as a zero tolerance asks).
template <class V>
double weighted_squares(const V& e, const V& y0, const V& y1, const Tolerance& tol) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < e.size(); ++i) {
    const double sc = tol.absolute + tol.relative * std::max(std::abs(y0[i]), std::abs(y1[i]));
    const double r = e[i] / sc;
    sum += r * r;
  }
  return sum;
}
}  // namespace detail

/// err of eq. (4.11) for a first-order state.
template <class V>
double error_norm(const V& e, const V& y0, const V& y1, const Tolerance& tol) {
  const double n = static_cast<double>(e.size());
  return std::sqrt(detail::weighted_squares(e, y0, y1, tol) / n);
}

/// err of eq. (4.11) for a second-order state (q and v together).
template <class V>
double error_norm(const core::PhaseState<V>& e, const core::PhaseState<V>& x0, const core::PhaseState<V>& x1,
                  const Tolerance& tol) {
  const double n = static_cast<double>(e.q.size() + e.v.size());
  return std::sqrt((detail::weighted_squares(e.q, x0.q, x1.q, tol) + detail::weighted_squares(e.v, x0.v, x1.v, tol)) / n);
}

}  // namespace verisim::adaptive
