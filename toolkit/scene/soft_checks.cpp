// The checks of a soft-contact scene (law = "soft"): seed 003's time-step bound and the world's model.
#include <algorithm>
#include <cmath>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/stiffness.hpp"
#include "toolkit/contact/validate.hpp"
#include "toolkit/scene/soft_model.hpp"
#include "toolkit/scene/load_detail.hpp"

namespace verisim::scene::detail {

/// seed 003 "Choix du pas de temps": Δt ≤ c π √(m/k_n) (contact::time_step_rule, the check
/// contact::World makes). Empty when dt is within the bound, else the message.
std::string soft_dt_excess(const Scene& s) {
  // Hertz: Δt ≤ 4c T_R of the smallest particle (contact::hertz_time_step_bound, the check contact::World makes)
  const auto bound = s.contact.hertz()
                         ? contact::hertz_time_step_bound(s.objects.size(), [&](std::size_t i) { return s.objects[i].radius; },
                                                          contact::Material{s.contact.youngs_modulus, s.contact.poisson,
                                                                            s.contact.density},
                                                          s.contact.step_factor)
                         : contact::time_step_bound(s.objects.size(), [&](std::size_t i) { return s.objects[i].mass; },
                                                    s.contact.kn, s.contact.step_factor);
  const auto d = contact::time_step_rule(s.simulation.dt, bound, false);
  return d ? d->message : "";
}

/// The checks of a soft-contact scene (law = "soft"): contact::World's model, its forces, walls.
void check_soft_scene(const Scene& s) {
  for (const auto& o : s.objects)
    if (o.type != ObjectType::particle)
      throw SceneError(o.where, fmt::format("[[object]] '{}': law 'soft' (contact::World) takes particles only "
                                            "(type 'particle' or 'particles'), not a {}", o.name, to_string(o.type)));
  // every [[force]] type acts on particles (field forces through FieldForces, soft_model.hpp); the mutual
  // ones are the world's long-range law (seed 003: near cells exact, far cells a mean field): one of them,
  // between all the particles
  const ForceSpec* mutual = nullptr;
  for (const auto& f : s.forces) {
    if (f.type == ForceType::gravity && s.contact.dimension == 2 && f.vector.z() != 0.0)
      throw SceneError(f.where, "[[force]]: a 2D world ([contact] dimension = 2) lies in z = 0: g must have z = 0");
    if (f.type != ForceType::mutual_gravity && f.type != ForceType::coulomb) continue;
    if (mutual)
      throw SceneError(f.where, fmt::format("[[force]]: law 'soft' has one long-range law between particles (seed 003's mean "
                                            "field), and line {} already gives one", mutual->where.line));
    if (f.on.size() != s.objects.size())
      throw SceneError(f.where, "[[force]]: with law 'soft', mutual-gravity and coulomb act between every two particles "
                                "(seed 003's long-range forces): no 'on' list");
    mutual = &f;
  }
  const Simulation& sim = s.simulation;
  if (s.contact.hertz()) {  // one world, Hertz–Tsuji–Mindlin (soft_model.hpp kHertzMindlinLaws): no extras compiled
    const char* why = "is not compiled with [contact] model = \"hertz-mindlin\" (one world: Hertz, Tsuji, Mindlin and one "
                      "uniform gravity; docs/scenes.md); use model = \"spring-dashpot\"";
    for (const auto& o : s.objects)
      if (o.dipole != core::Vec3::Zero()) throw SceneError(o.where, fmt::format("[[object]] '{}': a 'dipole' {}", o.name, why));
    for (const auto& f : s.forces)
      if (f.type != ForceType::gravity || f.on.size() != s.objects.size())
        throw SceneError(f.where, fmt::format("[[force]]: a force other than one 'gravity' on every particle {}", why));
  }
  if (!s.contact.hertz() && sim.friction > 0.0 && !(s.contact.kt > 0.0))
    throw SceneError(s.contact.where, fmt::format("[contact]: friction μ = {} acts through F_t = −k_t u, |F_t| ≤ μ|F_n| "
                                                  "(seed 003): give kt > 0 (N·s/m)", sim.friction));
  for (const auto& ob : s.obstacles) {
    if (!std::isnan(ob.restitution) || !std::isnan(ob.friction))
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': with law 'soft' the walls take the world's contact "
                                             "law ([simulation] restitution, friction; [contact])", ob.name));
  }
  // contact::validate on the world the scene makes (particles inside a wall at t = 0, the Δt bound, …),
  // each finding placed at its key: object, obstacle (wall k is obstacle k), dt, else [contact]
  const contact::Diagnostics found = s.contact.dimension == 2 ? validate_soft<2>(s) : validate_soft<3>(s);
  if (found.empty()) return;
  const contact::Diagnostic& d = found.front();
  constexpr std::size_t kNone = contact::Diagnostic::kNone;
  if (d.particle != kNone && d.wall != kNone)
    throw SceneError(s.objects[d.particle].where,
                     fmt::format("[[object]] '{}': its centre is inside obstacle '{}' at t = 0 (distance {:.6g} m)",
                                 s.objects[d.particle].name, s.obstacles[d.wall].name, d.value));
  if (d.particle != kNone) throw SceneError(s.objects[d.particle].where, fmt::format("[[object]] '{}': {}", s.objects[d.particle].name, d.message));
  if (d.wall != kNone) throw SceneError(s.obstacles[d.wall].where, fmt::format("[[obstacle]] '{}': {}", s.obstacles[d.wall].name, d.message));
  if (d.parameter == "dt") throw SceneError(sim.dt_at, "[simulation]: " + d.message);
  throw SceneError(s.contact.where, "[contact]: " + d.message);
}

}  // namespace verisim::scene::detail
