#pragma once
// The library of published Runge-Kutta tables (docs/methods.md): each table's text once, typed from its
// paper, with the paper cited beside it; its doubles compiled from that text at compile time. The
// integrators run the doubles (integrators/table_runge_kutta.hpp, kick_solver.hpp), toolkit/theory checks
// the text; tests/tableaus/library_test.cpp checks every table against its order conditions.
// A new table is one RkText and one line in kRkLibrary.
#include <array>

#include "toolkit/tableaus/dense_table.hpp"
#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::tableaus {

// --- explicit, fixed step ------------------------------------------------------------------------

/// Explicit Euler (Euler 1768): c = 0, b = 1. Order 1.
inline constexpr RkText kEulerText{"euler", "explicit Euler", "Euler, Institutionum calculi integralis (1768); "
                                   "Butcher (2016) §20", 1, 1, 0, {"0"}, {{{"0"}}}, {"1"}, {}};

/// The explicit midpoint rule (Runge 1895): c = (0, ½), a₂₁ = ½, b = (0, 1). Order 2.
inline constexpr RkText kMidpointText{"rk-midpoint", "explicit midpoint (Runge)", "Runge, Math. Ann. 46 (1895) 167; "
                                      "Butcher (2016) §23", 2, 2, 0, {"0", "1/2"}, {{{}, {"1/2"}}}, {"0", "1"}, {}};

/// Heun's method (Heun, Z. Math. Phys. 45 (1900) 23; the explicit trapezoidal rule): c = (0, 1), a₂₁ = 1,
/// b = (½, ½). Order 2; b propagated, no embedded weights. (ARKODE's ARKODE_HEUN_EULER_2_1_2 adds the
/// Euler weights as an embedding; not used here.)
inline constexpr RkText kHeunText{"heun", "Heun's method (explicit trapezoidal)", "Heun, Z. Math. Phys. 45 (1900) 23; "
                                  "Butcher (2016) §23; as ARKODE_HEUN_EULER_2_1_2",
                                  2, 2, 0, {"0", "1"}, {{{}, {"1"}}}, {"1/2", "1/2"}, {}};

/// Ralston's second-order method, minimum error bound (Ralston, Math. Comp. 16 (1962) 431): c = (0, ⅔),
/// a₂₁ = ⅔, b = (¼, ¾). Order 2; b propagated.
inline constexpr RkText kRalstonText{"ralston", "Ralston's 2nd-order method (c₂ = 2/3)",
                                     "Ralston, Math. Comp. 16 (1962) 431; as ARKODE_RALSTON_EULER_2_1_2",
                                     2, 2, 0, {"0", "2/3"}, {{{}, {"2/3"}}}, {"1/4", "3/4"}, {}};

/// Kutta's third-order method (Kutta, Z. Math. Phys. 46 (1901) 435): c = (0, ½, 1), a₂₁ = ½,
/// a₃₁ = −1, a₃₂ = 2, b = (1, 4, 1)/6 (Simpson's weights). Order 3; b propagated.
inline constexpr RkText kKutta3Text{"kutta3", "Kutta's 3rd-order method", "Kutta, Z. Math. Phys. 46 (1901) 435; "
                                    "Hairer, Nørsett & Wanner I (1993) §II.1, Table 1.1",
                                    3, 3, 0, {"0", "1/2", "1"}, {{{}, {"1/2"}, {"-1", "2"}}}, {"1/6", "2/3", "1/6"}, {}};

/// Heun's third-order method (Heun, Z. Math. Phys. 45 (1900) 23): c = (0, ⅓, ⅔), a₂₁ = ⅓, a₃₂ = ⅔,
/// b = (¼, 0, ¾). Order 3; b propagated.
inline constexpr RkText kHeun3Text{"heun3", "Heun's 3rd-order method", "Heun, Z. Math. Phys. 45 (1900) 23; "
                                   "Hairer, Nørsett & Wanner I (1993) §II.1, Table 1.1",
                                   3, 3, 0, {"0", "1/3", "2/3"}, {{{}, {"1/3"}, {"0", "2/3"}}}, {"1/4", "0", "3/4"}, {}};

