// The "odeint" controller entry (controller.hpp: Boost.Odeint 1.74's norm, step rule and landing on t1)
// against odeint itself: our pair under that entry must take odeint's steps. Odeint's side is
// make_controlled(tol, tol, <its stepper of the same table>) stepped by the loop of its integrate_adaptive
// (integrate/detail/integrate_adaptive.hpp, controlled_stepper_tag: cut the step to t1 when it would pass it,
// try_step until success), written out here so that every step tried is seen; that this loop IS odeint's is
// checked by running bo::integrate_adaptive too (same accepted count, same final state bit for bit).
// Problem: Kepler (e = 0.6) over one period, first step 0.01 on both sides, tol = atol = rtol = 1e-4 … 1e-12.
// Pairs: those odeint has as controlled steppers with our table (tableaus/library.hpp says which):
// dopri5 (runge_kutta_dopri5, FSAL), cash-karp (runge_kutta_cash_karp54), fehlberg78 (runge_kutta_fehlberg78).
//
// What must agree: the number of steps tried, and which are accepted, exactly (asserted for both forms below);
// the step sizes and states:
//  - ours on the first-order form y = (q, v) (the same system odeint steps): our stages, solution and estimate
//    are the same sums in the same order as odeint's (each combination x + Σ (h·cⱼ)Kⱼ left to right, the
//    coefficients the same correctly rounded quotients, d = b − b̂ subtracted in double as odeint's dcᵢ), and
//    the norm and rule are its expressions: the runs are equal to the last bit (measured: 0 difference at every
//    step, every tolerance, all three pairs). Asserted with 2 ulps per step taken (relative 2⁻⁵¹·k at step k)
//    rather than 0, so that a compiler contracting a product into an FMA on one side cannot fail the test while
//    a real difference (a wrong coefficient or exponent: 1e-6 relative or more after one step) still does.
//  - ours on the second-order form (how the toolkit steps Kepler): q⁺ = q + h(Σb)v + h²Σ(bA)ⱼFⱼ against
//    odeint's q + hΣbⱼVⱼ, the same method with its sums ordered differently, so the stage values differ by a
//    few ulps of |y|. The estimate e ≈ tol·err is a small difference of such values: it moves by ≈ ε|y|, i.e.
//    err by ε|y|/tol relative to err ≈ 1 (2e-4 at tol = 1e-12) and more where err ≪ 1 (a first step far below
//    the size needed), and h by that over p or q − 1 ≥ 3; the shift of t that accumulates is then a larger share
//    of the short last step, cut to end on T. Measured: h apart by ≤ 3.2e-5 relative (cash-karp, tol = 1e-12, that
//    last step); asserted ≤ 1e-3. Both runs end at t = T, where the states are compared: they differ by the
//    round-off of the two orders of summation, ≤ s·ε|y| per step (s ≤ 13 terms) carried by Kepler's flow (growth
//    ≲ 10 over a period at e = 0.6): ≤ 100·k·ε·|y| after k steps tried, plus the share of the global error E that
//    steps apart by δ explain, (p + 1)·δ·E (local errors ∝ h^(p+1)), with a factor 10. Measured ≤ 6.4e-13.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>

#include "reference/problems/first_order_form.hpp"
#include "reference/problems/kepler.hpp"
#include "toolkit/adaptive/integrate_adaptive.hpp"
#include "toolkit/adaptive/methods.hpp"

// odeint's steppers hold Eigen fixed-size buffers that copies of a fresh stepper leave uninitialised until
// their first assignment (GCC 12: -Wmaybe-uninitialized and -Wuninitialized, as reference/odeint/run.hpp):
// silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace verisim::adaptive::test_odeint {

namespace bo = boost::numeric::odeint;
namespace pr = reference::problems;
using V = core::Vec2;
using Y = pr::Stacked<V>;  // (q, v)
using Alg = bo::vector_space_algebra;

/// One step tried: where, how long, accepted or not, and the state after it (accepted steps).
struct Tried {
  double t = 0.0, h = 0.0;
  bool accepted = false;
  Y y = Y::Zero();
};

