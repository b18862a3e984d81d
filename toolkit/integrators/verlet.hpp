#pragma once
// Velocity Verlet (Swope, Andersen, Berens & Wilson, J. Chem. Phys. 76 (1982) 637), kick-drift-kick:
//   v½ = v + Δt/2·f(t, q),   q⁺ = q + Δt·v½,   v⁺ = v½ + Δt/2·f(t + Δt, q⁺)
// and its drift-kick-drift twin, the leapfrog / position Verlet (Verlet, Phys. Rev. 159 (1967) 98):
//   q½ = q + Δt/2·v,   v⁺ = v + Δt·f(t + Δt/2, q½),   q⁺ = q½ + Δt/2·v⁺.
// Both are Strang splittings, order 2, symmetric and symplectic (GNI §I.3.1). Seed 003's particle
// loops use the first. Velocity Verlet reuses the last force of a step as the first of the next
// (1 evaluation per step).
// Velocity-dependent forces: Boost.Odeint's velocity_verlet evaluates the new acceleration with
// v½ in place of v⁺ and falls to order 1 on a damped oscillator; here each half kick is integrated
// to second order (kick_solver.hpp), and order 2 is kept.
#include "toolkit/integrators/splitting.hpp"

namespace verisim::integrators {

namespace methods {
struct VelocityVerlet {
  static constexpr SplittingTable<2> table{{1.0, 0.0}, {0.5, 0.5}};
  static constexpr core::StepperInfo info{
      "verlet", "velocity Verlet (kick-drift-kick)", 2, true, false, 1,
      "Swope et al., J. Chem. Phys. 76 (1982) 637; seed 003 exercises",
      "1 evaluation per step (FSAL); velocity-dependent forces: half kicks by explicit midpoint, order 2 kept"};
};
struct Leapfrog {
  static constexpr SplittingTable<2> table{{0.5, 0.5}, {0.0, 1.0}};
  static constexpr core::StepperInfo info{
      "leapfrog", "leapfrog / position Verlet (drift-kick-drift)", 2, true, false, 1,
      "Verlet, Phys. Rev. 159 (1967) 98; Hairer, Lubich & Wanner, GNI §I.3.1",
      "velocity-dependent forces: kick by explicit midpoint, order 2 kept"};
};
}  // namespace methods

template <class V, Summation Sum = Summation::plain>
using VelocityVerlet = Splitting<V, methods::VelocityVerlet, Sum>;
template <class V, Summation Sum = Summation::plain>
using Leapfrog = Splitting<V, methods::Leapfrog, Sum>;

}  // namespace verisim::integrators
