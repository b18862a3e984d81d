#include <gtest/gtest.h>

#include "toolkit/contact/world.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/yoshida4.hpp"

using namespace verisim;

TEST(ContactSmoke, Compiles) {
  std::vector<contact::Particle<3>> ps(2);
  ps[0].x = Vec3(0, 0, 1); ps[0].radius = 0.5; ps[0].mass = 1; ps[0].v = Vec3(1, 0, 0);
  ps[1].x = Vec3(0.99, 0, 1); ps[1].radius = 0.5; ps[1].mass = 1;
  contact::WorldParams<3> prm; prm.kn = 1e4; prm.restitution = 0.5; prm.mu = 0.3; prm.kt = 10; prm.gravity = Vec3(0,0,-9.81);
  contact::Walls walls; walls.add(geometry::Plane{Vec3::Zero(), Vec3::UnitZ()});
  contact::World<3> w(ps, prm, walls);
  auto s = w.initial_state();
  contact::DefaultStepper st;
  contact::integrate(st, w, s, 0.0, 1e-4, 100);
  contact::DemVerletHalfStep<VecX> st2;
  contact::integrate(st2, w, s, 0.0, 1e-4, 100);
  integrators::Rk4<VecX> st3; contact::integrate(st3, w, s, 0.0, 1e-4, 100);
  std::vector<contact::Particle<2>> p2(2);
  p2[0].radius = 1; p2[0].mass = 1; p2[1].radius = 1; p2[1].mass = 1; p2[1].x = Vec2(3, 0);
  p2[0].dipole = Vec2(1,0); p2[1].dipole = Vec2(0,1); p2[0].charge = 1; p2[1].charge = -1;
  contact::WorldParams<2> q2; q2.kn = 1e3; q2.cohesion = {0.1, 1.0}; q2.long_range.coupling = 1; q2.long_range.use_mass = false;
  contact::World<2, contact::Laws{.cohesion = true, .dipoles = true, .long_range = true}> w2(p2, q2);
  auto s2 = w2.initial_state();
  integrators::Yoshida4<VecX> y; contact::integrate(y, w2, s2, 0.0, 1e-3, 10);
  EXPECT_TRUE(s2.q.allFinite());
}
