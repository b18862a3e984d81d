// Event location through the dense output (toolkit/adaptive/locate_event.hpp) against theory, on the ball
// thrown up and falling with linear drag (reference/problems/falling_drag.hpp: the impact time t* by Newton on
// the closed form in long double, transcendental, so no step lands on it):
//  - from an exact start, one step holding the event: the located time's error is the interpolant's error
//    at the event over |ẏ(t*)| (the mean value theorem, locate_event.hpp), O(h^(p*+1)): slope 5 for
//    Dormand–Prince's continuous extension (p* = 4), 4 for Bogacki–Shampine's Hermite cubic (p* = 3);
//  - along a ladder of tolerances, full error-controlled runs: within the bound C·(E + |y(t̂)|)/|ẏ(t*)| of
//    experiments/studies/adaptive_study.hpp at every tolerance, with no evaluation of f spent locating;
//  - the same time for g and −g (the orientation flip of core::illinois is exact); a step without a sign
//    change refused with a message naming it.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/order_fit.hpp"
#include "reference/problems/falling_drag.hpp"
#include "toolkit/adaptive/integrate_adaptive.hpp"
#include "toolkit/adaptive/locate_event.hpp"
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/core/illinois.hpp"

namespace verisim::adaptive::test_event {

namespace pr = reference::problems;
using P = pr::FallingWithDrag;
using State = core::PhaseState<core::Vec1>;

/// The falling ball with a counter of f evaluations.
struct CountingFall {
  P p{};
  long* count;
  static constexpr bool velocity_independent = false;
  void operator()(const core::Vec1& q, const core::Vec1& v, core::Vec1& a, double t) const {
    ++*count;
    p(q, v, a, t);
  }
};

/// C of the bound (adaptive_study.hpp's kEventBoundFactor: 1 by the mean value theorem, 2 for ẏ varying
/// between t̂ and t*, relatively 0.37/s·|t̂ − t*| < 1e-5 here).
constexpr double kC = 2.0;

/// E + |y(t̂)|: the largest height error of the interpolant on its step (θ = k/16 and t̂) plus the residual.
double bound_numerator(const P& p, const Interpolant<core::Vec1, State>& ip, double t_hat) {
  State u = ip.start();
  double e = 0.0;
  for (int k = 0; k <= 17; ++k) {
    const double t = k <= 16 ? ip.t_begin() + ip.step_size() * k / 16.0 : t_hat;
    ip.state_at(t, u);
    e = std::max(e, std::abs(u.q[0] - p.exact(t).q[0]));
  }
  ip.state_at(t_hat, u);
  return e + std::abs(P::ground_gap(u));
}

const AdaptiveMethod& method(std::string_view name) {
  const AdaptiveMethod* m = find_adaptive_method(name);
  EXPECT_NE(m, nullptr) << name;
  return *m;
}

TEST(EventLocationConvergence, OneStepErrorFallsAtTheInterpolantsOrder) {
  const P p{};
  const double t_star = p.impact_time(), speed = std::abs(p.exact(t_star).v[0]);
  for (const char* name : {"dopri5", "bs3"}) {
    const AdaptiveMethod& m = method(name);
    std::optional<tableaus::DenseTable> table;
    if (m.dense) table = tableaus::compile(*m.dense);
    std::vector<double> hs, errors;
    for (int k = 0; k < 12; ++k) {
      const double h = 0.4 * std::pow(2.0, -0.5 * k);  // 0.4 s … 0.0093 s
      // the event at θ = 0.37 of a step started on the exact solution
      const double t0 = t_star - 0.37 * h;
      auto st = m.stepper<core::Vec1>();
      const State x0 = p.exact(t0);
      State x1 = x0, e = x0, work = x0;
      st.try_step(p, x0, t0, h, x1, e);
      core::Vec1 f_end;
      p(x1.q, x1.v, f_end, t0 + h);  // Hermite's slope at the end (Dormand–Prince's FSAL stage)
      const Interpolant<core::Vec1, State> ip(st, table ? &*table : nullptr, x0, x1, f_end, t0, h);
      const EventLocation loc = locate_event(ip, P::ground_gap, work);
      const double err = std::abs(loc.t - t_star);
      EXPECT_LE(err, kC * bound_numerator(p, ip, loc.t) / speed) << name << " h = " << h;
      EXPECT_LE(loc.bracket, 4.0 * std::numeric_limits<double>::epsilon() * h) << name;
      // the points whose error lies between 1e-13 s (above the rounding of t* and of the height near 0, a few
      // 1e-16 s) and 1e-5 s (past the large steps where the next term, O(h) relative, still shows)
      if (err >= 1e-13 && err <= 1e-5) hs.push_back(h), errors.push_back(err);
    }
    ASSERT_GE(hs.size(), 4u) << name;
    // O(h^(p*+1)) with its next term O(h) relative: within 0.35 of p* + 1, as the dense output's own order
    // (tests/adaptive/embedded_test.cpp, adaptive_study.hpp's kDenseOrderBand); measured 5.09 and 4.01
    const double slope = reference::log_log_fit(hs, errors, 0, hs.size() - 1).slope;
    EXPECT_NEAR(slope, m.dense_order() + 1, 0.35) << name;
  }
}

TEST(EventLocationConvergence, WithinTheDenseOutputsBoundAlongTheTolerances) {
  const P p{};
  const double t_star = p.impact_time(), speed = std::abs(p.exact(t_star).v[0]);
  for (const char* name : {"dopri5", "bs3"}) {
    const AdaptiveMethod& m = method(name);
    std::vector<double> tols, errors;
    for (int e = 4; e <= 10; ++e) {
      const double tol = std::pow(10.0, -e);
      long count = 0;
      const CountingFall sys{p, &count};
      auto st = m.stepper<core::Vec1>();
      State x = p.initial(), work = x;
      AdaptiveOptions o;
      o.tolerance = {tol, tol};
      o.dense = true;
      int located = 0;
      integrate_adaptive(st, sys, x, 0.0, 1.25 * t_star, o, [&](const auto& step) {
        if (!step.dense || !(P::ground_gap(step.start) > 0.0 && P::ground_gap(step.end) <= 0.0)) return;
        ++located;
        const long before = count;
        const EventLocation loc = locate_event(*step.dense, P::ground_gap, work);
        EXPECT_EQ(count, before) << "the interpolant evaluates no f";
        const double err = std::abs(loc.t - t_star);
        EXPECT_LE(err, kC * bound_numerator(p, *step.dense, loc.t) / speed) << name << " tol = " << tol;
        tols.push_back(tol), errors.push_back(err);
      });
      EXPECT_EQ(located, 1) << name << " tol = " << tol;
    }
    // the event's error is the solution's near t* (global, ∝ tol^(p/(q+1)) = tol for both pairs, docs/adaptive.md)
    // plus the interpolant's (∝ h^(p*+1) ∝ tol^((p*+1)/(q+1)): 1 for dopri5, 4/3 for bs3): a slope between 1 and
    // 4/3, less what one point's sign of the error takes from a fit of 7 (±0.25; measured 1.07 and 1.02)
    ASSERT_EQ(errors.size(), 7u) << name;
    const double slope = reference::log_log_fit(tols, errors, 0, tols.size() - 1).slope;
    EXPECT_GE(slope, 0.75) << name;
    EXPECT_LE(slope, 4.0 / 3.0 + 0.25) << name;
  }
}

TEST(EventLocation, TheOrientationOfTheEventFunctionDoesNotMoveTheRoot) {
  // core::illinois multiplies g by −1 when g rises through 0: exact in floating point, so the same points are
  // tried and the same time is returned
  const P p{};
  const AdaptiveMethod& m = method("dopri5");
  const double t_star = p.impact_time(), h = 0.2, t0 = t_star - 0.41 * h;
  auto st = m.stepper<core::Vec1>();
  const State x0 = p.exact(t0);
  State x1 = x0, e = x0, work = x0;
  st.try_step(p, x0, t0, h, x1, e);
  const tableaus::DenseTable table = tableaus::compile(*m.dense);
  const Interpolant<core::Vec1, State> ip(st, &table, x0, x1, st.stage_slopes()[6], t0, h);
  const EventLocation down = locate_event(ip, P::ground_gap, work);
  const EventLocation up = locate_event(ip, [](const State& x) { return -P::ground_gap(x); }, work);
  EXPECT_EQ(down.t, up.t);
  EXPECT_EQ(down.evaluations, up.evaluations);
}

TEST(EventLocation, AStepWithoutASignChangeIsRefusedByName) {
  const P p{};
  const AdaptiveMethod& m = method("bs3");
  auto st = m.stepper<core::Vec1>();
  const State x0 = p.initial();  // 10 m up: the first 0.1 s stays in the air
  State x1 = x0, e = x0, work = x0;
  st.try_step(p, x0, 0.0, 0.1, x1, e);
  core::Vec1 f_end;
  p(x1.q, x1.v, f_end, 0.1);
  const Interpolant<core::Vec1, State> ip(st, nullptr, x0, x1, f_end, 0.0, 0.1);
  try {
    locate_event(ip, P::ground_gap, work);
    FAIL() << "a step without a sign change must be refused";
  } catch (const std::invalid_argument& err) {
    const std::string what = err.what();
    EXPECT_NE(what.find("does not change sign over the step [0, 0.1]"), std::string::npos) << what;
    EXPECT_NE(what.find("g = 10 at its start"), std::string::npos) << what;
  }
  // the iteration itself refuses a bracket without a root
  EXPECT_THROW(core::illinois([](double s) { return s; }, 1.0, 2.0, 1.0, 2.0, 1e-12), std::invalid_argument);
}

}  // namespace verisim::adaptive::test_event
