// core/scale_sum.hpp, the one linear combination of the steppers: its two paths (coefficient-wise
// for states of one SIMD packet, the vectorised loop otherwise) go through the same IEEE
// operations in the same order as the formula written out, so the results must agree bit for
// bit — for one combination, for several in one pass, and for whole trajectories of a small
// fixed-size state against the same state as a dynamic vector. Any reassociation or contraction on one path
// only shows up here as a difference of a few ulps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include "toolkit/core/random.hpp"

#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/first_order_form.hpp"
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/euler_cromer.hpp"
#include "toolkit/integrators/mclachlan4.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::integrators::test {
namespace {

// Two uncoupled damped, driven pendulums θ̈ᵢ = −sin θᵢ − 0.1 θ̇ᵢ + 0.5 cos(0.7 t), q = (θ₁, θ₂)
// (the catalogue's, on any vector type).
const reference::problems::DrivenPendulum<true> kPendulums{};
// Without damping or drive, velocity independent: the splitting methods' FSAL / kick-drift path.
const reference::problems::DrivenPendulum<false> kConservative{.A = 0.0};

static_assert(core::kScaleSumPath<core::Vec2> == core::ScaleSumPath::coefficient_wise &&
              core::kScaleSumPath<core::Vec<15>> == core::ScaleSumPath::loop &&
              core::kScaleSumPath<core::VecX> == core::ScaleSumPath::loop);

// Seeded inputs with every bit of the mantissa in use (so that a different rounding shows).
template <class V>
V filled(Eigen::Index n, std::uint64_t seed) {
  core::Rng rng(seed);
  V x;
  if constexpr (V::SizeAtCompileTime == Eigen::Dynamic) x.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) x[i] = core::uniform(rng, -2.0, 2.0);
  return x;
}

// y ← x + c₁·a + c₂·b, and a simultaneous pair (q, v) ← (q + c·v, v − c·q) in one pass (each
// reads the other's old value), along each path and in both orders, against the same formulas
// written coefficient by coefficient here.
template <class V>
void expect_paths_agree(Eigen::Index n) {
  using core::into, core::scaled;
  const V x = filled<V>(n, 1), a = filled<V>(n, 2), b = filled<V>(n, 3), q0 = filled<V>(n, 4), v0 = filled<V>(n, 5);
  const double c1 = 0.1 / 3.0, c2 = -1.0 / 7.0, c = std::sqrt(2.0) / 10.0;
  V y_ref = x, q_ref = q0, v_ref = v0;
  for (Eigen::Index i = 0; i < n; ++i) {
    y_ref[i] = (x[i] + c1 * a[i]) + c2 * b[i];
    q_ref[i] = q0[i] + c * v0[i];
    v_ref[i] = v0[i] + (-c) * q0[i];
  }
  const auto expect_equal = [n](const V& got, const V& want) {
    for (Eigen::Index i = 0; i < n; ++i) EXPECT_EQ(got[i], want[i]) << "coefficient " << i << " of " << n;
  };
  const auto run = [&]<core::ScaleSumPath P>() {
    V y = x;
    core::scale_sum_along<P>(into(y, y, scaled(c1, a), scaled(c2, b)));
    expect_equal(y, y_ref);
    V q = q0, v = v0;
    core::scale_sum_along<P>(into(q, q, scaled(c, v)), into(v, v, scaled(-c, q)));
    expect_equal(q, q_ref);
    expect_equal(v, v_ref);
    q = q0, v = v0;
    core::scale_sum_along<P>(into(v, v, scaled(-c, q)), into(q, q, scaled(c, v)));
    expect_equal(q, q_ref);
    expect_equal(v, v_ref);
  };
  run.template operator()<core::ScaleSumPath::coefficient_wise>();
  run.template operator()<core::ScaleSumPath::loop>();
}

TEST(Integrators_ScaleSum, EveryPathComputesTheSameLeftToRightSum) {
  expect_paths_agree<core::Vec2>(2);
  expect_paths_agree<core::Vec<15>>(15);
  expect_paths_agree<core::VecX>(1001);  // odd: the vectorised loop's scalar remainder too
}

template <template <class> class Stepper>
void expect_first_order_paths_agree() {
  Stepper<core::Vec2> small;  // 2 coefficients: coefficient-wise with SSE2 and AVX alike
  Stepper<core::VecX> dynamic;
  core::Vec2 a(1.2, 0.3);
  core::VecX b(2);
  b << 1.2, 0.3;
  // y = (θ, θ̇) of one damped, driven pendulum (its first-order form, fixed-size and dynamic).
  const auto small_sys = reference::problems::first_order_form<core::Vec1>(kPendulums);
  const auto dynamic_sys = reference::problems::first_order_form<core::VecX>(kPendulums);
  for (int k = 0; k < 1000; ++k) {
    small.do_step(small_sys, a, 0.01 * k, 0.01);
    dynamic.do_step(dynamic_sys, b, 0.01 * k, 0.01);
  }
  EXPECT_EQ(a[0], b[0]);
  EXPECT_EQ(a[1], b[1]);
  EXPECT_GT(std::abs(a[0] - 1.2), 0.1);  // it moved
}

// EulerCromer's second parameter (the summation) has a default; clang 14 matches it to a one-parameter
// template template parameter only through an alias.
template <class V>
using PlainEulerCromer = integrators::EulerCromer<V>;

TEST(Integrators_Assign, FirstOrderFormIsTheSameOnFixedAndDynamicStates) {
  expect_first_order_paths_agree<integrators::Euler>();
  expect_first_order_paths_agree<integrators::Rk4>();
  expect_first_order_paths_agree<PlainEulerCromer>();
}

template <class SmallStepper, class DynStepper, class Sys>
void expect_second_order_paths_agree(const Sys& sys) {
  SmallStepper small;
  DynStepper dynamic;
  core::PhaseState<core::Vec2> a{core::Vec2(1.2, -0.4), core::Vec2(0.3, 0.1)};
  core::PhaseState<core::VecX> b{core::VecX(2), core::VecX(2)};
  b.q << 1.2, -0.4;
  b.v << 0.3, 0.1;
  for (int k = 0; k < 1000; ++k) {
    small.do_step(sys, a, 0.01 * k, 0.01);
    dynamic.do_step(sys, b, 0.01 * k, 0.01);
  }
  for (Eigen::Index i = 0; i < 2; ++i) {
    EXPECT_EQ(a.q[i], b.q[i]);
    EXPECT_EQ(a.v[i], b.v[i]);
  }
}

TEST(Integrators_Assign, SecondOrderFormIsTheSameOnFixedAndDynamicStates) {
  using namespace integrators;
  expect_second_order_paths_agree<Euler<core::Vec2>, Euler<core::VecX>>(kPendulums);
  expect_second_order_paths_agree<Rk4<core::Vec2>, Rk4<core::VecX>>(kPendulums);
  expect_second_order_paths_agree<VelocityVerlet<core::Vec2>, VelocityVerlet<core::VecX>>(kPendulums);
  expect_second_order_paths_agree<VelocityVerlet<core::Vec2>, VelocityVerlet<core::VecX>>(kConservative);
  expect_second_order_paths_agree<McLachlan4<core::Vec2>, McLachlan4<core::VecX>>(kConservative);
  expect_second_order_paths_agree<EulerCromer<core::Vec2>, EulerCromer<core::VecX>>(kPendulums);
}

}  // namespace
}  // namespace verisim::integrators::test
