// Our steppers against Boost.Odeint: RK4 step for step, and every stepper driven by
// odeint::integrate_const through odeint's observer protocol (issue 2).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <set>
#include <vector>

#include <boost/numeric/odeint/external/eigen/eigen_algebra.hpp>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>

#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/first_order_form.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "type_list.hpp"

namespace verisim::integrators::test {
namespace {

namespace odeint = boost::numeric::odeint;

// The damped, driven pendulum θ̈ = −sin θ − 0.1 θ̇ + 0.5 cos(0.7 t) (the catalogue's defaults):
// nonlinear, velocity- and time-dependent; and its first-order form y = (θ, θ̇).
using Driven = reference::problems::DrivenPendulum<true>;
const Driven kDriven{};
using DrivenFirstOrder = reference::problems::FirstOrderForm<core::Vec1, Driven>;
const DrivenFirstOrder kDrivenFirstOrder = reference::problems::first_order_form<core::Vec1>(kDriven);

double rel(double a, double b) { return std::abs(a - b) / std::max(1.0, std::abs(b)); }

// Same arithmetic up to the order of additions: 1e-13 relative over 1000 steps (issue 2).
TEST(Integrators_Odeint, Rk4AgreesWithOdeintStepForStep) {
  odeint::runge_kutta4<core::Vec2, double, core::Vec2, double, odeint::vector_space_algebra> theirs;
  integrators::Rk4<core::Vec1> ours2;
  integrators::Rk4<core::Vec2> ours1;
  core::Vec2 y(1.2, 0.3), y1 = y;
  core::PhaseState<core::Vec1> x{core::Vec1(1.2), core::Vec1(0.3)};
  const double dt = 0.01;
  double worst = 0;
  for (int k = 0; k < 1000; ++k) {
    const double t = k * dt;
    theirs.do_step(kDrivenFirstOrder, y, t, dt);
    ours2.do_step(kDriven, x, t, dt);
    ours1.do_step(kDrivenFirstOrder, y1, t, dt);
    worst = std::max({worst, rel(x.q[0], y[0]), rel(x.v[0], y[1]), rel(y1[0], y[0]), rel(y1[1], y[1])});
  }
  EXPECT_LT(worst, 1e-13);
  std::printf("rk4 vs odeint::runge_kutta4 over 1000 steps: max relative difference %.3g\n", worst);
}

template <class S>
class Integrators_IntegrateConst : public ::testing::Test {};
TYPED_TEST_SUITE(Integrators_IntegrateConst, SecondOrderSteppers<core::Vec1>, StepperNames);

// integrate_const calls do_step(system, state, t, dt) with t = t0 + n·dt and the observer before
// each step: the trajectory must be the one of our own loop, bit for bit.
TYPED_TEST(Integrators_IntegrateConst, DrivesTheStepperLikeOurLoop) {
  const double dt = 0.05;
  const std::size_t n = 200;
  std::vector<double> theirs, ours;
  core::PhaseState<core::Vec1> a{core::Vec1(1.0), core::Vec1(0.0)}, b = a;
  TypeParam s1{}, s2{};
  odeint::integrate_const(s1, kDriven, a, 0.0, dt * static_cast<double>(n) + dt / 2, dt,
                          [&](const core::PhaseState<core::Vec1>& x, double) { theirs.push_back(x.q[0]); });
  integrators::integrate_n_steps(s2, kDriven, b, 0.0, dt, n,
                                 [&](const core::PhaseState<core::Vec1>& x, double, std::size_t) { ours.push_back(x.q[0]); });
  ASSERT_EQ(theirs.size(), ours.size());
  for (std::size_t i = 0; i < ours.size(); ++i) ASSERT_EQ(theirs[i], ours[i]) << "sample " << i;
}

// Dynamic-size states go through the same code (and allocate on the first step only).
TYPED_TEST(Integrators_IntegrateConst, DynamicAndFixedSizeStatesGiveTheSameTrajectory) {
  using Dyn = DynamicTwin<TypeParam>;
  core::PhaseState<core::Vec1> a{core::Vec1(1.0), core::Vec1(0.0)};
  core::PhaseState<core::VecX> b{core::VecX::Constant(1, 1.0), core::VecX::Zero(1)};
  TypeParam s1{};
  Dyn s2{};
  integrators::integrate_n_steps(s1, kDriven, a, 0.0, 0.05, 100);
  integrators::integrate_n_steps(s2, kDriven, b, 0.0, 0.05, 100);
  EXPECT_NEAR(a.q[0], b.q[0], 1e-14);
  EXPECT_NEAR(a.v[0], b.v[0], 1e-14);
}

TEST(Integrators_Loop, NaNStateStopsWithTheStepNamed) {
  struct Blows {
    void operator()(const core::Vec1& q, const core::Vec1&, core::Vec1& a, double t) const { a[0] = t > 0.25 ? std::log(-1.0 - q[0] * q[0]) : 0.0; }
  };
  integrators::Rk4<core::Vec1> rk;
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  try {
    integrators::integrate_n_steps(rk, Blows{}, x, 0.0, 0.1, 10);
    FAIL() << "no error";
  } catch (const core::NonFiniteState& e) {
    EXPECT_EQ(e.step(), 3u);  // the step from t = 0.2 evaluates f at t = 0.25 + … > 0.25
    EXPECT_NE(std::string(e.what()).find("step 3"), std::string::npos);
  }
}

TEST(Integrators_Registry, NamesAreUniqueAndUnknownNamesAreRefused) {
  std::set<std::string_view> names;
  for (const auto& i : integrators::kSecondOrderSteppers) EXPECT_TRUE(names.insert(i.name).second) << i.name;
  EXPECT_THROW(integrators::make_stepper<core::Vec1>("rk5"), std::invalid_argument);
  const auto s = integrators::make_stepper<core::Vec1>("yoshida6");
  EXPECT_EQ(std::visit([](const auto& st) { return std::string(st.info.name); }, s), "yoshida6");
}

// Concepts: a wrong system type is refused at compile time.
struct NotASystem {
  void operator()(const core::Vec1&, double) const {}
};
static_assert(core::SecondOrderSystem<Driven, core::Vec1> && core::SecondOrderSystem<Driven, core::VecX>);
static_assert(core::FirstOrderSystem<DrivenFirstOrder, core::Vec2> && !core::FirstOrderSystem<Driven, core::Vec2>);
static_assert(!core::SecondOrderSystem<NotASystem, core::Vec1>);
static_assert(core::SecondOrderStepper<integrators::Rk4<core::Vec1>, Driven, core::Vec1>);
static_assert(core::FirstOrderStepper<integrators::Rk4<core::Vec2>, DrivenFirstOrder, core::Vec2>);

}  // namespace
}  // namespace verisim::integrators::test
