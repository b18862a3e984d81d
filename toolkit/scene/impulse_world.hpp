#pragma once
// A scene made of the toolkit's own pieces (docs/scenes.md, docs/architecture.md "Scenes"): the
// objects are models::Object<Constraint, FieldForces> (seed 001 §2 and appendix B), the forces
// models' UniformGravity, LinearDrag, ConstantForce, CentralGravity and LorentzForce, the
// obstacles toolkit/geometry's shapes, the collisions toolkit/collisions' impulse laws.
//
// The ImpulseWorld is ONE second-order system sys(q, v, a, t) over a dynamic state (the concatenation of
// every object's degrees of freedom), so integrators::integrate_n_steps steps it with any
// integrator of the registry. Objects are kept in one vector per kind (points, springs, …): the
// force evaluation runs a loop per kind on concrete types, with no virtual call, no std::visit and
// no allocation (scratch buffers are sized once, at construction).
//
// Contacts (the gap functions of contacts.hpp) and impulses are applied between steps by
// EventStepper (event_stepper.hpp); spherical pendulums move to their other chart near a pole through
// the loop's remap hook (SystemView::remap).
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/branch.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/models/central_gravity.hpp"
#include "toolkit/models/circle.hpp"
#include "toolkit/models/constant_force.hpp"
#include "toolkit/models/damping.hpp"
#include "toolkit/models/free.hpp"
#include "toolkit/models/line.hpp"
#include "toolkit/models/linear_drag.hpp"
#include "toolkit/models/lorentz_force.hpp"
#include "toolkit/models/object.hpp"
#include "toolkit/models/sphere_surface.hpp"
#include "toolkit/models/uniform_gravity.hpp"
#include "toolkit/scene/contacts.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

using State = core::PhaseState<core::VecX>;

/// The field forces acting on one object: the models' forces, summed. Set once from the scene;
/// a force absent from the scene is a zero term. Satisfies models::Force.
struct FieldForces {
  models::UniformGravity gravity{core::Vec3::Zero()};
  models::LinearDrag drag{0.0};
  models::ConstantForce constant{core::Vec3::Zero()};
  models::LorentzForce lorentz{core::Vec3::Zero(), core::Vec3::Zero()};
  std::vector<models::CentralGravity> central;

  static constexpr bool velocity_dependent = true;  // the ImpulseWorld declares the truth (velocity_independent below)
  static constexpr bool conservative = false;

  core::Vec3 force(const core::Vec3& x, const core::Vec3& v, double m, double q, double t) const {
    core::Vec3 F = gravity.force(x, v, m, q, t) + drag.force(x, v, m, q, t) + constant.force(x, v, m, q, t) +
             lorentz.force(x, v, m, q, t);
    for (const auto& c : central) F += c.force(x, v, m, q, t);
    return F;
  }
  double potential(const core::Vec3& x, double m, double q, double t) const {
    double V = gravity.potential(x, m, q, t) + constant.potential(x, m, q, t) + lorentz.potential(x, m, q, t);
    for (const auto& c : central) V += c.potential(x, m, q, t);
    return V;
  }
};

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
};

/// Counters of the contact handling, for the report.
struct ContactStats {
  std::size_t collisions = 0;      ///< impulses logged as events
  std::size_t resting = 0;         ///< impulses at approach speeds below v_rest (resting contact)
  std::size_t located = 0;         ///< roots located inside a step
  std::size_t cap_hits = 0;        ///< steps that reached the cap of events per step
};

class ImpulseWorld {
 public:
  explicit ImpulseWorld(const Scene& scene);

  // ---- the second-order system (toolkit/core/system.hpp) ---------------------------------------
  void acceleration(const core::VecX& q, const core::VecX& v, core::VecX& a, double t) const;
  bool velocity_independent() const { return velocity_independent_; }

  // ---- state ---------------------------------------------------------------------------------
  const State& initial_state() const { return initial_; }
  Eigen::Index size() const { return initial_.q.size(); }
  /// The index of the object whose degrees of freedom hold coordinate i of the state.
  std::size_t object_of(Eigen::Index i) const;
  const Scene& scene() const { return scene_; }

  // ---- observation (out of the step loop's hot path: at samples only) -------------------------
  double kinetic_energy(const State& x) const;
  double potential_energy(const State& x, double t) const;
  /// Total linear momentum and angular momentum about the origin (spins included).
  core::Vec3 momentum(const State& x) const;
  core::Vec3 angular_momentum(const State& x) const;
  /// L·k of each spherical pendulum about its pivot, k = {g}₁ (seed 001 §B.3).
  void vertical_angular_momenta(const State& x, std::vector<double>& out) const;
  /// The header of trajectory.csv (after "t") and one row of it.
  std::vector<std::string> trajectory_header() const;
  void trajectory_row(const State& x, std::vector<double>& row) const;
  /// The conserved quantities this scene has (columns of energy.csv after total).
  std::vector<std::string> conserved_header() const;
  void conserved_row(const State& x, std::vector<double>& row) const;
  /// True when the scene's total energy is a conserved quantity (no drag, no damping, e = 1, no friction).
  bool conserves_energy() const { return conserves_energy_; }

