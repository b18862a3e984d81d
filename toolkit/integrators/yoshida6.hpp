#pragma once
// Yoshida's sixth-order method, solution A (H. Yoshida, "Construction of higher order symplectic
// integrators", Phys. Lett. A 150 (1990) 262, Table 1): the symmetric composition of seven
// leapfrog steps S(w₃)S(w₂)S(w₁)S(w₀)S(w₁)S(w₂)S(w₃) with
//   w₁ = −1.17767998417887, w₂ = 0.235573213359357, w₃ = 0.784513610477560, w₀ = 1 − 2(w₁+w₂+w₃).
// The leapfrog is drift-kick-drift so only the exact drifts are merged. Order 6, 7 evaluations.
// The published weights carry 15 digits; their error (~1e-15) perturbs the order conditions by as
// much, far below the truncation error at any step a user would take.
#include "toolkit/integrators/splitting.hpp"

namespace verisim::integrators {

namespace methods {
struct Yoshida6 {
  static constexpr double w1 = -1.17767998417887;
  static constexpr double w2 = 0.235573213359357;
  static constexpr double w3 = 0.784513610477560;
  static constexpr double w0 = 1.0 - 2.0 * (w1 + w2 + w3);
  static constexpr SplittingTable<8> table{
      {w3 / 2, (w3 + w2) / 2, (w2 + w1) / 2, (w1 + w0) / 2, (w0 + w1) / 2, (w1 + w2) / 2, (w2 + w3) / 2, w3 / 2},
      {0.0, w3, w2, w1, w0, w1, w2, w3}};
  static constexpr core::StepperInfo info{
      "yoshida6", "Yoshida's 6th order (solution A)", 6, true, false, 7,
      "Yoshida, Phys. Lett. A 150 (1990) 262, Table 1",
      "velocity-dependent forces: kicks by Butcher's 6th-order RK, order 6 kept"};
};
}  // namespace methods

template <class V, Summation Sum = Summation::plain>
using Yoshida6 = Splitting<V, methods::Yoshida6, Sum>;

}  // namespace verisim::integrators
