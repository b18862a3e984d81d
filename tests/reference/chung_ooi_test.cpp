// reference/problems/chung_ooi.hpp: the benchmark's table and the impulse-theory closed forms, against
// seed 001 §F's 3D impulse law (toolkit/collisions/spinning_spheres.hpp, written independently with vectors),
// a direct integration over the normal impulse, the threshold's continuity and test 8's wall limit.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string_view>

#include "reference/problems/chung_ooi.hpp"
#include "tests/support/approx.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"

namespace verisim::reference::test {
namespace {

using problems::ChungOoiPartner;
using problems::kChungOoiTests;
using verisim::test::approx;

TEST(ChungOoi, TableIsConsistent) {
  for (std::size_t i = 0; i < kChungOoiTests.size(); ++i) {
    const auto& t = kChungOoiTests[i];
    EXPECT_EQ(t.number, static_cast<int>(i) + 1);
    EXPECT_GT(t.radius, 0.0);
    EXPECT_GT(t.speed, 0.0);
    EXPECT_TRUE(t.restitution > 0.0 && t.restitution <= 1.0);
    EXPECT_GE(t.mu, 0.0);
    EXPECT_LE(t.sweep_min, t.sweep_max);
    EXPECT_NE(t.source, nullptr);
    EXPECT_EQ(t.partner == ChungOoiPartner::rigid_plane, t.partner_radius == 0.0) << "test " << t.number;
    EXPECT_EQ(t.partner == ChungOoiPartner::identical_sphere, t.partner_radius == t.radius) << "test " << t.number;
    for (const auto& m : t.materials) {
      EXPECT_FALSE(std::string_view(m.name).empty());
      EXPECT_GT(m.material.youngs_modulus, 0.0);
      EXPECT_TRUE(m.material.poisson > 0.0 && m.material.poisson < 0.5);
      EXPECT_GT(m.material.density, 0.0);
    }
  }
  // Test 8 tends to the wall: the second sphere weighs (R_j/R_i)³ ρ_j/ρ_i = 125 000 times the first.
  const auto& t8 = kChungOoiTests[7];
  EXPECT_NEAR(std::pow(t8.partner_radius / t8.radius, 3) * t8.partner_density_ratio, 1.25e5, 1e-6);
}

/// The sphere on a plane (n = ẑ) through seed 001 §F's obstacle law; our spin part of the slip is −R ω_y.
collisions::SpinResult seed_plane(double vn, double vt, double omega_y, double R, double mu, double e) {
  const collisions::SpinningSphere s{1.0, R, core::Vec3(vt, 0.0, -vn), core::Vec3(0.0, omega_y, 0.0)};
  return collisions::spinning_sphere_obstacle(s, core::Vec3::UnitZ(), {mu, e});
}

TEST(ChungOoi, SphereOnPlaneAgainstSeedImpulseLaw) {
  // Tests 4 (angles, no spin), 5 (tangential speeds) and 6 (spins) with both branches: the two laws are
  // the same theory written independently (1D signed slip here, vectors there), so they agree to rounding.
  const auto& t4 = kChungOoiTests[3];
  for (double deg = t4.sweep_min; deg <= t4.sweep_max; deg += 5.0) {
    const double th = deg * std::numbers::pi / 180.0, vn = t4.speed * std::cos(th), vt = t4.speed * std::sin(th);
    const auto ours = problems::sphere_on_plane(vn, vt, 0.0, t4.mu, t4.restitution);
    const auto seed = seed_plane(vn, vt, 0.0, t4.radius, t4.mu, t4.restitution);
    EXPECT_NEAR(ours.tangential_speed, seed.b1.velocity.x(), 1e-14 * t4.speed) << deg << "°";
    EXPECT_NEAR(ours.spin_speed, -t4.radius * seed.b1.omega.y(), 1e-14 * t4.speed) << deg << "°";
    EXPECT_NEAR(ours.normal_speed, seed.b1.velocity.z(), 1e-14 * t4.speed);
    EXPECT_EQ(ours.gross_sliding, seed.branch == collisions::Branch::slip) << deg << "°";
  }
  const auto& t5 = kChungOoiTests[4];
  for (double vt = t5.sweep_min; vt <= t5.sweep_max; vt *= 1.5) {
    const auto ours = problems::sphere_on_plane(t5.speed, vt, 0.0, t5.mu, t5.restitution);
    const auto seed = seed_plane(t5.speed, vt, 0.0, t5.radius, t5.mu, t5.restitution);
    EXPECT_NEAR(ours.tangential_speed, seed.b1.velocity.x(), 1e-14 * vt);
    EXPECT_NEAR(ours.spin_speed, -t5.radius * seed.b1.omega.y(), 1e-14 * vt);
  }
  const auto& t6 = kChungOoiTests[5];
  for (double w = t6.sweep_min; w <= t6.sweep_max; w *= 1.5) {
    const auto ours = problems::sphere_on_plane(t6.speed, 0.0, -t6.radius * w, t6.mu, t6.restitution);
    const auto seed = seed_plane(t6.speed, 0.0, w, t6.radius, t6.mu, t6.restitution);
    EXPECT_NEAR(ours.tangential_speed, seed.b1.velocity.x(), 1e-14 * t6.radius * w);
    EXPECT_NEAR(ours.spin_speed, -t6.radius * seed.b1.omega.y(), 1e-14 * t6.radius * w);
  }
}

/// The impact integrated over the normal impulse P ∈ [0, m*(1+ε)V_n] in n equal increments: dP_t = −μ sgn(s) dP
/// while the contact slides, the slip updated by dP_t/M_t; when an increment would reverse s, the slip stops
/// (and, for spheres, stays stopped: keeping s = 0 needs no tangential impulse). Independent of rigid_impact's
/// algebra; the stop is resolved within one increment, so the error is at most μ·dP/m.
problems::RigidRebound integrate_impulse(const problems::RigidImpact& c, int n) {
  const double inv_i = 1.0 / c.mass_i, inv_j = std::isinf(c.mass_j) ? 0.0 : 1.0 / c.mass_j;
  const double pn = (1.0 + c.restitution) * c.normal_speed / (inv_i + inv_j), dp = pn / n;
  const double inv_mt = (1.0 + 1.0 / c.kappa_i) * inv_i + (1.0 + 1.0 / c.kappa_j) * inv_j;
  double s = c.slip, pt = 0.0;
  for (int k = 0; k < n && s != 0.0; ++k) {
    const double d = -(s > 0.0 ? 1.0 : -1.0) * c.mu * dp;
    if (std::abs(d * inv_mt) >= std::abs(s)) {  // the slip stops within this increment
      pt += -s / inv_mt;
      s = 0.0;
    } else {
      pt += d;
      s += d * inv_mt;
    }
  }
  problems::RigidRebound r;
  r.normal_impulse = pn;
  r.tangential_impulse = pt;
  r.dv_i = pt * inv_i, r.dv_j = -pt * inv_j;
  r.dspin_i = pt * inv_i / c.kappa_i, r.dspin_j = pt * inv_j / c.kappa_j;
  r.slip_after = s;
  return r;
}

TEST(ChungOoi, ClosedFormAgainstImpulseIntegration) {
  // Sliding throughout: the integration is exact (μ dP per increment, summed); sticking: error ≤ μ dP/m_i.
  // n = 1e5 → 1e-5 of the normal impulse; 2e-5 relative to V_n.
  const double vn = 0.2;
  for (double mj : {std::numeric_limits<double>::infinity(), 1.0, 3.7, 1.25e5}) {
    for (double ratio : {0.3, 1.0, 2.5, 3.5 * 1.5 * 0.4 * 0.999, 3.5 * 1.5 * 0.4 * 1.001, 6.0, 40.0}) {
      for (double sign : {1.0, -1.0}) {
        const problems::RigidImpact c{1.0, mj, 0.4, 0.4, vn, sign * ratio * vn, 0.4, 0.5};
        const auto a = problems::rigid_impact(c), b = integrate_impulse(c, 100000);
        EXPECT_NEAR(a.dv_i, b.dv_i, 2e-5 * vn) << "m_j " << mj << " s/V_n " << sign * ratio;
        EXPECT_NEAR(a.dspin_i, b.dspin_i, 2e-5 * vn / 0.4);
        EXPECT_NEAR(a.dv_j, b.dv_j, 2e-5 * vn);
        EXPECT_NEAR(a.slip_after, b.slip_after, 2e-5 * vn * 3.5 * 2.0);
        EXPECT_EQ(a.gross_sliding, ratio >= problems::gross_sliding_threshold(0.4, 0.5));
      }
    }
  }
}

TEST(ChungOoi, ThresholdIsContinuousAndEnergyDoesNotGrow) {
  // At |s| = μ(1+ε)(1 + 1/κ)V_n the sliding and sticking branches give the same rebound (s' = 0 either way).
  for (double mj : {std::numeric_limits<double>::infinity(), 2.0, 1.25e5}) {
    const double thr = problems::gross_sliding_threshold(0.092, 0.98) * 1.0;
    const auto lo = problems::rigid_impact({1.0, mj, 0.4, 0.4, 1.0, thr * (1.0 - 1e-12), 0.092, 0.98});
    const auto hi = problems::rigid_impact({1.0, mj, 0.4, 0.4, 1.0, thr * (1.0 + 1e-12), 0.092, 0.98});
    EXPECT_FALSE(lo.gross_sliding);
    EXPECT_TRUE(hi.gross_sliding);
    EXPECT_NEAR(lo.dv_i, hi.dv_i, 1e-11);
    EXPECT_NEAR(lo.dspin_i, hi.dspin_i, 1e-11);
    EXPECT_NEAR(hi.slip_after, 0.0, 1e-11);
  }
  // Kinetic energy of the tangential motion and spin (sphere on plane, m = 1, I = κR²): ½v² + ½κ(Rω)² never grows.
  for (double s0 : {0.1, 1.0, 5.0}) {
    for (double vt : {-s0, 0.0, 0.5 * s0, s0}) {
      const double spin = s0 - vt;
      const auto r = problems::sphere_on_plane(1.0, vt, spin, 0.3, 0.8);
      const double before = 0.5 * vt * vt + 0.5 * 0.4 * spin * spin;
      const double after = 0.5 * r.tangential_speed * r.tangential_speed + 0.5 * 0.4 * r.spin_speed * r.spin_speed;
      EXPECT_LE(after, before * (1.0 + 1e-15));
    }
  }
}

TEST(ChungOoi, Test7OppositeSpinsHaveNoSlip) {
  // LIGGGHTS-PFM's deck: sphere 1 at +z moving −z with ω = +ω x̂, sphere 2 at −z moving +z with −ω x̂.
  // Contact points: ω x̂ × (−R ẑ) = Rω ŷ and (−ω x̂) × (R ẑ) = Rω ŷ — equal, so s = 0, and the seed law agrees:
  // no tangential velocity (the benchmark's symmetry) and unchanged spins.
  const auto& t7 = kChungOoiTests[6];
  for (const auto& mat : t7.materials) {
    const double m = contact::sphere_mass(t7.radius, mat.material.density);
    for (double w = t7.sweep_min; w <= t7.sweep_max; w *= 2.0) {
      const collisions::SpinningSphere a{m, t7.radius, core::Vec3(0, 0, -t7.speed), core::Vec3(w, 0, 0)};
      const collisions::SpinningSphere b{m, t7.radius, core::Vec3(0, 0, t7.speed), core::Vec3(-w, 0, 0)};
      const auto seed = collisions::spinning_spheres(a, b, core::Vec3::UnitZ(), {t7.mu, t7.restitution});
      const double slip = (a.omega.cross(-t7.radius * core::Vec3::UnitZ()) - b.omega.cross(t7.radius * core::Vec3::UnitZ())).y();
      EXPECT_EQ(slip, 0.0);
      const auto ours = problems::rigid_impact({m, m, 0.4, 0.4, 2.0 * t7.speed, slip, t7.mu, t7.restitution});
      EXPECT_EQ(ours.dv_i, 0.0);
      EXPECT_EQ(ours.dspin_i, 0.0);
      EXPECT_NEAR(seed.b1.velocity.y(), 0.0, 1e-15);
      EXPECT_NEAR(seed.b1.omega.x(), w, 1e-13 * w);
      EXPECT_NEAR(seed.b1.velocity.z(), t7.restitution * t7.speed, 1e-14);
    }
  }
}

TEST(ChungOoi, Test8TendsToTheWall) {
  // Sphere 1 (R = 0.1) at 0.2 m/s with spin ω ŷ against sphere 2 at rest (R₂ = 0.5, 125 000 times heavier):
  // against seed 001 §F's two-sphere law, and within O(m_i/m_j) of the wall's closed form.
  const auto& t8 = kChungOoiTests[7];
  const double m1 = 1.0, m2 = 1.25e5;
  for (double w = t8.sweep_min; w <= t8.sweep_max; w *= 1.7) {
    const collisions::SpinningSphere a{m1, t8.radius, core::Vec3(0, 0, -t8.speed), core::Vec3(0, w, 0)};
    const collisions::SpinningSphere b{m2, t8.partner_radius, core::Vec3::Zero(), core::Vec3::Zero()};
    const auto seed = collisions::spinning_spheres(a, b, core::Vec3::UnitZ(), {t8.mu, t8.restitution});
    const double s = -t8.radius * w;  // ω ŷ × (−R ẑ) = −Rω x̂
    const auto ours = problems::rigid_impact({m1, m2, 0.4, 0.4, t8.speed, s, t8.mu, t8.restitution});
    EXPECT_NEAR(ours.dv_i, seed.b1.velocity.x(), 1e-14);
    EXPECT_NEAR(ours.dspin_i, -t8.radius * (seed.b1.omega.y() - w), 1e-14);
    EXPECT_NEAR(ours.dv_j, seed.b2.velocity.x(), 1e-18);
    const auto wall = problems::rigid_impact({m1, std::numeric_limits<double>::infinity(), 0.4, 0.4, t8.speed, s, t8.mu, t8.restitution});
    EXPECT_NEAR(ours.dv_i, wall.dv_i, 2.0 * m1 / m2 * std::abs(wall.dv_i) + 1e-16);
    EXPECT_NEAR(ours.dspin_i, wall.dspin_i, 2.0 * m1 / m2 * std::abs(wall.dspin_i) + 1e-16);
    const auto far = problems::rigid_impact({m1, 1e12, 0.4, 0.4, t8.speed, s, t8.mu, t8.restitution});
    EXPECT_TRUE(approx(far.dv_i, wall.dv_i, 1e-11));
  }
}

}  // namespace
}  // namespace verisim::reference::test
