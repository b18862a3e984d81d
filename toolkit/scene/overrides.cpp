// The command line's overrides of a loaded scene (--integrator, --dt, --t-end) and the one rule
// turning a duration into a number of steps.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "toolkit/scene/load.hpp"
#include "toolkit/scene/load_detail.hpp"

namespace verisim::scene {

namespace detail {

std::optional<std::size_t> steps_for(double t_end, double dt) {
  const double n = std::ceil(t_end / dt - 1e-9);  // ⌈t_end/dt⌉ (a round-off below an integer is that integer)
  if (!(n <= static_cast<double>(kMaxSteps))) return std::nullopt;
  return static_cast<std::size_t>(std::max(1.0, n));
}

}  // namespace detail

using detail::soft_dt_excess;

void override_integrator(Scene& scene, const std::string& name, const std::string& what) {
  if (const auto why = detail::scene_integrator_refusal(name, scene.simulation.law); !why.empty())
    throw std::invalid_argument(fmt::format("{}: {}", what, why));
  scene.simulation.integrator = name;
}

void override_time(Scene& scene, double dt, double t_end, const std::string& what) {
  if (std::isnan(dt) && std::isnan(t_end)) return;  // neither option given: the scene's own values, checked at load
  Simulation& s = scene.simulation;
  const double old_t_end = s.t_end();
  if (!std::isnan(dt)) {
    if (!(dt > 0.0) || !std::isfinite(dt)) throw std::invalid_argument(fmt::format("{}: dt must be positive and finite, not {}", what, dt));
    s.dt = dt;
  }
  const double te = std::isnan(t_end) ? old_t_end : t_end;
  if (!(te > 0.0) || !std::isfinite(te)) throw std::invalid_argument(fmt::format("{}: t_end must be positive and finite, not {}", what, te));
  const auto n = detail::steps_for(te, s.dt);
  if (!n) throw std::invalid_argument(fmt::format("{}: t_end/dt = {:.6g} steps is more than {}", what, te / s.dt, detail::kMaxSteps));
  if (s.law == Law::soft)
    if (const std::string e = soft_dt_excess(scene); !e.empty()) throw std::invalid_argument(what + ": " + e);
  const double rows = static_cast<double>(s.steps) / static_cast<double>(s.sample_every);
  s.steps = *n;
  s.sample_every = static_cast<std::size_t>(std::max(1.0, std::ceil(static_cast<double>(s.steps) / std::max(1.0, rows))));
}

}  // namespace verisim::scene
