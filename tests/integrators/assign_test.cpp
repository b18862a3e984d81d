// core/scale_sum.hpp, the one linear combination of the steppers: its three paths
// (coefficient-wise for states of one SIMD packet, the vectorised loop, Eigen's assignment) go
// through the same IEEE operations in the same order, so their results must agree bit for bit —
// for one combination, for several in one pass, and for whole trajectories of a small fixed-size
// state against the same state as a dynamic vector. Any reassociation or contraction on one path
// only shows up here as a difference of a few ulps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/euler_cromer.hpp"
#include "toolkit/integrators/mclachlan4.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::testing {
namespace {

// Two uncoupled damped, driven pendulums θ̈ᵢ = −sin θᵢ − 0.1 θ̇ᵢ + 0.5 cos(0.7 t), q = (θ₁, θ₂), for any
// vector type.
struct Pendulums {
  template <class V>
  void operator()(const V& q, const V& v, V& a, double t) const {
    for (Eigen::Index i = 0; i < 2; ++i) a[i] = -std::sin(q[i]) - 0.1 * v[i] + 0.5 * std::cos(0.7 * t);
  }
};
// The same without damping, velocity independent: the splitting methods' FSAL / kick-drift path.
struct Conservative {
  static constexpr bool velocity_independent = true;
  template <class V>
  void operator()(const V& q, const V&, V& a, double) const {
    for (Eigen::Index i = 0; i < 2; ++i) a[i] = -std::sin(q[i]);
  }
};

static_assert(core::kScaleSumPath<Vec2> == core::ScaleSumPath::coefficient_wise &&
              core::kScaleSumPath<Vec<15>> == core::ScaleSumPath::loop &&
              core::kScaleSumPath<VecX> == core::ScaleSumPath::loop);

// Seeded inputs with every bit of the mantissa in use (so that a different rounding shows).
template <class V>
V filled(Eigen::Index n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  V x;
  if constexpr (V::SizeAtCompileTime == Eigen::Dynamic) x.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) x[i] = u(rng);
  return x;
}

// y ← x + c₁·a + c₂·b and, in the same pass, z ← z + c₃·y (the new y) — along each path, against
// the same formula written coefficient by coefficient here.
template <class V>
void expect_paths_agree(Eigen::Index n) {
  using core::into, core::scaled;
  const V x = filled<V>(n, 1), a = filled<V>(n, 2), b = filled<V>(n, 3), z0 = filled<V>(n, 4);
  const double c1 = 0.1 / 3.0, c2 = -1.0 / 7.0, c3 = std::sqrt(2.0);
  V y_ref = x, z_ref = z0;
  for (Eigen::Index i = 0; i < n; ++i) {
    y_ref[i] = (x[i] + c1 * a[i]) + c2 * b[i];
    z_ref[i] = z0[i] + c3 * y_ref[i];
  }
  const auto run = [&]<core::ScaleSumPath P>() {
    V y = x, z = z0;
    core::scale_sum_along<P>(into(y, x, scaled(c1, a), scaled(c2, b)), into(z, z, scaled(c3, y)));
    for (Eigen::Index i = 0; i < n; ++i) {
      EXPECT_EQ(y[i], y_ref[i]) << "coefficient " << i << " of " << n;
      EXPECT_EQ(z[i], z_ref[i]) << "coefficient " << i << " of " << n;
    }
  };
  run.template operator()<core::ScaleSumPath::coefficient_wise>();
  run.template operator()<core::ScaleSumPath::loop>();
  run.template operator()<core::ScaleSumPath::eigen>();
  V w = x;  // the output as its own term: w ← w + c₁·a
  core::scale_sum(w, w, scaled(c1, a));
  for (Eigen::Index i = 0; i < n; ++i) EXPECT_EQ(w[i], x[i] + c1 * a[i]);
}

TEST(Integrators_ScaleSum, EveryPathComputesTheSameLeftToRightSum) {
  expect_paths_agree<Vec2>(2);
  expect_paths_agree<Vec<15>>(15);
  expect_paths_agree<VecX>(1001);  // odd: the vectorised loop's scalar remainder too
}

template <template <class> class Stepper>
void expect_first_order_paths_agree() {
  Stepper<Vec2> small;  // 2 coefficients: coefficient-wise with SSE2 and AVX alike
  Stepper<VecX> dynamic;
  Vec2 a(1.2, 0.3);
  VecX b(2);
  b << 1.2, 0.3;
  // y = (θ, θ̇) of one damped, driven pendulum.
  auto one = [](const auto& y, auto& d, double t) {
    d[0] = y[1];
    d[1] = -std::sin(y[0]) - 0.1 * y[1] + 0.5 * std::cos(0.7 * t);
  };
  for (int k = 0; k < 1000; ++k) {
    small.do_step(one, a, 0.01 * k, 0.01);
    dynamic.do_step(one, b, 0.01 * k, 0.01);
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
  expect_second_order_paths_agree<Euler<Vec2>, Euler<VecX>>(Pendulums{});
  expect_second_order_paths_agree<Rk4<Vec2>, Rk4<VecX>>(Pendulums{});
  expect_second_order_paths_agree<VelocityVerlet<Vec2>, VelocityVerlet<VecX>>(Pendulums{});
  expect_second_order_paths_agree<VelocityVerlet<Vec2>, VelocityVerlet<VecX>>(Conservative{});
  expect_second_order_paths_agree<McLachlan4<Vec2>, McLachlan4<VecX>>(Conservative{});
  expect_second_order_paths_agree<EulerCromer<Vec2>, EulerCromer<VecX>>(Pendulums{});
}

}  // namespace
}  // namespace verisim::testing
