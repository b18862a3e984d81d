#pragma once
// Forest–Ruth / Yoshida fourth-order method: the "triple jump" composition of the leapfrog
// S(w₁Δt)·S(w₀Δt)·S(w₁Δt) with
//   w₁ = 1/(2 − 2^(1/3)),   w₀ = −2^(1/3)/(2 − 2^(1/3))      (2w₁ + w₀ = 1, 2w₁³ + w₀³ = 0)
// (Forest & Ruth, Physica D 43 (1990) 105; Yoshida, Phys. Lett. A 150 (1990) 262, eq. (4.14)).
// The leapfrog is taken drift-kick-drift so that only drifts (exact flows) are merged between
// the three sub-steps: the kicks stay separate. Order 4, symmetric, symplectic; 3 evaluations.
#include "toolkit/integrators/splitting.hpp"

namespace verisim::integrators {

namespace methods {
struct Yoshida4 {
  static constexpr double kCbrt2 = 1.2599210498948731647672106;  // 2^(1/3)
  static constexpr double w1 = 1.0 / (2.0 - kCbrt2);
  static constexpr double w0 = -kCbrt2 / (2.0 - kCbrt2);
  // kick-first stages: (·, w₁/2), (w₁, (w₀+w₁)/2), (w₀, (w₀+w₁)/2), (w₁, w₁/2)
  static constexpr SplittingTable<4> table{{w1 / 2, (w0 + w1) / 2, (w0 + w1) / 2, w1 / 2}, {0.0, w1, w0, w1}};
  static constexpr core::StepperInfo info{
      "yoshida4", "Forest-Ruth / Yoshida 4th order (triple jump)", 4, true, false, 3,
      "Forest & Ruth, Physica D 43 (1990) 105; Yoshida, Phys. Lett. A 150 (1990) 262",
      "velocity-dependent forces: kicks by RK4, order 4 kept"};
};
}  // namespace methods

template <class V, Summation Sum = Summation::plain>
using Yoshida4 = Splitting<V, methods::Yoshida4, Sum>;

}  // namespace verisim::integrators