/// The classical Runge-Kutta method (Kutta 1901): c = (0, ½, ½, 1), b = (1, 2, 2, 1)/6. Order 4.
inline constexpr RkText kRk4Text{"rk4-table", "classical Runge-Kutta 4 (table)", "Kutta, Z. Math. Phys. 46 (1901) 435; "
                                 "Butcher (2016) §23", 4, 4, 0,
                                 {"0", "1/2", "1/2", "1"},
                                 {{{}, {"1/2"}, {"0", "1/2"}, {"0", "0", "1"}}},
                                 {"1/6", "1/3", "1/3", "1/6"}, {}};

/// Kutta's 3/8 rule (Kutta, Z. Math. Phys. 46 (1901) 435): c = (0, ⅓, ⅔, 1), a₂₁ = ⅓, a₃ = (−⅓, 1),
/// a₄ = (1, −1, 1), b = (1, 3, 3, 1)/8. Order 4; b propagated.
inline constexpr RkText kRk38Text{"rk38", "Kutta's 3/8 rule", "Kutta, Z. Math. Phys. 46 (1901) 435; "
                                  "Hairer, Nørsett & Wanner I (1993) §II.1, Table 1.2",
                                  4, 4, 0,
                                  {"0", "1/3", "2/3", "1"},
                                  {{{}, {"1/3"}, {"-1/3", "1"}, {"1", "-1", "1"}}},
                                  {"1/8", "3/8", "3/8", "1/8"}, {}};

// --- explicit, embedded pairs (b propagated, b̂ the embedded estimate; the adaptive issue uses b̂) ----

/// Bogacki–Shampine 3(2) (Bogacki & Shampine, Appl. Math. Lett. 2 (1989) 321): 4 stages, FSAL (row 4 of A
/// is b). b: order 3, propagated; b̂: order 2, the estimate. Checked against ARKODE_BOGACKI_SHAMPINE_4_2_3.
inline constexpr RkText kBs3Text{"bs3", "Bogacki–Shampine 3(2)", "Bogacki & Shampine, Appl. Math. Lett. 2 (1989) 321; "
                                 "as SUNDIALS ARKODE_BOGACKI_SHAMPINE_4_2_3",
                                 4, 3, 2,
                                 {"0", "1/2", "3/4", "1"},
                                 {{{}, {"1/2"}, {"0", "3/4"}, {"2/9", "1/3", "4/9"}}},
                                 {"2/9", "1/3", "4/9", "0"},
                                 {"7/24", "1/4", "1/3", "1/8"}};

/// Runge–Kutta–Fehlberg 4(5) (Fehlberg, NASA TR R-315 (1969), Table III; Hairer, Nørsett & Wanner I
/// (1993) Table II.5.1): 6 stages. b: order 4, propagated, as Fehlberg meant it; b̂: order 5, the
/// estimate. (ARKODE_FEHLBERG_6_4_5 propagates the order-5 weights: its b is our b̂.)
inline constexpr RkText kFehlberg45Text{
    "fehlberg45", "Runge–Kutta–Fehlberg 4(5)",
    "Fehlberg, NASA TR R-315 (1969); Hairer, Nørsett & Wanner I (1993) Table II.5.1; as ARKODE_FEHLBERG_6_4_5", 6, 4, 5,
    {"0", "1/4", "3/8", "12/13", "1", "1/2"},
    {{{},
      {"1/4"},
      {"3/32", "9/32"},
      {"1932/2197", "-7200/2197", "7296/2197"},
      {"439/216", "-8", "3680/513", "-845/4104"},
      {"-8/27", "2", "-3544/2565", "1859/4104", "-11/40"}}},
    {"25/216", "0", "1408/2565", "2197/4104", "-1/5", "0"},
    {"16/135", "0", "6656/12825", "28561/56430", "-9/50", "2/55"}};

/// Cash–Karp 5(4) (Cash & Karp, ACM TOMS 16 (1990) 201): 6 stages. b: order 5, propagated (as Numerical
/// Recipes and Boost.Odeint's runge_kutta_cash_karp54); b̂: order 4, the estimate. Checked against
/// ARKODE_CASH_KARP_6_4_5 and odeint's rk54_ck_coefficients.
inline constexpr RkText kCashKarpText{
    "cash-karp", "Cash–Karp 5(4)",
    "Cash & Karp, ACM Trans. Math. Softw. 16 (1990) 201; as ARKODE_CASH_KARP_6_4_5 and odeint's runge_kutta_cash_karp54",
    6, 5, 4,
    {"0", "1/5", "3/10", "3/5", "1", "7/8"},
    {{{},
      {"1/5"},
      {"3/40", "9/40"},
      {"3/10", "-9/10", "6/5"},
      {"-11/54", "5/2", "-70/27", "35/27"},
      {"1631/55296", "175/512", "575/13824", "44275/110592", "253/4096"}}},
    {"37/378", "0", "250/621", "125/594", "0", "512/1771"},
    {"2825/27648", "0", "18575/48384", "13525/55296", "277/14336", "1/4"}};

