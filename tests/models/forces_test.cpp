// Forces of toolkit/models: each against its formula, potentials against −∇V, and the sum.
#include <gtest/gtest.h>


#include "toolkit/core/random.hpp"
#include "toolkit/models/central_gravity.hpp"
#include "toolkit/models/constant_force.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/inverse_square.hpp"
#include "toolkit/models/linear_drag.hpp"
#include "toolkit/models/lorentz_force.hpp"
#include "toolkit/models/uniform_gravity.hpp"

namespace verisim::models::test {

namespace vm = verisim::models;
using verisim::core::Vec3;
using verisim::core::random_vec;

namespace {
// −∇V by centred differences, h = 1e-5: truncation h²|V'''| and round-off ε|V|/h, both < 1e-9 here.
template <class F>
core::Vec3 minus_grad(const F& f, const core::Vec3& x, double m, double q) {
  constexpr double h = 1e-5;
  core::Vec3 g;
  for (int i = 0; i < 3; ++i) {
    core::Vec3 e = core::Vec3::Zero();
    e[i] = h;
    g[i] = -(f.potential(x + e, m, q, 0.0) - f.potential(x - e, m, q, 0.0)) / (2.0 * h);
  }
  return g;
}
}  // namespace

TEST(Models_Forces, EachForceIsItsFormula) {
  const core::Vec3 x(1.0, -2.0, 0.5), v(0.3, 0.4, -1.2);
  const double m = 2.0, q = -1.5;
  EXPECT_TRUE((vm::UniformGravity{core::Vec3(0, 0, -9.81)}.force(x, v, m, q, 0.0) - core::Vec3(0, 0, -19.62)).norm() < 1e-14);
  EXPECT_TRUE((vm::LinearDrag{0.7}.force(x, v, m, q, 0.0) + 0.7 * v).norm() < 1e-15);
  EXPECT_TRUE((vm::ConstantForce{core::Vec3(1, 2, 3)}.force(x, v, m, q, 0.0) - core::Vec3(1, 2, 3)).norm() == 0.0);
  // F = −G M m r/|r|³ with r = (1, −2, 0.5) − (1, 0, 0) = (0, −2, 0.5), |r|³ = 4.25^{3/2}
  const vm::CentralGravity cg{core::Vec3(1, 0, 0), 3.0, 1.0};
  const core::Vec3 expected = -3.0 * 2.0 / std::pow(4.25, 1.5) * core::Vec3(0, -2, 0.5);
  EXPECT_LT((cg.force(x, v, m, q, 0.0) - expected).norm(), 1e-14);
  // q(E + v×B) with E = (1,0,0), B = (0,0,2): v×B = (0.4·2, −0.3·2, 0) = (0.8, −0.6, 0)
  const vm::LorentzForce lf{core::Vec3(1, 0, 0), core::Vec3(0, 0, 2)};
  EXPECT_LT((lf.force(x, v, m, q, 0.0) - q * core::Vec3(1.8, -0.6, 0.0)).norm(), 1e-14);
  EXPECT_NEAR(lf.force(x, v, m, q, 0.0).dot(v), q * 0.3, 1e-14);  // v×B does no work
}

TEST(Models_Forces, ConservativeForcesAreMinusTheGradientOfTheirPotential) {
  core::Rng rng(301);
  const double m = 1.3, q = 0.7;
  for (int n = 0; n < 20; ++n) {
    const core::Vec3 x = random_vec<3>(rng, 3.0) + core::Vec3(0, 0, 5.0);  // away from the centre below
    const core::Vec3 zero = core::Vec3::Zero();
    const vm::UniformGravity g{core::Vec3(0.1, -0.2, -9.81)};
    const vm::ConstantForce c{core::Vec3(1, -2, 3)};
    const vm::CentralGravity cg{core::Vec3(0, 0, -1), 2.0, 1.0};
    const vm::LorentzForce lf{core::Vec3(0.5, 1, -2), core::Vec3::Zero()};
    EXPECT_LT((minus_grad(g, x, m, q) - g.force(x, zero, m, q, 0)).norm(), 1e-8);
    EXPECT_LT((minus_grad(c, x, m, q) - c.force(x, zero, m, q, 0)).norm(), 1e-8);
    EXPECT_LT((minus_grad(cg, x, m, q) - cg.force(x, zero, m, q, 0)).norm(), 1e-8);
    EXPECT_LT((minus_grad(lf, x, m, q) - lf.force(x, zero, m, q, 0)).norm(), 1e-8);
  }
}

TEST(Models_Forces, InverseSquarePairAttractsMassesRepelsLikeChargesAndActsEquallyOnBoth) {
  // ri = (1, 2, 2), rj = 0: d = ri − rj, |d| = 3. Gravity G = 2, mi = 3, mj = 0.5: C = −3, F_i = −3 d/27
  // (towards j), V = −1; Coulomb k = 4, qi = qj = −1: C = 4, F_i = 4 d/27 (away from j), V = 4/3.
  const core::Vec3 d(1, 2, 2);
  const double Cg = vm::gravity_coupling(2.0, 3.0, 0.5), Cq = vm::coulomb_coupling(4.0, -1.0, -1.0);
  EXPECT_EQ(Cg, -3.0);
  EXPECT_EQ(Cq, 4.0);
  EXPECT_LT((vm::inverse_square_force(d, Cg) - (-3.0 / 27.0) * d).norm(), 1e-16);
  EXPECT_LT((vm::inverse_square_force(d, Cq) - (4.0 / 27.0) * d).norm(), 1e-16);
  EXPECT_DOUBLE_EQ(vm::inverse_square_potential(d, Cg), -1.0);
  EXPECT_DOUBLE_EQ(vm::inverse_square_potential(d, Cq), 4.0 / 3.0);
  // Newton's third law: the force on j (d → −d) is the opposite, exactly (the formula is odd in d)
  EXPECT_EQ(vm::inverse_square_force(core::Vec3(-d), Cg), core::Vec3(-vm::inverse_square_force(d, Cg)));
  // F = −∇V by centred differences, h = 1e-6: truncation h² |V'''| ~ 1e-12, round-off ε |V| / h ~ 1e-10
  constexpr double h = 1e-6;
  for (int k = 0; k < 3; ++k) {
    core::Vec3 e = core::Vec3::Zero();
    e[k] = h;
    const double g = -(vm::inverse_square_potential(core::Vec3(d + e), Cq) -
                       vm::inverse_square_potential(core::Vec3(d - e), Cq)) / (2 * h);
    EXPECT_NEAR(g, vm::inverse_square_force(d, Cq)[k], 1e-9);
  }
}

TEST(Models_Forces, SumIsTheSumOfTheTermsAndItsFlagsCombine) {
  const auto sum = vm::make_forces(vm::UniformGravity{core::Vec3(0, 0, -9.81)}, vm::LinearDrag{0.5},
                                   vm::ConstantForce{core::Vec3(1, 0, 0)});
  using Sum = decltype(sum);
  static_assert(Sum::velocity_dependent && !Sum::conservative);
  static_assert(!vm::ForceSum<vm::UniformGravity, vm::CentralGravity>::velocity_dependent);
  static_assert(vm::ForceSum<vm::UniformGravity, vm::LorentzForce>::conservative);
  static_assert(!vm::ForceSum<>::velocity_dependent && vm::ForceSum<>::conservative);
  const core::Vec3 x(1, 2, 3), v(-1, 0.5, 2);
  const double m = 2.0;
  const core::Vec3 expected = m * core::Vec3(0, 0, -9.81) - 0.5 * v + core::Vec3(1, 0, 0);
  EXPECT_LT((sum.force(x, v, m, 0.0, 0.0) - expected).norm(), 1e-14);
  EXPECT_NEAR(sum.potential(x, m, 0.0, 0.0), m * 9.81 * 3.0 - 1.0, 1e-13);
  EXPECT_EQ(vm::ForceSum<>{}.force(x, v, m, 0, 0), core::Vec3::Zero());
}

}  // namespace verisim::models::test
