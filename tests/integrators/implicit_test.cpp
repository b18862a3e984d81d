// The implicit methods' iterations: convergence where they contract, core::NonConvergence within the
// cap where they do not (issue 2), and the symplectic Euler of seed 001 §G.2.3.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>

#include "reference/order_fit.hpp"
#include "reference/problems/oscillator.hpp"
#include "toolkit/integrators/implicit_runge_kutta.hpp"
#include "toolkit/integrators/implicit_symplectic_euler.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/newmark.hpp"

namespace verisim::integrators::test {
namespace {

using integrators::NewmarkParameters;

/// The spring q̈ = −ω²q (the catalogue's oscillator with m = 1, k = ω²).
reference::problems::Oscillator spring(double w2) { return {.m = 1.0, .k = w2}; }

// The seed's fixed point r ← f(E(r)) has the contraction factor βω²Δt² on the oscillator: it
// diverges when ω·Δt > √(1/β) = √6 for β = 1/6. A stiff spring (ω = 1000) at Δt = 0.01 has
// βω²Δt² = 16.7: the step must fail with core::NonConvergence naming t, Δt, the residual and the cap.
TEST(Integrators_Newmark, StiffSpringBeyondTheFixedPointLimitReportsNonConvergence) {
  NewmarkParameters p;
  p.max_iterations = 50;
  integrators::Newmark<core::Vec1> nm(p);
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  try {
    integrators::integrate_n_steps(nm, spring(1e6), x, 0.0, 0.01, 10);
    FAIL() << "no error";
  } catch (const core::NonConvergence& e) {
    EXPECT_EQ(e.cap(), 50);
    EXPECT_DOUBLE_EQ(e.t(), 0.0);
    EXPECT_DOUBLE_EQ(e.dt(), 0.01);
    EXPECT_TRUE(e.residual() > 1.0 || std::isnan(e.residual()));
    const std::string msg = e.what();
    for (const char* part : {"t = 0", "dt = 0.01", "50 iterations", "residual"})
      EXPECT_NE(msg.find(part), std::string::npos) << msg;
  }
  EXPECT_LE(nm.last_iterations(), 51);
}

// Just inside the contraction limit (ω·Δt = 2 < √6) the seed's loop converges, and the number of
// iterations follows the contraction factor βω²Δt² = 2/3: ≈ log(ε)/log(2/3) ≈ 70 at ε = 1e-12.
TEST(Integrators_Newmark, FixedPointConvergesInsideItsLimit) {
  integrators::Newmark<core::Vec1> nm;
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  nm.do_step(spring(4.0), x, 0.0, 1.0);
  EXPECT_LE(nm.last_iterations(), 80);
  EXPECT_GE(nm.last_iterations(), 40);
}

// Newton solves the same equation beyond √6, up to the method's stability limit 2√3 (β = 1/6):
// on the linear oscillator it converges in two iterations (one to solve, one to confirm).
TEST(Integrators_Newmark, NewtonSolvesBeyondTheFixedPointLimit) {
  NewmarkParameters p;
  p.solver = NewmarkParameters::Solver::newton;
  integrators::Newmark<core::Vec1> nm(p);
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  const double wdt = 3.0;  // √6 < 3 < 2√3
  integrators::integrate_n_steps(nm, spring(wdt * wdt), x, 0.0, 1.0, 1000);
  EXPECT_LE(nm.last_iterations(), 3);
  // Stable: the amplitude stays bounded (the one-step matrix has |eigenvalues| = 1).
  EXPECT_LT(std::hypot(x.q[0], x.v[0] / wdt), 10.0);
}

// A non-separable Hamiltonian H = ½p² + ½q² + ε q²p²: ∇_q H = q + 2εqp², ∇_p H = p + 2εq²p.
struct NonSeparable {
  double eps = 0.3;
  void grad_q(const core::Vec1& q, const core::Vec1& p, core::Vec1& out) const { out[0] = q[0] + 2 * eps * q[0] * p[0] * p[0]; }
  void grad_p(const core::Vec1& q, const core::Vec1& p, core::Vec1& out) const { out[0] = p[0] + 2 * eps * q[0] * q[0] * p[0]; }
  double H(double q, double p) const { return 0.5 * p * p + 0.5 * q * q + eps * q * q * p * p; }
};

// Seed 001 §G.2.3 by hand: p₁ = p₀ − h(q₀ + 2εq₀p₁²) is the quadratic 2εhq₀p₁² + p₁ − (p₀ − hq₀) = 0,
// whose root near p₀ is p₁ = 2(p₀ − hq₀)/(1 + √(1 + 8εhq₀(p₀ − hq₀))); q₁ = q₀ + h(p₁ + 2εq₀²p₁).
TEST(Integrators_HandStep, ImplicitSymplecticEulerSeed001SectionG2_3) {
  const NonSeparable H;
  const double q0 = 0.8, p0 = -0.5, h = 0.1;
  const double c = p0 - h * q0;
  const double p1 = 2 * c / (1 + std::sqrt(1 + 8 * H.eps * h * q0 * c));
  const double q1 = q0 + h * (p1 + 2 * H.eps * q0 * q0 * p1);
  integrators::ImplicitSymplecticEuler<core::Vec1> ise;
  core::CanonicalState<core::Vec1> x{core::Vec1(q0), core::Vec1(p0)};
  ise.do_step(H, x, 0.0, h);
  EXPECT_NEAR(x.p[0], p1, 1e-14);
  EXPECT_NEAR(x.q[0], q1, 1e-14);
}

// Symplectic in 1 DOF means area-preserving: det of the one-step Jacobian = 1. Centered
// differences with δ = 1e-5 carry an O(δ²) = 1e-10 truncation error and ~ε/δ = 1e-11 round-off.
TEST(Integrators_ImplicitSymplecticEuler, OneStepMapPreservesArea) {
  const NonSeparable H;
  auto step = [&](double q, double p) {
    integrators::ImplicitSymplecticEuler<core::Vec1> ise;
    core::CanonicalState<core::Vec1> x{core::Vec1(q), core::Vec1(p)};
    ise.do_step(H, x, 0.0, 0.2);
    return std::pair{x.q[0], x.p[0]};
  };
  for (auto [q, p] : {std::pair{0.8, -0.5}, std::pair{-0.3, 1.1}, std::pair{1.2, 0.4}}) {
    const double d = 1e-5;
    const auto [qa, pa] = step(q + d, p);
    const auto [qb, pb] = step(q - d, p);
    const auto [qc, pc] = step(q, p + d);
    const auto [qd, pd] = step(q, p - d);
    const double J = ((qa - qb) * (pc - pd) - (qc - qd) * (pa - pb)) / (4 * d * d);
    EXPECT_NEAR(J, 1.0, 1e-8);
  }
}

// Order 1, and the energy error stays bounded over 10⁴ steps (symplectic), on the non-separable H.
TEST(IntegratorsConvergence_ImplicitSymplecticEuler, OrderOneAndBoundedEnergy) {
  const NonSeparable H;
  auto run = [&](double h, std::size_t n, double* max_dH) {
    integrators::ImplicitSymplecticEuler<core::Vec1> ise;
    core::CanonicalState<core::Vec1> x{core::Vec1(0.8), core::Vec1(-0.5)};
    const double H0 = H.H(0.8, -0.5);
    for (std::size_t k = 0; k < n; ++k) {
      ise.do_step(H, x, static_cast<double>(k) * h, h);
      if (max_dH) *max_dH = std::max(*max_dH, std::abs(H.H(x.q[0], x.p[0]) - H0));
    }
    return std::pair{x.q[0], x.p[0]};
  };
  // Reference at T = 2 from a 64× finer run; the error ratio between Δt and Δt/2 tends to 2.
  const auto ref = run(2.0 / 65536, 65536, nullptr);
  std::vector<double> err;
  for (std::size_t n : {256, 512, 1024}) {
    const auto [q, p] = run(2.0 / static_cast<double>(n), n, nullptr);
    err.push_back(std::hypot(q - ref.first, p - ref.second));
  }
  EXPECT_NEAR(reference::local_order(2.0 / 256, err[0], 2.0 / 512, err[1]), 1.0, 0.1);
  EXPECT_NEAR(reference::local_order(2.0 / 512, err[1], 2.0 / 1024, err[2]), 1.0, 0.1);
  double first = 0, all = 0;
  run(0.05, 1000, &first);
  run(0.05, 10000, &all);
  EXPECT_LE(all, 2.0 * first);
}

TEST(Integrators_ImplicitSymplecticEuler, DivergentIterationReportsNonConvergence) {
  const NonSeparable H{5.0};
  integrators::ImplicitSymplecticEuler<core::Vec1> ise({1e-14, 30});
  core::CanonicalState<core::Vec1> x{core::Vec1(3.0), core::Vec1(3.0)};
  EXPECT_THROW(ise.do_step(H, x, 0.0, 0.5), core::NonConvergence);
}

// The Gauss–Legendre methods (implicit_runge_kutta.hpp): their fixed point on the stage accelerations
// contracts by θ²|λ(A)|² on the oscillator (θ = ωΔt; |λ(A)| = ½ for the midpoint rule, 1/√12 for
// Gauss-2). Beyond θ = 2 (midpoint) it diverges: ω = 1000 at Δt = 0.01 (θ = 10, factor 25) must end in
// core::NonConvergence naming t, Δt and the cap, never an endless loop.
TEST(Integrators_GaussLegendre, BeyondTheFixedPointLimitReportsNonConvergence) {
  integrators::ImplicitMidpoint<core::Vec1> im(integrators::ImplicitRkParameters{1e-15, 50});
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  try {
    integrators::integrate_n_steps(im, spring(1e6), x, 0.0, 0.01, 10);
    FAIL() << "no error";
  } catch (const core::NonConvergence& e) {
    EXPECT_EQ(e.cap(), 50);
    EXPECT_DOUBLE_EQ(e.t(), 0.0);
    EXPECT_DOUBLE_EQ(e.dt(), 0.01);
    const std::string msg = e.what();
    for (const char* part : {"implicit-midpoint", "t = 0", "dt = 0.01", "50 iterations"})
      EXPECT_NE(msg.find(part), std::string::npos) << msg;
  }
}

// Inside the limit the iteration count follows the contraction factor: Gauss-2 at θ = 1 contracts by
// 1/12 an iteration, so reaching 1e-15 relative from an O(1) first correction takes about
// log(1e-15)/log(1/12) ≈ 14 iterations (a few more or fewer with the oscillating envelope of the
// complex eigenvalues); at θ = 3 (factor 0.75) about 120 exceeds the default cap of 100, and a cap of
// 10⁴ converges.
TEST(Integrators_GaussLegendre, IterationsFollowTheContractionFactor) {
  integrators::Gauss4<core::Vec1> g;
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  g.do_step(spring(1.0), x, 0.0, 1.0);
  EXPECT_GE(g.last_iterations(), 8);
  EXPECT_LE(g.last_iterations(), 20);
  core::PhaseState<core::Vec1> y{core::Vec1(1.0), core::Vec1(0.0)};
  EXPECT_THROW(g.do_step(spring(9.0), y, 0.0, 1.0), core::NonConvergence);
  integrators::Gauss4<core::Vec1> patient(integrators::ImplicitRkParameters{1e-15, 10000});
  core::PhaseState<core::Vec1> z{core::Vec1(1.0), core::Vec1(0.0)};
  patient.do_step(spring(9.0), z, 0.0, 1.0);
  EXPECT_GT(patient.last_iterations(), 100);
  // the converged step is the method's: |R(iθ)| = 1, the energy ½(v² + ω²q²) = 4.5 kept to round-off
  EXPECT_NEAR(0.5 * (z.v[0] * z.v[0] + 9.0 * z.q[0] * z.q[0]), 4.5, 1e-13);
}

}  // namespace
}  // namespace verisim::integrators::test
