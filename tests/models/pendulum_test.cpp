// The plane pendulum of seed 001 §B.2 against theory: the small-amplitude harmonic solution, and
// the exact period 4√(L/g) K(sin(θ₀/2)) at θ₀ = 2.5 rad (any mechanics text, e.g. Landau &
// Lifshitz, Mechanics, §11 problem 1; K the complete elliptic integral of the first kind).
#include <cmath>
#include <numbers>
#include <vector>

#include <boost/math/special_functions/ellint_1.hpp>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "reference/analytic/pendulum.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/models/linear_drag.hpp"
#include "toolkit/models/plane_pendulum.hpp"

namespace verisim::models::test {

namespace vm = verisim::models;
namespace vi = verisim::integrators;
using verisim::core::PhaseState;
using verisim::core::Vec1;
using verisim::core::Vec3;

TEST(Models_PendulumValidation, SmallAmplitudeIsHarmonic) {
  // θ₀ = 1e-3: θ(t) = θ₀ cos(ω₀t) + O(θ₀³). The period is longer by θ₀²/16 (Landau §11), so after
  // N periods the phase lags by 2πN θ₀²/16 (= 3.9e-6 for N = 10): |θ − θ₀cos ω₀t| ≤ θ₀·(that + the
  // third harmonic θ₀²/192 + RK4's error 1e-9), bounded by 5e-6 θ₀.
  const double L = 0.8, g = 9.81, th0 = 1e-3, w0 = std::sqrt(g / L), T = 2 * std::numbers::pi / w0;
  const auto p = vm::make_plane_pendulum({.L = L, .theta0 = th0});
  vi::Rk4<core::Vec1> rk4;
  auto s = p.state;
  double worst = 0.0;
  vi::integrate_n_steps(rk4, p, s, 0.0, T / 1000, 10000, [&](const auto& st, double t, std::size_t) {
    worst = std::max(worst, std::abs(st.q[0] - th0 * std::cos(w0 * t)));
  });
  const double bound = th0 * (2 * std::numbers::pi * 10 * th0 * th0 / 16 + th0 * th0 / 192 + 1e-9);
  RecordProperty("max_deviation_over_theta0", fmt::format("{:.3e}", worst / th0));
  EXPECT_LT(worst, 1.25 * bound);
  EXPECT_GT(worst, 0.5 * 2 * std::numbers::pi * 10 * th0 * th0 / 16 * th0);  // the anharmonic lag is seen
}

TEST(Models_PendulumValidation, LargeAmplitudePeriodIsTheEllipticIntegral) {
  // θ₀ = 2.5 rad, released at rest. Zero crossings of θ, each refined by Newton on the RK4 step
  // size from the last state before the crossing (error = RK4's local error, not an interpolation
  // error). Period = time between crossings 1 and 5 (two periods) / 2. With Δt = T/4000 RK4's
  // phase error is ~1e-11 relative: far below the 1e-6 asked.
  const double L = 1.3, g = 9.81, th0 = 2.5;
  const double T_exact = 4.0 * std::sqrt(L / g) * boost::math::ellint_1(std::sin(th0 / 2.0));
  const auto p = vm::make_plane_pendulum({.L = L, .g = core::Vec3(0, 0, -g), .theta0 = th0});
  vi::Rk4<core::Vec1> rk4;
  const double dt = T_exact / 4000;
  std::vector<double> crossings;
  core::PhaseState<core::Vec1> s = p.state;
  double t = 0.0;
  for (int n = 0; crossings.size() < 5; ++n) {
    core::PhaseState<core::Vec1> next = s;
    rk4.do_step(p, next, t, dt);
    if ((s.q[0] > 0) != (next.q[0] > 0)) {
      double tau = dt * s.q[0] / (s.q[0] - next.q[0]);  // linear first guess
      for (int it = 0; it < 20; ++it) {                  // Newton: θ(t + τ) = 0, dθ/dτ = θ̇
        core::PhaseState<core::Vec1> probe = s;
        rk4.do_step(p, probe, t, tau);
        const double step = probe.q[0] / probe.v[0];
        tau -= step;
        if (std::abs(step) < 1e-15) break;
      }
      crossings.push_back(t + tau);
    }
    s = next;
    t += dt;
    ASSERT_LT(n, 100000);
  }
  const double T_measured = (crossings[4] - crossings[0]) / 2.0;
  RecordProperty("period_relative_error", fmt::format("{:.3e}", std::abs(T_measured / T_exact - 1.0)));
  EXPECT_NEAR(T_measured / T_exact, 1.0, 1e-6);
  // and the first crossing is a quarter period after release (symmetry)
  EXPECT_NEAR(crossings[0] / (T_exact / 4.0), 1.0, 1e-6);
}

TEST(Models_PendulumValidation, AxisFrictionIsTheSeedsBoxedBOverLTerm) {
  // Small amplitude with axis friction b: mL²θ̈ + bθ̇ + mgLθ = 0 (seed 001 §B.2), a damped
  // oscillator with decay rate γ = b/(2mL²). Check the amplitude ratio over one period e^{−γT_d}.
  const double m = 0.5, L = 2.0, g = 9.81, b = 0.4, th0 = 1e-4;
  const double w0 = std::sqrt(g / L), gam = b / (2 * m * L * L), wd = std::sqrt(w0 * w0 - gam * gam);
  const auto p = vm::make_plane_pendulum<vm::Damped>({.m = m, .L = L, .b = b, .theta0 = th0});
  static_assert(!decltype(p)::velocity_independent && !decltype(p)::conserves_energy);
  vi::Rk4<core::Vec1> rk4;
  auto s = p.state;
  const double Td = 2 * std::numbers::pi / wd;
  vi::integrate_n_steps(rk4, p, s, 0.0, Td / 2000, 2000);
  // exact linear solution at t = T_d: θ = θ₀ e^{−γT_d} (cos + γ/ω_d sin)(ω_d T_d) = θ₀ e^{−γT_d};
  // nonlinearity changes it by O(θ₀²) ~ 1e-8 relative.
  EXPECT_NEAR(s.q[0] / (th0 * std::exp(-gam * Td)), 1.0, 1e-6);
}

TEST(Models_PendulumValidation, VelocityIndependenceFlagsFollowTheForcesAndTheConstraint) {
  static_assert(vm::PlanePendulum<>::velocity_independent);
  static_assert(!vm::PlanePendulum<vm::Damped>::velocity_independent);
  static_assert(!vm::Object<vm::Circle<>, vm::ForceSum<vm::UniformGravity, vm::LinearDrag>>::velocity_independent);
  static_assert(verisim::core::velocity_independent<vm::PlanePendulum<>>());
  EXPECT_THROW(vm::make_plane_pendulum({.b = 0.1}), std::invalid_argument);  // b needs Damped
  EXPECT_THROW(vm::make_plane_pendulum({.d = core::Vec3(0, 0, 1)}), std::invalid_argument);  // d ∥ g
}

TEST(Models_PendulumValidation, LargeAmplitudeTrajectoryMatchesTheJacobiEllipticSolution) {
  // θ₀ = 2.5 rad against reference/analytic/pendulum.hpp (sin(θ/2) = k cd(ω₀t, k)) over 5 periods.
  // RK4 at T/4000: global error ~ 5·(2π/4000)⁴·(stiffness near the top) ~ 1e-10 rad; bound 1e-8.
  // θ only: the reference's theta_dot is off by up to 4e-3 relative at the θ = 0 crossings (its
  // own energy ½θ̇² − (g/L)cos θ jumps there by 2%, while θ matches to 1e-12): reported to the
  // owner of reference/analytic; θ̇ is covered here by the energy and period checks.
  const double L = 1.3, g = 9.81, th0 = 2.5;
  const verisim::reference::analytic::Pendulum exact{g, L, th0};
  const auto p = vm::make_plane_pendulum({.L = L, .g = core::Vec3(0, 0, -g), .theta0 = th0});
  vi::Rk4<core::Vec1> rk4;
  auto s = p.state;
  double worst = 0.0;
  vi::integrate_n_steps(rk4, p, s, 0.0, exact.period() / 4000, 20000, [&](const auto& st, double t, std::size_t) {
    worst = std::max(worst, std::abs(st.q[0] - exact.theta(t)));
  });
  RecordProperty("max_error_vs_elliptic", fmt::format("{:.3e}", worst));
  EXPECT_LT(worst, 1e-8);
}

}  // namespace verisim::models::test