/// Odeint's run: integrate_adaptive's controlled_stepper_tag loop with every try recorded.
template <class Controlled>
std::vector<Tried> odeint_steps(Controlled stepper, const pr::KeplerProblem& p, double tol, double h0, double t1,
                                Y& y) {
  const auto sys = pr::first_order_form<V>(p);
  std::vector<Tried> out;
  double t = 0.0, dt = h0;
  while (bo::detail::less_with_sign(t, t1, dt)) {
    if (bo::detail::less_with_sign(t1, static_cast<double>(t + dt), dt)) dt = t1 - t;
    bo::controlled_step_result res;
    do {
      const double t_before = t, dt_before = dt;
      res = stepper.try_step(sys, y, t, dt);
      out.push_back({t_before, dt_before, res == bo::success, y});
      if (out.size() > 100'000) ADD_FAILURE() << "odeint: no end at tol " << tol;
    } while (res == bo::fail && out.size() <= 100'000);
  }
  return out;
}

/// The "odeint" entry of kControllers.
const ControllerSpec& odeint_entry() {
  const auto* c = std::find_if(kControllers.begin(), kControllers.end(), [](const auto& s) { return s.name == "odeint"; });
  EXPECT_NE(c, kControllers.end());
  return *c;
}

/// Ours under the odeint entry, every try recorded; State = Y (first-order form) or PhaseState<V>.
template <class State, class Sys>
std::vector<Tried> our_steps(const AdaptiveMethod& m, const Sys& sys, State x, double tol, double h0, double t1) {
  using Vec = std::conditional_t<std::is_same_v<State, Y>, Y, V>;
  EmbeddedRungeKutta<Vec> st(m.table(), m.name(), m.dense);
  AdaptiveOptions o;
  o.tolerance = {tol, tol};
  o.controller = odeint_entry();
  o.initial_step = h0;
  std::vector<Tried> out;
  integrate_adaptive(st, sys, x, 0.0, t1, o, [&](const auto& step) {
    Tried r{step.record.t, step.record.h, step.record.accepted, Y::Zero()};
    if constexpr (std::is_same_v<State, Y>) r.y = step.end;
    else r.y = pr::stack(step.end);
    out.push_back(r);
  });
  return out;
}

double relative(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }
double relative(const Y& a, const Y& b) { return (a - b).cwiseAbs().maxCoeff() / b.cwiseAbs().maxCoeff(); }

/// The largest relative differences of two step sequences whose counts and acceptances agree exactly.
struct Agreement {
  double h = 0.0, y = 0.0;
};

/// Counts and acceptances exactly; at step k (from 1), h and the accepted states within h_bound(k), y_bound(k).
template <class HBound, class YBound>
Agreement same_steps(const std::vector<Tried>& ours, const std::vector<Tried>& theirs, HBound&& h_bound,
                     YBound&& y_bound, const std::string& what) {
  Agreement a;
  EXPECT_EQ(ours.size(), theirs.size()) << what << ": steps tried";
  for (std::size_t k = 0; k < std::min(ours.size(), theirs.size()); ++k) {
    EXPECT_EQ(ours[k].accepted, theirs[k].accepted) << what << ": step " << k << " at t = " << theirs[k].t;
    if (ours[k].accepted != theirs[k].accepted) break;
    const double n = static_cast<double>(k + 1), dh = relative(ours[k].h, theirs[k].h);
    EXPECT_LE(dh, h_bound(n)) << what << ": h of step " << k;
    a.h = std::max(a.h, dh);
    if (!theirs[k].accepted) continue;
    const double dy = relative(ours[k].y, theirs[k].y);
    EXPECT_LE(dy, y_bound(n)) << what << ": state after step " << k;
    a.y = std::max(a.y, dy);
  }
  return a;
}

template <class Stepper>
void compare(const char* name) {
  const AdaptiveMethod& m = *find_adaptive_method(name);
  const pr::KeplerProblem p{};
  const double T = 2.0 * M_PI, h0 = 0.01;
  const Y exact = pr::stack(p.exact(T));
  const auto second = [&p](const V& q, const V& v, V& a, double t) { p(q, v, a, t); };
  for (int e = 4; e <= 12; e += 2) {
    const double tol = std::pow(10.0, -e);
    const std::string at = fmt::format("{} at tol {:g}", name, tol);
    Y y = pr::stack(p.initial());
    const std::vector<Tried> theirs = odeint_steps(bo::make_controlled(tol, tol, Stepper{}), p, tol, h0, T, y);
    // the loop above is odeint's own: bo::integrate_adaptive accepts as many steps and ends on the same state
    Y y2 = pr::stack(p.initial());
    const std::size_t n = bo::integrate_adaptive(bo::make_controlled(tol, tol, Stepper{}), pr::first_order_form<V>(p), y2,
                                                 0.0, T, h0);
    ASSERT_EQ(static_cast<long>(n), std::count_if(theirs.begin(), theirs.end(), [](const Tried& s) { return s.accepted; }))
        << at;
    ASSERT_EQ(y2, y) << at;
    ASSERT_GT(n, 10u) << at;
    // first-order form: the same sums in the same order (the top of this file): ≤ 2 ulps per step
    const auto first = our_steps(m, pr::first_order_form<V>(p), pr::stack(p.initial()), tol, h0, T);
    const auto two_ulps = [](double k) { return 0x1p-51 * k; };
    same_steps(first, theirs, two_ulps, two_ulps, at + " (1st-order form)");
    // second-order form: the same counts; h within 1e-3; the ends, both at t = T (the top of this file)
    const auto ours = our_steps(m, second, p.initial(), tol, h0, T);
    const Agreement a = same_steps(
        ours, theirs, [](double) { return 1e-3; }, [](double) { return INFINITY; }, at + " (2nd-order form)");
    ASSERT_FALSE(ours.empty()) << at;
    const double global = (theirs.back().y - exact).cwiseAbs().maxCoeff();
    const double apart = (ours.back().y - theirs.back().y).cwiseAbs().maxCoeff();
    const double k = static_cast<double>(theirs.size());
    EXPECT_LE(apart, 10.0 * (m.order() + 1) * a.h * global + 100.0 * k * 0x1p-52 * exact.cwiseAbs().maxCoeff())
        << at << ": the ends of the two runs; global error " << global << ", steps apart by " << a.h;
  }
}

TEST(OdeintController, Dopri5TakesOdeintsSteps) { compare<bo::runge_kutta_dopri5<Y, double, Y, double, Alg>>("dopri5"); }
TEST(OdeintController, CashKarpTakesOdeintsSteps) {
  compare<bo::runge_kutta_cash_karp54<Y, double, Y, double, Alg>>("cash-karp");
}
TEST(OdeintController, Fehlberg78TakesOdeintsSteps) {
  compare<bo::runge_kutta_fehlberg78<Y, double, Y, double, Alg>>("fehlberg78");
}

}  // namespace verisim::adaptive::test_odeint

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
