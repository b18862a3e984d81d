// Measured global order of every integrator against its declared order (issue 2), on the
// harmonic oscillator and the damped oscillator, in both system forms where the seed gives both.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/order_fit.hpp"
#include "reference/problems/first_order_form.hpp"
#include "reference/problems/oscillator.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "type_list.hpp"

namespace verisim::integrators::test {
namespace {

using reference::OrderFit;
using reference::problems::DampedOscillator;
using reference::problems::Oscillator;

// The undamped oscillator ω = 1 from (1, 0), and a damped (ζ = 0.1), forced one from (1, 0.5).
const Oscillator kUndamped{.m = 1.0, .k = 1.0, .force = 0.0, .x0 = 1.0, .v0 = 0.0};
const DampedOscillator kDamped{.m = 1.0, .k = 1.0, .b = 0.2, .force = 0.3, .x0 = 1.0, .v0 = 0.5};

/// The order fitted by reference::fit_order (the studies' fit) over the points whose error lies
/// between the round-off floor and 1e-3 (above it the error is not yet asymptotic). The floor is
/// 1e3·n·ε (n steps each adding a rounding of relative size ε, with a margin of 10³), at least 1e-10.
OrderFit fit(const std::vector<double>& dt, const std::vector<double>& err, const std::vector<double>& steps) {
  std::vector<double> floor;
  for (double n : steps) floor.push_back(std::max(1e-10, 1e3 * n * 2.220446049250313e-16));
  return reference::fit_order(dt, err, floor, reference::kSlopeTolerance, 1e-3);
}

constexpr double kT = 5.0;  // not a multiple of the period: no accidental superconvergence

/// Step counts n = ⌈8·1.4^k⌉: a ratio below 2 gives enough points in range even for order 6.
std::vector<double> ladder() {
  std::vector<double> n;
  for (int k = 0; k < 32; ++k) n.push_back(std::ceil(8.0 * std::pow(1.4, k)));
  return n;
}

template <class Stepper, class Problem>
OrderFit measure_second_order(const Problem& problem) {
  std::vector<double> dts, errs, ns;
  const auto exact = problem.exact(kT);
  for (double n : ladder()) {
    Stepper stepper{};
    const double dt = kT / n;
    auto x = problem.initial();
    integrators::integrate_n_steps(stepper, problem, x, 0.0, dt, static_cast<std::size_t>(n));
    const double e = std::max(std::abs(x.q[0] - exact.q[0]), std::abs(x.v[0] - exact.v[0]));
    dts.push_back(dt), errs.push_back(e), ns.push_back(n);
  }
  return fit(dts, errs, ns);
}

/// The same on the first-order form y = (x, ẋ) (reference/problems/first_order_form.hpp).
template <class Stepper, class Problem>
OrderFit measure_first_order(const Problem& problem) {
  std::vector<double> dts, errs, ns;
  const auto sys = reference::problems::first_order_form<core::Vec1>(problem);
  const auto exact = problem.exact(kT);
  for (double n : ladder()) {
    Stepper stepper{};
    const double dt = kT / n;
    core::Vec2 y = reference::problems::stack(problem.initial());
    integrators::integrate_n_steps(stepper, sys, y, 0.0, dt, static_cast<std::size_t>(n));
    const double e = std::max(std::abs(y[0] - exact.q[0]), std::abs(y[1] - exact.v[0]));
    dts.push_back(dt), errs.push_back(e), ns.push_back(n);
  }
  return fit(dts, errs, ns);
}

template <class S>
class IntegratorsConvergence : public ::testing::Test {};
TYPED_TEST_SUITE(IntegratorsConvergence, SecondOrderSteppers<core::Vec1>, StepperNames);

// ±0.15 around the declared order (issue 2), fitted on at least 5 step sizes.
constexpr double kOrderTolerance = 0.15;

TYPED_TEST(IntegratorsConvergence, MeasuredOrderOnHarmonicOscillatorIsDeclared) {
  const auto fit = measure_second_order<TypeParam>(kUndamped);
  std::printf("%-18s harmonic: declared %d, measured %.3f on %zu step sizes\n", TypeParam::info.name.data(),
              TypeParam::info.order, fit.order, fit.points());
  EXPECT_GE(fit.points(), 5u);
  EXPECT_NEAR(fit.order, TypeParam::info.order, kOrderTolerance) << TypeParam::info.name;
}

TYPED_TEST(IntegratorsConvergence, MeasuredOrderOnDampedOscillatorIsDeclared) {
  const auto fit = measure_second_order<TypeParam>(kDamped);
  std::printf("%-18s damped:   declared %d, measured %.3f on %zu step sizes\n", TypeParam::info.name.data(),
              TypeParam::info.order, fit.order, fit.points());
  EXPECT_GE(fit.points(), 5u);
  EXPECT_NEAR(fit.order, TypeParam::info.order, kOrderTolerance) << TypeParam::info.name;
}

// The first-order forms the seed gives: Euler (§3.1), Euler-Cromer (§3.2.2), RK4 (§3.4.2).
TEST(IntegratorsConvergence_FirstOrderForm, EulerIsOrderOne) {
  for (const auto& fit : {measure_first_order<integrators::Euler<core::Vec2>>(kUndamped),
                          measure_first_order<integrators::Euler<core::Vec2>>(kDamped)}) {
    EXPECT_GE(fit.points(), 5u);
    EXPECT_NEAR(fit.order, 1.0, kOrderTolerance);
  }
}
TEST(IntegratorsConvergence_FirstOrderForm, EulerCromerIsOrderOne) {
  for (const auto& fit : {measure_first_order<integrators::EulerCromer<core::Vec2>>(kUndamped),
                          measure_first_order<integrators::EulerCromer<core::Vec2>>(kDamped)}) {
    EXPECT_GE(fit.points(), 5u);
    EXPECT_NEAR(fit.order, 1.0, kOrderTolerance);
  }
}
TEST(IntegratorsConvergence_FirstOrderForm, Rk4IsOrderFour) {
  for (const auto& fit : {measure_first_order<integrators::Rk4<core::Vec2>>(kUndamped),
                          measure_first_order<integrators::Rk4<core::Vec2>>(kDamped)}) {
    EXPECT_GE(fit.points(), 5u);
    EXPECT_NEAR(fit.order, 4.0, kOrderTolerance);
  }
}

// Kahan-compensated splitting keeps the order of its plain twin.
TEST(IntegratorsConvergence_Compensated, Yoshida6KeepsOrderSixOnDampedOscillator) {
  using S = integrators::Yoshida6<core::Vec1, integrators::Summation::compensated>;
  const auto fit = measure_second_order<S>(kDamped);
  EXPECT_GE(fit.points(), 5u);
  EXPECT_NEAR(fit.order, 6.0, kOrderTolerance);
}

}  // namespace
}  // namespace verisim::integrators::test
