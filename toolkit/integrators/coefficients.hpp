#pragma once
// What a registered method's coefficients are, for the theory (toolkit/theory: derived order, stability
// function, symplecticity and symmetry conditions): each row of the registry (registry.hpp) points at
// the very table its stepper runs, so what is derived and what is measured are the same method.
//   runge_kutta: the Butcher table's text (toolkit/tableaus), read exactly or in 50 digits;
//   splitting:   the drift and kick coefficients of splitting.hpp's table (kick first in each stage);
//   newmark:     β and γ of the Newmark family;
//   none:        a method with no coefficient table the theory reads (the DEM steppers).
#include <span>

#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::integrators {

struct Coefficients {
  enum class Kind { none, runge_kutta, splitting, newmark };
  Kind kind = Kind::none;
  const tableaus::RkText* rk = nullptr;  ///< runge_kutta
  std::span<const double> drift{};       ///< splitting: aᵢ
  std::span<const double> kick{};        ///< splitting: bᵢ
  double beta = 0.0, gamma = 0.0;        ///< newmark
};

/// The coefficients of a Runge-Kutta table.
constexpr Coefficients runge_kutta(const tableaus::RkText& text) {
  return {Coefficients::Kind::runge_kutta, &text, {}, {}, 0.0, 0.0};
}
/// The coefficients of a splitting method (a type with `static constexpr SplittingTable<S> table`).
template <class M>
constexpr Coefficients splitting_of() {
  return {Coefficients::Kind::splitting, nullptr, std::span<const double>(M::table.a),
          std::span<const double>(M::table.b), 0.0, 0.0};
}
/// The coefficients of a Newmark method.
constexpr Coefficients newmark_family(double beta, double gamma) {
  return {Coefficients::Kind::newmark, nullptr, {}, {}, beta, gamma};
}

}  // namespace verisim::integrators
