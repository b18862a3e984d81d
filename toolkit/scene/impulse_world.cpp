#include "toolkit/scene/impulse_world.hpp"

#include <algorithm>

#include <Eigen/Geometry>

#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/frictionless.hpp"
#include "toolkit/collisions/rigid_body.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"
#include "toolkit/models/spherical_pendulum.hpp"

namespace verisim::scene {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kResolvePasses = 16;  ///< sequential-impulse passes over simultaneous contacts

}  // namespace

ImpulseWorld::ImpulseWorld(const Scene& scene) : scene_(scene) {
  const auto& objs = scene_.objects;
  const std::size_t n = objs.size();
  // ---- forces per object
  std::vector<FieldForces> forces(n);
  bool any_field = false;
  for (const auto& f : scene_.forces) {
    for (std::size_t i : f.on) {
      FieldForces& F = forces[i];
      switch (f.type) {
        case ForceType::gravity: F.gravity.g += f.vector; any_field = true; break;
        case ForceType::drag:
          F.drag.b += f.coefficient;
          any_field = true;
          if (f.coefficient > 0.0) velocity_independent_ = conserves_energy_ = false;
          break;
        case ForceType::constant: F.constant.F += f.vector; any_field = true; break;
        case ForceType::central: F.central.push_back({f.center, f.coefficient, f.constant}); any_field = true; break;
        case ForceType::lorentz:
          F.lorentz.E += f.vector;
          F.lorentz.B += f.B;
          any_field = true;
          if (f.B != core::Vec3::Zero() && objs[i].charge != 0.0) velocity_independent_ = false;
          break;
        case ForceType::mutual_gravity:
        case ForceType::coulomb: break;
      }
    }
    if (f.type == ForceType::mutual_gravity || f.type == ForceType::coulomb)
      mutual_.push_back({f.type == ForceType::coulomb, f.constant, f.on});
  }
  // ---- objects, in scene order; each takes its degrees of freedom at the end of the state
  Eigen::Index off = 0;
  std::vector<double> q0, v0;
  auto take = [&](std::size_t i, std::initializer_list<double> q, std::initializer_list<double> v) {
    q0.insert(q0.end(), q);
    v0.insert(v0.end(), v);
    for (std::size_t k = 0; k < q.size(); ++k) owner_.push_back(i);
    const Eigen::Index first = off;
    off += static_cast<Eigen::Index>(q.size());
    return first;
  };
  double min_size = kInf, g_max = 0.0;
  bool constrained = false;
  for (std::size_t i = 0; i < n; ++i) {
    const ObjectSpec& s = objs[i];
    masses_.push_back(s.mass);
    charges_.push_back(s.charge);
    const core::Vec3 g = gravity_on(scene_, i);
    switch (s.type) {
      case ObjectType::point: {
        const Eigen::Index o = take(i, {s.position.x(), s.position.y(), s.position.z()},
                                    {s.velocity.x(), s.velocity.y(), s.velocity.z()});
        points_.push_back({{models::Free{}, forces[i], s.mass, s.charge, {}}, o, i});
        break;
      }
      case ObjectType::spring: {
        const Eigen::Index o = take(i, {s.x0}, {s.v0});
        // seed 001 §B.1: mass on a spring of stiffness k along d, rest position O, friction b
        springs_.push_back({{models::Line<models::Damped>{s.origin, s.direction, s.stiffness, s.length, {s.damping}},
                             forces[i], s.mass, s.charge, {}},
                            o, i});
        if (s.damping > 0.0) velocity_independent_ = conserves_energy_ = false;
        constrained = true;
        break;
      }
      case ObjectType::pendulum: {
        const Eigen::Index o = take(i, {s.theta0}, {s.omega0});
        // seed 001 §B.2: circle of centre O, radius L, in the plane (d, k), k = {g}₁
        pendulums_.push_back({{models::Circle<models::Damped>{s.origin, s.direction, g.normalized(), s.length, {s.damping}},
                               forces[i], s.mass, s.charge, {}},
                              o, i});
        if (s.damping > 0.0) velocity_independent_ = conserves_energy_ = false;
        constrained = true;
        break;
      }
      case ObjectType::spherical_pendulum: {
        const Eigen::Index o = take(i, {s.theta0, s.phi0}, {s.omega0, s.phi_dot0});
        const models::SphereSurface chart{s.origin, s.direction, g.normalized(), s.length};  // seed 001 §B.3
        sphericals_.push_back({{chart, forces[i], s.mass, s.charge, {}}, chart, o, i});
        velocity_independent_ = false;  // centrifugal and Coriolis terms
        constrained = true;
        break;
      }
      case ObjectType::sphere:
      case ObjectType::disc: {
        const bool planar = s.type == ObjectType::disc;
        const Eigen::Index o =
            planar ? take(i, {s.position.x(), s.position.y(), s.angle}, {s.velocity.x(), s.velocity.y(), s.spin.z()})
                   : take(i, {s.position.x(), s.position.y(), s.position.z(), 0.0, 0.0, 0.0},
                          {s.velocity.x(), s.velocity.y(), s.velocity.z(), s.spin.x(), s.spin.y(), s.spin.z()});
        rounds_.push_back({{models::Free{}, forces[i], s.mass, s.charge, {}}, planar, s.radius, s.inertia_factor, o, i});
        min_size = std::min(min_size, s.radius);
        g_max = std::max(g_max, g.norm());
        break;
      }
      case ObjectType::box: {
        const Eigen::Index o =
            take(i, {s.position.x(), s.position.y(), s.angle}, {s.velocity.x(), s.velocity.y(), s.spin.z()});
        // seed 002 §3.1: inertia = m (h² + w²)/12
        boxes_.push_back({{models::Free{}, forces[i], s.mass, s.charge, {}}, s.width, s.height,
                          s.mass * (s.width * s.width + s.height * s.height) / 12.0, o, i});
        min_size = std::min(min_size, std::min(s.width, s.height));
        g_max = std::max(g_max, g.norm());
        break;
      }
      case ObjectType::particle:  // simulate() gives law = "soft" scenes to the soft-contact world
        throw std::invalid_argument("scene::ImpulseWorld: particles belong to the soft-contact world (law = \"soft\")");
    }
  }
  initial_.q = Eigen::Map<const core::VecX>(q0.data(), static_cast<Eigen::Index>(q0.size()));
  initial_.v = Eigen::Map<const core::VecX>(v0.data(), static_cast<Eigen::Index>(v0.size()));
  x_.assign(n, core::Vec3::Zero());
  w_.assign(n, core::Vec3::Zero());
  fm_.assign(n, core::Vec3::Zero());
  // ---- contacts
  const Simulation& sim = scene_.simulation;
  auto pick = [](double own, double fallback) { return std::isnan(own) ? fallback : own; };
  for (std::size_t a = 0; a < rounds_.size(); ++a)
    for (std::size_t b = a + 1; b < rounds_.size(); ++b)
      pairs_.push_back({PairKind::round_round, a, b, -1, 0, sim.restitution, sim.friction});
  for (std::size_t k = 0; k < scene_.obstacles.size(); ++k) {
    const ObstacleSpec& ob = scene_.obstacles[k];
    const double e = pick(ob.restitution, sim.restitution), mu = pick(ob.friction, sim.friction);
    const int shape = static_cast<int>(ob.shape.index());
    std::size_t slot = 0;
    std::visit(
        [&](const auto& sh) {
          auto& vec = std::get<std::vector<std::remove_cvref_t<decltype(sh)>>>(shapes_);
          slot = vec.size();
          vec.push_back(sh);
        },
        ob.shape);
    for (std::size_t a = 0; a < rounds_.size(); ++a) pairs_.push_back({PairKind::round_obstacle, a, slot, shape, k, e, mu});
    if (shape == 0)
      for (std::size_t a = 0; a < boxes_.size(); ++a) pairs_.push_back({PairKind::box_plane, a, slot, shape, k, e, 0.0});
    if (!rounds_.empty() || !boxes_.empty()) conserves_energy_ = conserves_energy_ && e == 1.0 && mu == 0.0;
  }
  if (rounds_.size() > 1) conserves_energy_ = conserves_energy_ && sim.restitution == 1.0 && sim.friction == 0.0;
  if (std::isfinite(min_size)) touch_ = 1e-9 * min_size;
  // Below this approach speed a contact is resting (restitution 0): a bounce of height v²/2g below
  // 2g·dt² cannot be resolved by steps of dt, and the Zeno cascade of ever smaller bounces would
  // never end (docs/scenes.md "Resting contact").
  v_rest_ = 2.0 * g_max * sim.dt;
  rest_gap_ = std::max(touch_, 2.0 * g_max * sim.dt * sim.dt);
  if (!boxes_.empty()) velocity_independent_ = false;  // a resting vertex's reaction reads ω (centripetal term)
  active_.reserve(4 * pairs_.size());
  lambda_.reserve(4 * pairs_.size());
  momentum_conserved_ = !any_field && !constrained && scene_.obstacles.empty();
}

