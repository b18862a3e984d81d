// Ball on a plane: seed 004 (slip / stick, linear map, inclined plane) and Garwin 1969.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "tests/collisions/random.hpp"
#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/garwin.hpp"

namespace verisim::collisions::test {


namespace {
constexpr double kBounceRel = 1e-12;
struct BounceCase {
  BallState s;
  BallParams p;
};
BounceCase random_case(core::Rng& rng) {
  const double R = uniform(rng, 0.1, 2);
  return {{uniform(rng, -1, 1), -uniform(rng, 0.01, 1), uniform(rng, -1, 1) / R},
          {uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0.1, 1), R}};
}
// per unit mass; I = alpha m R^2
double ke(const BallState& s, double alpha, double R) {
  return 0.5 * (s.vx * s.vx + s.vy * s.vy + alpha * R * R * s.omega * s.omega);
}
// angular momentum about the contact point, clockwise positive, per unit mass: R vx + alpha R^2 omega
double l_contact(const BallState& s, double alpha, double R) { return R * s.vx + alpha * R * R * s.omega; }
double scale(const BallState& s, double R) { return std::abs(s.vx) + std::abs(s.vy) + R * std::abs(s.omega); }
}  // namespace

TEST(CollisionsValidation_Seed004, BranchesEnergyAngularMomentumAndSliding) {
  core::Rng rng(601);
  int sticks = 0, slips = 0;
  for (int i = 0; i < kCases; ++i) {
    const auto [s, p] = random_case(rng);
    const BallResult r = ball_bounce(s, p);
    const double u0 = s.vx - s.omega * p.radius, u1 = r.after.vx - r.after.omega * p.radius;
    ASSERT_EQ(r.branch, p.mu >= r.mu_e ? Branch::stick : Branch::slip);
    ASSERT_NEAR(r.after.vy, -p.gamma * s.vy, 1e-16);
    ASSERT_LE(ke(r.after, p.alpha, p.radius), ke(s, p.alpha, p.radius) * (1 + 1e-14));
    // the impulse acts at the contact point: L about it is conserved in both branches
    ASSERT_NEAR(l_contact(r.after, p.alpha, p.radius), l_contact(s, p.alpha, p.radius), kBounceRel * p.radius * scale(s, p.radius));
    if (r.branch == Branch::stick) {
      ++sticks;
      ASSERT_NEAR(u1, 0.0, kBounceRel * scale(s, p.radius));  // eq. (8): rolling after the impact
    } else {
      ++slips;
      ASSERT_GE(u1 * u0, 0.0);          // never reversed
      ASSERT_LE(std::abs(u1), std::abs(u0));
    }
  }
  EXPECT_GT(sticks, kCases / 10);
  EXPECT_GT(slips, kCases / 10);
}

TEST(CollisionsValidation_Seed004, InclinedPlaneAtZeroAngleIsTheFlatBounceAndMatrixMatchesFormulas) {
  core::Rng rng(602);
  for (int i = 0; i < kCases; ++i) {
    const auto [s, p] = random_case(rng);
    const BallResult flat = ball_bounce(s, p), incl = ball_bounce_inclined(s, p, 0.0);
    ASSERT_NEAR(flat.after.vx, incl.after.vx, 1e-15);
    ASSERT_NEAR(flat.after.omega, incl.after.omega, 1e-15 / p.radius);
    // explicit formulas of the seed's summary, written out independently of the P matrices
    const double xi = s.vx > s.omega * p.radius ? 1.0 : -1.0;
    if (flat.branch == Branch::slip) {
      ASSERT_NEAR(flat.after.vx, s.vx + xi * p.mu * s.vy * (1 + p.gamma), 1e-15);
      ASSERT_NEAR(flat.after.omega, s.omega - xi * p.mu * s.vy * (1 + p.gamma) / (p.radius * p.alpha), 1e-13 / p.radius);
    } else {
      ASSERT_NEAR(flat.after.vx, (p.alpha * s.omega * p.radius + s.vx) / (1 + p.alpha), 1e-15);
      ASSERT_NEAR(flat.after.omega, (p.alpha * s.omega * p.radius + s.vx) / (p.radius * (1 + p.alpha)), 1e-14 / p.radius);
    }
  }
}

TEST(CollisionsValidation_Seed004, InclinedPlaneReboundIsTheFlatReboundRotated) {
  // Rotating the whole picture by phi rotates the outgoing velocity by phi (eq. (12) is T P T^-1).
  core::Rng rng(603);
  for (int i = 0; i < kCases; ++i) {
    const auto [s, p] = random_case(rng);
    const double phi = uniform(rng, -1.5, 1.5), c = std::cos(phi), sn = std::sin(phi);
    const BallState world{c * s.vx - sn * s.vy, sn * s.vx + c * s.vy, s.omega};
    const BallResult flat = ball_bounce(s, p), incl = ball_bounce_inclined(world, p, phi);
    ASSERT_EQ(flat.branch, incl.branch);
    ASSERT_NEAR(incl.after.vx, c * flat.after.vx - sn * flat.after.vy, kBounceRel * scale(s, p.radius));
    ASSERT_NEAR(incl.after.vy, sn * flat.after.vx + c * flat.after.vy, kBounceRel * scale(s, p.radius));
    ASSERT_NEAR(incl.after.omega, flat.after.omega, kBounceRel * scale(s, p.radius) / p.radius);
  }
}

