// One step of every integrator against a hand computation from the seed's (or the paper's)
// formulas, written out here independently of the stepper's code (issue 2).
#include <gtest/gtest.h>

#include <cmath>

#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_mclachlan.hpp>
#include <boost/numeric/odeint/stepper/symplectic_euler.hpp>

#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::integrators::test {
namespace {

using integrators::Summation;

// A nonlinear, velocity- and time-dependent test system (the catalogue's driven pendulum):
// f(t, q, v) = −sin q − 0.3 v + 0.1 cos t, written out here for the hand computations.
double f(double t, double q, double v) { return -std::sin(q) - 0.3 * v + 0.1 * std::cos(t); }
const reference::problems::DrivenPendulum<true> kForced{.c = 0.3, .A = 0.1, .Omega = 1.0};
// The same without velocity dependence, for the splitting methods' exact kicks.
double g(double t, double q) { return -std::sin(q) + 0.1 * std::cos(t); }
const reference::problems::DrivenPendulum<false> kWeaklyDriven{.A = 0.1, .Omega = 1.0};

constexpr double kT0 = 0.7, kDt = 0.1, kQ0 = 0.9, kV0 = -0.4;
constexpr double kTol = 1e-14;  // a few roundings of O(1) values

template <class S, class Sys>
std::pair<double, double> one_step(const Sys& sys, S stepper = {}) {
  core::PhaseState<core::Vec1> x{core::Vec1(kQ0), core::Vec1(kV0)};
  stepper.do_step(sys, x, kT0, kDt);
  return {x.q[0], x.v[0]};
}

TEST(Integrators_HandStep, EulerSeed001Section3_1) {
  const auto [q, v] = one_step<integrators::Euler<core::Vec1>>(kForced);
  EXPECT_NEAR(q, kQ0 + kDt * kV0, kTol);
  EXPECT_NEAR(v, kV0 + kDt * f(kT0, kQ0, kV0), kTol);
}

TEST(Integrators_HandStep, EulerCromerSeed001Section3_2_1) {
  const auto [q, v] = one_step<integrators::EulerCromer<core::Vec1>>(kForced);
  const double v1 = kV0 + kDt * f(kT0, kQ0, kV0);  // Ė⁽ⁿ⁾ first
  EXPECT_NEAR(v, v1, kTol);
  EXPECT_NEAR(q, kQ0 + kDt * v1, kTol);            // then E⁽ⁿ⁾ with the new Ė
}

TEST(Integrators_HandStep, Rk4Seed001Section3_4_1) {
  const auto [q, v] = one_step<integrators::Rk4<core::Vec1>>(kForced);
  const double h = kDt, t = kT0, E = kQ0, Ed = kV0;
  const double k1 = Ed, kp1 = f(t, E, Ed);
  const double k2 = Ed + h / 2 * kp1, kp2 = f(t + h / 2, E + h / 2 * k1, Ed + h / 2 * kp1);
  const double k3 = Ed + h / 2 * kp2, kp3 = f(t + h / 2, E + h / 2 * k2, Ed + h / 2 * kp2);
  const double k4 = Ed + h * kp3, kp4 = f(t + h, E + h * k3, Ed + h * kp3);
  EXPECT_NEAR(q, E + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), kTol);
  EXPECT_NEAR(v, Ed + h / 6 * (kp1 + 2 * kp2 + 2 * kp3 + kp4), kTol);
}

TEST(Integrators_HandStep, Rk4FirstOrderSeed001Section3_4_2) {
  // y′ = −y·t + sin y
  auto F = [](double t, double y) { return -y * t + std::sin(y); };
  struct Sys {
    void operator()(const core::Vec1& y, core::Vec1& d, double t) const { d[0] = -y[0] * t + std::sin(y[0]); }
  };
  integrators::Rk4<core::Vec1> rk;
  core::Vec1 y(kQ0);
  rk.do_step(Sys{}, y, kT0, kDt);
  const double h = kDt, t = kT0, E = kQ0;
  const double k1 = F(t, E), k2 = F(t + h / 2, E + h / 2 * k1), k3 = F(t + h / 2, E + h / 2 * k2),
               k4 = F(t + h, E + h * k3);
  EXPECT_NEAR(y[0], E + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), kTol);
}

