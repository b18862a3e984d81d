#pragma once
// The spring of seed 001 §B.1: mass m on an ideal spring of stiffness k along the unit axis d,
// rest length L, fluid friction b, under gravity g: f = (m g·d − k E₁ − b Ė₁)/m (eq. (2) with
// F_ext = m g). Damped or not is a type (damping.hpp), so the undamped spring is velocity-independent.
//   auto s = make_spring({.k = 4, .m = 1, .d = {0, 0, -1}});                  // undamped
//   auto s = make_spring<Damped>({.k = 4, .m = 1, .b = 0.3});                   // damped
#include <string>

#include "toolkit/models/check.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/line.hpp"
#include "toolkit/models/object.hpp"
#include "toolkit/models/uniform_gravity.hpp"

namespace verisim::models {

template <class Damping = Undamped>
using Spring = Object<Line<Damping>, ForceSum<UniformGravity>>;

struct SpringParameters {
  double k = 1.0;                   ///< stiffness (N/m)
  double m = 1.0;                   ///< mass (kg)
  double L = 1.0;                   ///< rest length (drawing only)
  double b = 0.0;                   ///< fluid friction (kg/s); must be 0 for Undamped
  core::Vec3 O = core::Vec3::Zero();            ///< rest position of the mass
  core::Vec3 d{1.0, 0.0, 0.0};            ///< axis (unit)
  core::Vec3 g{0.0, 0.0, -9.81};          ///< gravity
  double x0 = 0.0, v0 = 0.0;        ///< initial E₁, Ė₁
};

template <class Damping = Undamped>
Spring<Damping> make_spring(const SpringParameters& p) {
  detail::require_positive(p.k, "spring: k");
  detail::require_positive(p.m, "spring: m");
  detail::require_unit(p.d, "spring: d");
  Damping damping{};
  if constexpr (Damping::velocity_dependent)
    damping.b = p.b;
  else
    detail::require(p.b == 0.0, "spring: b = " + std::to_string(p.b) + " needs make_spring<Damped>");
  return Spring<Damping>{Line<Damping>{p.O, p.d, p.k, p.L, damping}, make_forces(UniformGravity{p.g}), p.m, 0.0,
                         {core::Vec1(p.x0), core::Vec1(p.v0)}};
}

}  // namespace verisim::models
