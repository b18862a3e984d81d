// Measured order of the integrators on the particle world (issue 13): RK4, velocity Verlet and
// yoshida4 on an undamped frictionless two-disc collision, inside the contact (the contact ODE
// m δ̈ = −k_n δ has a closed form) and across it (where the kink of the force at δ = 0 takes over);
// and the one-evaluation DEM steppers (dem_verlet.hpp) on the damped contact.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "reference/order_fit.hpp"
#include "reference/analytic/damped_contact.hpp"
#include "tests/contact/support.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/verlet.hpp"
#include "toolkit/integrators/yoshida4.hpp"

namespace verisim::contact::test {
namespace {

namespace an = reference::analytic;

constexpr double kM0 = 1.0, kM1 = 3.0, kR0 = 0.5, kR1 = 0.7, kKn = 1e4, kVi = 1.0;
const double kMeff = effective_mass(kM0, kM1);

/// Step counts n = ⌈8·1.3^k⌉, k = 0..K−1 (a ratio below 2: many points per decade).
std::vector<double> ladder(int K) {
  std::vector<double> n;
  for (int k = 0; k < K; ++k) n.push_back(std::ceil(8.0 * std::pow(1.3, k)));
  return n;
}

/// Fit of the global error at time T against Δt = T/n; the round-off floor is 1e3·n·ε relative.
reference::OrderFit fit(const std::vector<double>& ns, double T, const std::vector<double>& err) {
  std::vector<double> h, fl;
  for (double n : ns) h.push_back(T / n), fl.push_back(1e3 * n * 2.220446049250313e-16);
  return reference::fit_order(h, err, fl);
}

/// Inside the contact: the discs are started at t_s = 0.05 T_c in the state of the exact solution
/// (overlapping, approaching) and stepped to t_s + T inside it; error of (overlap, overlap rate)
/// against reference/analytic/damped_contact.hpp, relative to (v_i/ω₀, v_i). (Started at δ = 0
/// exactly, the first evaluation would see no contact — δ < 0 is strict — while the ODE's dashpot
/// acts from t = 0⁺: an O(Δt) error at the first step, which is the jump of restitution_test.cpp.)
template <class Stepper, Laws L>
double inside_error(double eps, double T, std::size_t n) {
  const auto ex = an::DampedContact::from_restitution(eps, kMeff, kKn, kVi);
  const double ts = 0.05 * ex.duration();
  auto ps = test::head_on<2>(kM0, kM1, kR0, kR1, 0.0, -ex.delta(ts));  // overlap δ(t_s), at rest
  ps[0].v[0] = ex.delta_dot(ts) * kM1 / (kM0 + kM1);                  // then the overlap rate δ̇(t_s)
  ps[1].v[0] = -ex.delta_dot(ts) * kM0 / (kM0 + kM1);
  WorldParams<2> prm;
  prm.kn = kKn, prm.restitution = eps, prm.allow_large_time_step = true;
  const World<2, L> world(ps, prm);
  auto s = world.initial_state();
  Stepper stepper;
  integrate(stepper, world, s, ts, T / static_cast<double>(n), n);
  const double depth = kR0 + kR1 - (world.position(s.q, 1) - world.position(s.q, 0))[0];
  const double rate = -(world.velocity(s.v, 1) - world.velocity(s.v, 0))[0];
  return std::max(std::abs(depth - ex.delta(ts + T)) * ex.omega0() / kVi, std::abs(rate - ex.delta_dot(ts + T)) / kVi);
}

/// Across the contact: touching at t₀ = 0.37 T_c, stepped to 2 T_c; error of the relative velocity
/// after the contact against the exact elastic outcome (−v_i).
template <class Stepper>
double across_error(std::size_t n, double* T_out) {
  const double tc = std::numbers::pi * std::sqrt(kMeff / kKn);
  const double T = 2.0 * tc;
  *T_out = T;
  const auto ps = test::head_on<2>(kM0, kM1, kR0, kR1, kVi, 0.37 * tc * kVi);
  WorldParams<2> prm;
  prm.kn = kKn, prm.allow_large_time_step = true;
  const World<2, Laws{.damping = false, .friction = false}> world(ps, prm);
  auto s = world.initial_state();
  Stepper stepper;
  integrate(stepper, world, s, 0.0, T / static_cast<double>(n), n);
  return std::abs((world.velocity(s.v, 1) - world.velocity(s.v, 0))[0] - kVi) / kVi;
}

template <class Stepper, Laws L>
reference::OrderFit inside_order(double eps) {
  const double T = 0.4 * std::numbers::pi * std::sqrt(kMeff / kKn);  // δ < 0 on [t_s, t_s + T]
  const auto ns = ladder(24);
  std::vector<double> err;
  for (double n : ns) err.push_back(inside_error<Stepper, L>(eps, T, static_cast<std::size_t>(n)));
  return fit(ns, T, err);
}

constexpr Laws kUndamped{.damping = false, .friction = false};
constexpr Laws kDamped{.damping = true, .friction = false};

TEST(ContactConvergence_Order, InsideTheContactEachMethodHasItsOrder) {
  // Inside the contact the force is the smooth −η δ̇ − k_n δ, so each method shows its declared
  // order (±0.2, as tests/integrators).
  const auto rk4 = inside_order<integrators::Rk4<core::VecX>, kUndamped>(1.0);
  const auto vv = inside_order<integrators::VelocityVerlet<core::VecX>, kUndamped>(1.0);
  const auto y4 = inside_order<integrators::Yoshida4<core::VecX>, kUndamped>(1.0);
  std::printf("inside, undamped: rk4 %.2f, verlet %.2f, yoshida4 %.2f\n", rk4.order, vv.order, y4.order);
  EXPECT_NEAR(rk4.order, 4.0, 0.2);
  EXPECT_NEAR(vv.order, 2.0, 0.2);
  EXPECT_NEAR(y4.order, 4.0, 0.2);
  // damped (ε = 0.5), velocity-dependent: the splitting methods' kicks by the kick solver keep the order
  const auto rk4d = inside_order<integrators::Rk4<core::VecX>, kDamped>(0.5);
  const auto vvd = inside_order<integrators::VelocityVerlet<core::VecX>, kDamped>(0.5);
  const auto y4d = inside_order<integrators::Yoshida4<core::VecX>, kDamped>(0.5);
  std::printf("inside, damped: rk4 %.2f, verlet %.2f, yoshida4 %.2f\n", rk4d.order, vvd.order, y4d.order);
  EXPECT_NEAR(rk4d.order, 4.0, 0.2);
  EXPECT_NEAR(vvd.order, 2.0, 0.2);
  EXPECT_NEAR(y4d.order, 4.0, 0.2);
}

TEST(ContactConvergence_Order, OneEvaluationDemSteppersOnTheDampedContact) {
  // dem_verlet.hpp: the force at the half-step velocity (LAMMPS, the seed's loop) is first order with
  // a dashpot, second order without; at the predicted velocity v + Δt a it is second order in both.
  const auto half_d = inside_order<DemVerletHalfStep<core::VecX>, kDamped>(0.5);
  const auto pred_d = inside_order<DemVerletPredicted<core::VecX>, kDamped>(0.5);
  const auto half_u = inside_order<DemVerletHalfStep<core::VecX>, kUndamped>(1.0);
  std::printf("inside: dem-verlet damped %.2f undamped %.2f, dem-verlet-predicted damped %.2f\n", half_d.order,
              half_u.order, pred_d.order);
  EXPECT_NEAR(half_d.order, 1.0, 0.2);
  EXPECT_NEAR(pred_d.order, 2.0, 0.2);
  EXPECT_NEAR(half_u.order, 2.0, 0.2);
}

/// The upper envelope of the error across the contact: the ladder (Δt ratio 1.15) cut into groups
/// of 6 (a factor 2.3 in Δt), the largest error of each group against its largest Δt; returns the
/// least-squares slope of log(envelope) against log(Δt).
template <class Stepper>
double envelope_slope(const char* name) {
  std::vector<double> h, err;
  for (int k = 0; k < 42; ++k) {
    const auto n = static_cast<std::size_t>(std::ceil(8.0 * std::pow(1.15, k)));
    double T = 0.0;
    err.push_back(across_error<Stepper>(n, &T));
    h.push_back(T / static_cast<double>(n));
  }
  std::vector<double> gh, ge;
  for (std::size_t g = 0; g + 6 <= h.size(); g += 6) {
    double e = 0.0;
    for (std::size_t i = g; i < g + 6; ++i) e = std::max(e, err[i]);
    gh.push_back(h[g]), ge.push_back(e);
  }
  const double slope = reference::log_log_fit(gh, ge, 0, gh.size() - 1).slope;
  std::printf("across, %s: envelope slope %.2f (finest group: dt %.2e, worst error %.2e)\n", name, slope, gh.back(),
              ge.back());
  return slope;
}

TEST(ContactConvergence_Order, AcrossTheContactTheKinkLimitsEveryMethodToOrderTwo) {
  // The force −k_n δ·[δ < 0] is continuous with a kink at δ = 0: a step that straddles it integrates
  // a ramp starting inside the step, with an error up to ~(k_n/m) v Δt²·θ(1 − θ) (θ: where δ = 0
  // falls in the step) whatever the method's order — a quadrature of any order is exact only for
  // smooth integrands. So the post-collision velocity converges at order 2 for all three methods,
  // RK4 and yoshida4 included, with a constant that jumps with θ (at some Δt the errors of the two
  // kinks cancel, so single errors scatter over decades: the order is read on the upper envelope).
  // Asserted: envelope slope 2 ± 0.4 for each, i.e. not the 4 of RK4 and yoshida4.
  EXPECT_NEAR(envelope_slope<integrators::Rk4<core::VecX>>("rk4"), 2.0, 0.4);
  EXPECT_NEAR(envelope_slope<integrators::VelocityVerlet<core::VecX>>("verlet"), 2.0, 0.4);
  EXPECT_NEAR(envelope_slope<integrators::Yoshida4<core::VecX>>("yoshida4"), 2.0, 0.4);
}

}  // namespace
}  // namespace verisim::contact::test