// Newmark on a linear damped, forced oscillator f = −ω²E − cĖ + F: the implicit equation for r is
// linear and solved by hand: r(1 + βω²Δt² + γcΔt) = F − ω²(E + ΔtĖ + Δt²(½−β)s) − c(Ė + Δt(1−γ)s).
TEST(Integrators_HandStep, NewmarkSeed001Section3_3SolvesTheImplicitEquation) {
  const double w2 = 4.0, c = 0.3, F = 0.2;
  const reference::problems::DampedOscillator lin{.m = 1.0, .k = w2, .b = c, .force = F};
  for (double beta : {1.0 / 6.0, 0.25}) {
    const double gamma = 0.5, h = kDt;
    const double s = F - w2 * kQ0 - c * kV0;
    const double r = (F - w2 * (kQ0 + h * kV0 + h * h * (0.5 - beta) * s) - c * (kV0 + h * (1 - gamma) * s)) /
                     (1 + beta * w2 * h * h + gamma * c * h);
    const double v1 = kV0 + h * ((1 - gamma) * s + gamma * r);
    const double q1 = kQ0 + h * kV0 + h * h * ((0.5 - beta) * s + beta * r);
    for (auto solver : {integrators::NewmarkParameters::Solver::fixed_point, integrators::NewmarkParameters::Solver::newton}) {
      integrators::NewmarkParameters p;
      p.beta = beta;
      p.epsilon = 1e-15;
      p.solver = solver;
      const auto [q, v] = one_step(lin, integrators::Newmark<core::Vec1>(p));
      EXPECT_NEAR(q, q1, 1e-13) << "beta " << beta;
      EXPECT_NEAR(v, v1, 1e-13) << "beta " << beta;
    }
  }
  // The seed's β = 1/6 form written as in §3.3: E⁽ⁿ⁾ = E + ΔtĖ + Δt²/3 (r/2 + s), Ė⁽ⁿ⁾ = Ė + Δt/2 (r + s).
  integrators::NewmarkParameters p;
  p.epsilon = 1e-15;
  integrators::Newmark<core::Vec1> nm(p);
  core::PhaseState<core::Vec1> x{core::Vec1(kQ0), core::Vec1(kV0)};
  nm.do_step(lin, x, kT0, kDt);
  const double s = F - w2 * kQ0 - c * kV0;
  const double r = F - w2 * x.q[0] - c * x.v[0];  // at convergence r = f(Tₙ, E⁽ⁿ⁾, Ė⁽ⁿ⁾)
  EXPECT_NEAR(x.v[0], kV0 + kDt / 2 * (r + s), 1e-13);
  EXPECT_NEAR(x.q[0], kQ0 + kDt * kV0 + kDt * kDt / 3 * (0.5 * r + s), 1e-13);
}

// Velocity Verlet: v½ = v + h/2 g(t, q), q⁺ = q + h v½, v⁺ = v½ + h/2 g(t + h, q⁺).
std::pair<double, double> velocity_verlet(double t, double q, double v, double h) {
  const double vh = v + h / 2 * g(t, q);
  const double q1 = q + h * vh;
  return {q1, vh + h / 2 * g(t + h, q1)};
}
// Position Verlet: q½ = q + h/2 v, v⁺ = v + h g(t + h/2, q½), q⁺ = q½ + h/2 v⁺.
std::pair<double, double> leapfrog(double t, double q, double v, double h) {
  const double qh = q + h / 2 * v;
  const double v1 = v + h * g(t + h / 2, qh);
  return {qh + h / 2 * v1, v1};
}

TEST(Integrators_HandStep, VelocityVerletAndLeapfrog) {
  {
    const auto [q, v] = one_step<integrators::VelocityVerlet<core::Vec1>>(kWeaklyDriven);
    const auto [q1, v1] = velocity_verlet(kT0, kQ0, kV0, kDt);
    EXPECT_NEAR(q, q1, kTol);
    EXPECT_NEAR(v, v1, kTol);
  }
  {
    const auto [q, v] = one_step<integrators::Leapfrog<core::Vec1>>(kWeaklyDriven);
    const auto [q1, v1] = leapfrog(kT0, kQ0, kV0, kDt);
    EXPECT_NEAR(q, q1, kTol);
    EXPECT_NEAR(v, v1, kTol);
  }
}

TEST(Integrators_HandStep, SymplecticEulerPositionFirst) {
  const auto [q, v] = one_step<integrators::SymplecticEuler<core::Vec1>>(kWeaklyDriven);
  const double q1 = kQ0 + kDt * kV0;
  EXPECT_NEAR(q, q1, kTol);
  EXPECT_NEAR(v, kV0 + kDt * g(kT0 + kDt, q1), kTol);
}

// Ruth (1983) eq. (25): for i = 1..3: p ← p + dᵢ h F(q); q ← q + cᵢ h p (time follows the drifts).
TEST(Integrators_HandStep, Ruth3AsPublished) {
  const double c[3] = {2.0 / 3, -2.0 / 3, 1.0}, d[3] = {7.0 / 24, 3.0 / 4, -1.0 / 24};
  double q = kQ0, v = kV0, t = kT0;
  for (int i = 0; i < 3; ++i) {
    v += d[i] * kDt * g(t, q);
    q += c[i] * kDt * v;
    t += c[i] * kDt;
  }
  const auto [qs, vs] = one_step<integrators::Ruth3<core::Vec1>>(kWeaklyDriven);
  EXPECT_NEAR(qs, q, kTol);
  EXPECT_NEAR(vs, v, kTol);
}

