// Linear stability (toolkit/theory/stability.hpp) against published limits and closed forms.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/theory/tables.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/tableaus/library.hpp"
#include "toolkit/theory/stability.hpp"

namespace verisim::theory::stability_test {

// The limits are bisected to 1e-30 relative in 50 digits; the literature values carry 16 digits: 1e-14 relative.
constexpr double kRel = 1e-14;

// Explicit Euler: R(z) = 1 + z, |1 − y| ≤ 1 on [0, 2] (HW II §IV.2); |1 + iy| > 1 for every y > 0.
TEST(StabilityFunction, Euler) {
  const auto R = stability_function(tableaus::kEulerText);
  EXPECT_NEAR(R.real.value, 2.0, 2.0 * kRel);
  EXPECT_FALSE(R.real.unbounded);
  EXPECT_EQ(R.imaginary.value, 0.0);
  EXPECT_FALSE(R.imaginary.unbounded);
  EXPECT_EQ(R.linear_order, 1);
}

// RK4: R(z) = Σ zᵏ/k!, k ≤ 4; real limit 2.785293563405282 (HW II §IV.2, Fig. 2.1; Butcher (2016) §238),
// imaginary 2√2 (|R(iy)|² = 1 − y⁶/72 + y⁸/576). Its coefficients exactly 1/k!.
TEST(StabilityFunction, Rk4) {
  const auto R = stability_function(tableaus::kRk4Text);
  EXPECT_NEAR(R.real.value, 2.785293563405282, 2.8 * kRel);
  EXPECT_NEAR(R.imaginary.value, 2.0 * std::sqrt(2.0), 2.9 * kRel);
  ASSERT_EQ(R.p_text.size(), 5u);
  EXPECT_EQ(R.p_text[4], "1/24");
  EXPECT_EQ(R.linear_order, 4);
  EXPECT_FALSE(R.a_stable);
}

// Kutta 3: R(z) = 1 + z + z²/2 + z³/6; real limit 2.512745326618329 (HW II §IV.2, Fig. 2.1), imaginary √3
// (|R(iy)|² = 1 − y⁴/12 + y⁶/36).
TEST(StabilityFunction, Kutta3) {
  const auto R = stability_function(test_tables::kKutta3);
  EXPECT_NEAR(R.real.value, 2.512745326618329, 2.6 * kRel);
  EXPECT_NEAR(R.imaginary.value, std::sqrt(3.0), 1.8 * kRel);
  EXPECT_EQ(R.linear_order, 3);
}

// Two-stage order-2 methods (Heun, the explicit midpoint rule): R = 1 + z + z²/2, |R(iy)|² = 1 + y⁴/4 > 1: no
// imaginary interval; real limit 2.
TEST(StabilityFunction, SecondOrderTwoStageHasNoImaginaryInterval) {
  for (const auto* t : {&test_tables::kHeun, &tableaus::kMidpointText}) {
    const auto R = stability_function(*t);
    EXPECT_EQ(R.imaginary.value, 0.0) << t->name;
    EXPECT_FALSE(R.imaginary.unbounded) << t->name;
    EXPECT_NEAR(R.real.value, 2.0, 2.0 * kRel) << t->name;
  }
}

// Gauss (R = diagonal Padé, |R(iy)| = 1) and Radau IIA (subdiagonal Padé) are A-stable (HW II Thm IV.5.?, §IV.4
// on Padé approximations: the (k, k), (k − 1, k) Padé approximants are A-stable); linear orders 2s and 2s − 1.
TEST(StabilityFunction, GaussAndRadauAreAStable) {
  for (const auto* t : {&tableaus::kGauss1Text, &tableaus::kGauss2Text, &test_tables::kRadau3, &test_tables::kGauss2Typed}) {
    const auto R = stability_function(*t);
    EXPECT_TRUE(R.a_stable) << t->name;
    EXPECT_TRUE(R.real.unbounded) << t->name;
    EXPECT_TRUE(R.imaginary.unbounded) << t->name;
  }
  EXPECT_EQ(stability_function(tableaus::kGauss1Text).linear_order, 2);
  EXPECT_EQ(stability_function(tableaus::kGauss2Text).linear_order, 4);
  EXPECT_EQ(stability_function(test_tables::kRadau3).linear_order, 3);
  // R(z) of the implicit midpoint rule: (1 + z/2)/(1 − z/2); at z = −2: 0 (HW II Table IV.3.?)
  EXPECT_NEAR(std::abs(stability_function(tableaus::kGauss1Text)(std::complex<double>(-2.0, 0.0))), 0.0, 1e-15);
}

// The linear order is never below the derived order (R − e^z is the error on y' = λy): every library table.
TEST(StabilityFunction, LinearOrderAtLeastTheOrder) {
  for (const auto* t : tableaus::kRkLibrary) EXPECT_GE(stability_function(*t).linear_order, t->order) << t->name;
}

// --- the oscillator ----------------------------------------------------------------------------------------

// Velocity Verlet: tr M = 2 − θ², stable iff θ ≤ 2 (GNI §I.5).
TEST(OscillatorLimit, VerletIsTwo) {
  const auto& t = integrators::methods::VelocityVerlet::table;
  const auto L = oscillator_limit_splitting(t.a, t.b);
  EXPECT_NEAR(L.limit.value, 2.0, 2.0 * kRel);
  ASSERT_GE(L.trace.size(), 3u);
  EXPECT_DOUBLE_EQ(L.trace[0], 2.0);
  EXPECT_DOUBLE_EQ(L.trace[2], -1.0);
}

// Yoshida's triple jump S(w₁θ)S(w₀θ)S(w₁θ) of leapfrogs, derived here independently: the leapfrog DKD with step c
// on the oscillator is S(c) = [[1 − c²/2, c(1 − c²/4)], [−c, 1 − c²/2]] (GNI §I.5), w₁ = 1/(2 − ∛2),
// w₀ = −∛2/(2 − ∛2) (Yoshida 1990); the limit is the first θ with |tr| > 2, bisected in doubles to 1e-13.
TEST(OscillatorLimit, Yoshida4FromTheLeapfrogsClosedForm) {
  const double w1 = 1.0 / (2.0 - std::cbrt(2.0)), w0 = -std::cbrt(2.0) / (2.0 - std::cbrt(2.0));
  auto trace = [&](double th) {
    auto S = [](double c) {
      return std::array<double, 4>{1 - c * c / 2, c * (1 - c * c / 4), -c, 1 - c * c / 2};
    };
    auto mul = [](const std::array<double, 4>& x, const std::array<double, 4>& y) {
      return std::array<double, 4>{x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3], x[2] * y[0] + x[3] * y[2],
                                   x[2] * y[1] + x[3] * y[3]};
    };
    const auto M = mul(S(w1 * th), mul(S(w0 * th), S(w1 * th)));
    return M[0] + M[3];
  };
  double lo = 0.1, hi = 0.1;
  while (std::abs(trace(hi)) <= 2.0) hi += 1e-3;
  lo = hi - 1e-3;
  while (hi - lo > 1e-13) {
    const double mid = 0.5 * (lo + hi);
    (std::abs(trace(mid)) <= 2.0 ? lo : hi) = mid;
  }
  const auto& t = integrators::methods::Yoshida4::table;
  const auto L = oscillator_limit_splitting(t.a, t.b);
  // the test's own trace in doubles: |tr| − 2 has slope O(10) at the crossing, rounding ~1e-15: 1e-12 absolute
  EXPECT_NEAR(L.limit.value, lo, 1e-12);
  EXPECT_GT(L.limit.value, 1.5);
  EXPECT_LT(L.limit.value, 1.6);
}

// Newmark (Hughes §9.1): β = 1/6, γ = ½ (linear acceleration): θ < 1/√(1/4 − 1/6) = √12; β = ¼: unconditional.
TEST(OscillatorLimit, Newmark) {
  EXPECT_NEAR(oscillator_limit_newmark(1.0 / 6.0, 0.5).limit.value, std::sqrt(12.0), 1e-14);
  EXPECT_TRUE(oscillator_limit_newmark(0.25, 0.5).limit.unbounded);
  EXPECT_EQ(oscillator_limit_newmark(0.25, 0.4).limit.value, 0.0);
}

// The registry rows: RK4's oscillator limit is its imaginary one, 2√2.
TEST(OscillatorLimit, RegistryRk4IsTwoRootTwo) {
  const auto* m = integrators::find_method("rk4");
  ASSERT_NE(m, nullptr);
  EXPECT_NEAR(oscillator_limit(m->coefficients).limit.value, 2.0 * std::sqrt(2.0), 2.9 * kRel);
}

}  // namespace verisim::theory::stability_test
