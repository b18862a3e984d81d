#pragma once
// The library of published Runge-Kutta tables (docs/methods.md): each table's text once, typed from its
// paper, with the paper cited beside it; its doubles compiled from that text at compile time. The
// integrators run the doubles (integrators/table_runge_kutta.hpp, kick_solver.hpp), toolkit/theory checks
// the text; tests/tableaus/library_test.cpp checks every table against its order conditions.
// A new table is one RkText and one line in kRkLibrary.
#include <array>

#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::tableaus {

// --- explicit, fixed step ------------------------------------------------------------------------

/// Explicit Euler (Euler 1768): c = 0, b = 1. Order 1.
inline constexpr RkText kEulerText{"euler", "explicit Euler", "Euler, Institutionum calculi integralis (1768); "
                                   "Butcher (2016) §20", 1, 1, 0, {"0"}, {{{"0"}}}, {"1"}, {}};

/// The explicit midpoint rule (Runge 1895): c = (0, ½), a₂₁ = ½, b = (0, 1). Order 2.
inline constexpr RkText kMidpointText{"rk-midpoint", "explicit midpoint (Runge)", "Runge, Math. Ann. 46 (1895) 167; "
                                      "Butcher (2016) §23", 2, 2, 0, {"0", "1/2"}, {{{}, {"1/2"}}}, {"0", "1"}, {}};

/// The classical Runge-Kutta method (Kutta 1901): c = (0, ½, ½, 1), b = (1, 2, 2, 1)/6. Order 4.
inline constexpr RkText kRk4Text{"rk4-table", "classical Runge-Kutta 4 (table)", "Kutta, Z. Math. Phys. 46 (1901) 435; "
                                 "Butcher (2016) §23", 4, 4, 0,
                                 {"0", "1/2", "1/2", "1"},
                                 {{{}, {"1/2"}, {"0", "1/2"}, {"0", "0", "1"}}},
                                 {"1/6", "1/3", "1/3", "1/6"}, {}};

/// Butcher's 7-stage method of order 6 (Butcher, J. Austral. Math. Soc. 4 (1964) 179; as in Butcher
/// (2016) §325).
inline constexpr RkText kButcher6Text{
    "butcher6", "Butcher's 7-stage order 6", "Butcher, J. Austral. Math. Soc. 4 (1964) 179; Butcher (2016) §325", 7, 6, 0,
    {"0", "1/3", "2/3", "1/3", "5/6", "1/6", "1"},
    {{{},
      {"1/3"},
      {"0", "2/3"},
      {"1/12", "1/3", "-1/12"},
      {"25/48", "-55/24", "35/48", "15/8"},
      {"3/20", "-11/24", "-1/8", "1/2", "1/10"},
      {"-261/260", "33/13", "43/156", "-118/39", "32/195", "80/39"}}},
    {"13/200", "0", "11/40", "11/40", "4/25", "4/25", "13/200"},
    {}};

// --- implicit -------------------------------------------------------------------------------------

/// Gauss–Legendre, s = 1: the implicit midpoint rule, c = ½, a = ½, b = 1. Order 2 (Hairer, Lubich &
/// Wanner, GNI §II.1.3; Butcher, Math. Comp. 18 (1964) 50).
inline constexpr RkText kGauss1Text{"gauss1", "Gauss–Legendre s = 1 (implicit midpoint)",
                                    "Butcher, Math. Comp. 18 (1964) 50; GNI §II.1.3", 1, 2, 0, {"1/2"}, {{{"1/2"}}}, {"1"}, {}};

/// Gauss–Legendre, s = 2: c = ½ ∓ √3/6, A = [[¼, ¼ − √3/6], [¼ + √3/6, ¼]], b = (½, ½). Order 4 (GNI §II.1.3,
/// Table 1.1; Butcher, Math. Comp. 18 (1964) 50).
inline constexpr RkText kGauss2Text{"gauss2", "Gauss–Legendre s = 2",
                                    "Butcher, Math. Comp. 18 (1964) 50; GNI §II.1.3, Table 1.1", 2, 4, 0,
                                    {"1/2 - sqrt(3)/6", "1/2 + sqrt(3)/6"},
                                    {{{"1/4", "1/4 - sqrt(3)/6"}, {"1/4 + sqrt(3)/6", "1/4"}}},
                                    {"1/2", "1/2"}, {}};

inline constexpr RkTable kEuler = compile(kEulerText);
inline constexpr RkTable kMidpoint = compile(kMidpointText);
inline constexpr RkTable kRk4 = compile(kRk4Text);
inline constexpr RkTable kButcher6 = compile(kButcher6Text);
inline constexpr RkTable kGauss1 = compile(kGauss1Text);
inline constexpr RkTable kGauss2 = compile(kGauss2Text);

/// Every table of the library, in the order `verisim integrators` and the report list them.
inline constexpr std::array kRkLibrary{&kEulerText, &kMidpointText, &kRk4Text, &kButcher6Text, &kGauss1Text, &kGauss2Text};

}  // namespace verisim::tableaus
