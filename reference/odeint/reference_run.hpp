#pragma once
// A high-precision reference solution of a second-order system sys(q, v, a, t) (the toolkit's
// convention, toolkit/core/system.hpp) from (q₀, v₀) at t₀ to t₁, with its own error estimate: for
// problems without a closed form (the driven pendulum, a user's scene), the "exact" state the order,
// drift and work-precision studies measure against.
//
// The run: Boost.Odeint's runge_kutta_fehlberg78 (Fehlberg, NASA TR R-287 (1968): a 7(8) pair; odeint
// propagates the 8th-order solution, local extrapolation) under make_controlled with abs = rel = τ,
// integrate_adaptive from t₀ to t₁ (its last step is cut to end at t₁ exactly), on the stacked state
// y = (q, v), y′ = (v, f(t, q, v)) (seed 001 §3.2.2), in the scalar Real: double, long double, or
// boost::multiprecision::cpp_bin_float_50 (header-only; reference_run_float50.hpp, included only where 50
// digits run: its headers are heavy). The state is a std::vector<Real> under
// odeint's range_algebra (the algebra its multiprecision examples use).
// (problems/first_order_form.hpp is the same stacking for the double runs on Eigen vectors; this one carries
// the scalar Real, and the forces-in-double path below.)
//
// How the system is evaluated (chosen at compile time):
//  - natively, when sys accepts Eigen vectors of Real and a Real time (a system templated on the scalar);
//  - in double ("forces in double"), when it takes only core::VecX and a double time (a scene's
//    ImpulseWorld): q, v and t are rounded to double, a is read back into Real. The state, the stages
//    and their sums stay in Real, so the rounding of n steps does not accumulate in double (the n·ε of
//    Higham, Accuracy and Stability of Numerical Algorithms (2002) §1.12); what remains is the effect of
//    an O(ε_double) error in each evaluation of f, estimated by the perturbed run below.
//
// The error estimate (bound on ‖(q, v)(t₁) − exact‖₂), the sum of:
//  1. tolerance: ‖y_τ − y_{rτ}‖₂, the difference from a second run at the tolerance r·τ (r = 10).
//     A controlled run's global error e(Tol) behaves like C·Tol^α (tolerance proportionality, Hairer,
//     Nørsett & Wanner I §II.4 "Automatic step size control" and its numerical experiments), with
//     α = 7/8 for a 7(8) pair controlled on error per step and α ≈ 1 with local extrapolation (odeint
//     propagates the 8th-order solution). Then ‖y_τ − y_{rτ}‖ ≥ ‖e(rτ)‖ − ‖e(τ)‖ ≥ (r^α − 1)·‖e(τ)‖,
//     r^α − 1 ≥ 6.5 for r = 10: the difference bounds the run's error with a factor 6.5 of margin for
//     departures from proportionality, and stays within a decade of it (a larger r bounds more safely
//     but over-states the error by r^α; measured on the forced oscillator: tests/reference/reference_run_test.cpp).
//  2. rounding in Real: N·ε_Real·‖y‖_∞ for N accepted steps (Higham §1.12, the linear bound).
//  3. forces in double only: ‖y_τ − ỹ_τ‖₂, ỹ a third run at τ whose evaluations of f are perturbed
//     by a few ulps of double (the inputs q, v by one ulp, the output a by two, signs alternating by
//     component): the response of the end state to errors of the size of double's rounding in f,
//     including their growth along the run (exponential in a chaotic system), measured rather than
//     bounded.
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <Eigen/Core>
#include <boost/numeric/odeint.hpp>

#include "toolkit/core/step_error.hpp"
#include "toolkit/core/vec.hpp"

// odeint's steppers copied by value trip GCC's -Wmaybe-uninitialized (reference/odeint/run.hpp); the
// buffers are written before they are read.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace verisim::reference::odeint {

/// A vector of the scalar Real (what a system templated on the scalar receives).
template <class Real>
using RealVector = Eigen::Matrix<Real, Eigen::Dynamic, 1>;

