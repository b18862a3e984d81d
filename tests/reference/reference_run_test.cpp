// reference/odeint/reference_run.hpp against exact solutions: the driven (forced, undamped) oscillator
// q̈ = −ω²q + A cos Ωt from t₀ ≠ 0, whose solution is closed-form in any scalar, evaluated natively in
// long double and in 50 digits, and in double (the "forces in double" path a scene takes). In each case
// the run's error estimate must bound the actual error, and the actual error must be far below
// double's ε times the state's scale (what a reference for double integrators needs).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "reference/odeint/reference_run_float50.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::test {

namespace {

using odeint::Float50;
using odeint::RealVector;

// q̈ = −ω²q + A cos Ωt, ω = 1.3, A = 0.7, Ω = 0.4; any vector type, any scalar (uncoupled components).
struct ForcedOscillatorAnyScalar {
  template <class Vector, class Real>
  void operator()(const Vector& q, const Vector&, Vector& a, Real t) const {
    using std::cos;
    const Real w2 = Real(169) / 100, drive = Real(7) / 10 * cos(Real(4) / 10 * t);
    for (Eigen::Index i = 0; i < q.size(); ++i) a[i] = -w2 * q[i] + drive;
  }
};
// The same, only in double (as a scene's SystemView: core::VecX and a double time).
struct ForcedOscillatorDouble {
  void operator()(const core::VecX& q, const core::VecX& v, core::VecX& a, double t) const {
    ForcedOscillatorAnyScalar{}(q, v, a, t);
  }
};

// Exact solution (any ODE text, e.g. Kreyszig, Advanced Engineering Mathematics, 10th ed., §2.8):
// q = C cos ω(t − t₀) + (D/ω) sin ω(t − t₀) + P cos Ωt, P = A/(ω² − Ω²), C = q₀ − P cos Ωt₀,
// D = v₀ + PΩ sin Ωt₀; v its derivative.
template <class Real>
void exact(Real q0, Real v0, Real t0, Real t, Real& q, Real& v) {
  using std::cos;
  using std::sin;
  const Real w = Real(13) / 10, A = Real(7) / 10, W = Real(4) / 10, P = A / (w * w - W * W);
  const Real C = q0 - P * cos(W * t0), D = v0 + P * W * sin(W * t0), s = w * (t - t0);
  q = C * cos(s) + D / w * sin(s) + P * cos(W * t);
  v = -C * w * sin(s) + D * cos(s) - P * W * sin(W * t);
}

// The estimate bounds the error and, r = 10 (reference_run.hpp: ‖y_τ − y_{rτ}‖ ≈ (r^α − 1)·‖e(τ)‖,
// α ∈ [7/8, 1]), over-states it by about a decade: at most 100× is asserted, so the estimate stays useful.
constexpr double kTightness = 100.0;

// Measured actual error and estimate for one run of a 2-component state (q₀ = (1, −0.3), v₀ = (0.2, 0.5)).
template <class Real, class Sys>
void check_run(const Sys& sys, double tolerance, Real bound_far_below, Real t1 = Real(127) / 10) {
  using std::sqrt;
  const Real t0 = Real(7) / 10;  // t₀ ≠ 0; to t1 = 12.7: about 2.5 periods
  RealVector<Real> q0(2), v0(2);
  q0 << Real(1), Real(-3) / 10;
  v0 << Real(2) / 10, Real(5) / 10;
  const auto r = odeint::reference_run<Real>(sys, q0, v0, t0, t1, {.tolerance = tolerance});
  Real err2 = 0;
  for (Eigen::Index i = 0; i < 2; ++i) {
    Real q, v;
    exact<Real>(q0[i], v0[i], t0, t1, q, v);
    err2 += (r.q[i] - q) * (r.q[i] - q) + (r.v[i] - v) * (r.v[i] - v);
  }
  const Real err = sqrt(err2);
  std::printf("actual %.3g estimate %.3g (tolerance %.3g, rounding %.3g, evaluation %.3g) steps %zu\n",
              static_cast<double>(err), static_cast<double>(r.error_estimate), static_cast<double>(r.tolerance_term),
              static_cast<double>(r.rounding_term), static_cast<double>(r.evaluation_term), r.steps);
  EXPECT_LE(err, r.error_estimate) << "actual " << static_cast<double>(err) << " estimate "
                                   << static_cast<double>(r.error_estimate);
  EXPECT_LE(r.error_estimate, Real(kTightness) * err);
  EXPECT_LT(r.error_estimate, bound_far_below) << static_cast<double>(r.error_estimate);
  EXPECT_GT(r.steps, 0u);
}

// double's ε times the state's scale (|y| ≤ 2 here): the level a double integrator's error cannot go below.
const double kDoubleLevel = std::numeric_limits<double>::epsilon() * 2.0;

TEST(ReferenceRun, LongDoubleEstimateBoundsTheErrorFarBelowDoubleEpsilon) {
  // "far below": the estimate under a quarter of double's rounding of the state, so the reference
  // rounded to double is the correctly rounded exact state within an ulp (measured: actual 2.2e-18,
  // estimate 7.0e-17 against the level 4.4e-16).
  check_run<long double>(ForcedOscillatorAnyScalar{}, 0.0, static_cast<long double>(kDoubleLevel) / 4);
}

TEST(ReferenceRun, FiftyDigitsEstimateBoundsTheError) {
  // τ = 1e-24 over [0.7, 3.7] (the default 1e-30 over 2.5 periods costs seconds): the estimate at most
  // 1e-21 (error ≈ 5τ measured at every τ here, times the factor r^α ≈ 7.5–10 of the estimate, times 2.5
  // of margin); far below long double's ε as well.
  check_run<Float50>(ForcedOscillatorAnyScalar{}, 1e-24, Float50("1e-21"), Float50(37) / 10);
}

TEST(ReferenceRun, ForcesInDoubleWithLongDoubleStateStayNearDoubleEpsilon) {
  // A system evaluated in double only: the evaluation's rounding (ε_double relative per evaluation)
  // propagates, so the error is at double's level, not far below it (measured 4.3e-16 against 4.4e-16);
  // the estimate (with its evaluation term) must still bound it, within 10 levels.
  const long double level = static_cast<long double>(kDoubleLevel);
  check_run<long double>(ForcedOscillatorDouble{}, 0.0, 10.0L * level);
  RealVector<long double> q0(1), v0(1);
  q0 << 1.0L;
  v0 << 0.0L;
  const auto r = odeint::reference_run<long double>(ForcedOscillatorDouble{}, q0, v0, 0.0L, 1.0L);
  EXPECT_TRUE(r.forces_in_double);
  EXPECT_GT(r.evaluation_term, 0.0L);  // the perturbed run moved: the term is measured, not zero by construction
}

TEST(ReferenceRun, DoubleScalarRunsAtTruthTolerance) {
  // In double (τ = 1e-14): the error is ≈ 5τ (measured 5.2e-14); the estimate bounds it within kTightness.
  check_run<double>(ForcedOscillatorDouble{}, 0.0, 1e-11);
}

TEST(ReferenceRun, EstimateGrowsWithTheTolerance) {
  // A loose τ = 1e-8 in long double: the estimate must still bound the (now much larger) actual error,
  // and within kTightness of it: term 1 tracks the truncation error, it is not a floor.
  check_run<long double>(ForcedOscillatorAnyScalar{}, 1e-8, 1e-5L);
}

TEST(ReferenceRun, RejectsBadArguments) {
  RealVector<long double> q0(1), v0(2);
  q0 << 1.0L;
  v0 << 0.0L, 0.0L;
  EXPECT_THROW(odeint::reference_run<long double>(ForcedOscillatorAnyScalar{}, q0, v0, 0.0L, 1.0L), std::invalid_argument);
  v0.resize(1);
  v0 << 0.0L;
  EXPECT_THROW(odeint::reference_run<long double>(ForcedOscillatorAnyScalar{}, q0, v0, 1.0L, 1.0L), std::invalid_argument);
}

}  // namespace

}  // namespace verisim::reference::test
