// Cohesion and dipoles inside the particle world: conservation laws that hold exactly or to the
// integrator's order, whatever the details of the trajectory.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/diagnostics.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/core/random.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::contact::test {
namespace {

constexpr Laws kDipolesOnly{.damping = false, .friction = false, .dipoles = true};
constexpr Laws kCohesionOnly{.damping = false, .friction = false, .cohesion = true};

/// Total angular momentum about the origin (2D, z): Σ m (x × v) + I ω.
template <Laws L>
double angular_momentum(const World<2, L>& w, const core::PhaseState<core::VecX>& s) {
  double j = 0.0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const core::Vec2 x = w.position(s.q, i), v = w.velocity(s.v, i);
    j += w.particle(i).mass * (x.x() * v.y() - x.y() * v.x()) + w.moment_of_inertia(i) * w.spin(s.v, i);
  }
  return j;
}

TEST(ContactValidation_WorldLaws, TurningDipolesConserveTotalAngularMomentumExactly) {
  // Four magnetic discs that turn with their dipoles (2D), close enough to interact (and collide:
  // Hooke contacts). The dipole energy, the spring and the cut-off r < r_c are invariant under a
  // common rotation of positions and angles, so J = Σ m x × v + Σ I ω (bilinear in q and p) is a
  // first integral that velocity Verlet, a symplectic partitioned method, conserves exactly (Hairer,
  // Lubich & Wanner, GNI Thm IV.2.4): to round-off, 1e-12 of Σ|terms|.
  core::Rng rng(1601);
  std::vector<Particle<2>> ps(4);
  for (std::size_t i = 0; i < ps.size(); ++i) {
    ps[i].x = core::Vec2(2.6 * static_cast<double>(i % 2), 2.6 * static_cast<double>(i / 2)) + 0.2 * core::random_vec<2>(rng);
    ps[i].v = 0.3 * core::random_vec<2>(rng);
    ps[i].w = core::uniform(rng, -1, 1);
    ps[i].radius = 1.0, ps[i].mass = 1.0 + 0.5 * static_cast<double>(i);
    ps[i].dipole = 3.0 * core::random_unit<2>(rng);
  }
  WorldParams<2> prm;
  prm.kn = 1e3, prm.dipole = {0.1, 1.0};
  const World<2, kDipolesOnly> world(ps, prm);
  auto s = world.initial_state();
  integrators::VelocityVerlet<core::VecX> vv;
  const double j0 = angular_momentum(world, s);
  double scale = 0.0, jmax_err = 0.0, spin_change = 0.0;
  integrate(vv, world, s, 0.0, 1e-3, 20000, [&](const core::PhaseState<core::VecX>& x, double, std::size_t) {
    jmax_err = std::max(jmax_err, std::abs(angular_momentum(world, x) - j0));
    for (std::size_t i = 0; i < world.size(); ++i) {
      scale = std::max(scale, world.moment_of_inertia(i) * std::abs(world.spin(x.v, i)));
      spin_change = std::max(spin_change, std::abs(world.spin(x.v, i) - ps[i].w));
    }
  });
  EXPECT_GT(spin_change, 0.1);  // the dipole torques did turn the discs
  EXPECT_LT(jmax_err, 1e-12 * (std::abs(j0) + 10 * scale));
}

