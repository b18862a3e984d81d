// The library's continuous extensions against their theory: bᵢ(1) = bᵢ, and the continuous order
// conditions Σᵢ bᵢ(θ) Φᵢ(t) = θ^ρ(t)/γ(t) (Hairer, Nørsett & Wanner I (1993) §II.6, eq. (6.11)) for
// every tree of order ≤ p* at several θ, and one condition of order p* + 1 failing (p* is the order).
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>

#include "toolkit/tableaus/library.hpp"

namespace verisim::tableaus::test_dense {

using Vec = StageVector<double>;

double dot(const Vec& x, const Vec& y, int s) {
  double r = 0.0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(s); ++i) r += x[i] * y[i];
  return r;
}
Vec times_a(const RkTable& t, const Vec& x) {  // (A x)ᵢ
  Vec r{};
  for (std::size_t i = 0; i < static_cast<std::size_t>(t.stages); ++i)
    for (std::size_t j = 0; j < static_cast<std::size_t>(t.stages); ++j) r[i] += t.a[i][j] * x[j];
  return r;
}
Vec hadamard(const Vec& x, const Vec& y) {
  Vec r{};
  for (std::size_t i = 0; i < x.size(); ++i) r[i] = x[i] * y[i];
  return r;
}

TEST(DenseTables, Dopri5ExtensionIsOfOrderFourAtEveryTheta) {
  const RkTable& t = kDopri5;
  const DenseTable& d = kDopri5Dense;
  const int s = t.stages;
  Vec one{};
  for (std::size_t i = 0; i < static_cast<std::size_t>(s); ++i) one[i] = 1.0;
  const Vec c = t.c, c2 = hadamard(c, c), c3 = hadamard(c2, c), c4 = hadamard(c3, c);
  const Vec ac = times_a(t, c), ac2 = times_a(t, c2), aac = times_a(t, ac);
  // Tolerance: the weights reach |bᵢ(θ)| ≈ 6 and the sums have 7 terms of coefficients ≤ 1: round-off
  // ≲ 7 · 6 · 2ε ≈ 2e-14; 1e-13 leaves a factor 5.
  const double tol = 1e-13;
  Vec b1{};
  dense_weights(d, s, 1.0, b1);
  for (std::size_t i = 0; i < static_cast<std::size_t>(s); ++i) EXPECT_NEAR(b1[i], t.b[i], tol) << "b" << i << "(1)";
  for (double th : {0.1, 0.37, 0.5, 0.83}) {
    Vec b{};
    dense_weights(d, s, th, b);
    // the 8 trees of order ≤ 4: τ; [τ]; [τ²], [[τ]]; [τ³], [τ[τ]], [[τ²]], [[[τ]]] (γ = 1; 2; 3, 6; 4, 8, 12, 24)
    EXPECT_NEAR(dot(b, one, s), th, tol) << th;
    EXPECT_NEAR(dot(b, c, s), th * th / 2, tol) << th;
    EXPECT_NEAR(dot(b, c2, s), std::pow(th, 3) / 3, tol) << th;
    EXPECT_NEAR(dot(b, ac, s), std::pow(th, 3) / 6, tol) << th;
    EXPECT_NEAR(dot(b, c3, s), std::pow(th, 4) / 4, tol) << th;
    EXPECT_NEAR(dot(b, hadamard(c, ac), s), std::pow(th, 4) / 8, tol) << th;
    EXPECT_NEAR(dot(b, ac2, s), std::pow(th, 4) / 12, tol) << th;
    EXPECT_NEAR(dot(b, aac, s), std::pow(th, 4) / 24, tol) << th;
  }
  // order 5 fails inside the step (the bushy tree [τ⁴]: Σ bᵢ(θ) cᵢ⁴ = θ⁵/5 only at θ = 1, where b has order 5)
  Vec b{};
  dense_weights(d, s, 0.5, b);
  EXPECT_GT(std::abs(dot(b, c4, s) - std::pow(0.5, 5) / 5), 1e-4);
}

}  // namespace verisim::tableaus::test_dense