/// The default tolerance τ of the reference run in Real: a few hundred ε above round-off, so the
/// controller never chases the rounding (HNW I §II.4: a Tol near ε makes the step size erratic):
/// double 1e-14 (odeint::kTruthTolerance), long double 3e-19 (ε = 1.1e-19: the run's error then sits at
/// the long double rounding, ≈ 1e-17 for a state of size 1, 1/40 of double's ε), 50 digits 1e-30 (the
/// cost grows as τ^(−1/8): 1e-30 is ≈ 60× the steps of 3e-19, and each is ~100× slower in software).
template <class Real>
Real default_tolerance() {
  if constexpr (std::is_same_v<Real, double>) return Real(1e-14);
  else if constexpr (std::is_same_v<Real, long double>) return Real(3e-19L);
  else return Real("1e-30");
}

struct ReferenceOptions {
  double tolerance = 0.0;  ///< τ (abs = rel); 0: default_tolerance<Real>()
  double ratio = 10.0;     ///< the second run's tolerance is ratio·τ (term 1 above); > 1
  double first_step = 0.0; ///< initial step guess; 0: (t₁ − t₀)/100
};

template <class Real>
struct ReferenceResult {
  RealVector<Real> q, v;          ///< the state at t₁ (the run at τ)
  Real error_estimate = 0;        ///< tolerance + rounding + evaluation: a bound on ‖(q, v) − exact‖₂
  Real tolerance_term = 0;        ///< ‖y_τ − y_{rτ}‖₂ (term 1)
  Real rounding_term = 0;         ///< N·ε_Real·‖y‖_∞ (term 2)
  Real evaluation_term = 0;       ///< forces in double: ‖y_τ − ỹ_τ‖₂ (term 3), else 0
  double tolerance = 0;           ///< τ used
  std::size_t steps = 0;          ///< accepted steps of the run at τ
  bool forces_in_double = false;  ///< the system was evaluated in double (see the top)
};

namespace detail {

template <class Real, class Sys>
concept NativeSystem = requires(const Sys& s, const RealVector<Real>& q, RealVector<Real>& a, Real t) { s(q, q, a, t); };

template <class Sys>
concept DoubleSystem = requires(const Sys& s, const core::VecX& q, core::VecX& a, double t) { s(q, q, a, t); };

/// ±k ulps of double, the sign alternating with the component index (term 3 above).
inline double nudge(double x, Eigen::Index i, int k) {
  const double towards = (i % 2 == 0) ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  for (int j = 0; j < k; ++j) x = std::nextafter(x, towards);
  return x;
}

/// y′ = (v, f(t, q, v)) on the stacked std::vector<Real>, the system evaluated natively or in double.
template <class Real, class Sys>
struct StackedForm {
  const Sys* sys;
  bool perturb = false;  ///< term 3's perturbed evaluations (forces in double only)
  mutable RealVector<Real> q{}, v{}, a{};
  mutable core::VecX qd{}, vd{}, ad{};

  void operator()(const std::vector<Real>& y, std::vector<Real>& dydt, Real t) const {
    const auto n = static_cast<Eigen::Index>(y.size() / 2);
    if constexpr (NativeSystem<Real, Sys>) {
      q.resize(n), v.resize(n), a.resize(n);
      for (Eigen::Index i = 0; i < n; ++i) q[i] = y[static_cast<std::size_t>(i)], v[i] = y[static_cast<std::size_t>(n + i)];
      (*sys)(q, v, a, t);
      for (Eigen::Index i = 0; i < n; ++i) dydt[static_cast<std::size_t>(i)] = v[i], dydt[static_cast<std::size_t>(n + i)] = a[i];
    } else {
      qd.resize(n), vd.resize(n), ad.resize(n);
      for (Eigen::Index i = 0; i < n; ++i) {
        qd[i] = static_cast<double>(y[static_cast<std::size_t>(i)]);
        vd[i] = static_cast<double>(y[static_cast<std::size_t>(n + i)]);
        if (perturb) qd[i] = nudge(qd[i], i, 1), vd[i] = nudge(vd[i], i + 1, 1);
      }
      (*sys)(qd, vd, ad, static_cast<double>(t));
      for (Eigen::Index i = 0; i < n; ++i) {
        dydt[static_cast<std::size_t>(i)] = y[static_cast<std::size_t>(n + i)];
        dydt[static_cast<std::size_t>(n + i)] = Real(perturb ? nudge(ad[i], i, 2) : ad[i]);
      }
    }
  }
};

template <class Real>
Real distance(const std::vector<Real>& a, const std::vector<Real>& b) {
  using std::sqrt;
  Real s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
  return sqrt(s);
}

/// One controlled run from y at t₀ to t₁; returns the accepted steps (odeint's integrate_adaptive count).
template <class Real, class Sys>
std::size_t controlled_run(const StackedForm<Real, Sys>& form, std::vector<Real>& y, Real t0, Real t1, Real tol,
                           Real first_step) {
  namespace bo = boost::numeric::odeint;
  using Y = std::vector<Real>;
  auto stepper = bo::make_controlled(tol, tol, bo::runge_kutta_fehlberg78<Y, Real, Y, Real>{});
  return bo::integrate_adaptive(stepper, form, y, t0, t1, first_step);
}

}  // namespace detail

