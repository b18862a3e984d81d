#pragma once
// The order study's data (issue 7): the global error at a fixed final time against the exact
// solution, on a ladder of step sizes, per problem × integrator, with Boost.Odeint's stepper of the
// same method; the order is a least-squares fit over a range chosen automatically (reference/order_fit.hpp).
// run_order_study measures, order_report lays the data out for the report writer.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"
#include "reference/order_fit.hpp"

namespace verisim::experiments {

using reference::OrderFit;

inline constexpr double kOrderTolerance = 0.2;  // issue 7: verdict within ±0.2 of the declared order

// ---- shared with `verisim check` (check_integrator.cpp): the same ladder, floor and verdict for a
// user's program

/// Levels of the ladder (each step half the previous one; √2 for orders ≥ 7, ladder_steps).
inline int order_levels(bool quick) { return quick ? 8 : 10; }
/// Coarsest step count: first-order methods reach the asymptotic range later (16× finer); methods of
/// order ≥ 7 reach round-off sooner (Fehlberg 7(8) on the oscillator: 1.5e-8 at Δt = 0.5, 2.4e-13 at
/// Δt = 0.125, the floor), so they start 4× coarser.
inline long ladder_start(int declared_order, long n0) {
  return declared_order == 1 ? 16 * n0 : declared_order >= 7 ? std::max(1L, n0 / 4) : n0;
}
/// The step count of level k: ladder_start·2^k, or ·2^(k/2) (rounded) for orders ≥ 7, whose error falls
/// by 2^p ≥ 128 a doubling: at √2 the span from the asymptotic range to round-off keeps as many levels.
inline long ladder_steps(int declared_order, long n0, int k) {
  const long n = ladder_start(declared_order, n0);
  if (declared_order < 7) return n << k;
  return std::lround(static_cast<double>(n) * std::pow(2.0, 0.5 * k));
}
/// Round-off level of the global error after n steps: the state's rounding (ε·scale) can grow
/// linearly with the number of steps; a factor 10 of margin (Higham, Accuracy and Stability of
/// Numerical Algorithms (2002) §1.12: accumulated rounding is usually far below the n·ε bound, so
/// this keeps only points whose error is truncation-dominated).
inline double roundoff_floor(long n, double scale) {
  return 10.0 * std::numeric_limits<double>::epsilon() * static_cast<double>(n) * scale;
}
/// The global error ‖(q, v) − (q*, v*)‖.
template <class S>
double distance(const S& a, const S& b) {
  return std::sqrt((a.q - b.q).squaredNorm() + (a.v - b.v).squaredNorm());
}
/// Every error at or below its round-off level (0 included): the method is exact for this problem to
/// rounding, and no order can be measured (order_report says so instead of judging).
inline bool all_at_roundoff(const std::vector<double>& err, const std::vector<double>& floor) {
  for (std::size_t k = 0; k < err.size(); ++k)
    if (!(err[k] <= floor[k])) return false;
  return !err.empty();
}
/// The verdict: a fit found and |order − declared| ≤ kOrderTolerance.
/// A fit that misses the expected order p is pre-asymptotic, not judged (docs/studies.md), when both hold:
///  - its local slopes have not settled: over the fit's range they still spread by more than the tolerance;
///  - they are heading for p: p lies within the range of the usable local slopes, or the finest of them is
///    within 3× the tolerance of p.
/// The error's next term (C·hᵖ + D·hᵖ⁺¹, with D·h not yet small) still bends the curve where round-off already
/// ends the ladder: a method of order ≥ 5 on a nonlinear problem, in double precision. A method whose slopes
/// settle, or head elsewhere, is judged (a broken RK4 of order 1: slopes 0.79 … 0.998, far from 4, fails).
inline bool pre_asymptotic(const reference::OrderFit& fit, int expected) {
  if (!fit.ok) return false;
  double lo = 1e300, hi = -1e300, all_lo = 1e300, all_hi = -1e300, finest = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t k = 0; k < fit.local_slopes.size(); ++k) {
    const double s = fit.local_slopes[k];
    if (!std::isfinite(s)) continue;
    all_lo = std::min(all_lo, s), all_hi = std::max(all_hi, s);
    if (k >= fit.first && k < fit.last) lo = std::min(lo, s), hi = std::max(hi, s), finest = s;
  }
  const bool unsettled = hi - lo > kOrderTolerance;
  const bool heading = (all_lo <= expected && expected <= all_hi) || std::abs(finest - expected) <= 3.0 * kOrderTolerance;
  return unsettled && heading;
}

inline bool order_pass(const reference::OrderFit& fit, int declared) {
  return fit.ok && std::abs(fit.order - declared) <= kOrderTolerance;
}

/// One integrator on one problem.
struct OrderRow {
  std::string integrator;
  int declared = 0;                 ///< the registry's order
  std::vector<double> h;            ///< step sizes, coarse to fine [s]
  std::vector<double> err;          ///< global error ‖(q, v) − exact‖ at T (NaN: the run failed)
  std::vector<double> floor;        ///< round-off level of each run
  std::vector<double> err_odeint;   ///< the same for odeint's twin (NaN: none)
  reference::OrderFit fit, fit_odeint;
  bool pass = false;                ///< fit found and |order − declared| ≤ kOrderTolerance (or at round-off)
  bool at_roundoff = false;         ///< every error at round-off: order not measurable, not judged
  bool pre_asymptotic = false;      ///< missed the order while the local slopes still move towards it (pre_asymptotic above): not judged
  bool twin_pre_asymptotic = false; ///< the same for odeint's twin
  std::string twin;                 ///< Boost.Odeint's stepper of the same method, or empty
  int twin_declared = 0;            ///< its declared order_value
  int twin_expected = 0;            ///< the order it should measure (see order_study.cpp)
  bool twin_pass = false;
  bool twin_checked() const { return !twin.empty() && fit_odeint.ok; }
};

struct OrderProblem {
  std::string name, title;
  double T = 0;  ///< final time [s]
  std::vector<OrderRow> rows;
};

struct OrderStudy {
  std::vector<OrderProblem> problems;
};

OrderStudy run_order_study(const StudyOptions& options);
StudyResult order_report(const OrderStudy& study);

}  // namespace verisim::experiments
