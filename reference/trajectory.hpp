#pragma once
// The samples of a run, in one form for the toolkit's own integrators and for Boost.Odeint's
// (reference/odeint/run.hpp), so a study can put both side by side. Stored in the project's one
// table of samples, core::Samples (toolkit/core/samples.hpp), under the columns t, q0 … q(d−1),
// v0 … v(d−1) (positions q and velocities v; for odeint's symplectic steppers p is the momentum per
// unit mass, i.e. the velocity, see docs/reference.md); Trajectory<V> only reads its rows back typed,
// as V (docs/architecture.md "Trajectories").
#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/samples.hpp"

namespace verisim::reference {

template <class V>
struct PhaseRow;

template <class V>
class Trajectory {
 public:
  /// A trajectory of states of dimension `dim` (a fixed-size V's own by default).
  explicit Trajectory(Eigen::Index dim = V::SizeAtCompileTime) : samples_(header(dim)), dim_(dim) {}

  std::size_t size() const { return samples_.rows(); }
  double t(std::size_t k) const { return samples_.t(k); }
  /// Sample k's position and velocity, read in place.
  Eigen::Map<const V> q(std::size_t k) const { return Eigen::Map<const V>(samples_.row(k).data() + 1, dim_); }
  Eigen::Map<const V> v(std::size_t k) const { return Eigen::Map<const V>(samples_.row(k).data() + 1 + dim_, dim_); }
  core::PhaseState<V> state(std::size_t k) const { return {V(q(k)), V(v(k))}; }
  const core::Samples& samples() const { return samples_; }

  void reserve(std::size_t n) { samples_.reserve(n); }
  /// The one recorder (core::SampleRecorder) writing every `stride`-th state of a run of `n_steps`
  /// steps into this trajectory, reserved first so that recording does not reallocate inside the loop.
  core::SampleRecorder<PhaseRow<V>> recorder(std::size_t n_steps, std::size_t stride = 1) {
    const core::Cadence every{stride};
    reserve(every.rows(n_steps));
    return {&samples_, every, {}};
  }
  /// One sample; allocates nothing within reserve().
  void push(double time, const V& position, const V& velocity) {
    const auto row = samples_.push_row();
    row[0] = time;
    write(position, velocity, row.subspan(1));
  }
  /// A row's values after t: q0 … q(d−1), v0 … v(d−1).
  static void write(const V& position, const V& velocity, std::span<double> rest) {
    const Eigen::Index d = position.size();
    for (Eigen::Index i = 0; i < d; ++i) {
      rest[static_cast<std::size_t>(i)] = position[i];
      rest[static_cast<std::size_t>(d + i)] = velocity[i];
    }
  }

 private:
  static std::vector<std::string> header(Eigen::Index dim) {
    std::vector<std::string> names{"t"};
    for (const char* c : {"q", "v"})
      for (Eigen::Index i = 0; i < dim; ++i) names.push_back(c + std::to_string(i));
    return names;
  }
  core::Samples samples_;
  Eigen::Index dim_;
};

/// What a reference run records after t: the state's q and v (Trajectory<V>'s columns).
/// (Boost.Odeint's states too: a (q, v) pair for its symplectic steppers, q and v stacked in one vector
/// for its first-order ones: reference/odeint/run.hpp records them through the same recorder.)
template <class V>
struct PhaseRow {
  void operator()(const core::PhaseState<V>& x, double, std::span<double> rest) const { Trajectory<V>::write(x.q, x.v, rest); }
  void operator()(const std::pair<V, V>& x, double, std::span<double> rest) const { Trajectory<V>::write(x.first, x.second, rest); }
  template <class Derived>  // (q, v) stacked: the row's own order
  void operator()(const Eigen::MatrixBase<Derived>& y, double, std::span<double> rest) const {
    for (Eigen::Index i = 0; i < y.size(); ++i) rest[static_cast<std::size_t>(i)] = y[i];
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
  Trajectory<V> out(x0.q.size());
  integrators::integrate_n_steps(stepper, sys, x0, t0, dt, n, out.recorder(n, stride));
  return out;
}

}  // namespace verisim::reference
