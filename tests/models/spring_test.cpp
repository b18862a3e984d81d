// The spring of seed 001 §B.1 (eq. (2)) against the closed-form damped oscillator
// (reference/analytic/harmonic_oscillator.hpp) with the constant force F_ext·d = m g·d, in the
// under-, critically and over-damped cases. RK4 at Δt = 1e-3 over 10 s: global error
// ~ C(ω₀Δt)⁴ ~ 1e-11, far below the 1e-8 asked.
#include <cmath>

#include <gtest/gtest.h>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/models/spring.hpp"

namespace verisim::models::test {

namespace vm = verisim::models;
namespace vi = verisim::integrators;
using verisim::core::Vec1;
using verisim::core::Vec3;

namespace {
void expect_matches_analytic(double b) {
  const double k = 4.0, m = 1.0;
  const core::Vec3 g(0.0, 0.0, -9.81), d = core::Vec3(0.0, 0.6, -0.8);
  const auto s = vm::make_spring<vm::Damped>({.k = k, .m = m, .b = b, .d = d, .g = g, .x0 = 0.7, .v0 = -0.4});
  const verisim::reference::analytic::HarmonicOscillator ho{m, k, b, m * g.dot(d), 0.7, -0.4};
  vi::Rk4<core::Vec1> rk4;
  auto st = s.state;
  double worst = 0.0;
  vi::integrate_n_steps(rk4, s, st, 0.0, 1e-3, 10000, [&](const auto& x, double t, std::size_t) {
    worst = std::max({worst, std::abs(x.q[0] - ho.position(t)), std::abs(x.v[0] - ho.velocity(t))});
  });
  EXPECT_LT(worst, 1e-8) << "zeta = " << ho.zeta();
}
}  // namespace

TEST(Models_SpringValidation, UnderdampedMatchesAnalytic) { expect_matches_analytic(0.4); }    // ζ = 0.1
TEST(Models_SpringValidation, CriticallyDampedMatchesAnalytic) { expect_matches_analytic(4.0); }  // ζ = 1
TEST(Models_SpringValidation, OverdampedMatchesAnalytic) { expect_matches_analytic(10.0); }   // ζ = 2.5
TEST(Models_SpringValidation, UndampedMatchesAnalytic) { expect_matches_analytic(0.0); }

TEST(Models_Spring, WorldPlacementAndEnergy) {
  const core::Vec3 O(1, 2, 3), d = core::Vec3(1, 2, 2) / 3.0, g(0, 0, -9.81);
  const auto s = vm::make_spring({.k = 5.0, .m = 2.0, .O = O, .d = d, .g = g});
  const core::Vec1 x(0.4), v(-1.5);
  EXPECT_LT((s.position(x) - (O + 0.4 * d)).norm(), 1e-15);  // seed 001 §B.1: O + E₁ d
  EXPECT_LT((s.velocity(x, v) + 1.5 * d).norm(), 1e-15);     // Ė₁ d
  EXPECT_NEAR(s.kinetic_energy(x, v), 0.5 * 2.0 * 1.5 * 1.5, 1e-14);
  EXPECT_NEAR(s.potential_energy(x), 0.5 * 5.0 * 0.16 - 2.0 * g.dot(O + 0.4 * d), 1e-12);
  EXPECT_THROW(vm::make_spring({.b = 0.1}), std::invalid_argument);
  EXPECT_THROW(vm::make_spring({.d = core::Vec3(1, 1, 0)}), std::invalid_argument);
  static_assert(vm::Spring<>::velocity_independent && !vm::Spring<vm::Damped>::velocity_independent);
}

}  // namespace verisim::models::test
