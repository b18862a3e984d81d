// Polynomial exactness (as Drake checks its integrators on QuadraticScalarSystem and
// CubicScalarSystem, drake/systems/analysis/test_utilities/): every method of the registry
// integrates a motion q(t) that is a polynomial of degree ≤ its order p exactly, to round-off.
//
// Theory. The problem q̈ = a(t) (reference/problems/polynomial_motion.hpp: a force depending on t
// only) reduces one step of every method here to a pair of quadrature rules with nodes cᵢ:
//   v⁺ = v + h·Σ bᵢ·a(t + cᵢh),        exact: v + h·∫₀¹ a(t + θh) dθ
//   q⁺ = q + h·v + h²·Σ wᵢ·a(t + cᵢh),  exact: q + h·v + h²·∫₀¹ (1 − θ)·a(t + θh) dθ
// With a(t + θh) = Σₖ αₖθᵏ, the step is exact for every a of degree ≤ d iff, for k = 0 … d,
//   Σ bᵢcᵢᵏ = 1/(k + 1)   and   Σ wᵢcᵢᵏ = 1/((k + 1)(k + 2))                          (M_k)
// so the method is exact for every q of degree ≤ D = d + 2, D = 1 + (the number of leading k for
// which M_k holds) (D = 1: only a ≡ 0, q linear, which every consistent method gets right).
// For a = tᵏ (αₖ ∝ hᵏ) the local error is ∝ h^(k+1) times the defect of the v-rule in v and
// ∝ h^(k+2) times that of the q-rule in q; order p means both are O(h^(p+1)) for every smooth a,
// so the v-rule holds for k ≤ p − 1 and M_k for k ≤ p − 2: D ≥ p for a method of order p.
// The rules of each method (derived from its step with f = a(t)):
//  * explicit Euler (seed 001 §3.1): q⁺ = q + hv, v⁺ = v + h·a(t): c = (0), b = (1), w = (0).
//    M₀ fails (w): D = 1.
//  * splitting methods (splitting.hpp; exact kicks, the problem declares velocity_independent):
//    stage i kicks v by bᵢh·a(t + cᵢh), cᵢ = a₀ + … + aᵢ₋₁, then drifts q by aᵢh·v; the drifts
//    after kick i add up to 1 − cᵢ, so wᵢ = bᵢ(1 − cᵢ). D follows from the table's moments
//    (computed below): Euler-Cromer, symplectic Euler 1; Verlet, leapfrog 2; Ruth3 3;
//    Yoshida4, McLachlan4 4; Yoshida6 6 — each exactly its order (M_p fails for every table).
//  * Newmark (seed 001 §3.3; Newmark 1959): r = a(t + h) whatever E, so the implicit equation is
//    solved exactly (the fixed point at its first iterate; Newton, whose Jacobian is then the
//    identity, to round-off): c = (0, 1), b = (1 − γ, γ), w = (½ − β, β). M₀ always holds;
//    M₁ needs γ = ½ and β = 1/6: the seed's β = 1/6 (linear acceleration: a linear a is exactly
//    what it assumes) has D = 3, one more than its order; β = ¼ has D = 2.
//  * RK4, the seed's second-order form (§3.4.1): k₂ = v + (h/2)a(t), k₃ = v + (h/2)a(t + h/2),
//    k₄ = v + h·a(t + h/2), so q⁺ = q + hv + (h²/6)(a(t) + 2a(t + h/2)) and v⁺ is Simpson's rule:
//    c = (0, ½, ½, 1), b = (1/6, 1/3, 1/3, 1/6), w = (1/6, 1/6, 1/6, 0). M₀ … M₂ hold, M₃ fails
//    (Σwc³ = 1/24 ≠ 1/20): D = 4.
//  * the Gauss–Legendre methods (implicit_runge_kutta.hpp): the stages do not change f = a(t), so the
//    fixed point ends at its first iterate: c, b of the tableau and wⱼ = Σᵢ bᵢaᵢⱼ = bⱼ(1 − cⱼ)
//    (condition D(s), GNI §II.1.3). Implicit midpoint: c = (½), b = (1), w = (½); M₀ holds, M₁ fails
//    (Σwc = ¼ ≠ 1/6): D = 2. Gauss-2: Gauss quadrature with 2 nodes is exact to degree 3, so M₀ … M₂
//    hold and M₃ fails (Σwc³ = ¼ − Σbc⁴ = ¼ − 7/36 ≠ 1/20): D = 4.
// The test asserts D ≥ p from the rules, runs every method on a random polynomial of degree D
// (which contains every lower degree), and checks that degree D + 1 is NOT exact, with the error
// of one step the defect of M_(D−1) predicts — so the rules above are the methods' own.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>
#include <vector>

