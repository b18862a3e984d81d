// One impact on verisim's particle world with the Hertz–Mindlin laws (impact_run.hpp).
#include "experiments/studies/impact_run.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/world.hpp"

namespace verisim::experiments {

namespace {

constexpr contact::Laws kImpactLaws{.damping = true, .friction = true, .normal = contact::NormalModel::hertz,
                                    .tangential = contact::TangentialModel::mindlin};
using ImpactWorld = contact::World<3, kImpactLaws>;

double sphere_mass(const contact::Material& m, double R) { return contact::sphere_mass(R, m.density); }

// The gap of the contact (negative: overlap) and its normal, from j to i.
double gap(const reference::problems::ChungOoiImpact& s, const ImpactWorld& w, const core::VecX& q) {
  if (s.plane) return w.position(q, 0).z() - s.Ri;
  return (w.position(q, 0) - w.position(q, 1)).norm() - s.Ri - s.Rj;
}

// Parabola through (−1, a), (0, b), (1, c): its maximum.
double vertex(double a, double b, double c) {
  const double den = a - 2.0 * b + c;
  if (!(den < 0.0)) return b;
  const double x = 0.5 * (a - c) / den;
  return b - 0.25 * (a - c) * x;
}

}  // namespace

double hertz_duration(const reference::problems::ChungOoiImpact& s) {
  const double mi = sphere_mass(s.mi, s.Ri);
  const double mj = sphere_mass(s.mj, s.Rj);
  const double v = (s.vj - s.vi).z();
  if (!(v > 0.0)) throw std::invalid_argument("impact: the spheres do not approach (v_i.z ≥ v_j.z)");
  const contact::HertzImpact h{s.plane ? contact::effective_youngs(s.mi, contact::kRigidPlane) : contact::effective_youngs(s.mi, s.mi),
                               s.plane ? s.Ri : contact::effective_radius(s.Ri, s.Rj), s.plane ? mi : mi * mj / (mi + mj), v};
  return h.duration();  // Johnson 1985 §11.4
}

ImpactOutcome run_impact(const reference::problems::ChungOoiImpact& s, double steps_per_contact, bool keep_curve, double tangential_damping) {
  const double tc = hertz_duration(s);
  const double dt = tc / steps_per_contact;
  std::vector<contact::Particle<3>> ps(s.plane ? 1 : 2);
  const double mi = sphere_mass(s.mi, s.Ri);
  // i starts a quarter step's travel above touching: the first touch falls inside a step
  const double gap0 = 0.25 * dt * (s.vj - s.vi).z();
  ps[0] = {.x = core::Vec3(0, 0, (s.plane ? s.Ri : s.Ri + s.Rj) + gap0), .v = s.vi, .w = s.wi,
           .radius = s.Ri, .mass = mi};
  if (!s.plane) ps[1] = {.x = core::Vec3::Zero(), .v = s.vj, .w = s.wj, .radius = s.Rj,
                       .mass = sphere_mass(s.mj, s.Rj)};
  contact::WorldParams<3> prm{.material = s.mi, .restitution = s.eps, .end = s.end, .mu = s.mu,
                              .tangential_damping = tangential_damping, .allow_large_time_step = true};
  contact::Walls walls;
  if (s.plane) walls.add(geometry::Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
  const ImpactWorld world(ps, prm, walls);
  auto state = world.initial_state();
  auto ws = world.workspace();
  auto probe = world.workspace();  // the normal force of a state: m_i a_i·n (history-free part)
  core::VecX a;
  ImpactOutcome out;
  out.dt = dt;
  out.energy_before = world.kinetic_energy(state);
  double prev_gap = gap(s, world, state.q), t_in = -1.0, t_out = -1.0;
  std::vector<double> gaps, forces;
  double t_prev = 0.0;
  contact::DefaultStepper stepper;
  const auto limit = static_cast<std::size_t>(20.0 * steps_per_contact);
  integrators::integrate_n_steps(stepper, world.system(ws), state, 0.0, dt, limit, [&](const auto& x, double t, std::size_t k) {
    const double g = gap(s, world, x.q);
    if (k > 0 && g < 0.0) {
      if (t_in < 0.0) t_in = t_prev + dt * prev_gap / (prev_gap - g);  // the zero crossing, linear
      world.evaluate(x.q, x.v, a, probe, t);
      const core::Vec3 n = s.plane ? core::Vec3::UnitZ() : core::Vec3((world.position(x.q, 0) - world.position(x.q, 1)).normalized());
      gaps.push_back(-g);
      forces.push_back(mi * core::Vec3(a.segment<3>(0)).dot(n));
      if (keep_curve) out.t.push_back(t - t_in), out.overlap.push_back(-g), out.force.push_back(forces.back());
    }
    const bool left = t_in >= 0.0 && g >= 0.0 && prev_gap < 0.0;
    if (left) t_out = t_prev + dt * prev_gap / (prev_gap - g);
    prev_gap = g;
    t_prev = t;
    out.steps = k;
    return left ? core::Observe::stop : core::Observe::proceed;
  });
  if (t_out < 0.0) throw std::runtime_error("impact: the contact did not end within 20 contact durations");
  out.duration = t_out - t_in;
  const auto peak = [](const std::vector<double>& y) {
    const auto it = std::max_element(y.begin(), y.end());
    const auto k = static_cast<std::size_t>(it - y.begin());
    return k == 0 || k + 1 == y.size() ? *it : vertex(y[k - 1], y[k], y[k + 1]);
  };
  out.max_overlap = peak(gaps);
  out.peak_force = peak(forces);
  out.v_i = world.velocity(state.v, 0);
  out.w_i = world.spin(state.v, 0);
  out.v_j = s.plane ? core::Vec3::Zero() : world.velocity(state.v, 1);
  out.w_j = s.plane ? core::Vec3::Zero() : world.spin(state.v, 1);
  out.energy_after = world.kinetic_energy(state);
  return out;
}

}  // namespace verisim::experiments