  // ---- contacts ------------------------------------------------------------------------------
  std::size_t pair_count() const { return pairs_.size(); }
  double gap(std::size_t p, const core::VecX& q) const;
  /// Impulses at every contact touching (gap ≤ touch tolerance) and approaching, the laws of
  /// toolkit/collisions; `settle`: restitution 0 and the overlap projected away (resting contact).
  /// Returns true when an impulse was applied.
  bool resolve(State& x, double t, bool settle, std::vector<Event>& log, ContactStats& stats) const;
  /// The after-penetration mode (seed 002's code): impulses at every overlapping, approaching contact.
  void resolve_overlaps(State& x, double t, std::vector<Event>& log, ContactStats& stats) const;
  double touch_tolerance() const { return touch_; }
  /// A contact this close (2|g|Δt², the depth a step of free fall reaches) and slower than v_rest is resting.
  double rest_gap() const { return rest_gap_; }
  /// Move spherical pendulums near a pole of their chart to the other chart (models::rechart).
  bool rechart(State& x);
  /// The resting contacts (touching, normal relative speed below v_rest) whose reaction the
  /// force evaluation adds until the next call: seed 001 §E.1 step 1 ("calcul des réactions": the
  /// normal component pushing into the other body is cancelled), for a box vertex the reaction
  /// that cancels the vertex's normal acceleration (seed 002's impulse denominator, per unit time).
  void update_resting(const State& x);
  std::size_t resting_count() const { return active_.size(); }

 private:
  // one vector per kind of object; `off` is the first index of its degrees of freedom in the state
  struct Point { models::Object<models::Free, FieldForces> o; Eigen::Index off; std::size_t index; };
  struct Spring { models::Object<models::Line<models::Damped>, FieldForces> o; Eigen::Index off; std::size_t index; };
  struct Pendulum { models::Object<models::Circle<models::Damped>, FieldForces> o; Eigen::Index off; std::size_t index; };
  struct Spherical {
    models::Object<models::SphereSurface, FieldForces> o;  // its constraint is the current chart
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
  enum class PairKind { round_round, round_obstacle, box_plane };
  /// A possible contact. Obstacles are kept in one vector per shape (shapes_), so the gap is a
  /// direct call chosen by a switch on `shape` (never a std::visit in the step loop).
  struct Pair {
    PairKind kind;
    std::size_t a;         // rounds_ or boxes_
    std::size_t b;         // rounds_ (round_round) or the index in its shape's vector
    int shape;             // the alternative of Shape (obstacles)
    std::size_t obstacle;  // scene obstacle index
    double restitution, friction;
  };

  // world position and velocity of every object, by object index (into the mutable scratch)
  void world_kinematics(const core::VecX& q, const core::VecX& v) const;
  void mutual_forces(double t) const;
  double mutual_potential() const;
  core::Vec3 round_center(const Round& r, const core::VecX& q) const;
  core::Vec3 round_velocity(const Round& r, const core::VecX& v) const;
  core::Vec3 round_omega(const Round& r, const core::VecX& v) const;
  double round_kinetic(const Round& r, const core::VecX& v) const;
  void set_round(const Round& r, core::VecX& v, const core::Vec3& vel, const core::Vec3& omega) const;
  void translate_round(const Round& r, core::VecX& q, const core::Vec3& d) const;
  ObstacleContact obstacle_contact(const Pair& p, const core::Vec3& center, double radius) const;
  bool resolve_pair(const Pair& p, State& x, double t, bool settle, bool overlapping_only, std::vector<Event>& log,
                    ContactStats& stats) const;
  void apply_reactions(const core::VecX& q, const core::VecX& v, core::VecX& a) const;
  core::Vec3 r_acc(const Round& r, const core::VecX& a) const;
  void r_push(const Round& r, core::VecX& a, const core::Vec3& d) const;
  struct Active {
    std::size_t pair;
    int vertex;  // box vertex, −1 for round bodies
  };
  std::vector<Active> active_;
  mutable std::vector<double> lambda_;  // accumulated reactions of the projected Gauss–Seidel sweeps

  Scene scene_;
  State initial_;
  std::vector<Point> points_;
  std::vector<Spring> springs_;
  std::vector<Pendulum> pendulums_;
  std::vector<Spherical> sphericals_;
  std::vector<Round> rounds_;
  std::vector<Box> boxes_;
  std::tuple<std::vector<geometry::Plane>, std::vector<geometry::PlanePortion>, std::vector<geometry::Brick>,
             std::vector<geometry::Sphere>, std::vector<geometry::Cylinder>>
      shapes_;
  std::vector<Pair> pairs_;
  std::vector<std::size_t> owner_;  // object index of each state coordinate
  // mutual forces (N-body gravity, Coulomb) between objects
  struct Mutual {
    bool coulomb;                 // false: gravity −G mᵢ mⱼ r/|r|³; true: Coulomb k qᵢ qⱼ r/|r|³
    double constant;              // G or k
    std::vector<std::size_t> on;  // object indices
  };
  std::vector<Mutual> mutual_;
  std::vector<double> masses_, charges_;
  mutable std::vector<core::Vec3> x_, w_, fm_;  // scratch: world positions, velocities, mutual forces
  bool velocity_independent_ = true;
  bool conserves_energy_ = true;
  bool momentum_conserved_ = false;
  double touch_ = 1e-9;
  double v_rest_ = 0.0;
  double rest_gap_ = 1e-9;
};

/// The system seen by the integrators: a view of the ImpulseWorld, with its velocity independence as a
/// compile-time constant (toolkit/core/system.hpp), chosen once at the boundary.
template <bool VelocityIndependent>
struct SystemView {
  ImpulseWorld* world;
  static constexpr bool velocity_independent = VelocityIndependent;
  void operator()(const core::VecX& q, const core::VecX& v, core::VecX& a, double t) const { world->acceleration(q, v, a, t); }
  /// The loop's remap hook (toolkit/core/system.hpp): spherical pendulums near a pole of their
  /// chart move to the other chart, between steps and before the first.
  bool remap(State& x) { return world->rechart(x); }
};

}  // namespace verisim::scene