#include "reference/problems/first_order_form.hpp"
#include "reference/problems/polynomial_motion.hpp"
#include "toolkit/core/random.hpp"
#include "toolkit/integrators/implicit_symplectic_euler.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "type_list.hpp"

namespace verisim::integrators::test {
namespace {

using reference::problems::PolynomialMotion;

constexpr double kEps = std::numeric_limits<double>::epsilon();

/// The quadrature pair of one step on q̈ = a(t) (the comment above).
struct Quadrature {
  std::vector<double> c, b, w;
};

template <class S>
Quadrature quadrature_of() {
  if constexpr (SplittingStepper<S>) {
    constexpr auto tab = SplittingMethod<S>::table;
    Quadrature r;
    double c = 0.0;
    for (std::size_t i = 0; i < tab.stages; ++i) {
      if (tab.b[i] != 0.0) {
        r.c.push_back(c);
        r.b.push_back(tab.b[i]);
        r.w.push_back(tab.b[i] * (1.0 - c));
      }
      c += tab.a[i];
    }
    return r;
  } else if constexpr (std::is_same_v<S, integrators::Euler<core::Vec1>>) {
    return {{0.0}, {1.0}, {0.0}};
  } else if constexpr (std::is_same_v<S, integrators::Rk4<core::Vec1>>) {
    return {{0.0, 0.5, 0.5, 1.0}, {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6}, {1.0 / 6, 1.0 / 6, 1.0 / 6, 0.0}};
  } else if constexpr (requires { integrators::irk::w(S::table); }) {
    // an implicit Runge-Kutta method (implicit_runge_kutta.hpp): f = a(t) does not depend on the
    // stages, so the fixed point is exact at its first iterate, and q⁺ = q + hv + h² Σ wⱼ a(t + cⱼh)
    // with wⱼ = Σᵢ bᵢaᵢⱼ
    constexpr const auto& tab = S::table;  // the library's table (toolkit/tableaus/library.hpp)
    constexpr auto w = integrators::irk::w(tab);
    const auto s = static_cast<std::ptrdiff_t>(tab.stages);
    return {{tab.c.begin(), tab.c.begin() + s}, {tab.b.begin(), tab.b.begin() + s}, {w.begin(), w.begin() + s}};
  } else if constexpr (requires { S{}.parameters().beta; }) {
    const auto p = S{}.parameters();  // Newmark: its β (γ = ½ is a constant of the class)
    return {{0.0, 1.0}, {1.0 - S::kGamma, S::kGamma}, {0.5 - p.beta, p.beta}};
  } else {
    static_assert(sizeof(S) == 0, "derive the quadrature pair of this method's step on q'' = a(t)");
  }
}

/// Σ xᵢcᵢᵏ.
double moment(const std::vector<double>& x, const std::vector<double>& c, int k) {
  double s = 0.0;
  for (std::size_t i = 0; i < c.size(); ++i) s += x[i] * std::pow(c[i], k);
  return s;
}

/// The defects of M_k: (Σbcᵏ − 1/(k+1), Σwcᵏ − 1/((k+1)(k+2))).
std::pair<double, double> defects(const Quadrature& r, int k) {
  return {moment(r.b, r.c, k) - 1.0 / (k + 1), moment(r.w, r.c, k) - 1.0 / ((k + 1) * (k + 2))};
}

/// D = 1 + the number of leading k with M_k. "Holds": to 1e-13, the rounding of the tables'
/// coefficients (Yoshida6's published weights carry 15 digits: its moments are off by ~1e-15).
int exact_degree(const Quadrature& r) {
  int k = 0;
  while (k < 12) {
    const auto [db, dw] = defects(r, k);
    if (std::abs(db) > 1e-13 || std::abs(dw) > 1e-13) break;
    ++k;
  }
  return 1 + k;
}

/// c₀ … c_degree uniform in [−1, 1].
PolynomialMotion random_polynomial(core::Rng& rng, int degree) {
  PolynomialMotion p;
  for (int j = 0; j <= degree; ++j) p.c[static_cast<std::size_t>(j)] = core::uniform(rng, -1.0, 1.0);
  return p;
}

// 8 steps of h = 1/8 from t₀ = 1/4 (t ∈ [0.25, 1.25], tᵏ ≤ 4.8 for k ≤ 7).
constexpr double kT0 = 0.25, kH = 0.125;
constexpr std::size_t kSteps = 8;

struct Errors {
  double q = 0.0, v = 0.0;  ///< max over the steps of |error| / (ε·scale)
};

/// Run `stepper` on `p` and measure the error at every step in units of ε times the scale of the
/// quantity: Q = Σ|cⱼ|tʲ for q and V = Σj|cⱼ|tʲ⁻¹ for v at the last time (the sums of magnitudes
/// that bound every rounding in evaluating q and q′ on [t₀, t_end], all terms growing with t).
template <class Stepper, class System, class State, class Read>
Errors run_errors(Stepper stepper, const PolynomialMotion& p, const System& sys, State x, Read read) {
  const double t_end = kT0 + static_cast<double>(kSteps) * kH;
  const double Q = p.magnitude(0, t_end), V = p.magnitude(1, t_end);
  Errors e;
  integrators::integrate_n_steps(stepper, sys, x, kT0, kH, kSteps, [&](const State& s, double t, std::size_t) {
    const auto [q, v] = read(s);
    const auto exact = p.exact(t);
    e.q = std::max(e.q, std::abs(q - exact.q[0]) / (kEps * Q));
    e.v = std::max(e.v, std::abs(v - exact.v[0]) / (kEps * V));
  });
  return e;
}

template <class Stepper>
Errors second_order_errors(const PolynomialMotion& p) {
  return run_errors(Stepper{}, p, p, p.exact(kT0), [](const core::PhaseState<core::Vec1>& s) { return std::pair{s.q[0], s.v[0]}; });
}

// Tolerance: 64 ε times the scale. Round-off only: each step rounds q and v a few times (one
// rounding per term of the update, ≤ 2 + 8 terms, each term bounded by the scale through the
// weights Σ|bᵢ|, Σ|wᵢ| ≤ 6), a rounding of v moves q by h per later step (≤ 8h = 1), and Horner's
// rule adds ≤ γ₁₄ ≈ 7 ε to the exact values; over 8 steps a worst case of a few hundred ε, while
// roundings of random signs add up to a few. 64 ε sits between the measured (≤ 3.2 ε over the
// registry, printed) and that worst case, and 10¹¹ times below the relative error of one step at
// degree D + 1 (≥ 4.8e-3, McLachlan4; checked below).
constexpr double kTolerance = 64.0;

template <class S>
class Integrators_PolynomialExactness : public ::testing::Test {};
TYPED_TEST_SUITE(Integrators_PolynomialExactness, SecondOrderSteppers<core::Vec1>, StepperNames);

TYPED_TEST(Integrators_PolynomialExactness, ExactForPolynomialsUpToItsDegree) {
  const Quadrature rule = quadrature_of<TypeParam>();
  const int D = exact_degree(rule);
  // theory: order p ⇒ exact for degree ≤ p
  EXPECT_GE(D, TypeParam::info.order) << TypeParam::info.name;

  core::Rng rng(20240611);
  Errors worst;
  for (int trial = 0; trial < 20; ++trial) {
    const auto e = second_order_errors<TypeParam>(random_polynomial(rng, D));
    worst.q = std::max(worst.q, e.q);
    worst.v = std::max(worst.v, e.v);
  }
  std::printf("%-18s order %d, exact degree %d: max error q %.1f eps, v %.1f eps\n", TypeParam::info.name.data(),
              TypeParam::info.order, D, worst.q, worst.v);
  this->RecordProperty("exact_degree", D);
  EXPECT_LE(worst.q, kTolerance) << TypeParam::info.name;
  EXPECT_LE(worst.v, kTolerance) << TypeParam::info.name;
}

// Degree D + 1 is not exact: one step of q = t^m (m = D + 1) from rest at t = 0 gives
//   q⁺ − hᵐ = hᵐ·(m(m − 1)·Σwcᵐ⁻² − 1) = m(m − 1)hᵐ·δw,   v⁺ − m·hᵐ⁻¹ = m(m − 1)hᵐ⁻¹·δb
// with (δb, δw) the defects of M_(m−2), not both zero by the definition of D. Measured against
// predicted to 1e-9 relative to the exact values (a few roundings of terms of their size), and
// relative to those values the error is far above the round-off tolerance above.
TYPED_TEST(Integrators_PolynomialExactness, NotExactOneDegreeHigher) {
  const Quadrature rule = quadrature_of<TypeParam>();
  const int m = exact_degree(rule) + 1;
  const auto [db, dw] = defects(rule, m - 2);
  PolynomialMotion p;
  p.c[static_cast<std::size_t>(m)] = 1.0;
  TypeParam stepper{};
  auto x = p.exact(0.0);
  stepper.do_step(p, x, 0.0, kH);
  const double scale = m * (m - 1.0), q1 = std::pow(kH, m), v1 = m * std::pow(kH, m - 1);
  const double dq = (x.q[0] - q1) / q1, dv = (x.v[0] - v1) / v1;  // relative errors
  EXPECT_NEAR(dq, scale * dw, 1e-9) << TypeParam::info.name;
  EXPECT_NEAR(dv, (m - 1.0) * db, 1e-9) << TypeParam::info.name;
  std::printf("%-18s degree %d: relative error of one step q %.2e, v %.2e\n", TypeParam::info.name.data(), m, dq, dv);
  EXPECT_GT(std::max(std::abs(dq), std::abs(dv)), 1e6 * kTolerance * kEps) << TypeParam::info.name;
}

// The first-order forms the seed gives (§3.1, §3.2.2, §3.4.2) on y = (q, v), y′ = (v, a(t))
// (reference/problems/first_order_form.hpp): explicit Euler for Euler and Euler-Cromer (D = 1),
// and RK4, the same quadrature pair as its second-order form (D = 4).
template <class Stepper>
Errors first_order_errors(const PolynomialMotion& p) {
  const auto sys = reference::problems::first_order_form<core::Vec1>(p);
  return run_errors(Stepper{}, p, sys, reference::problems::stack(p.exact(kT0)),
                    [](const core::Vec2& y) { return std::pair{y[0], y[1]}; });
}

TEST(Integrators_PolynomialExactness, FirstOrderFormsAreExactToTheirOrder) {
  core::Rng rng(20240612);
  for (int trial = 0; trial < 20; ++trial) {
    for (const auto& e : {first_order_errors<integrators::Euler<core::Vec2>>(random_polynomial(rng, 1)),
                          first_order_errors<integrators::EulerCromer<core::Vec2>>(random_polynomial(rng, 1)),
                          first_order_errors<integrators::Rk4<core::Vec2>>(random_polynomial(rng, 4))}) {
      EXPECT_LE(e.q, kTolerance);
      EXPECT_LE(e.v, kTolerance);
    }
  }
}

// The implicit symplectic Euler of seed 001 §G.2.3 (order 1) takes a Hamiltonian without time, so
// the polynomial motions it can meet come from H = ½p² − F·q: q = q₀ + p₀t + ½Ft². Its step
// p₁ = p₀ − h∂_qH(q₀, p₁) = p₀ + hF, q₁ = q₀ + h∂_pH(q₀, p₁) = q₀ + hp₀ + h²F is exact for F = 0
// (degree 1 = its order) and off by exactly h²F/2 in q for F ≠ 0 (degree 2).
struct ConstantForce {
  double F = 0.0;
  void grad_q(const core::Vec1& /*q*/, const core::Vec1& /*p*/, core::Vec1& out) const { out[0] = -F; }
  void grad_p(const core::Vec1& /*q*/, const core::Vec1& p, core::Vec1& out) const { out[0] = p[0]; }
};

TEST(Integrators_PolynomialExactness, ImplicitSymplecticEulerIsExactForDegreeOne) {
  core::Rng rng(20240613);
  for (int trial = 0; trial < 20; ++trial) {
    const double q0 = core::uniform(rng, -1.0, 1.0), p0 = core::uniform(rng, -1.0, 1.0);
    integrators::ImplicitSymplecticEuler<core::Vec1> ise;
    core::CanonicalState<core::Vec1> x{core::Vec1(q0), core::Vec1(p0)};
    for (std::size_t k = 0; k < kSteps; ++k) ise.do_step(ConstantForce{}, x, kT0 + static_cast<double>(k) * kH, kH);
    // q = q₀ + p₀·t: 8 additions of h·p₀, each rounded once (≤ 8 ε·(|q₀| + |p₀|))
    EXPECT_NEAR(x.q[0], q0 + p0, 8 * kEps * (std::abs(q0) + std::abs(p0)));
    EXPECT_EQ(x.p[0], p0);
  }
  const double F = 0.7;
  integrators::ImplicitSymplecticEuler<core::Vec1> ise;
  core::CanonicalState<core::Vec1> x{core::Vec1(0.0), core::Vec1(0.0)};
  ise.do_step(ConstantForce{F}, x, 0.0, kH);
  EXPECT_NEAR(x.q[0] - 0.5 * F * kH * kH, 0.5 * F * kH * kH, 4 * kEps);
  EXPECT_NEAR(x.p[0], F * kH, 4 * kEps);
}

}  // namespace
}  // namespace verisim::integrators::test
