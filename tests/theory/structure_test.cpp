// Symplecticity and symmetry conditions (toolkit/theory/structure.hpp) on the methods whose properties are known.
#include <gtest/gtest.h>

#include "tests/theory/tables.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/tableaus/library.hpp"
#include "toolkit/theory/structure.hpp"

namespace verisim::theory::structure_test {

using integrators::methods::McLachlan4;
using integrators::methods::Ruth3;
using integrators::methods::SymplecticEuler;
using integrators::methods::VelocityVerlet;
using integrators::methods::Yoshida4;
using integrators::methods::Yoshida6;

// Gauss–Legendre methods are symplectic (Sanz-Serna, BIT 28 (1988) 877; GNI Thm VI.4.2): the condition holds
// exactly (s = 1: rationals) or to the 50 digits of √3 (s = 2: residual ≲ 1e-48, far below 1e-40).
TEST(SymplecticCondition, GaussMethodsSatisfyIt) {
  const auto g1 = symplectic_condition(tableaus::kGauss1Text);
  EXPECT_EQ(g1.holds, Verdict::yes);
  EXPECT_EQ(g1.arithmetic, Arithmetic::exact);
  EXPECT_EQ(g1.max_residual, 0.0);
  const auto g2 = symplectic_condition(tableaus::kGauss2Text);
  EXPECT_EQ(g2.holds, Verdict::yes);
  EXPECT_EQ(g2.arithmetic, Arithmetic::roots50);
  EXPECT_LT(g2.max_residual, 1e-45);
  // typed to 16 digits: holds to the 1e-12 rule, with a residual of the typing's size (~1e-17)
  const auto typed = symplectic_condition(test_tables::kGauss2Typed);
  EXPECT_EQ(typed.arithmetic, Arithmetic::decimal50);
  EXPECT_EQ(typed.holds, Verdict::yes);
  EXPECT_LT(typed.max_residual, 1e-15);
}

// Explicit methods are never symplectic (Mᵢᵢ = −bᵢ² ≠ 0 for bᵢ ≠ 0); Radau IIA is not either (HW II §IV.5).
// RK4 by hand (b = (1, 2, 2, 1)/6): M₂₂ = M₃₃ = −b₂² = −1/9, M₁₂ = b₂a₂₁ − b₁b₂ = 1/6 − 1/18 = 1/9, M₃₄ = b₄a₄₃ −
// b₃b₄ = 1/6 − 1/18 = 1/9, every other |Mᵢⱼ| ≤ 1/18: the largest is 1/9, exactly.
TEST(SymplecticCondition, Rk4AndRadauViolateIt) {
  const auto rk4 = symplectic_condition(tableaus::kRk4Text);
  EXPECT_EQ(rk4.holds, Verdict::no);
  EXPECT_EQ(rk4.arithmetic, Arithmetic::exact);
  EXPECT_DOUBLE_EQ(rk4.max_residual, 1.0 / 9.0);
  EXPECT_EQ(symplectic_condition(test_tables::kRadau3).holds, Verdict::no);
}

// Splitting methods are symplectic by construction; the registry's symplectic flag agrees for every RK and
// splitting row.
TEST(SymplecticCondition, AgreesWithTheRegistrysFlag) {
  for (const auto& m : integrators::kMethods) {
    const auto s = symplectic_condition(m.coefficients);
    if (s.holds == Verdict::not_applicable) continue;
    EXPECT_EQ(s.holds == Verdict::yes, m.info.symplectic) << m.info.name;
  }
}

// Symmetric: Gauss (collocation at symmetric nodes, GNI Thm V.2.3), Verlet, Yoshida's and McLachlan's palindromic
// compositions (GNI §V.3); not: RK4 (a_{s+1−i,s+1−j} + aᵢⱼ = bⱼ fails at i = j = 1: a₄₄ + a₁₁ = 0 ≠ b₁ = 1/6),
// Radau IIA (b not symmetric), symplectic Euler and Ruth's method (their
// flow sequences are not palindromes).
TEST(Symmetry, KnownMethods) {
  EXPECT_EQ(symmetric(tableaus::kGauss1Text).holds, Verdict::yes);
  EXPECT_EQ(symmetric(tableaus::kGauss2Text).holds, Verdict::yes);
  EXPECT_EQ(symmetric(test_tables::kGauss2Typed).holds, Verdict::yes);
  EXPECT_EQ(symmetric(tableaus::kRk4Text).holds, Verdict::no);
  EXPECT_EQ(symmetric(test_tables::kRadau3).holds, Verdict::no);
  auto split = [](const auto& t) { return symmetric_splitting(t.a, t.b).holds; };
  EXPECT_EQ(split(VelocityVerlet::table), Verdict::yes);
  EXPECT_EQ(split(Yoshida4::table), Verdict::yes);
  EXPECT_EQ(split(Yoshida6::table), Verdict::yes);
  EXPECT_EQ(split(McLachlan4::table), Verdict::yes);
  EXPECT_EQ(split(SymplecticEuler::table), Verdict::no);
  EXPECT_EQ(split(Ruth3::table), Verdict::no);
}

// Newmark with γ = ½ is symmetric for every β (the step is invariant under h → −h with its ends swapped).
TEST(Symmetry, NewmarkIffGammaIsOneHalf) {
  EXPECT_EQ(symmetric(integrators::newmark_family(1.0 / 6.0, 0.5)).holds, Verdict::yes);
  EXPECT_EQ(symmetric(integrators::newmark_family(0.3, 0.6)).holds, Verdict::no);
}

// Stage orders known from the tables' construction (HW II §IV.5, Table 5.1 and §IV.15): Gauss s and Radau IIA s are
// collocation methods, C(s) by definition; an explicit table's first stage is y itself, so C(2) fails at the stage
// whose c ≠ 0 unless its a-row is c·e₁ … only C(1) holds for RK4 (its row sums are its c, by the table).
TEST(StageOrder, CollocationMethodsHaveStageOrderS) {
  EXPECT_EQ(stage_order(tableaus::kGauss1Text), 1);
  EXPECT_EQ(stage_order(tableaus::kGauss2Text), 2);
  EXPECT_EQ(stage_order(tableaus::kGauss3Text), 3);
  EXPECT_EQ(stage_order(tableaus::kRadauIIA2Text), 2);
  EXPECT_EQ(stage_order(tableaus::kRadauIIA3Text), 3);
  EXPECT_EQ(stage_order(tableaus::kRk4Text), 1);
  EXPECT_EQ(stage_order(tableaus::kEulerText), 1);
}

}  // namespace verisim::theory::structure_test
