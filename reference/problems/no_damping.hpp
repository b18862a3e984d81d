#pragma once
// The damping coefficient of a problem's undamped form: the constant 0, not a field one can set
// (`.b = 0.3` on it does not compile), so the undamped form can declare velocity_independent
// truthfully (reference/problems/oscillator.hpp, driven_pendulum.hpp).
#include <type_traits>

namespace verisim::reference::problems {

struct NoDamping {
  constexpr operator double() const { return 0.0; }
};

/// double when Damped, NoDamping otherwise; `value` is the default of the damped form.
template <bool Damped>
struct Damping {
  using type = std::conditional_t<Damped, double, NoDamping>;
  static constexpr type with_default(double value) {
    if constexpr (Damped)
      return value;
    else
      return (void)value, NoDamping{};
  }
};

}  // namespace verisim::reference::problems