/// Dormand–Prince 5(4) (Dormand & Prince, J. Comput. Appl. Math. 6 (1980) 19; Hairer, Nørsett & Wanner I
/// (1993) Table II.5.2, DOPRI5): 7 stages, FSAL (row 7 of A is b). b: order 5, propagated; b̂: order 4,
/// the estimate. Checked against ARKODE_DORMAND_PRINCE_7_4_5 and odeint's runge_kutta_dopri5.
inline constexpr RkText kDopri5Text{
    "dopri5", "Dormand–Prince 5(4)",
    "Dormand & Prince, J. Comput. Appl. Math. 6 (1980) 19; Hairer, Nørsett & Wanner I (1993) Table II.5.2; "
    "as ARKODE_DORMAND_PRINCE_7_4_5 and odeint's runge_kutta_dopri5",
    7, 5, 4,
    {"0", "1/5", "3/10", "4/5", "8/9", "1", "1"},
    {{{},
      {"1/5"},
      {"3/40", "9/40"},
      {"44/45", "-56/15", "32/9"},
      {"19372/6561", "-25360/2187", "64448/6561", "-212/729"},
      {"9017/3168", "-355/33", "46732/5247", "49/176", "-5103/18656"},
      {"35/384", "0", "500/1113", "125/192", "-2187/6784", "11/84"}}},
    {"35/384", "0", "500/1113", "125/192", "-2187/6784", "11/84", "0"},
    {"5179/57600", "0", "7571/16695", "393/640", "-92097/339200", "187/2100", "1/40"}};

/// Verner's 6(5) pair with 8 stages (Verner, SIAM J. Numer. Anal. 15 (1978) 772), coefficients as SUNDIALS
/// ARKODE_VERNER_8_5_6 (arkode_butcher_erk.def). b: order 6, propagated; b̂: order 5, the estimate.
inline constexpr RkText kVerner65Text{
    "verner65", "Verner 6(5), 8 stages",
    "Verner, SIAM J. Numer. Anal. 15 (1978) 772; as SUNDIALS ARKODE_VERNER_8_5_6", 8, 6, 5,
    {"0", "1/6", "4/15", "2/3", "5/6", "1", "1/15", "1"},
    {{{},
      {"1/6"},
      {"4/75", "16/75"},
      {"5/6", "-8/3", "5/2"},
      {"-165/64", "55/6", "-425/64", "85/96"},
      {"12/5", "-8", "4015/612", "-11/36", "88/255"},
      {"-8263/15000", "124/75", "-643/680", "-81/250", "2484/10625"},
      {"3501/1720", "-300/43", "297275/52632", "-319/2322", "24068/84065", "0", "3850/26703"}}},
    {"3/40", "0", "875/2244", "23/72", "264/1955", "0", "125/11592", "43/616"},
    {"13/160", "0", "2375/5984", "5/16", "12/85", "3/44", "0", "0"}};

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

