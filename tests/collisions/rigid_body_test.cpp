// Rigid bodies with inertia, seed 002 §4, 2D and 3D.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/collisions/random.hpp"
#include "toolkit/collisions/rigid_body.hpp"

namespace verisim::collisions::test {


namespace {
constexpr double kRigidRel = 1e-12;  // O(1) inputs, O(10) flops: 1e3 margin over rounding
double ke(const RigidBody2& b) { return 0.5 * (b.mass * b.velocity.squaredNorm() + b.inertia * b.omega * b.omega); }
double ke(const RigidBody3& b) { return 0.5 * (b.mass * b.velocity.squaredNorm() + b.omega.dot(b.inertia * b.omega)); }
Eigen::Matrix3d random_tensor(core::Rng& rng) {
  Eigen::Matrix3d A;
  for (int i = 0; i < 9; ++i) A(i / 3, i % 3) = uniform(rng, -1, 1);
  return A * A.transpose() + 0.1 * Eigen::Matrix3d::Identity();
}
}  // namespace

TEST(CollisionsValidation_Seed002, TwoDimensionsConservesMomentaAndAppliesRestitution) {
  core::Rng rng(501);
  for (int i = 0; i < kCases; ++i) {
    const RigidBody2 b1{uniform(rng, 0.1, 10), uniform(rng, 0.1, 10), random_vec<2>(rng), uniform(rng, -1, 1)};
    const RigidBody2 b2{uniform(rng, 0.1, 10), uniform(rng, 0.1, 10), random_vec<2>(rng), uniform(rng, -1, 1)};
    const core::Vec2 P = random_vec<2>(rng), x1 = random_vec<2>(rng), x2 = random_vec<2>(rng);
    const core::Vec2 r1 = P - x1, r2 = P - x2;
    core::Vec2 n = random_unit<2>(rng);
    const double e = uniform(rng, 0, 1);
    auto vrn = [&](const RigidBody2& a, const RigidBody2& b, const core::Vec2& nn) {
      return (a.velocity + cross2(a.omega, r1) - b.velocity - cross2(b.omega, r2)).dot(nn);
    };
    if (vrn(b1, b2, n) > 0) n = -n;
    const auto r = rigid_body_collision(b1, r1, b2, r2, n, e);
    ASSERT_EQ(r.branch, Branch::frictionless);
    const double pscale = b1.mass * b1.velocity.norm() + b2.mass * b2.velocity.norm();
    ASSERT_LT((b1.mass * r.b1.velocity + b2.mass * r.b2.velocity - b1.mass * b1.velocity - b2.mass * b2.velocity).norm(),
              kRigidRel * pscale);
    auto L = [&](const RigidBody2& a, const RigidBody2& b) {  // about the contact point P (z component)
      return cross2(x1 - P, a.mass * a.velocity) + a.inertia * a.omega + cross2(x2 - P, b.mass * b.velocity) +
             b.inertia * b.omega;
    };
    const double lscale = b1.mass * r1.norm() * b1.velocity.norm() + b1.inertia * std::abs(b1.omega) +
                          b2.mass * r2.norm() * b2.velocity.norm() + b2.inertia * std::abs(b2.omega);
    ASSERT_NEAR(L(r.b1, r.b2), L(b1, b2), kRigidRel * lscale);
    const double vscale = b1.velocity.norm() + b2.velocity.norm() + std::abs(b1.omega) * r1.norm() + std::abs(b2.omega) * r2.norm();
    ASSERT_NEAR(vrn(r.b1, r.b2, n), -e * vrn(b1, b2, n), kRigidRel * vscale);  // seed 002 eq. (9)
    ASSERT_LE(ke(r.b1) + ke(r.b2), (ke(b1) + ke(b2)) * (1 + 1e-14));
  }
}

TEST(CollisionsValidation_Seed002, SeedsLiteralEquationFourWouldBreakAngularMomentum) {
  // Seed 002 eq. (4) reads w2f = w2i + r2 ^ J / I2. Body 2 receives -J, so it must be minus.
  // Check on one case that the literal sign changes L about P while ours keeps it.
  const RigidBody2 b1{1, 1, core::Vec2(0, -1), 0}, b2{1, 1, core::Vec2(0, 0), 0};
  const core::Vec2 r1(0.5, 0), r2(0.3, 0.2), n(0, 1);  // P is 0.5 right of body 1's centre
  const auto r = rigid_body_collision(b1, r1, b2, r2, n, 1.0);
  const double literal_w2 = b2.omega + cross2(r2, core::Vec2(r.J * n)) / b2.inertia;
  EXPECT_NEAR(r.b2.omega, -literal_w2, 1e-15);
  EXPECT_GT(std::abs(r.b2.omega - literal_w2), 0.1);
}

TEST(CollisionsValidation_Seed002, ThreeDimensionsWithInertiaTensor) {
  core::Rng rng(502);
  for (int i = 0; i < kCases; ++i) {
    const RigidBody3 b1{uniform(rng, 0.1, 10), random_tensor(rng), random_vec<3>(rng), random_vec<3>(rng)};
    const RigidBody3 b2{uniform(rng, 0.1, 10), random_tensor(rng), random_vec<3>(rng), random_vec<3>(rng)};
    const core::Vec3 P = random_vec<3>(rng), x1 = random_vec<3>(rng), x2 = random_vec<3>(rng);
    const core::Vec3 r1 = P - x1, r2 = P - x2;
    core::Vec3 n = random_unit<3>(rng);
    const double e = uniform(rng, 0, 1);
    auto vrn = [&](const RigidBody3& a, const RigidBody3& b) {
      return (a.velocity + a.omega.cross(r1) - b.velocity - b.omega.cross(r2)).dot(n);
    };
    if (vrn(b1, b2) > 0) n = -n;
    const auto r = rigid_body_collision(b1, r1, b2, r2, n, e);
    ASSERT_EQ(r.branch, Branch::frictionless);
    const double pscale = b1.mass * b1.velocity.norm() + b2.mass * b2.velocity.norm();
    ASSERT_LT((b1.mass * r.b1.velocity + b2.mass * r.b2.velocity - b1.mass * b1.velocity - b2.mass * b2.velocity).norm(),
              kRigidRel * pscale);
    auto L = [&](const RigidBody3& a, const RigidBody3& b) {
      return core::Vec3((x1 - P).cross(a.mass * a.velocity) + a.inertia * a.omega + (x2 - P).cross(b.mass * b.velocity) +
                  b.inertia * b.omega);
    };
    // the tensors are O(1)-conditioned (eigenvalues in [0.1, ~9]); the omega update goes through I^-1
    const double lscale = 100 * (b1.mass + b2.mass + b1.inertia.norm() + b2.inertia.norm()) *
                          (1 + b1.velocity.norm() + b2.velocity.norm() + b1.omega.norm() + b2.omega.norm());
    ASSERT_LT((L(r.b1, r.b2) - L(b1, b2)).norm(), kRigidRel * lscale);
    const double vscale = 10 * (1 + b1.velocity.norm() + b2.velocity.norm() + b1.omega.norm() + b2.omega.norm());
    ASSERT_NEAR(vrn(r.b1, r.b2), -e * vrn(b1, b2), kRigidRel * vscale);
    ASSERT_LE(ke(r.b1) + ke(r.b2), (ke(b1) + ke(b2)) * (1 + 1e-12));
  }
}

TEST(CollisionsValidation_Seed002, BlockOnFloorMatchesSectionThreeWithCorrectedVertexVelocity) {
  // Seed 002 §3: floor of infinite mass, normal (0, 1), J = -(1 + Cr) vp.n / (1/m + (r ^ n)^2 / I),
  // with vp = v + w ^ r (eq. (5); the seed's code writes r ^ w, a sign slip).
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double m = 0.5, I = m * (1.0 + 0.01 * 0.01) / 12;  // the seed's block: height 1, width 0.01
  const RigidBody2 block{m, I, core::Vec2(0.3, -2.0), 1.5}, floor{inf, inf, core::Vec2::Zero(), 0.0};
  const core::Vec2 r(-0.4, -0.3), n(0, 1);
  const auto res = rigid_body_collision(block, r, floor, core::Vec2::Zero(), n, 1.0);
  const double vpn = (block.velocity + cross2(block.omega, r)).dot(n);  // = -2 + 1.5 * (-0.4) = -2.6
  EXPECT_NEAR(vpn, -2.6, 1e-15);
  const double rxn = r.x() * n.y() - r.y() * n.x();  // = -0.4
  const double J = -2.0 * vpn / (1.0 / m + rxn * rxn / I);
  EXPECT_NEAR(res.J, J, 1e-14 * std::abs(J));
  EXPECT_NEAR(res.b1.omega, block.omega + rxn * J / I, 1e-12);
  EXPECT_EQ(res.b2.velocity, core::Vec2::Zero());
  // elastic against a fixed floor: kinetic energy conserved
  EXPECT_NEAR(ke(res.b1), ke(block), 1e-13 * ke(block));
}

}  // namespace verisim::collisions::test
