#pragma once
// Symplectic Euler, "position first" ordering: drift(Δt)·kick(Δt),
//   qₙ₊₁ = qₙ + Δt·vₙ,   vₙ₊₁ = vₙ + Δt·f(tₙ₊₁, qₙ₊₁)
// (Hairer, Lubich & Wanner, GNI, eq. (VI.3.1), the adjoint of Euler-Cromer). This is the ordering
// of Boost.Odeint's symplectic_euler (it updates q before p). Order 1, symplectic.
#include "toolkit/integrators/splitting.hpp"

namespace verisim::integrators {

namespace methods {
struct SymplecticEuler {
  // kick-first stages: (kick 0, drift 1), (kick 1, drift 0)
  static constexpr SplittingTable<2> table{{1.0, 0.0}, {0.0, 1.0}};
  static constexpr core::StepperInfo info{
      "symplectic-euler", "symplectic Euler, position first (adjoint of Euler-Cromer)", 1, true, false, 1,
      "Hairer, Lubich & Wanner, Geometric Numerical Integration (2006), eq. VI.3.1",
      "velocity-dependent forces: kick by explicit Euler at the new q; order 1 kept"};
};
}  // namespace methods

template <class V, Summation Sum = Summation::plain>
using SymplecticEuler = Splitting<V, methods::SymplecticEuler, Sum>;

}  // namespace verisim::integrators
