#pragma once
// A scene (docs/scenes.md): what a scene file describes, as plain values, checked by load_scene
// (load.hpp) and turned into the toolkit's pieces by ImpulseWorld (impulse_world.hpp). Seed 001 §1: "une boîte à
// outil assez générique pour que vous puissiez facilement simuler des situations physiques simples
// (p.ex. pour tester vos résultats d'exercices théoriques)".
//
// Every entry keeps where it was written (file, line, column: toml++'s source positions), so an
// error found after parsing (overlap at t = 0, a pendulum at its pole) still names the place.
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "toolkit/collisions/laws.hpp"
#include "toolkit/core/numbers.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/shape.hpp"
#include "toolkit/models/time_law.hpp"

namespace verisim::scene {

/// A place in a scene file (1-based line and column; 0 when unknown).
struct Source {
  std::string file;
  int line = 0;
  int column = 0;
};

/// A bad scene: the message is "file:line:column: what" (the compiler's form, so editors jump to it).
/// An std::invalid_argument, so the command line maps it to exit code 2 like any bad input.
class SceneError : public std::invalid_argument {
 public:
  /// "file:line:column: what"; "file: what" for the file as a whole (line 0: no position in it).
  SceneError(const Source& where, const std::string& what)
      : std::invalid_argument(where.file +
                              (where.line > 0 ? ":" + std::to_string(where.line) + ":" + std::to_string(where.column) : "") +
                              ": " + what),
        where_(where) {}
  const Source& where() const { return where_; }

 private:
  Source where_;
};

using core::kNaN;  // toolkit/core/numbers.hpp

// ---------------------------------------------------------------------------------------- objects
enum class ObjectType {
  point,               ///< mass point, 3 DOF, optional charge (seed 001 §2)
  spring,              ///< mass on a spring along d (seed 001 §B.1), 1 DOF
  pendulum,            ///< plane pendulum (seed 001 §B.2), 1 DOF
  spherical_pendulum,  ///< spherical pendulum (seed 001 §B.3), 2 DOF
  sphere,              ///< rigid ball with spin (seed 001 §F), 3 + 3 DOF
  disc,                ///< rigid disc in the plane z = 0 with spin (seeds 000, 004), 3 DOF (x, y, θ)
  box,                 ///< rigid rectangle in the plane z = 0 (seed 002), 3 DOF (x, y, θ)
  particle,            ///< soft-contact (DEM) disc or sphere of contact::World (seed 003); `particles` generates many
  physical_pendulum,   ///< rigid body about a fixed axis (seed 001 §B.2's remark, I_axis = I_cm + m d²), 1 DOF
  relaxation,          ///< first-order object Ė = (u(t) − E)/τ (seed 001 §2), 1 DOF
};

struct ObjectSpec {
  ObjectType type = ObjectType::point;
  std::string name;
  Source where;
  double mass = 1.0;            ///< kg
  double charge = 0.0;          ///< C
  // free bodies (point, sphere, disc, box): world position and velocity
  core::Vec3 position = core::Vec3::Zero();
  core::Vec3 velocity = core::Vec3::Zero();
  core::Vec3 spin = core::Vec3::Zero();     ///< angular velocity ω (rad/s); discs and boxes: (0, 0, ω_z)
  double angle = 0.0;           ///< disc, box: initial orientation θ (rad, counter-clockwise)
  double radius = 0.0;          ///< sphere, disc (m)
  double inertia_factor = 0.0;  ///< sphere, disc: I = α m R²
  double friction = kNaN;       ///< sphere, disc: the surface's own μᵢ (pair_friction); NaN: none given
  core::Vec3 dipole = core::Vec3::Zero();  ///< particle: magnetic moment M at angle 0 (A·m², seed 003)
  double width = 0.0, height = 0.0;  ///< box (m): I = m (w² + h²)/12 (seed 002 §3.1)
  // constrained bodies (seed 001 §B): origin O, direction d
  core::Vec3 origin = core::Vec3::Zero();
  core::Vec3 direction{1.0, 0.0, 0.0};
  double stiffness = 0.0;       ///< spring k (N/m)
  double damping = 0.0;         ///< spring b (kg/s), pendulum b (kg m²/s)
  double length = 1.0;          ///< spring rest length (drawing), pendulum length (m)
  double x0 = 0.0, v0 = 0.0;    ///< spring E₁, Ė₁
  double theta0 = 0.0, omega0 = 0.0;  ///< pendulum θ, θ̇
  double phi0 = 0.0, phi_dot0 = 0.0;  ///< spherical pendulum φ, φ̇ (θ, θ̇ in theta0, omega0)
  double moment = 0.0;          ///< physical pendulum: I_cm (kg m²), about the centre of mass (its distance d in length)
  core::Vec3 support = core::Vec3::Zero();  ///< pendulums: the pivot moves as O + support·s(t) (m)
  models::TimeLaw support_law;  ///< its s(t) (constant or cosine)
  double tau = 0.0;             ///< relaxation: τ (s)
  double E0 = 0.0;              ///< relaxation: E(0)
  models::TimeLaw source;       ///< relaxation: u(t) = U·s(t)