/// Fehlberg's 7(8) pair, 13 stages (Fehlberg, NASA TR R-287 (1968); Hairer, Nørsett & Wanner I (1993)
/// §II.5). b: the ORDER-8 weights, propagated; b̂: the order-7 weights, the estimate. Fehlberg meant the
/// order-7 solution to be propagated; we propagate order 8, as Boost.Odeint's runge_kutta_fehlberg78
/// (explicit_error_generic_rk<13, 8, 8, 7>: order 8, error order 7; its b is the order-8 set) and ARKODE's
/// ARKODE_FEHLBERG_13_7_8 do, so odeint's stepper is this method step for step (our odeint twin).
inline constexpr RkText kFehlberg78Text{
    "fehlberg78", "Fehlberg 7(8), 13 stages (order 8 propagated)",
    "Fehlberg, NASA TR R-287 (1968); as odeint's runge_kutta_fehlberg78 and ARKODE_FEHLBERG_13_7_8", 13, 8, 7,
    {"0", "2/27", "1/9", "1/6", "5/12", "1/2", "5/6", "1/6", "2/3", "1/3", "1", "0", "1"},
    {{{},
      {"2/27"},
      {"1/36", "1/12"},
      {"1/24", "0", "1/8"},
      {"5/12", "0", "-25/16", "25/16"},
      {"1/20", "0", "0", "1/4", "1/5"},
      {"-25/108", "0", "0", "125/108", "-65/27", "125/54"},
      {"31/300", "0", "0", "0", "61/225", "-2/9", "13/900"},
      {"2", "0", "0", "-53/6", "704/45", "-107/9", "67/90", "3"},
      {"-91/108", "0", "0", "23/108", "-976/135", "311/54", "-19/60", "17/6", "-1/12"},
      {"2383/4100", "0", "0", "-341/164", "4496/1025", "-301/82", "2133/4100", "45/82", "45/164", "18/41"},
      {"3/205", "0", "0", "0", "0", "-6/41", "-3/205", "-3/41", "3/41", "6/41", "0"},
      {"-1777/4100", "0", "0", "-341/164", "4496/1025", "-289/82", "2193/4100", "51/82", "33/164", "12/41", "0", "1"}}},
    {"0", "0", "0", "0", "0", "34/105", "9/35", "9/35", "9/280", "9/280", "0", "41/840", "41/840"},
    {"41/840", "0", "0", "0", "0", "34/105", "9/35", "9/35", "9/280", "9/280", "41/840", "0", "0"}};

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

/// Gauss–Legendre, s = 3: c = ½ − √15/10, ½, ½ + √15/10; order 6 (Hairer & Wanner II (1996) §IV.5,
/// Table 5.2; GNI §II.1.3; Butcher, Math. Comp. 18 (1964) 50). Symplectic and symmetric.
inline constexpr RkText kGauss3Text{"gauss6", "Gauss–Legendre s = 3",
                                    "Butcher, Math. Comp. 18 (1964) 50; Hairer & Wanner II (1996) §IV.5, Table 5.2",
                                    3, 6, 0,
                                    {"1/2 - sqrt(15)/10", "1/2", "1/2 + sqrt(15)/10"},
                                    {{{"5/36", "2/9 - sqrt(15)/15", "5/36 - sqrt(15)/30"},
                                      {"5/36 + sqrt(15)/24", "2/9", "5/36 - sqrt(15)/24"},
                                      {"5/36 + sqrt(15)/30", "2/9 + sqrt(15)/15", "5/36"}}},
                                    {"5/18", "4/9", "5/18"}, {}};

/// Radau IIA, s = 2: c = (⅓, 1), A = [[5/12, −1/12], [¾, ¼]], b = (¾, ¼). Order 3, L-stable, stiffly
/// accurate (b = last row of A) (Ehle, Univ. Waterloo Res. Rep. CSRR 2010 (1969); Hairer & Wanner II
/// (1996) §IV.5, Table 5.5).
inline constexpr RkText kRadauIIA2Text{"radau3", "Radau IIA s = 2",
                                       "Ehle (1969); Hairer & Wanner II (1996) §IV.5, Table 5.5", 2, 3, 0,
                                       {"1/3", "1"},
                                       {{{"5/12", "-1/12"}, {"3/4", "1/4"}}},
                                       {"3/4", "1/4"}, {}};

/// Radau IIA, s = 3: c = (4 ∓ √6)/10, 1. Order 5, L-stable, stiffly accurate: the method of Hairer &
/// Wanner's RADAU5 (Hairer & Wanner II (1996) §IV.5, Table 5.6; §IV.8).
inline constexpr RkText kRadauIIA3Text{
    "radau5", "Radau IIA s = 3", "Ehle (1969); Hairer & Wanner II (1996) §IV.5, Table 5.6", 3, 5, 0,
    {"(4 - sqrt(6))/10", "(4 + sqrt(6))/10", "1"},
    {{{"(88 - 7*sqrt(6))/360", "(296 - 169*sqrt(6))/1800", "(-2 + 3*sqrt(6))/225"},
      {"(296 + 169*sqrt(6))/1800", "(88 + 7*sqrt(6))/360", "(-2 - 3*sqrt(6))/225"},
      {"(16 - sqrt(6))/36", "(16 + sqrt(6))/36", "1/9"}}},
    {"(16 - sqrt(6))/36", "(16 + sqrt(6))/36", "1/9"}, {}};

