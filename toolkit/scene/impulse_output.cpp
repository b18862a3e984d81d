// ImpulseWorld's observation (at samples, out of the step loop's hot path): energies, momenta, the
// rows of trajectory.csv and energy.csv.
#include "toolkit/scene/impulse_world.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "toolkit/scene/object_kinds.hpp"
#include "toolkit/core/checkpoint.hpp"

namespace verisim::scene {

double ImpulseWorld::kinetic_energy(const State& x, ImpulseWorkspace& ws) const {
  world_kinematics(x.q, x.v, ws);
  const auto& w_ = ws.w;
  double T = 0.0;
  for (std::size_t i = 0; i < masses_.size(); ++i) T += 0.5 * masses_[i] * w_[i].squaredNorm();
  for (const auto& r : rounds_) T += 0.5 * r.alpha * r.o.mass * r.radius * r.radius * round_omega(r, x.v).squaredNorm();
  for (const auto& b : boxes_) T += 0.5 * b.inertia * x.v[b.off + 2] * x.v[b.off + 2];
  for (const auto& p : pendulums_) {  // a rigid body's rotation about its centre of mass: ½ I_cm θ̇² (König)
    const auto& c = p.o.constraint;
    T += 0.5 * (c.inertia_ratio - 1.0) * p.o.mass * c.L * c.L * x.v[p.off] * x.v[p.off];
  }
  return T;
}

double ImpulseWorld::potential_energy(const State& x, double t, ImpulseWorkspace& ws) const {
  ws.t = t;
  world_kinematics(x.q, x.v, ws);
  const auto& x_ = ws.x;
  double V = mutual_potential(ws);
  for (const auto& p : points_) V += p.o.forces.potential(x_[p.index], p.o.mass, p.o.charge, t);
  for (const auto& s : springs_)
    V += s.o.forces.potential(x_[s.index], s.o.mass, s.o.charge, t) + s.o.constraint.internal_potential(core::Vec1(x.q[s.off]));
  for (const auto& s : pendulums_) V += s.o.forces.potential(x_[s.index], s.o.mass, s.o.charge, t);
  for (const auto& s : sphericals_) V += s.o.forces.potential(x_[s.index], s.o.mass, s.o.charge, t);
  for (const auto& r : rounds_) V += r.o.forces.potential(x_[r.index], r.o.mass, r.o.charge, t);
  for (const auto& b : boxes_) V += b.o.forces.potential(x_[b.index], b.o.mass, b.o.charge, t);
  return V;
}

core::Vec3 ImpulseWorld::momentum(const State& x, ImpulseWorkspace& ws) const {
  world_kinematics(x.q, x.v, ws);
  const auto& w_ = ws.w;
  core::Vec3 P = core::Vec3::Zero();
  for (std::size_t i = 0; i < masses_.size(); ++i) P += masses_[i] * w_[i];
  return P;
}

core::Vec3 ImpulseWorld::angular_momentum(const State& x, ImpulseWorkspace& ws) const {
  world_kinematics(x.q, x.v, ws);
  const auto& x_ = ws.x;
  const auto& w_ = ws.w;
  core::Vec3 L = core::Vec3::Zero();
  for (std::size_t i = 0; i < masses_.size(); ++i) L += masses_[i] * x_[i].cross(w_[i]);
  for (const auto& r : rounds_) L += r.alpha * r.o.mass * r.radius * r.radius * round_omega(r, x.v);  // spin I ω
  for (const auto& b : boxes_) L += core::Vec3(0.0, 0.0, b.inertia * x.v[b.off + 2]);
  return L;
}

/// m (x − O) × v of spherical pendulum j, in the run's current chart (models::Object::angular_momentum).
core::Vec3 ImpulseWorld::spherical_momentum(std::size_t j, const State& x, const ImpulseWorkspace& ws) const {
  const auto& s = sphericals_[j];
  const models::SphereSurface& chart = ws.charts[j];
  const core::Vec2 E = x.q.segment<2>(s.off), Ed = x.v.segment<2>(s.off);
  return s.o.mass * (chart.position(E) - chart.O).cross(chart.velocity(E, Ed));
}

std::vector<std::string> ImpulseWorld::trajectory_header() const {
  std::vector<std::string> h;
  core::Pacer pacer;  // a stop signal is seen every ~0.1 s (toolkit/core/checkpoint.hpp)
  for (const ObjectSpec& o : scene_.objects) {  // the kind's columns (object_kinds.hpp)
    pacer.checkpoint();
    const ObjectKind& k = kind_of(o.type);
    if (o.type == ObjectType::particle) continue;  // the soft-contact world's (soft_world.hpp)
    for (const auto c : k.lead) h.push_back(o.name + "." + std::string(c));
    if (k.world)
      for (const char* c : {"x", "y", "z", "vx", "vy", "vz"}) h.push_back(o.name + "." + c);
    for (const auto c : k.trail) h.push_back(o.name + "." + std::string(c));
  }
  return h;
}

void ImpulseWorld::trajectory_row(const State& x, std::vector<double>& row, ImpulseWorkspace& ws) const {
  row.clear();
  world_kinematics(x.q, x.v, ws);
  const auto &x_ = ws.x, &w_ = ws.w;
  // object i's own coordinates (its kind's lead, then trail, columns), found in the vector that steps
  // it (few objects; out of the hot path)
  auto own = [&](std::size_t i, std::array<double, 6>& out) -> std::size_t {
    if (scene_.objects[i].planar()) {  // x, y, θ and their rates
      for (Eigen::Index k = 0; k < static_cast<Eigen::Index>(owner_.size()); ++k)
        if (owner_[static_cast<std::size_t>(k)] == i) {
          out = {x.q[k], x.q[k + 1], x.q[k + 2], x.v[k], x.v[k + 1], x.v[k + 2]};
          return 6;
        }
      return 0;
    }
    for (const auto& s : springs_)
      if (s.index == i) return out[0] = x.q[s.off], out[1] = x.v[s.off], 2;
    for (const auto& s : pendulums_)
      if (s.index == i) return out[0] = x.q[s.off], out[1] = x.v[s.off], 2;
    for (const auto& s : relaxations_)
      if (s.index == i) return out[0] = x.v[s.off], out[1] = x.q[s.off], 2;  // E, ∫E dt
    for (const auto& s : sphericals_)
      if (s.index == i) {
        const core::PhaseState<core::Vec2> e = s.seed_chart.coordinates(x_[i], w_[i]);  // in the seed's chart
        out[0] = e.q[0], out[1] = e.q[1], out[2] = e.v[0], out[3] = e.v[1];
        return 4;
      }
    for (const auto& r : rounds_)
      if (r.index == i) return out[0] = x.v[r.off + 3], out[1] = x.v[r.off + 4], out[2] = x.v[r.off + 5], 3;  // spin
    return 0;
  };
  std::array<double, 6> values{};
  for (std::size_t i = 0; i < scene_.objects.size(); ++i) {  // laid out as the kind's columns (object_kinds.hpp)
    const ObjectKind& kind = kind_of(scene_.objects[i].type);
    if (scene_.objects[i].type == ObjectType::particle) continue;
    const std::size_t count = own(i, values), lead = std::min(kind.lead.size(), count);
    row.insert(row.end(), values.begin(), values.begin() + static_cast<std::ptrdiff_t>(lead));
    if (kind.world) {
      for (int c = 0; c < 3; ++c) row.push_back(x_[i][c]);
      for (int c = 0; c < 3; ++c) row.push_back(w_[i][c]);
    }
    row.insert(row.end(), values.begin() + static_cast<std::ptrdiff_t>(lead), values.begin() + static_cast<std::ptrdiff_t>(count));
  }
}

std::vector<std::string> ImpulseWorld::conserved_header() const {
  std::vector<std::string> h;
  for (const auto& s : sphericals_) h.push_back(scene_.objects[s.index].name + ".Lk");
  if (momentum_conserved_)
    for (const char* c : {"px", "py", "pz", "Lx", "Ly", "Lz"}) h.push_back(c);
  return h;
}

void ImpulseWorld::conserved_row(const State& x, std::vector<double>& row, ImpulseWorkspace& ws) const {
  row.clear();
  for (std::size_t j = 0; j < sphericals_.size(); ++j)
    row.push_back(spherical_momentum(j, x, ws).dot(sphericals_[j].seed_chart.k));  // L·k, k = {g}₁ (seed 001 §B.3)
  if (momentum_conserved_) {
    const core::Vec3 P = momentum(x, ws), L = angular_momentum(x, ws);
    row.insert(row.end(), {P.x(), P.y(), P.z(), L.x(), L.y(), L.z()});
  }
}

}  // namespace verisim::scene