  bool rotates = true;          ///< particle: false keeps its spin as given (a block that slides; contact::Particle::rotates)
  std::string group;            ///< particle: the name of the [[object]] of type `particles` that generated it
  // the kind's flags (object_kinds.hpp)
  bool collides() const;
  bool round() const;
  bool planar() const;
};

// ----------------------------------------------------------------------------------------- forces
enum class ForceType {
  gravity,         ///< m g
  drag,            ///< −b v
  constant,        ///< F
  central,         ///< −G M m r/|r|³ from a fixed point
  lorentz,         ///< q (E + v × B)
  mutual_gravity,  ///< −G mᵢ mⱼ r/|r|³ between objects
  coulomb,         ///< k qᵢ qⱼ r/|r|³ between objects
  driven,          ///< F·s(t), s a time law (models/time_law.hpp: cosine, table)
};

struct ForceSpec {
  ForceType type = ForceType::gravity;
  Source where;
  core::Vec3 vector = core::Vec3::Zero();   ///< g, F or E
  core::Vec3 B = core::Vec3::Zero();        ///< lorentz
  core::Vec3 center = core::Vec3::Zero();   ///< central
  double coefficient = 0.0;     ///< drag b, central M
  double constant = 0.0;        ///< G (central, mutual_gravity) or k (coulomb)
  models::TimeLaw law;          ///< driven: s(t)
  int cells = 8;                ///< mutual_gravity, coulomb with law "soft": the mean field's cells per side (seed 003)
  bool cell_centre = false;     ///< … its far cells' effective particle at the cell's centre (else the centroid)
  std::vector<std::size_t> on;  ///< indices of the objects it acts on (all when the key is absent)
};

// -------------------------------------------------------------------------------------- obstacles
using Shape = geometry::Shape;  ///< the table of shapes (toolkit/geometry/shape.hpp)

struct ObstacleSpec {
  std::string name;
  Source where;
  Shape shape;
  bool inside = false;        ///< law "soft": a brick, sphere or cylinder seen from inside (a container, a drum)
  double restitution = kNaN;  ///< NaN: the simulation's
  double friction = kNaN;     ///< NaN: the simulation's
};

// ------------------------------------------------------------------------------------- simulation
/// The law of collisions of spheres and discs (boxes always take seed 002's): the entries of
/// toolkit/collisions/laws.hpp's table with `scene` (frictionless, coulomb-spheres, spinning-spheres,
/// ball-bounce, soft), named in files by its names and aliases.
using Law = collisions::Law;

/// End of a soft contact (contact::ContactEnd): δ back to 0 (seed 003) or F_n back to 0 (Schwager & Pöschel 2007).
enum class SoftEnd { overlap, force };

/// The soft world's pair law ([contact] model): seed 003's linear spring-dashpot with the regularised
/// friction, or Hertz's normal force with Tsuji's damping and Mindlin's tangential spring with history
/// (toolkit/contact/granular.hpp; spheres only).
enum class SoftPairLaw { spring_dashpot, hertz_mindlin };

/// The soft-contact world's parameters ([contact], law = "soft"; docs/scenes.md and docs/contact.md).
/// ε and μ are the simulation's `restitution` and `friction`.
struct ContactSpec {
  Source where;
  int dimension = 3;          ///< 2: discs in the plane z = 0; 3: spheres
  double kn = 0.0;            ///< k_n (N/m), given or from a stiffness regime (seed 003 "Choix de la raideur")
  SoftEnd end = SoftEnd::overlap;
  double kt = 0.0;            ///< k_t (N·s/m)
  double step_factor = 0.05;  ///< c of Δt ≤ c π √(m/k_n)
  double skin = -1.0;         ///< Verlet skin (m); < 0: 0.1 × the mean diameter
  double delta_c = 0.0;       ///< [contact.cohesion] range δ_c (m); 0: no cohesion (seed 003 "Force cohésive")
  double f_max = 0.0;         ///< [contact.cohesion] strength F_max (N)
  double alpha = 0.1;         ///< [contact.dipoles] cut-off 1/r_c⁴ = α/(R_i + R_j)⁴ (seed 003)
  double mu0 = 4.0e-7 * std::numbers::pi;  ///< [contact.dipoles] μ₀ (T·m/A)
  std::vector<double> regimes_kn;  ///< k_n of each stiffness regime given (its largest is kn; seed 003)
  SoftPairLaw model = SoftPairLaw::spring_dashpot;  ///< `model`: "spring-dashpot" or "hertz-mindlin"
  double youngs_modulus = 0.0;   ///< [contact.material] E (Pa), hertz-mindlin
  double poisson = 0.0;          ///< [contact.material] ν, hertz-mindlin
  double density = 0.0;          ///< [contact.material] ρ (kg/m³), hertz-mindlin (the Hertz Δt bound)
  double tangential_damping = 0.0;  ///< x_t ≥ 0: η_t = x_t η_n (hertz-mindlin; granular.hpp)
  bool hertz() const { return model == SoftPairLaw::hertz_mindlin; }
};

/// When a collision is handled (docs/scenes.md "Events").
enum class EventMode {
  located,            ///< root of the gap on the step, impulse at that instant, then the rest of the step
  after_penetration,  ///< impulse at the end of the step in which the bodies overlap (seed 002's code)
};

struct Simulation {
  Source where;
  std::string integrator = "verlet";  ///< the file's; absent: verlet, dem-verlet-predicted for law = "soft"
  double dt = 0.0;
  Source dt_at;                   ///< where dt was written (the soft world's Δt bound names it)
  std::size_t steps = 0;          ///< t_end = steps·dt
  std::size_t sample_every = 1;   ///< one output row every this many steps
  bool sample_every_given = false;  ///< written in the file (else the default, sized to the scene: load.cpp)
  Law law = Law::frictionless;
  double restitution = 1.0;
  double friction = 0.0;
  EventMode events = EventMode::located;
  bool soft_contacts = true;        ///< law "soft": follow every contact (events.csv; `events = "none"`: not)
  /// law "soft": the threads the contact world's evaluation runs on (the same bits for any count;
  /// docs/contact.md "Threads"). A run setting, not a file key: `verisim run/study --threads`.
  unsigned threads = 1;

