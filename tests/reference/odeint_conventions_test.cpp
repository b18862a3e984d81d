// Boost.Odeint's conventions, where they differ from ours (reference/odeint/run.hpp, docs/reference.md),
// each checked: symplectic_euler's ordering (hand computation, our SymplecticEuler, not our
// EulerCromer), velocity_verlet's order with a velocity-dependent force (measured and fitted),
// the sampling of run(), and the truth run against the exact solutions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "reference/odeint/run.hpp"
#include "reference/order_fit.hpp"
#include "reference/problems/charged_particle.hpp"
#include "reference/problems/damped_contact.hpp"
#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"
#include "reference/trajectory.hpp"
#include "toolkit/integrators/euler_cromer.hpp"
#include "toolkit/integrators/mclachlan4.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/symplectic_euler.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::reference::test {

namespace {

using odeint::Stepper;

const problems::Oscillator kSpring{.m = 1.0, .k = 4.0, .force = 0.0, .x0 = 1.0, .v0 = 0.5};

TEST(ReferenceOdeint, RunSamplesEveryStepAtExactTimes) {
  const auto& sys = kSpring;
  for (const auto& d : odeint::kSteppers) {
    const auto tr = odeint::run<core::Vec1>(d.name, sys, sys.initial(), 0.25, 0.01, 100);
    ASSERT_EQ(tr.size(), 101u) << d.name;
    for (std::size_t k = 0; k < tr.size(); ++k) EXPECT_EQ(tr.t(k), 0.25 + static_cast<double>(k) * 0.01) << d.name;
    EXPECT_EQ(tr.q(0)[0], kSpring.x0);
    EXPECT_EQ(tr.v(0)[0], kSpring.v0);
  }
  const auto strided = odeint::run<core::Vec1>(Stepper::runge_kutta4, sys, sys.initial(), 0.0, 0.01, 100, 10);
  ASSERT_EQ(strided.size(), 11u);
  EXPECT_EQ(strided.t(strided.size() - 1), 1.0);
  EXPECT_THROW(odeint::run<core::Vec1>("no_such_stepper", sys, sys.initial(), 0.0, 0.01, 1), std::invalid_argument);
}

TEST(ReferenceOdeint, SymplecticSteppersRefuseVelocityDependentSystems) {
  const problems::DampedOscillator damped{.m = 1.0, .k = 4.0, .b = 0.3};
  EXPECT_THROW(odeint::run<core::Vec1>(Stepper::symplectic_euler, damped, damped.initial(), 0.0, 0.01, 10),
               std::invalid_argument);
  EXPECT_NO_THROW(odeint::run<core::Vec1>(Stepper::velocity_verlet, damped, damped.initial(), 0.0, 0.01, 10));
}

// Convention 3: odeint's symplectic_euler is q first, then p with the force at the new q.
TEST(ReferenceOdeint, SymplecticEulerMatchesItsHandComputationOfOneStep) {
  const problems::PendulumProblem sys{.g = 9.81, .L = 1.0, .theta0 = 1.2};
  const double dt = 0.05, q0 = 1.2, p0 = 0.0;
  const double q1 = q0 + dt * p0;                                 // drift with the old p
  const double p1 = p0 + dt * (-(9.81 / 1.0) * std::sin(q1));   // kick with F(q₁)
  const double q2 = q1 + dt * p1;
  const double p2 = p1 + dt * (-(9.81 / 1.0) * std::sin(q2));
  const auto tr = odeint::run<core::Vec1>(Stepper::symplectic_euler, sys, sys.initial(), 0.0, dt, 2);
  EXPECT_DOUBLE_EQ(tr.q(1)[0], q1);
  EXPECT_DOUBLE_EQ(tr.v(1)[0], p1);
  EXPECT_DOUBLE_EQ(tr.q(2)[0], q2);
  EXPECT_DOUBLE_EQ(tr.v(2)[0], p2);
  // Euler-Cromer's hand computation (seed 001 §3.2: kick with F(q₀), then drift with the new v) differs
  const double v1_ec = p0 + dt * (-(9.81 / 1.0) * std::sin(q0));
  const double q1_ec = q0 + dt * v1_ec;
  EXPECT_GT(std::abs(tr.q(1)[0] - q1_ec), 0.5 * dt * dt * 9.81 * std::sin(q0));  // they differ by dt²·F(q₀)
}

TEST(ReferenceOdeint, SymplecticEulerIsOurSymplecticEulerStepForStepAndNotOurEulerCromer) {
  const problems::PendulumProblem sys{.g = 9.81, .L = 1.0, .theta0 = 2.0};
  const double dt = 0.01;
  const std::size_t n = 2000;
  const auto theirs = odeint::run<core::Vec1>(Stepper::symplectic_euler, sys, sys.initial(), 0.0, dt, n);
  const auto se = run_toolkit(integrators::SymplecticEuler<core::Vec1>{}, sys, sys.initial(), 0.0, dt, n);
  const auto ec = run_toolkit(integrators::EulerCromer<core::Vec1>{}, sys, sys.initial(), 0.0, dt, n);
  double max_se = 0.0, min_ec_after_first = 1e300;
  for (std::size_t k = 0; k <= n; ++k) {
    max_se = std::max({max_se, std::abs(theirs.q(k)[0] - se.q(k)[0]), std::abs(theirs.v(k)[0] - se.v(k)[0])});
    if (k >= 1) min_ec_after_first = std::min(min_ec_after_first, std::abs(theirs.q(k)[0] - ec.q(k)[0]) +
                                                                      std::abs(theirs.v(k)[0] - ec.v(k)[0]));
  }
  // the same floating-point operations (q + dt·p, then p + dt·F): equal to the last bit
  EXPECT_EQ(max_se, 0.0);
  // Euler-Cromer is the adjoint: after every step the two states differ by O(dt²·|F|) ≫ round-off
  EXPECT_GT(min_ec_after_first, 1e-8);
}

TEST(ReferenceOdeint, RungeKutta4AndMcLachlanAreOursStepForStep) {
  const problems::KeplerProblem sys{.mu = 1.0, .a = 1.0, .e = 0.5};
  const double dt = sys.period() / 400.0;
  const std::size_t n = 800;
  const auto rk_theirs = odeint::run<core::Vec2>(Stepper::runge_kutta4, sys, sys.initial(), 0.0, dt, n);
  const auto rk_ours = run_toolkit(integrators::Rk4<core::Vec2>{}, sys, sys.initial(), 0.0, dt, n);
  const auto mc_theirs = odeint::run<core::Vec2>(Stepper::symplectic_rkn_sb3a_mclachlan, sys, sys.initial(), 0.0, dt, n);
  const auto mc_ours = run_toolkit(integrators::McLachlan4<core::Vec2>{}, sys, sys.initial(), 0.0, dt, n);
  double rk = 0.0, mc = 0.0;
  for (std::size_t k = 0; k <= n; ++k) {
    rk = std::max(rk, (rk_theirs.q(k) - rk_ours.q(k)).norm());
    mc = std::max(mc, (mc_theirs.q(k) - mc_ours.q(k)).norm());
  }
  // same method, summation in another order: round-off only, amplified by the orbit's Lyapunov-free
  // (linear) error growth over 2 periods: ≤ 1e-12 of the semi-major axis
  EXPECT_LE(rk, 1e-12);
  EXPECT_LE(mc, 1e-12);
}

/// Global error at t_end of a run with n steps, against the exact solution.
template <class Run>
double global_error(const Run& run_n, const analytic::HarmonicOscillator& exact, double t_end, std::size_t n) {
  const auto tr = run_n(t_end / static_cast<double>(n), n);
  return std::hypot(tr.q(tr.size() - 1)[0] - exact.position(t_end), (tr.v(tr.size() - 1)[0] - exact.velocity(t_end)) / exact.omega0());
}

/// Least-squares slope of log(error) against log(dt) over all the points (reference::log_log_fit,
/// the studies' fit).
double fitted_order(const std::vector<double>& dts, const std::vector<double>& errs) {
  return log_log_fit(dts, errs, 0, dts.size() - 1).slope;
}

// Convention 4: odeint's velocity_verlet evaluates a(x⁺, v½): order 1 with damping; ours keeps 2.
TEST(ReferenceOdeint_Convergence, VelocityVerletFallsToOrderOneOnDampedOscillatorWhileOursKeepsTwo) {
  const problems::DampedOscillator sys{.m = 1.0, .k = 4.0, .b = 0.4, .force = 0.0, .x0 = 1.0, .v0 = 0.0};
  const analytic::HarmonicOscillator damped = sys.solution();
  const double t_end = 10.0;  // ~3 periods
  std::vector<double> dts, e_theirs, e_ours;
  for (std::size_t n : {400u, 800u, 1600u, 3200u, 6400u}) {
    dts.push_back(t_end / static_cast<double>(n));
    e_theirs.push_back(global_error(
        [&](double dt, std::size_t m) { return odeint::run<core::Vec1>(Stepper::velocity_verlet, sys, sys.initial(), 0.0, dt, m, m); },
        damped, t_end, n));
    e_ours.push_back(global_error(
        [&](double dt, std::size_t m) {
          return run_toolkit(integrators::VelocityVerlet<core::Vec1>{}, sys, sys.initial(), 0.0, dt, m, m);
        },
        damped, t_end, n));
  }
  const double p_theirs = fitted_order(dts, e_theirs), p_ours = fitted_order(dts, e_ours);
  RecordProperty("odeint_velocity_verlet_order_damped", std::to_string(p_theirs));
  RecordProperty("verisim_velocity_verlet_order_damped", std::to_string(p_ours));
  std::printf("velocity_verlet fitted order on the damped oscillator: odeint %.4f, ours %.4f\n", p_theirs, p_ours);
  // a fitted slope over a factor 16 in dt: ±0.1 around the asymptotic order covers the next term
  EXPECT_NEAR(p_theirs, 1.0, 0.1);
  EXPECT_NEAR(p_ours, 2.0, 0.1);
  EXPECT_EQ(odeint::describe(Stepper::velocity_verlet).declared_order, 1);

  // without damping odeint's velocity_verlet is order 2, although it declares 1
  const auto& undamped = kSpring;
  std::vector<double> e_undamped;
  for (std::size_t n : {400u, 800u, 1600u, 3200u, 6400u})
    e_undamped.push_back(global_error(
        [&](double dt, std::size_t m) {
          return odeint::run<core::Vec1>(Stepper::velocity_verlet, undamped, undamped.initial(), 0.0, dt, m, m);
        },
        kSpring.solution(), t_end, n));
  const double p_undamped = fitted_order(dts, e_undamped);
  std::printf("velocity_verlet fitted order on the undamped oscillator: odeint %.4f\n", p_undamped);
  EXPECT_NEAR(p_undamped, 2.0, 0.1);
}

// Relative agreement: max over the samples of |q − q_exact| / max |q_exact|.
template <class V, class Exact>
double max_relative_error(const Trajectory<V>& tr, const Exact& exact_q) {
  double err = 0.0, scale = 0.0;
  for (std::size_t k = 0; k < tr.size(); ++k) {
    const V qe = exact_q(tr.t(k));
    err = std::max(err, (tr.q(k) - qe).norm());
    scale = std::max(scale, qe.norm());
  }
  return err / scale;
}

// The tight-tolerance run agrees with each exact solution to 1e-10 relative over 10 periods.
TEST(ReferenceOdeint_Validation, TruthRunAgreesWithEveryExactSolutionOverTenPeriods) {
  constexpr double kTol = 1e-10;  // asked for by issue 4; the controller holds 1e-13 per step
  // undamped, under-, critically (b = 2√(km) = 4), over-damped, within 1e-7 of critical on both
  // sides, and strongly over-damped (ζ = 50)
  for (double b : {0.0, 0.5, 4.0, 9.0, 4.0 * (1.0 + 1e-7), 4.0 * (1.0 - 1e-7), 200.0}) {
    const problems::DampedOscillator sys{.m = 1.0, .k = 4.0, .b = b, .force = 1.5, .x0 = 1.0, .v0 = -0.5};
    const analytic::HarmonicOscillator ho = sys.solution();
    const double T = 2.0 * std::numbers::pi / ho.omega0();
    const auto tr = odeint::run<core::Vec1>(Stepper::truth, sys, sys.initial(), 0.0, T / 50.0, 500);
    const double rel = max_relative_error(tr, [&](double t) { return core::Vec1(ho.position(t)); });
    std::printf("truth vs exact, oscillator b = %.8g: %.3e\n", b, rel);
    EXPECT_LE(rel, kTol) << "b=" << b;
  }
  for (double theta0 : {0.3, 2.0, 3.0}) {
    const problems::PendulumProblem sys{.g = 9.81, .L = 1.0, .theta0 = theta0};
    const double T = sys.period();
    const auto tr = odeint::run<core::Vec1>(Stepper::truth, sys, sys.initial(), 0.0, T / 50.0, 500);
    const double rel = max_relative_error(tr, [&](double t) { return sys.exact(t).q; });
    std::printf("truth vs exact, pendulum theta0 = %.1f: %.3e\n", theta0, rel);
    EXPECT_LE(rel, kTol) << "theta0=" << theta0;
  }
  for (double e : {0.0, 0.5, 0.9}) {
    const problems::KeplerProblem sys{.mu = 1.0, .a = 1.0, .e = e};
    const double T = sys.period();
    const auto tr = odeint::run<core::Vec2>(Stepper::truth, sys, sys.initial(), 0.0, T / 50.0, 500);
    const double rel = max_relative_error(tr, [&](double t) { return sys.exact(t).q; });
    std::printf("truth vs exact, Kepler e = %.2f: %.3e\n", e, rel);
    EXPECT_LE(rel, kTol) << "e=" << e;
  }
  {
    const problems::ChargedParticleProblem sys{.charge = 1.0, .m = 1.0, .B = 2.0, .E = core::Vec3(0.3, -0.2, 0.05),
                                               .r0 = core::Vec3::Zero(), .v0 = core::Vec3(1.0, 0.0, 0.2)};
    const double T = 2.0 * std::numbers::pi / sys.solution().cyclotron_frequency();
    const auto tr = odeint::run<core::Vec3>(Stepper::truth, sys, sys.initial(), 0.0, T / 50.0, 500);
    const double rel = max_relative_error(tr, [&](double t) { return sys.exact(t).q; });
    std::printf("truth vs exact, charged particle (E x B drift): %.3e\n", rel);
    EXPECT_LE(rel, kTol);
  }
  {
    // one contact (half a damped period): the "10 periods" of the others do not exist here
    const auto sys = problems::DampedContactProblem::from_restitution(0.5, 0.01, 1e4, 2.0);
    const auto tr = odeint::run<core::Vec1>(Stepper::truth, sys, sys.initial(), 0.0, sys.duration() / 100.0, 100);
    const double rel = max_relative_error(tr, [&](double t) { return sys.exact(t).q; });
    std::printf("truth vs exact, damped contact eps = 0.5: %.3e\n", rel);
    EXPECT_LE(rel, kTol);
    EXPECT_NEAR(-tr.v(tr.size() - 1)[0] / sys.vi, 0.5, 1e-10);  // the seed's restitution at δ = 0
  }
}

}  // namespace

