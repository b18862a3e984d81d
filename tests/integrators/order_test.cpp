// Measured global order of every integrator against its declared order (issue 2), on the
// harmonic oscillator and the damped oscillator, in both system forms where the seed gives both.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "problems.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "type_list.hpp"

namespace verisim::testing {
namespace {

struct Fit {
  double order;
  int points;
};

/// Least-squares slope of log(err) against log(dt) over the points whose error lies between the
/// round-off floor and 1e-3 (the asymptotic range). The floor is 1e3·n·ε (n steps each adding a
/// rounding of relative size ε, with a margin of 10³), at least 1e-10.
Fit fit_order(const std::vector<double>& dt, const std::vector<double>& err, const std::vector<double>& steps) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int m = 0;
  for (std::size_t i = 0; i < dt.size(); ++i) {
    const double floor = std::max(1e-10, 1e3 * steps[i] * 2.220446049250313e-16);
    if (!(err[i] > floor && err[i] < 1e-3)) continue;
    const double x = std::log(dt[i]), y = std::log(err[i]);
    sx += x, sy += y, sxx += x * x, sxy += x * y, ++m;
  }
  return {(m * sxy - sx * sy) / (m * sxx - sx * sx), m};
}

constexpr double kT = 5.0;  // not a multiple of the period: no accidental superconvergence

/// Step counts n = ⌈8·1.4^k⌉: a ratio below 2 gives enough points in range even for order 6.
std::vector<double> ladder() {
  std::vector<double> n;
  for (int k = 0; k < 32; ++k) n.push_back(std::ceil(8.0 * std::pow(1.4, k)));
  return n;
}

template <class Stepper, class Sys>
Fit measure_second_order(const Sys& sys) {
  std::vector<double> dts, errs, ns;
  for (double n : ladder()) {
    Stepper stepper{};
    const double dt = kT / n;
    PhaseState<Vec1> x{Vec1(sys.exact.x0), Vec1(sys.exact.v0)};
    integrators::integrate_n_steps(stepper, sys, x, 0.0, dt, static_cast<std::size_t>(n));
    const double e = std::max(std::abs(x.q[0] - sys.exact.position(kT)), std::abs(x.v[0] - sys.exact.velocity(kT)));
    dts.push_back(dt), errs.push_back(e), ns.push_back(n);
  }
  return fit_order(dts, errs, ns);
}

template <class Stepper>
Fit measure_first_order(const reference::analytic::HarmonicOscillator& exact) {
  std::vector<double> dts, errs, ns;
  const OscillatorFirstOrder sys{exact};
  for (double n : ladder()) {
    Stepper stepper{};
    const double dt = kT / n;
    Vec2 y(exact.x0, exact.v0);
    integrators::integrate_n_steps(stepper, sys, y, 0.0, dt, static_cast<std::size_t>(n));
    const double e = std::max(std::abs(y[0] - exact.position(kT)), std::abs(y[1] - exact.velocity(kT)));
    dts.push_back(dt), errs.push_back(e), ns.push_back(n);
  }
  return fit_order(dts, errs, ns);
}

template <class S>
class IntegratorsConvergence : public ::testing::Test {};
TYPED_TEST_SUITE(IntegratorsConvergence, SecondOrderSteppers<Vec1>, StepperNames);

// ±0.15 around the declared order (issue 2), fitted on at least 5 step sizes.
constexpr double kOrderTolerance = 0.15;

TYPED_TEST(IntegratorsConvergence, MeasuredOrderOnHarmonicOscillatorIsDeclared) {
  const auto fit = measure_second_order<TypeParam>(Oscillator<false>{undamped()});
  std::printf("%-18s harmonic: declared %d, measured %.3f on %d step sizes\n", TypeParam::info.name.data(),
              TypeParam::info.order, fit.order, fit.points);
  EXPECT_GE(fit.points, 5);
  EXPECT_NEAR(fit.order, TypeParam::info.order, kOrderTolerance) << TypeParam::info.name;
}

TYPED_TEST(IntegratorsConvergence, MeasuredOrderOnDampedOscillatorIsDeclared) {
  const auto fit = measure_second_order<TypeParam>(Oscillator<true>{damped()});
  std::printf("%-18s damped:   declared %d, measured %.3f on %d step sizes\n", TypeParam::info.name.data(),
              TypeParam::info.order, fit.order, fit.points);
  EXPECT_GE(fit.points, 5);
  EXPECT_NEAR(fit.order, TypeParam::info.order, kOrderTolerance) << TypeParam::info.name;
}

// The first-order forms the seed gives: Euler (§3.1), Euler-Cromer (§3.2.2), RK4 (§3.4.2).
TEST(IntegratorsConvergence_FirstOrderForm, EulerIsOrderOne) {
  for (const auto& ex : {undamped(), damped()}) {
    const auto fit = measure_first_order<integrators::Euler<Vec2>>(ex);
    EXPECT_GE(fit.points, 5);
    EXPECT_NEAR(fit.order, 1.0, kOrderTolerance);
  }
}
TEST(IntegratorsConvergence_FirstOrderForm, EulerCromerIsOrderOne) {
  for (const auto& ex : {undamped(), damped()}) {
    const auto fit = measure_first_order<integrators::EulerCromer<Vec2>>(ex);
    EXPECT_GE(fit.points, 5);
    EXPECT_NEAR(fit.order, 1.0, kOrderTolerance);
  }
}
TEST(IntegratorsConvergence_FirstOrderForm, Rk4IsOrderFour) {
  for (const auto& ex : {undamped(), damped()}) {
    const auto fit = measure_first_order<integrators::Rk4<Vec2>>(ex);
    EXPECT_GE(fit.points, 5);
    EXPECT_NEAR(fit.order, 4.0, kOrderTolerance);
  }
}

// Kahan-compensated splitting keeps the order of its plain twin.
TEST(IntegratorsConvergence_Compensated, Yoshida6KeepsOrderSixOnDampedOscillator) {
  using S = integrators::Yoshida6<Vec1, integrators::Summation::compensated>;
  const auto fit = measure_second_order<S>(Oscillator<true>{damped()});
  EXPECT_GE(fit.points, 5);
  EXPECT_NEAR(fit.order, 6.0, kOrderTolerance);
}

}  // namespace
}  // namespace verisim::testing
