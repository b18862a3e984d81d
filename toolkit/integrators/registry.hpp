#pragma once
// The integrators by name (docs/architecture.md, "Layers"): ONE descriptor per method (kMethods), from which every
// list is derived — `verisim integrators`, the names a scene accepts and the reason it refuses one,
// the report's plot styles (experiments/report/plot_style.hpp), odeint's twins (experiments/studies/
// odeint_runs.hpp), the typed test lists (tests/integrators/type_list.hpp) and the summary matrix's
// rows. A new method is its stepper (one alternative of AnyStepper) and its row of kMethods; a
// static_assert below checks that the two agree, in order.
// Type erasure stops here: make_stepper returns a std::variant, and the caller visits it ONCE,
// outside the step loop, so the loop itself is compiled for the concrete stepper (no virtual call,
// no allocation per step).
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "toolkit/integrators/coefficients.hpp"
#include "toolkit/integrators/dem_verlet.hpp"
#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/euler_cromer.hpp"
#include "toolkit/integrators/implicit_runge_kutta.hpp"
#include "toolkit/integrators/implicit_symplectic_euler.hpp"
#include "toolkit/integrators/mclachlan4.hpp"
#include "toolkit/integrators/newmark.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/ruth3.hpp"
#include "toolkit/integrators/symplectic_euler.hpp"
#include "toolkit/integrators/verlet.hpp"
#include "toolkit/integrators/yoshida4.hpp"
#include "toolkit/integrators/yoshida6.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::integrators {

/// Every stepper of a second-order system sys(q, v, a, t), one alternative per registry name, in
/// the order of kMethods.
template <class V>
using AnyStepper = std::variant<Euler<V>, EulerCromer<V>, SymplecticEuler<V>, VelocityVerlet<V>, Leapfrog<V>,
                                Ruth3<V>, Yoshida4<V>, McLachlan4<V>, Yoshida6<V>, Newmark<V>,
                                NewmarkAverage<V>, Rk4<V>, ImplicitMidpoint<V>, Gauss4<V>, DemVerletHalfStep<V>,
                                DemVerletPredicted<V>>;

/// The panel a method is drawn in when a figure is split by family (the report's plot styles).
enum class Family { low_order, high_order, implicit };

/// The systems a method steps (a bit set).
enum Systems : unsigned {
  second_order = 1u << 0,  ///< any second-order system: the studies, impulse scenes, soft-contact scenes
  soft_scenes = 1u << 1,   ///< soft-contact scenes (law = "soft") only
  hamiltonian = 1u << 2,   ///< canonical systems H(q, p) (core::CanonicalState)
};

/// What the registry knows of one method: the stepper's own core::StepperInfo (name, title, order,
/// symplectic, implicit, f per step, source, notes) and where it is used.
struct Method {
  core::StepperInfo info;
  Family family;
  unsigned systems;              ///< Systems it is valid for
  std::string_view odeint_twin;  ///< Boost.Odeint's stepper of the same scheme (reference/odeint/run.hpp), or ""
  int style;                     ///< plot style key: its index in the report's palette (plot_style.hpp),
                                 ///< distinct; -1: not drawn by the studies (they do not run it)
  Coefficients coefficients{};   ///< the table its stepper runs, for the theory (coefficients.hpp)
};

inline constexpr unsigned kAnySecondOrder = second_order | soft_scenes;

/// The table: one row per method.
inline constexpr std::array kMethods{
    Method{Euler<core::Vec1>::info, Family::low_order, kAnySecondOrder, "euler", 0, runge_kutta(tableaus::kEulerText)},
    Method{EulerCromer<core::Vec1>::info, Family::low_order, kAnySecondOrder, "", 1, splitting_of<methods::EulerCromer>()},
    Method{SymplecticEuler<core::Vec1>::info, Family::low_order, kAnySecondOrder, "symplectic_euler", 2, splitting_of<methods::SymplecticEuler>()},
    Method{VelocityVerlet<core::Vec1>::info, Family::low_order, kAnySecondOrder, "velocity_verlet", 3, splitting_of<methods::VelocityVerlet>()},
    Method{Leapfrog<core::Vec1>::info, Family::low_order, kAnySecondOrder, "", 4, splitting_of<methods::Leapfrog>()},
    Method{Ruth3<core::Vec1>::info, Family::high_order, kAnySecondOrder, "", 5, splitting_of<methods::Ruth3>()},
    Method{Yoshida4<core::Vec1>::info, Family::high_order, kAnySecondOrder, "", 6, splitting_of<methods::Yoshida4>()},
    Method{McLachlan4<core::Vec1>::info, Family::high_order, kAnySecondOrder, "symplectic_rkn_sb3a_mclachlan", 7, splitting_of<methods::McLachlan4>()},
    Method{Yoshida6<core::Vec1>::info, Family::high_order, kAnySecondOrder, "", 8, splitting_of<methods::Yoshida6>()},
    Method{Newmark<core::Vec1>::info, Family::implicit, kAnySecondOrder, "", 9, newmark_family(newmark::LinearAcceleration::defaults.beta, 0.5)},
    Method{NewmarkAverage<core::Vec1>::info, Family::implicit, kAnySecondOrder, "", 10, newmark_family(newmark::AverageAcceleration::defaults.beta, 0.5)},
    Method{Rk4<core::Vec1>::info, Family::high_order, kAnySecondOrder, "runge_kutta4", 11, runge_kutta(tableaus::kRk4Text)},
    // the Gauss–Legendre collocation methods: implicit Runge-Kutta and symplectic (seed 001 §G.1 corrected)
    Method{ImplicitMidpoint<core::Vec1>::info, Family::implicit, kAnySecondOrder, "", 13, runge_kutta(tableaus::kGauss1Text)},
    Method{Gauss4<core::Vec1>::info, Family::implicit, kAnySecondOrder, "", 14, runge_kutta(tableaus::kGauss2Text)},
    // order 1 with a dashpot, 2 without: a study on a conservative problem would measure 2
    Method{DemVerletHalfStep<core::Vec1>::info, Family::low_order, soft_scenes, "", -1},
    Method{DemVerletPredicted<core::Vec1>::info, Family::low_order, soft_scenes, "", -1},
    Method{ImplicitSymplecticEuler<core::Vec1>::info, Family::implicit, hamiltonian, "", 12},
};

