#pragma once
// A soft-contact scene (law = "soft", docs/scenes.md "Particles"): the scene's particles, gravity and
// obstacles turned into toolkit/contact's world (seed 003: spring-dashpot normal force, regularised
// Coulomb friction; docs/contact.md), and run by ONE call of integrators::integrate_n_steps through
// contact::integrate (seed 003's time-step check, then the loop), with the scene's recorder.
//
// The world's type contact::World<D, Laws, Field> is picked once, at the boundary (simulate.cpp): the
// dimension (2: discs in z = 0, 3: spheres) and the laws — without damping (ε = 1) and friction
// (μ = 0) the world is velocity-independent, so the splitting methods take their exact kick (the
// leapfrog of seed 003's undamped bounce); otherwise Laws{} (damping and friction); a scene with
// cohesion, dipoles, long-range forces or field forces beyond one uniform gravity (soft_model.hpp,
// SoftExtras) takes every law and the scene's FieldForces per particle (field_forces.hpp), three
// worlds per dimension in all (each world type instantiates every integrator: compile time); model =
// "hertz-mindlin" (3D only, no extras) one more, contact::World<3, kHertzMindlinLaws>. Each
// dimension is compiled in its own translation unit (soft_world_2d.cpp, soft_world_3d.cpp).

#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/diagnostics.hpp"
#include "toolkit/contact/input_error.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/core/checkpoint.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/recorder.hpp"
#include "toolkit/scene/soft_model.hpp"
#include "toolkit/scene/soft_tracker.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene {

/// The scene's world (a description: immutable) and the workspace its energy is computed with,
/// apart from the run's (an observer never touches the stepping's neighbour list).
template <int D, contact::Laws L, class Field = contact::NoField>
class SoftWorld {
 public:
  using World = contact::World<D, L, Field>;

  explicit SoftWorld(const Scene& scene) : scene_(scene), world_(make(scene)) {}

  const World& world() const { return world_; }
  State initial_state() const { return world_.initial_state(); }

  /// Per particle: its world position and velocity x … vz (z = 0 in 2D), then its spin (wz in 2D;
  /// wx, wy, wz in 3D), as the ImpulseWorld's spheres.
  std::vector<std::string> trajectory_header() const {
    std::vector<std::string> h;
    h.reserve(scene_.objects.size() * (D == 2 ? 7 : 9));
    core::Pacer pacer;  // 10⁶ particles: a stop signal is seen every ~0.1 s (toolkit/core/checkpoint.hpp)
    for (const auto& o : scene_.objects) {
      pacer.checkpoint();
      for (const char* c : {"x", "y", "z", "vx", "vy", "vz"}) h.push_back(o.name + "." + c);
      if constexpr (D == 2) h.push_back(o.name + ".wz");
      else for (const char* c : {"wx", "wy", "wz"}) h.push_back(o.name + "." + c);
    }
    return h;
  }
  void trajectory_row(const State& x, std::vector<double>& row) const {
    row.clear();
    for (std::size_t i = 0; i < world_.size(); ++i) {
      const auto p = world_.position(x.q, i), v = world_.velocity(x.v, i);
      for (int c = 0; c < 3; ++c) row.push_back(c < D ? p[c] : 0.0);
      for (int c = 0; c < 3; ++c) row.push_back(c < D ? v[c] : 0.0);
      const auto w = world_.spin(x.v, i);
      if constexpr (D == 2) row.push_back(w);
      else row.insert(row.end(), {w.x(), w.y(), w.z()});
    }
  }
  double kinetic_energy(const State& x) const { return world_.kinetic_energy(x); }
  /// −m g·x, the field forces' potentials, the contact springs ½ k_n δ² (pairs and walls), cohesion, dipoles
  /// and long-range forces (contact/diagnostics.hpp): the dashpot and friction dissipate.
  double potential_energy(const State& x, double t) { return contact::potential_energy(world_, energy_ws_, x.q, t); }
  std::vector<std::string> conserved_header() const { return {}; }
  void conserved_row(const State&, std::vector<double>& row) const { row.clear(); }

  /// The particle (scene object) whose coordinates hold index i of the state (field-blocked layout).
  std::size_t object_of(Eigen::Index i) const {
    const auto n = static_cast<Eigen::Index>(world_.size());
    return static_cast<std::size_t>(i < n * D ? i / D : (i - n * D) / World::rot);
  }

