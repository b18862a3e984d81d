// Several objects as one second-order system (toolkit/models/object_group.hpp): the group's
// acceleration is each object's, its size fixed, its flags the conjunction, and stepping the
// group equals stepping each object alone (the objects do not interact).
#include <gtest/gtest.h>

#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/verlet.hpp"
#include "toolkit/models/mass_point.hpp"
#include "toolkit/models/object_group.hpp"
#include "toolkit/models/plane_pendulum.hpp"
#include "toolkit/models/spherical_pendulum.hpp"
#include "toolkit/models/spring.hpp"

namespace verisim::models::test {

namespace vm = verisim::models;
namespace vi = verisim::integrators;
using verisim::core::Vec;
using verisim::core::Vec1;
using verisim::core::Vec2;
using verisim::core::Vec3;

TEST(Models_Group, IsTheConcatenationOfIndependentObjects) {
  const auto spring = vm::make_spring({.k = 3.0, .x0 = 0.4});
  const auto pendulum = vm::make_plane_pendulum({.L = 0.7, .theta0 = 0.9});
  const auto point = vm::make_mass_point({.v0 = core::Vec3(1, 2, 3)}, vm::make_forces(vm::UniformGravity{}));
  const auto group = vm::make_group(spring, pendulum, point);
  using G = decltype(group);
  static_assert(G::dof == 5 && std::is_same_v<G::vector_type, core::Vec<5>>);
  static_assert(G::velocity_independent && G::conserves_energy);
  static_assert(!vm::ObjectGroup<vm::Spring<>, vm::SphericalPendulum<>>::velocity_independent);

  auto s = group.state();
  auto s1 = spring.state;
  auto s2 = pendulum.state;
  auto s3 = point.state;
  vi::VelocityVerlet<core::Vec<5>> vv;
  vi::integrate_n_steps(vv, group, s, 0.0, 1e-3, 500);
  vi::VelocityVerlet<core::Vec1> v1, v2;
  vi::VelocityVerlet<core::Vec3> v3;
  vi::integrate_n_steps(v1, spring, s1, 0.0, 1e-3, 500);
  vi::integrate_n_steps(v2, pendulum, s2, 0.0, 1e-3, 500);
  vi::integrate_n_steps(v3, point, s3, 0.0, 1e-3, 500);
  // Same arithmetic in the same order: equal to the last bit.
  EXPECT_EQ(s.q[0], s1.q[0]);
  EXPECT_EQ(s.q[1], s2.q[0]);
  EXPECT_EQ(s.q.tail<3>(), s3.q);
  EXPECT_EQ(s.v.tail<3>(), s3.v);
  EXPECT_DOUBLE_EQ(group.energy(s.q, s.v), spring.energy(s1) + pendulum.energy(s2) + point.energy(s3));
}

TEST(Models_Usage, TheThreeLinesOfDocsModelsMd) {
  // docs/models.md's example, verbatim: it compiles, runs, and the spring starts where it was put.
  using namespace verisim;
  auto pendulum = models::make_plane_pendulum({.m = 1, .L = 2, .theta0 = 0.3});
  auto spring   = models::make_spring<models::Damped>({.k = 4, .m = 1, .b = 0.3, .d = {0, 0, -1}, .x0 = 0.1});
  integrators::Rk4<core::Vec1> rk4;  auto s = pendulum.state;  integrators::integrate_n_steps(rk4, pendulum, s, 0, 1e-3, 1000);
  EXPECT_LT((spring.position(spring.state.q) - core::Vec3(0, 0, -0.1)).norm(), 1e-15);
  // energy of the undamped pendulum after 1 s: RK4 at 1e-3, relative change ~1e-13
  EXPECT_NEAR(pendulum.energy(s) / pendulum.energy(pendulum.state), 1.0, 1e-9);
}

}  // namespace verisim::models::test