  double t_end() const { return static_cast<double>(steps) * dt; }
};

/// The μ of a contact between two surfaces, each with its own coefficient or none (NaN): seed 001 §E.1
/// "on pourra généraliser à μ de la forme μ₁·μ₂ […] (μ₁ pour la première, μ₂ pour la seconde)". A
/// surface without its own coefficient counts as 1, so a pair where one surface gives μᵢ has μ = μᵢ
/// (an obstacle's `friction` keeps meaning the pair's μ with every object that gives none); a pair
/// where neither gives one takes the simulation's `friction` (docs/scenes.md "Friction").
inline double pair_friction(double mu1, double mu2, double simulation) {
  if (std::isnan(mu1) && std::isnan(mu2)) return simulation;
  return (std::isnan(mu1) ? 1.0 : mu1) * (std::isnan(mu2) ? 1.0 : mu2);
}

struct Scene {
  std::string file;         ///< the path it was read from
  std::string name;         ///< file stem
  std::string title;
  std::string description;
  Simulation simulation;
  std::vector<ObjectSpec> objects;
  std::vector<ForceSpec> forces;
  std::vector<ObstacleSpec> obstacles;
  ContactSpec contact;      ///< law = "soft" only
};

std::string_view to_string(ObjectType t);
using collisions::to_string;  // a law's canonical name
std::string_view to_string(EventMode m);

}  // namespace verisim::scene
