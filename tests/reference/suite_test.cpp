// reference/suites/suite.hpp: the 50-digit references of the problem suite against what is known of
// them independently: the published Test Set values, the Arenstorf orbit's period, Kepler's equation,
// and their own error estimate; and the double right-hand side against the 50-digit one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include <Eigen/Core>

#include "reference/suites/suite.hpp"
#include "toolkit/core/system.hpp"

namespace verisim::reference::suite_test {

using suites::kSuite;

// Own error bound (issue 28): the run at τ differs from the run at τ/100 by less than 1e-20 of the
// state's size — 4 decades below double's ε, so the reference rounded to double is the exact solution
// rounded. (The stiff entries have no 50-digit reference yet: suite.hpp.)
constexpr double kNonStiffOwnError = 1e-20;

void print(std::size_t i, const suites::Reference& r) {
  std::printf("%-18s steps %6zu  %.2f s  own error %.2e (normwise) %.2e (componentwise)\n", kSuite[i].name, r.steps,
              r.seconds, r.own_error_normwise, r.own_error_componentwise);
}

TEST(ProblemSuite, OwnErrorIsBelowTheStatedBound) {
  for (std::size_t i = 0; i < kSuite.size(); ++i) {
    if (kSuite[i].stiff) continue;
    const auto& r = suites::reference(i);
    print(i, r);
    ASSERT_EQ(r.y.size(), kSuite[i].dimension) << kSuite[i].name;
    EXPECT_LT(r.own_error_normwise, kNonStiffOwnError) << kSuite[i].name;
  }
}

// Kepler D1–D5 (DETEST class D): the exact solution by Kepler's equation, solved in the same 50 digits
// (suite.cpp: Newton to |ΔE| < 1e-48). τ = 1e-24 and the run's error ≈ τ (tolerance proportionality),
// so 1e-25 relative is the bound with the margin the own-error test confirms (both near 1e-26).
TEST(ProblemSuite, KeplerMatchesKeplersEquation) {
  int checked = 0;
  for (std::size_t i = 0; i < kSuite.size(); ++i) {
    if (!kSuite[i].exact_solution) continue;
    const auto& r = suites::reference(i);
    std::printf("%-18s against Kepler's equation: %.2e relative\n", kSuite[i].name, r.exact_error);
    EXPECT_LT(r.exact_error, 1e-25) << kSuite[i].name;
    // The estimate is honest: the true error is within 100× of the own error (the check run at τ/100
    // is ~100× more accurate, so own error ≈ the run's true error).
    EXPECT_LT(r.exact_error, 100 * r.own_error_normwise + 1e-40) << kSuite[i].name;
    ++checked;
  }
  EXPECT_EQ(checked, 5);
}

// The Arenstorf orbit is periodic with period T = 17.0652165601579625588917206249 (HNW I §II.0, given
// to 30 digits with y₂′(0) to 30 digits): the 50-digit run from y(0) to T returns to y(0). The orbit's
// data are given to 30 digits, and the return is sensitive to them (the orbit passes close to the
// moon), so 1e-15 is the bound, not the data's limit.
TEST(ProblemSuite, ArenstorfReturnsToItsStart) {
  const auto& r = suites::reference(suites::find("arenstorf"));
  std::printf("arenstorf: |y(T) - y(0)| / |y(0)| = %.2e\n", r.return_error);
  EXPECT_LT(r.return_error, 1e-15);
}

// The published Test Set values: plei gives y(3) to 16 significant digits (suite.hpp) and does not
// say how it computed them. 16 digits resolve 5e-16 relative at best (half a unit of the 16th digit of
// 0.1…). Measured: the 50-digit reference (own error 1e-23, far below) agrees to 14.5 digits, the worst
// y₁ = 0.3706139143970502 against 0.37061391439705129…: 11 units of the 16th digit (docs/reference.md
// "Problem suites" notes it as a discrepancy of the published value). The bound, 1e-14 relative per
// component, is chosen knowing that measurement: it asserts 14 of the 16 published digits — what a
// double-precision computation of this run (three close encounters) can be relied on for — and admits the
// measured 2.9e-15 with a factor 3.
constexpr double kPublishedAgreement = 1e-14;

TEST(ProblemSuite, ReferenceAgreesWithThePublishedValues) {
  int checked = 0;
  for (std::size_t i = 0; i < kSuite.size(); ++i) {
    if (!kSuite[i].published[0] || kSuite[i].stiff) continue;
    const auto& r = suites::reference(i);
    ASSERT_EQ(r.published_difference.size(), kSuite[i].dimension);
    const double worst = *std::max_element(r.published_difference.begin(), r.published_difference.end());
    std::printf("%-18s against the published values: %.2e relative (%.1f digits)\n", kSuite[i].name, worst,
                -std::log10(worst));
    for (std::size_t k = 0; k < kSuite[i].dimension; ++k)
      EXPECT_LT(r.published_difference[k], kPublishedAgreement)
          << kSuite[i].name << " y[" << k << "]: reference " << r.text[k] << ", published " << kSuite[i].published[k];
    ++checked;
  }
  EXPECT_EQ(checked, 1);
}

// The double right-hand side (suites::System, a core::FirstOrderSystem on Eigen vectors) at y(t0)
// against the 50-digit one rounded: a few ulps apart (each constant and y0 rounded once, then a few
// operations each rounding by ≤ ½ ulp; HIRES' y₆′ sums five terms).
TEST(ProblemSuite, DoubleRightHandSideMatchesFiftyDigits) {
  static_assert(core::FirstOrderSystem<suites::System, Eigen::VectorXd>);
  for (std::size_t i = 0; i < kSuite.size(); ++i) {
    const suites::System sys(i);
    const auto y0v = suites::initial_value(i);
    const Eigen::VectorXd y0 = Eigen::Map<const Eigen::VectorXd>(y0v.data(), static_cast<Eigen::Index>(y0v.size()));
    Eigen::VectorXd dy(y0.size());
    sys(y0, dy, suites::to_double(kSuite[i].t0));
    const auto want = suites::rhs50_at_start(i);
    double scale = 0;
    for (double w : want) scale = std::max(scale, std::abs(w));
    for (std::size_t k = 0; k < want.size(); ++k)
      EXPECT_LE(std::abs(dy[static_cast<Eigen::Index>(k)] - want[k]), 8 * std::numeric_limits<double>::epsilon() * scale)
          << kSuite[i].name << " f[" << k << "]";
  }
}

TEST(ProblemSuite, StiffEntriesHaveNoReferenceYet) {
  EXPECT_THROW(suites::reference(suites::find("hires")), std::logic_error);
  EXPECT_THROW(suites::reference(kSuite.size()), std::out_of_range);
}

TEST(ProblemSuite, TableIsConsistent) {
  for (const auto& p : kSuite) {
    EXPECT_LE(p.dimension, suites::kMaxDimension) << p.name;
    EXPECT_GT(suites::to_double(p.t_end), suites::to_double(p.t0)) << p.name;
    EXPECT_EQ(p.stiff, p.tolerance == nullptr) << p.name;
  }
  for (std::size_t i = 0; i < kSuite.size(); ++i) EXPECT_EQ(suites::find(kSuite[i].name), i);
  EXPECT_THROW(suites::find("no-such-problem"), std::invalid_argument);
}

}  // namespace verisim::reference::suite_test
