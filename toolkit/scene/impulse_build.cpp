// ImpulseWorld, built from a scene: forces per object, objects in scene order with their degrees of
// freedom, the obstacles' shapes and the possible contacts (impulse_world.hpp).
#include "toolkit/scene/impulse_world.hpp"
#include "toolkit/scene/field_forces.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace verisim::scene {

ImpulseWorld::ImpulseWorld(const Scene& scene) : scene_(scene) {
  const auto& objs = scene_.objects;
  const std::size_t n = objs.size();
  // ---- forces per object
  std::vector<FieldForces> forces(n, no_field_forces());  // a force absent from the scene is a zero term
  constexpr double kInf = std::numeric_limits<double>::infinity();
  bool any_field = false;
  for (const auto& f : scene_.forces) {
    for (std::size_t i : f.on) {
      if (add_field_force(forces[i], f)) any_field = true;  // the one switch of field forces (field_forces.hpp)
      if (f.type == ForceType::drag && f.coefficient > 0.0) velocity_independent_ = conserves_energy_ = false;
      if (f.type == ForceType::lorentz && f.B != core::Vec3::Zero() && objs[i].charge != 0.0) velocity_independent_ = false;
      if (f.type == ForceType::driven) {  // F·s(t): the drive does work, so the energy is not conserved
        conserves_energy_ = false;
        driven_ = true;
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
        points_.push_back({{models::Free{}, forces[i], s.mass, s.charge}, o, i});
        break;
      }
      case ObjectType::spring: {
        const Eigen::Index o = take(i, {s.x0}, {s.v0});
        // seed 001 §B.1: mass on a spring of stiffness k along d, rest position O, friction b
        springs_.push_back({{models::Line<models::Damped>{s.origin, s.direction, s.stiffness, s.length, {s.damping}},
                             forces[i], s.mass, s.charge},
                            o, i});
        if (s.damping > 0.0) velocity_independent_ = conserves_energy_ = false;
        constrained = true;
        if (s.radius > 0.0) {
          bobs_.push_back({true, springs_.size() - 1, o, i, s.radius});
          min_size = std::min(min_size, s.radius);
          g_max = std::max(g_max, g.norm());
        }
        break;
      }
      case ObjectType::pendulum:
      case ObjectType::physical_pendulum: {
        const Eigen::Index o = take(i, {s.theta0}, {s.omega0});
        // seed 001 §B.2: circle of centre O, radius L, in the plane (d, k), k = {g}₁; a rigid body about the
        // axis: I_axis/(m d²) = 1 + I_cm/(m d²) (models/circle.hpp)
        const double ratio = 1.0 + s.moment / (s.mass * s.length * s.length);
        pendulums_.push_back({{models::Circle<models::Damped>{s.origin, s.direction, g.normalized(), s.length, {s.damping}, ratio},
                               forces[i], s.mass, s.charge},
                              o, i, s.support, s.support_law});
        if (s.damping > 0.0) velocity_independent_ = conserves_energy_ = false;
        if (s.support != core::Vec3::Zero()) conserves_energy_ = false, driven_ = true;  // the support does work
        constrained = true;
        if (s.radius > 0.0) {
          bobs_.push_back({false, pendulums_.size() - 1, o, i, s.radius});
          min_size = std::min(min_size, s.radius);
          g_max = std::max(g_max, g.norm());
        }
        break;
      }
      case ObjectType::spherical_pendulum: {
        const Eigen::Index o = take(i, {s.theta0, s.phi0}, {s.omega0, s.phi_dot0});
        const models::SphereSurface chart{s.origin, s.direction, g.normalized(), s.length};  // seed 001 §B.3
        sphericals_.push_back({{chart, forces[i], s.mass, s.charge}, chart, o, i});
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
        rounds_.push_back({{models::Free{}, forces[i], s.mass, s.charge}, planar, s.radius, s.inertia_factor, o, i});
        min_size = std::min(min_size, s.radius);
        g_max = std::max(g_max, g.norm());
        break;
      }
      case ObjectType::box: {
        const Eigen::Index o =
            take(i, {s.position.x(), s.position.y(), s.angle}, {s.velocity.x(), s.velocity.y(), s.spin.z()});
        // I = m (w² + h²)/12 about the centre, for rotation in the plane of the w × h rectangle. Seed 002
        // §3.1 writes m (height² + width²)/12 with VPython's `width`, the 0.01 m depth along z, where the
        // in-plane `length` belongs (docs/collisions.md "Seed slips")
        boxes_.push_back({{models::Free{}, forces[i], s.mass, s.charge}, s.width, s.height,
                          s.mass * (s.width * s.width + s.height * s.height) / 12.0, o, i});
        min_size = std::min(min_size, std::min(s.width, s.height));
        g_max = std::max(g_max, g.norm());
        break;
      }
      case ObjectType::relaxation: {
        const Eigen::Index o = take(i, {0.0}, {s.E0});  // E in the velocity slot, ∫E dt in the position slot
        relaxations_.push_back({{s.tau, s.source}, o, i});
        masses_.back() = 0.0;  // no mass: no kinetic energy, no momentum
        charges_.back() = 0.0;
        velocity_independent_ = conserves_energy_ = false;  // a = f(t, v): dissipative (or driven by u(t))
        constrained = true;
        break;
      }
      case ObjectType::particle:  // simulate() gives law = "soft" scenes to the soft-contact world
        throw std::invalid_argument("scene::ImpulseWorld: particles belong to the soft-contact world (law = \"soft\")");
    }
  }
  initial_.q = Eigen::Map<const core::VecX>(q0.data(), static_cast<Eigen::Index>(q0.size()));
  initial_.v = Eigen::Map<const core::VecX>(v0.data(), static_cast<Eigen::Index>(v0.size()));
  // ---- contacts
  const Simulation& sim = scene_.simulation;
  auto pick = [](double own, double fallback) { return std::isnan(own) ? fallback : own; };
  // each pair's μ from its two surfaces (pair_friction, scene.hpp: seed 001 §E.1's μ₁·μ₂)
  auto surface = [&](std::size_t round) { return scene_.objects[rounds_[round].index].friction; };
  for (std::size_t a = 0; a < rounds_.size(); ++a)
    for (std::size_t b = a + 1; b < rounds_.size(); ++b) {
      const double mu = pair_friction(surface(a), surface(b), sim.friction);
      pairs_.push_back({PairKind::round_round, a, b, 0, 0, sim.restitution, mu});
      conserves_energy_ = conserves_energy_ && sim.restitution == 1.0 && mu == 0.0;
    }
  // boxes meet boxes and discs by seed 002 §4's impulse (frictionless; the loader refuses spheres beside boxes)
  for (std::size_t a = 0; a < boxes_.size(); ++a) {
    for (std::size_t b = a + 1; b < boxes_.size(); ++b)
      pairs_.push_back({PairKind::box_box, a, b, 0, 0, sim.restitution, 0.0});
    for (std::size_t b = 0; b < rounds_.size(); ++b)
      pairs_.push_back({PairKind::box_round, a, b, 0, 0, sim.restitution, 0.0});
  }
  for (std::size_t k = 0; k < scene_.obstacles.size(); ++k) {
    const ObstacleSpec& ob = scene_.obstacles[k];
    const double e = pick(ob.restitution, sim.restitution);
    shapes_.add(ob.shape);
    const auto [shape, slot] = shapes_.slot(shapes_.size() - 1);
    for (std::size_t a = 0; a < rounds_.size(); ++a) {
      const double mu = pair_friction(surface(a), ob.friction, sim.friction);
      pairs_.push_back({PairKind::round_obstacle, a, slot, shape, k, e, mu});
      conserves_energy_ = conserves_energy_ && e == 1.0 && mu == 0.0;
    }
    for (std::size_t a = 0; a < bobs_.size(); ++a) pairs_.push_back({PairKind::bob_obstacle, a, slot, shape, k, e, 0.0});
    if (std::holds_alternative<geometry::Plane>(ob.shape))
      for (std::size_t a = 0; a < boxes_.size(); ++a) pairs_.push_back({PairKind::box_plane, a, slot, shape, k, e, 0.0});
    if (!boxes_.empty()) conserves_energy_ = conserves_energy_ && e == 1.0 && pick(ob.friction, sim.friction) == 0.0;
    if (!bobs_.empty()) conserves_energy_ = conserves_energy_ && e == 1.0;  // bobs' contacts are frictionless
  }
  if (boxes_.size() + rounds_.size() > 1 && !boxes_.empty()) conserves_energy_ = conserves_energy_ && sim.restitution == 1.0;
  if (std::isfinite(min_size)) touch_ = 1e-9 * min_size;
  // Below this approach speed a contact is resting (restitution 0): a bounce of height v²/2g below
  // 2g·dt² cannot be resolved by steps of dt, and the Zeno cascade of ever smaller bounces would
  // never end (docs/scenes.md "Resting contact").
  v_rest_ = 2.0 * g_max * sim.dt;
  rest_gap_ = std::max(touch_, 2.0 * g_max * sim.dt * sim.dt);
  if (!boxes_.empty()) velocity_independent_ = false;  // a resting vertex's reaction reads ω (centripetal term)
  momentum_conserved_ = !any_field && !constrained && scene_.obstacles.empty();
}

std::size_t ImpulseWorld::object_of(Eigen::Index i) const { return owner_[static_cast<std::size_t>(i)]; }

ImpulseWorkspace ImpulseWorld::workspace() const {
  ImpulseWorkspace ws;
  for (const auto& s : sphericals_) ws.charts.push_back(s.seed_chart);
  const std::size_t n = scene_.objects.size();
  ws.x.assign(n, core::Vec3::Zero());
  ws.w.assign(n, core::Vec3::Zero());
  ws.fm.assign(n, core::Vec3::Zero());
  std::size_t vertices = 0;  // every contact may rest: one entry per round pair, four per box–plane pair, eight per box–box pair
  for (const Pair& p : pairs_) vertices += p.kind == PairKind::box_plane ? 4 : p.kind == PairKind::box_box ? 8 : 1;
  ws.resting.reserve(vertices);
  ws.lambda.reserve(vertices);
  return ws;
}

}  // namespace verisim::scene
