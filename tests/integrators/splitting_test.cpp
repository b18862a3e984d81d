// The splitting tables against their order conditions, and compensated summation (issue 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include <unsupported/Eigen/MatrixFunctions>

#include "reference/order_fit.hpp"
#include "reference/problems/oscillator.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "type_list.hpp"

namespace verisim::integrators::test {
namespace {

using Mat = Eigen::Matrix<double, 6, 6>;

// The order conditions of a splitting method Π exp(aᵢhA) exp(bᵢhB) are conditions on its
// coefficients alone, for ANY pair of vector fields (Hairer, Lubich & Wanner, GNI §III.3 and
// §III.5: the coefficients of the Lie words of the BCH expansion must match those of
// exp(h(A+B)) up to degree p). For generic non-commuting 6×6 matrices the Lie words up to degree
// 7 are independent, so the local error ‖Ψ(h) − exp(h(A+B))‖ behaves as C·h^(p+1) with C ≠ 0
// exactly when all conditions up to order p hold and one of order p+1 fails. We fit that slope
// (reference::log_log_fit, the studies' least squares) over all the step sizes.
template <class Method>
double local_order_on_matrices() {
  std::mt19937_64 rng(20261122);
  std::normal_distribution<double> N(0.0, 1.0);
  Mat A, B;
  for (int i = 0; i < 36; ++i) A(i) = N(rng) / 3, B(i) = N(rng) / 3;
  const auto& tab = Method::table;
  std::vector<double> hs, errs;
  for (double h = 0.4; h > 0.08; h /= 1.25) {
    Mat psi = Mat::Identity();
    for (std::size_t i = 0; i < tab.stages; ++i) {  // kick first, then drift: later factors on the left
      psi = (tab.b[i] * h * B).exp() * psi;
      psi = (tab.a[i] * h * A).exp() * psi;
    }
    hs.push_back(h);
    errs.push_back((psi - (h * (A + B)).exp()).norm());
  }
  return reference::log_log_fit(hs, errs, 0, hs.size() - 1).slope;
}

// Σaᵢ = Σbᵢ = 1 (consistency) to the rounding of the table: each stored coefficient is off by at
// most u|cᵢ| and the running sum of s terms adds at most (s − 1)u·Σ|cᵢ| (Higham, Accuracy and
// Stability of Numerical Algorithms (2002) §4.2), u = ε/2: within s·u·Σ|cᵢ| in all. Exactly 0
// for tables of dyadic numbers (Euler-Cromer, symplectic Euler, Verlet, leapfrog).
template <class Method>
void expect_consistent() {
  constexpr auto tab = Method::table;
  const double u = 0.5 * std::numeric_limits<double>::epsilon(), s = static_cast<double>(tab.stages);
  double sa = 0, sb = 0, abs_a = 0, abs_b = 0;
  for (double a : tab.a) sa += a, abs_a += std::abs(a);
  for (double b : tab.b) sb += b, abs_b += std::abs(b);
  EXPECT_NEAR(sa, 1.0, s * u * abs_a) << Method::info.name;
  EXPECT_NEAR(sb, 1.0, s * u * abs_b) << Method::info.name;
  // Local error O(h^(p+1)): the fitted slope must be p + 1 (±0.2: the fit spans h = 0.08…0.4,
  // where the next term of the BCH series shifts the slope by O(h)).
  EXPECT_NEAR(local_order_on_matrices<Method>(), Method::info.order + 1, 0.2) << Method::info.name;
}

// Every splitting method of the registry (those with a table, integrators::Splitting).
template <class S>
class Integrators_SplittingTables : public ::testing::Test {};
TYPED_TEST_SUITE(Integrators_SplittingTables, SplittingSteppers<core::Vec1>, StepperNames);

TYPED_TEST(Integrators_SplittingTables, SatisfyTheirOrderConditions) {
  expect_consistent<SplittingMethod<TypeParam>>();
}

// The composition conditions behind the Yoshida weights (Yoshida 1990 eqs. (4.9)–(4.11)):
// Σw = 1, Σw³ = 0 (order 4) and, for the 6th-order weights, Σw⁵ = 0 as well.
TEST(Integrators_SplittingTables, YoshidaWeightsSatisfyTheCompositionConditions) {
  using integrators::methods::Yoshida4;
  using integrators::methods::Yoshida6;
  EXPECT_NEAR(2 * Yoshida4::w1 + Yoshida4::w0, 1.0, 1e-15);
  EXPECT_NEAR(2 * std::pow(Yoshida4::w1, 3) + std::pow(Yoshida4::w0, 3), 0.0, 1e-14);
  const double w[4] = {Yoshida6::w0, Yoshida6::w1, Yoshida6::w2, Yoshida6::w3};
  double s1 = w[0], s3 = std::pow(w[0], 3), s5 = std::pow(w[0], 5);
  for (int i = 1; i < 4; ++i) s1 += 2 * w[i], s3 += 2 * std::pow(w[i], 3), s5 += 2 * std::pow(w[i], 5);
  EXPECT_NEAR(s1, 1.0, 1e-14);
  EXPECT_NEAR(s3, 0.0, 1e-13);  // 15 published digits, weights of size ~1: ~1e-14
  EXPECT_NEAR(s5, 0.0, 1e-13);
}

// Compensated summation (Kahan 1965): over 10⁶ steps of velocity Verlet at Δt = 1e-4 on the unit
// oscillator, the difference from the same recurrence carried out in long double (64-bit
// mantissa: its own round-off is ~2048× smaller) is the double run's round-off. Plain summation
// loses ~ε·|x| per step, its error grows ~√n (random walk) to ~n (bias); compensated summation
// loses only ~ε·|Δx| per step, 10⁴ times smaller here.
TEST(IntegratorsValidation_Compensated, RoundOffGrowsSlowerThanPlainSummation) {
  const double h = 1e-4;
  const std::size_t n = 1000000;
  const reference::problems::Oscillator sys{};  // ω = 1 from (1, 0)
  integrators::VelocityVerlet<core::Vec1> plain;
  integrators::VelocityVerlet<core::Vec1, integrators::Summation::compensated> comp;
  core::PhaseState<core::Vec1> xp{core::Vec1(1.0), core::Vec1(0.0)}, xc = xp;
  long double q = 1.0L, v = 0.0L;
  const long double hl = h;
  std::vector<double> err_plain, err_comp;
  for (std::size_t k = 1; k <= n; ++k) {
    const double t = static_cast<double>(k - 1) * h;
    plain.do_step(sys, xp, t, h);
    comp.do_step(sys, xc, t, h);
    const long double vh = v - hl / 2 * q;  // the same method by hand, in long double
    q = q + hl * vh;
    v = vh - hl / 2 * q;
    if (k % (n / 10) == 0) {
      err_plain.push_back(static_cast<double>(std::hypot(static_cast<long double>(xp.q[0]) - q,
                                                         static_cast<long double>(xp.v[0]) - v)));
      err_comp.push_back(static_cast<double>(std::hypot(static_cast<long double>(xc.q[0]) - q,
                                                        static_cast<long double>(xc.v[0]) - v)));
    }
  }
  RecordProperty("plain_error_at_end", std::to_string(err_plain.back()));
  RecordProperty("compensated_error_at_end", std::to_string(err_comp.back()));
  // Over every checkpoint: at least 10× smaller with compensation, and within a few roundings of
  // |x| ~ 1 (the plain run has lost ~√n ε or more).
  const double max_plain = *std::max_element(err_plain.begin(), err_plain.end());
  const double max_comp = *std::max_element(err_comp.begin(), err_comp.end());
  std::printf("round-off after 1e5..1e6 steps: plain max %.3g, compensated max %.3g\n", max_plain, max_comp);
  EXPECT_LT(max_comp, 0.1 * max_plain);
  EXPECT_LT(max_comp, 4 * 2.2e-16);
}

// FSAL: velocity Verlet evaluates f once per step on a velocity-independent system, and a state
// changed between steps (a collision) invalidates the cache.
struct Counting {
  static constexpr bool velocity_independent = true;
  int* calls;
  void operator()(const core::Vec1& q, const core::Vec1&, core::Vec1& a, double) const {
    ++*calls;
    a[0] = -q[0];
  }
};
TEST(Integrators_Splitting, VelocityVerletReusesTheLastForceUnlessTheStateChanged) {
  int calls = 0;
  integrators::VelocityVerlet<core::Vec1> vv;
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  integrators::integrate_n_steps(vv, Counting{&calls}, x, 0.0, 0.01, 100);
  EXPECT_EQ(calls, 101);
  core::PhaseState<core::Vec1> y = x;
  x.q[0] = -x.q[0];  // a bounce
  vv.do_step(Counting{&calls}, x, 1.0, 0.01);
  EXPECT_EQ(calls, 103);
  integrators::VelocityVerlet<core::Vec1> fresh;
  y.q[0] = -y.q[0];
  fresh.do_step(Counting{&calls}, y, 1.0, 0.01);
  EXPECT_EQ(x, y);
  // do_step from arbitrary code (no continuation tag) checks the key: an untouched state reuses
  // the force, a moved one does not.
  calls = 0;
  vv.do_step(Counting{&calls}, x, 1.01, 0.01);
  EXPECT_EQ(calls, 1);
  x.q[0] += 1e-3;
  vv.do_step(Counting{&calls}, x, 1.02, 0.01);
  EXPECT_EQ(calls, 3);
  // The trusted path (integrate_n_steps) gives the same trajectory as the checked one, bit for bit.
  core::PhaseState<core::Vec1> a{core::Vec1(0.3), core::Vec1(0.2)}, b = a;
  integrators::VelocityVerlet<core::Vec1> s1, s2;
  integrators::integrate_n_steps(s1, Counting{&calls}, a, 0.0, 0.01, 50);
  for (int k = 0; k < 50; ++k) s2.do_step(Counting{&calls}, b, 0.01 * k, 0.01);
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace verisim::integrators::test