/// The reference solution of sys from (q0, v0) at t0 to t1 (t1 > t0), with its error estimate (see the
/// top). Throws std::invalid_argument on bad arguments, std::runtime_error on a non-finite end state.
template <class Real, class Sys>
  requires(detail::NativeSystem<Real, Sys> || detail::DoubleSystem<Sys>)
ReferenceResult<Real> reference_run(const Sys& sys, const RealVector<Real>& q0, const RealVector<Real>& v0, Real t0,
                                    Real t1, ReferenceOptions options = {}) {
  using std::abs;
  using std::isfinite;  // and Boost.Multiprecision's, found by argument-dependent lookup
  if (q0.size() != v0.size()) throw std::invalid_argument("reference_run: q0 and v0 differ in size");
  if (!(t1 > t0)) throw std::invalid_argument("reference_run: t1 must be after t0");
  if (!(options.ratio > 1.0)) throw std::invalid_argument("reference_run: ratio must be > 1");
  const Real tol = options.tolerance > 0.0 ? Real(options.tolerance) : default_tolerance<Real>();
  if (!(tol > 0)) throw std::invalid_argument("reference_run: tolerance must be > 0");
  const Real first = options.first_step > 0.0 ? Real(options.first_step) : (t1 - t0) / 100;
  const auto n = static_cast<std::size_t>(q0.size());
  std::vector<Real> y0(2 * n);
  for (std::size_t i = 0; i < n; ++i)
    y0[i] = q0[static_cast<Eigen::Index>(i)], y0[n + i] = v0[static_cast<Eigen::Index>(i)];

  detail::StackedForm<Real, Sys> form{&sys};
  ReferenceResult<Real> out;
  out.forces_in_double = !detail::NativeSystem<Real, Sys>;
  out.tolerance = static_cast<double>(tol);

  std::vector<Real> y = y0;
  out.steps = detail::controlled_run(form, y, t0, t1, tol, first);
  std::vector<Real> check = y0;
  detail::controlled_run(form, check, t0, t1, Real(tol * Real(options.ratio)), first);
  out.tolerance_term = detail::distance(y, check);
  if (out.forces_in_double) {
    detail::StackedForm<Real, Sys> perturbed{&sys, true};
    std::vector<Real> yp = y0;
    detail::controlled_run(perturbed, yp, t0, t1, tol, first);
    out.evaluation_term = detail::distance(y, yp);
  }
  Real scale = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (!isfinite(y[i])) throw core::StepError("reference_run: the state is not finite at t1");
    scale = std::max<Real>(scale, std::max<Real>(abs(y[i]), abs(y0[i])));
  }
  out.rounding_term = Real(out.steps) * std::numeric_limits<Real>::epsilon() * scale;
  out.error_estimate = out.tolerance_term + out.rounding_term + out.evaluation_term;
  out.q.resize(static_cast<Eigen::Index>(n));
  out.v.resize(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i)
    out.q[static_cast<Eigen::Index>(i)] = y[i], out.v[static_cast<Eigen::Index>(i)] = y[n + i];
  return out;
}

/// The same from a double state (a scene's, a catalogue problem's), converted to Real.
template <class Real, class Sys>
ReferenceResult<Real> reference_run(const Sys& sys, const core::VecX& q0, const core::VecX& v0, double t0, double t1,
                                    ReferenceOptions options = {})
  requires(!std::is_same_v<Real, double>)
{
  return reference_run<Real>(sys, RealVector<Real>(q0.template cast<Real>()), RealVector<Real>(v0.template cast<Real>()),
                             Real(t0), Real(t1), options);
}

}  // namespace verisim::reference::odeint

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
