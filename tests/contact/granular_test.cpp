// Hertz–Mindlin contact in the particle world (toolkit/contact/granular.hpp, issue 29): the elastic
// Hertz impact against its closed forms, Tsuji's restitution, gross sliding against rigid-body impulse
// theory, the history across rebuilds and steppers, and static friction on an incline.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/core/random.hpp"
#include "toolkit/integrators/rk4.hpp"

namespace {

using namespace verisim;
using contact::ContactEnd;
using contact::NormalModel;
using contact::TangentialModel;

constexpr contact::Laws kHertzMindlin{.damping = true, .friction = true, .normal = NormalModel::hertz, .tangential = TangentialModel::mindlin};
constexpr contact::Laws kHertzElastic{.damping = false, .friction = false, .normal = NormalModel::hertz};

const contact::Material kGlass{4.8e10, 0.20, 2800.0};    // Chung & Ooi 2011, test 1
const contact::Material kAlumina{3.8e11, 0.23, 4000.0};  // Chung & Ooi 2011, tests 3 and 4

double sphere_mass(const contact::Material& m, double R) { return m.density * 4.0 / 3.0 * std::numbers::pi * R * R * R; }

// Hertz's elastic impact (contact::HertzImpact, Johnson 1985 §11.4), as the benchmark reads it.
struct HertzImpact {
  double delta_max, f_max, duration;
};
HertzImpact hertz_impact(double Es, double Rs, double ms, double v) {
  const contact::HertzImpact h{Es, Rs, ms, v};
  return {h.max_overlap(), h.max_force(), h.duration()};
}

TEST(HertzMindlin, ElasticHeadOnImpactMatchesHertz) {
  // Chung & Ooi test 1: two glass spheres, R = 10 mm, ±10 m/s
  const double R = 0.010, m = sphere_mass(kGlass, R);
  std::vector<contact::Particle<3>> ps(2);
  ps[0] = {.x = core::Vec3(-R, 0, 0), .v = core::Vec3(10, 0, 0), .radius = R, .mass = m};
  ps[1] = {.x = core::Vec3(R, 0, 0), .v = core::Vec3(-10, 0, 0), .radius = R, .mass = m};
  contact::WorldParams<3> prm{.material = kGlass, .allow_large_time_step = false};
  const contact::World<3, kHertzElastic> world(ps, prm);
  const double Es = contact::effective_youngs(kGlass, kGlass);
  const HertzImpact h = hertz_impact(Es, R / 2, m / 2, 20.0);
  const double dt = h.duration / 2000.0;
  auto state = world.initial_state();
  auto ws = world.workspace();
  contact::DefaultStepper stepper;
  double fmax = 0.0, dmax = 0.0, t_in = -1.0, t_out = -1.0;
  const auto k = world.contact_constants(0, 1).k;
  contact::integrate(stepper, world, ws, state, 0.0, dt, 4000, [&](const auto& x, double t, std::size_t) {
    const double d = 2 * R - (world.position(x.q, 1) - world.position(x.q, 0)).norm();
    if (d > 0.0) {
      if (t_in < 0.0) t_in = t;
      dmax = std::max(dmax, d);
      fmax = std::max(fmax, k * std::pow(d, 1.5));
    } else if (t_in >= 0.0 && t_out < 0.0) {
      t_out = t;
    }
  });
  // sampled every step: the extremes within (Δt/t_c)² ~ 2.5e-7 relative (a smooth maximum), the
  // duration within 2 steps (first and last sample in contact)
  EXPECT_NEAR(dmax / h.delta_max, 1.0, 1e-5);
  EXPECT_NEAR(fmax / h.f_max, 1.0, 2e-5);
  EXPECT_NEAR(t_out - t_in, h.duration, 2 * dt);
  // elastic: the rebound speed equals the impact speed to the integrator's O(Δt²) error
  EXPECT_NEAR(world.velocity(state.v, 0).x(), -10.0, 1e-4);
}

// The rebound speed over the impact speed of a sphere on a rigid wall with Tsuji's damping.
template <contact::Laws L>
double wall_restitution(double eps, ContactEnd end, double v0) {
  const double R = 0.0025, m = sphere_mass(kAlumina, R);
  std::vector<contact::Particle<3>> ps(1);
  ps[0] = {.x = core::Vec3(0, 0, R * 1.0001), .v = core::Vec3(0, 0, -v0), .radius = R, .mass = m};
  contact::WorldParams<3> prm{.material = kAlumina, .restitution = eps, .end = end};
  contact::Walls walls;
  walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
  const contact::World<3, L> world(ps, prm, walls);
  const HertzImpact h = hertz_impact(contact::effective_youngs(kAlumina, contact::kRigidPlane), R, m, v0);
  const double dt = h.duration / 4000.0;
  auto state = world.initial_state();
  integrators::DemVerlet<core::VecX, integrators::methods::DemVerletPredicted> stepper;
  contact::integrate(stepper, world, state, 0.0, dt, 12000);
  return world.velocity(state.v, 0).z() / v0;
}

TEST(HertzMindlin, TsujiDampingGivesTheRestitutionAsked) {
  // ε depends on α alone (Antypov & Elliott 2011): the same ε at 3.9 and 0.39 m/s. Order 2 stepping at
  // t_c/4000: the error is the force's jump at the contact's ends, O(Δt/t_c) ≲ 1e-3 (docs/contact.md)
  for (ContactEnd end : {ContactEnd::overlap, ContactEnd::force})
    for (double eps : {0.2, 0.5, 0.8, 0.98})
      for (double v0 : {3.9, 0.39}) EXPECT_NEAR(wall_restitution<kHertzMindlin>(eps, end, v0), eps, 1.5e-3) << eps << ' ' << v0;
}

// Oblique impact on the wall at angle θ from the normal: in gross sliding the tangential impulse is
// μ times the normal one throughout (Coulomb), so, with the normal impulse m(1 + ε)v_n and a solid
// sphere (I = 2/5 m R²): v_t' = v_t − μ(1 + ε)v_n, ω' = (5/2) μ(1 + ε) v_n/R (rigid-body impulse theory;
// Maw, Barber & Fawcett 1976; Chung & Ooi 2011 test 4's analytic line).
TEST(HertzMindlin, GrossSlidingMatchesImpulseTheory) {
  const double R = 0.0025, m = sphere_mass(kAlumina, R), mu = 0.092, eps = 0.98, v = 3.9;
  for (double deg : {45.0, 60.0, 80.0}) {
    const double th = deg * std::numbers::pi / 180.0, vn = v * std::cos(th), vt = v * std::sin(th);
    std::vector<contact::Particle<3>> ps(1);
    ps[0] = {.x = core::Vec3(0, 0, R * 1.0001), .v = core::Vec3(vt, 0, -vn), .radius = R, .mass = m};
    contact::WorldParams<3> prm{.material = kAlumina, .restitution = eps, .end = ContactEnd::force, .mu = mu};
    contact::Walls walls;
    walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
    const contact::World<3, kHertzMindlin> world(ps, prm, walls);
    const HertzImpact h = hertz_impact(contact::effective_youngs(kAlumina, contact::kRigidPlane), R, m, vn);
    const double dt = h.duration / 4000.0;
    auto state = world.initial_state();
    contact::DefaultStepper stepper;
    contact::integrate(stepper, world, state, 0.0, dt, 12000);
    const double vn_out = world.velocity(state.v, 0).z();
    const double e_out = vn_out / vn;  // the measured normal restitution
    EXPECT_NEAR(e_out, eps, 2e-3);
    // with the measured normal impulse, Coulomb's share exactly: only the stepping error remains
    EXPECT_NEAR(world.velocity(state.v, 0).x(), vt - mu * (1 + e_out) * vn, 1e-4 * v) << deg;
    EXPECT_NEAR(world.spin(state.v, 0).y(), 2.5 * mu * (1 + e_out) * vn / R, 1e-4 * v / R) << deg;
  }
}

// A block (a sphere that does not turn) on an incline of angle θ: the tangential spring holds it for
// tan θ < μ (static friction); seed 003's regularised law lets it creep at u = m g sin θ/k_t (its
// force is −k_t u, zero at rest: the seed's warning); above tan θ = μ it slides with acceleration
// g (sin θ − μ cos θ) under both laws.
template <contact::Laws L>
double incline_displacement(double theta, double mu, double duration, double* speed = nullptr) {
  const double R = 0.01;
  const contact::Material soft{1e7, 0.3, 2500.0};
  const double m = sphere_mass(soft, R), g = 9.81;
  std::vector<contact::Particle<3>> ps(1);
  // start at the static overlap of Hertz (m g cos θ = k d^{3/2})
  const double k = 4.0 / 3.0 * contact::effective_youngs(soft, contact::kRigidPlane) * std::sqrt(R);
  const double d0 = L.normal == NormalModel::hertz ? std::pow(m * g * std::cos(theta) / k, 2.0 / 3.0) : 0.0;
  ps[0] = {.x = core::Vec3(0, 0, R - d0), .radius = R, .mass = m, .rotates = false};
  contact::WorldParams<3> prm{.gravity = core::Vec3(g * std::sin(theta), 0, -g * std::cos(theta)), .kn = 1e4, .material = soft,
                              .restitution = 0.5, .kt = L.tangential == TangentialModel::regularised ? 50.0 : 0.0, .mu = mu,
                              .tangential_damping = L.tangential == TangentialModel::regularised ? 0.0 : 1.0};
  contact::Walls walls;
  walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
  const contact::World<3, L> world(ps, prm, walls);
  const double dt = 0.5 * world.max_time_step();
  auto state = world.initial_state();
  contact::DefaultStepper stepper;
  const auto n = static_cast<std::size_t>(duration / dt);
  contact::integrate(stepper, world, state, 0.0, dt, n);
  if (speed) *speed = world.velocity(state.v, 0).x();
  return world.position(state.q, 0).x();
}

TEST(HertzMindlin, BlockHoldsOnAnInclineBelowTheFrictionAngle) {
  const double mu = 0.5, g = 9.81;
  const double below = std::atan(0.9 * mu), above = std::atan(1.2 * mu);
  // the spring's static stretch ξ_s = m g sin θ / k_t, k_t = 8 G* √(R d0), d0 Hertz's static overlap
  const contact::Material soft{1e7, 0.3, 2500.0};
  const double Rb = 0.01, mb = sphere_mass(soft, Rb);
  const double kh = 4.0 / 3.0 * contact::effective_youngs(soft, contact::kRigidPlane) * std::sqrt(Rb);
  const double d0 = std::pow(mb * g * std::cos(below) / kh, 2.0 / 3.0);
  const double xi_s = mb * g * std::sin(below) / (8.0 * contact::effective_shear(soft, contact::kRigidPlane) * std::sqrt(Rb * d0));
  const double x_spring = incline_displacement<kHertzMindlin>(below, mu, 1.0);
  const double x_spring2 = incline_displacement<kHertzMindlin>(below, mu, 2.0);
  // held: a few static stretches at most (loaded at once from rest, the spring overshoots 2ξ_s > the
  // Coulomb limit 1.1 ξ_s and slips once), and no drift afterwards: < 1% of ξ_s between 1 s and 2 s
  EXPECT_LT(std::abs(x_spring), 5 * xi_s);
  EXPECT_LT(std::abs(x_spring2 - x_spring), 0.01 * xi_s);
  // seed 003's law creeps at u = m g sin θ / k_t (k_t = 50 N·s/m): 1 s of it
  constexpr contact::Laws kSeedBlock{.damping = true, .friction = true};
  const double R = 0.01, m = sphere_mass({1e7, 0.3, 2500.0}, R);
  const double creep = m * g * std::sin(below) / 50.0;
  const double x_seed = incline_displacement<kSeedBlock>(below, mu, 1.0);
  EXPECT_NEAR(x_seed, creep * 1.0, 0.05 * creep);
  std::printf("incline tan θ = 0.9 μ: spring %.3g m at 1 s, drift 1→2 s %.3g m (ξ_s = %.3g m); seed 003's law %.4g m in 1 s "
              "(m g sin θ/k_t = %.4g m/s)\n", x_spring, x_spring2 - x_spring, xi_s, x_seed, creep);
  // above the friction angle both slide at g (sin θ − μ cos θ)
  // the acceleration from the speeds at 0.25 s and 0.5 s (after the start's transient)
  double v1 = 0.0, v2 = 0.0;
  incline_displacement<kHertzMindlin>(above, mu, 0.25, &v1);
  incline_displacement<kHertzMindlin>(above, mu, 0.5, &v2);
  const double a = (v2 - v1) / 0.25;
  std::printf("incline tan θ = 1.2 μ: acceleration %.5g m/s² (g (sin θ − μ cos θ) = %.5g)\n", a,
              g * (std::sin(above) - mu * std::cos(above)));
  // sliding at the Coulomb limit: F_t = μ F_n exactly, F_n = m g cos θ once the normal oscillation has
  // decayed (ε = 0.5): the speed difference is exact up to the stepping's round-off; 1e-3 covers the
  // remaining normal ringing (measured 6e-5)
  EXPECT_NEAR(a, g * (std::sin(above) - mu * std::cos(above)), 1e-3 * g * (std::sin(above) - mu * std::cos(above)));
}

// A sphere (turning) on an incline with EPSD's rolling resistance μ_r and ample sliding friction: the rolling
// torque's limit μ_r R F_n balances gravity's moment about the contact point m g sin θ R at tan θ = μ_r, so it
// holds below and rolls above with a = g(sin θ − μ_r cos θ)/(1 + κ), κ = 2/5 (rolling without slipping, the
// resisting torque at its limit; Ai et al. 2011's model C); without rolling resistance a = g sin θ/(1 + κ).
TEST(HertzMindlin, RollingResistanceHoldsASphereBelowMuR) {
  constexpr contact::Laws kRolling{.damping = true, .friction = true, .normal = NormalModel::hertz,
                                   .tangential = TangentialModel::mindlin, .rolling = contact::RollingModel::epsd};
  const contact::Material soft{1e7, 0.3, 2500.0};
  const double R = 0.01, m = sphere_mass(soft, R), g = 9.81, mur = 0.1, mu = 1.0;
  auto run = [&](double theta, double duration, double mu_r) {
    const double k = 4.0 / 3.0 * contact::effective_youngs(soft, contact::kRigidPlane) * std::sqrt(R);
    const double d0 = std::pow(m * g * std::cos(theta) / k, 2.0 / 3.0);
    std::vector<contact::Particle<3>> ps(1);
    ps[0] = {.x = core::Vec3(0, 0, R - d0), .radius = R, .mass = m};
    contact::WorldParams<3> prm{.gravity = core::Vec3(g * std::sin(theta), 0, -g * std::cos(theta)), .material = soft,
                                .restitution = 0.5, .mu = mu, .tangential_damping = 1.0, .rolling_friction = mu_r,
                                .rolling_damping = 0.3};
    contact::Walls walls;
    walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
    const contact::World<3, kRolling> world(ps, prm, walls);
    const double dt = 0.5 * world.max_time_step();
    auto state = world.initial_state();
    contact::DefaultStepper stepper;
    contact::integrate(stepper, world, state, 0.0, dt, static_cast<std::size_t>(duration / dt));
    return std::pair{world.position(state.q, 0).x(), world.velocity(state.v, 0).x()};
  };
  const double below = std::atan(0.8 * mur), above = std::atan(1.5 * mur);
  const auto [x1, v1] = run(below, 1.0, mur);
  const auto [x2, v2] = run(below, 2.0, mur);
  std::printf("rolling resistance, tan θ = 0.8 μ_r: %.3g m at 1 s, %.3g m more by 2 s, speed %.3g m/s\n", x1, x2 - x1, v2);
  // held: the rolling spring's stretch, θ_s = m g sin θ R/k_r, k_r = 2.25 μ_r² R² k_n (k_n = m g cos θ/d0), a few
  // times over (loaded at once from rest), and no drift once EPSD's dashpot (η_r = 0.3) has damped the rocking
  const double k = 4.0 / 3.0 * contact::effective_youngs(soft, contact::kRigidPlane) * std::sqrt(R);
  const double d0 = std::pow(m * g * std::cos(below) / k, 2.0 / 3.0);
  const double kr = 2.25 * mur * mur * R * R * (m * g * std::cos(below) / d0), x_s = R * m * g * std::sin(below) * R / kr;
  EXPECT_LT(std::abs(x1), 3 * x_s) << x_s;
  EXPECT_LT(std::abs(x2 - x1), 1e-3 * x_s);
  const auto [xa, va] = run(above, 0.25, mur);
  const auto [xb, vb] = run(above, 0.5, mur);
  const double a = (vb - va) / 0.25, expected = g * (std::sin(above) - mur * std::cos(above)) / 1.4;
  std::printf("rolling resistance, tan θ = 1.5 μ_r: a = %.6g m/s² (g(sin θ − μ_r cos θ)/(1 + κ) = %.6g)\n", a, expected);
  EXPECT_NEAR(a, expected, 1e-3 * expected);
  const auto [xc, vc] = run(above, 0.25, 0.0);
  const auto [xd, vd] = run(above, 0.5, 0.0);
  EXPECT_NEAR((vd - vc) / 0.25, g * std::sin(above) / 1.4, 1e-3 * g * std::sin(above) / 1.4);  // free rolling
  (void)xa, (void)xb, (void)xc, (void)xd, (void)v1;
}

// The history is the run's discrete state: the same impact stepped by rk4 (four evaluations per step)
// and by velocity Verlet agrees to the methods' errors, and a run whose neighbour list is rebuilt at
// every step (skin 0) agrees with one that never rebuilds.
TEST(HertzMindlin, HistoryIsTheSameForEveryStepperAndAcrossRebuilds) {
  const double R = 0.0025, m = sphere_mass(kAlumina, R), v = 3.9, th = 20.0 * std::numbers::pi / 180.0;
  auto run = [&](auto& stepper, double skin) {
    std::vector<contact::Particle<3>> ps(2);
    ps[0] = {.x = core::Vec3(0, 0, -R * 1.0001), .v = core::Vec3(v * std::sin(th), 0, v * std::cos(th)), .radius = R, .mass = m};
    ps[1] = {.x = core::Vec3(0, 0, R * 1.0001), .radius = R, .mass = m};
    contact::WorldParams<3> prm{.material = kAlumina, .restitution = 0.9, .mu = 0.3, .skin = skin};
    const contact::World<3, kHertzMindlin> world(ps, prm);
    const HertzImpact h = hertz_impact(contact::effective_youngs(kAlumina, kAlumina), R / 2, m / 2, v * std::cos(th));
    auto state = world.initial_state();
    contact::integrate(stepper, world, state, 0.0, h.duration / 2000.0, 4000);
    return state;
  };
  contact::DefaultStepper verlet;
  integrators::Rk4<core::VecX> rk4;
  contact::DemVerletPredicted<core::VecX> dem;  // one evaluation a step, which commits (core::CommitsInEvaluation)
  const auto a = run(verlet, -1.0), b = run(rk4, -1.0), c = run(verlet, 0.0), d = run(dem, -1.0);
  EXPECT_LT((a.v - b.v).lpNorm<Eigen::Infinity>(), 1e-6 * v / R);  // spins dominate the norm
  EXPECT_LT((a.v - c.v).lpNorm<Eigen::Infinity>(), 1e-9 * v / R);
  // the history committed at the predicted velocity ṽ (ṽ − v⁺ = O(Δt²)): a second-order error, as rk4's
  // difference from verlet (Δt = t_c/2000: (1/2000)² ≈ 2.5e-7 of the spin scale v/R)
  EXPECT_LT((a.v - d.v).lpNorm<Eigen::Infinity>(), 1e-6 * v / R);
  // the stick phase turned the spheres: tangential spring at work (not a frictionless pass)
  EXPECT_GT(std::abs(a.v[7]), 10.0);
}

// The committing evaluation (the DEM steppers' step end, core::CommitsInEvaluation) stores what
// commit() stores: from a mid-impact state with a stretched spring (a sphere sliding on a plane and
// on another sphere), evaluate_committing(q, v, t) and evaluate(q, v, t) + commit(q, v, t) leave the
// same history, pair and wall, to the bit, and the same acceleration.
TEST(HertzMindlin, TheCommittingEvaluationStoresWhatCommitStores) {
  const double R = 0.0025, m = sphere_mass(kAlumina, R);
  std::vector<contact::Particle<3>> ps(2);
  ps[0] = {.x = core::Vec3(0, 0, R * 0.9995), .v = core::Vec3(0.4, 0.1, -0.3), .w = core::Vec3(10, -20, 5), .radius = R, .mass = m};
  ps[1] = {.x = core::Vec3(0.3 * R, 0.1 * R, R * 2.9733), .v = core::Vec3(-0.2, 0, -0.5), .radius = R, .mass = m};
  contact::WorldParams<3> prm{.gravity = core::Vec3(0, 0, -9.81), .material = kAlumina, .restitution = 0.9, .mu = 0.3};
  contact::Walls walls;
  walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
  const contact::World<3, kHertzMindlin> world(ps, prm, walls);
  auto x = world.initial_state();
  auto ws = world.workspace();
  contact::DemVerletHalfStep<core::VecX> stepper;
  const double dt = world.max_time_step() / 20.0;
  contact::integrate(stepper, world, ws, x, 0.0, dt, 30);  // springs stretched, both contacts closed
  auto ws_commit = ws;
  core::VecX a1, a2;
  const double t = 31 * dt;
  const core::VecX v = x.v + 0.37 * dt * core::VecX::Ones(x.v.size());  // any velocity: ṽ is not v
  world.evaluate_committing(x.q, v, a1, ws, t);
  world.evaluate(x.q, v, a2, ws_commit, t);
  world.commit(x.q, v, t, ws_commit);
  ASSERT_EQ(ws.pair_hist.size(), ws_commit.pair_hist.size());
  ASSERT_EQ(ws.pair_hist.size(), 1u);
  EXPECT_GT(ws.pair_hist[0].xi.norm(), 0.0);
  EXPECT_TRUE(ws.pair_hist[0] == ws_commit.pair_hist[0]);
  ASSERT_EQ(ws.wall_hist[0].size(), 1u);
  EXPECT_GT(ws.wall_hist[0][0].xi.norm(), 0.0);
  EXPECT_TRUE(ws.wall_hist[0][0] == ws_commit.wall_hist[0][0]);
  EXPECT_TRUE(a1 == a2);
  EXPECT_EQ(ws.t_commit, ws_commit.t_commit);
}

// The world's per-pair constants, by kind (few distinct radii and masses: one table) or per pair (many),
// and the history it commits in its evaluation: a dense overlapping spinning cloud's accelerations equal a
// plain all-pairs sum of granular_force with the constants from their formulas — (4/3) E* √R*, α √(m* k)
// (Tsuji 1992), 8 G* √R* (Mindlin) — at t = 0 (no history) and again at t = Δt, the springs then stretched by
// the history the first evaluation committed. Sums in a different order: 1e-12 of the largest term.
void expect_world_equals_plain_sum(std::size_t kinds) {
  const contact::Material mat{7.0e10, 0.3, 2700.0};
  core::Rng rng(1451 + kinds);
  std::vector<contact::Particle<3>> ps;
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 9; ++j)
      for (int k = 0; k < 9; ++k) {  // a cubic lattice of pitch 1.9 mm, radii 0.96–1.04 mm: many overlaps
        const double R = 1e-3 * (0.96 + 0.08 * static_cast<double>(ps.size() % kinds) / static_cast<double>(kinds));
        contact::Particle<3> p{.x = 1.9e-3 * core::Vec3(i, j, k) + 2e-5 * core::random_vec<3>(rng), .v = 0.2 * core::random_vec<3>(rng),
                               .w = 50.0 * core::random_vec<3>(rng), .radius = R, .mass = sphere_mass(mat, R)};
        ps.push_back(p);
      }
  contact::WorldParams<3> prm{.material = mat, .restitution = 0.7, .mu = 0.4};
  const contact::World<3, kHertzMindlin> world(ps, prm);
  EXPECT_EQ(world.constant_kinds(), kinds <= 16 ? kinds : 0u);  // a table of kinds, or per pair
  const auto x = world.initial_state();
  auto ws = world.workspace();
  const double dt = world.max_time_step() / 10.0;
  core::VecX a0, a1;
  world.evaluate_committing(x.q, x.v, a0, ws, 0.0);
  world.evaluate(x.q, x.v, a1, ws, dt);

