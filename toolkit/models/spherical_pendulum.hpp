#pragma once
// The spherical pendulum of seed 001 §B.3: bob of mass m on a rod of length L about O, E = (θ, φ),
// polar axis k = {g}₁, gravity g (and any further forces, e.g. LinearDrag, through make_forces).
// Conserved when undamped: the energy, and L·k (the angular momentum about the vertical through O,
// = −m L² sin²θ φ̇ in the seed's left-handed (d, j, k) chart).
//
// Pole handling (see sphere.hpp): the object's remap() (its constraint's) moves the state to the
// other chart when θ comes within 30° of a pole of the current one; integrators::integrate_n_steps
// calls it between steps when the object is passed non-const, so any integrator crosses the poles.
// The object's constraint holds the current chart; use object.position(E) / energy(E, Ė) with the
// object as it is when the state is observed (the observer may capture the object by reference).
#include <cmath>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/models/check.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/object.hpp"
#include "toolkit/models/sphere_surface.hpp"
#include "toolkit/models/uniform_gravity.hpp"

namespace verisim::models {

template <Force Forces = ForceSum<UniformGravity>>
using SphericalPendulum = Object<SphereSurface, Forces>;

struct SphericalPendulumParameters {
  double m = 1.0;               ///< mass of the bob (kg)
  double L = 1.0;               ///< length (m)
  core::Vec3 O = core::Vec3::Zero();        ///< pivot
  core::Vec3 d{1.0, 0.0, 0.0};        ///< unit, orthogonal to g: φ = 0
  core::Vec3 g{0.0, 0.0, -9.81};      ///< gravity
  core::Vec2 E0{0.5, 0.0};            ///< initial (θ, φ)
  core::Vec2 Edot0{0.0, 1.0};         ///< initial (θ̇, φ̇)
};

template <Force Forces = ForceSum<UniformGravity>>
SphericalPendulum<Forces> make_spherical_pendulum(const SphericalPendulumParameters& p, Forces forces) {
  detail::require_positive(p.m, "spherical pendulum: m");
  detail::require_positive(p.L, "spherical pendulum: L");
  detail::require_positive(p.g.norm(), "spherical pendulum: |g|");
  detail::require_unit(p.d, "spherical pendulum: d");
  const core::Vec3 k = unit_vector(p.g);  // seed 001 §B.3: k = {g}₁
  detail::require(std::abs(p.d.dot(k)) <= detail::kUnitTolerance, "spherical pendulum: d must be orthogonal to g");
  return SphericalPendulum<Forces>{SphereSurface{p.O, p.d, k, p.L}, forces, p.m, 0.0, {p.E0, p.Edot0}};
}

inline SphericalPendulum<> make_spherical_pendulum(const SphericalPendulumParameters& p) {
  return make_spherical_pendulum(p, make_forces(UniformGravity{p.g}));
}

}  // namespace verisim::models
