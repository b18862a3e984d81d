#pragma once
// A parameter that a problem's simpler form does not have — the damping of an undamped form, the drive
// of an undriven one: there it is the constant 0, not a field one can set (`.b = 0.3` on it does not
// compile), so the undamped form can declare velocity_independent truthfully and the undriven one has no
// drive to forget (reference/problems/oscillator.hpp, driven_pendulum.hpp).
#include <type_traits>

namespace verisim::reference::problems {

/// The constant 0 standing for an absent parameter.
struct Absent {
  constexpr operator double() const { return 0.0; }
};

/// double when Present, Absent otherwise; with_default(value) is the present form's default.
template <bool Present>
struct OptionalParameter {
  using type = std::conditional_t<Present, double, Absent>;
  static constexpr type with_default(double value) {
    if constexpr (Present)
      return value;
    else
      return (void)value, Absent{};
  }
};

/// The damping coefficient: a field of the damped form only.
template <bool Damped>
using Damping = OptionalParameter<Damped>;

}  // namespace verisim::reference::problems
