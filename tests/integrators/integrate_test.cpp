// integrators::integrate_n_steps, the one stepping loop: an observer that stops the run, and a
// system's remap hook between steps (toolkit/integrators/integrate.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <utility>

#include "toolkit/core/observe.hpp"
#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::integrators::test {
namespace {

// q̈ = −q, counting its evaluations.
struct CountingOscillator {
  static constexpr bool velocity_independent = true;
  int* calls;
  void operator()(const core::Vec1& q, const core::Vec1&, core::Vec1& a, double) const {
    ++*calls;
    a[0] = -q[0];
  }
};

// An observer that stops at step `at` exactly: the run ends there, after `at` steps (one force per
// explicit Euler step), at t0 + at·dt, with the state a run of `at` steps leaves, to the bit.
TEST(Integrators_Loop, AStoppingObserverEndsTheRunAtItsStep) {
  for (const std::size_t at : {std::size_t{0}, std::size_t{1}, std::size_t{37}, std::size_t{100}}) {
    int calls = 0, seen = 0;
    integrators::Euler<core::Vec1> euler;
    core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
    const integrators::Run run =
        integrators::integrate_n_steps(euler, CountingOscillator{&calls}, x, 0.5, 0.01, 100,
                                       [&](const core::PhaseState<core::Vec1>&, double, std::size_t k) {
                                         ++seen;
                                         return k == at ? core::Observe::stop : core::Observe::proceed;
                                       });
    EXPECT_EQ(run.steps, at);
    EXPECT_EQ(run.t, 0.5 + static_cast<double>(at) * 0.01);
    EXPECT_EQ(run.stopped, true);
    EXPECT_EQ(calls, static_cast<int>(at));
    EXPECT_EQ(seen, static_cast<int>(at) + 1);  // k = 0 … at
    integrators::Euler<core::Vec1> again;
    core::PhaseState<core::Vec1> y{core::Vec1(1.0), core::Vec1(0.0)};
    integrators::integrate_n_steps(again, CountingOscillator{&calls}, y, 0.5, 0.01, at);
    EXPECT_EQ(x, y);
  }
  // An observer returning void, or never stop: all n steps.
  int calls = 0;
  integrators::Euler<core::Vec1> euler;
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  const auto run = integrators::integrate_n_steps(euler, CountingOscillator{&calls}, x, 0.0, 0.01, 100);
  EXPECT_EQ(run.steps, 100u);
  EXPECT_EQ(run.t, 1.0);
  EXPECT_FALSE(run.stopped);
}

// A physical stopping rule: q = cos t first turns negative after t = π/2, so an observer stopping
// at the first sample with q ≤ 0 stops at step ⌈(π/2)/Δt⌉. RK4 at Δt = 10⁻³ is accurate to ~10⁻¹³,
// far below |cos| ≈ 2·10⁻⁴ at the two samples around the crossing.
TEST(Integrators_Loop, AnObserverStopsAtAnEvent) {
  integrators::Rk4<core::Vec1> rk4;
  int calls = 0;
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  const double dt = 1e-3;
  const auto run = integrators::integrate_n_steps(rk4, CountingOscillator{&calls}, x, 0.0, dt, 10000,
                                                  [](const core::PhaseState<core::Vec1>& s, double, std::size_t) {
                                                    return s.q[0] <= 0.0 ? core::Observe::stop : core::Observe::proceed;
                                                  });
  EXPECT_TRUE(run.stopped);
  EXPECT_EQ(run.steps, static_cast<std::size_t>(std::ceil(std::numbers::pi / 2.0 / dt)));
  EXPECT_NEAR(x.q[0], std::cos(run.t), 1e-12);
}

// A free rotor θ̈ = 0 whose angle is kept in (−π, π] by its remap hook (a change of chart: the same
// physical state). With θ̇ = 1 from θ = 0, it wraps at t = π and 3π before t = 10.
struct Rotor {
  static constexpr bool velocity_independent = true;
  int* forces;
  int* remaps;
  void operator()(const core::Vec1&, const core::Vec1&, core::Vec1& a, double) const {
    ++*forces;
    a[0] = 0.0;
  }
  bool remap(core::PhaseState<core::Vec1>& s) {
    ++*remaps;
    if (s.q[0] <= std::numbers::pi) return false;
    s.q[0] -= 2.0 * std::numbers::pi;
    return true;
  }
};

TEST(Integrators_Loop, TheLoopRemapsTheStateOfANonConstSystemAndResetsTheStepper) {
  int forces = 0, calls = 0;
  Rotor rotor{&forces, &calls};
  integrators::VelocityVerlet<core::Vec1> vv;
  core::PhaseState<core::Vec1> x{core::Vec1(0.0), core::Vec1(1.0)};
  int wraps = 0;
  double prev = 0.0, worst = 0.0;
  const std::size_t n = 1000;
  integrators::integrate_n_steps(vv, rotor, x, 0.0, 0.01, n, [&](const core::PhaseState<core::Vec1>& s, double t, std::size_t) {
    EXPECT_GT(s.q[0], -std::numbers::pi);  // the observer sees remapped states only
    EXPECT_LE(s.q[0], std::numbers::pi);
    if (s.q[0] < prev) ++wraps;
    prev = s.q[0];
    worst = std::max(worst, std::abs(std::remainder(s.q[0] - t, 2.0 * std::numbers::pi)));
  });
  EXPECT_EQ(calls, static_cast<int>(n) + 1);  // before the first sample and after every step
  EXPECT_EQ(wraps, 2);
  EXPECT_LT(worst, 1e-12);  // θ = t mod 2π up to the sums' round-off: ≤ n half-ulps of |θ| ≤ 4, 4.4e-13
  // Velocity Verlet evaluates f once per step (FSAL); after each remap its cache is reset and the
  // next step evaluates f at its start again: 1 + n + 2.
  EXPECT_EQ(forces, 1 + static_cast<int>(n) + 2);

  // The same rotor passed as const cannot remap: θ(10) = 10.
  forces = calls = 0;
  integrators::VelocityVerlet<core::Vec1> vv2;
  core::PhaseState<core::Vec1> y{core::Vec1(0.0), core::Vec1(1.0)};
  integrators::integrate_n_steps(vv2, std::as_const(rotor), y, 0.0, 0.01, n);
  EXPECT_EQ(calls, 0);
  EXPECT_NEAR(y.q[0], 10.0, 1e-12);  // ≤ n half-ulps of 10: 8.9e-13
  EXPECT_EQ(forces, 1 + static_cast<int>(n));
}

}  // namespace
}  // namespace verisim::integrators::test
