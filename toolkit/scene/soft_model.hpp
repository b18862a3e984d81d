#pragma once
// A soft-contact scene (law = "soft") as the input of toolkit/contact's world: its particles, parameters
// and walls, assembled once for the world (soft_world.hpp) and for the loader's checks (validate_soft:
// contact::validate, toolkit/contact/validate.hpp, whose diagnostics load.cpp places at their keys).
#include <type_traits>
#include <variant>
#include <vector>

#include "toolkit/contact/params.hpp"
#include "toolkit/contact/validate.hpp"
#include "toolkit/contact/walls.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

/// A soft-contact scene as the contact world's input: particles (scene objects, in order), parameters,
/// walls (obstacles, in order: wall k is obstacle k).
template <int D>
struct SoftModel {
  std::vector<contact::Particle<D>> particles;
  contact::WorldParams<D> params;
  contact::Walls walls;
};

template <int D>
SoftModel<D> soft_model(const Scene& s) {
  auto head = [](const core::Vec3& v) -> core::Vec<D> {
    if constexpr (D == 3) return v;
    else return v.head<2>();
  };
  SoftModel<D> m;
  std::vector<contact::Particle<D>>& ps = m.particles;
  ps.reserve(s.objects.size());
  for (const auto& o : s.objects) {
    contact::Particle<D> p;
    p.x = head(o.position);
    p.v = head(o.velocity);
    if constexpr (D == 2) p.w = o.spin.z();
    else p.w = o.spin;
    p.radius = o.radius;
    p.mass = o.mass;
    p.inertia_factor = o.inertia_factor;
    ps.push_back(p);
  }
  contact::WorldParams<D>& prm = m.params;
  core::Vec3 g = core::Vec3::Zero();
  for (const auto& f : s.forces) g += f.vector;  // gravity only (load.cpp)
  prm.gravity = head(g);
  prm.kn = s.contact.kn;
  prm.restitution = s.simulation.restitution;
  prm.end = s.contact.end == SoftEnd::force ? contact::ContactEnd::force : contact::ContactEnd::overlap;
  prm.kt = s.contact.kt, prm.mu = s.simulation.friction;  // 0 and 0 for the conservative laws (simulate_soft_dim)
  prm.skin = s.contact.skin;
  prm.step_factor = s.contact.step_factor;
  contact::Walls& walls = m.walls;
  for (const auto& ob : s.obstacles) walls.add(ob.shape, ob.inside);  // inside: a container (load.cpp: solids only)
  return m;
}

/// contact::validate on the scene's world, its time step included (the loader names the keys).
template <int D>
contact::Diagnostics validate_soft(const Scene& s) {
  const SoftModel<D> m = soft_model<D>(s);
  return contact::validate<D>(m.particles, m.params, m.walls, contact::Laws{}, s.simulation.dt);
}

}  // namespace verisim::scene
