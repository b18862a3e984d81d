#pragma once
// An evolving object (seed 001 §2): state (E, Ė), parameters (mass, charge), forces F and a
// constraint C. It IS a second-order system Ë = f(t, E, Ė) (seed 001 eq. (1)) in the calling
// convention of toolkit/core/system.hpp, `sys(q, v, a, t)`, so every integrator steps it:
//   x = C.position(E), w = C.velocity(E, Ė), F = forces(x, w, m, q, t), f = C.evolution(t, E, Ė, F, m).
// Everything is resolved at compile time: no virtual call, no allocation in the step path.
#include <concepts>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/models/constraint.hpp"
#include "toolkit/models/force.hpp"
#include "toolkit/models/force_sum.hpp"

#include <Eigen/Geometry>

namespace verisim::models {

template <Constraint C, Force Forces = ForceSum<>>
struct Object {
  static constexpr int dof = C::dof;
  using vector_type = core::Vec<dof>;
  using state_type = core::PhaseState<vector_type>;

  C constraint{};
  Forces forces{};
  double mass = 1.0;
  double charge = 0.0;
  state_type state{vector_type::Zero(), vector_type::Zero()};  ///< (E, Ė), e.g. the initial condition

  /// toolkit/core/system.hpp: true exactly when neither a force nor the constraint reads Ė.
  static constexpr bool velocity_independent = C::velocity_independent && !Forces::velocity_dependent;
  /// True when T + V is a conserved quantity (no drag, no friction b).
  static constexpr bool conserves_energy = C::conservative && Forces::conservative;

  // --- the second-order system ---------------------------------------------------------------
  vector_type acceleration(const vector_type& E, const vector_type& Edot, double t) const {
    return constraint.evolution(t, E, Edot, external_force(E, Edot, t), mass);
  }
  void operator()(const vector_type& E, const vector_type& Edot, vector_type& a, double t) const {
    a = acceleration(E, Edot, t);
  }

  /// The constraint's change of chart between steps, when it has one (the sphere near its poles):
  /// the system's remap hook of toolkit/core/system.hpp, which integrators::integrate_n_steps calls.
  bool remap(state_type& s)
    requires requires(C& c, state_type& x) { { c.remap(x) } -> std::same_as<bool>; }
  {
    return constraint.remap(s);
  }

  // --- in the world ---------------------------------------------------------------------------
  core::Vec3 position(const vector_type& E) const { return constraint.position(E); }
  core::Vec3 velocity(const vector_type& E, const vector_type& Edot) const { return constraint.velocity(E, Edot); }
  /// The resultant of the forces (not the constraint's reaction).
  core::Vec3 external_force(const vector_type& E, const vector_type& Edot, double t) const {
    return forces.force(position(E), velocity(E, Edot), mass, charge, t);
  }
  /// The total force on the object, constraint reaction (tension) included: m × its acceleration.
  core::Vec3 total_force(const vector_type& E, const vector_type& Edot, double t) const {
    return constraint.total_force(E, Edot, acceleration(E, Edot, t), mass);
  }

  // --- energy and momenta ---------------------------------------------------------------------
  double kinetic_energy(const vector_type& E, const vector_type& Edot) const {
    return 0.5 * mass * velocity(E, Edot).squaredNorm();  // T = ½ m v²
  }
  /// V = Σ potentials of the forces at the world position + the constraint's own (spring).
  double potential_energy(const vector_type& E, double t = 0.0) const {
    return forces.potential(position(E), mass, charge, t) + constraint.internal_potential(E);
  }
  double energy(const vector_type& E, const vector_type& Edot, double t = 0.0) const {
    return kinetic_energy(E, Edot) + potential_energy(E, t);
  }
  double energy(const state_type& s, double t = 0.0) const { return energy(s.q, s.v, t); }
  /// Angular momentum about the constraint's origin O: m (x − O) × v.
  core::Vec3 angular_momentum(const vector_type& E, const vector_type& Edot) const {
    return mass * (position(E) - constraint.O).cross(velocity(E, Edot));
  }
};

}  // namespace verisim::models
