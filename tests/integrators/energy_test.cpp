// Energy behaviour over long runs (issue 2): bounded for the symplectic methods, growing for Euler.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "problems.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::testing {
namespace {

struct Envelope {
  double first_tenth = 0, last_tenth = 0;
};

// 10⁵ steps at ω·Δt = 0.1 of the unit oscillator; max |E − E₀|/E₀ over the first and last tenths.
template <class Stepper>
Envelope energy_envelope() {
  const std::size_t n = 100000;
  const Oscillator<false> sys{undamped()};
  PhaseState<Vec1> x{Vec1(1.0), Vec1(0.0)};
  Stepper s{};
  Envelope e;
  integrators::integrate_n_steps(s, sys, x, 0.0, 0.1, n, [&](const PhaseState<Vec1>& st, double, std::size_t k) {
    const double err = std::abs(0.5 * (st.q[0] * st.q[0] + st.v[0] * st.v[0]) - 0.5) / 0.5;
    if (k <= n / 10) e.first_tenth = std::max(e.first_tenth, err);
    if (k >= n - n / 10) e.last_tenth = std::max(e.last_tenth, err);
  });
  return e;
}

// "Bounded": the maximum over the last tenth is at most twice the maximum over the first (issue 2).
TEST(IntegratorsValidation_Energy, SymplecticMethodsKeepTheEnergyErrorBounded) {
  auto check = [](const char* name, Envelope e) {
    EXPECT_LE(e.last_tenth, 2.0 * e.first_tenth) << name;
    EXPECT_GT(e.first_tenth, 0.0) << name;
  };
  check("euler-cromer", energy_envelope<integrators::EulerCromer<Vec1>>());
  check("symplectic-euler", energy_envelope<integrators::SymplecticEuler<Vec1>>());
  check("verlet", energy_envelope<integrators::VelocityVerlet<Vec1>>());
  check("leapfrog", energy_envelope<integrators::Leapfrog<Vec1>>());
  check("yoshida4", energy_envelope<integrators::Yoshida4<Vec1>>());
  check("mclachlan4", energy_envelope<integrators::McLachlan4<Vec1>>());
  // Euler-Cromer's bound is known in closed form: it conserves I = x² + v² − Δt·x·v exactly
  // (its modified energy; Hairer, Lubich & Wanner GNI §IX.1; check: substitute v⁺ = v − Δt x,
  // x⁺ = x + Δt v⁺). From (x₀, v₀) = (1, 0): E − E₀ = ½Δt·x·v, and I ≥ (1 − Δt/2)(x² + v²) gives
  // |E − E₀|/E₀ ≤ Δt/(2(1 − Δt/2)) = 0.0526… at Δt = 0.1.
  EXPECT_LE(energy_envelope<integrators::EulerCromer<Vec1>>().last_tenth, 0.1 / (2 * (1 - 0.05)) + 1e-12);
}

// Explicit Euler multiplies the energy by exactly 1 + ω²Δt² per step (seed 001 §G.2.1, α = 0):
// after 10⁴ steps it has grown by (1.01)^10000 ≈ e^99.5; no bound holds.
TEST(IntegratorsValidation_Energy, EulerEnergyGrowsByOnePlusThetaSquaredPerStep) {
  const Oscillator<false> sys{undamped()};
  PhaseState<Vec1> x{Vec1(1.0), Vec1(0.0)};
  integrators::Euler<Vec1> s;
  integrators::integrate_n_steps(s, sys, x, 0.0, 0.1, 1000);
  const double E = 0.5 * (x.q[0] * x.q[0] + x.v[0] * x.v[0]);
  EXPECT_NEAR(E / 0.5, std::pow(1.01, 1000), 1e-10 * std::pow(1.01, 1000));
  const auto e = energy_envelope<integrators::Euler<Vec1>>();
  EXPECT_GT(e.last_tenth, 1e3 * e.first_tenth);
}

// RK4's energy factor per step on the oscillator is exactly 1 − θ⁶/72 + θ⁸/576, θ = ωΔt
// (|R(iθ)|² of its stability function R(z) = 1 + z + z²/2 + z³/6 + z⁴/24): a secular decay.
TEST(IntegratorsValidation_Energy, Rk4EnergyFactorIsExact) {
  const Oscillator<false> sys{undamped()};
  PhaseState<Vec1> x{Vec1(1.0), Vec1(0.0)};
  integrators::Rk4<Vec1> s;
  const double th = 0.1;
  const std::size_t n = 100000;
  integrators::integrate_n_steps(s, sys, x, 0.0, th, n);
  const double E = 0.5 * (x.q[0] * x.q[0] + x.v[0] * x.v[0]);
  const double factor = 1 - std::pow(th, 6) / 72 + std::pow(th, 8) / 576;
  EXPECT_NEAR(E / 0.5, std::pow(factor, static_cast<double>(n)), 1e-9);
}

}  // namespace
}  // namespace verisim::testing
