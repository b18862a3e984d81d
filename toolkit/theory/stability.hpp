#pragma once
// Linear stability from the coefficients (docs/studies.md, "Theory of a method").
//   Runge–Kutta: R(z) = P(z)/Q(z), P(z) = det(I − zA + z𝟙bᵀ), Q(z) = det(I − zA) (Hairer & Wanner, Solving ODEs II,
//     Prop. IV.3.2). The coefficients of P and Q come exactly (or in 50 digits) from the determinants at the
//     s + 1 integer points z = 0 … s (Gaussian elimination) and Lagrange interpolation. On the axes:
//       real:      |R(−y)| ≤ 1  ⇔  F(y) = Q(−y)² − P(−y)² ≥ 0,
//       imaginary: |R(iy)| ≤ 1  ⇔  E(y) = |Q(iy)|² − |P(iy)|² ≥ 0 (the E-polynomial, HW II §IV.3),
//     polynomials with exact coefficients; the limit is the first y > 0 where they turn negative, found by a
//     scan in long double (from 1e-6 to Cauchy's bound on the roots, 0.05 % steps) and bisection in 50 digits
//     (1e-30 relative). None up to Cauchy's bound: "unbounded". A-stable: both unbounded, E ≥ 0 everywhere and
//     every pole of R in Re z > 0 (HW II §IV.3, the E-polynomial criterion). The linear order is the
//     order of R(z) − e^z (R's Taylor coefficients against 1/k!), a cross-check of the derived order (≥ it).
//   Splitting, on q̈ = −ω²q in scaled units x = (q, v/ω), θ = ωh: kick [[1, 0], [−bθ, 1]], drift
//     [[1, aθ], [0, 1]], composed in the table's order into M(θ) (det M = 1); stable iff |tr M| ≤ 2 (GNI §I.5,
//     §VI.4; Blanes, Casas & Murua, Found. Comput. Math. 8 (2008) 357): the limit is the first θ > 0 with
//     4 − tr M(θ)² < 0, found as above.
//   Newmark: unconditionally stable iff 2β ≥ γ ≥ ½; for γ ≥ ½ and 2β < γ, stable iff θ ≤ θ_crit = 1/√(γ/2 − β);
//     unstable for γ < ½ (Hughes, The Finite Element Method (1987) §9.1, the undamped case).
#include <complex>
#include <span>
#include <string>
#include <vector>

#include "toolkit/integrators/coefficients.hpp"
#include "toolkit/tableaus/rk_table.hpp"
#include "toolkit/theory/arithmetic.hpp"

namespace verisim::theory {

/// A stability limit on one axis (or in θ = ωh).
struct Limit {
  bool unbounded = false;
  double value = 0;  ///< the limit (0: unstable at once; meaningless when unbounded)
};
std::string limit_text(const Limit& l);

struct StabilityFunction {
  Arithmetic arithmetic = Arithmetic::exact;
  std::vector<double> p, q;             ///< coefficients of P and Q, z⁰ first
  std::vector<std::string> p_text, q_text;  ///< the same, exact ("1/24") or to 17 digits
  Limit real, imaginary;
  bool a_stable = false;
  int linear_order = 0;                 ///< order of R(z) − e^z (capped at 2s + 2)
  std::complex<double> operator()(std::complex<double> z) const;
  std::string text() const;             ///< "P(z)/Q(z)" written out
};

/// R(z) of a Runge–Kutta table (std::invalid_argument naming the entry of a malformed one).
StabilityFunction stability_function(const tableaus::RkText& table);

/// The oscillator's limit in θ = ωh of a splitting method or a Newmark method.
struct OscillatorLimit {
  Limit limit;
  std::vector<double> trace;  ///< splitting: coefficients of tr M(θ), θ⁰ first
  std::string how;
};
OscillatorLimit oscillator_limit_splitting(std::span<const double> drift, std::span<const double> kick);
OscillatorLimit oscillator_limit_newmark(double beta, double gamma);

/// The limit on the oscillator of any registry row: a RK table's imaginary-axis limit (the oscillator's
/// eigenvalues are ±iω), a splitting's or Newmark's θ limit; nothing (how = "no coefficients") otherwise.
OscillatorLimit oscillator_limit(const integrators::Coefficients& coefficients);

}  // namespace verisim::theory
