#pragma once
// The samples of a run, in one form for the toolkit's own integrators and for Boost.Odeint's
// (reference/odeint/run.hpp), so a study can put both side by side: parallel arrays of times,
// positions q and velocities v (for odeint's symplectic steppers p is the momentum per unit mass,
// i.e. the velocity, see docs/reference.md).
#include <cstddef>
#include <vector>

#include "toolkit/core/phase_state.hpp"

namespace verisim::reference {

template <class V>
struct Trajectory {
  std::vector<double> t;
  std::vector<V> q;
  std::vector<V> v;

  std::size_t size() const { return t.size(); }
  void reserve(std::size_t n) {
    t.reserve(n);
    q.reserve(n);
    v.reserve(n);
  }
  void push(double time, const V& position, const V& velocity) {
    t.push_back(time);
    q.push_back(position);
    v.push_back(velocity);
  }
};

/// An observer for verisim::integrators::integrate_n_steps (signature (state, t, k)) that records
/// every `stride`-th sample of a core::PhaseState<V> run into a Trajectory<V>. Reserve before the loop
/// (TrajectoryRecorder::reserve_for) so recording does not reallocate inside it.
template <class V>
struct TrajectoryRecorder {
  Trajectory<V>* out;
  std::size_t stride = 1;

  static TrajectoryRecorder reserve_for(Trajectory<V>& trajectory, std::size_t n_steps, std::size_t stride = 1) {
    trajectory.reserve(n_steps / stride + 2);
    return {&trajectory, stride};
  }
  void operator()(const core::PhaseState<V>& x, double t, std::size_t k) const {
    if (k % stride == 0) out->push(t, x.q, x.v);
  }
};

}  // namespace verisim::reference

#include "toolkit/integrators/integrate.hpp"

namespace verisim::reference {

/// Run one of the toolkit's steppers exactly as reference::odeint::run runs odeint's: n steps of dt
/// from (x0, t0) with verisim::integrators::integrate_n_steps, every `stride`-th sample recorded.
template <class V, class Stepper, class Sys>
Trajectory<V> run_toolkit(Stepper stepper, const Sys& sys, core::PhaseState<V> x0, double t0, double dt, std::size_t n,
                          std::size_t stride = 1) {
  Trajectory<V> out;
  integrators::integrate_n_steps(stepper, sys, x0, t0, dt, n, TrajectoryRecorder<V>::reserve_for(out, n, stride));
  return out;
}

}  // namespace verisim::reference
