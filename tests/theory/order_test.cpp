// The derived order (toolkit/theory/order.hpp) against the orders the papers declare, and perturbed tables against
// the orders theory predicts for them.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "toolkit/integrators/registry.hpp"
#include "toolkit/tableaus/library.hpp"
#include "toolkit/theory/order.hpp"
#include "toolkit/theory/rooted_trees.hpp"

namespace verisim::theory::order_test {

// Every table of the library: the derived order of b is the paper's order, that of b̂ the paper's embedded order.
TEST(DerivedOrder, EveryLibraryTableHasItsPapersOrder) {
  for (const auto* t : tableaus::kRkLibrary) {
    const DerivedOrder d = derived_order(*t);
    EXPECT_EQ(d.order, t->order) << t->name << ": first failing " << (d.failing.empty() ? "" : d.failing[0].condition);
    EXPECT_TRUE(d.row_sums_ok) << t->name;
    if (t->embedded_order > 0) {
      const DerivedOrder e = derived_order(*t, Weights::bhat);
      EXPECT_EQ(e.order, t->embedded_order) << t->name << " (b̂)";
    }
  }
}

// Every registry row with coefficients: the derived order is the order its StepperInfo declares.
TEST(DerivedOrder, EveryRegistryRowHasItsDeclaredOrder) {
  int checked = 0;
  for (const auto& m : integrators::kMethods) {
    const DerivedOrder d = derived_order(m.coefficients);
    if (m.coefficients.kind == integrators::Coefficients::Kind::none) {
      EXPECT_EQ(d.order, -1) << m.info.name;
      continue;
    }
    EXPECT_EQ(d.order, m.info.order) << m.info.name << ": first failing " << (d.failing.empty() ? "" : d.failing[0].condition);
    ++checked;
  }
  EXPECT_GE(checked, 13);
}

// The splitting tables by name, with their literature orders: symplectic Euler 1 (GNI §I.1), velocity Verlet 2
// (GNI §I.3), Ruth 3 (Ruth, IEEE Trans. Nucl. Sci. 30 (1983) 2669), Yoshida 4 and 6 (Yoshida, Phys. Lett. A 150
// (1990) 262), McLachlan SB3A 4 (McLachlan, SIAM J. Sci. Comput. 16 (1995) 151).
TEST(DerivedOrder, SplittingTablesHaveTheirLiteratureOrders) {
  using namespace integrators::methods;
  auto order = [](const auto& table) { return derived_order_splitting(table.a, table.b).order; };
  EXPECT_EQ(order(SymplecticEuler::table), 1);
  EXPECT_EQ(order(EulerCromer::table), 1);
  EXPECT_EQ(order(VelocityVerlet::table), 2);
  EXPECT_EQ(order(Leapfrog::table), 2);
  EXPECT_EQ(order(Ruth3::table), 3);
  EXPECT_EQ(order(Yoshida4::table), 4);
  EXPECT_EQ(order(McLachlan4::table), 4);
  EXPECT_EQ(order(Yoshida6::table), 6);
}

// A symmetric method has even order (GNI Thm II.3.2): the first failing words of Verlet are of length 3.
TEST(DerivedOrder, VerletFailsFirstAtWordsOfLengthThree) {
  const auto d = derived_order_splitting(integrators::methods::VelocityVerlet::table.a,
                                         integrators::methods::VelocityVerlet::table.b);
  ASSERT_FALSE(d.failing.empty());
  EXPECT_EQ(d.failing[0].order, 3);
  // words of length ≤ 3: 2 + 4 + 8 = 14 checked
  EXPECT_EQ(d.conditions_checked, 14);
}

// Newmark: second order iff γ = ½ (Hughes, The Finite Element Method (1987) §9.1).
TEST(DerivedOrder, NewmarkIsSecondOrderIffGammaIsOneHalf) {
  EXPECT_EQ(derived_order_newmark(1.0 / 6.0, 0.5).order, 2);
  EXPECT_EQ(derived_order_newmark(0.25, 0.5).order, 2);
  EXPECT_EQ(derived_order_newmark(0.3025, 0.6).order, 1);
}

// --- perturbed tables ---------------------------------------------------------------------------------------

/// A table's text with some entries replaced (the strings live in the struct).
struct Edited {
  tableaus::RkText text;
  std::vector<std::string> store;
  explicit Edited(const tableaus::RkText& t) : text(t) { store.reserve(64); }
  void set(const char*& entry, const std::string& value) {
    store.push_back(value);
    entry = store.back().c_str();
  }
  void add(const char*& entry, const std::string& delta) {
    const std::string old = entry ? entry : "0";
    set(entry, "(" + old + ") + " + delta);
  }
};

/// The elementary weights Φ(t) of every tree of order ≤ 8, in doubles — the test's own recursion over the tree
/// structure (HNW I §II.2, Def. 2.9), independent of toolkit/theory's.
std::vector<double> weights(const tableaus::RkText& text) {
  const tableaus::RkTable t = tableaus::compile(text);
  const auto n = static_cast<std::size_t>(t.stages);
  const auto& trees = rooted_trees();
  std::vector<std::vector<double>> stage(trees.size());  // Φᵢ(t)
  std::vector<double> phi;
  for (std::size_t k = 0; k < trees.size(); ++k) {
    stage[k].assign(n, 1.0);
    for (const int ch : trees[k].children)
      for (std::size_t i = 0; i < n; ++i) {
        double s = 0;
        for (std::size_t j = 0; j < n; ++j) s += t.a[i][j] * stage[static_cast<std::size_t>(ch)][j];
        stage[k][i] *= s;
      }
    double p = 0;
    for (std::size_t i = 0; i < n; ++i) p += t.b[i] * stage[k][i];
    phi.push_back(p);
  }
  return phi;
}

/// The order theory predicts for a perturbed table: the order of the lowest tree whose Φ the perturbation
/// changed, minus one (capped by the original order). A change above 1e-11: the perturbation is 1/1000, and a
/// tree involving it changes by 1e-3 times a product of at most 7 other entries and nodes (Fehlberg 7(8)'s trees
/// of order 8 through a zero weight: ~1e-9 and more), while the doubles' round-off in Φ is ~1e-15.
int predicted_order(const tableaus::RkText& original, const tableaus::RkText& perturbed) {
  const auto a = weights(original), b = weights(perturbed);
  const auto& trees = rooted_trees();
  for (std::size_t k = 0; k < trees.size(); ++k)
    if (trees[k].order <= original.order && std::abs(a[k] - b[k]) > 1e-11) return trees[k].order - 1;
  return original.order;
}

// RK4 with a₃₂ changed on its own: the elementary weights are computed from A (c enters only through the check
// c = A·1), so the row sum of stage 3 moves and the tree [τ] (Σᵢbᵢ(A𝟙)ᵢ = ½) takes b₃ε: order 1; and the declared
// c₃ = ½ no longer equals a₃₁ + a₃₂.
TEST(PerturbedTable, Rk4WithA32ChangedAloneIsFirstOrder) {
  Edited e(tableaus::kRk4Text);
  e.add(e.text.a[2][1], "1/1000");
  const DerivedOrder d = derived_order(e.text);
  EXPECT_EQ(d.order, 1);
  ASSERT_FALSE(d.failing.empty());
  EXPECT_EQ(d.failing[0].condition, "[τ]");
  EXPECT_FALSE(d.row_sums_ok);
}

// RK4 with a₃₂ += ε and a₃₁ −= ε (c₃ = ½ kept): the tree [[τ]] (Σ bᵢaᵢⱼcⱼ = 1/6) takes b₃ε(c₂ − c₁) = ε/6 ≠ 0
// and nothing of order ≤ 2 moves: order 2 (HNW I Table II.2.1's conditions by hand).
TEST(PerturbedTable, Rk4WithA32ChangedIsSecondOrder) {
  Edited e(tableaus::kRk4Text);
  e.add(e.text.a[2][1], "1/1000");
  e.add(e.text.a[2][0], "-1/1000");
  const DerivedOrder d = derived_order(e.text);
  EXPECT_EQ(d.order, 2);
  EXPECT_TRUE(d.row_sums_ok);
  ASSERT_FALSE(d.failing.empty());
  EXPECT_EQ(d.failing[0].condition, "[[τ]]");
}

// RK4 with b₁ changed: Σ bᵢ = 1 (the tree τ) fails: order 0.
TEST(PerturbedTable, Rk4WithB1ChangedHasOrderZero) {
  Edited e(tableaus::kRk4Text);
  e.add(e.text.b[0], "1/1000");
  const DerivedOrder d = derived_order(e.text);
  EXPECT_EQ(d.order, 0);
  ASSERT_FALSE(d.failing.empty());
  EXPECT_EQ(d.failing[0].condition, "τ");
}

// RK4 with a₄₂ += ε, a₄₃ −= ε: the row sum c₄ stays 1, and every tree of order ≤ 3 is untouched (the change enters
// [[τ]] as b₄ε(c₂ − c₃) = 0 since c₂ = c₃ = ½); of order 4 it enters [[[τ]]] as b₄ε(Σₖa₂ₖcₖ − Σₖa₃ₖcₖ) =
// −b₄ε·a₃₂c₂ ≠ 0 (HNW I Table II.2.1's conditions by hand): order 3, failing only [[[τ]]].
TEST(PerturbedTable, Rk4ChangeThatOnlyBreaksAnOrderFourTreeIsThirdOrder) {
  Edited e(tableaus::kRk4Text);
  e.add(e.text.a[3][1], "1/1000");
  e.add(e.text.a[3][2], "-1/1000");
  const DerivedOrder d = derived_order(e.text);
  EXPECT_EQ(d.order, 3);
  EXPECT_TRUE(d.row_sums_ok);
  ASSERT_EQ(d.failing_count, 1);
  EXPECT_EQ(d.failing[0].condition, "[[[τ]]]");
}

// Every entry of every library table, perturbed by 1/1000 on its own: the derived order is the order the test's
// own elementary weights predict (the lowest tree whose Φ changed, minus one).
TEST(PerturbedTable, EveryEntryOfEveryTableLosesThePredictedOrders) {
  for (const auto* t : tableaus::kRkLibrary) {
    const int n = t->stages;
    std::vector<std::function<void(Edited&)>> edits;
    for (int i = 0; i < n; ++i) {
      edits.push_back([i](Edited& e) { e.add(e.text.b[static_cast<std::size_t>(i)], "1/1000"); });
      for (int j = 0; j < n; ++j)
        edits.push_back([i, j](Edited& e) {
          e.add(e.text.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)], "1/1000");
        });
    }
    for (std::size_t k = 0; k < edits.size(); ++k) {
      Edited e(*t);
      edits[k](e);
      const int predicted = predicted_order(*t, e.text);
      EXPECT_EQ(derived_order(e.text).order, predicted) << t->name << " edit " << k;
    }
  }
}

}  // namespace verisim::theory::order_test
