#pragma once
// A scene made of the toolkit's own pieces (docs/scenes.md, docs/architecture.md "Scenes"): the
// objects are models::Object<Constraint, FieldForces> (seed 001 §2 and appendix B), FieldForces a
// models::ForceSum of UniformGravity, LinearDrag, ConstantForce, LorentzForce and CentralGravity, the
// obstacles toolkit/geometry's shapes (one ShapeSet), the collisions toolkit/collisions' impulse laws.
//
// The ImpulseWorld is ONE second-order system sys(q, v, a, t) over a dynamic state (the concatenation of
// every object's degrees of freedom), so integrators::integrate_n_steps steps it with any
// integrator of the registry. Objects are kept in one vector per kind (points, springs, …): the
// force evaluation runs a loop per kind on concrete types, with no virtual call, no std::visit and
// no allocation.
//
// The world is a const description of the scene. What a run changes as it goes (the spherical
// pendulums' current charts, the resting contacts and their reactions, scratch) is the run's
// ImpulseWorkspace, made by workspace() and sized there: two runs never share hidden state.
//
// Contacts (the gap functions of contacts.hpp) and impulses are applied between steps by
// EventStepper (event_stepper.hpp); spherical pendulums move to their other chart near a pole through
// the loop's remap hook (SystemView::remap). The code is split by job: impulse_build.cpp (scene →
// world), impulse_dynamics.cpp (the accelerations, charts), impulse_resting.cpp (resting contacts'
// reactions), impulse_impulses.cpp (gaps and impulses), impulse_output.cpp (energies, rows).
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/branch.hpp"
#include "toolkit/collisions/rigid_body.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/rectangle.hpp"
#include "toolkit/geometry/shape.hpp"
#include "toolkit/models/central_gravity.hpp"
#include "toolkit/models/circle.hpp"
#include "toolkit/models/constant_force.hpp"
#include "toolkit/models/damping.hpp"
#include "toolkit/models/driven_force.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/free.hpp"
#include "toolkit/models/line.hpp"
#include "toolkit/models/linear_drag.hpp"
#include "toolkit/models/lorentz_force.hpp"
#include "toolkit/models/object.hpp"
#include "toolkit/models/relaxation.hpp"
#include "toolkit/models/sphere_surface.hpp"
#include "toolkit/models/uniform_gravity.hpp"
#include "toolkit/scene/contacts.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

using State = core::PhaseState<core::VecX>;

/// The field forces acting on one object: the models' forces, summed (models::ForceSum). Set once
/// from the scene; a force absent from the scene is a zero term.
using FieldForces = models::ForceSum<models::UniformGravity, models::LinearDrag, models::ConstantForce,
                                     models::LorentzForce, models::ForceList<models::CentralGravity>,
                                     models::ForceList<models::DrivenForce>>;

/// One collision, as events.csv writes it.
struct Event {
  double t;
  std::size_t a;          ///< object index
  std::size_t b;          ///< object index, or obstacle index when `with_obstacle`
  bool with_obstacle;
  collisions::Branch branch;
  double normal_speed;    ///< approach speed along the normal before the impulse (m/s)
  double normal_speed_after;  ///< separation speed after (m/s)
  double energy_change;   ///< kinetic energy after − before of the bodies involved (J)
  double mu_e;            ///< seed 004 eq. (10) (ball-bounce law), NaN otherwise
  core::Vec3 normal;            ///< unit contact normal, into body a
  core::Vec3 v_before, v_after; ///< body a's velocity (centre of mass) before and after
  core::Vec3 w_before, w_after; ///< body a's angular velocity before and after
  // two bodies (not an obstacle): where both were and how b moved (seed 000's figure, scene_page)
  core::Vec3 xa = core::Vec3::Constant(kNaN), xb = core::Vec3::Constant(kNaN);  ///< centres at the impulse
  core::Vec3 vb_before = core::Vec3::Constant(kNaN), vb_after = core::Vec3::Constant(kNaN);  ///< body b's velocity
};

/// Counters of the contact handling, for the report.
struct ContactStats {
  std::size_t collisions = 0;      ///< impulses logged as events
  std::size_t resting = 0;         ///< impulses at approach speeds below v_rest (resting contact)
  std::size_t located = 0;         ///< roots located inside a step
};

/// A contact whose reaction the force evaluation adds (ImpulseWorld::update_resting).
struct RestingContact {
  std::size_t pair;
  int vertex;  ///< box vertex, −1 for round bodies; box–box: 4·side + vertex (side 0: the first box's vertices)
};

