// core/assign.hpp and the steppers' coefficient loops: a small fixed-size state (assigned one
// coefficient at a time) and the same state as a dynamic vector (Eigen's vectorised assignment,
// or the compiler's vectorised loop) go through the same IEEE operations in the same order, so
// their trajectories must agree bit for bit. Any reassociation or contraction on one path only
// shows up here as a difference of a few ulps.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/first_order_form.hpp"
#include "toolkit/core/assign.hpp"
#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/euler_cromer.hpp"
#include "toolkit/integrators/mclachlan4.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::testing {
namespace {

// Two uncoupled damped, driven pendulums θ̈ᵢ = −sin θᵢ − 0.1 θ̇ᵢ + 0.5 cos(0.7 t), q = (θ₁, θ₂)
// (the catalogue's, on any vector type).
const reference::problems::DrivenPendulum<true> kPendulums{};
// Without damping or drive, velocity independent: the splitting methods' FSAL / kick-drift path.
const reference::problems::DrivenPendulum<false> kConservative{.A = 0.0};

static_assert(core::kCoefficientWise<Vec2> && !core::kCoefficientWise<VecX>);

template <template <class> class Stepper>
void expect_first_order_paths_agree() {
  Stepper<Vec2> small;  // 2 coefficients: coefficient-wise with SSE2 and AVX alike
  Stepper<VecX> dynamic;
  Vec2 a(1.2, 0.3);
  VecX b(2);
  b << 1.2, 0.3;
  // y = (θ, θ̇) of one damped, driven pendulum (its first-order form, fixed-size and dynamic).
  const auto small_sys = reference::problems::first_order_form<Vec1>(kPendulums);
  const auto dynamic_sys = reference::problems::first_order_form<VecX>(kPendulums);
  for (int k = 0; k < 1000; ++k) {
    small.do_step(small_sys, a, 0.01 * k, 0.01);
    dynamic.do_step(dynamic_sys, b, 0.01 * k, 0.01);
  }
  EXPECT_EQ(a[0], b[0]);
  EXPECT_EQ(a[1], b[1]);
  EXPECT_GT(std::abs(a[0] - 1.2), 0.1);  // it moved
}

TEST(Integrators_Assign, FirstOrderFormIsTheSameOnFixedAndDynamicStates) {
  expect_first_order_paths_agree<integrators::Euler>();
  expect_first_order_paths_agree<integrators::Rk4>();
  expect_first_order_paths_agree<integrators::EulerCromer>();
}

template <class SmallStepper, class DynStepper, class Sys>
void expect_second_order_paths_agree(const Sys& sys) {
  SmallStepper small;
  DynStepper dynamic;
  PhaseState<Vec2> a{Vec2(1.2, -0.4), Vec2(0.3, 0.1)};
  PhaseState<VecX> b{VecX(2), VecX(2)};
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
  expect_second_order_paths_agree<Euler<Vec2>, Euler<VecX>>(kPendulums);
  expect_second_order_paths_agree<Rk4<Vec2>, Rk4<VecX>>(kPendulums);
  expect_second_order_paths_agree<VelocityVerlet<Vec2>, VelocityVerlet<VecX>>(kPendulums);
  expect_second_order_paths_agree<VelocityVerlet<Vec2>, VelocityVerlet<VecX>>(kConservative);
  expect_second_order_paths_agree<McLachlan4<Vec2>, McLachlan4<VecX>>(kConservative);
  expect_second_order_paths_agree<EulerCromer<Vec2>, EulerCromer<VecX>>(kPendulums);
}

}  // namespace
}  // namespace verisim::testing
