// Numerical guards of issue 17 not covered elsewhere: near-degenerate geometry handled without a division
// by zero and without a NaN. (Covered elsewhere: a NaN state stopping the loop with the step,
// tests/integrators/odeint_compat_test.cpp and tests/scene/run_test.cpp; implicit caps,
// tests/integrators/implicit_test.cpp; grazing and motionless contact times,
// tests/collisions/contact_time_test.cpp; zero sliding in seed 004's bounce, tests/collisions/ball_bounce_test.cpp;
// tiny and zero normals' directions, tests/collisions/magnitudes_test.cpp.)
#include <gtest/gtest.h>

#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/frictionless.hpp"
#include "toolkit/geometry/sphere.hpp"

namespace verisim::bad_input::test {
namespace {

using core::Vec3;

bool finite(const Vec3& v) { return v.allFinite(); }

// seed 001 §D.4 at x1 = O (coincident centres): every surface point is closest, at distance R; the
// normal must still be a unit vector (the one along +x), not 0/0.
TEST(NumericalGuards, SphereObstacleQueriedAtItsCentreGivesAUnitNormalAtDistanceR) {
  const geometry::Sphere s{Vec3(1, -2, 3), 0.5};
  const auto c = geometry::closest_point(s, s.center);
  EXPECT_TRUE(finite(c.normal) && finite(c.point));
  EXPECT_NEAR(c.normal.norm(), 1.0, 1e-15);
  EXPECT_NEAR(c.distance, s.radius, 1e-15);
  EXPECT_NEAR((c.point - s.center).norm(), s.radius, 1e-15);
}

// seed 000 with C1C2 = 0 (coincident centres, a zero-length normal): no direction, so no impulse — the
// bodies are left as they were (the separating branch), never NaN.
TEST(NumericalGuards, FrictionlessWithAZeroLengthNormalLeavesTheVelocitiesUnchanged) {
  const Vec3 v1(1, 0, 0), v2(-1, 0.5, 0);
  const auto r = collisions::frictionless_closed_form<3>(1.0, v1, 2.0, v2, Vec3::Zero(), 0.7);
  EXPECT_EQ(r.branch, collisions::Branch::separating);
  EXPECT_EQ(r.v1, v1);
  EXPECT_EQ(r.v2, v2);
  const auto l = collisions::frictionless_linear_system<3>(1.0, v1, 2.0, v2, Vec3::Zero(), 0.7);
  EXPECT_TRUE(finite(l.v1) && finite(l.v2));
}

// Zero relative velocity: v* = 0, not approaching (seed 000: u_n ≤ 0; seed 001 §E.1: v* ≤ 0): unchanged.
TEST(NumericalGuards, ZeroRelativeVelocityIsNoCollisionInEveryLaw) {
  const Vec3 v(1, 2, 3), n = Vec3(1, 1, 0).normalized();
  const auto f = collisions::frictionless_closed_form<3>(1.0, v, 3.0, v, n, 1.0);
  EXPECT_EQ(f.branch, collisions::Branch::separating);
  EXPECT_EQ(f.v1, v);
  EXPECT_EQ(f.v2, v);
  const auto c = collisions::coulomb_spheres(1.0, v, 3.0, v, n, {.mu = 0.5, .alpha = 0.5});
  EXPECT_EQ(c.branch, collisions::Branch::separating);
  EXPECT_EQ(c.v1, v);
  EXPECT_EQ(c.v2, v);
}

// Zero sliding velocity (head-on, v_c = 0), where seed 001 §E.1 step 4 takes {v_c}_1: step 3's
// criterion 7μ(1 + α)v* ≥ 2|v_c| = 0 holds, so the stick branch is taken and no unit vector of 0 is formed.
// Outcome against seed 001 §E.1: v*' = −α v*, v_c' = 0, momentum kept.
TEST(NumericalGuards, HeadOnCoulombImpactTakesNoUnitVectorOfZeroSliding) {
  const Vec3 n(0, 0, 1);  // into body 1 (above body 2)
  const Vec3 v1(0, 0, -2), v2(0, 0, 1);
  const double alpha = 0.5, m1 = 1.0, m2 = 3.0;
  const auto r = collisions::coulomb_spheres(m1, v1, m2, v2, n, {.mu = 0.4, .alpha = alpha});
  ASSERT_TRUE(finite(r.v1) && finite(r.v2));
  EXPECT_EQ(r.branch, collisions::Branch::stick);
  const double v_star = (v2 - v1).dot(n), v_star_after = (r.v2 - r.v1).dot(n);
  EXPECT_NEAR(v_star_after, -alpha * v_star, 1e-15 * v_star);
  EXPECT_NEAR((r.v1 - r.v2 - (r.v1 - r.v2).dot(n) * n).norm(), 0.0, 1e-15);
  EXPECT_NEAR((m1 * r.v1 + m2 * r.v2 - m1 * v1 - m2 * v2).norm(), 0.0, 1e-15 * (m1 + m2) * 2.0);
}

// Grazing (v* = 1e-300 against a sliding speed of 1): the slip branch, whose velocity change μ(1 + α)v* is
// ~1e-300: the result is the input to the last bit, finite.
TEST(NumericalGuards, GrazingCoulombImpactChangesNothingMeasurable) {
  const Vec3 n(0, 0, 1);
  const Vec3 v1(1, 0, -1e-300), v2(0, 0, 0);
  const auto r = collisions::coulomb_spheres(1.0, v1, 1.0, v2, n, {.mu = 0.5, .alpha = 1.0});
  ASSERT_TRUE(finite(r.v1) && finite(r.v2));
  EXPECT_EQ(r.branch, collisions::Branch::slip);
  EXPECT_LE((r.v1 - v1).norm(), 1e-299);
  EXPECT_LE((r.v2 - v2).norm(), 1e-299);
}

}  // namespace
}  // namespace verisim::bad_input::test
