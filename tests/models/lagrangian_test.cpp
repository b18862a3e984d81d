// Every model's acceleration against an independent derivation: the Euler–Lagrange equations of
// its Lagrangian L = T − V (and Rayleigh function R for friction), written here from textbook
// mechanics (Goldstein, Classical Mechanics, §1.4–1.5; Rayleigh dissipation §1.5) and
// differentiated numerically (model_test_support.hpp). Agreement to 1e-6 relative at random states.
#include <cmath>

#include <gtest/gtest.h>

#include "tests/models/model_test_support.hpp"
#include "toolkit/core/random.hpp"
#include "toolkit/models/central_gravity.hpp"
#include "toolkit/models/constant_force.hpp"
#include "toolkit/models/linear_drag.hpp"
#include "toolkit/models/lorentz_force.hpp"
#include "toolkit/models/mass_point.hpp"
#include "toolkit/models/plane_pendulum.hpp"
#include "toolkit/models/spherical_pendulum.hpp"
#include "toolkit/models/spring.hpp"

namespace verisim::models::test {

namespace vm = verisim::models;
namespace vt = verisim::models::test;
using verisim::core::Vec;
using verisim::core::Vec1;
using verisim::core::Vec2;
using verisim::core::Vec3;
namespace core = verisim::core;
using verisim::core::random_vec;
using verisim::core::uniform;

namespace {
// Finite differences give ~1e-8 relative (model_test_support.hpp); 1e-6 is the bound.
constexpr double kTolerance = 1e-6;
template <int N>
void expect_close(const core::Vec<N>& model, const core::Vec<N>& lagrange) {
  EXPECT_LT((model - lagrange).norm(), kTolerance * std::max(1.0, lagrange.norm()))
      << "model " << model.transpose() << " vs Euler-Lagrange " << lagrange.transpose();
}
}  // namespace

TEST(Models_LagrangianValidation, SpringOnAnAxis) {
  core::Rng rng(311);
  for (int n = 0; n < 20; ++n) {
    const double k = uniform(rng, 0.5, 10), m = uniform(rng, 0.2, 3), b = uniform(rng, 0, 2);
    const core::Vec3 g = random_vec<3>(rng, 10), d = core::random_unit<3>(rng), O = random_vec<3>(rng, 1);
    const auto s = vm::make_spring<vm::Damped>({.k = k, .m = m, .b = b, .O = O, .d = d, .g = g});
    // T = ½ m ẋ², V = ½ k x² − m g·(O + x d), R = ½ b ẋ²
    const auto L = [&](const core::Vec1& q, const core::Vec1& qd) {
      return 0.5 * m * qd[0] * qd[0] - 0.5 * k * q[0] * q[0] + m * g.dot(O + q[0] * d);
    };
    const auto R = [&](const core::Vec1& qd) { return 0.5 * b * qd[0] * qd[0]; };
    const core::Vec1 q = random_vec<1>(rng, 2), qd = random_vec<1>(rng, 2);
    expect_close<1>(s.acceleration(q, qd, 0.0), vt::euler_lagrange_acceleration<1>(L, R, q, qd));
  }
}

TEST(Models_LagrangianValidation, PlanePendulumWithAxisFrictionAndAnExtraForce) {
  core::Rng rng(312);
  for (int n = 0; n < 20; ++n) {
    const double m = uniform(rng, 0.2, 3), len = uniform(rng, 0.3, 3), b = uniform(rng, 0, 2);
    const core::Vec3 g = 9.81 * core::random_unit<3>(rng), d = random_vec<3>(rng, 1).cross(g).normalized();
    const core::Vec3 Fc = random_vec<3>(rng, 5), O = random_vec<3>(rng, 1);
    const auto p = vm::make_plane_pendulum<vm::Damped>({.m = m, .L = len, .b = b, .O = O, .d = d, .g = g});
    const vm::Object<vm::Circle<vm::Damped>, vm::ForceSum<vm::UniformGravity, vm::ConstantForce>> pf{
        p.constraint, vm::make_forces(vm::UniformGravity{g}, vm::ConstantForce{Fc}), m};
    // Bob at O + L(cos θ ĝ + sin θ d): T = ½ m L² θ̇², V = −(m g + F)·x, R = ½ b θ̇² (the axis
    // friction torque −b θ̇ of seed 001 §B.2's equation mL²θ̈ + bθ̇ − L F·u = 0).
    const core::Vec3 gh = g.normalized();
    const auto L = [&](const core::Vec1& q, const core::Vec1& qd) {
      const core::Vec3 x = O + len * (std::cos(q[0]) * gh + std::sin(q[0]) * d);
      return 0.5 * m * len * len * qd[0] * qd[0] + (m * g + Fc).dot(x);
    };
    const auto R = [&](const core::Vec1& qd) { return 0.5 * b * qd[0] * qd[0]; };
    const core::Vec1 q = random_vec<1>(rng, 3), qd = random_vec<1>(rng, 3);
    expect_close<1>(pf.acceleration(q, qd, 0.0), vt::euler_lagrange_acceleration<1>(L, R, q, qd));
  }
}

TEST(Models_LagrangianValidation, SphericalPendulumWithAForceAcrossTheVertical) {
  core::Rng rng(313);
  // A constant force with a component along j makes F·u_φ ≠ 0: this checks the seed's φ̈ equation
  // with u_φ = −sin φ d + cos φ j (the vector printed as a second "u_θ" in seed 001 §B.3).
  for (int n = 0; n < 20; ++n) {
    const double m = uniform(rng, 0.2, 3), len = uniform(rng, 0.3, 3);
    const core::Vec3 g = 9.81 * core::random_unit<3>(rng), d = random_vec<3>(rng, 1).cross(g).normalized();
    const core::Vec3 Fc = random_vec<3>(rng, 5);
    const auto p = vm::make_spherical_pendulum({.m = m, .L = len, .d = d, .g = g},
                                               vm::make_forces(vm::UniformGravity{g}, vm::ConstantForce{Fc}));
    // Spherical coordinates about the axis k = ĝ: x = L(sin θ cos φ d + sin θ sin φ j + cos θ k),
    // T = ½ m L² (θ̇² + sin²θ φ̇²)  (Goldstein §1.6 / any text), V = −(m g + F)·x.
    const core::Vec3 k = g.normalized(), j = d.cross(k);
    const auto L = [&](const core::Vec2& q, const core::Vec2& qd) {
      const double st = std::sin(q[0]);
      const core::Vec3 x = len * (st * std::cos(q[1]) * d + st * std::sin(q[1]) * j + std::cos(q[0]) * k);
      return 0.5 * m * len * len * (qd[0] * qd[0] + st * st * qd[1] * qd[1]) + (m * g + Fc).dot(x);
    };
    const core::Vec2 q(uniform(rng, 0.2, 2.9), uniform(rng, -3, 3)), qd = random_vec<2>(rng, 3);
    expect_close<2>(p.acceleration(q, qd, 0.0), vt::euler_lagrange_acceleration<2>(L, vt::NoRayleigh{}, q, qd));
  }
}

TEST(Models_LagrangianValidation, MassPointUnderEveryForce) {
  core::Rng rng(314);
  for (int n = 0; n < 20; ++n) {
    const double m = uniform(rng, 0.2, 3), charge = uniform(rng, -2, 2), b = uniform(rng, 0, 1);
    const core::Vec3 g = random_vec<3>(rng, 10), Fc = random_vec<3>(rng, 3);
    const core::Vec3 E = random_vec<3>(rng, 2), B = random_vec<3>(rng, 2), c(0, 0, -10);
    const double GM = 50.0;
    const auto pt = vm::make_mass_point(
        {.m = m, .charge = charge},
        vm::make_forces(vm::UniformGravity{g}, vm::ConstantForce{Fc}, vm::CentralGravity{c, GM, 1.0},
                        vm::LorentzForce{E, B}, vm::LinearDrag{b}));
    // L = ½ m v² + (m g + F)·x + G M m/|x − c| + q(v·A − φ), A = ½ B × x, φ = −E·x
    // (Goldstein §1.5, eq. (1.63) for the velocity-dependent potential of q(E + v×B)); R = ½ b v².
    const auto L = [&](const core::Vec3& x, const core::Vec3& v) {
      return 0.5 * m * v.squaredNorm() + (m * g + Fc).dot(x) + GM * m / (x - c).norm() +
             charge * (v.dot(0.5 * B.cross(x)) + E.dot(x));
    };
    const auto R = [&](const core::Vec3& v) { return 0.5 * b * v.squaredNorm(); };
    const core::Vec3 x = random_vec<3>(rng, 2), v = random_vec<3>(rng, 2);
    expect_close<3>(pt.acceleration(x, v, 0.0), vt::euler_lagrange_acceleration<3>(L, R, x, v));
  }
}

}  // namespace verisim::models::test
