// The seed 001 §G.2 family x⁺ = x + Δt·v + αΔt²·a, v⁺ = v + Δt·a (toolkit/integrators/alpha_family.hpp):
// its two named members against the steppers of the same name, and its one-step map on the
// oscillator against the seed's Jacobian (§G.2.2).
#include <gtest/gtest.h>

#include <cmath>

#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"
#include "toolkit/integrators/alpha_family.hpp"
#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/euler_cromer.hpp"
#include "toolkit/integrators/integrate.hpp"

namespace verisim::integrators::test {
namespace {

const reference::problems::PendulumProblem kPendulum{.g = 1.0, .L = 1.0};  // θ̈ = −sin θ

template <class Stepper>
core::PhaseState<core::Vec1> run(Stepper s) {
  core::PhaseState<core::Vec1> x{core::Vec1(1.2), core::Vec1(-0.3)};
  integrators::integrate_n_steps(s, kPendulum, x, 0.0, 0.05, 500);
  return x;
}

// α = 0 is explicit Euler (seed 001 §3.1) and α = 1 Euler-Cromer (§3.2): the same operations, so
// the same numbers to the bit.
TEST(Integrators_AlphaFamily, ItsNamedMembersAreEulerAndEulerCromer) {
  EXPECT_EQ(run(integrators::AlphaFamily<core::Vec1>(0.0)), run(integrators::Euler<core::Vec1>{}));
  EXPECT_EQ(run(integrators::AlphaFamily<core::Vec1>(1.0)), run(integrators::EulerCromer<core::Vec1>{}));
  EXPECT_NE(run(integrators::AlphaFamily<core::Vec1>(0.5)), run(integrators::Euler<core::Vec1>{}));
}

// On q̈ = −q (m = k = 1) one step is linear, z⁺ = M z with z = (x, v) and θ = Δt:
//   M = [[1 − αθ², θ], [−θ, 1]],  det M = 1 + (1 − α)θ²
// (seed 001 §G.2.2: MᵀJM = J + (1 − α)Δt²/m·∇²V(…), in one dimension MᵀJM = det M·J). The columns
// of M are the steps from (1, 0) and (0, 1); the entries are single roundings of exact products.
const reference::problems::Oscillator kSpring{};  // q̈ = −q

TEST(Integrators_AlphaFamily, OneStepOnTheOscillatorIsTheSeedsMatrix) {
  const double th = 0.1;
  for (double alpha : {0.0, 0.5, 1.0}) {
    integrators::AlphaFamily<core::Vec1> s(alpha);
    core::PhaseState<core::Vec1> c1{core::Vec1(1.0), core::Vec1(0.0)}, c2{core::Vec1(0.0), core::Vec1(1.0)};
    s.do_step(kSpring, c1, 0.0, th);
    s.do_step(kSpring, c2, 0.0, th);
    EXPECT_NEAR(c1.q[0], 1.0 - alpha * th * th, 1e-16);
    EXPECT_NEAR(c1.v[0], -th, 1e-16);
    EXPECT_NEAR(c2.q[0], th, 1e-16);
    EXPECT_NEAR(c2.v[0], 1.0, 1e-16);
    const double det = c1.q[0] * c2.v[0] - c2.q[0] * c1.v[0];
    EXPECT_NEAR(det, 1.0 + (1.0 - alpha) * th * th, 1e-15) << "alpha " << alpha;
  }
}

}  // namespace
}  // namespace verisim::integrators::test
