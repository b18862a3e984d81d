// The catalogue's problems in other units (reference/problems/units.hpp, issue 25): a problem whose every
// parameter, start, t₀ and Δt are converted by (L, T, M) has the solution x'(t') = L_q·x(t'/T) — checked on
// each problem's own exact solution (closed forms, and the long-double reference run of the driven
// pendulum), which are derived independently of scaled(). A wrong dimension in scaled() (a stiffness
// scaled as a force, a rate as a time) breaks the identity by the factor it misses.
// Also: the drawn problems stay in their declared ranges, and the same seed draws the same problem.
#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"
#include "reference/problems/units.hpp"

namespace verisim::reference::test {

namespace {

namespace pr = problems;

const pr::Scale kScales[] = {{1e12, 1, 1}, {1e-12, 1, 1}, {1, 1e6, 1}, {1, 1e-6, 1}, {1, 1, 1e15}, {1e9, 1e-4, 1e12}};

/// ‖a − b‖/‖b‖ over (q, v).
template <class S>
double relative(const S& a, const S& b) {
  const double d = std::sqrt((a.q - b.q).squaredNorm() + (a.v - b.v).squaredNorm());
  return d / std::sqrt(b.q.squaredNorm() + b.v.squaredNorm());
}

// Closed forms are evaluated to ~1e-14 relative at phases of a few periods (Kepler's Newton solve,
// the elliptic functions of the pendulum; docs/reference.md), and the converted inputs are rounded
// once each: 1e-11 leaves a wide margin and is far below any missed factor (≥ 10⁻⁶ off).
constexpr double kTol = 1e-11;

template <class P>
void expect_scales(const P& p, double duration, double tol = kTol) {
  const auto x = p.exact(p.t0 + duration);
  for (const auto& s : kScales) {
    const P ps = p.scaled(s);
    auto y = ps.exact(ps.t0 + s.time(duration));
    y.q /= P::q_unit(s);
    y.v *= s.T / P::q_unit(s);
    EXPECT_LE(relative(y, x), tol) << P::name << " at L = " << s.L << ", T = " << s.T << ", M = " << s.M;
    // and the start itself
    auto y0 = ps.initial();
    y0.q /= P::q_unit(s);
    y0.v *= s.T / P::q_unit(s);
    EXPECT_LE(relative(y0, p.initial()), 1e-15) << P::name;
  }
}

}  // namespace

TEST(ProblemUnits, EverySolutionIsTheSameMotionInOtherUnits) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const auto osc = pr::draw<pr::Oscillator>(seed);
    expect_scales(osc, 7.0 * osc.time_scale());
    const auto damped = pr::draw<pr::DampedOscillator>(seed);
    expect_scales(damped, 7.0 * damped.time_scale());
    const auto forced = pr::draw<pr::ForcedOscillator>(seed);
    expect_scales(forced, 7.0 * forced.time_scale());
    const auto pendulum = pr::draw<pr::PendulumProblem>(seed);
    expect_scales(pendulum, 7.0 * pendulum.time_scale());
    const auto kepler = pr::draw<pr::KeplerProblem>(seed);
    expect_scales(kepler, 3.0 * kepler.time_scale());
  }
  // the driven pendulum's exact state is a reference run (error estimate ~1e-16): the scaled run agrees
  // to its error, and the run is the same arithmetic on inputs rounded once
  const auto driven = pr::draw<pr::DrivenPendulum<true>>(1);
  expect_scales(driven, 5.0 * driven.time_scale(), 1e-12);
}

TEST(ProblemUnits, DrawnProblemsStayInTheirRangesAndRepeat) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const auto f = pr::draw<pr::ForcedOscillator>(seed);
    EXPECT_GE(f.m, 0.2 * (1 - 1e-12));
    EXPECT_LE(f.m, 5.0 * (1 + 1e-12));
    const double w0 = std::sqrt(f.k / f.m), zeta = f.b / (2.0 * std::sqrt(f.k * f.m));
    EXPECT_GE(zeta, 0.05 - 1e-12);
    EXPECT_LE(zeta, 0.3 + 1e-12);
    EXPECT_GE(f.Omega / w0, 0.3 - 1e-12);
    EXPECT_LE(f.Omega / w0, 2.5 + 1e-12);
    EXPECT_GT(f.t0, 0.0);
    const auto k = pr::draw<pr::KeplerProblem>(seed);
    EXPECT_GE(k.e, 0.5);
    EXPECT_LE(k.e, 0.65);
    const auto d = pr::draw<pr::DrivenPendulum<true>>(seed);
    EXPECT_LE(d.A * d.L / d.g, 0.5 + 1e-12);  // the periodic regime: A < 0.5·ω₀²
  }
  const auto a = pr::draw<pr::PendulumProblem>(7), b = pr::draw<pr::PendulumProblem>(7);
  EXPECT_EQ(a.g, b.g);
  EXPECT_EQ(a.theta0, b.theta0);
  EXPECT_NE(pr::draw<pr::PendulumProblem>(8).g, a.g);
}

}  // namespace verisim::reference::test
