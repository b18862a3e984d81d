#pragma once
// The integrators by name (docs/architecture.md, "Layers"): ONE descriptor per method (kMethods), from which every
// list is derived — `verisim integrators`, the names a scene accepts and the reason it refuses one,
// the report's plot styles (experiments/report/plot_style.hpp), odeint's twins (experiments/studies/
// odeint_runs.hpp), the typed test lists (tests/integrators/type_list.hpp) and the summary matrix's
// rows. A new method is its stepper (one alternative of AnyStepper) and its row of kMethods; a
// static_assert below checks that the two agree, in order. A method that is a Runge-Kutta table
// (toolkit/tableaus/library.hpp) is ONE row naming its compiled table (Method::table): the last
// alternative, TableRungeKutta<V>, steps every such row, and a Method made at run time (a user's table,
// `verisim check tableau`) is stepped the same way through make_stepper(const Method&).
// Type erasure stops here: make_stepper returns a std::variant, and the caller visits it ONCE,
// outside the step loop, so the loop itself is compiled for the concrete stepper (no virtual call,
// no allocation per step).
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "toolkit/integrators/coefficients.hpp"
#include "toolkit/integrators/method.hpp"
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
#include "toolkit/integrators/table_runge_kutta.hpp"
#include "toolkit/integrators/table_splitting.hpp"
#include "toolkit/integrators/verlet.hpp"
#include "toolkit/integrators/yoshida4.hpp"
#include "toolkit/integrators/yoshida6.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::integrators {

/// Every stepper of a second-order system sys(q, v, a, t): one alternative per typed registry row, in
/// the order of kMethods, then TableRungeKutta<V>, the engine of every row that is a Runge-Kutta table.
template <class V>
using AnyStepper = std::variant<Euler<V>, EulerCromer<V>, SymplecticEuler<V>, VelocityVerlet<V>, Leapfrog<V>,
                                Ruth3<V>, Yoshida4<V>, McLachlan4<V>, Yoshida6<V>, Newmark<V>,
                                NewmarkAverage<V>, Rk4<V>, ImplicitMidpoint<V>, Gauss4<V>, DemVerletHalfStep<V>,
                                DemVerletPredicted<V>, TableRungeKutta<V>, TableSplitting<V>>;

/// The engines of methods that are data (the last alternatives of AnyStepper): tables of the library and
/// methods made at run time (a user's table, `verisim check tableau`).
inline constexpr std::size_t kDataEngines = 2;

/// The StepperInfo of a row that is a library table: its name, title, order and source come from the
/// table's text; `rhs_evaluations` is the stages of an explicit table (FSAL not exploited) and the
/// minimum 1 + s of an implicit one (one Newton iteration, Jacobian columns not counted: see `notes`).
constexpr core::StepperInfo table_info(const tableaus::RkText& text, bool symplectic, bool implicit,
                                       std::string_view notes) {
  return {text.name, text.title, text.order, symplectic, implicit,
          implicit ? 1 + text.stages : text.stages, text.source, notes};
}

namespace notes {
inline constexpr std::string_view kExplicitTable =
    "explicit Runge-Kutta table (TableRungeKutta): s evaluations per step; velocity-dependent forces: as any "
    "first-order system, order kept";
inline constexpr std::string_view kEmbeddedPair =
    "embedded pair (TableRungeKutta): b propagated at fixed steps, b̂ unused; s evaluations per step (FSAL not "
    "exploited); velocity-dependent forces: order kept";
inline constexpr std::string_view kNewtonTable =
    "implicit Runge-Kutta (TableRungeKutta): simplified Newton on the stages, finite-difference Jacobian once per "
    "step: 1 + n (2n with velocity-dependent forces) + s·iterations evaluations; at most 64 degrees of freedom";
inline constexpr std::string_view kGaussTable =
    "implicit Runge-Kutta AND symplectic (GNI Thm VI.4.3), order 2s; simplified Newton on the stages, "
    "finite-difference Jacobian once per step: 1 + n (2n with velocity-dependent forces) + s·iterations "
    "evaluations; at most 64 degrees of freedom";
}  // namespace notes


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
    // the library's Runge-Kutta tables (toolkit/tableaus/library.hpp), stepped by TableRungeKutta
    Method{table_info(tableaus::kHeunText, false, false, notes::kExplicitTable), Family::rk_tables, kAnySecondOrder, "", 15,
           runge_kutta(tableaus::kHeunText), &tableaus::kHeun},
    Method{table_info(tableaus::kRalstonText, false, false, notes::kExplicitTable), Family::rk_tables, kAnySecondOrder, "", 16,
           runge_kutta(tableaus::kRalstonText), &tableaus::kRalston},
    Method{table_info(tableaus::kKutta3Text, false, false, notes::kExplicitTable), Family::rk_tables, kAnySecondOrder, "", 17,
           runge_kutta(tableaus::kKutta3Text), &tableaus::kKutta3},
    Method{table_info(tableaus::kHeun3Text, false, false, notes::kExplicitTable), Family::rk_tables, kAnySecondOrder, "", 18,
           runge_kutta(tableaus::kHeun3Text), &tableaus::kHeun3},
    Method{table_info(tableaus::kRk38Text, false, false, notes::kExplicitTable), Family::rk_tables, kAnySecondOrder, "", 19,
           runge_kutta(tableaus::kRk38Text), &tableaus::kRk38},
    Method{table_info(tableaus::kBs3Text, false, false, notes::kEmbeddedPair), Family::rk_tables, kAnySecondOrder, "", 20,
           runge_kutta(tableaus::kBs3Text), &tableaus::kBs3},
    Method{table_info(tableaus::kFehlberg45Text, false, false, notes::kEmbeddedPair), Family::rk_pairs, kAnySecondOrder, "", 21,
           runge_kutta(tableaus::kFehlberg45Text), &tableaus::kFehlberg45},
    Method{table_info(tableaus::kCashKarpText, false, false, notes::kEmbeddedPair), Family::rk_pairs, kAnySecondOrder,
           "runge_kutta_cash_karp54", 22, runge_kutta(tableaus::kCashKarpText), &tableaus::kCashKarp},
    Method{table_info(tableaus::kDopri5Text, false, false, notes::kEmbeddedPair), Family::rk_pairs, kAnySecondOrder,
           "runge_kutta_dopri5", 23, runge_kutta(tableaus::kDopri5Text), &tableaus::kDopri5},
    Method{table_info(tableaus::kVerner65Text, false, false, notes::kEmbeddedPair), Family::rk_pairs, kAnySecondOrder, "", 24,
           runge_kutta(tableaus::kVerner65Text), &tableaus::kVerner65},
    Method{table_info(tableaus::kFehlberg78Text, false, false, notes::kEmbeddedPair), Family::rk_pairs, kAnySecondOrder,
           "runge_kutta_fehlberg78", 25, runge_kutta(tableaus::kFehlberg78Text), &tableaus::kFehlberg78},
    // implicit: dense Newton, so not the soft-contact scenes (thousands of degrees of freedom)
    Method{table_info(tableaus::kGauss3Text, true, true, notes::kGaussTable), Family::implicit, second_order, "", 26,
           runge_kutta(tableaus::kGauss3Text), &tableaus::kGauss3},
    Method{table_info(tableaus::kRadauIIA2Text, false, true, notes::kNewtonTable), Family::implicit, second_order, "", 27,
           runge_kutta(tableaus::kRadauIIA2Text), &tableaus::kRadauIIA2},
    Method{table_info(tableaus::kRadauIIA3Text, false, true, notes::kNewtonTable), Family::implicit, second_order, "", 28,
           runge_kutta(tableaus::kRadauIIA3Text), &tableaus::kRadauIIA3},
};

