// The checks of a soft-contact scene (law = "soft"): seed 003's time-step bound and the world's model.
#include <algorithm>
#include <cmath>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/stiffness.hpp"
#include "toolkit/contact/walls.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/scene/load_detail.hpp"

namespace verisim::scene::detail {

/// seed 003 "Choix du pas de temps": Δt ≤ c π √(m/k_n), m the smallest effective mass (the two
/// lightest particles, a lone particle against a wall), as contact::World::check_time_step. Empty
/// when dt is within the bound, else the message.
std::string soft_dt_excess(const Scene& s) {
  std::vector<double> m;
  for (const auto& o : s.objects) m.push_back(o.mass);
  std::sort(m.begin(), m.end());
  const double meff = m.size() > 1 ? contact::effective_mass(m[0], m[1]) : m[0];
  const double bound = contact::max_time_step(meff, s.contact.kn, s.contact.step_factor);
  if (s.simulation.dt <= bound) return "";
  return fmt::format("dt = {:.6g} s exceeds seed 003's bound c π √(m/k_n) = {:.6g} s (c = {}, k_n = {:.6g} N/m, m = {:.6g} kg "
                     "the smallest effective mass): take dt ≤ {:.6g}",
                     s.simulation.dt, bound, s.contact.step_factor, s.contact.kn, meff, bound);
}

/// The checks of a soft-contact scene (law = "soft"): contact::World's model, one gravity, walls.
void check_soft_scene(const Scene& s) {
  for (const auto& o : s.objects)
    if (o.type != ObjectType::particle)
      throw SceneError(o.where, fmt::format("[[object]] '{}': law 'soft' (contact::World) takes particles only "
                                            "(type 'particle' or 'particles'), not a {}", o.name, to_string(o.type)));
  for (const auto& f : s.forces) {
    if (f.type != ForceType::gravity)
      throw SceneError(f.where, "[[force]]: law 'soft' (contact::World, seed 003) takes uniform gravity only");
    if (f.on.size() != s.objects.size())
      throw SceneError(f.where, "[[force]]: with law 'soft', gravity acts on every particle (no 'on' list)");
    if (s.contact.dimension == 2 && f.vector.z() != 0.0)
      throw SceneError(f.where, "[[force]]: a 2D world ([contact] dimension = 2) lies in z = 0: g must have z = 0");
  }
  const Simulation& sim = s.simulation;
  if (sim.friction > 0.0 && !(s.contact.kt > 0.0))
    throw SceneError(s.contact.where, fmt::format("[contact]: friction μ = {} acts through F_t = −k_t u, |F_t| ≤ μ|F_n| "
                                                  "(seed 003): give kt > 0 (N·s/m)", sim.friction));
  for (const auto& ob : s.obstacles) {
    if (!std::isnan(ob.restitution) || !std::isnan(ob.friction))
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': with law 'soft' the walls take the world's contact "
                                             "law ([simulation] restitution, friction; [contact])", ob.name));
    // a particle whose centre is inside a wall cannot start (contact::World refuses it)
    for (const auto& o : s.objects) {
      const double d = (ob.inside ? -1.0 : 1.0) *
                       std::visit([&](const auto& sh) { return contact::wall_gap(sh, o.position).distance; }, ob.shape);
      if (d < 0.0)
        throw SceneError(o.where, fmt::format("[[object]] '{}': its centre is inside obstacle '{}' at t = 0 (distance {:.6g} m)",
                                              o.name, ob.name, d));
    }
  }
  if (const std::string e = soft_dt_excess(s); !e.empty()) throw SceneError(sim.dt_at, "[simulation]: " + e);
}

}  // namespace verisim::scene::detail