TEST(ContactValidation_WorldLaws, CohesivePairStaysBoundAndConservesEnergy) {
  // Two discs touching at rest, Hooke spring plus seed 003's cohesion: conservative, so the energy
  // ½ m v² + ½ k δ² + U_c(δ) is conserved to O(Δt²) by velocity Verlet (the kinks of U_c at δ = 0 and
  // ±δ_c spoil the symplectic bound only at the level of the step: halving Δt must divide the worst
  // energy error by 4 ± 1.5), and the pair never separates (the attraction holds it: E < U_c(δ_c) = 0).
  auto run = [](double dt, double* max_gap) {
    std::vector<Particle<2>> ps(2);
    ps[0].radius = ps[1].radius = 0.5, ps[0].mass = ps[1].mass = 1.0;
    ps[1].x = core::Vec2(1.0, 0.0);  // δ = 0, at rest: the cohesion pulls them into overlap
    WorldParams<2> prm;
    prm.kn = 1e4, prm.cohesion = {0.01, 20.0}, prm.allow_large_time_step = true;
    const World<2, kCohesionOnly> world(ps, prm);
    auto s = world.initial_state();
    integrators::VelocityVerlet<core::VecX> vv;
    auto ews = world.workspace();
    const double e0 = world.kinetic_energy(s) + potential_energy(world, ews, s.q);
    double err = 0.0;
    *max_gap = -1.0;
    integrate(vv, world, s, 0.0, dt, static_cast<std::size_t>(0.5 / dt), [&](const core::PhaseState<core::VecX>& x, double, std::size_t) {
      err = std::max(err, std::abs(world.kinetic_energy(x) + potential_energy(world, ews, x.q) - e0));
      *max_gap = std::max(*max_gap, (world.position(x.q, 1) - world.position(x.q, 0)).norm() - 1.0);
    });
    return err / std::abs(e0);
  };
  double gap1 = 0.0, gap2 = 0.0;
  const double e1 = run(2e-4, &gap1), e2 = run(1e-4, &gap2);
  std::printf("cohesion: energy error %.3e (dt 2e-4), %.3e (dt 1e-4), max gap %.3e\n", e1, e2, gap1);
  EXPECT_LT(gap1, 0.01);  // never beyond δ_c
  EXPECT_LT(e2, 1e-3);
  EXPECT_NEAR(e1 / e2, 4.0, 1.5);
}

TEST(ContactValidation_WorldLaws, CoincidentCentresAreSeparatedWithoutDivisionByZero) {
  // Two equal discs placed at the same centre (a user's input error, or a step far too large): the
  // normal is undefined, the world takes the first axis. Hooke's spring at full overlap δ = −2R
  // stores U = ½ k_n (2R)², which becomes kinetic energy when they part: each leaves along ±x at
  // v = 2R √(k_n/(2m)) (½·2·m v² = U), momentum stays 0. Velocity Verlet at c = 0.005 of seed 003's
  // bound: the energy error of the crossing is O((ωΔt)²) ≈ 2.5e-4, the test allows 1e-2.
  std::vector<Particle<2>> ps(2);
  for (auto& p : ps) p.radius = 0.5, p.mass = 2.0;
  WorldParams<2> prm;
  prm.kn = 1e4;
  const World<2, Laws{.damping = false, .friction = false}> world(ps, prm);
  auto s = world.initial_state();
  integrators::VelocityVerlet<core::VecX> vv;
  const double omega = std::sqrt(prm.kn / (0.5 * ps[0].mass));  // reduced mass m/2
  const double dt = 0.005 * std::numbers::pi / omega;
  integrate(vv, world, s, 0.0, dt, 2000);
  ASSERT_TRUE(s.q.allFinite() && s.v.allFinite());
  const double v = 2.0 * ps[0].radius * std::sqrt(prm.kn / (2.0 * ps[0].mass));
  EXPECT_NEAR(world.velocity(s.v, 0).x(), v, 1e-2 * v);
  EXPECT_NEAR(world.velocity(s.v, 1).x(), -v, 1e-2 * v);
  EXPECT_NEAR(world.velocity(s.v, 0).x() + world.velocity(s.v, 1).x(), 0.0, 1e-12 * v);  // momentum
  EXPECT_EQ(world.velocity(s.v, 0).y(), 0.0);
  EXPECT_GT(world.position(s.q, 0).x() - world.position(s.q, 1).x(), 2.0 * ps[0].radius);  // apart
}

}  // namespace
}  // namespace verisim::contact::test
