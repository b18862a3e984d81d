#pragma once
// Tables the tests of toolkit/theory type themselves (from their papers), beside those of the library: a table
// the library may not hold yet still gets its theory checked.
#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::theory::test_tables {

/// Kutta's third-order method (Kutta, Z. Math. Phys. 46 (1901) 435; HNW I Table II.1.1): c = (0, ½, 1),
/// a₂₁ = ½, a₃₁ = −1, a₃₂ = 2, b = (1, 4, 1)/6.
inline constexpr tableaus::RkText kKutta3{"kutta3-test", "Kutta 3", "Kutta (1901)", 3, 3, 0,
                                          {"0", "1/2", "1"}, {{{}, {"1/2"}, {"-1", "2"}}}, {"1/6", "2/3", "1/6"}, {}};

/// Heun's second-order method (the explicit trapezoidal rule; HNW I Table II.1.1): a₂₁ = 1, b = (½, ½).
inline constexpr tableaus::RkText kHeun{"heun-test", "Heun", "Heun (1900)", 2, 2, 0,
                                        {"0", "1"}, {{{}, {"1"}}}, {"1/2", "1/2"}, {}};

/// Radau IIA, s = 2 (Hairer & Wanner II Table IV.5.5): c = (1/3, 1), A = [[5/12, −1/12], [3/4, 1/4]], b = (3/4, 1/4).
/// Order 3, L-stable.
inline constexpr tableaus::RkText kRadau3{"radau3-test", "Radau IIA 3", "HW II Table IV.5.5", 2, 3, 0,
                                          {"1/3", "1"}, {{{"5/12", "-1/12"}, {"3/4", "1/4"}}}, {"3/4", "1/4"}, {}};

/// Gauss–Legendre s = 2 typed to 16 digits, as a student would (decimal literals: the 1e-12 rule).
inline constexpr tableaus::RkText kGauss2Typed{"gauss2-typed", "Gauss 2 (16 digits)", "GNI Table II.1.1, typed", 2, 4, 0,
                                               {"0.2113248654051871", "0.7886751345948129"},
                                               {{{"0.25", "-0.03867513459481287"}, {"0.5386751345948129", "0.25"}}},
                                               {"0.5", "0.5"}, {}};

}  // namespace verisim::theory::test_tables