/// What a set of systems is called in messages and in `verisim integrators`.
inline std::string systems_text(unsigned systems) {
  if ((systems & second_order) && (systems & soft_scenes)) return "second-order systems, every scene";
  if (systems & second_order) return "second-order systems, impulse scenes (not soft-contact ones)";
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

// The typed alternatives (all but the kDataEngines last: TableRungeKutta, TableSplitting) are kMethods' first
// rows, in order.
static_assert(detail::variant_is_table<AnyStepper<core::Vec1>>(
                  std::make_index_sequence<std::variant_size_v<AnyStepper<core::Vec1>> - kDataEngines>{}),
              "AnyStepper's alternatives but the data engines are kMethods' first rows, in the same order");
static_assert(std::is_same_v<std::variant_alternative_t<std::variant_size_v<AnyStepper<core::Vec1>> - 2, AnyStepper<core::Vec1>>,
                             TableRungeKutta<core::Vec1>> &&
                  std::is_same_v<std::variant_alternative_t<std::variant_size_v<AnyStepper<core::Vec1>> - 1, AnyStepper<core::Vec1>>,
                                 TableSplitting<core::Vec1>>,
              "TableRungeKutta and TableSplitting are AnyStepper's last alternatives");
// A row that names a table is that table (name, order, stages, implicitness): checked by
// tests/experiments/integrator_table_test.cpp, not here — GCC's -fsanitize=address makes the address of a
// constexpr table non-constant in a comparison, so a static_assert over the pointers breaks the sanitizer build.

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

/// The stepper of a row of the table, or of a Method made at run time (a user's table with its own
/// RkTable and StepperInfo, which must outlive the stepper): TableRungeKutta<V> when the row names a
/// table, else the row's typed stepper.
template <class V>
AnyStepper<V> make_stepper(const Method& m);

/// The stepper called `name` (a row of kMethods with a stepper: a typed alternative of AnyStepper, or a
/// table's row); std::invalid_argument naming the known names otherwise. A caller with a narrower kind
/// of system checks refusal() first.
template <class V>
AnyStepper<V> make_stepper(std::string_view name) {
  AnyStepper<V> result;
  bool found = false;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((!found && std::variant_alternative_t<I, AnyStepper<V>>::info.name == name
          ? (result.template emplace<I>(), found = true)
          : false),
     ...);
  }(std::make_index_sequence<std::variant_size_v<AnyStepper<V>> - kDataEngines>{});  // the typed alternatives
  if (found) return result;
  if (const Method* m = find_method(name); m && m->table) return make_stepper<V>(*m);
  throw std::invalid_argument("unknown integrator '" + std::string(name) + "'; known: " + stepper_names());
}

/// The stepper of a Method: a table's row (TableRungeKutta on its table), a typed registry row (by name), or a
/// splitting method made at run time (TableSplitting on its coefficients; they outlive the stepper).
template <class V>
AnyStepper<V> make_stepper(const Method& m) {
  if (m.table) return AnyStepper<V>(std::in_place_type<TableRungeKutta<V>>, *m.table, m.info.name);
  if (find_method(m.info.name) || m.coefficients.kind != Coefficients::Kind::splitting) return make_stepper<V>(m.info.name);
  return AnyStepper<V>(std::in_place_type<TableSplitting<V>>, m.coefficients.drift, m.coefficients.kick, m.info.order);
}

/// The metadata of the stepper called `name` (any row of the table).
inline const core::StepperInfo& stepper_info(std::string_view name) {
  if (const Method* m = find_method(name)) return m->info;
  throw std::invalid_argument("unknown integrator '" + std::string(name) + "'; known: " +
                              names_valid_for(second_order | soft_scenes | hamiltonian));
}

}  // namespace verisim::integrators
