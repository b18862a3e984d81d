#pragma once
// A soft-contact scene (law = "soft") as the input of toolkit/contact's world: its particles, parameters
// and walls, assembled once for the world (soft_world.hpp) and for the loader's checks (validate_soft:
// contact::validate, toolkit/contact/validate.hpp, whose diagnostics load.cpp places at their keys).
#include <cstdint>
#include <map>
#include <type_traits>
#include <variant>
#include <vector>

#include "toolkit/contact/params.hpp"
#include "toolkit/contact/validate.hpp"
#include "toolkit/contact/walls.hpp"
#include "toolkit/scene/field_forces.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

/// What a soft-contact scene asks beyond the spring-dashpot and the friction (docs/scenes.md): seed 003's
/// cohesion, dipoles and long-range forces, and field forces other than one uniform gravity on every
/// particle. Any of them runs the scene on the world compiled with every law and the scene's FieldForces
/// (soft_world.hpp); a law compiled in but not asked for is skipped at run time (contact/world.hpp).
struct SoftExtras {
  bool cohesion = false, dipoles = false, long_range = false, field = false;
  bool any() const { return cohesion || dipoles || long_range || field; }
};

inline SoftExtras soft_extras(const Scene& s) {
  SoftExtras e;
  e.cohesion = s.contact.f_max > 0.0;
  for (const auto& o : s.objects) e.dipoles = e.dipoles || o.dipole != core::Vec3::Zero();
  for (const auto& f : s.forces) {
    if (f.type == ForceType::mutual_gravity || f.type == ForceType::coulomb) e.long_range = true;
    else if (f.type != ForceType::gravity || f.on.size() != s.objects.size()) e.field = true;
  }
  return e;
}

/// The world's laws for a scene with extras: all of them (those not asked for cost a test at run time).
inline constexpr contact::Laws kSoftAllLaws{.damping = true, .friction = true, .cohesion = true, .dipoles = true, .long_range = true};

/// The world's laws for model = "hertz-mindlin" (spheres only): Hertz with Tsuji's damping, Mindlin's spring
/// with history, always damped and with friction (ε = 1 gives α = 0, μ = 0 a zero cap: no conservative twin,
/// and no extras — ONE more world type, each of which instantiates every integrator: compile time).
inline constexpr contact::Laws kHertzMindlinLaws{.damping = true, .friction = true, .normal = contact::NormalModel::hertz,
                                                 .tangential = contact::TangentialModel::mindlin};

/// The laws the loader checks the scene against (soft_world.hpp's simulate_soft_dim picks the same family).
inline contact::Laws soft_laws(const Scene& s) {
  if (s.contact.hertz()) return kHertzMindlinLaws;
  return soft_extras(s).any() ? kSoftAllLaws : contact::Laws{};
}

/// A soft-contact scene as the contact world's input: particles (scene objects, in order), parameters,
/// walls (obstacles, in order: wall k is obstacle k), and, for a scene with field forces beyond one
/// uniform gravity, each particle's FieldForces (field_forces.hpp: the impulse world's switch).
template <int D>
struct SoftModel {
  std::vector<contact::Particle<D>> particles;
  contact::WorldParams<D> params;
  contact::Walls walls;
  contact::FieldSet<FieldForces> fields;
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
    p.charge = o.charge;
    p.dipole = head(o.dipole);
    if constexpr (D == 2) p.angle = o.angle;
    p.rotates = o.rotates;
    ps.push_back(p);
  }
  contact::WorldParams<D>& prm = m.params;
  const SoftExtras extras = soft_extras(s);
  if (!extras.field) {  // one uniform gravity on every particle (or none): the world's own g
    core::Vec3 g = core::Vec3::Zero();
    for (const auto& f : s.forces)
      if (f.type == ForceType::gravity) g += f.vector;
    prm.gravity = head(g);
  } else {  // the field forces of each particle, by the one switch (field_forces.hpp); particles acted on
            // by the same forces share one FieldForces
    std::vector<std::vector<std::uint32_t>> acting(s.objects.size());
    for (std::uint32_t k = 0; k < s.forces.size(); ++k)
      if (s.forces[k].type != ForceType::mutual_gravity && s.forces[k].type != ForceType::coulomb)
        for (std::size_t i : s.forces[k].on) acting[i].push_back(k);
    std::map<std::vector<std::uint32_t>, std::uint32_t> sets;
    m.fields.of.reserve(s.objects.size());
    for (const auto& forces : acting) {
      const auto [it, added] = sets.emplace(forces, static_cast<std::uint32_t>(m.fields.fields.size()));
      if (added) {
        FieldForces F = no_field_forces();
        for (std::uint32_t k : forces) add_field_force(F, s.forces[k]);
        m.fields.fields.push_back(std::move(F));
      }
      m.fields.of.push_back(it->second);
    }
  }
  prm.cohesion = {s.contact.delta_c, s.contact.f_max};
  prm.dipole = {s.contact.alpha, s.contact.mu0};
  for (const auto& f : s.forces) {  // seed 003's long-range forces (soft_checks.cpp: at most one, on every particle)
    if (f.type == ForceType::mutual_gravity) prm.long_range.coupling = -f.constant, prm.long_range.use_mass = true;
    else if (f.type == ForceType::coulomb) prm.long_range.coupling = f.constant, prm.long_range.use_mass = false;
    else continue;
    prm.long_range.cells_per_side = f.cells;
    prm.long_range.centre = f.cell_centre ? contact::MeanFieldCentre::cell_centre : contact::MeanFieldCentre::centroid;
  }
  prm.kn = s.contact.kn;
  prm.restitution = s.simulation.restitution;
  prm.end = s.contact.end == SoftEnd::force ? contact::ContactEnd::force : contact::ContactEnd::overlap;
  prm.kt = s.contact.kt, prm.mu = s.simulation.friction;  // 0 and 0 for the conservative laws (simulate_soft_dim)
  prm.skin = s.contact.skin;
  prm.material = {s.contact.youngs_modulus, s.contact.poisson, s.contact.density};  // hertz-mindlin (else unused)
  prm.tangential_damping = s.contact.tangential_damping;
  prm.step_factor = s.contact.step_factor;
  contact::Walls& walls = m.walls;
  for (const auto& ob : s.obstacles) walls.add(ob.shape, ob.inside);  // inside: a container (load.cpp: solids only)
  return m;
}

/// contact::validate on the scene's world, its time step included (the loader names the keys).
template <int D>
contact::Diagnostics validate_soft(const Scene& s) {
  const SoftModel<D> m = soft_model<D>(s);
  return contact::validate<D>(m.particles, m.params, m.walls, soft_laws(s), s.simulation.dt);
}

}  // namespace verisim::scene
