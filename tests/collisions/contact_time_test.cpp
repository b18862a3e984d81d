// Contact time of two disks/spheres, seed 000 eqs. (1)-(5).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/collisions/random.hpp"
#include "toolkit/collisions/contact_time.hpp"

namespace verisim::collisions::test {


TEST(CollisionsValidation_Seed000ContactTime, WorkedExampleMatchesHandComputation) {
  // Hand computation: dx = x2 - x1 = (10, -0.8), dv = (-1, 0): a = 1, b = -10,
  // c = 100 + 0.64 - 4 = 96.64, b^2 - a c = 3.36 = 84/25, t = 10 - sqrt(84)/5 = 10 - 2 sqrt(21)/5.
  const ContactTime ct = contact_time<2>(core::Vec2(-10, 0.8), core::Vec2(1, 0), 1.0, core::Vec2(0, 0), core::Vec2(0, 0), 1.0);
  ASSERT_TRUE(ct.collides());
  EXPECT_NEAR(ct.t, 10.0 - 2.0 * std::sqrt(21.0) / 5.0, 4e-15);  // a few ulps of 8.17
}

TEST(CollisionsValidation_Seed000ContactTime, RootPutsTheCentresAtDistanceR1PlusR2) {
  core::Rng rng(201);
  int hits = 0;
  for (int i = 0; i < kCases; ++i) {
    const core::Vec3 x1 = random_vec<3>(rng, 5), x2 = random_vec<3>(rng, 5), v2 = random_vec<3>(rng);
    // half of the cases aimed roughly at body 2, so that both outcomes are well represented
    const core::Vec3 v1 = i % 2 ? core::Vec3(random_vec<3>(rng)) : core::Vec3(v2 + 0.3 * (x2 - x1) + 0.3 * random_vec<3>(rng));
    const double r1 = uniform(rng, 0.1, 1), r2 = uniform(rng, 0.1, 1);
    const ContactTime ct = contact_time<3>(x1, v1, r1, x2, v2, r2);
    const double c = (x2 - x1).squaredNorm() - (r1 + r2) * (r1 + r2);
    if (c < 0) {
      EXPECT_EQ(ct.status, ContactStatus::overlapping);
      continue;
    }
    if (!ct.collides()) {
      // no root of |d(t)| = R in t >= 0: the distance at closest approach (t* = max(0, -b/a)) exceeds R
      const double ts = std::max(0.0, -(x2 - x1).dot(v2 - v1) / (v2 - v1).squaredNorm());
      EXPECT_GE(((x2 - x1) + (v2 - v1) * ts).norm(), (r1 + r2) * (1 - 1e-12));
      continue;
    }
    ++hits;
    ASSERT_GE(ct.t, 0.0);
    const double d = ((x2 - x1) + (v2 - v1) * ct.t).norm();
    EXPECT_NEAR(d, r1 + r2, 1e-12 * (x2 - x1).norm());  // cond(root) ~ |dx| / R; 1e-12 is 1e4 ulps
    // the smaller root: just before, the bodies are still apart
    const double before = ((x2 - x1) + (v2 - v1) * (ct.t * (1 - 1e-9))).norm();
    EXPECT_GE(before, d);
  }
  EXPECT_GT(hits, kCases / 5);
}

TEST(CollisionsValidation_Seed000ContactTime, GrazingAndNoRelativeMotionAreNotCollisions) {
  // Impact parameter exactly r1 + r2 = 2: double root (seed 000: "contact rasant").
  EXPECT_EQ(contact_time<2>(core::Vec2(-10, 2), core::Vec2(1, 0), 1.0, core::Vec2(0, 0), core::Vec2(0, 0), 1.0).status, ContactStatus::grazing);
  EXPECT_EQ(contact_time<2>(core::Vec2(-10, 0.5), core::Vec2(1, 1), 1.0, core::Vec2(0, 0), core::Vec2(1, 1), 1.0).status,
            ContactStatus::no_relative_motion);
  EXPECT_EQ(contact_time<2>(core::Vec2(-10, 0.5), core::Vec2(-1, 0), 1.0, core::Vec2(0, 0), core::Vec2(0, 0), 1.0).status,
            ContactStatus::no_collision);  // moving apart: both roots negative
  EXPECT_EQ(contact_time<2>(core::Vec2(-1, 0), core::Vec2(1, 0), 1.0, core::Vec2(0, 0), core::Vec2(0, 0), 1.0).status,
            ContactStatus::overlapping);
}

TEST(CollisionsValidation_Seed000ContactTime, NearGrazingKeepsFullPrecision) {
  // Disk 1 at (-D, h) moving at (1, 0) towards disk 2 at rest at the origin, R = r1 + r2 = 2,
  // h = 2 - 2^-30 (exact in binary). Exact root: t = D - sqrt(R^2 - h^2) = D - sqrt((R - h)(R + h)),
  // with R - h = 2^-30 and R + h = 4 - 2^-30 exact, so the reference below is correctly rounded to
  // within 2 ulps. The textbook b^2 - a c loses ~D^2 eps = 2e-6 in a discriminant of 3.7e-9.
  const double D = 1e5, h = 2.0 - std::ldexp(1.0, -30);
  const double exact = D - std::sqrt(std::ldexp(1.0, -30) * (4.0 - std::ldexp(1.0, -30)));
  const ContactTime ct = contact_time<2>(core::Vec2(-D, h), core::Vec2(1, 0), 1.0, core::Vec2(0, 0), core::Vec2(0, 0), 1.0);
  ASSERT_TRUE(ct.collides());
  EXPECT_NEAR(ct.t, exact, 1e-14 * D);
  // the naive formula, for the record: it misses by many orders of magnitude more
  const double a = 1.0, b = -D, c = D * D + h * h - 4.0;
  const double naive = (-b - std::sqrt(b * b - a * c)) / a;
  EXPECT_GT(std::abs(naive - exact), 100 * std::abs(ct.t - exact));
}

TEST(CollisionsValidation_Seed000ContactTime, NearlyEqualVelocitiesKeepFullPrecision) {
  // Relative speed 2^-30: t = (10 - sqrt(4 - 0.64)) 2^30, same geometry as the worked example.
  const double dv = std::ldexp(1.0, -30);
  const ContactTime ct = contact_time<2>(core::Vec2(-10, 0.8), core::Vec2(1 + dv, 0), 1.0, core::Vec2(0, 0), core::Vec2(1, 0), 1.0);
  ASSERT_TRUE(ct.collides());
  const double exact = (10.0 - 2.0 * std::sqrt(21.0) / 5.0) * std::ldexp(1.0, 30);
  EXPECT_NEAR(ct.t, exact, 1e-13 * exact);
}

}  // namespace verisim::collisions::test