/// What a run of an ImpulseWorld changes (see the top): made by ImpulseWorld::workspace(), one per run.
struct ImpulseWorkspace {
  std::vector<models::SphereSurface> charts;  ///< the current chart of each spherical pendulum
  std::vector<RestingContact> resting;        ///< the resting contacts (update_resting)
  std::vector<double> lambda;                 ///< their reactions, projected Gauss–Seidel (apply_reactions)
  std::vector<core::Vec3> x, w, fm;           ///< scratch by object: world positions, velocities, mutual forces
  double t = 0.0;                             ///< the time of the state evaluated or observed (moving supports)
};

class ImpulseWorld {
 public:
  explicit ImpulseWorld(const Scene& scene);

  /// A run's workspace, sized for this world (the spherical pendulums in their seed's chart).
  ImpulseWorkspace workspace() const;

  // ---- the second-order system (toolkit/core/system.hpp) ---------------------------------------
  void acceleration(const core::VecX& q, const core::VecX& v, core::VecX& a, double t, ImpulseWorkspace& ws) const;
  bool velocity_independent() const { return velocity_independent_; }

  // ---- state ---------------------------------------------------------------------------------
  const State& initial_state() const { return initial_; }
  Eigen::Index size() const { return initial_.q.size(); }
  /// The index of the object whose degrees of freedom hold coordinate i of the state.
  std::size_t object_of(Eigen::Index i) const;
  const Scene& scene() const { return scene_; }

  // ---- observation (out of the step loop's hot path: at samples only) -------------------------
  double kinetic_energy(const State& x, ImpulseWorkspace& ws) const;
  double potential_energy(const State& x, double t, ImpulseWorkspace& ws) const;
  /// Total linear momentum and angular momentum about the origin (spins included).
  core::Vec3 momentum(const State& x, ImpulseWorkspace& ws) const;
  core::Vec3 angular_momentum(const State& x, ImpulseWorkspace& ws) const;
  /// The header of trajectory.csv (after "t") and one row of it.
  std::vector<std::string> trajectory_header() const;
  void trajectory_row(const State& x, std::vector<double>& row, ImpulseWorkspace& ws) const;
  /// The conserved quantities this scene has (columns of energy.csv after total).
  std::vector<std::string> conserved_header() const;
  void conserved_row(const State& x, std::vector<double>& row, ImpulseWorkspace& ws) const;
  /// True when the scene's total energy is a conserved quantity (no drag, no damping, e = 1, no friction).
  bool conserves_energy() const { return conserves_energy_; }
  /// True when a time-dependent force acts (the drive supplies energy: the energy may grow).
  bool driven() const { return driven_; }

  // ---- contacts ------------------------------------------------------------------------------
  std::size_t pair_count() const { return pairs_.size(); }
  double gap(std::size_t p, const core::VecX& q) const;
  /// The names of the two bodies of contact p (messages).
  std::pair<std::string, std::string> pair_names(std::size_t p) const;
  /// Impulses at every contact touching (gap ≤ touch tolerance) and approaching, the laws of
  /// toolkit/collisions; `settle`: restitution 0 and the overlap projected away (resting contact).
  /// Returns true when an impulse was applied.
  bool resolve(State& x, double t, bool settle, std::vector<Event>& log, ContactStats& stats) const;
  /// The after-penetration mode (seed 002's code): impulses at every overlapping, approaching contact.
  void resolve_overlaps(State& x, double t, std::vector<Event>& log, ContactStats& stats) const;
  /// A contact this close (2|g|Δt², the depth a step of free fall reaches) and slower than v_rest is resting.
  double rest_gap() const { return rest_gap_; }
  /// Move spherical pendulums near a pole of their chart to the other chart (models::SphereSurface::remap).
  bool rechart(State& x, ImpulseWorkspace& ws) const;
  /// The resting contacts (touching, normal relative speed below v_rest) whose reaction the
  /// force evaluation adds until the next call: seed 001 §E.1 step 1 ("calcul des réactions": the
  /// normal component pushing into the other body is cancelled), for a box vertex the reaction
  /// that cancels the vertex's normal acceleration (seed 002's impulse denominator, per unit time).
  void update_resting(const State& x, ImpulseWorkspace& ws) const;

