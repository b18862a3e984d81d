#pragma once
// Ruth's third-order symplectic method (R. D. Ruth, "A canonical integration technique",
// IEEE Trans. Nucl. Sci. NS-30 (1983) 2669, eq. (25)): three stages, each a kick then a drift,
//   d = (7/24, 3/4, −1/24) for the kicks,  c = (2/3, −2/3, 1) for the drifts.
// Order 3, symplectic, not symmetric. 3 evaluations per step.
#include "toolkit/integrators/splitting.hpp"

namespace verisim::integrators {

namespace methods {
struct Ruth3 {
  static constexpr SplittingTable<3> table{{2.0 / 3.0, -2.0 / 3.0, 1.0}, {7.0 / 24.0, 3.0 / 4.0, -1.0 / 24.0}};
  static constexpr core::StepperInfo info{
      "ruth3", "Ruth's 3rd-order symplectic method", 3, true, false, 3,
      "Ruth, IEEE Trans. Nucl. Sci. NS-30 (1983) 2669",
      "velocity-dependent forces: kicks by RK4, order 3 kept"};
};
}  // namespace methods

template <class V, Summation Sum = Summation::plain>
using Ruth3 = Splitting<V, methods::Ruth3, Sum>;

}  // namespace verisim::integrators
