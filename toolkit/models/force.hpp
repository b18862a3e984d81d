#pragma once
// What a force is (seed 001 §2: an evolving object is (E, Ė, F, C); docs/architecture.md, "Layers"): a small
// value type that gives the 3D force on an object from its world position x, world velocity v,
// mass m, charge q and time t. Forces know nothing of constraints: the constraint projects them.
//
//   F = force(x, v, m, q, t)                     the force, in the world frame
//   V = potential(x, m, q, t)                    its potential energy (0 for non-conservative parts)
//   velocity_dependent                           true when F depends on v (drag, magnetic field)
//   conservative                                 true when F does no work other than −dV (so the
//                                                energy T + V is conserved; magnetic forces do no work)
#include <concepts>

#include "toolkit/core/vec.hpp"

namespace verisim::models {

template <class F>
concept Force = requires(const F& f, const core::Vec3& x, const core::Vec3& v, double m, double q, double t) {
  { f.force(x, v, m, q, t) } -> std::convertible_to<core::Vec3>;
  { f.potential(x, m, q, t) } -> std::convertible_to<double>;
  { F::velocity_dependent } -> std::convertible_to<bool>;
  { F::conservative } -> std::convertible_to<bool>;
};

/// {x}₁ = x/‖x‖, the unit vector of x (seed 001 §A, notation {x}₁).
inline core::Vec3 unit_vector(const core::Vec3& x) { return x / x.norm(); }

}  // namespace verisim::models