inline constexpr RkTable kEuler = compile(kEulerText);
inline constexpr RkTable kMidpoint = compile(kMidpointText);
inline constexpr RkTable kRk4 = compile(kRk4Text);
inline constexpr RkTable kButcher6 = compile(kButcher6Text);
inline constexpr RkTable kGauss1 = compile(kGauss1Text);
inline constexpr RkTable kGauss2 = compile(kGauss2Text);
inline constexpr RkTable kHeun = compile(kHeunText);
inline constexpr RkTable kRalston = compile(kRalstonText);
inline constexpr RkTable kKutta3 = compile(kKutta3Text);
inline constexpr RkTable kHeun3 = compile(kHeun3Text);
inline constexpr RkTable kRk38 = compile(kRk38Text);
inline constexpr RkTable kBs3 = compile(kBs3Text);
inline constexpr RkTable kFehlberg45 = compile(kFehlberg45Text);
inline constexpr RkTable kCashKarp = compile(kCashKarpText);
inline constexpr RkTable kDopri5 = compile(kDopri5Text);
inline constexpr RkTable kVerner65 = compile(kVerner65Text);
inline constexpr RkTable kFehlberg78 = compile(kFehlberg78Text);
inline constexpr RkTable kGauss3 = compile(kGauss3Text);
inline constexpr RkTable kRadauIIA2 = compile(kRadauIIA2Text);
inline constexpr RkTable kRadauIIA3 = compile(kRadauIIA3Text);

/// Every table of the library, in the order `verisim integrators` and the report list them.
inline constexpr std::array kRkLibrary{&kEulerText,      &kMidpointText,   &kHeunText,      &kRalstonText,
                                       &kKutta3Text,     &kHeun3Text,      &kRk4Text,       &kRk38Text,
                                       &kBs3Text,        &kFehlberg45Text, &kCashKarpText,  &kDopri5Text,
                                       &kVerner65Text,   &kButcher6Text,   &kFehlberg78Text, &kGauss1Text,
                                       &kGauss2Text,     &kGauss3Text,     &kRadauIIA2Text, &kRadauIIA3Text};

// --- continuous extensions (dense output) ----------------------------------------------------------

/// Dormand–Prince 5(4)'s continuous extension of order 4 (Shampine, Math. Comp. 46 (1986) 135; Hairer,
/// Nørsett & Wanner I (1993) §II.6, the dense output of DOPRI5): Hairer's dopri5.f (CONTD5) writes it as
///   u(θ) = y + θ(Δ + (1−θ)(hK₁ − Δ + θ(2Δ − hK₁ − hK₇ + (1−θ)·h Σ dᵢKᵢ))),   Δ = y⁺ − y = h Σ bᵢKᵢ,
/// d = (−12715105075/11282082432, 0, 87487479700/32700410799, −10690763975/1880347072,
///      701980252875/199316789632, −1453857185/822651844, 69997945/29380423);
/// expanded exactly into powers of θ (bᵢ(θ) = θbᵢ + θ(1−θ)(δᵢ₁ − bᵢ) + θ²(1−θ)(2bᵢ − δᵢ₁ − δᵢ₇) + θ²(1−θ)²dᵢ).
/// tests/tableaus/dense_test.cpp checks bᵢ(1) = bᵢ and the order conditions of order ≤ 4 at several θ.
inline constexpr DenseText kDopri5DenseText{
    "dopri5",
    "Shampine, Math. Comp. 46 (1986) 135; Hairer, Nørsett & Wanner I (1993) §II.6 and their dopri5.f (CONTD5)",
    4, 4,
    {{{"1", "-8048581381/2820520608", "8663915743/2820520608", "-12715105075/11282082432"},
      {},
      {"0", "131558114200/32700410799", "-68118460800/10900136933", "87487479700/32700410799"},
      {"0", "-1754552775/470086768", "14199869525/1410260304", "-10690763975/1880347072"},
      {"0", "127303824393/49829197408", "-318862633887/49829197408", "701980252875/199316789632"},
      {"0", "-282668133/205662961", "2019193451/616988883", "-1453857185/822651844"},
      {"0", "40617522/29380423", "-110615467/29380423", "69997945/29380423"}}}};

inline constexpr DenseTable kDopri5Dense = compile(kDopri5DenseText);

/// Every continuous extension of the library (a table without one is interpolated by Hermite's cubic:
/// toolkit/adaptive/dense_output.hpp).
inline constexpr std::array kDenseLibrary{&kDopri5DenseText};

}  // namespace verisim::tableaus