TEST(CollisionsValidation_Seed004, ToolkitSpinConventionIsCounterClockwise) {
  // A ball rolling to the right (vx = 1, R = 1) spins clockwise: seed omega = +1, omega_z = -1.
  const BallState s = ball_from_omega_z(1.0, -1.0, -1.0);
  EXPECT_EQ(s.omega, 1.0);
  EXPECT_EQ(omega_z(s), -1.0);
  const BallResult r = ball_bounce(s, {0.5, 0.8, 0.4, 1.0});
  EXPECT_EQ(r.mu_e, 0.0);  // no sliding, nothing changes tangentially
  EXPECT_NEAR(r.after.vx, 1.0, 1e-15);
  EXPECT_NEAR(r.after.omega, 1.0, 1e-15);
}

TEST(CollisionsValidation_Garwin1969, SuperballConservesEnergyAndAllKeepAngularMomentum) {
  core::Rng rng(611);
  for (int i = 0; i < kCases; ++i) {
    const auto [s, p] = random_case(rng);
    const double ex = uniform(rng, -1, 1);
    const BallResult r = garwin_bounce(s, {ex, p.gamma, p.alpha, p.radius});
    const BallResult super = garwin_bounce(s, {1.0, 1.0, p.alpha, p.radius});
    ASSERT_NEAR(ke(super.after, p.alpha, p.radius), ke(s, p.alpha, p.radius), kBounceRel * ke(s, p.alpha, p.radius));
    ASSERT_LE(ke(r.after, p.alpha, p.radius), ke(s, p.alpha, p.radius) * (1 + 1e-14));
    ASSERT_NEAR(l_contact(r.after, p.alpha, p.radius), l_contact(s, p.alpha, p.radius), kBounceRel * p.radius * scale(s, p.radius));
    const double u0 = s.vx - s.omega * p.radius, u1 = r.after.vx - r.after.omega * p.radius;
    ASSERT_NEAR(u1, -ex * u0, kBounceRel * scale(s, p.radius));
  }
}

TEST(CollisionsValidation_Garwin1969, SolidSuperballHandValues) {
  // Garwin's solid ball (alpha = 2/5), e_x = 1, omega = 0: vx' = (1 - 2/5) vx / (7/5) = 3/7 vx,
  // omega' = 2 vx / (R 7/5) = 10/7 vx / R (clockwise: topspin turns into the well-known reversal).
  const BallResult r = garwin_bounce({1.0, -1.0, 0.0}, {1.0, 1.0, 0.4, 1.0});
  EXPECT_NEAR(r.after.vx, 3.0 / 7.0, 1e-15);
  EXPECT_NEAR(r.after.omega, 10.0 / 7.0, 1e-15);
  EXPECT_NEAR(r.after.vy, 1.0, 0.0);
}

TEST(CollisionsValidation_Seed004, HandComputedSlipAndStick) {
  // vx = 1, vy = -1, omega = 0, gamma = 1, alpha = 2/5, R = 1.
  // eq. (10): mu_e = (2/5)(1) / (1 * 2 * 7/5) = 1/7.
  // mu = 0.1 < 1/7, slip (xi = +1): vx' = 1 + 0.1 (-1)(2) = 0.8; omega' = 0 - 0.1 (-1)(2)/(2/5) = 0.5.
  // mu = 0.2 > 1/7, stick: vx' = omega' R = (0 + 1)/(7/5) = 5/7.
  const BallState s{1.0, -1.0, 0.0};
  const BallResult slip = ball_bounce(s, {0.1, 1.0, 0.4, 1.0});
  EXPECT_NEAR(slip.mu_e, 1.0 / 7.0, 1e-16);
  EXPECT_EQ(slip.branch, Branch::slip);
  EXPECT_NEAR(slip.after.vx, 0.8, 1e-15);
  EXPECT_NEAR(slip.after.vy, 1.0, 0.0);
  EXPECT_NEAR(slip.after.omega, 0.5, 1e-15);
  const BallResult stick = ball_bounce(s, {0.2, 1.0, 0.4, 1.0});
  EXPECT_EQ(stick.branch, Branch::stick);
  EXPECT_NEAR(stick.after.vx, 5.0 / 7.0, 1e-15);
  EXPECT_NEAR(stick.after.omega, 5.0 / 7.0, 1e-15);
}

}  // namespace verisim::collisions::test
