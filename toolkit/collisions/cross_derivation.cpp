#include "toolkit/collisions/cross_derivation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/frictionless.hpp"
#include "toolkit/collisions/garwin.hpp"
#include "toolkit/collisions/rigid_body.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::collisions {
namespace {

using core::random_unit;
using core::random_vec;
using core::uniform;

double inf_norm(const auto& v) { return v.cwiseAbs().maxCoeff(); }

/// A random orthonormal frame (t, n, k = t ^ n): the plane of seed 004 seen in 3D, with its x
/// axis along t, its y axis along the normal n and the page's z axis along k.
struct Frame {
  core::Vec3 t, n, k;
};
Frame random_frame(core::Rng& rng) {
  const core::Vec3 n = random_unit<3>(rng);
  core::Vec3 t = random_vec<3>(rng);
  t = (t - t.dot(n) * n).normalized();
  return {t, n, t.cross(n)};
}

/// A random ball of seed 004 (vy < 0) and its parameters with alpha = 2/5 (solid ball, as seed 001).
struct BallCase {
  BallState s;
  double mu, gamma, R;
};
BallCase random_ball(core::Rng& rng, bool spin) {
  BallCase c;
  c.R = uniform(rng, 0.1, 2.0);
  c.s = {uniform(rng, -1.0, 1.0), -uniform(rng, 0.01, 1.0), spin ? uniform(rng, -1.0, 1.0) / c.R : 0.0};
  c.mu = uniform(rng, 0.0, 1.0);
  c.gamma = uniform(rng, 0.0, 1.0);
  return c;
}

template <int N>
double seed000_system_vs_closed_form_n(core::Rng& rng) {
  const double m1 = uniform(rng, 0.1, 10.0), m2 = uniform(rng, 0.1, 10.0), e = uniform(rng, 0.0, 1.0);
  const core::Vec<N> v1 = random_vec<N>(rng), v2 = random_vec<N>(rng);
  core::Vec<N> c1c2 = random_unit<N>(rng);
  if ((v1 - v2).dot(c1c2) < 0.0) c1c2 = -c1c2;  // approaching
  const auto a = frictionless_linear_system<N>(m1, v1, m2, v2, c1c2, e);
  const auto b = frictionless_closed_form<N>(m1, v1, m2, v2, c1c2, e);
  const double scale = std::max(inf_norm(v1), inf_norm(v2));
  return std::max(inf_norm(a.v1 - b.v1), inf_norm(a.v2 - b.v2)) / scale;
}
double seed000_system_vs_closed_form(core::Rng& rng) {
  return std::max(seed000_system_vs_closed_form_n<2>(rng), seed000_system_vs_closed_form_n<3>(rng));
}

// seed 002 with the contact point on the line of centres (r_i parallel to n, so r ^ n = 0) against
// seed 000's linear system. seed 000's N = C1C2 points from 1 to 2, seed 002's n from 2 into 1: n = -N.
double seed002_vs_seed000(core::Rng& rng) {
  const double e = uniform(rng, 0.0, 1.0);
  double worst = 0.0;
  {  // 2D
    const core::Vec2 N = random_unit<2>(rng);
    RigidBody2 b1{uniform(rng, 0.1, 10.0), uniform(rng, 0.1, 10.0), random_vec<2>(rng), uniform(rng, -1.0, 1.0)};
    RigidBody2 b2{uniform(rng, 0.1, 10.0), uniform(rng, 0.1, 10.0), random_vec<2>(rng), uniform(rng, -1.0, 1.0)};
    if ((b1.velocity - b2.velocity).dot(N) < 0.0) std::swap(b1.velocity, b2.velocity);
    const double R1 = uniform(rng, 0.1, 2.0), R2 = uniform(rng, 0.1, 2.0);
    const auto r = rigid_body_collision(b1, core::Vec2(R1 * N), b2, core::Vec2(-R2 * N), core::Vec2(-N), e);
    const auto s = frictionless_linear_system<2>(b1.mass, b1.velocity, b2.mass, b2.velocity, N, e);
    const double scale = std::max(inf_norm(b1.velocity), inf_norm(b2.velocity));
    worst = std::max({worst, inf_norm(r.b1.velocity - s.v1) / scale, inf_norm(r.b2.velocity - s.v2) / scale,
                      std::abs(r.b1.omega - b1.omega) * R1 / scale, std::abs(r.b2.omega - b2.omega) * R2 / scale});
  }
  {  // 3D, general inertia tensors (symmetric positive definite)
    const core::Vec3 N = random_unit<3>(rng);
    auto tensor = [&] {
      Eigen::Matrix3d A;
      for (int i = 0; i < 9; ++i) A(i / 3, i % 3) = uniform(rng, -1.0, 1.0);
      return Eigen::Matrix3d(A * A.transpose() + 0.1 * Eigen::Matrix3d::Identity());
    };
    RigidBody3 b1{uniform(rng, 0.1, 10.0), tensor(), random_vec<3>(rng), random_vec<3>(rng)};
    RigidBody3 b2{uniform(rng, 0.1, 10.0), tensor(), random_vec<3>(rng), random_vec<3>(rng)};
    if ((b1.velocity - b2.velocity).dot(N) < 0.0) std::swap(b1.velocity, b2.velocity);
    const double R1 = uniform(rng, 0.1, 2.0), R2 = uniform(rng, 0.1, 2.0);
    const auto r = rigid_body_collision(b1, core::Vec3(R1 * N), b2, core::Vec3(-R2 * N), core::Vec3(-N), e);
    const auto s = frictionless_linear_system<3>(b1.mass, b1.velocity, b2.mass, b2.velocity, N, e);
    const double scale = std::max(inf_norm(b1.velocity), inf_norm(b2.velocity));
    worst = std::max({worst, inf_norm(r.b1.velocity - s.v1) / scale, inf_norm(r.b2.velocity - s.v2) / scale,
                      inf_norm(r.b1.omega - b1.omega) * R1 / scale, inf_norm(r.b2.omega - b2.omega) * R2 / scale});
  }
  return worst;
}

// seed 001 §E.1 obstacle (plane of normal n into the ball) against seed 004 with alpha = 2/5, omega = 0.
double e1_obstacle_vs_seed004(core::Rng& rng) {
  const BallCase c = random_ball(rng, false);
  const Frame f = random_frame(rng);
  const core::Vec3 v = c.s.vx * f.t + c.s.vy * f.n;
  const auto a = coulomb_sphere_obstacle(v, f.n, CoulombParams{c.mu, c.gamma});
  const auto b = ball_bounce(c.s, BallParams{c.mu, c.gamma, 0.4, c.R});
  const core::Vec3 vb = b.after.vx * f.t + b.after.vy * f.n;
  return inf_norm(a.v1 - vb) / inf_norm(v);
}

// seed 001 §F obstacle against seed 004 with alpha = 2/5 and any omega. Seed 004's omega is
// clockwise in the (t, n) page, i.e. omega_3D = -omega k with k = t ^ n.
double f_obstacle_vs_seed004(core::Rng& rng) {
  const BallCase c = random_ball(rng, true);
  const Frame f = random_frame(rng);
  const SpinningSphere s{1.0, c.R, c.s.vx * f.t + c.s.vy * f.n, -c.s.omega * f.k};
  const auto a = spinning_sphere_obstacle(s, f.n, CoulombParams{c.mu, c.gamma});
  const auto b = ball_bounce(c.s, BallParams{c.mu, c.gamma, 0.4, c.R});
  const core::Vec3 vb = b.after.vx * f.t + b.after.vy * f.n;
  const core::Vec3 wb = -b.after.omega * f.k;
  const double scale = std::max(inf_norm(s.velocity), c.R * inf_norm(s.omega));
  return std::max(inf_norm(a.b1.velocity - vb), c.R * inf_norm(a.b1.omega - wb)) / scale;
}

// seed 001 §E.1 two bodies with m2 = 1e15 m1, v2 = 0 against the obstacle formulas: the exact
// difference is of order m1/m2 = 1e-15, below the 1e-12 target.
double e1_two_body_vs_obstacle(core::Rng& rng) {
  const double m1 = uniform(rng, 0.1, 10.0);
  const CoulombParams p{uniform(rng, 0.0, 1.0), uniform(rng, 0.0, 1.0)};
  const core::Vec3 n = random_unit<3>(rng);
  core::Vec3 v1 = random_vec<3>(rng);
  if (v1.dot(n) > 0.0) v1 = -v1;
  const auto a = coulomb_spheres(m1, v1, 1e15 * m1, core::Vec3::Zero(), n, p);
  const auto b = coulomb_sphere_obstacle(v1, n, p);
  return std::max(inf_norm(a.v1 - b.v1), inf_norm(a.v2)) / inf_norm(v1);
}

// seed 004: slip branch (eqs. (5), 7) evaluated at mu = mu_e (eq. (10)) against the stick branch (eq. (8)).
double seed004_slip_at_mu_e_vs_stick(core::Rng& rng) {
  BallCase c = random_ball(rng, true);
  BallParams p{0.0, c.gamma, uniform(rng, 0.1, 1.0), c.R};
  p.mu = mu_e(c.s, p);
  const BallState a = ball_slip(c.s, p), b = ball_stick(c.s, p);
  const double scale = std::max({std::abs(c.s.vx), std::abs(c.s.vy), c.R * std::abs(c.s.omega)});
  return std::max({std::abs(a.vx - b.vx), std::abs(a.vy - b.vy), c.R * std::abs(a.omega - b.omega)}) / scale;
}

// Garwin's tangential restitution with e_x = 0 against seed 004's stick branch.
double garwin_zero_vs_stick(core::Rng& rng) {
  const BallCase c = random_ball(rng, true);
  const double alpha = uniform(rng, 0.1, 1.0);
  const BallState a = garwin_bounce(c.s, GarwinParams{0.0, c.gamma, alpha, c.R}).after;
  const BallState b = ball_stick(c.s, BallParams{c.mu, c.gamma, alpha, c.R});
  const double scale = std::max({std::abs(c.s.vx), std::abs(c.s.vy), c.R * std::abs(c.s.omega)});
  return std::max({std::abs(a.vx - b.vx), std::abs(a.vy - b.vy), c.R * std::abs(a.omega - b.omega)}) / scale;
}

// seed 004 on a plane inclined by phi (eq. (12), T P T^-1) against the same bounce computed by
// seed 001 §F on a 3D plane of normal (-sin phi, cos phi, 0).
double seed004_inclined_vs_f_obstacle(core::Rng& rng) {
  const double phi = uniform(rng, -std::numbers::pi / 2.0, std::numbers::pi / 2.0);
  const core::Vec3 t(std::cos(phi), std::sin(phi), 0.0), n(-std::sin(phi), std::cos(phi), 0.0);
  BallCase c = random_ball(rng, true);
  const BallState world{c.s.vx * t.x() + c.s.vy * n.x(), c.s.vx * t.y() + c.s.vy * n.y(), c.s.omega};
  const auto a = ball_bounce_inclined(world, BallParams{c.mu, c.gamma, 0.4, c.R}, phi);
  const SpinningSphere s{1.0, c.R, core::Vec3(world.vx, world.vy, 0.0), core::Vec3(0.0, 0.0, -world.omega)};
  const auto b = spinning_sphere_obstacle(s, n, CoulombParams{c.mu, c.gamma});
  const double scale = std::max({std::abs(world.vx), std::abs(world.vy), c.R * std::abs(world.omega)});
  return std::max({std::abs(a.after.vx - b.b1.velocity.x()), std::abs(a.after.vy - b.b1.velocity.y()),
                   c.R * std::abs(a.after.omega + b.b1.omega.z())}) /
         scale;
}

constexpr std::array<CrossCheck, 8> kChecks{{
    {"seed000-system=closed-form", "seed 000 A U = B (eqs. (8)–(15)), 2D and 3D", "closed-form normal impulse",
     seed000_system_vs_closed_form},
    {"seed002(rxn=0)=seed000", "seed 002 J, r parallel to n, 2D and 3D", "seed 000 A U = B", seed002_vs_seed000},
    {"E1-obstacle=seed004(w=0)", "seed 001 §E.1 obstacle", "seed 004, alpha = 2/5, omega = 0", e1_obstacle_vs_seed004},
    {"F-obstacle=seed004", "seed 001 §F obstacle", "seed 004, alpha = 2/5, any omega", f_obstacle_vs_seed004},
    {"E1-two-body(m2=1e15 m1)=obstacle", "seed 001 §E.1 two bodies, m2/m1 = 1e15", "seed 001 §E.1 obstacle",
     e1_two_body_vs_obstacle},
    {"seed004-slip(mu_e)=stick", "seed 004 slip at mu = mu_e (eq. (10))", "seed 004 stick (eq. (8))",
     seed004_slip_at_mu_e_vs_stick},
    {"garwin(e_x=0)=stick", "Garwin 1969, e_x = 0", "seed 004 stick (eq. (8))", garwin_zero_vs_stick},
    {"seed004-inclined=F-obstacle", "seed 004 T P T^-1 (eq. (12))", "seed 001 §F obstacle on the inclined plane",
     seed004_inclined_vs_f_obstacle},
}};

}  // namespace

std::span<const CrossCheck> cross_checks() { return kChecks; }

double max_discrepancy(const CrossCheck& check, std::size_t cases, std::uint64_t seed) {
  core::Rng rng(seed);
  double worst = 0.0;
  for (std::size_t i = 0; i < cases; ++i) worst = std::max(worst, check.discrepancy(rng));
  return worst;
}

}  // namespace verisim::collisions
