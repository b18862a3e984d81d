#pragma once
// Symplecticity and symmetry read off the coefficients (docs/studies.md, "Theory of a method").
//   Symplectic RK: M = (bᵢaᵢⱼ + bⱼaⱼᵢ − bᵢbⱼ) = 0 (Cooper, IMA J. Numer. Anal. 7 (1987) 1; Sanz-Serna, BIT 28
//     (1988) 877; GNI Thm VI.4.3), evaluated exactly or in 50 digits (arithmetic.hpp); its largest |Mᵢⱼ|.
//   Symmetric RK: a_{s+1−i,s+1−j} + aᵢⱼ = bⱼ and b_{s+1−i} = bᵢ (GNI Thm V.2.3) — a sufficient condition, for
//     the stages in the reversed order only (no other permutation of the stages is tried).
//   Splitting: each sub-flow is the exact flow of T(p) or V(q), a symplectic map, so the composition is
//     symplectic by construction (GNI §VI.3, Thm VI.3.3's argument; the compositions of §II.5); it is
//     symmetric iff its merged sequence of flows (zero flows dropped, neighbours of one kind merged) is a
//     palindrome (GNI §V.3.1: the adjoint of a composition is the reversed composition), decided on the
//     doubles with arithmetic.hpp's doubles50 tolerance.
//   Stage order: the largest q ≤ s with C(q): Σⱼ aᵢⱼ cⱼ^(l−1) = cᵢ^l / l for every stage i and l = 1 … q (Butcher's
//     simplifying assumption; Hairer & Wanner II (1996) §IV.5, eq. (5.3)): the order each stage value has, which an
//     algebraically stable method (Gauss, Radau IIA) keeps on stiff problems — its B-convergence order (Frank,
//     Schneid & Ueberhuber, SIAM J. Numer. Anal. 22 (1985) 515; HW II §IV.15) — where the classical order is lost.
//   Newmark: no condition in the canonical form (Kane, Marsden, Ortiz & West, Int. J. Numer. Meth. Eng. 49
//     (2000) 1295: γ = ½ conserves a nearby non-canonical form); symmetric iff γ = ½ (the average of the
//     forward and backward step formulas; on the linear oscillator det M = 1 then).
#include <span>
#include <string>

#include "toolkit/integrators/coefficients.hpp"
#include "toolkit/tableaus/rk_table.hpp"
#include "toolkit/theory/arithmetic.hpp"

namespace verisim::theory {

enum class Verdict { yes, no, not_applicable };
std::string_view verdict_text(Verdict v);

struct SymplecticCondition {
  Verdict holds = Verdict::not_applicable;
  double max_residual = 0;  ///< RK: max |bᵢaᵢⱼ + bⱼaⱼᵢ − bᵢbⱼ|
  Arithmetic arithmetic = Arithmetic::exact;
  std::string how;          ///< what was evaluated, or why nothing was
};

struct Symmetry {
  Verdict holds = Verdict::not_applicable;
  double max_residual = 0;  ///< RK: max over the conditions; splitting: max |cₖ − c_{m+1−k}|
  std::string how;
};

SymplecticCondition symplectic_condition(const tableaus::RkText& table);
/// The stage order q (C(q), above), decided in the table's arithmetic (arithmetic.hpp); 0 when C(1) fails.
int stage_order(const tableaus::RkText& table);
SymplecticCondition symplectic_condition(const integrators::Coefficients& coefficients);
Symmetry symmetric(const tableaus::RkText& table);
Symmetry symmetric_splitting(std::span<const double> drift, std::span<const double> kick);
Symmetry symmetric(const integrators::Coefficients& coefficients);

}  // namespace verisim::theory