std::size_t ImpulseWorld::object_of(Eigen::Index i) const { return owner_[static_cast<std::size_t>(i)]; }

// ------------------------------------------------------------------------------------- dynamics
void ImpulseWorld::world_kinematics(const core::VecX& q, const core::VecX& v) const {
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
    x_[s.index] = s.o.position(E);
    w_[s.index] = s.o.velocity(E, Ed);
  }
  for (const auto& s : sphericals_) {
    const core::Vec2 E = q.segment<2>(s.off), Ed = v.segment<2>(s.off);
    x_[s.index] = s.o.position(E);
    w_[s.index] = s.o.velocity(E, Ed);
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

void ImpulseWorld::mutual_forces(double) const {
  for (auto& f : fm_) f.setZero();
  for (const auto& m : mutual_) {
    for (std::size_t a = 0; a < m.on.size(); ++a)
      for (std::size_t b = a + 1; b < m.on.size(); ++b) {
        const std::size_t i = m.on[a], j = m.on[b];
        const core::Vec3 r = x_[j] - x_[i];
        const double d = r.norm();
        const double c = m.coulomb ? -m.constant * charges_[i] * charges_[j] : m.constant * masses_[i] * masses_[j];
        const core::Vec3 f = (c / (d * d * d)) * r;  // force on i: G mᵢ mⱼ r/|r|³ (Newton) or −k qᵢ qⱼ r/|r|³ (Coulomb)
        fm_[i] += f;
        fm_[j] -= f;
      }
  }
}

double ImpulseWorld::mutual_potential() const {
  double V = 0.0;
  for (const auto& m : mutual_)
    for (std::size_t a = 0; a < m.on.size(); ++a)
      for (std::size_t b = a + 1; b < m.on.size(); ++b) {
        const std::size_t i = m.on[a], j = m.on[b];
        const double d = (x_[j] - x_[i]).norm();
        V += m.coulomb ? m.constant * charges_[i] * charges_[j] / d : -m.constant * masses_[i] * masses_[j] / d;
      }
  return V;
}

void ImpulseWorld::acceleration(const core::VecX& q, const core::VecX& v, core::VecX& a, double t) const {
  const bool mutual = !mutual_.empty();
  if (mutual) {
    world_kinematics(q, v);
    mutual_forces(t);
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
    core::Vec3 F = s.o.external_force(E, Ed, t);
    if (mutual) F += fm_[s.index];
    a[s.off] = s.o.constraint.evolution(t, E, Ed, F, s.o.mass)[0];
  }
  for (const auto& s : sphericals_) {
    const core::Vec2 E = q.segment<2>(s.off), Ed = v.segment<2>(s.off);
    core::Vec3 F = s.o.external_force(E, Ed, t);
    if (mutual) F += fm_[s.index];
    a.segment<2>(s.off) = s.o.constraint.evolution(t, E, Ed, F, s.o.mass);
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
  if (!active_.empty()) apply_reactions(q, v, a);
}

void ImpulseWorld::apply_reactions(const core::VecX& q, const core::VecX& v, core::VecX& a) const {
  // Projected Gauss–Seidel on the normal accelerations of the resting contacts: each reaction
  // λ ≥ 0 cancels its contact's normal acceleration into the obstacle (never pulls).
  lambda_.assign(active_.size(), 0.0);
  for (int sweep = 0; sweep < 8; ++sweep) {
    for (std::size_t k = 0; k < active_.size(); ++k) {
      const Pair& p = pairs_[active_[k].pair];
      double an = 0.0, inv_mass = 0.0;  // normal acceleration of the contact, and 1/m_eff
      core::Vec3 n;
      switch (p.kind) {
        case PairKind::round_round: {
          const Round &A = rounds_[p.a], &B = rounds_[p.b];
          n = (round_center(A, q) - round_center(B, q)).normalized();
          const core::Vec3 aA = r_acc(A, a), aB = r_acc(B, a);
          an = (aA - aB).dot(n);
          inv_mass = 1.0 / A.o.mass + 1.0 / B.o.mass;
          break;
        }
        case PairKind::round_obstacle: {
          const Round& A = rounds_[p.a];
          n = obstacle_contact(p, round_center(A, q), A.radius).normal;
          an = r_acc(A, a).dot(n);
          inv_mass = 1.0 / A.o.mass;
          break;
        }
        case PairKind::box_plane: {
          const Box& B = boxes_[p.a];
          n = std::get<0>(shapes_)[p.b].normal;
          const core::Vec2 c(q[B.off], q[B.off + 1]);
          const core::Vec2 r = box_vertices(c, q[B.off + 2], B.width, B.height)[static_cast<std::size_t>(active_[k].vertex)] - c;
          const double w = v[B.off + 2], rn = collisions::cross2(r, core::Vec2(n.x(), n.y()));
          // vertex acceleration a_cm + α ẑ × r − ω² r, along n
          an = (core::Vec2(a[B.off], a[B.off + 1]) + collisions::cross2(a[B.off + 2], r) - w * w * r).dot(core::Vec2(n.x(), n.y()));
          inv_mass = 1.0 / B.o.mass + rn * rn / B.inertia;  // seed 002's denominator
          break;
        }
      }
      const double old = lambda_[k];
      lambda_[k] = std::max(0.0, old - an / inv_mass);
      const double dl = lambda_[k] - old;
      if (dl == 0.0) continue;
      switch (p.kind) {
        case PairKind::round_round:
          r_push(rounds_[p.a], a, (dl / rounds_[p.a].o.mass) * n);
          r_push(rounds_[p.b], a, (-dl / rounds_[p.b].o.mass) * n);
          break;
        case PairKind::round_obstacle: r_push(rounds_[p.a], a, (dl / rounds_[p.a].o.mass) * n); break;
        case PairKind::box_plane: {
          const Box& B = boxes_[p.a];
          const core::Vec2 c(q[B.off], q[B.off + 1]);
          const core::Vec2 r = box_vertices(c, q[B.off + 2], B.width, B.height)[static_cast<std::size_t>(active_[k].vertex)] - c;
          a[B.off] += dl * n.x() / B.o.mass;
          a[B.off + 1] += dl * n.y() / B.o.mass;
          a[B.off + 2] += dl * collisions::cross2(r, core::Vec2(n.x(), n.y())) / B.inertia;
          break;
        }
      }
    }
  }
}

core::Vec3 ImpulseWorld::r_acc(const Round& r, const core::VecX& a) const {
  return r.planar ? core::Vec3(a[r.off], a[r.off + 1], 0.0) : core::Vec3(a.segment<3>(r.off));
}
void ImpulseWorld::r_push(const Round& r, core::VecX& a, const core::Vec3& d) const {
  a[r.off] += d.x();
  a[r.off + 1] += d.y();
  if (!r.planar) a[r.off + 2] += d.z();
}

void ImpulseWorld::update_resting(const State& x) {
  active_.clear();
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    const Pair& p = pairs_[i];
    switch (p.kind) {
      case PairKind::round_round: {
        const Round &A = rounds_[p.a], &B = rounds_[p.b];
        const core::Vec3 n = (round_center(A, x.q) - round_center(B, x.q)).normalized();
        const double vn = (round_velocity(A, x.v) - round_velocity(B, x.v)).dot(n);
        if (gap(i, x.q) <= rest_gap_ && std::abs(vn) <= v_rest_) active_.push_back({i, -1});
        break;
      }
      case PairKind::round_obstacle: {
        const Round& A = rounds_[p.a];
        const ObstacleContact c = obstacle_contact(p, round_center(A, x.q), A.radius);
        if (c.gap <= rest_gap_ && std::abs(round_velocity(A, x.v).dot(c.normal)) <= v_rest_) active_.push_back({i, -1});
        break;
      }
      case PairKind::box_plane: {
        const Box& B = boxes_[p.a];
        const geometry::Plane& pl = std::get<0>(shapes_)[p.b];
        const core::Vec2 c(x.q[B.off], x.q[B.off + 1]), n(pl.normal.x(), pl.normal.y());
        const auto verts = box_vertices(c, x.q[B.off + 2], B.width, B.height);
        for (int k = 0; k < 4; ++k) {
          const core::Vec2& vert = verts[static_cast<std::size_t>(k)];
          const double g = (core::Vec3(vert.x(), vert.y(), 0.0) - pl.origin).dot(pl.normal);
          const double vn = (core::Vec2(x.v[B.off], x.v[B.off + 1]) + collisions::cross2(x.v[B.off + 2], vert - c)).dot(n);
          if (g <= rest_gap_ && std::abs(vn) <= v_rest_) active_.push_back({i, k});
        }
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------- round bodies
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

ObstacleContact ImpulseWorld::obstacle_contact(const Pair& p, const core::Vec3& c, double R) const {
  switch (p.shape) {
    case 0: return contact_with(std::get<0>(shapes_)[p.b], c, R);
    case 1: return contact_with(std::get<1>(shapes_)[p.b], c, R);
    case 2: return contact_with(std::get<2>(shapes_)[p.b], c, R);
    case 3: return contact_with(std::get<3>(shapes_)[p.b], c, R);
    default: return contact_with(std::get<4>(shapes_)[p.b], c, R);
  }
}

double ImpulseWorld::gap(std::size_t i, const core::VecX& q) const {
  const Pair& p = pairs_[i];
  switch (p.kind) {
    case PairKind::round_round: {
      const Round &a = rounds_[p.a], &b = rounds_[p.b];
      return (round_center(a, q) - round_center(b, q)).norm() - (a.radius + b.radius);  // seed 000 eq. (2)
    }
    case PairKind::round_obstacle: {
      const Round& a = rounds_[p.a];
      return obstacle_contact(p, round_center(a, q), a.radius).gap;
    }
    case PairKind::box_plane: {
      const Box& b = boxes_[p.a];
      const geometry::Plane& pl = std::get<0>(shapes_)[p.b];
      double g = kInf;
      for (const core::Vec2& v : box_vertices(core::Vec2(q[b.off], q[b.off + 1]), q[b.off + 2], b.width, b.height))
        g = std::min(g, (core::Vec3(v.x(), v.y(), 0.0) - pl.origin).dot(pl.normal));  // seed 002 §3: vertex test
      return g;
    }
  }
  return kInf;
}

// ------------------------------------------------------------------------------------- impulses
bool ImpulseWorld::resolve_pair(const Pair& p, State& x, double t, bool settle, bool overlapping_only,
                         std::vector<Event>& log, ContactStats& stats) const {
  const Law law = scene_.simulation.law;
  const double g0 = gap(static_cast<std::size_t>(&p - pairs_.data()), x.q);
  if (overlapping_only ? !(g0 < 0.0) : !(g0 <= touch_)) return false;
  auto record = [&](bool resting, Event e) {
    if (resting) {
      ++stats.resting;
      return;
    }
    ++stats.collisions;
    e.t = t;
    log.push_back(e);
  };
  switch (p.kind) {
    case PairKind::round_round: {
      const Round &A = rounds_[p.a], &B = rounds_[p.b];
      const core::Vec3 ca = round_center(A, x.q), cb = round_center(B, x.q);
      const core::Vec3 n = (ca - cb).normalized();  // seed 001 §E.1: n = {x₁ − x₂}₁, into body 1
      const core::Vec3 va = round_velocity(A, x.v), vb = round_velocity(B, x.v);
      const double v_star = (vb - va).dot(n);  // seed 001 §E.1 step 2: > 0 when approaching
      bool applied = false;
      if (v_star > 0.0) {
        const bool resting = settle || v_star < v_rest_;
        const double e = resting ? 0.0 : p.restitution;
        const double ma = A.o.mass, mb = B.o.mass;
        const double before = round_kinetic(A, x.v) + round_kinetic(B, x.v);
        core::Vec3 va2, vb2, wa2 = round_omega(A, x.v), wb2 = round_omega(B, x.v);
        const core::Vec3 wa0 = wa2;
        collisions::Branch br = collisions::Branch::frictionless;
        if (law == Law::spinning) {
          const auto r = collisions::spinning_spheres({ma, A.radius, va, wa2}, {mb, B.radius, vb, wb2}, n,
                                                      {p.friction, e});  // seed 001 §F
          va2 = r.b1.velocity, vb2 = r.b2.velocity, wa2 = r.b1.omega, wb2 = r.b2.omega, br = r.branch;
        } else if (law == Law::coulomb) {
          const auto r = collisions::coulomb_spheres(ma, va, mb, vb, n, {p.friction, e});  // seed 001 §E.1
          va2 = r.v1, vb2 = r.v2, br = r.branch;
        } else {  // seed 000's linear system, N = C₁C₂
          const auto r = collisions::frictionless_linear_system<3>(ma, va, mb, vb, core::Vec3(cb - ca), e);
          va2 = r.v1, vb2 = r.v2, br = r.branch;
        }
        set_round(A, x.v, va2, wa2);
        set_round(B, x.v, vb2, wb2);
        const double after = round_kinetic(A, x.v) + round_kinetic(B, x.v);
        record(resting, {t, A.index, B.index, false, br, v_star,
                         (round_velocity(A, x.v) - round_velocity(B, x.v)).dot(n), after - before, kNaN, n, va,
                         round_velocity(A, x.v), wa0, round_omega(A, x.v)});
        applied = true;
      }
      if (settle && g0 < 0.0) {  // project the overlap away, in inverse proportion to the masses
        const double ma = A.o.mass, mb = B.o.mass;
        translate_round(A, x.q, (-g0 * mb / (ma + mb)) * n);
        translate_round(B, x.q, (g0 * ma / (ma + mb)) * n);
      }
      return applied;
    }
    case PairKind::round_obstacle: {
      const Round& A = rounds_[p.a];
      const ObstacleContact c = obstacle_contact(p, round_center(A, x.q), A.radius);
      const core::Vec3& n = c.normal;  // from the obstacle into the body
      const core::Vec3 v = round_velocity(A, x.v), w = round_omega(A, x.v);
      const double v_star = -v.dot(n);  // seed 001 §E.1 (obstacle) step 2
      bool applied = false;
      if (v_star > 0.0) {
        const bool resting = settle || v_star < v_rest_;
        const double e = resting ? 0.0 : p.restitution;
        const double before = round_kinetic(A, x.v);
        core::Vec3 v2 = v, w2 = w;
        double mu_e = kNaN;
        collisions::Branch br = collisions::Branch::frictionless;
        switch (law) {
          case Law::frictionless: {  // seed 000 with m₂ = ∞ (closed form of the same law)
            const auto r = collisions::frictionless_closed_form<3>(A.o.mass, v, kInf, core::Vec3::Zero(), core::Vec3(-n), e);
            v2 = r.v1, br = r.branch;
            break;
          }
          case Law::coulomb: {
            const auto r = collisions::coulomb_sphere_obstacle(v, n, {p.friction, e});  // seed 001 §E.1
            v2 = r.v1, br = r.branch;
            break;
          }
          case Law::spinning: {
            const auto r = collisions::spinning_sphere_obstacle({A.o.mass, A.radius, v, w}, n, {p.friction, e});  // seed 001 §F
            v2 = r.b1.velocity, w2 = r.b1.omega, br = r.branch;
            break;
          }
          case Law::soft: break;  // never here: law = "soft" runs on the soft-contact world
          case Law::contact_time: case Law::rigid_body: case Law::garwin: break;  // not scene laws (laws.hpp)
          case Law::ball_bounce: {
            // seed 004 eqs. (11)–(12): the plane's normal (−sin φ, cos φ), ω clockwise positive
            const double phi = std::atan2(-n.x(), n.y());
            const auto r = collisions::ball_bounce_inclined(collisions::ball_from_omega_z(v.x(), v.y(), w.z()),
                                                            {p.friction, e, A.alpha, A.radius}, phi);
            v2 = core::Vec3(r.after.vx, r.after.vy, 0.0);
            w2 = core::Vec3(0.0, 0.0, collisions::omega_z(r.after));
            mu_e = r.mu_e, br = r.branch;
            break;
          }
        }
        set_round(A, x.v, v2, w2);
        record(resting, {t, A.index, p.obstacle, true, br, v_star, round_velocity(A, x.v).dot(n),
                         round_kinetic(A, x.v) - before, mu_e, n, v, round_velocity(A, x.v), w, round_omega(A, x.v)});
        applied = true;
      }
      if (settle && c.gap < 0.0) translate_round(A, x.q, -c.gap * n);
      return applied;
    }
    case PairKind::box_plane: {
      const Box& B = boxes_[p.a];
      const geometry::Plane& pl = std::get<0>(shapes_)[p.b];
      const core::Vec2 n(pl.normal.x(), pl.normal.y());
      bool applied = false;
      double deepest = kInf;
      const auto verts = box_vertices(core::Vec2(x.q[B.off], x.q[B.off + 1]), x.q[B.off + 2], B.width, B.height);
      for (const core::Vec2& vert : verts) {
        const double g = (core::Vec3(vert.x(), vert.y(), 0.0) - pl.origin).dot(pl.normal);
        deepest = std::min(deepest, g);
        if (overlapping_only ? !(g < 0.0) : !(g <= touch_)) continue;
        const core::Vec2 r = vert - core::Vec2(x.q[B.off], x.q[B.off + 1]);  // seed 002: r_p from the centre of mass to P
        collisions::RigidBody2 body{B.o.mass, B.inertia, core::Vec2(x.v[B.off], x.v[B.off + 1]), x.v[B.off + 2]};
        const collisions::RigidBody2 wall{kInf, kInf, core::Vec2::Zero(), 0.0};
        const double vrn = (body.velocity + collisions::cross2(body.omega, r)).dot(n);  // seed 002 eqs. (5), (7)
        if (!(vrn < 0.0)) continue;
        const bool resting = settle || -vrn < v_rest_;
        const double before = 0.5 * B.o.mass * body.velocity.squaredNorm() + 0.5 * B.inertia * body.omega * body.omega;
        const auto res = collisions::rigid_body_collision(body, r, wall, core::Vec2::Zero(), n, resting ? 0.0 : p.restitution);
        x.v[B.off] = res.b1.velocity.x();
        x.v[B.off + 1] = res.b1.velocity.y();
        x.v[B.off + 2] = res.b1.omega;
        const double after =
            0.5 * B.o.mass * res.b1.velocity.squaredNorm() + 0.5 * B.inertia * res.b1.omega * res.b1.omega;
        record(resting, {t, B.index, p.obstacle, true, res.branch, -vrn,
                         (res.b1.velocity + collisions::cross2(res.b1.omega, r)).dot(n), after - before, kNaN,
                         core::Vec3(n.x(), n.y(), 0.0), core::Vec3(body.velocity.x(), body.velocity.y(), 0.0),
                         core::Vec3(res.b1.velocity.x(), res.b1.velocity.y(), 0.0), core::Vec3(0.0, 0.0, body.omega),
                         core::Vec3(0.0, 0.0, res.b1.omega)});
        applied = true;
      }
      if (settle && deepest < 0.0) {
        x.q[B.off] -= deepest * n.x();
        x.q[B.off + 1] -= deepest * n.y();
      }
      return applied;
    }
  }
  return false;
}

bool ImpulseWorld::resolve(State& x, double t, bool settle, std::vector<Event>& log, ContactStats& stats) const {
  bool any = false;
  for (int pass = 0; pass < kResolvePasses; ++pass) {  // sequential impulses until no contact approaches
    bool applied = false;
    for (const Pair& p : pairs_) applied = resolve_pair(p, x, t, settle && pass == 0, false, log, stats) || applied;
    any = any || applied;
    if (!applied) break;
  }
  return any;
}

void ImpulseWorld::resolve_overlaps(State& x, double t, std::vector<Event>& log, ContactStats& stats) const {
  for (const Pair& p : pairs_) resolve_pair(p, x, t, false, true, log, stats);
}

bool ImpulseWorld::rechart(State& x) {
  bool any = false;
  for (auto& s : sphericals_) {
    core::PhaseState<core::Vec2> e{x.q.segment<2>(s.off), x.v.segment<2>(s.off)};
    if (s.o.remap(e)) {  // models/sphere_surface.hpp: the other chart, same world position and velocity
      x.q.segment<2>(s.off) = e.q;
      x.v.segment<2>(s.off) = e.v;
      any = true;
    }
  }
  return any;
}

// ---------------------------------------------------------------------------------- observation
double ImpulseWorld::kinetic_energy(const State& x) const {
  world_kinematics(x.q, x.v);
  double T = 0.0;
  for (std::size_t i = 0; i < masses_.size(); ++i) T += 0.5 * masses_[i] * w_[i].squaredNorm();
  for (const auto& r : rounds_) T += 0.5 * r.alpha * r.o.mass * r.radius * r.radius * round_omega(r, x.v).squaredNorm();
  for (const auto& b : boxes_) T += 0.5 * b.inertia * x.v[b.off + 2] * x.v[b.off + 2];
  return T;
}

double ImpulseWorld::potential_energy(const State& x, double t) const {
  world_kinematics(x.q, x.v);
  double V = mutual_potential();
  for (const auto& p : points_) V += p.o.forces.potential(x_[p.index], p.o.mass, p.o.charge, t);
  for (const auto& s : springs_)
    V += s.o.forces.potential(x_[s.index], s.o.mass, s.o.charge, t) + s.o.constraint.internal_potential(core::Vec1(x.q[s.off]));
  for (const auto& s : pendulums_) V += s.o.forces.potential(x_[s.index], s.o.mass, s.o.charge, t);
  for (const auto& s : sphericals_) V += s.o.forces.potential(x_[s.index], s.o.mass, s.o.charge, t);
  for (const auto& r : rounds_) V += r.o.forces.potential(x_[r.index], r.o.mass, r.o.charge, t);
  for (const auto& b : boxes_) V += b.o.forces.potential(x_[b.index], b.o.mass, b.o.charge, t);
  return V;
}

core::Vec3 ImpulseWorld::momentum(const State& x) const {
  world_kinematics(x.q, x.v);
  core::Vec3 P = core::Vec3::Zero();
  for (std::size_t i = 0; i < masses_.size(); ++i) P += masses_[i] * w_[i];
  return P;
}

core::Vec3 ImpulseWorld::angular_momentum(const State& x) const {
  world_kinematics(x.q, x.v);
  core::Vec3 L = core::Vec3::Zero();
  for (std::size_t i = 0; i < masses_.size(); ++i) L += masses_[i] * x_[i].cross(w_[i]);
  for (const auto& r : rounds_) L += r.alpha * r.o.mass * r.radius * r.radius * round_omega(r, x.v);  // spin I ω
  for (const auto& b : boxes_) L += core::Vec3(0.0, 0.0, b.inertia * x.v[b.off + 2]);
  return L;
}

void ImpulseWorld::vertical_angular_momenta(const State& x, std::vector<double>& out) const {
  out.clear();
  for (const auto& s : sphericals_) {
    const core::Vec2 E = x.q.segment<2>(s.off), Ed = x.v.segment<2>(s.off);
    out.push_back(s.o.angular_momentum(E, Ed).dot(s.seed_chart.k));  // L·k, k = {g}₁ (seed 001 §B.3)
  }
}

std::vector<std::string> ImpulseWorld::trajectory_header() const {
  std::vector<std::string> h;
  auto world = [&](const std::string& n) {
    for (const char* c : {"x", "y", "z", "vx", "vy", "vz"}) h.push_back(n + "." + c);
  };
  for (std::size_t i = 0; i < scene_.objects.size(); ++i) {
    const ObjectSpec& o = scene_.objects[i];
    const std::string& n = o.name;
    switch (o.type) {
      case ObjectType::point: world(n); break;
      case ObjectType::spring: h.push_back(n + ".E"); h.push_back(n + ".Edot"); world(n); break;
      case ObjectType::pendulum: h.push_back(n + ".theta"); h.push_back(n + ".theta_dot"); world(n); break;
      case ObjectType::spherical_pendulum:
        for (const char* c : {"theta", "phi", "theta_dot", "phi_dot"}) h.push_back(n + "." + c);
        world(n);
        break;
      case ObjectType::sphere:
        world(n);
        for (const char* c : {"wx", "wy", "wz"}) h.push_back(n + "." + c);
        break;
      case ObjectType::disc:
      case ObjectType::box:
        for (const char* c : {"x", "y", "angle", "vx", "vy", "omega"}) h.push_back(n + "." + c);
        break;
      case ObjectType::particle: break;  // the soft-contact world's (soft_world.hpp)
    }
  }
  return h;
}

void ImpulseWorld::trajectory_row(const State& x, std::vector<double>& row) const {
  row.clear();
  world_kinematics(x.q, x.v);
  auto world = [&](std::size_t i) {
    for (int c = 0; c < 3; ++c) row.push_back(x_[i][c]);
    for (int c = 0; c < 3; ++c) row.push_back(w_[i][c]);
  };
  // the objects in scene order: find each one's entry (few objects; out of the hot path)
  for (std::size_t i = 0; i < scene_.objects.size(); ++i) {
    switch (scene_.objects[i].type) {
      case ObjectType::point: world(i); break;
      case ObjectType::spring:
        for (const auto& s : springs_)
          if (s.index == i) row.insert(row.end(), {x.q[s.off], x.v[s.off]});
        world(i);
        break;
      case ObjectType::pendulum:
        for (const auto& s : pendulums_)
          if (s.index == i) row.insert(row.end(), {x.q[s.off], x.v[s.off]});
        world(i);
        break;
      case ObjectType::spherical_pendulum:
        for (const auto& s : sphericals_)
          if (s.index == i) {
            const core::PhaseState<core::Vec2> e = s.seed_chart.coordinates(x_[i], w_[i]);  // in the seed's chart
            row.insert(row.end(), {e.q[0], e.q[1], e.v[0], e.v[1]});
          }
        world(i);
        break;
      case ObjectType::sphere:
        world(i);
        for (const auto& r : rounds_)
          if (r.index == i) row.insert(row.end(), {x.v[r.off + 3], x.v[r.off + 4], x.v[r.off + 5]});
        break;
      case ObjectType::disc:
      case ObjectType::box:
        for (Eigen::Index k = 0; k < static_cast<Eigen::Index>(owner_.size()); ++k)
          if (owner_[static_cast<std::size_t>(k)] == i) {
            row.insert(row.end(), {x.q[k], x.q[k + 1], x.q[k + 2], x.v[k], x.v[k + 1], x.v[k + 2]});
            break;
          }
        break;
      case ObjectType::particle: break;
    }
  }
}

std::vector<std::string> ImpulseWorld::conserved_header() const {
  std::vector<std::string> h;
  for (const auto& s : sphericals_) h.push_back(scene_.objects[s.index].name + ".Lk");
  if (momentum_conserved_)
    for (const char* c : {"px", "py", "pz", "Lx", "Ly", "Lz"}) h.push_back(c);
  return h;
}

void ImpulseWorld::conserved_row(const State& x, std::vector<double>& row) const {
  row.clear();
  for (const auto& s : sphericals_)
    row.push_back(s.o.angular_momentum(x.q.segment<2>(s.off), x.v.segment<2>(s.off)).dot(s.seed_chart.k));  // L·k
  if (momentum_conserved_) {
    const core::Vec3 P = momentum(x), L = angular_momentum(x);
    row.insert(row.end(), {P.x(), P.y(), P.z(), L.x(), L.y(), L.z()});
  }
}

}  // namespace verisim::scene