 private:
  static World make(const Scene& s) {
    SoftModel<D> m = soft_model<D>(s);
    try {
      if constexpr (World::has_field) {
        if (m.fields.of.empty())  // no field force but the world's gravity: one empty set for all
          m.fields.fields.push_back(no_field_forces()), m.fields.of.assign(m.particles.size(), 0);
        return World(std::move(m.particles), m.params, std::move(m.walls), std::move(m.fields));
      }
      return World(std::move(m.particles), m.params, std::move(m.walls));
    } catch (const contact::InputError& e) {
      throw SceneError(s.contact.where, std::string("[contact]: ") + e.what());
    }
  }

  const Scene& scene_;
  World world_;
  typename World::Workspace energy_ws_;
};

/// Run a soft-contact scene on contact::World<D, L>: the registry's variant visited once, then
/// contact::integrate (seed 003's Δt check + integrators::integrate_n_steps, the one loop).
template <int D, contact::Laws L, class Field = contact::NoField>
RunResult simulate_soft(const Scene& scene, Progress progress, Observer observer) {
  const Simulation& sim = scene.simulation;
  SoftWorld<D, L, Field> soft(scene);
  RunResult result;
  auto rec = prepare_run(scene, soft, result, progress, observer);
  // Hooke's spring (ε = 1, no friction): ½ k_n δ² is in the potential energy; drag dissipates; the dipoles'
  // cut-off truncates their potential (a pair crossing r_c changes T + U by U(r_c))
  bool drag = false, driven = false;  // a drive F·s(t) does work on the particles
  for (const auto& f : scene.forces) {
    drag = drag || (f.type == ForceType::drag && f.coefficient > 0.0);
    driven = driven || f.type == ForceType::driven;
  }
  result.driven = driven;
  result.conserves_energy = sim.restitution == 1.0 && sim.friction == 0.0 && scene.contact.kt == 0.0 && !drag &&
                            !driven && !soft.world().has_dipoles();
  State x = soft.initial_state();
  auto ws = soft.world().workspace();  // the run's
  ws.set_threads(sim.threads);
  std::optional<SoftContactTracker<D, L, Field>> contacts;  // events.csv (soft_tracker.hpp), unless events = "none"
  if (sim.soft_contacts) contacts.emplace(soft.world(), result.soft, sim.dt);
  auto observe = [&](const State& s, double t, std::size_t k) {
    if (contacts) (*contacts)(s, t, k);
    rec(s, t, k);
  };
  auto run = [&](auto& s) { contact::integrate(s, soft.world(), ws, x, 0.0, sim.dt, sim.steps, observe); };
  try {
    auto stepper = integrators::make_stepper<core::VecX>(sim.integrator);  // any the loader let through (load.cpp)
    std::visit(run, stepper);
  } catch (const contact::InputError& e) {  // the time-step bound (a --dt override)
    throw SceneError(sim.dt_at, std::string("[simulation]: ") + e.what());
  } catch (const core::NonFiniteState& e) {
    throw non_finite_error(scene, soft, x, e);
  }
  if (contacts) contacts->finish();
  if (progress.report) progress.report(progress.context, sim.steps, sim.steps);
  return result;
}

/// The laws picked from the scene: none (ε = 1, μ = 0: velocity-independent) or damping and friction;
/// every law and the scene's field forces when it asks for more (SoftExtras).
/// model = "hertz-mindlin" runs on ONE world, contact::World<3, kHertzMindlinLaws> (the loader refuses it in 2D and
/// with extras, soft_checks.cpp).
template <int D>
RunResult simulate_soft_dim(const Scene& scene, Progress progress, Observer observer) {
  if (scene.contact.hertz()) {
    if constexpr (D == 3) return simulate_soft<3, kHertzMindlinLaws>(scene, progress, observer);
    else throw SceneError(scene.contact.where, "[contact]: model = \"hertz-mindlin\" needs dimension = 3 (spheres)");
  }
  if (soft_extras(scene).any()) return simulate_soft<D, kSoftAllLaws, FieldForces>(scene, progress, observer);
  const bool conservative = scene.simulation.restitution == 1.0 && scene.simulation.friction == 0.0 && scene.contact.kt == 0.0;
  if (conservative) return simulate_soft<D, contact::Laws{.damping = false, .friction = false}>(scene, progress, observer);
  return simulate_soft<D, contact::Laws{}>(scene, progress, observer);
}

}  // namespace verisim::scene