 private:
  // one vector per kind of object; `off` is the first index of its degrees of freedom in the state
  struct Point { models::Object<models::Free, FieldForces> o; Eigen::Index off; std::size_t index; };
  struct Spring { models::Object<models::Line<models::Damped>, FieldForces> o; Eigen::Index off; std::size_t index; };
  /// Plane pendulums, point bob (seed 001 §B.2) or rigid body about the axis (Circle::inertia_ratio > 1).
  /// A moving pivot O + S·s(t) (support, support_law; S = 0: fixed) adds the inertial force −m S s̈(t) in the
  /// pivot's frame and S s(t), S ṡ(t) to the world position and velocity.
  struct Pendulum {
    models::Object<models::Circle<models::Damped>, FieldForces> o;
    Eigen::Index off;
    std::size_t index;
    core::Vec3 support = core::Vec3::Zero();
    models::TimeLaw support_law{};
  };
  /// First-order objects Ė = f(t, E) (seed 001 §2): E is held in the velocity slot of the state, so every
  /// second-order integrator steps it (a = f(t, v)); the position slot holds ∫E dt. RK4 and Euler then take
  /// exactly their first-order forms (§3.4.2, §3.2.2), Euler-Cromer too (its first-order form is Euler's).
  struct Relax { models::Relaxation r; Eigen::Index off; std::size_t index; };
  struct Spherical {
    models::Object<models::SphereSurface, FieldForces> o;  // in the seed's chart; a run's current chart is its workspace's
    models::SphereSurface seed_chart;                      // the seed's chart (k = {g}₁), for output
    Eigen::Index off;
    std::size_t index;
  };
  /// Spheres (3 + 3 DOF: position, ∫ω dt) and discs (x, y, θ): the round bodies of the impulse laws.
  struct Round {
    models::Object<models::Free, FieldForces> o;  // translation
    bool planar;
    double radius, alpha;                         // I = α m R²
    Eigen::Index off;
    std::size_t index;
  };
  struct Box {
    models::Object<models::Free, FieldForces> o;  // translation (z dropped: the body stays in z = 0)
    double width, height, inertia;
    Eigen::Index off;
    std::size_t index;
  };
  /// A spring mass or pendulum bob given a `radius`: it meets obstacles (a 1-DOF body: impulse_impulses.cpp).
  struct Bob {
    bool spring;         // springs_ or pendulums_
    std::size_t slot;    // its index there
    Eigen::Index off;
    std::size_t index;   // object index
    double radius;
  };
  /// box_box: vertex–edge contact of two boxes (a = the first box, b = the second); box_round: a
  /// box (a) and a disc (b, in rounds_) — both seed 002 §4's impulse with both inertias.
  enum class PairKind { round_round, round_obstacle, box_plane, box_box, box_round, bob_obstacle };
  /// A possible contact. Obstacles are kept in one vector per shape (shapes_), so the gap is a
  /// direct call on the shape's type (ShapeSet::with: a branch per kind, never a std::visit).
  struct Pair {
    PairKind kind;
    std::size_t a;         // rounds_, or boxes_ (box_plane, box_box, box_round)
    std::size_t b;         // rounds_ (round_round, box_round), boxes_ (box_box) or the index in its shape's vector
    std::size_t shape;     // the shape's kind in shapes_ (obstacles)
    std::size_t obstacle;  // scene obstacle index
    double restitution, friction;
  };

  // world position and velocity of every object, by object index, into the workspace
  void world_kinematics(const core::VecX& q, const core::VecX& v, ImpulseWorkspace& ws) const;
  void mutual_forces(ImpulseWorkspace& ws) const;
  double mutual_potential(const ImpulseWorkspace& ws) const;
  core::Vec3 spherical_momentum(std::size_t j, const State& x, const ImpulseWorkspace& ws) const;
  core::Vec3 bob_position(const Bob& b, const core::VecX& q) const;
  /// ∂x/∂E of a bob: its world velocity per unit Ė (d for a spring, L u for a pendulum).
  core::Vec3 bob_tangent(const Bob& b, const core::VecX& q) const;
  core::Vec3 round_center(const Round& r, const core::VecX& q) const;
  core::Vec3 round_velocity(const Round& r, const core::VecX& v) const;
  core::Vec3 round_omega(const Round& r, const core::VecX& v) const;
  double round_kinetic(const Round& r, const core::VecX& v) const;
  void set_round(const Round& r, core::VecX& v, const core::Vec3& vel, const core::Vec3& omega) const;
  void translate_round(const Round& r, core::VecX& q, const core::Vec3& d) const;
  geometry::Rectangle box_rectangle(const Box& b, const core::VecX& q) const;
  /// A body of the plane (box or disc) as seed 002 §4 sees it: its coordinates x, y, θ at `off`.
  struct Planar {
    Eigen::Index off;
    double mass, inertia;
    std::size_t index;  // object index
  };
  Planar planar(const Box& b) const { return {b.off, b.o.mass, b.inertia, b.index}; }
  Planar planar(const Round& r) const { return {r.off, r.o.mass, r.alpha * r.o.mass * r.radius * r.radius, r.index}; }
  /// A resting contact of two planar bodies (box–box, box–disc): body 1, body 2, the contact point P
  /// and the normal n from 2 into 1, at positions q.
  struct PlanarContact {
    Planar b1, b2;
    core::Vec2 P, n;
    double gap;  // the vertex's distance to the other box, or the disc's gap
  };
  PlanarContact planar_contact(const Pair& p, int vertex, const core::VecX& q) const;
  /// Touching within the rest gap and slower than v_rest along n (update_resting).
  bool planar_resting(const PlanarContact& c, const State& x) const;
  /// Seed 002 §4's impulse at the contact point P between body 1 and body 2, n from 2 into 1, when
  /// they approach there (restitution 0 when `settle` or slower than v_rest). True when applied.
  bool planar_impulse(const Pair& p, State& x, double t, bool settle, const Planar& b1, const Planar& b2,
                      const core::Vec2& P, const core::Vec2& n, std::vector<Event>& log, ContactStats& stats) const;
  ObstacleContact obstacle_contact(const Pair& p, const core::Vec3& center, double radius) const;
  void check_in_plane(const Pair& p, const core::Vec3& n, double t) const;
  bool resolve_pair(const Pair& p, State& x, double t, bool settle, bool overlapping_only, std::vector<Event>& log,
                    ContactStats& stats) const;
  bool resolve_bob(const Pair& p, State& x, double t, bool settle, bool overlapping_only, std::vector<Event>& log,
                   ContactStats& stats) const;
  void apply_reactions(const core::VecX& q, const core::VecX& v, core::VecX& a, ImpulseWorkspace& ws) const;
  core::Vec3 r_acc(const Round& r, const core::VecX& a) const;
  void r_push(const Round& r, core::VecX& a, const core::Vec3& d) const;

