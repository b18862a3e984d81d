#pragma once
// McLachlan's symmetric fourth-order splitting with five kicks, "SB3A" (R. I. McLachlan, "On the
// numerical integration of ordinary differential equations by symmetric composition methods",
// SIAM J. Sci. Comput. 16 (1995) 151, Table 2): the palindrome
//   A(a₁) B(b₁) A(a₂) B(b₂) A(a₃) B(b₃) A(a₃) B(b₂) A(a₂) B(b₁) A(a₁)
// with a₁ = 0.40518861839525227722, a₂ = −0.28714404081652408900, a₃ = ½ − a₁ − a₂,
//      b₁ = −3/73, b₂ = 17/59, b₃ = 1 − 2(b₁ + b₂).
// These are the coefficients of Boost.Odeint's symplectic_rkn_sb3a_mclachlan, so the two are the
// same method (odeint drifts first; here the table starts with an empty kick). Order 4, 5 evaluations.
#include "toolkit/integrators/splitting.hpp"

namespace verisim::integrators {

namespace methods {
struct McLachlan4 {
  static constexpr double a1 = 0.40518861839525227722;
  static constexpr double a2 = -0.28714404081652408900;
  static constexpr double a3 = 0.5 - (a1 + a2);
  static constexpr double b1 = -3.0 / 73.0;
  static constexpr double b2 = 17.0 / 59.0;
  static constexpr double b3 = 1.0 - 2.0 * (b1 + b2);
  static constexpr SplittingTable<6> table{{a1, a2, a3, a3, a2, a1}, {0.0, b1, b2, b3, b2, b1}};
  static constexpr core::StepperInfo info{
      "mclachlan4", "McLachlan's symmetric 4th order (SB3A)", 4, true, false, 5,
      "McLachlan, SIAM J. Sci. Comput. 16 (1995) 151; = odeint symplectic_rkn_sb3a_mclachlan",
      "velocity-dependent forces: kicks by RK4, order 4 kept"};
};
}  // namespace methods

template <class V, Summation Sum = Summation::plain>
using McLachlan4 = Splitting<V, methods::McLachlan4, Sum>;

}  // namespace verisim::integrators
