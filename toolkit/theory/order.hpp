#pragma once
// The order of a method derived from its coefficients (docs/studies.md, "Theory of a method").
//   Runge–Kutta: Butcher's order conditions Φ(t) = 1/γ(t) for every rooted tree t of order ≤ p (Hairer,
//     Nørsett & Wanner, Solving ODEs I, §II.2, Thm 2.13; Butcher, Numerical Methods for ODEs (2016) §30–§31),
//     all 200 trees up to order 8 (rooted_trees.hpp); Φ(t) = bᵀ(products of A-powers on the stage vector),
//     computed from A itself, so c enters only through the check c = A·1.
//   splitting / composition: Ψ_h = Π exp(aᵢhA)exp(bᵢhB) (splitting.hpp's order: kick B, then drift A, per
//     stage) expanded in the free associative algebra on {A, B} to words of length ≤ 9 and compared with
//     exp(h(A + B)) (coefficient 1/n! of every word of length n): order p iff every word of length ≤ p agrees
//     (Hairer, Lubich & Wanner, GNI §III.3–III.5, the BCH formula; McLachlan & Quispel, Acta Numerica 11
//     (2002) 341, §4 for the conditions). This is the order for ANY pair of vector fields A, B; for
//     H = T(p) + V(q) with T quadratic (the RKN case) [B,[B,[B,A]]] = 0 and fewer conditions are needed, so a
//     method may have a higher RKN order (not computed here).
//   Newmark (β, γ): second order iff γ = ½, else first (Hughes, The Finite Element Method (1987) §9.1.2).
// Tolerances: arithmetic.hpp.
#include <span>
#include <string>
#include <vector>

#include "toolkit/integrators/coefficients.hpp"
#include "toolkit/tableaus/rk_table.hpp"
#include "toolkit/theory/arithmetic.hpp"

namespace verisim::theory {

/// One order condition and how far the table is from it.
struct ConditionResidual {
  std::string condition;  ///< the tree ("[τ,[τ]]") or the word ("ABB")
  int order = 0;
  double residual = 0;    ///< Φ(t) − 1/γ(t), or the word's coefficient − 1/n!
  double scale = 0;       ///< Σ|terms| of the condition (the tolerance is relative to 1 + scale)
};

enum class Weights { b, bhat };

struct DerivedOrder {
  int order = -1;               ///< the largest p ≤ cap with every condition of order ≤ p satisfied; -1: no theory
  int cap = 0;                  ///< the highest order the conditions were checked to (8 for trees, 9 for words)
  std::string basis;            ///< "rooted trees", "words", "Newmark's theorem", "none"
  Arithmetic arithmetic = Arithmetic::exact;
  int conditions_checked = 0;   ///< trees (or words) of order ≤ min(order + 1, cap)
  double worst_satisfied = 0;   ///< largest |residual| among the satisfied conditions
  std::vector<ConditionResidual> failing;  ///< the first failing conditions (order + 1), at most 6
  int failing_count = 0;        ///< how many conditions of order + 1 fail
  bool c_declared = false;      ///< RK: the table gives c
  double row_sum_defect = 0;    ///< RK: max |Σⱼ aᵢⱼ − cᵢ| (0 when c is not declared: c = A·1 is taken)
  bool row_sums_ok = true;      ///< RK: c = A·1 within the tolerance
  std::string note;             ///< what the derivation says beyond the number
};

/// The derived order of a Runge–Kutta table with weights b (or b̂, when the table has them). std::invalid_argument
/// naming the entry when the text is malformed.
DerivedOrder derived_order(const tableaus::RkText& table, Weights weights = Weights::b);

/// The derived order of splitting coefficients (drift aᵢ, kick bᵢ; kick first in each stage).
DerivedOrder derived_order_splitting(std::span<const double> drift, std::span<const double> kick);

/// The order of the Newmark family from β, γ.
DerivedOrder derived_order_newmark(double beta, double gamma);

/// Any registry row's coefficients (order −1, basis "none" for a method without a table: the DEM steppers).
DerivedOrder derived_order(const integrators::Coefficients& coefficients);

/// "7" or "≥ 9" (at the cap) or "—" (no theory).
std::string order_text(const DerivedOrder& d);

}  // namespace verisim::theory