  Scene scene_;
  State initial_;
  std::vector<Point> points_;
  std::vector<Spring> springs_;
  std::vector<Pendulum> pendulums_;
  std::vector<Relax> relaxations_;
  std::vector<Bob> bobs_;
  std::vector<Spherical> sphericals_;
  std::vector<Round> rounds_;
  std::vector<Box> boxes_;
  geometry::ShapeSet<geometry::ShapeTypes> shapes_;
  std::vector<Pair> pairs_;
  std::vector<std::size_t> owner_;  // object index of each state coordinate
  // mutual forces (N-body gravity, Coulomb) between objects
  struct Mutual {
    bool coulomb;                 // false: gravity, C = −G mᵢ mⱼ; true: Coulomb, C = k qᵢ qⱼ (models/inverse_square.hpp)
    double constant;              // G or k
    std::vector<std::size_t> on;  // object indices
  };
  double coupling(const Mutual& m, std::size_t i, std::size_t j) const;  // the pair's C
  std::vector<Mutual> mutual_;
  std::vector<double> masses_, charges_;
  bool velocity_independent_ = true;
  bool conserves_energy_ = true;
  bool driven_ = false;
  bool momentum_conserved_ = false;
  double touch_ = 1e-9;
  double v_rest_ = 0.0;
  double rest_gap_ = 1e-9;
};

/// The system seen by the integrators: the ImpulseWorld and the run's workspace, with the world's
/// velocity independence as a compile-time constant (toolkit/core/system.hpp), chosen once at the boundary.
template <bool VelocityIndependent>
struct SystemView {
  const ImpulseWorld* world;
  ImpulseWorkspace* ws;
  static constexpr bool velocity_independent = VelocityIndependent;
  void operator()(const core::VecX& q, const core::VecX& v, core::VecX& a, double t) const {
    world->acceleration(q, v, a, t, *ws);
  }
  /// The loop's remap hook (toolkit/core/system.hpp): spherical pendulums near a pole of their
  /// chart move to the other chart, between steps and before the first.
  bool remap(State& x) { return world->rechart(x, *ws); }
};

/// The world and a run's workspace as the recorder reads them (recorder.hpp's World).
struct ImpulseRun {
  const ImpulseWorld* world;
  ImpulseWorkspace* ws;
  std::vector<std::string> trajectory_header() const { return world->trajectory_header(); }
  std::vector<std::string> conserved_header() const { return world->conserved_header(); }
  void trajectory_row(const State& x, std::vector<double>& row) const { world->trajectory_row(x, row, *ws); }
  /// The time of the state the next calls observe (a moving support's position and velocity).
  void at_time(double t) const { ws->t = t; }
  double kinetic_energy(const State& x) const { return world->kinetic_energy(x, *ws); }
  double potential_energy(const State& x, double t) const { return world->potential_energy(x, t, *ws); }
  void conserved_row(const State& x, std::vector<double>& row) const { world->conserved_row(x, row, *ws); }
  std::size_t object_of(Eigen::Index i) const { return world->object_of(i); }
};

}  // namespace verisim::scene
