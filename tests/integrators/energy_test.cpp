// Energy behaviour over long runs (issue 2): bounded for every symplectic method of the registry,
// growing for Euler, decaying at RK4's exact rate.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "reference/problems/oscillator.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "type_list.hpp"

namespace verisim::integrators::test {
namespace {

using reference::problems::Oscillator;

// The unit oscillator ω = 1 from (1, 0): E₀ = ½.
const Oscillator kUnit{};

struct Envelope {
  double first_tenth = 0, last_tenth = 0;
};

// n steps (10⁵ by default) at ω·Δt = 0.1 of the unit oscillator; max |E − E₀|/E₀ over the first
// and last tenths.
template <class Stepper>
Envelope energy_envelope(std::size_t n = 100000) {
  auto x = kUnit.initial();
  const double e0 = kUnit.energy(x);
  Stepper s{};
  Envelope e;
  integrators::integrate_n_steps(s, kUnit, x, 0.0, 0.1, n, [&](const core::PhaseState<core::Vec1>& st, double, std::size_t k) {
    const double err = std::abs(kUnit.energy(st) - e0) / e0;
    if (k <= n / 10) e.first_tenth = std::max(e.first_tenth, err);
    if (k >= n - n / 10) e.last_tenth = std::max(e.last_tenth, err);
  });
  return e;
}

// Every stepper that declares itself symplectic (core::StepperInfo::symplectic) keeps the energy error
// bounded (backward error analysis: it conserves a modified energy H̃ = H + O(Δt^p) over
// exponentially long times, Hairer, Lubich & Wanner, GNI Thm IX.8.1). "Bounded": the maximum over
// the last tenth is at most twice the maximum over the first (issue 2).
template <class S>
class IntegratorsValidation_SymplecticEnergy : public ::testing::Test {};
using SymplecticSteppers = SecondOrderSteppers<core::Vec1, is_symplectic>;
TYPED_TEST_SUITE(IntegratorsValidation_SymplecticEnergy, SymplecticSteppers, StepperNames);

TYPED_TEST(IntegratorsValidation_SymplecticEnergy, EnergyErrorStaysBounded) {
  const auto e = energy_envelope<TypeParam>();
  if constexpr (requires { integrators::irk::symplectic_defect(TypeParam::table); }) {
    // A symplectic Runge-Kutta method (implicit_runge_kutta.hpp) conserves every quadratic invariant
    // exactly (GNI Thm IV.2.2), and the oscillator's energy is one: what remains is the solver's
    // stopping tolerance τ (relative, on the velocity update: ≤ 2τ on E per step) and a few roundings
    // (≤ 8ε per step), accumulated at worst linearly over the n = 10⁵ steps.
    const double tau = TypeParam{}.parameters().tolerance, n = 1e5, eps = 2.220446049250313e-16;
    EXPECT_LE(e.last_tenth, n * (2.0 * tau + 8.0 * eps)) << TypeParam::info.name;
    EXPECT_LE(e.first_tenth, n * (2.0 * tau + 8.0 * eps)) << TypeParam::info.name;
    return;
  }
  EXPECT_LE(e.last_tenth, 2.0 * e.first_tenth) << TypeParam::info.name;
  EXPECT_GT(e.first_tenth, 0.0) << TypeParam::info.name;
}

// Euler-Cromer's bound is known in closed form: it conserves I = x² + v² − Δt·x·v exactly
// (its modified energy; Hairer, Lubich & Wanner GNI §IX.1; check: substitute v⁺ = v − Δt x,
// x⁺ = x + Δt v⁺). From (x₀, v₀) = (1, 0): E − E₀ = ½Δt·x·v, and I ≥ (1 − Δt/2)(x² + v²) gives
// |E − E₀|/E₀ ≤ Δt/(2(1 − Δt/2)) = 0.0526… at Δt = 0.1.
TEST(IntegratorsValidation_Energy, EulerCromerEnergyErrorIsWithinItsModifiedEnergyBound) {
  EXPECT_LE(energy_envelope<integrators::EulerCromer<core::Vec1>>().last_tenth, 0.1 / (2 * (1 - 0.05)) + 1e-12);
}

// Explicit Euler multiplies the energy by exactly 1 + ω²Δt² per step (seed 001 §G.2.1, α = 0):
// after 10⁴ steps at ωΔt = 0.1 it has grown by (1.01)^10000 ≈ e^99.5 ≈ 1.6e43; no bound holds.
// The relative tolerance 1e-10 covers the round-off: each step rounds E by a few ε relative, so
// after 10⁴ steps by at most ~10⁴·4ε ≈ 1e-11.
TEST(IntegratorsValidation_Energy, EulerEnergyGrowsByOnePlusThetaSquaredPerStep) {
  const double th = 0.1;
  const std::size_t n = 10000;
  auto x = kUnit.initial();
  const double e0 = kUnit.energy(x);
  integrators::Euler<core::Vec1> s;
  integrators::integrate_n_steps(s, kUnit, x, 0.0, th, n);
  const double growth = std::pow(1.0 + th * th, static_cast<double>(n));
  EXPECT_NEAR(kUnit.energy(x) / e0, growth, 1e-10 * growth);
  // The envelope over the same 10⁴ steps: (1.01)^1000 − 1 ≈ 2.1e4 in the first tenth, ≈ 1.6e43 in
  // the last. (Over 10⁵ steps the energy, ≈ e^995, would overflow a double.)
  const auto e = energy_envelope<integrators::Euler<core::Vec1>>(n);
  EXPECT_GT(e.last_tenth, 1e3 * e.first_tenth);
}

// RK4's energy factor per step on the oscillator is exactly 1 − θ⁶/72 + θ⁸/576, θ = ωΔt
// (|R(iθ)|² of its stability function R(z) = 1 + z + z²/2 + z³/6 + z⁴/24): a secular decay.
TEST(IntegratorsValidation_Energy, Rk4EnergyFactorIsExact) {
  auto x = kUnit.initial();
  const double e0 = kUnit.energy(x);
  integrators::Rk4<core::Vec1> s;
  const double th = 0.1;
  const std::size_t n = 100000;
  integrators::integrate_n_steps(s, kUnit, x, 0.0, th, n);
  const double factor = 1 - std::pow(th, 6) / 72 + std::pow(th, 8) / 576;
  EXPECT_NEAR(kUnit.energy(x) / e0, std::pow(factor, static_cast<double>(n)), 1e-9);
}

}  // namespace
}  // namespace verisim::integrators::test
