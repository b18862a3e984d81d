// Frictionless collision with restitution e, seed 000 eqs. (8)-(15).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/collisions/random.hpp"
#include "toolkit/collisions/contact_time.hpp"
#include "toolkit/collisions/frictionless.hpp"

namespace verisim::collisions::test {


namespace {
template <int N>
void check_frictionless_laws(std::uint64_t seed) {
  core::Rng rng(seed);
  for (int i = 0; i < kCases; ++i) {
    const double m1 = uniform(rng, 0.1, 10), m2 = uniform(rng, 0.1, 10), e = uniform(rng, 0, 1);
    const core::Vec<N> v1 = random_vec<N>(rng), v2 = random_vec<N>(rng);
    core::Vec<N> N12 = random_unit<N>(rng);
    if ((v1 - v2).dot(N12) < 0) N12 = -N12;
    const auto r = frictionless_linear_system<N>(m1, v1, m2, v2, N12, e);
    ASSERT_EQ(r.branch, Branch::frictionless);
    const core::Vec<N> p0 = m1 * v1 + m2 * v2, p1 = m1 * r.v1 + m2 * r.v2;
    const double pscale = m1 * v1.norm() + m2 * v2.norm();
    // 1e-12 relative: the 2N x 2N LU solve of a well-conditioned system errs by ~1e-15.
    ASSERT_LT((p1 - p0).norm(), 1e-12 * pscale);                         // eq. (8)
    const double un0 = (v1 - v2).dot(N12), un1 = (r.v1 - r.v2).dot(N12);
    ASSERT_NEAR(un1, -e * un0, 1e-12 * (v1 - v2).norm());               // eq. (11)
    const double ke0 = 0.5 * (m1 * v1.squaredNorm() + m2 * v2.squaredNorm());
    const double ke1 = 0.5 * (m1 * r.v1.squaredNorm() + m2 * r.v2.squaredNorm());
    ASSERT_NEAR(ke1 - ke0, r.energy_change, 1e-12 * ke0);               // eq. (12)
    ASSERT_LE(ke1, ke0 * (1 + 1e-14));                                   // never gains
    ASSERT_NEAR(r.energy_change, -0.5 * m1 * m2 / (m1 + m2) * (1 - e * e) * un0 * un0, 1e-12 * ke0);
  }
}
}  // namespace

TEST(CollisionsValidation_Seed000, ConservationRestitutionAndEnergyLoss2D) { check_frictionless_laws<2>(301); }
TEST(CollisionsValidation_Seed000, ConservationRestitutionAndEnergyLoss3D) { check_frictionless_laws<3>(302); }

TEST(CollisionsValidation_Seed000, WorkedExampleMatchesHandComputation) {
  // Seed 000's example: unit disks of unit mass, disk 1 at (-10, 0.8) with v = (1, 0), disk 2 at
  // rest at the origin, e = 1. By hand: contact at t = 10 - 2 sqrt(21)/5, disk 1's centre at
  // (-2 sqrt(21)/5, 0.8) (|x1|^2 = 84/25 + 16/25 = 4). Unit normal N = (x2 - x1)/2 = (sqrt(21)/5, -2/5).
  // Equal masses, e = 1: v2' = (v1.N) N = (sqrt(21)/5)(sqrt(21)/5, -2/5) = (21/25, -2 sqrt(21)/25),
  // v1' = v1 - v2' = (4/25, 2 sqrt(21)/25). (Check: v1'.v2' = 84/625 - 84/625 = 0, as it must.)
  const double s21 = std::sqrt(21.0);
  const core::Vec2 x1_0(-10, 0.8), v1(1, 0), x2(0, 0), v2(0, 0);
  const ContactTime ct = contact_time<2>(x1_0, v1, 1.0, x2, v2, 1.0);
  ASSERT_TRUE(ct.collides());
  const core::Vec2 x1 = x1_0 + v1 * ct.t;
  EXPECT_NEAR(x1.x(), -2 * s21 / 5, 4e-15);  // rounding of t ~ 8.17 propagates ~1 ulp of 8
  EXPECT_NEAR(x1.y(), 0.8, 0.0);
  const auto r = frictionless_linear_system<2>(1.0, v1, 1.0, v2, core::Vec2(x2 - x1), 1.0);
  EXPECT_NEAR(r.v1.x(), 4.0 / 25, 1e-14);
  EXPECT_NEAR(r.v1.y(), 2 * s21 / 25, 1e-14);
  EXPECT_NEAR(r.v2.x(), 21.0 / 25, 1e-14);
  EXPECT_NEAR(r.v2.y(), -2 * s21 / 25, 1e-14);
  EXPECT_NEAR(r.energy_change, 0.0, 1e-15);  // e = 1, eq. (12)
}

TEST(CollisionsValidation_Seed000, SeparatingBodiesAreLeftUnchanged) {
  const auto r = frictionless_linear_system<2>(1.0, core::Vec2(-1, 0), 1.0, core::Vec2(0, 0), core::Vec2(1, 0), 1.0);
  EXPECT_EQ(r.branch, Branch::separating);
  EXPECT_EQ(r.v1, core::Vec2(-1, 0));
}

}  // namespace verisim::collisions::test
