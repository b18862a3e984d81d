// `verisim check collision`'s cases and checks in process (experiments/check/collision_specs.hpp,
// docs/check.md "Collision laws"), issue 25.3:
//  - the random cases span the decades 10⁻⁶ … 10⁶ (masses, speeds, sizes; mass ratios to 10¹²), a
//    quarter of them ordinary, and the edge cases include the magnitude ones;
//  - units: a case in other units is the case with each field times 10^(its dimension), against
//    hand-derived values (velocity L/T, angular velocity 1/T, mass M, inertia ML², lengths L);
//  - verisim's own law passes every check on its own answers 1000 times tighter than the checks'
//    tolerance (1e-12 for 1e-9), on the edge cases and thousands of random ones, and is scale
//    invariant to that tolerance in every unit of the scale check: the margin the tolerance claims.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "experiments/check/collision_specs.hpp"

namespace verisim::check::collision_test {

using namespace verisim::experiments;

const std::vector<double>& at(const Case& c, const std::string& k) { return case_field(c, k); }

TEST(CollisionCases, RandomCasesSpanTheDecadesAndEdgesIncludeMagnitudes) {
  const auto& specs = collision_law_specs();
  const auto& frictionless = specs.front();
  ASSERT_EQ(frictionless.table_name, "frictionless");
  const auto all = collision_cases(frictionless, 1, 2000);
  double m_lo = INFINITY, m_hi = 0, ratio = 1, v_lo = INFINITY, v_hi = 0;
  int ordinary = 0;
  for (std::size_t i = all.edges; i < all.cases.size(); ++i) {
    const double m1 = at(all.cases[i], "m1")[0], m2 = at(all.cases[i], "m2")[0];
    m_lo = std::min({m_lo, m1, m2});
    m_hi = std::max({m_hi, m1, m2});
    ratio = std::max({ratio, m1 / m2, m2 / m1});
    double v = 0;
    for (double x : at(all.cases[i], "v2")) v = std::max(v, std::abs(x));
    v_lo = std::min(v_lo, v);
    v_hi = std::max(v_hi, v);
    ordinary += (m1 >= 0.1 && m1 <= 10 && m2 >= 0.1 && m2 <= 10 && v <= 5) ? 1 : 0;
  }
  // log-uniform over 12 decades: 4000 masses reach within a decade of each end, ratios past 10¹⁰
  EXPECT_LT(m_lo, 1e-5);
  EXPECT_GT(m_hi, 1e5);
  EXPECT_GT(ratio, 1e10);
  EXPECT_LT(v_lo, 1e-5);
  EXPECT_GT(v_hi, 1e5);
  // a quarter ordinary (binomial, n = 2000: σ ≈ 19), plus the wide ones that fall in the ordinary box by chance
  // (probability (2/12)²·(…) ≈ 1 %)
  EXPECT_GT(ordinary, 440);
  EXPECT_LT(ordinary, 620);
  for (const auto& spec : specs) {
    const auto c = collision_cases(spec, 1, 0);
    const auto has = [&](const std::string& label) { return std::count(c.labels.begin(), c.labels.end(), label) == 1; };
    EXPECT_TRUE(has("tiny speeds (x 1e-9)") && has("huge speeds (x 1e9)") && has("small bodies (lengths x 1e-9, same speeds)"))
        << spec.table_name;
    if (spec.table_name != "ball-bounce") {
      EXPECT_TRUE(has("tiny masses (x 1e-9)") && has("huge masses (x 1e9)") && has("body 2 1e12 times heavier")) << spec.table_name;
    }
  }
}

TEST(CollisionCases, ScaledCaseMultipliesEachFieldByItsDimension) {
  EXPECT_EQ(times_power_of_ten(3.0, 6), 3e6);  // 10^6 exact: one rounding of an exact product
  EXPECT_EQ(times_power_of_ten(3.0, -6), 3e-6);  // 3 / 10^6 correctly rounded is the double nearest 3e-6
  EXPECT_EQ(times_power_of_ten(1.0, 22), 1e22);
  const Case c{{"m1", {2.0}}, {"m2", {std::numeric_limits<double>::infinity()}}, {"I1", {0.5}}, {"v1", {1.0, -2.0}},
               {"w1", {4.0}}, {"r1", {0.25, 0.0}}, {"R1", {3.0}}, {"normal", {0.6, 0.8}}, {"e", {0.5}}, {"mu", {0.3}}};
  const Case s = scaled_case(c, {3, -2, 1});  // lengths ×10³, times ×10⁻², masses ×10
  EXPECT_EQ(at(s, "m1"), std::vector<double>{20.0});
  EXPECT_TRUE(std::isinf(at(s, "m2")[0]));
  EXPECT_EQ(at(s, "I1"), std::vector<double>{0.5e7});              // M L²: 10^(1 + 6)
  EXPECT_EQ(at(s, "v1"), (std::vector<double>{1e5, -2e5}));        // L/T: 10^(3 + 2)
  EXPECT_EQ(at(s, "w1"), std::vector<double>{400.0});              // 1/T: 10^2
  EXPECT_EQ(at(s, "r1"), (std::vector<double>{250.0, 0.0}));       // L
  EXPECT_EQ(at(s, "R1"), std::vector<double>{3000.0});
  EXPECT_EQ(at(s, "normal"), (std::vector<double>{0.6, 0.8}));     // a direction: unchanged
  EXPECT_EQ(at(s, "e"), std::vector<double>{0.5});
  EXPECT_EQ(at(s, "mu"), std::vector<double>{0.3});
  EXPECT_EQ(number_text(-0.0), "0");
  EXPECT_EQ(number_text(std::numeric_limits<double>::infinity()), "overflow");
  EXPECT_EQ(numbers_text({-0.0, 1.5}), "[0, 1.5]");
}

TEST(CollisionChecks, VerisimsOwnLawPassesItsChecksAThousandTimesTighter) {
  constexpr double kTight = kCollisionTolerance / 1000;  // 1e-12
  for (const auto& spec : collision_law_specs()) {
    int checked = 0, scaled = 0;
    double finest = 0;  // the smallest tolerance 10^-k at which every scale comparison of this law holds
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const auto all = collision_cases(spec, seed, 1000);
      for (std::size_t i = 0; i < all.cases.size(); ++i) {
        const Case& c = all.cases[i];
        for (const auto& check : spec.checks) {
          if (!check.applies(c)) continue;
          ++checked;
          EXPECT_EQ(check.test(c, all.ours[i], all.ours[i], kTight), "")
              << spec.table_name << ", " << check.name << ", case " << i + 1 << " (" << all.labels[i] << ", seed " << seed << ")";
        }
        for (const auto& u : scale_check_units()) {
          const auto theirs = verisim_answer(spec, scaled_case(c, u));
          ASSERT_TRUE(theirs.has_value()) << spec.table_name << " refused case " << i + 1 << " in " << scaling_text(u);
          ++scaled;
          EXPECT_EQ(scale_invariance_test(spec, c, u, all.ours[i], *theirs, kTight), "")
              << spec.table_name << ", case " << i + 1 << " (" << all.labels[i] << ", seed " << seed << ") in " << scaling_text(u);
          double tol = kTight;  // the smallest power of ten, down to 1e-16, at which this comparison still holds
          while (tol > std::max(finest, 1e-16) && scale_invariance_test(spec, c, u, all.ours[i], *theirs, tol / 10).empty()) tol /= 10;
          finest = std::max(finest, tol);
        }
      }
    }
    std::printf("%s: %d checks and %d scaled copies pass at 1e-12; scale invariance holds to %g\n", spec.table_name.c_str(), checked,
                scaled, finest);
  }
}

}  // namespace verisim::check::collision_test
