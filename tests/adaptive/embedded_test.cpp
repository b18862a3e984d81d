// One embedded step against theory, for every error-controlled method (adaptive::adaptive_methods()):
//  - the estimate e = h Σ (bⱼ − b̂ⱼ)Kⱼ is O(h^(q+1)), q = min(p, p̂) (Hairer, Nørsett & Wanner I (1993)
//    §II.4), and it is the true local error of the pair's lower-order member to leading order: their
//    ratio → 1 as h → 0 (Drake's ErrEstOrder test, and SUNDIALS' ark_test_accumerror, on one step);
//  - the dense output between the step's ends is O(h^(p*+1)): p* = 4 for Dormand–Prince's extension,
//    3 for Hermite's cubic (dense_output.hpp);
//  - the first-order and second-order forms are the same method (the stacked state agrees).
// The reference is exact: Kepler's orbit (Kepler's equation, reference/analytic/kepler.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "reference/order_fit.hpp"
#include "reference/problems/first_order_form.hpp"
#include "reference/problems/kepler.hpp"
#include "toolkit/adaptive/dense_output.hpp"
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::adaptive::test_embedded {

namespace pr = reference::problems;
using State = core::PhaseState<core::Vec2>;

/// y′ = y²: y(t) = y₀/(1 − y₀ t).
struct Riccati {
  void operator()(const core::Vec1& y, core::Vec1& f, double /*t*/) const { f[0] = y[0] * y[0]; }
  static double exact(double y0, double t) { return y0 / (1.0 - y0 * t); }
};

double size(const State& x) { return std::max(x.q.cwiseAbs().maxCoeff(), x.v.cwiseAbs().maxCoeff()); }
State minus(const State& a, const State& b) { return {a.q - b.q, a.v - b.v}; }

// Kepler at e = 0.6 from the periapsis (the fastest, most curved part of the orbit): steps 0.1 … 0.0125,
// where every pair's estimate is far above round-off (fehlberg78's 8th power: ≈ 1e-12 at 0.0125).
const std::vector<double> kSteps{0.1, 0.05, 0.025, 0.0125};

TEST(EmbeddedPairs, EstimateIsOfOrderQPlusOneAndItsOwnErrorOneOrderHigher) {
  // Drake's ErrEstOrder test: the estimate of the lower member's local error is O(h^(q+1)), and its own
  // error — the estimate minus the true local error of the lower member — is the higher member's local
  // error, O(h^(q+2)). Steps 0.05 … 0.0125 (ratio √2) on Kepler at the periapsis: every pair asymptotic
  // there (checked by local slopes) and, for the points kept, the residual above 1e-14 (≈ 100 ulps of
  // the state, where round-off would enter).
  const pr::KeplerProblem kepler{};
  for (const AdaptiveMethod& m : adaptive_methods()) {
    std::vector<double> hs, est, residual;
    for (int k = 0; k <= 4; ++k) {
      const double h = 0.05 * std::pow(2.0, -0.5 * k);
      auto st = m.stepper<core::Vec2>();
      const State x0 = kepler.initial();
      State x1 = x0, e = x0;
      st.try_step(kepler, x0, 0.0, h, x1, e);
      const State exact = kepler.exact(h);
      // e = y − ŷ; the lower member is b̂ (error ŷ − y_exact, estimated by −e) when b has the higher
      // order, else b itself (error y − y_exact, estimated by e)
      const bool b_higher = m.order() > m.embedded_order();
      const State true_low = b_higher ? minus(minus(x1, e), exact) : minus(x1, exact);
      const State estimated = b_higher ? State{-e.q, -e.v} : e;
      const double r = size(minus(estimated, true_low));
      if (r < 1e-14) break;
      hs.push_back(h), est.push_back(size(e)), residual.push_back(r);
    }
    ASSERT_GE(hs.size(), 3u) << m.name() << ": fewer than 3 steps above round-off";
    const auto last = hs.size() - 1;
    // the estimate: within 0.5 of q + 1 (the next term is relative O(h), h/τ ≤ 0.25 at the periapsis,
    // τ = r/|v| = 0.2; measured within 0.15). Its own error, the higher member's local error: O(h^(q+2))
    // at least; a pair whose higher member has a small leading constant (Dormand and Prince minimised
    // theirs) falls faster over a finite ladder (dopri5: 6.6), so between q + 2 − 0.4 and q + 3.
    EXPECT_NEAR(reference::log_log_fit(hs, est, 0, last).slope, m.error_order() + 1, 0.5) << m.name();
    const double own = reference::log_log_fit(hs, residual, 0, last).slope;
    EXPECT_GE(own, m.error_order() + 2 - 0.4) << m.name();
    EXPECT_LE(own, m.error_order() + 3) << m.name();
  }
}

TEST(EmbeddedPairs, FirstOrderFormIsTheSameMethod) {
  // the pair on the stacked state y = (q, v) (first-order form) and on (q, v) (second-order form, A² and
  // w = bA): the same step and the same estimate, up to the rounding of A² and w (≈ 1e-16 × terms of
  // size ≤ 10 at h = 0.05: 1e-13)
  const pr::KeplerProblem kepler{};
  const pr::FirstOrderForm<core::Vec2, pr::KeplerProblem> first{&kepler};
  for (const AdaptiveMethod& m : adaptive_methods()) {
    const double h = 0.05;
    auto st2 = m.stepper<core::Vec2>();
    const State x0 = kepler.initial();
    State x1 = x0, e = x0;
    st2.try_step(kepler, x0, 0.0, h, x1, e);
    auto st1 = m.stepper<pr::Stacked<core::Vec2>>();
    pr::Stacked<core::Vec2> y0, y1, e1;
    y0 << x0.q, x0.v;
    y1 = y0, e1 = y0;
    st1.try_step(first, y0, 0.0, h, y1, e1);
    for (int i = 0; i < 2; ++i) {
      EXPECT_NEAR(y1[i], x1.q[i], 1e-13) << m.name();
      EXPECT_NEAR(y1[2 + i], x1.v[i], 1e-13) << m.name();
      EXPECT_NEAR(e1[i], e.q[i], 1e-13) << m.name();
      EXPECT_NEAR(e1[2 + i], e.v[i], 1e-13) << m.name();
    }
  }
}

TEST(EmbeddedPairs, DenseOutputIsOfTheExtensionsOrder) {
  const pr::KeplerProblem kepler{};
  for (const AdaptiveMethod& m : adaptive_methods()) {
    std::vector<double> err;
    for (double h : kSteps) {
      auto st = m.stepper<core::Vec2>();
      const State x0 = kepler.initial();
      State x1 = x0, e = x0;
      st.try_step(kepler, x0, 0.0, h, x1, e);
      core::Vec2 f_end;
      kepler(x1.q, x1.v, f_end, h);  // f at the end (Hermite's slope there; the FSAL stage for Dormand–Prince)
      std::optional<tableaus::DenseTable> table;
      if (m.dense) table = tableaus::compile(*m.dense);
      const Interpolant<core::Vec2, State> ip(st, table ? &*table : nullptr, x0, x1, f_end, 0.0, h);
      double worst = 0.0;
      for (double th : {0.25, 0.5, 0.75}) {
        State u = x0;
        ip.state_at(th * h, u);
        worst = std::max(worst, size(minus(u, kepler.exact(th * h))));
      }
      err.push_back(worst);
    }
    // the interpolation error within one step from an exact start: O(h^(p*+1)); its next term is O(h)
    // relative, as above: within 0.35 (measured within 0.2)
    EXPECT_NEAR(reference::log_log_fit(kSteps, err, 0, kSteps.size() - 1).slope, m.dense_order() + 1, 0.35) << m.name();
  }
}

TEST(EmbeddedPairs, FsalIsDetectedFromTheTable) {
  // last row of A = b, c_s = 1, b_s = 0: Dormand–Prince 5(4) and Bogacki–Shampine 3(2), no other pair
  for (const AdaptiveMethod& m : adaptive_methods())
    EXPECT_EQ(first_same_as_last(m.table()), m.name() == "dopri5" || m.name() == "bs3") << m.name();
}

TEST(EmbeddedPairs, ATableWithoutEmbeddedWeightsIsRefusedByName) {
  try {
    EmbeddedRungeKutta<core::Vec1> st(tableaus::kRk4, "rk4-table");
    FAIL() << "accepted a table without b̂";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("rk4-table"), std::string::npos) << e.what();
  }
}

}  // namespace verisim::adaptive::test_embedded