/// What a set of systems is called in messages and in `verisim integrators`.
inline std::string systems_text(unsigned systems) {
  if (systems & second_order) return "second-order systems, every scene";
  std::string out;
  if (systems & soft_scenes) out += "soft-contact scenes";
  if (systems & hamiltonian) out += std::string(out.empty() ? "" : ", ") + "Hamiltonian systems H(q, p)";
  return out;
}

/// The row of `name`, or nullptr.
constexpr const Method* find_method(std::string_view name) {
  for (const auto& m : kMethods)
    if (m.info.name == name) return &m;
  return nullptr;
}

namespace detail {
template <class Variant, std::size_t... I>
constexpr bool variant_is_table(std::index_sequence<I...>) {
  return ((std::variant_alternative_t<I, Variant>::info.name == kMethods[I].info.name) && ...);
}
template <unsigned Mask>
constexpr std::size_t count_valid() {
  std::size_t n = 0;
  for (const auto& m : kMethods) n += (m.systems & Mask) ? 1 : 0;
  return n;
}
template <unsigned Mask>
constexpr auto infos_valid_for() {
  std::array<core::StepperInfo, count_valid<Mask>()> out{};
  std::size_t k = 0;
  for (const auto& m : kMethods)
    if (m.systems & Mask) out[k++] = m.info;
  return out;
}
}  // namespace detail

static_assert(detail::variant_is_table<AnyStepper<core::Vec1>>(
                  std::make_index_sequence<std::variant_size_v<AnyStepper<core::Vec1>>>{}),
              "AnyStepper's alternatives are kMethods' first rows, in the same order");

/// The metadata of the steppers of any second-order system (the studies' members), in table order,
/// and of the Hamiltonian ones.
inline constexpr auto kSecondOrderSteppers = detail::infos_valid_for<second_order>();
inline constexpr auto kHamiltonianSteppers = detail::infos_valid_for<hamiltonian>();

/// The names of the methods valid for `systems`, comma-separated (for error messages and --help).
inline std::string names_valid_for(unsigned systems) {
  std::string out;
  for (const auto& m : kMethods) {
    if (!(m.systems & systems)) continue;
    if (!out.empty()) out += ", ";
    out += m.info.name;
  }
  return out;
}

/// The registry names of the second-order steppers, comma-separated.
inline std::string stepper_names() { return names_valid_for(second_order); }

/// Why `name` cannot step a system of kind `systems` (one Systems bit), or "" when it can: an
/// unknown name, or a method valid elsewhere, with what it is valid for; both list the valid names.
inline std::string refusal(std::string_view name, unsigned systems) {
  const Method* m = find_method(name);
  if (m && (m->systems & systems)) return "";
  const std::string valid = names_valid_for(systems);
  if (!m) return "unknown integrator '" + std::string(name) + "'; valid: " + valid;
  return "integrator '" + std::string(name) + "' steps " + systems_text(m->systems) + " only; valid: " + valid;
}

/// The stepper called `name` (any row of AnyStepper); std::invalid_argument naming the known names
/// otherwise. A caller with a narrower kind of system checks refusal() first.
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

/// The metadata of the stepper called `name` (any row of the table).
inline const core::StepperInfo& stepper_info(std::string_view name) {
  if (const Method* m = find_method(name)) return m->info;
  throw std::invalid_argument("unknown integrator '" + std::string(name) + "'; known: " +
                              names_valid_for(second_order | soft_scenes | hamiltonian));
}

}  // namespace verisim::integrators