  const double Es = contact::effective_youngs(mat, mat), Gs = contact::effective_shear(mat, mat);
  const double alpha = contact::tsuji_alpha(prm.restitution, prm.end);
  const std::size_t m = ps.size();
  std::vector<core::Vec3> F0(m, core::Vec3::Zero()), T0 = F0, F1 = F0, T1 = F0;
  std::size_t contacts = 0;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 1; j < m; ++j) {
      const core::Vec3 d = ps[i].x - ps[j].x;
      const double r = d.norm(), rs = ps[i].radius + ps[j].radius;
      if (r >= rs) continue;
      ++contacts;
      const double Rs = ps[i].radius * ps[j].radius / rs, ms = ps[i].mass * ps[j].mass / (ps[i].mass + ps[j].mass);
      contact::PairConstants c;
      c.k = 4.0 / 3.0 * Es * std::sqrt(Rs);  // Hertz (Johnson 1985 §4.2)
      c.eta = alpha * std::sqrt(ms * c.k);   // Tsuji 1992
      c.kt = 8.0 * Gs * std::sqrt(Rs);       // Mindlin 1949
      contact::TangentialHistory<3, false> h0, h1, h2;
      core::Vec3 f, ti, tj;
      contact::granular_force<3, NormalModel::hertz, TangentialModel::mindlin, true, true>(
          core::Vec3(d / r), r - rs, ps[i].v - ps[j].v, ps[i].radius, ps[i].w, ps[j].radius, ps[j].w, c, prm.mu, prm.end, h0, 0.0, f, ti, tj, h1);
      F0[i] += f, F0[j] -= f, T0[i] += ti, T0[j] += tj;
      contact::granular_force<3, NormalModel::hertz, TangentialModel::mindlin, true, true>(
          core::Vec3(d / r), r - rs, ps[i].v - ps[j].v, ps[i].radius, ps[i].w, ps[j].radius, ps[j].w, c, prm.mu, prm.end, h1, dt, f, ti, tj, h2);
      F1[i] += f, F1[j] -= f, T1[i] += ti, T1[j] += tj;
    }
  ASSERT_GT(contacts, m);  // dense: more than one contact per sphere
  auto check = [&](const core::VecX& a, const std::vector<core::Vec3>& F, const std::vector<core::Vec3>& T, const char* when) {
    double fs = 0.0, ts = 0.0;
    for (std::size_t i = 0; i < m; ++i) fs = std::max(fs, F[i].norm() / ps[i].mass), ts = std::max(ts, T[i].norm() / world.moment_of_inertia(i));
    for (std::size_t i = 0; i < m; ++i) {
      const auto I = static_cast<Eigen::Index>(3 * i), J = static_cast<Eigen::Index>(3 * m + 3 * i);
      ASSERT_LE((a.segment<3>(I) - F[i] / ps[i].mass).norm(), 1e-12 * fs) << when << " particle " << i;
      ASSERT_LE((a.segment<3>(J) - T[i] / world.moment_of_inertia(i)).norm(), 1e-12 * ts) << when << " particle " << i;
    }
  };
  check(a0, F0, T0, "t = 0");  // no spring yet (ξ = 0, x_t = 0): no torque at all
  check(a1, F1, T1, "t = dt");
  // the springs' torques at Δt are not the t = 0 ones: the committed history was used
  double dT = 0.0;
  for (std::size_t i = 0; i < m; ++i) dT = std::max(dT, (T1[i] - T0[i]).norm());
  EXPECT_GT(dT, 0.0);
}

TEST(HertzMindlin, WorldEqualsAPlainSumWithOneKind) { expect_world_equals_plain_sum(1); }
TEST(HertzMindlin, WorldEqualsAPlainSumWithConstantsByKind) { expect_world_equals_plain_sum(3); }
TEST(HertzMindlin, WorldEqualsAPlainSumWithConstantsPerPair) { expect_world_equals_plain_sum(40); }

}  // namespace
