#pragma once
// What a constraint is (seed 001 §2: "Une contrainte C sera constituée (d'au moins) O, d, et d'une
// fonction qui à partir de t, E, Ė et F, retourne f(t, E, Ė)"). For n = C::dof degrees of freedom:
//
//   f = evolution(t, E, Ė, F, m)     the acceleration Ë from the total external force F
//   x = position(E)                  world position of the object
//   v = velocity(E, Ė)               world velocity (= d/dt position(E(t)))
//   internal_potential(E)            energy stored in the constraint itself (the spring's ½kx²)
//   velocity_independent             f does not depend on Ė for a fixed F (no b term, no
//                                    centrifugal or Coriolis term)
//   conservative                     no internal friction
#include <concepts>

#include "toolkit/core/vec.hpp"

namespace verisim::models {

template <class C>
concept Constraint = requires(const C& c, const core::Vec<C::dof>& E, const core::Vec3& F, double m, double t) {
  { C::dof } -> std::convertible_to<int>;
  { c.evolution(t, E, E, F, m) } -> std::convertible_to<core::Vec<C::dof>>;
  { c.position(E) } -> std::convertible_to<core::Vec3>;
  { c.velocity(E, E) } -> std::convertible_to<core::Vec3>;
  { c.internal_potential(E) } -> std::convertible_to<double>;
  { C::velocity_independent } -> std::convertible_to<bool>;
  { C::conservative } -> std::convertible_to<bool>;
};

}  // namespace verisim::models
