#pragma once
// The plane pendulum of fixed length of seed 001 §B.2: bob of mass m on a rod of length L about O,
// in the plane (d, k), k = {g}₁, friction b on the axis (the boxed formula's b/L term), gravity g.
//   auto p = make_plane_pendulum({.m = 1, .L = 2, .theta0 = 0.3});
//   integrators::Rk4<core::Vec1> rk4;  auto s = p.state;  integrators::integrate_n_steps(rk4, p, s, 0, 1e-3, 1000);
#include <cmath>
#include <string>

#include "toolkit/models/check.hpp"
#include "toolkit/models/circle.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/object.hpp"
#include "toolkit/models/uniform_gravity.hpp"

namespace verisim::models {

template <class Damping = Undamped>
using PlanePendulum = Object<Circle<Damping>, ForceSum<UniformGravity>>;

struct PlanePendulumParameters {
  double m = 1.0;               ///< mass of the bob (kg)
  double L = 1.0;               ///< length (m)
  double b = 0.0;               ///< axis friction (seed 001 §B.2); must be 0 for Undamped
  core::Vec3 O = core::Vec3::Zero();        ///< pivot
  core::Vec3 d{1.0, 0.0, 0.0};        ///< unit, orthogonal to g
  core::Vec3 g{0.0, 0.0, -9.81};      ///< gravity
  double theta0 = 0.0, omega0 = 0.0;  ///< initial θ, θ̇
};

template <class Damping = Undamped>
PlanePendulum<Damping> make_plane_pendulum(const PlanePendulumParameters& p) {
  detail::require_positive(p.m, "plane pendulum: m");
  detail::require_positive(p.L, "plane pendulum: L");
  detail::require_positive(p.g.norm(), "plane pendulum: |g|");
  detail::require_unit(p.d, "plane pendulum: d");
  const core::Vec3 k = unit_vector(p.g);  // seed 001 §B.2: k = {g}₁
  detail::require(std::abs(p.d.dot(k)) <= detail::kUnitTolerance, "plane pendulum: d must be orthogonal to g");
  Damping damping{};
  if constexpr (Damping::velocity_dependent)
    damping.b = p.b;
  else
    detail::require(p.b == 0.0, "plane pendulum: b = " + std::to_string(p.b) + " needs make_plane_pendulum<Damped>");
  return PlanePendulum<Damping>{Circle<Damping>{p.O, p.d, k, p.L, damping}, make_forces(UniformGravity{p.g}), p.m,
                                0.0, {core::Vec1(p.theta0), core::Vec1(p.omega0)}};
}

}  // namespace verisim::models
