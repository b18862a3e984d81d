#pragma once
// A continuous extension ("dense output") of a Runge-Kutta table: weights that are polynomials in the
// fraction θ ∈ [0, 1] of the step (Hairer, Nørsett & Wanner I (1993) §II.6, eq. (6.1)):
//   u(t + θh) = y + h Σᵢ bᵢ(θ) Kᵢ,   bᵢ(θ) = Σₖ βᵢₖ θᵏ  (k = 1 … degree),   bᵢ(1) = bᵢ
// from the step's own stages Kᵢ (and, for a first-same-as-last table, its last stage f(t + h, y⁺)):
// no extra evaluation. Its order p* is the largest p with Σᵢ bᵢ(θ) Φᵢ(t) = θ^ρ(t)/γ(t) for every rooted
// tree of order ρ(t) ≤ p at every θ (eq. (6.11)); the interpolation error is then O(h^(p*+1)) within
// the step. Like RkText, the table's text is its one source and its doubles are compiled from it.
#include <array>
#include <cstddef>
#include <string_view>

#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::tableaus {

/// The highest power of θ a continuous extension may have.
inline constexpr std::size_t kMaxDenseDegree = 6;

struct DenseText {
  std::string_view table;   ///< the name of the RkText it extends (e.g. "dopri5")
  std::string_view source;  ///< where the coefficients come from
  int degree = 0;           ///< the highest power of θ
  int order = 0;            ///< p*, the order its source declares
  /// β[i][k−1]: the coefficient of θᵏ in bᵢ(θ); nullptr: 0 (const char*, as RkText: GCC 12).
  std::array<std::array<const char*, kMaxDenseDegree>, kMaxStages> beta;
};

struct DenseTable {
  int degree = 0;
  int order = 0;
  std::array<std::array<double, kMaxDenseDegree>, kMaxStages> beta{};
};

/// The doubles of `text` (every entry of the library's reads: tests/tableaus/dense_test.cpp).
constexpr DenseTable compile(const DenseText& text) {
  DenseTable d{};
  d.degree = text.degree;
  d.order = text.order;
  for (std::size_t i = 0; i < kMaxStages; ++i)
    for (std::size_t k = 0; k < kMaxDenseDegree; ++k) d.beta[i][k] = evaluate_double(entry(text.beta[i][k])).value;
  return d;
}

/// bᵢ(θ) for i < stages, by Horner's rule.
inline void dense_weights(const DenseTable& d, int stages, double theta, StageVector<double>& out) {
  for (std::size_t i = 0; i < static_cast<std::size_t>(stages); ++i) {
    double p = 0.0;
    for (int k = d.degree; k >= 1; --k) p = (p + d.beta[i][static_cast<std::size_t>(k - 1)]) * theta;
    out[i] = p;
  }
}

}  // namespace verisim::tableaus
