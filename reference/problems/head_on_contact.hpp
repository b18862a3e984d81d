#pragma once
// Soft-contact scenarios of seed 003 with a closed-form answer, shared by the `contact` study
// (experiments/studies/contact_study.hpp) and tests/contact: a head-on collision of two discs,
// two spheres or a disc and a wall (restitution ε(η) and contact duration against
// reference/analytic/damped_contact.hpp), and the soft oblique impact of two spinning spheres
// against seed 001 §F's impulse law (toolkit/collisions/spinning_spheres.hpp).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <vector>

#include "reference/analytic/damped_contact.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"
#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/world.hpp"

namespace verisim::reference::problems {

/// A head-on collision of two discs (D = 2) or spheres (D = 3) of masses 1 and 3, radii 0.5 and 0.7
/// (m_eff = 3/4), or of a disc of mass 2 and radius 0.4 against a plane wall (`wall`); relative
/// approach speed 1, k_n = 10⁴, Δt = c π √(m_eff/k_n); the contact begins a fraction `phase` into a
/// step. Stepped by the default stepper (velocity Verlet).
struct HeadOnCase {
  int dim = 2;
  bool wall = false;
  double restitution = 1.0;
  contact::ContactEnd end = contact::ContactEnd::overlap;
  double step_factor = 0.001;  ///< c
  double phase = 0.0;
};
struct HeadOnOutcome {
  double restitution = 0.0;  ///< |relative normal velocity after/before|
  double t_start = 0.0;      ///< first zero of δ(t), linear interpolation between steps
  double t_end = 0.0;        ///< last zero of δ(t)
  double m_eff = 0.0, kn = 0.0;
  std::vector<double> t, overlap;  ///< −δ(t) at every step (filled when record = true)
};

namespace detail {

inline constexpr contact::Laws kNormalOnly{.damping = true, .friction = false};

template <int D>
HeadOnOutcome head_on(const HeadOnCase& c, bool record) {
  const double kn = 1e4, vi = 1.0;
  std::vector<contact::Particle<D>> ps;
  contact::Walls walls;
  double m_eff, radii;
  if (c.wall) {
    m_eff = 2.0, radii = 0.4;
    ps.resize(1);
    ps[0].mass = 2.0, ps[0].radius = 0.4;
  } else {
    m_eff = contact::effective_mass(1.0, 3.0), radii = 1.2;
    ps.resize(2);
    ps[0].mass = 1.0, ps[0].radius = 0.5;
    ps[1].mass = 3.0, ps[1].radius = 0.7;
  }
  const double dt = c.step_factor * std::numbers::pi * std::sqrt(m_eff / kn);
  const double gap = (1.0 + c.phase) * dt * vi;  // first touch a fraction `phase` into step 1
  if (c.wall) {
    ps[0].x[0] = 0.4 + gap;
    ps[0].v[0] = -vi;
    core::Vec3 n = core::Vec3::Zero();
    n[0] = 1.0;
    walls.add(geometry::Plane{core::Vec3::Zero(), n});
  } else {  // centre-of-mass frame
    ps[1].x[0] = radii + gap;
    ps[0].v[0] = vi * 3.0 / 4.0;
    ps[1].v[0] = -vi * 1.0 / 4.0;
  }
  contact::WorldParams<D> prm;
  prm.kn = kn, prm.restitution = c.restitution, prm.end = c.end, prm.step_factor = std::min(c.step_factor, 0.05);
  prm.allow_large_time_step = c.step_factor > 0.05;
  const contact::World<D, kNormalOnly> world(ps, prm, walls);
  auto s = world.initial_state();
  contact::DefaultStepper stepper;
  const double tc = std::numbers::pi * std::sqrt(m_eff / kn);
  const auto n = static_cast<std::size_t>(2.0 * tc / dt) + 10;
  HeadOnOutcome out;
  out.m_eff = m_eff, out.kn = kn;
  double prev_gap = 0.0, prev_t = 0.0;
  auto gap_of = [&](const core::PhaseState<core::VecX>& x) {
    return c.wall ? world.position(x.q, 0)[0] - 0.4 : (world.position(x.q, 1) - world.position(x.q, 0)).norm() - radii;
  };
  contact::integrate(stepper, world, s, 0.0, dt, n, [&](const core::PhaseState<core::VecX>& x, double t, std::size_t) {
    const double g = gap_of(x);
    if (t > 0.0 && (g < 0.0) != (prev_gap < 0.0)) {
      const double tz = prev_t + (t - prev_t) * prev_gap / (prev_gap - g);
      (g < 0.0 ? out.t_start : out.t_end) = tz;
    }
    if (record) out.t.push_back(t), out.overlap.push_back(-g);
    prev_gap = g, prev_t = t;
  });
  const double v_after = c.wall ? world.velocity(s.v, 0)[0] : (world.velocity(s.v, 1) - world.velocity(s.v, 0))[0];
  out.restitution = std::abs(v_after) / vi;
  return out;
}
}  // namespace detail

inline HeadOnOutcome simulate_head_on(const HeadOnCase& c, bool record = false) {
  return c.dim == 3 ? detail::head_on<3>(c, record) : detail::head_on<2>(c, record);
}

/// Largest difference (relative to the approach speed; spins × radius) between the soft oblique
/// impact of two spinning solid spheres (masses 1 and 2, radii 0.5 and 0.8, force end of contact,
/// restitution ε, Δt = c π √(m_eff/k_n) with c = 0.002, k_t at γ_t Δt = 0.5) and seed 001 §F's impulse
/// law at the normal of first touch, restitution α = ε_F.
inline double soft_vs_impulse_law(double kn, double mu, double eps) {
  const double m1 = 1.0, m2 = 2.0, R1 = 0.5, R2 = 0.8;
  const core::Vec3 w1(0.3, -0.2, 0.5), w2(-0.4, 0.1, 0.2);
  const core::Vec3 n = core::Vec3(1, 2, 2).normalized();         // into body 1 at first touch (seed 001 §E.1)
  const core::Vec3 tangent = core::Vec3(2, -1, 0).normalized();  // ⟂ n
  const core::Vec3 v1 = -0.5 * n + 0.6 * tangent, v2 = 0.5 * n;  // approach speed (v2 − v1)·n = 1
  const double t0 = 0.01;                            // time to first touch
  std::vector<contact::Particle<3>> ps(2);
  ps[0].mass = m1, ps[0].radius = R1, ps[0].v = v1, ps[0].w = w1;
  ps[1].mass = m2, ps[1].radius = R2, ps[1].v = v2, ps[1].w = w2;
  ps[1].x = -t0 * v2;
  ps[0].x = (R1 + R2) * n - t0 * v1;
  contact::WorldParams<3> prm;
  prm.kn = kn, prm.restitution = eps, prm.end = contact::ContactEnd::force, prm.mu = mu, prm.step_factor = 0.002;
  const double meff = contact::effective_mass(m1, m2);
  const double dt = contact::max_time_step(meff, kn, prm.step_factor);
  // tangential relaxation at a fixed fraction of the step: γ_t Δt = 0.5, γ_t = k_t (1/m_eff + R1²/I1 + R2²/I2)
  prm.kt = 0.5 / (dt * (1 / meff + 2.5 / m1 + 2.5 / m2));
  const contact::World<3> world(ps, prm);
  auto s = world.initial_state();
  contact::DefaultStepper stepper;
  const double tc = std::numbers::pi * std::sqrt(meff / kn);
  contact::integrate(stepper, world, s, 0.0, dt, static_cast<std::size_t>((t0 + 1.5 * tc) / dt));
  const double alpha = analytic::restitution_zero_force_from_zero_overlap(eps);
  const auto r = collisions::spinning_spheres({m1, R1, v1, w1}, {m2, R2, v2, w2}, n, {mu, alpha});
  double err = 0.0;
  err = std::max(err, (world.velocity(s.v, 0) - r.b1.velocity).norm());
  err = std::max(err, (world.velocity(s.v, 1) - r.b2.velocity).norm());
  err = std::max(err, R1 * (world.spin(s.v, 0) - r.b1.omega).norm());
  err = std::max(err, R2 * (world.spin(s.v, 1) - r.b2.omega).norm());
  return err;
}

}  // namespace verisim::reference::problems
