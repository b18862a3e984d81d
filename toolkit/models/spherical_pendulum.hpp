#pragma once
// The spherical pendulum of seed 001 §B.3: bob of mass m on a rod of length L about O, E = (θ, φ),
// polar axis k = {g}₁, gravity g (and any further forces, e.g. LinearDrag, through make_forces).
// Conserved when undamped: the energy, and L·k (the angular momentum about the vertical through O,
// = −m L² sin²θ φ̇ in the seed's left-handed (d, j, k) chart).
//
// Pole handling (see sphere.hpp): integrate_n_steps_charted steps with any integrator and, between
// steps, moves the state to the other chart when θ comes within 30° of a pole of the current one.
// The object's constraint holds the current chart; use object.position(E) / energy(E, Ė) with the
// object as it is when the state is observed (the observer may capture the object by reference).
#include <cmath>
#include <cstddef>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/models/check.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/object.hpp"
#include "toolkit/models/sphere.hpp"
#include "toolkit/models/uniform_gravity.hpp"

namespace verisim::models {

template <Force Forces = ForceSum<UniformGravity>>
using SphericalPendulum = Object<Sphere, Forces>;

struct SphericalPendulumParameters {
  double m = 1.0;               ///< mass of the bob (kg)
  double L = 1.0;               ///< length (m)
  Vec3 O = Vec3::Zero();        ///< pivot
  Vec3 d{1.0, 0.0, 0.0};        ///< unit, orthogonal to g: φ = 0
  Vec3 g{0.0, 0.0, -9.81};      ///< gravity
  Vec2 E0{0.5, 0.0};            ///< initial (θ, φ)
  Vec2 Edot0{0.0, 1.0};         ///< initial (θ̇, φ̇)
};

template <Force Forces = ForceSum<UniformGravity>>
SphericalPendulum<Forces> make_spherical_pendulum(const SphericalPendulumParameters& p, Forces forces) {
  detail::require_positive(p.m, "spherical pendulum: m");
  detail::require_positive(p.L, "spherical pendulum: L");
  detail::require_positive(p.g.norm(), "spherical pendulum: |g|");
  detail::require_unit(p.d, "spherical pendulum: d");
  const Vec3 k = unit_vector(p.g);  // seed 001 §B.3: k = {g}₁
  detail::require(std::abs(p.d.dot(k)) <= detail::kUnitTolerance, "spherical pendulum: d must be orthogonal to g");
  return SphericalPendulum<Forces>{Sphere{p.O, p.d, k, p.L}, forces, p.m, 0.0, {p.E0, p.Edot0}};
}

inline SphericalPendulum<> make_spherical_pendulum(const SphericalPendulumParameters& p) {
  return make_spherical_pendulum(p, make_forces(UniformGravity{p.g}));
}

/// If E is within 30° of a pole of the object's chart, switch the object to its other chart and
/// map the state there exactly (same world position and velocity). Returns true when it switched.
template <Force Forces>
bool rechart(SphericalPendulum<Forces>& object, PhaseState<Vec2>& s) {
  if (!object.constraint.near_pole(s.q)) return false;
  const Vec3 x = object.position(s.q), w = object.velocity(s.q, s.v);
  object.constraint = object.constraint.other_chart();
  s = object.constraint.coordinates(x, w);
  return true;
}

/// integrators::integrate_n_steps for the spherical pendulum, with a change of chart between steps
/// near the poles (sphere.hpp); observe(state, t, k) as there. Starts by recharting if needed.
template <class Stepper, Force Forces, class Observer = integrators::NullObserver>
double integrate_n_steps_charted(Stepper& stepper, SphericalPendulum<Forces>& object, PhaseState<Vec2>& s,
                                 double t0, double dt, std::size_t n, Observer&& observe = {}) {
  const auto forget = [&] {
    if constexpr (requires { stepper.reset(); }) stepper.reset();  // the step cache belongs to the old chart
  };
  if (rechart(object, s)) forget();
  observe(static_cast<const PhaseState<Vec2>&>(s), t0, std::size_t{0});
  for (std::size_t i = 0; i < n; ++i) {
    const double t = t0 + static_cast<double>(i) * dt;
    stepper.do_step(object, s, t, dt);
    const double t_next = t0 + static_cast<double>(i + 1) * dt;
    if (!core::all_finite(s)) throw NonFiniteState(i + 1, t_next);
    if (rechart(object, s)) forget();
    observe(static_cast<const PhaseState<Vec2>&>(s), t_next, i + 1);
  }
  return t0 + static_cast<double>(n) * dt;
}

}  // namespace verisim::models