namespace {

/// Two uncoupled pendulums θ̈ᵢ = −9.81 sin θᵢ as one dynamic-size system (the catalogue's driven
/// pendulum without damping or drive): odeint's steppers on Eigen::VectorXd.
const verisim::reference::problems::DrivenPendulum<false> kTwoPendulums{.g = 9.81, .A = 0.0};

TEST(ReferenceOdeint, DynamicSizeStatesRunAndMatchTheFixedSizeOnes) {
  using namespace verisim;
  using namespace verisim::reference;
  const problems::PendulumProblem one{.g = 9.81, .L = 1.0, .theta0 = 1.0};
  const auto& two = kTwoPendulums;
  const core::PhaseState<core::VecX> x0{core::VecX::Constant(2, 1.0), core::VecX::Zero(2)};
  for (const auto& d : odeint::kSteppers) {
    const auto fixed = odeint::run<core::Vec1>(d.stepper, one, one.initial(), 0.0, 0.01, 200, 50);
    const auto dyn = odeint::run<core::VecX>(d.stepper, two, x0, 0.0, 0.01, 200, 50);
    ASSERT_EQ(fixed.size(), dyn.size()) << d.name;
    // the one table of samples underneath (core::Samples): t, then q and v component by component
    EXPECT_EQ(dyn.samples().header(), (std::vector<std::string>{"t", "q0", "q1", "v0", "v1"})) << d.name;
    for (std::size_t k = 0; k < fixed.size(); ++k) {
      ASSERT_EQ(dyn.q(k).size(), 2) << d.name;
      EXPECT_NEAR(dyn.q(k)[0], fixed.q(k)[0], 1e-13) << d.name;
      EXPECT_NEAR(dyn.q(k)[1], fixed.q(k)[0], 1e-13) << d.name;
      EXPECT_NEAR(dyn.v(k)[1], fixed.v(k)[0], 1e-12) << d.name;
    }
  }
}

}  // namespace

}  // namespace verisim::reference::test
