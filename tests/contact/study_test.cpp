// The `contact` study's data (experiments/contact_study.hpp), quick and without the timing rows:
// every verdict it will print holds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "experiments/contact_study.hpp"

namespace verisim::contact::test {

using namespace verisim::experiments;
namespace {

TEST(ContactValidation_Study, QuickStudyRowsPass) {
  ContactStudyOptions o;
  o.quick = true, o.timing = false;
  const ContactStudy s = run_contact_study(o);
  ASSERT_EQ(s.restitution.size(), o.eps.size());
  for (const auto& r : s.restitution) {
    EXPECT_TRUE(r.passed) << "eps " << r.eps << ": overlap " << r.overlap_error << ", force " << r.force_error
                          << ", duration " << r.duration_error;
    EXPECT_GT(r.force_theory, r.eps);
  }
  ASSERT_EQ(s.overlap.size(), 2u);
  // δ(t) at the seed's bound c = 0.05 (20 steps per contact, ω₀Δt = 0.05π), in units of v_i/ω₀:
  // velocity Verlet's O((ω₀Δt)²) (measured (ω₀Δt)²/8 for ε = 1), plus, with a dashpot, the first
  // step's share of the force jump at δ = 0, up to ½ η Δt v_i/m = ζ ω₀Δt v_i (restitution_test.cpp):
  // bound (ω₀Δt)²/4 + ζ ω₀Δt, ζ = −ln ε/√(ln²ε + π²).
  const double wdt = 0.05 * std::numbers::pi;
  for (const auto& c : s.overlap) {
    EXPECT_GT(c.t.size(), 15u);
    const double l = std::log(c.eps), zeta = -l / std::sqrt(l * l + std::numbers::pi * std::numbers::pi);
    std::printf("overlap eps %g: max error %.4f (bound %.4f)\n", c.eps, c.max_error, wdt * wdt / 4 + zeta * wdt);
    EXPECT_LT(c.max_error, wdt * wdt / 4 + zeta * wdt) << c.eps;
  }
  ASSERT_EQ(s.impulse.size(), 2u);
  EXPECT_NEAR(s.impulse_order_slip, -0.5, 0.15);  // the difference falls like k_n^(−1/2)
  EXPECT_NEAR(s.impulse_order_stick, -0.5, 0.15);
  EXPECT_TRUE(s.cost.empty());
}

}  // namespace
}  // namespace verisim::contact::test
