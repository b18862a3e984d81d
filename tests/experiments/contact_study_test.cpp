// The `contact` study (experiments/studies/contact_study.hpp) and its report section (contact_section.cpp),
// quick: every verdict it prints holds, and holds against theory derived here, not read from the code.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/contact_study.hpp"
#include "experiments/studies/studies.hpp"

namespace verisim::experiments::test {
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

TEST(ContactValidation_Study, ReportSectionVerdictsHoldAgainstTheory) {
  // The section `verisim study contact` writes (quick, with the timing rows). Every claim passes,
  // and each is checked here against an independent derivation:
  //   overlap end: ε out = ε (seed 003: η = −2 ln ε √(m k_n/(ln²ε + π²)) gives e^(−γπ/ω) = ε), 1e-3;
  //   force end: ε_F = ε·exp(2r atan r), r = γ/ω = −ln ε/π (Schwager & Pöschel 2007: the force
  //     −η δ̇ − k_n δ vanishes at ωt = π − 2 atan r), 1e-3;
  //   duration π/ω, ω = ω₀ √(1 − ζ²), ζ = −ln ε/√(ln²ε + π²), m_eff = 3/4, k_n = 10⁴: 1 %;
  //   impulse law: slope −1/2 ± 0.15 (difference ∝ T_c ∝ k_n^(−1/2));
  //   work: listed half-list pairs per particle ≤ 6 (12 fcc neighbours within reach + skin).
  ContactStudyOptions o;
  o.quick = true;
  const ContactStudy s = run_contact_study(o);
  const StudyResult r = contact_report(s);
  EXPECT_EQ(r.name, "contact");
  const auto verdicts = r.verdicts();
  // 3 per ε (overlap end, force end, duration), 2 δ(t) curves, 2 slopes, one per cost row
  EXPECT_EQ(verdicts.size(), 3 * o.eps.size() + 2 + 2 + s.cost.size());
  for (const auto& v : verdicts) EXPECT_TRUE(v.pass) << v.what << ": expected " << v.expected << ", measured " << v.measured;
  const double pi = std::numbers::pi;
  ASSERT_EQ(s.restitution.size(), o.eps.size());
  for (std::size_t k = 0; k < o.eps.size(); ++k) {
    const auto& row = s.restitution[k];
    const double eps = o.eps[k], rr = -std::log(eps) / pi;
    EXPECT_EQ(row.eps, eps);
    EXPECT_NEAR(row.overlap_measured, eps, 1e-3);
    const double eps_f = eps * std::exp(2.0 * rr * std::atan(rr));
    EXPECT_NEAR(row.force_theory, eps_f, 1e-12);
    EXPECT_NEAR(row.force_measured, eps_f, 1e-3);
    const double zeta = rr / std::sqrt(1.0 + rr * rr), w0 = std::sqrt(1e4 / 0.75);
    EXPECT_NEAR(row.duration_theory, pi / (w0 * std::sqrt(1.0 - zeta * zeta)), 1e-12);
    EXPECT_LE(row.duration_error, 0.01);
  }
  // the report shows the measured numbers it checked: the restitution verdicts quote them
  EXPECT_EQ(verdicts[0].expected, "0.1 ± 0.001");
  EXPECT_EQ(verdicts[0].measured, fmt::format("{:.6f}", s.restitution[0].overlap_measured));
  ASSERT_EQ(s.cost.size(), 2u);
  for (const auto& c : s.cost) {
    EXPECT_GT(c.contacts_per_particle, 6.0);  // a dense settled box (the issue: about 7–12 contacts each)
    EXPECT_LE(c.listed_pairs_per_particle, 6.0);
    EXPECT_LE(c.cells_per_particle, 2.0);
    EXPECT_GT(c.ns_dem_verlet, 0.0);
  }
  EXPECT_NEAR(s.cost.back().listed_pairs_per_particle, s.cost.front().listed_pairs_per_particle,
              0.2 * s.cost.front().listed_pairs_per_particle);
}

}  // namespace
}  // namespace verisim::experiments::test
