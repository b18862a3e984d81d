#pragma once
// The optional fluid friction b of the constrained objects (seed 001 §B.1: "−b ẋ d"; §B.2: "b est
// la viscosité de l'air et/ou un frottement fluide sur l'axe"), as a type, so that an undamped
// object can declare `velocity_independent = true` at compile time (toolkit/core/system.hpp).
//   Undamped: b is the constant 0 (folded away);  Damped{b}: b is a parameter.
namespace verisim::models {

struct Undamped {
  static constexpr double b = 0.0;
  static constexpr bool velocity_dependent = false;
};

struct Damped {
  double b = 0.0;  ///< friction coefficient (kg/s for the spring; kg·m²/s for the pendulum's axis)
  static constexpr bool velocity_dependent = true;
};

}  // namespace verisim::models
