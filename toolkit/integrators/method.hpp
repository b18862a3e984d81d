#pragma once
// What the registry (registry.hpp) knows of one method, in a header of its own so that the studies' options
// (experiments/studies/studies.hpp) can carry a Method made at run time — a user's table, `verisim check
// tableau` — without the registry's steppers.
#include <string_view>

#include "toolkit/core/stepper.hpp"
#include "toolkit/integrators/coefficients.hpp"
#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::integrators {

/// The panel a method is drawn in when a figure is split by family (the report's plot styles): at most
/// 8 curves each, odeint's twins included (tests/experiments/report_page_test.cpp).
enum class Family {
  low_order,   ///< first and second order (ours)
  high_order,  ///< third order and beyond (ours)
  implicit,    ///< implicit methods
  rk_tables,   ///< the library's explicit Runge-Kutta tables of order 2 to 4
  rk_pairs,    ///< the library's embedded pairs, order 4 to 8
};

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
  /// The compiled Runge-Kutta table TableRungeKutta runs for this row (it outlives every stepper made
  /// from the row), or nullptr: a typed stepper (an alternative of AnyStepper) runs it.
  const tableaus::RkTable* table = nullptr;
};

inline constexpr unsigned kAnySecondOrder = second_order | soft_scenes;

/// A row toolkit/adaptive steps error-controlled: an explicit table with an embedded member (adaptive_methods(),
/// and the report's styles for those runs, are derived by this rule).
constexpr bool is_embedded_pair(const Method& m) { return m.table != nullptr && m.table->is_explicit && m.table->embedded_order > 0; }

}  // namespace verisim::integrators
