#pragma once
// The integrators by name, for the command line (docs/architecture.md, "Layers"). Type erasure stops here:
// make_stepper returns a std::variant, and the caller visits it ONCE, outside the step loop, so
// the loop itself is compiled for the concrete stepper (no virtual call, no allocation per step).
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/euler_cromer.hpp"
#include "toolkit/integrators/implicit_symplectic_euler.hpp"
#include "toolkit/integrators/mclachlan4.hpp"
#include "toolkit/integrators/newmark.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/ruth3.hpp"
#include "toolkit/integrators/symplectic_euler.hpp"
#include "toolkit/integrators/verlet.hpp"
#include "toolkit/integrators/yoshida4.hpp"
#include "toolkit/integrators/yoshida6.hpp"

namespace verisim::integrators {

/// Every stepper for second-order systems, one alternative per registry name.
template <class V>
using AnyStepper = std::variant<Euler<V>, EulerCromer<V>, SymplecticEuler<V>, VelocityVerlet<V>, Leapfrog<V>,
                                Ruth3<V>, Yoshida4<V>, McLachlan4<V>, Yoshida6<V>, Newmark<V>,
                                NewmarkAverage<V>, Rk4<V>>;

namespace detail {
template <class Variant, std::size_t... I>
constexpr auto infos_of(std::index_sequence<I...>) {
  return std::array<core::StepperInfo, sizeof...(I)>{std::variant_alternative_t<I, Variant>::info...};
}
}  // namespace detail

/// The metadata of every second-order stepper, in registry order, then the Hamiltonian ones.
inline constexpr auto kSecondOrderSteppers =
    detail::infos_of<AnyStepper<core::Vec1>>(std::make_index_sequence<std::variant_size_v<AnyStepper<core::Vec1>>>{});
inline constexpr std::array<core::StepperInfo, 1> kHamiltonianSteppers{ImplicitSymplecticEuler<core::Vec1>::info};

/// The registry names, comma-separated (for error messages and --help).
inline std::string stepper_names() {
  std::string out;
  for (const auto& i : kSecondOrderSteppers) {
    if (!out.empty()) out += ", ";
    out += i.name;
  }
  return out;
}

/// The stepper called `name`; std::invalid_argument naming the known names otherwise.
template <class V>
AnyStepper<V> make_stepper(std::string_view name) {
  AnyStepper<V> result;
  bool found = false;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((!found && std::variant_alternative_t<I, AnyStepper<V>>::info.name == name
          ? (result.template emplace<I>(), found = true)
          : false),
     ...);
  }(std::make_index_sequence<std::variant_size_v<AnyStepper<V>>>{});
  if (!found)
    throw std::invalid_argument("unknown integrator '" + std::string(name) + "'; known: " + stepper_names());
  return result;
}

/// The metadata of the stepper called `name` (second-order or Hamiltonian).
inline const core::StepperInfo& stepper_info(std::string_view name) {
  for (const auto& i : kSecondOrderSteppers)
    if (i.name == name) return i;
  for (const auto& i : kHamiltonianSteppers)
    if (i.name == name) return i;
  throw std::invalid_argument("unknown integrator '" + std::string(name) + "'; known: " + stepper_names() +
                              ", implicit-symplectic-euler");
}

}  // namespace verisim::integrators
