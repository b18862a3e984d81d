#pragma once
// The size of a step's error estimate relative to the tolerance asked for: the weighted root mean square
// of Hairer, Nørsett & Wanner I (1993) §II.4, eq. (4.11) (as their dopri5.f, and SUNDIALS' WRMS norm):
//   err = √( (1/n) Σᵢ (eᵢ / scᵢ)² ),   scᵢ = atol + rtol·max(|yᵢ|, |y⁺ᵢ|)
// over every component of the state; for a second-order system the method's state is (q, v), so both
// count (n = 2·dim). A step is accepted when err ≤ 1. Why the RMS and not the maximum: it is the norm
// the controllers' constants (controller.hpp) were tuned with in Hairer & Wanner's codes.
//
// Boost.Odeint 1.74's norm (default_error_checker in boost/numeric/odeint/stepper/controlled_runge_kutta.hpp,
// with make_controlled's a_x = a_dxdt = 1, and operations_type::rel_error): the maximum over the components of
//   |eᵢ| / (atol + rtol·(a_x·|yᵢ| + a_dxdt·|h|·|y′ᵢ|)),   y′ = f(t, y) at the step's START
// (the derivative term keeps a fast component's tolerance from vanishing where y passes through 0). For a
// second-order state y = (q, v), y′ = (v, a): the same quantities odeint sees on the first-order form. The
// controller entry picks the norm (ControllerSpec::norm, controller.hpp), with the rule tuned for it.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "toolkit/core/phase_state.hpp"

namespace verisim::adaptive {

/// Which norm measures a step's estimate (the top of this file).
enum class ErrorNorm {
  wrms,        ///< Hairer's weighted RMS, eq. (4.11)
  odeint_max,  ///< Boost.Odeint 1.74's default_error_checker: max norm with the derivative term
};

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

namespace detail {
/// maxᵢ |eᵢ| / (atol + rtol·(|yᵢ| + |h|·|y′ᵢ|)), in odeint's order of operations (rel_error with a_x = 1 and
/// a_dxdt·|dt| = |h|: both products by 1 are exact), as one vectorised expression (each quotient correctly rounded
/// whatever the vector width, so the same bits as a loop). A NaN quotient (0/0: zero tolerances on a zero component,
/// or a NaN estimate) gives NaN: rejected.
template <class V>
double odeint_max(const V& e, const V& y0, const V& dy0, double abs_h, const Tolerance& tol) {
  return (e.array().abs() / (tol.absolute + tol.relative * (y0.array().abs() + abs_h * dy0.array().abs())))
      .template maxCoeff<Eigen::PropagateNaN>();
}
/// The larger of two, NaN if either is.
inline double max_nan(double a, double b) { return std::isnan(a) || a > b ? a : b; }
}  // namespace detail

/// Odeint's norm for a first-order state: `f0` = f(t, y₀).
template <class V>
double odeint_error_norm(const V& e, const V& y0, const V& f0, double h, const Tolerance& tol) {
  return detail::odeint_max(e, y0, f0, std::abs(h), tol);
}

/// Odeint's norm for a second-order state: y′ = (v, a₀), `a0` = f(t, q₀, v₀).
template <class V>
double odeint_error_norm(const core::PhaseState<V>& e, const core::PhaseState<V>& x0, const V& a0, double h,
                         const Tolerance& tol) {
  const double abs_h = std::abs(h);
  return detail::max_nan(detail::odeint_max(e.q, x0.q, x0.v, abs_h, tol), detail::odeint_max(e.v, x0.v, a0, abs_h, tol));
}

/// A step's err in the norm `kind`: e its estimate, from x0 (slope f0 = f at the start) to x1 over h.
template <class State, class Slope>
double step_error(ErrorNorm kind, const State& e, const State& x0, const State& x1, const Slope& f0, double h,
                  const Tolerance& tol) {
  if (kind == ErrorNorm::odeint_max) return odeint_error_norm(e, x0, f0, h, tol);
  return error_norm(e, x0, x1, tol);
}

}  // namespace verisim::adaptive