// Yoshida (1990): the 4th- and 6th-order methods are compositions of leapfrog steps.
template <std::size_t N>
std::pair<double, double> compose_leapfrog(const double (&w)[N]) {
  double q = kQ0, v = kV0, t = kT0;
  for (double wi : w) {
    std::tie(q, v) = leapfrog(t, q, v, wi * kDt);
    t += wi * kDt;
  }
  return {q, v};
}

TEST(Integrators_HandStep, Yoshida4IsTheTripleJumpOfLeapfrog) {
  const double x1 = 1.0 / (2.0 - std::cbrt(2.0)), x0 = -std::cbrt(2.0) / (2.0 - std::cbrt(2.0));
  const double w[3] = {x1, x0, x1};
  const auto [q1, v1] = compose_leapfrog(w);
  const auto [q, v] = one_step<integrators::Yoshida4<core::Vec1>>(kWeaklyDriven);
  EXPECT_NEAR(q, q1, kTol);
  EXPECT_NEAR(v, v1, kTol);
}

TEST(Integrators_HandStep, Yoshida6IsTheSevenfoldCompositionOfLeapfrog) {
  const double w1 = -1.17767998417887, w2 = 0.235573213359357, w3 = 0.784513610477560;
  const double w0 = 1 - 2 * (w1 + w2 + w3);
  const double w[7] = {w3, w2, w1, w0, w1, w2, w3};
  const auto [q1, v1] = compose_leapfrog(w);
  const auto [q, v] = one_step<integrators::Yoshida6<core::Vec1>>(kWeaklyDriven);
  EXPECT_NEAR(q, q1, kTol);
  EXPECT_NEAR(v, v1, kTol);
}

// McLachlan's SB3A as Boost.Odeint implements it (an independent implementation of the same
// coefficients; odeint's symplectic steppers have no time argument, so the force is autonomous:
// the pendulum θ̈ = −sin θ).
TEST(Integrators_HandStep, McLachlan4EqualsOdeintSb3a) {
  using Arr = std::array<double, 1>;
  boost::numeric::odeint::symplectic_rkn_sb3a_mclachlan<Arr> ref;
  Arr q{kQ0}, p{kV0};
  auto dqdt = [](const Arr& pp, Arr& d) { d[0] = pp[0]; };
  auto dpdt = [](const Arr& qq, Arr& d) { d[0] = -std::sin(qq[0]); };
  ref.do_step(std::make_pair(dqdt, dpdt), std::make_pair(std::ref(q), std::ref(p)), kT0, kDt);
  const auto [qs, vs] = one_step<integrators::McLachlan4<core::Vec1>>(reference::problems::PendulumProblem{.g = 1.0, .L = 1.0});
  EXPECT_NEAR(qs, q[0], kTol);
  EXPECT_NEAR(vs, p[0], kTol);
}

// Velocity-dependent forces: the kick of a splitting method is integrated to the method's order.
// For velocity Verlet the half kick is explicit midpoint on v′ = f(t, q, v) (kick_solver.hpp).
TEST(Integrators_HandStep, VelocityVerletWithDampingIntegratesTheKick) {
  const double h = kDt;
  auto half_kick = [&](double t, double q, double v) {  // explicit midpoint over h/2
    const double k1 = f(t, q, v);
    const double k2 = f(t, q, v + h / 4 * k1);
    return v + h / 2 * k2;
  };
  const double vh = half_kick(kT0, kQ0, kV0);
  const double q1 = kQ0 + h * vh;
  const double v1 = half_kick(kT0 + h, q1, vh);
  const auto [q, v] = one_step<integrators::VelocityVerlet<core::Vec1>>(kForced);
  EXPECT_NEAR(q, q1, kTol);
  EXPECT_NEAR(v, v1, kTol);
}

// The compensated form computes the same step (to round-off).
TEST(Integrators_HandStep, CompensatedSummationTakesTheSameStep) {
  const auto [q0, v0] = one_step<integrators::Yoshida6<core::Vec1>>(kForced);
  const auto [q1, v1] = one_step<integrators::Yoshida6<core::Vec1, Summation::compensated>>(kForced);
  EXPECT_NEAR(q0, q1, kTol);
  EXPECT_NEAR(v0, v1, kTol);
}

}  // namespace
}  // namespace verisim::integrators::test
