// Constraints of toolkit/models: world velocity = d/dt world position, the bob stays on its circle
// or sphere, the total force is m·ẍ and its non-external part is a pure tension (seed 001 §B.2,
// §B.3), and the seed's u_φ / total-force slips of §B.3 (see toolkit/models/sphere_surface.hpp).
#include <cmath>

#include <gtest/gtest.h>

#include "toolkit/core/random.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/models/circle.hpp"
#include "toolkit/models/constant_force.hpp"
#include "toolkit/models/free.hpp"
#include "toolkit/models/linear_drag.hpp"
#include "toolkit/models/mass_point.hpp"
#include "toolkit/models/spring.hpp"
#include "toolkit/models/line.hpp"
#include "toolkit/models/plane_pendulum.hpp"
#include "toolkit/models/sphere_surface.hpp"
#include "toolkit/models/spherical_pendulum.hpp"

namespace verisim::models::test {

namespace vm = verisim::models;
using verisim::core::PhaseState;
using verisim::core::Vec;
using verisim::core::Vec1;
using verisim::core::Vec2;
using verisim::core::Vec3;
using verisim::core::random_vec;
using verisim::core::uniform;

namespace {

struct Frame {
  core::Vec3 O, d, k;
};
/// A random pivot and a random orthonormal pair (d, k).
Frame random_frame(core::Rng& rng) {
  const core::Vec3 k = random_vec<3>(rng, 1).normalized();
  const core::Vec3 d = random_vec<3>(rng, 1).cross(k).normalized();
  return {random_vec<3>(rng, 5), d, k};
}

/// ‖v − (x(E + hĖ) − x(E − hĖ))/2h‖ / ‖v‖. Centred difference with h = 1e-5: truncation
/// h²‖x'''‖/6 ~ 1e-10 relative for the speeds used, round-off ε‖x‖/h ~ 1e-10: far below 1e-7.
template <class C, int N>
double velocity_mismatch(const C& c, const core::Vec<N>& E, const core::Vec<N>& Edot) {
  constexpr double h = 1e-5;
  const core::Vec3 fd = (c.position(E + h * Edot) - c.position(E - h * Edot)) / (2.0 * h);
  const core::Vec3 v = c.velocity(E, Edot);
  return (v - fd).norm() / v.norm();
}

constexpr double kVelocityTolerance = 1e-7;  // the bound (see velocity_mismatch for the error budget)

}  // namespace

TEST(Models_Constraints, WorldVelocityIsTheDerivativeOfWorldPosition) {
  core::Rng rng(321);
  for (int n = 0; n < 50; ++n) {
    const Frame f = random_frame(rng);
    const double L = uniform(rng, 0.2, 3.0);
    EXPECT_LT(velocity_mismatch(vm::Free{f.O, f.d}, random_vec<3>(rng, 2), random_vec<3>(rng, 2)),
              kVelocityTolerance);
    EXPECT_LT(velocity_mismatch(vm::Line<>{f.O, f.d, 3.0, L}, random_vec<1>(rng, 2), random_vec<1>(rng, 2)),
              kVelocityTolerance);
    EXPECT_LT(velocity_mismatch(vm::Circle<>{f.O, f.d, f.k, L}, random_vec<1>(rng, 4), random_vec<1>(rng, 2)),
              kVelocityTolerance);
    const core::Vec2 E(uniform(rng, 0.05, 3.09), uniform(rng, -4, 4));
    EXPECT_LT(velocity_mismatch(vm::SphereSurface{f.O, f.d, f.k, L}, E, random_vec<2>(rng, 2)), kVelocityTolerance);
  }
}

TEST(Models_Constraints, SphereUnitVectorsAreTheDerivativesOfURho) {
  core::Rng rng(322);
  // Seed 001 §B.3 prints u_φ as a second "u_θ"; the one consistent reading is u_φ = (1/sin θ) ∂u_ρ/∂φ
  // and u_θ = ∂u_ρ/∂θ. Centred differences, h = 1e-6: error ~ h² + ε/h ~ 1e-10.
  constexpr double h = 1e-6;
  for (int n = 0; n < 20; ++n) {
    const Frame f = random_frame(rng);
    const vm::SphereSurface s{f.O, f.d, f.k, 1.0};
    const core::Vec2 E(uniform(rng, 0.1, 3.0), uniform(rng, -4, 4));
    const core::Vec3 dth = (s.u_rho(E + core::Vec2(h, 0)) - s.u_rho(E - core::Vec2(h, 0))) / (2 * h);
    const core::Vec3 dph = (s.u_rho(E + core::Vec2(0, h)) - s.u_rho(E - core::Vec2(0, h))) / (2 * h);
    EXPECT_LT((s.u_theta(E) - dth).norm(), 1e-8);
    EXPECT_LT((s.u_phi(E) - dph / std::sin(E[0])).norm(), 1e-8);
    EXPECT_NEAR(s.u_phi(E).dot(s.u_theta(E)), 0.0, 1e-14);
    EXPECT_NEAR(s.u_phi(E).dot(s.u_rho(E)), 0.0, 1e-14);
    EXPECT_NEAR(s.u_phi(E).norm(), 1.0, 1e-14);
  }
}

TEST(Models_Constraints, TotalForceIsMassTimesAccelerationAndTensionIsRadial) {
  core::Rng rng(323);
  // m ẍ by a centred difference of the world velocity along the flow: ẋ(E ± hĖ, Ė ± h f), h = 1e-5
  // (error ~ h²‖x⁽⁴⁾‖ + ε‖v‖/h ~ 1e-9). F − F_ext must be along the rod (u_ρ): a pure tension.
  // With the seed's printed "f₂ sin θ − 2θ̇φ̇ cos θ" the first check fails by 4 m L |θ̇φ̇ cos θ|.
  constexpr double h = 1e-5;
  for (int n = 0; n < 20; ++n) {
    const core::Vec3 g = 9.81 * random_vec<3>(rng, 1).normalized();
    const core::Vec3 d = random_vec<3>(rng, 1).cross(g).normalized();
    const core::Vec3 Fc = random_vec<3>(rng, 3);  // a constant force too, so that F_ext·u_φ ≠ 0
    const vm::SphericalPendulumParameters p{.m = 1.7, .L = 1.3, .O = random_vec<3>(rng, 2), .d = d, .g = g};
    const auto sp = vm::make_spherical_pendulum(p, vm::make_forces(vm::UniformGravity{g}, vm::ConstantForce{Fc}));
    const core::Vec2 E(uniform(rng, 0.2, 2.9), uniform(rng, -3, 3)), Ed = random_vec<2>(rng, 2);
    const core::Vec2 f = sp.acceleration(E, Ed, 0.0);
    const core::Vec3 a = (sp.velocity(E + h * Ed, Ed + h * f) - sp.velocity(E - h * Ed, Ed - h * f)) / (2 * h);
    const core::Vec3 F = sp.total_force(E, Ed, 0.0);
    EXPECT_LT((F - p.m * a).norm(), 1e-6 * F.norm());
    const core::Vec3 tension = F - sp.external_force(E, Ed, 0.0);
    EXPECT_LT(tension.cross(sp.constraint.u_rho(E)).norm(), 1e-12 * (1.0 + tension.norm()));

    const auto pp = vm::make_plane_pendulum<vm::Damped>({.m = 0.8, .L = 2.1, .b = 0.3, .d = d, .g = g});
    const core::Vec1 th(uniform(rng, -3, 3)), thd(uniform(rng, -2, 2));
    const core::Vec1 fp = pp.acceleration(th, thd, 0.0);
    const core::Vec3 ap = (pp.velocity(th + h * thd, thd + h * fp) - pp.velocity(th - h * thd, thd - h * fp)) / (2 * h);
    const core::Vec3 Fp = pp.total_force(th, thd, 0.0);
    EXPECT_LT((Fp - 0.8 * ap).norm(), 1e-6 * Fp.norm());
  }
}

TEST(Models_Constraints, PendulumBobsStayAtDistanceLFromThePivot) {
  // |x − O| = L by construction (cos² + sin² = 1); the bound 1e-12 relative leaves ~10⁴ ε of room.
  const core::Vec3 O(1.0, -2.0, 3.0);
  auto pp = vm::make_plane_pendulum({.m = 1.0, .L = 2.0, .O = O, .theta0 = 2.9, .omega0 = 1.0});
  verisim::integrators::Rk4<core::Vec1> rk1;
  auto s1 = pp.state;
  double worst = 0.0;
  verisim::integrators::integrate_n_steps(rk1, pp, s1, 0.0, 1e-2, 2000, [&](const auto& s, double, std::size_t) {
    worst = std::max(worst, std::abs((pp.position(s.q) - O).norm() / 2.0 - 1.0));
  });
  EXPECT_LT(worst, 1e-12);

  // Spherical pendulum passing within 1e-3 rad of the bottom: its remap hook changes chart.
  auto sp = vm::make_spherical_pendulum({.m = 1.0, .L = 2.0, .O = O, .E0 = core::Vec2(1.2, 0.0), .Edot0 = core::Vec2(0.0, 0.002)});
  verisim::integrators::Rk4<core::Vec2> rk2;
  auto s2 = sp.state;
  worst = 0.0;
  verisim::integrators::integrate_n_steps(rk2, sp, s2, 0.0, 1e-2, 2000, [&](const auto& s, double, std::size_t) {
    worst = std::max(worst, std::abs((sp.position(s.q) - O).norm() / 2.0 - 1.0));
  });
  EXPECT_LT(worst, 1e-12);
}

TEST(Models_Constraints, VelocityIndependenceFlagMatchesTheAcceleration) {
  core::Rng rng(324);
  // Objects declaring velocity_independent give the same f for any Ė (bit for bit); the others
  // (friction b, drag, the sphere's centrifugal terms) do change with Ė.
  const auto spring = vm::make_spring({.k = 3.0});
  const auto dspring = vm::make_spring<vm::Damped>({.k = 3.0, .b = 0.5});
  const auto pend = vm::make_plane_pendulum({.L = 1.2});
  const auto dpend = vm::make_plane_pendulum<vm::Damped>({.L = 1.2, .b = 0.5});
  const auto point = vm::make_mass_point({}, vm::make_forces(vm::UniformGravity{}));
  const auto dpoint = vm::make_mass_point({}, vm::make_forces(vm::UniformGravity{}, vm::LinearDrag{0.3}));
  const auto sph = vm::make_spherical_pendulum({});
  static_assert(decltype(spring)::velocity_independent && decltype(pend)::velocity_independent &&
                decltype(point)::velocity_independent);
  static_assert(!decltype(dspring)::velocity_independent && !decltype(dpend)::velocity_independent &&
                !decltype(dpoint)::velocity_independent && !decltype(sph)::velocity_independent);
  for (int n = 0; n < 10; ++n) {
    const core::Vec1 q1 = random_vec<1>(rng, 2), a1 = random_vec<1>(rng, 2), b1 = random_vec<1>(rng, 2);
    const core::Vec3 q3 = random_vec<3>(rng, 2), a3 = random_vec<3>(rng, 2), b3 = random_vec<3>(rng, 2);
    const core::Vec2 q2(uniform(rng, 0.3, 2.8), uniform(rng, -3, 3)), a2 = random_vec<2>(rng, 2), b2 = random_vec<2>(rng, 2);
    EXPECT_EQ(spring.acceleration(q1, a1, 0), spring.acceleration(q1, b1, 0));
    EXPECT_EQ(pend.acceleration(q1, a1, 0), pend.acceleration(q1, b1, 0));
    EXPECT_EQ(point.acceleration(q3, a3, 0), point.acceleration(q3, b3, 0));
    EXPECT_NE(dspring.acceleration(q1, a1, 0), dspring.acceleration(q1, b1, 0));
    EXPECT_NE(dpend.acceleration(q1, a1, 0), dpend.acceleration(q1, b1, 0));
    EXPECT_NE(dpoint.acceleration(q3, a3, 0), dpoint.acceleration(q3, b3, 0));
    EXPECT_NE(sph.acceleration(q2, a2, 0), sph.acceleration(q2, b2, 0));
  }
}

}  // namespace verisim::models::test
