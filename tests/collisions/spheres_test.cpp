// Spheres with Coulomb friction: seed 001 §E.1 (spin not tracked) and F (spin tracked).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/collisions/random.hpp"
#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"
#include "toolkit/geometry/brick.hpp"
#include "toolkit/geometry/cylinder.hpp"
#include "toolkit/geometry/plane.hpp"
#include "toolkit/geometry/plane_portion.hpp"
#include "toolkit/geometry/sphere.hpp"

namespace verisim::collisions::test {


namespace {
// Inputs O(1), formulas of a handful of flops: 1e-12 relative leaves a 1e3 margin over rounding.
constexpr double kRel = 1e-12;

struct Pair {
  double m1, m2;
  core::Vec3 v1, v2, n;
  CoulombParams p;
};
Pair random_pair(core::Rng& rng) {
  Pair c{uniform(rng, 0.1, 10), uniform(rng, 0.1, 10), random_vec<3>(rng), random_vec<3>(rng), random_unit<3>(rng),
         {uniform(rng, 0, 1), uniform(rng, 0, 1)}};
  if ((c.v2 - c.v1).dot(c.n) < 0) c.n = -c.n;  // approaching: v* > 0
  if (uniform(rng, 0, 1) < 0.2) c.p.mu = 0.0;  // include the frictionless limit
  return c;
}
double sphere_ke(const SpinningSphere& s) {
  return 0.5 * s.mass * (s.velocity.squaredNorm() + 0.4 * s.radius * s.radius * s.omega.squaredNorm());
}
}  // namespace

TEST(CollisionsValidation_Seed001E1, MomentumRestitutionEnergyAndBranches) {
  core::Rng rng(401);
  int sticks = 0, slips = 0;
  for (int i = 0; i < kCases; ++i) {
    const Pair c = random_pair(rng);
    const auto r = coulomb_spheres(c.m1, c.v1, c.m2, c.v2, c.n, c.p);
    const double pscale = c.m1 * c.v1.norm() + c.m2 * c.v2.norm();
    ASSERT_LT((c.m1 * r.v1 + c.m2 * r.v2 - c.m1 * c.v1 - c.m2 * c.v2).norm(), kRel * pscale);
    const double vs = r.v_star;
    ASSERT_GT(vs, 0.0);
    ASSERT_NEAR((r.v2 - r.v1).dot(c.n), -c.p.alpha * vs, kRel * (c.v1 - c.v2).norm());  // restitution alpha
    const double ke0 = 0.5 * (c.m1 * c.v1.squaredNorm() + c.m2 * c.v2.squaredNorm());
    ASSERT_LE(0.5 * (c.m1 * r.v1.squaredNorm() + c.m2 * r.v2.squaredNorm()), ke0 * (1 + 1e-14));
    const core::Vec3 vc_after = r.v1 - r.v2 - ((r.v1 - r.v2).dot(c.n)) * c.n;  // tangential relative velocity
    const bool stick = 7 * c.p.mu * (1 + c.p.alpha) * vs >= 2 * r.v_c.norm();  // seed 001 §E.1 step 3
    ASSERT_EQ(r.branch, stick ? Branch::stick : Branch::slip);
    if (stick) {
      ++sticks;  // without spin, sticking removes 2/7 of the tangential relative velocity
      ASSERT_LT((vc_after - 5.0 / 7.0 * r.v_c).norm(), kRel * (c.v1 - c.v2).norm());
    } else {
      ++slips;  // sliding slows but never reverses: v_c' = s v_c with s in [5/7, 1]
      const double s = vc_after.dot(r.v_c) / r.v_c.squaredNorm();
      ASSERT_GE(s, 5.0 / 7.0 - kRel);
      ASSERT_LE(s, 1.0 + kRel);
      ASSERT_LT((vc_after - s * r.v_c).norm(), kRel * (c.v1 - c.v2).norm());
    }
  }
  EXPECT_GT(sticks, kCases / 10);
  EXPECT_GT(slips, kCases / 10);
}

TEST(CollisionsValidation_Seed001E1, StepOneReactionCancelsInwardForcesAndKeepsTheirSum) {
  core::Rng rng(402);
  for (int i = 0; i < kCases; ++i) {
    const core::Vec3 f1 = random_vec<3>(rng), f2 = random_vec<3>(rng), n = random_unit<3>(rng);
    const auto [g1, g2] = normal_reaction(f1, f2, n);
    ASSERT_GE(g1.dot(n), -1e-15);  // nothing pushes body 1 towards 2 (n points into 1) ...
    ASSERT_LE(g2.dot(n), 1e-15);   // ... nor body 2 towards 1
    ASSERT_LT((g1 + g2 - f1 - f2).norm(), 1e-15 * 8);
    const core::Vec3 h1 = normal_reaction_obstacle(f1, n);
    ASSERT_NEAR(h1.dot(n), std::max(0.0, f1.dot(n)), 1e-15);
  }
}

// Seed 001 §E.1 step 1, the reading the code takes (docs/collisions.md "Seed slips"): F_n1 = F₁·n is
// handled first (F₁ ← F₁ − F_n1 n, F₂ ← F₂ + F_n1 n when F_n1 < 0), then F_n2 = F₂·n is read AGAIN
// from the updated F₂ ("refaire ensuite de même avec les forces de l'autre objet") before its test
// F_n2 > 0. The issue's counter-example, derived by hand: equal masses m, F₁·n = −3, F₂·n = 0 (n into
// body 1, so body 1 is pushed against body 2 and nothing pushes body 2):
//  - the rule: F_n1 = −3 < 0, so F₁·n ← 0 and F₂·n ← −3; then F_n2 = −3 is not > 0 (the value read
//    before the update, 0, is not > 0 either: both readings agree here). Result (0, −3): body 1 is
//    held, body 2 is pushed away with the whole force; the normal relative acceleration
//    (a₁ − a₂)·n = (0 − (−3))/m = 3/m > 0 opens the contact.
//  - the rigid contact (bodies that stay in contact, Signorini: a contact force R ≥ 0 along n on
//    body 1, −R on body 2, with (a₁ − a₂)·n = 0 when R > 0): (F₁·n + R)/m₁ = (F₂·n − R)/m₂ gives
//    R = m₁m₂/(m₁ + m₂)·(F₂·n/m₂ − F₁·n/m₁) = (0 + 3)/2 = 1.5 for m₁ = m₂, so (−1.5, −1.5): the two
//    bodies accelerate together at −1.5/m along n.
// The rule is the rigid contact only against an infinite mass (m₂ → ∞: R → −F₁·n = 3, F₁·n ← 0), i.e.
// for obstacles; for two bodies it conserves the total force (−3) but not the contact.
TEST(CollisionsValidation_Seed001E1, StepOneOnTheIssuesCounterExampleAgainstTheRigidContactReaction) {
  const core::Vec3 n(0.0, 0.0, 1.0), t(1.0, 0.0, 0.0);
  const core::Vec3 f1 = -3.0 * n + 0.7 * t, f2 = 0.0 * n - 0.4 * t;  // tangential parts pass unchanged
  const auto [g1, g2] = normal_reaction(f1, f2, n);
  EXPECT_EQ(g1.dot(n), 0.0);   // exact: −3 + 3
  EXPECT_EQ(g2.dot(n), -3.0);  // exact: 0 − 3
  EXPECT_EQ(g1.dot(t), 0.7);
  EXPECT_EQ(g2.dot(t), -0.4);
  const double m = 1.0;
  EXPECT_EQ((g1.dot(n) - g2.dot(n)) / m, 3.0);  // the contact opens at 3/m
  // the rigid contact's reaction for equal masses, by the formula above
  const double m1 = m, m2 = m, R = m1 * m2 / (m1 + m2) * (f2.dot(n) / m2 - f1.dot(n) / m1);
  EXPECT_EQ(R, 1.5);
  EXPECT_EQ((f1.dot(n) + R) / m1 - (f2.dot(n) - R) / m2, 0.0);  // stays in contact
  EXPECT_EQ(f1.dot(n) + R, -1.5);
  EXPECT_EQ(f2.dot(n) - R, -1.5);
  EXPECT_NE(g1.dot(n), f1.dot(n) + R);  // the seed's rule is not the rigid contact for two bodies
  EXPECT_EQ(g1.dot(n) + g2.dot(n), f1.dot(n) + f2.dot(n));  // but keeps the total force
  // against an infinite mass the two agree: R → −F₁·n, and the obstacle rule gives F₁·n ← 0
  const double R_inf = m1 * (0.0 - f1.dot(n) / m1);
  EXPECT_EQ(f1.dot(n) + R_inf, normal_reaction_obstacle(f1, n).dot(n));
}

TEST(CollisionsValidation_Seed001E1, TwoBodyTendsToObstacleAsM2GrowsLikeM1OverM2) {
  core::Rng rng(403);
  for (double ratio : {1e3, 1e6, 1e9, 1e12}) {
    double worst = 0;
    for (int i = 0; i < kCases; ++i) {
      const Pair c = random_pair(rng);
      const auto a = coulomb_spheres(c.m1, c.v1, ratio * c.m1, core::Vec3::Zero(), c.n, c.p);
      const auto b = coulomb_sphere_obstacle(c.v1, c.n, c.p);
      if (a.branch == Branch::separating) continue;
      worst = std::max(worst, (a.v1 - b.v1).norm() / c.v1.norm());
    }
    // |dv| <= (1 + alpha)(1 + mu) v* + |v_c| <= 5 |v1|, and the two-body dv differs by m2/(m1+m2)
    EXPECT_LT(worst, 5.0 / ratio + 1e-15) << "m2/m1 = " << ratio;
  }
}

TEST(CollisionsValidation_Seed001E1, ObstaclesOfEveryShapeUseTheirClosestPoint) {
  core::Rng rng(404);
  for (int i = 0; i < kCases; ++i) {
    const core::Vec3 n0 = random_unit<3>(rng), e0 = random_orthogonal(rng, n0);
    const core::Vec3 x1 = random_vec<3>(rng, 3);
    const CoulombParams p{uniform(rng, 0, 1), uniform(rng, 0, 1)};
    const geometry::ClosestPoint cps[] = {
        closest_point(geometry::Plane{core::Vec3::Zero(), n0}, x1),
        closest_point(geometry::make_plane_portion(core::Vec3::Zero(), n0, e0, 1.0, 2.0), x1),
        closest_point(geometry::Brick{core::Vec3::Zero(), n0, e0, 1.0, 0.5, 0.7}, x1),
        closest_point(geometry::Sphere{core::Vec3::Zero(), 0.8}, x1),
        closest_point(geometry::Cylinder{core::Vec3::Zero(), n0, 0.5, 1.5}, x1)};
    core::Vec3 v1 = random_vec<3>(rng);
    for (const auto& cp : cps) {
      core::Vec3 v = v1;
      if (v.dot(cp.normal) > 0) v = -v;  // moving into the obstacle
      const auto r = coulomb_sphere_obstacle(v, cp.normal, p);
      ASSERT_NEAR(r.v1.dot(cp.normal), -p.alpha * v.dot(cp.normal), kRel);  // restitution along the normal
      ASSERT_LE(r.v1.squaredNorm(), v.squaredNorm() * (1 + 1e-14));
    }
    // the shape overload is the same as passing the closest point's normal
    core::Vec3 v = v1;
    if (v.dot(cps[4].normal) > 0) v = -v;
    const auto a = coulomb_sphere_obstacle(x1, v, geometry::Cylinder{core::Vec3::Zero(), n0, 0.5, 1.5}, p);
    ASSERT_EQ(a.v1, coulomb_sphere_obstacle(v, cps[4].normal, p).v1);
  }
}

TEST(CollisionsValidation_Seed001F, TwoBodyConservesMomentumAngularMomentumAboutContactAndNeverGainsEnergy) {
  core::Rng rng(411);
  int sticks = 0, slips = 0;
  for (int i = 0; i < kCases; ++i) {
    const Pair c = random_pair(rng);
    const double R1 = uniform(rng, 0.1, 2), R2 = uniform(rng, 0.1, 2);
    const SpinningSphere s1{c.m1, R1, c.v1, random_vec<3>(rng) / R1}, s2{c.m2, R2, c.v2, random_vec<3>(rng) / R2};
    const core::Vec3 x1 = random_vec<3>(rng, 3), x2 = x1 - (R1 + R2) * c.n, P = x1 - R1 * c.n;  // touching
    const auto r = spinning_spheres(s1, s2, c.n, c.p);
    ASSERT_NE(r.branch, Branch::separating);
    (r.branch == Branch::stick ? sticks : slips)++;
    const double pscale = c.m1 * c.v1.norm() + c.m2 * c.v2.norm();
    ASSERT_LT((c.m1 * r.b1.velocity + c.m2 * r.b2.velocity - c.m1 * c.v1 - c.m2 * c.v2).norm(), kRel * pscale);
    auto L = [&](const SpinningSphere& a, const SpinningSphere& b) {  // about the contact point P
      return core::Vec3(a.mass * (x1 - P).cross(a.velocity) + 0.4 * a.mass * a.radius * a.radius * a.omega +
                  b.mass * (x2 - P).cross(b.velocity) + 0.4 * b.mass * b.radius * b.radius * b.omega);
    };
    const double lscale = c.m1 * R1 * (c.v1.norm() + R1 * s1.omega.norm()) + c.m2 * R2 * (c.v2.norm() + R2 * s2.omega.norm());
    ASSERT_LT((L(r.b1, r.b2) - L(s1, s2)).norm(), kRel * lscale);
    ASSERT_LE(sphere_ke(r.b1) + sphere_ke(r.b2), (sphere_ke(s1) + sphere_ke(s2)) * (1 + 1e-13));
    ASSERT_NEAR((r.b2.velocity - r.b1.velocity).dot(c.n), -c.p.alpha * r.v_star, kRel * (c.v1 - c.v2).norm());
    // contact-point tangential relative velocity after (same formula as the seed's v_c)
    const core::Vec3 dv = r.b1.velocity - r.b2.velocity;
    const core::Vec3 vc = dv - dv.dot(c.n) * c.n + c.n.cross(R1 * r.b1.omega + R2 * r.b2.omega);
    const double vscale = (c.v1 - c.v2).norm() + r.v_c.norm();
    if (r.branch == Branch::stick) {
      ASSERT_LT(vc.norm(), kRel * vscale);  // rolling without sliding after the impact
    } else {
      const double s = vc.dot(r.v_c) / r.v_c.squaredNorm();
      ASSERT_GE(s, -kRel);  // slowed, never reversed
      ASSERT_LE(s, 1 + kRel);
      ASSERT_LT((vc - s * r.v_c).norm(), kRel * vscale);
    }
  }
  EXPECT_GT(sticks, kCases / 10);
  EXPECT_GT(slips, kCases / 10);
}

TEST(CollisionsValidation_Seed001F, ObstacleConservesAngularMomentumAboutContactPoint) {
  core::Rng rng(412);
  for (int i = 0; i < kCases; ++i) {
    const Pair c = random_pair(rng);
    const double R = uniform(rng, 0.1, 2);
    const core::Vec3 n = c.n;
    core::Vec3 v = c.v1;
    if (v.dot(n) > 0) v = -v;
    const SpinningSphere s{c.m1, R, v, random_vec<3>(rng) / R};
    const auto r = spinning_sphere_obstacle(s, n, c.p);
    ASSERT_NE(r.branch, Branch::separating);
    auto L = [&](const SpinningSphere& a) {  // about P = x1 - R n: L = m (R n) ^ v + I w
      return core::Vec3(a.mass * (R * n).cross(a.velocity) + 0.4 * a.mass * R * R * a.omega);
    };
    ASSERT_LT((L(r.b1) - L(s)).norm(), kRel * c.m1 * R * (v.norm() + R * s.omega.norm()));
    ASSERT_LE(sphere_ke(r.b1), sphere_ke(s) * (1 + 1e-13));
    ASSERT_NEAR(r.b1.velocity.dot(n), -c.p.alpha * v.dot(n), kRel);
    const core::Vec3 vc = r.b1.velocity - r.b1.velocity.dot(n) * n + n.cross(R * r.b1.omega);
    if (r.branch == Branch::stick) ASSERT_LT(vc.norm(), kRel * (v.norm() + R * s.omega.norm()));
    else ASSERT_GE(vc.dot(r.v_c), 0.0);
  }
}

TEST(CollisionsValidation_Seed001E1, HandComputedObstacleSlipAndTwoBodyStick) {
  // Obstacle: v1 = (1, 0, -1), n = z, mu = 0.1, alpha = 0.8: v* = 1, v_c = (1, 0, 0);
  // 7 (0.1)(1.8)(1) = 1.26 < 2: slip, dv = 1.8 (n - 0.1 x) = (-0.18, 0, 1.8), v1' = (0.82, 0, 0.8).
  const auto a = coulomb_sphere_obstacle(core::Vec3(1, 0, -1), core::Vec3::UnitZ(), {0.1, 0.8});
  EXPECT_EQ(a.branch, Branch::slip);
  EXPECT_NEAR((a.v1 - core::Vec3(0.82, 0, 0.8)).norm(), 0.0, 1e-15);
  // Two equal masses, v1 = (1, 0, -1), v2 = 0, n = z, mu = 1, alpha = 1: v* = 1, v_c = (1, 0, 0),
  // 7 (1)(2) >= 2: stick, lambda = 1, dv = (0, 0, 1) - (2/14)(1, 0, 0) = (-1/7, 0, 1),
  // v1' = (6/7, 0, 0), v2' = -dv = (1/7, 0, -1).
  const auto b = coulomb_spheres(1.0, core::Vec3(1, 0, -1), 1.0, core::Vec3::Zero(), core::Vec3::UnitZ(), {1.0, 1.0});
  EXPECT_EQ(b.branch, Branch::stick);
  EXPECT_NEAR((b.v1 - core::Vec3(6.0 / 7, 0, 0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((b.v2 - core::Vec3(1.0 / 7, 0, -1)).norm(), 0.0, 1e-15);
}

}  // namespace verisim::collisions::test
