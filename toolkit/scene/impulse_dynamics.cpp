// ImpulseWorld's dynamics: the accelerations of every object (field and mutual forces through each
// object's constraint), the round bodies' coordinates, the spherical pendulums' change of chart.
#include "toolkit/scene/impulse_world.hpp"

#include "toolkit/models/inverse_square.hpp"

namespace verisim::scene {

double ImpulseWorld::coupling(const Mutual& m, std::size_t i, std::size_t j) const {
  return m.coulomb ? models::coulomb_coupling(m.constant, charges_[i], charges_[j])
                   : models::gravity_coupling(m.constant, masses_[i], masses_[j]);
}

void ImpulseWorld::world_kinematics(const core::VecX& q, const core::VecX& v, ImpulseWorkspace& ws) const {
  auto& x_ = ws.x;
  auto& w_ = ws.w;
  for (const auto& p : points_) {
    x_[p.index] = q.segment<3>(p.off);
    w_[p.index] = v.segment<3>(p.off);
  }
  for (const auto& s : springs_) {
    const core::Vec1 E(q[s.off]), Ed(v[s.off]);
    x_[s.index] = s.o.position(E);
    w_[s.index] = s.o.velocity(E, Ed);
  }
  for (const auto& s : pendulums_) {
    const core::Vec1 E(q[s.off]), Ed(v[s.off]);
    x_[s.index] = s.o.position(E) + s.support * s.support_law.value(ws.t);  // the pivot at O + S s(t)
    w_[s.index] = s.o.velocity(E, Ed) + s.support * s.support_law.rate(ws.t);
  }
  for (std::size_t j = 0; j < sphericals_.size(); ++j) {
    const auto& s = sphericals_[j];
    const models::SphereSurface& chart = ws.charts[j];  // the run's current chart
    const core::Vec2 E = q.segment<2>(s.off), Ed = v.segment<2>(s.off);
    x_[s.index] = chart.position(E);
    w_[s.index] = chart.velocity(E, Ed);
  }
  for (const auto& r : rounds_) {
    x_[r.index] = round_center(r, q);
    w_[r.index] = round_velocity(r, v);
  }
  for (const auto& b : boxes_) {
    x_[b.index] = core::Vec3(q[b.off], q[b.off + 1], 0.0);
    w_[b.index] = core::Vec3(v[b.off], v[b.off + 1], 0.0);
  }
}

void ImpulseWorld::mutual_forces(ImpulseWorkspace& ws) const {
  const auto& x_ = ws.x;
  auto& fm_ = ws.fm;
  for (auto& f : fm_) f.setZero();
  for (const auto& m : mutual_) {
    for (std::size_t a = 0; a < m.on.size(); ++a)
      for (std::size_t b = a + 1; b < m.on.size(); ++b) {
        const std::size_t i = m.on[a], j = m.on[b];
        // force on i: C d/|d|³, d = xᵢ − xⱼ, C = −G mᵢ mⱼ (Newton) or k qᵢ qⱼ (Coulomb): models/inverse_square.hpp
        const core::Vec3 f = models::inverse_square_force<core::Vec3>(x_[i] - x_[j], coupling(m, i, j));
        fm_[i] += f;
        fm_[j] -= f;
      }
  }
}

double ImpulseWorld::mutual_potential(const ImpulseWorkspace& ws) const {
  const auto& x_ = ws.x;
  double V = 0.0;
  for (const auto& m : mutual_)
    for (std::size_t a = 0; a < m.on.size(); ++a)
      for (std::size_t b = a + 1; b < m.on.size(); ++b) {
        const std::size_t i = m.on[a], j = m.on[b];
        V += models::inverse_square_potential<core::Vec3>(x_[i] - x_[j], coupling(m, i, j));  // C/|d|
      }
  return V;
}

void ImpulseWorld::acceleration(const core::VecX& q, const core::VecX& v, core::VecX& a, double t,
                                ImpulseWorkspace& ws) const {
  ws.t = t;
  const bool mutual = !mutual_.empty();
  const auto& fm_ = ws.fm;
  if (mutual) {
    world_kinematics(q, v, ws);
    mutual_forces(ws);
  }
  // f = C.evolution(t, E, Ė, F, m) with F the field forces plus the mutual ones (seed 001 §2)
  for (const auto& p : points_) {
    const core::Vec3 E = q.segment<3>(p.off), Ed = v.segment<3>(p.off);
    core::Vec3 F = p.o.external_force(E, Ed, t);
    if (mutual) F += fm_[p.index];
    a.segment<3>(p.off) = p.o.constraint.evolution(t, E, Ed, F, p.o.mass);
  }
  for (const auto& s : springs_) {
    const core::Vec1 E(q[s.off]), Ed(v[s.off]);
    core::Vec3 F = s.o.external_force(E, Ed, t);
    if (mutual) F += fm_[s.index];
    a[s.off] = s.o.constraint.evolution(t, E, Ed, F, s.o.mass)[0];
  }
  for (const auto& s : pendulums_) {
    const core::Vec1 E(q[s.off]), Ed(v[s.off]);
    core::Vec3 F;
    if (s.support == core::Vec3::Zero()) {
      F = s.o.external_force(E, Ed, t);
    } else {  // a moving pivot: the forces at the world position and velocity, and in the pivot's frame the
              // inertial force −m Ö(t), Ö = S s̈(t) (d'Alembert; any mechanics text, e.g. Landau & Lifshitz §39)
      const core::Vec3 x = s.o.position(E) + s.support * s.support_law.value(t),
                       w = s.o.velocity(E, Ed) + s.support * s.support_law.rate(t);
      F = s.o.forces.force(x, w, s.o.mass, s.o.charge, t) - s.o.mass * s.support_law.second_rate(t) * s.support;
    }
    if (mutual) F += fm_[s.index];
    a[s.off] = s.o.constraint.evolution(t, E, Ed, F, s.o.mass)[0];
  }
  for (const auto& r : relaxations_) a[r.off] = r.r.rate(t, v[r.off]);  // Ė = f(t, E), E in the velocity slot
  for (std::size_t j = 0; j < sphericals_.size(); ++j) {
    const auto& s = sphericals_[j];
    const models::SphereSurface& chart = ws.charts[j];  // the run's current chart
    const core::Vec2 E = q.segment<2>(s.off), Ed = v.segment<2>(s.off);
    core::Vec3 F = s.o.forces.force(chart.position(E), chart.velocity(E, Ed), s.o.mass, s.o.charge, t);
    if (mutual) F += fm_[s.index];
    a.segment<2>(s.off) = chart.evolution(t, E, Ed, F, s.o.mass);
  }
  for (const auto& r : rounds_) {
    const core::Vec3 x = round_center(r, q), w = round_velocity(r, v);
    core::Vec3 F = r.o.forces.force(x, w, r.o.mass, r.o.charge, t);
    if (mutual) F += fm_[r.index];
    const core::Vec3 acc = r.o.constraint.evolution(t, x, w, F, r.o.mass);  // F/m; no torque: ω̇ = 0
    if (r.planar) {  // the plane z = 0 takes the z component (its reaction)
      a[r.off] = acc.x();
      a[r.off + 1] = acc.y();
      a[r.off + 2] = 0.0;
    } else {
      a.segment<3>(r.off) = acc;
      a.segment<3>(r.off + 3).setZero();
    }
  }
  for (const auto& b : boxes_) {
    const core::Vec3 x(q[b.off], q[b.off + 1], 0.0), w(v[b.off], v[b.off + 1], 0.0);
    const core::Vec3 acc = b.o.constraint.evolution(t, x, w, b.o.forces.force(x, w, b.o.mass, b.o.charge, t), b.o.mass);
    a[b.off] = acc.x();
    a[b.off + 1] = acc.y();
    a[b.off + 2] = 0.0;  // uniform fields exert no torque about the centre of mass
  }
  if (!ws.resting.empty()) apply_reactions(q, v, a, ws);
}

bool ImpulseWorld::rechart(State& x, ImpulseWorkspace& ws) const {
  bool any = false;
  for (std::size_t j = 0; j < sphericals_.size(); ++j) {
    const auto& s = sphericals_[j];
    core::PhaseState<core::Vec2> e{x.q.segment<2>(s.off), x.v.segment<2>(s.off)};
    if (ws.charts[j].remap(e)) {  // models/sphere_surface.hpp: the other chart, same world position and velocity
      x.q.segment<2>(s.off) = e.q;
      x.v.segment<2>(s.off) = e.v;
      any = true;
    }
  }
  return any;
}

core::Vec3 ImpulseWorld::bob_position(const Bob& b, const core::VecX& q) const {
  const core::Vec1 E(q[b.off]);
  return b.spring ? springs_[b.slot].o.position(E) : pendulums_[b.slot].o.position(E);
}
core::Vec3 ImpulseWorld::bob_tangent(const Bob& b, const core::VecX& q) const {
  const core::Vec1 E(q[b.off]), one(1.0);
  return b.spring ? springs_[b.slot].o.velocity(E, one) : pendulums_[b.slot].o.velocity(E, one);  // linear in Ė
}

core::Vec3 ImpulseWorld::round_center(const Round& r, const core::VecX& q) const {
  return r.planar ? core::Vec3(q[r.off], q[r.off + 1], 0.0) : core::Vec3(q.segment<3>(r.off));
}
core::Vec3 ImpulseWorld::round_velocity(const Round& r, const core::VecX& v) const {
  return r.planar ? core::Vec3(v[r.off], v[r.off + 1], 0.0) : core::Vec3(v.segment<3>(r.off));
}
core::Vec3 ImpulseWorld::round_omega(const Round& r, const core::VecX& v) const {
  return r.planar ? core::Vec3(0.0, 0.0, v[r.off + 2]) : core::Vec3(v.segment<3>(r.off + 3));
}
double ImpulseWorld::round_kinetic(const Round& r, const core::VecX& v) const {
  const double I = r.alpha * r.o.mass * r.radius * r.radius;  // I = α m R²
  return 0.5 * r.o.mass * round_velocity(r, v).squaredNorm() + 0.5 * I * round_omega(r, v).squaredNorm();
}
void ImpulseWorld::set_round(const Round& r, core::VecX& v, const core::Vec3& vel, const core::Vec3& omega) const {
  if (r.planar) {  // the plane keeps the motion in z = 0 (its reaction takes the rest)
    v[r.off] = vel.x();
    v[r.off + 1] = vel.y();
    v[r.off + 2] = omega.z();
  } else {
    v.segment<3>(r.off) = vel;
    v.segment<3>(r.off + 3) = omega;
  }
}
void ImpulseWorld::translate_round(const Round& r, core::VecX& q, const core::Vec3& d) const {
  q[r.off] += d.x();
  q[r.off + 1] += d.y();
  if (!r.planar) q[r.off + 2] += d.z();
}


geometry::Rectangle ImpulseWorld::box_rectangle(const Box& b, const core::VecX& q) const {
  return {core::Vec2(q[b.off], q[b.off + 1]), q[b.off + 2], b.width, b.height};
}

}  // namespace verisim::scene
