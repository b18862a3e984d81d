#pragma once
// One-evaluation velocity Verlet for velocity-dependent forces, the time loop of DEM codes (seed 003's
// leapfrog; LAMMPS's `fix nve/sphere` with `pair gran/*`), as a stepper of the toolkit:
//   v½     = v + Δt/2·a
//   q⁺     = q + Δt·v½
//   ṽ      = v + λΔt·a                       the velocity the force is evaluated at
//   a⁺     = f(t + Δt, q⁺, ṽ)                 ONE evaluation per step (FSAL: a⁺ starts the next step)
//   v⁺     = v½ + Δt/2·a⁺
// λ = 1/2, `dem-verlet`: ṽ = v½, the half-step velocity — what LAMMPS and the seed's code do. For forces
//   independent of v it is velocity Verlet (order 2); with a dashpot or viscous friction the force is
//   taken at a velocity off by Δt/2·a, a local error O(Δt²): order 1 (as Boost.Odeint's
//   velocity_verlet, see verlet.hpp).
// λ = 1, `dem-verlet-predicted`: ṽ = v + Δt·a, a first-order prediction of v⁺ (the modified velocity
//   Verlet of Groot & Warren, J. Chem. Phys. 107 (1997) 4423, ṽ = v + λΔt·a, here with λ = 1):
//   ṽ − v⁺ = O(Δt²), so the force error is O(Δt²), the local error O(Δt³): order 2 with one evaluation.
// Both measured on the damped contact in tests/contact (order) and docs/contact.md. The library's
// contact::DefaultStepper stays VelocityVerlet (its kicks integrated to order 2 by the kick solver,
// 4 evaluations per step with velocity-dependent forces); a soft scene that names no integrator takes
// dem-verlet-predicted (order 2 at one evaluation; docs/scenes.md). Their elementwise updates run on
// the system's threads when it has some (core::for_ranges: the same bits for any cut). Generic second-order steppers (they need only core/), kept here so that the
// registry (registry.hpp) holds them; the registry's table says they step soft-contact scenes only
// (their declared order is the one with a dashpot; a study on a conservative problem would measure 2).
// Not symplectic for velocity-dependent forces (nothing is); for velocity-independent ones both are
// velocity Verlet.
// Discrete state (the contacts' tangential springs, core::CommitsSteps): the step's one evaluation commits it
// (core::evaluate_at_step_end), at (q⁺, ṽ) — the DEM codes' convention (LAMMPS's pair granular integrates its
// shear history inside the force loop, at the half-step velocity). ṽ − v⁺ = O(Δt²) for λ = 1, O(Δt) for λ = 1/2:
// the orders above hold (tests/contact; docs/contact.md "Speed": one pass over the contacts a step, not two).
#include <cstddef>

#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::integrators {

namespace methods {
struct DemVerletHalfStep {
  static constexpr double lambda = 0.5;
  static constexpr core::StepperInfo info{
      "dem-verlet", "velocity Verlet, force at the half-step velocity (LAMMPS, seed 003's loop)", 1, false, false, 1,
      "seed 003 (leapfrog); LAMMPS fix nve/sphere", "order 2 when the force does not depend on v; order 1 with damping"};
};
struct DemVerletPredicted {
  static constexpr double lambda = 1.0;
  static constexpr core::StepperInfo info{
      "dem-verlet-predicted", "velocity Verlet, force at the predicted velocity v + dt a", 2, false, false, 1,
      "Groot & Warren, J. Chem. Phys. 107 (1997) 4423 (lambda scheme, lambda = 1)",
      "one evaluation per step, order 2 with velocity-dependent forces"};
};
}  // namespace methods

template <class V, class Method>
class DemVerlet : public core::OdeintStepperTraits<DemVerlet<V, Method>> {
 public:
  using state_type = core::PhaseState<V>;
  static constexpr core::StepperInfo info = Method::info;
  /// The step's one evaluation, at its end time, commits a system's discrete state (core::CommitsInEvaluation:
  /// the contact history at (q⁺, ṽ), as LAMMPS's pair granular updates it in its force loop).
  static constexpr bool commits_at_evaluation = true;

  /// A step from a state the stepper did not leave: the force is evaluated afresh at (q, v).
  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    core::resize_like(a_, x.v);
    sys(x.q, x.v, a_, t);
    step(sys, x, t, dt);
  }

  /// The state is the one the previous step left (core::Continuation): its last force is reused.
  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt, core::Continuation) {
    if (!have_force_ || a_.size() != x.v.size()) {
      do_step(sys, x, t, dt);
      return;
    }
    step(sys, x, t, dt);
  }

  void reset() { have_force_ = false; }

 private:
  template <class Sys>
  void step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    const double h2 = 0.5 * dt;
    const auto n = static_cast<std::size_t>(x.q.size());
    double* q = x.q.data();
    double* v = x.v.data();
    // the elementwise updates on the system's threads when it has some (core::for_ranges: the same bits)
    if constexpr (Method::lambda == 0.5) {
      core::for_ranges(sys, n, [&](std::size_t lo, std::size_t hi) {
        double* __restrict qr = q;
        double* __restrict vr = v;
        const double* __restrict a = a_.data();
        for (std::size_t k = lo; k < hi; ++k) {
          const double vh = vr[k] + h2 * a[k];  // v½ = v + Δt/2·a
          vr[k] = vh;
          qr[k] += dt * vh;                     // q⁺ = q + Δt·v½
        }
      });
      core::evaluate_at_step_end(sys, x.q, x.v, a_, t + dt);  // a⁺ = f(q⁺, v½)
    } else {
      core::resize_like(vt_, x.v);
      core::for_ranges(sys, n, [&](std::size_t lo, std::size_t hi) {
        double* __restrict qr = q;
        double* __restrict vr = v;
        double* __restrict vt = vt_.data();
        const double* __restrict a = a_.data();
        for (std::size_t k = lo; k < hi; ++k) {
          const double vk = vr[k];
          vt[k] = vk + (Method::lambda * dt) * a[k];  // ṽ = v + λΔt·a
          const double vh = vk + h2 * a[k];
          vr[k] = vh;
          qr[k] += dt * vh;
        }
      });
      core::evaluate_at_step_end(sys, x.q, vt_, a_, t + dt);  // a⁺ = f(q⁺, ṽ)
    }
    core::for_ranges(sys, n, [&](std::size_t lo, std::size_t hi) {
      double* __restrict vr = v;
      const double* __restrict an = a_.data();
      for (std::size_t k = lo; k < hi; ++k) vr[k] += h2 * an[k];  // v⁺ = v½ + Δt/2·a⁺
    });
    have_force_ = true;
  }

  V a_ = core::zero<V>(), vt_ = core::zero<V>();
  bool have_force_ = false;
};

template <class V>
using DemVerletHalfStep = DemVerlet<V, methods::DemVerletHalfStep>;
template <class V>
using DemVerletPredicted = DemVerlet<V, methods::DemVerletPredicted>;

}  // namespace verisim::integrators
