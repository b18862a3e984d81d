#pragma once
// Running a scene: the ImpulseWorld (impulse_world.hpp) stepped by the scene's integrator through the ONE loop,
// integrators::integrate_n_steps, with an EventStepper around the integrator (collisions located
// within the step) and an observer that records the samples (trajectory and energy rows) into
// buffers sized before the loop. The integrator registry's std::variant is visited once, here,
// outside the loop (toolkit/integrators/registry.hpp).
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "toolkit/scene/scene.hpp"
#include "toolkit/scene/impulse_world.hpp"

namespace verisim::scene {

/// Called about every 0.1 s of stepping (a time-based cadence, never on each step; after the
/// checkpoint hook, toolkit/core/checkpoint.hpp), e.g. a progress bar.
struct Progress {
  void (*report)(void* context, std::size_t step, std::size_t steps) = nullptr;
  void* context = nullptr;
};

/// A table of samples, row-major. Its column names are set once (set_header), with their index:
/// a scene of 10⁵ particles has 10⁶ columns, and the page and plots look up every one (a linear
/// search made that quadratic).
class Samples {
 public:
  std::vector<double> values;

  /// The column names, the first "t"; names must be distinct (std::invalid_argument naming the repeat).
  void set_header(std::vector<std::string> names);
  const std::vector<std::string>& header() const { return header_; }
  std::size_t rows() const { return header_.empty() ? 0 : values.size() / header_.size(); }
  double at(std::size_t row, std::size_t col) const { return values[row * header_.size() + col]; }
  /// The column called `name`; std::out_of_range otherwise.
  std::size_t column(const std::string& name) const;
  /// The column called `name`, if there is one (O(1)).
  std::optional<std::size_t> find(const std::string& name) const;

 private:
  std::vector<std::string> header_;
  std::unordered_map<std::string, std::size_t> index_;  ///< name → column, built with header_
};

struct RunResult {
  std::string integrator;
  Samples trajectory;  ///< t, then per object its DOF, world position and velocity, spins
  Samples energy;      ///< t, kinetic, potential, total, then the scene's conserved quantities
  std::vector<Event> events;
  ContactStats stats;
  double t_end = 0.0;
  bool conserves_energy = false;  ///< the scene's total energy is conserved in theory (no drag, damping, e < 1 or friction)
};

/// Run `scene` with its own integrator, dt and t_end (docs/scenes.md). A NaN or infinity in the
/// state stops the run with a verisim::core::NonFiniteState naming the step, the time and the object.
RunResult simulate(const Scene& scene, Progress progress = {});

/// The name of an object or obstacle of an event's second body.
std::string other_name(const Scene& scene, const Event& e);

}  // namespace verisim::scene
