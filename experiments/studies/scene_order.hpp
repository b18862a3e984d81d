#pragma once
// The order of an integrator measured on a user's scene (docs/studies.md "On your own scene"): no exact
// solution, so the global error of the final state is measured against a reference run of the same scene
// (reference/odeint/reference_run.hpp, with its own error estimate), and a second opinion that needs no
// reference is given by Richardson's observed order on consecutive levels of the ladder:
//   p_k = log₂(‖x_{h_k} − x_{h_k/2}‖ / ‖x_{h_k/2} − x_{h_k/4}‖)
// (Roache, Verification and Validation in Computational Science and Engineering (1998): the observed order
// from three grids; HNW I §II.4: for e(h) = C h^p + O(h^{p+1}), x_h − x_{h/2} = C h^p (1 − 2^{−p}) + …, so the differences fall as h^p).
// A scene with collisions or soft contact may not allow the declared order: achievable_order derives what it
// does allow from what the scene holds and what its reference run met, and the verdict judges against
// min(declared, achievable) with the reason.
//
// The measurement takes the state through a callback, so the same code measures the toolkit's integrators
// (toolkit_final_state: a scene::simulate run) and a user's program (`verisim check integrator --scene`).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "reference/order_fit.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::experiments {

/// The generalized state of the scene after `steps` steps of size dt from its initial state at t = 0:
/// the coordinates q, then the velocities v, each in the scene's object order, each object's degrees of
/// freedom in its kind's order (scene::State = core::PhaseState<core::VecX>, laid out by
/// scene::ImpulseWorld; docs/scenes.md's object table gives the degrees of freedom: spring E; pendulum θ;
/// point x, y, z; sphere x, y, z and ∫ω dt; disc and box x, y, θ; a soft-contact particle its position
/// (2 or 3) and rotation angle(s) — the order `verisim run`'s trajectory.csv lists them in).
/// Throws (any exception) when the run failed: that level is then unusable (NaN); experiments::Interrupted (a
/// stop signal) goes through and ends the measurement.
using SceneFinalState = std::function<std::vector<double>(double dt, std::size_t steps)>;

/// A scene that limits the order is judged on the bound only: measured ≥ min(declared, achievable) − this
/// (reference/order_fit.hpp's slope tolerance; scene_order.cpp says why).
inline constexpr double kLimitedSlack = reference::kSlopeTolerance;

/// What the reference run met (its ContactStats), read by achievable_order.
struct SceneFacts {
  std::size_t collisions = 0;  ///< impulses located within a step (EventStepper)
  std::size_t resting = 0;     ///< impulses at resting contacts (projection, restitution 0)
  bool known = false;          ///< a reference run was made (else: the scene's contents only)
  std::string stopped;         ///< why the reference run stopped before t_end ("" when it did not)
};

/// The reference solution of a scene at t_end.
struct SceneReference {
  bool available = false;
  std::string why_not;              ///< when not available (soft contact, spherical pendulums)
  std::string method;               ///< how it was computed, for the report
  std::vector<double> state;        ///< q then v (SceneFinalState's layout)
  double error_estimate = 0;        ///< bound on ‖state − exact‖₂ (reference_run.hpp's three terms, summed)
  double tolerance = 0;             ///< τ of each reference_run
  std::size_t outer_steps = 0;      ///< steps of the scene's loop the reference took (1 without contacts)
  std::size_t steps = 0;            ///< accepted Fehlberg steps
  double seconds = 0;               ///< wall time
  SceneFacts facts;
};

/// The reference of `scene` at t_end: odeint's Fehlberg 7(8), controlled, in long double with the scene's
/// forces evaluated in double (reference_run.hpp), stepped by the scene's own EventStepper (collisions
/// located along the reference's own step, the scene's impulse laws applied) through the one loop. Without
/// contacts it is one reference_run over [0, t_end]; with contacts the loop takes outer steps of at most
/// the scene's dt and at least t_end/256 (so ≤ 256 roundings of the state to double). Not available for
/// soft-contact scenes (their world is stepped only by the registry's steppers) and scenes with spherical
/// pendulums (their chart changes between steps, so two runs' coordinates may not be comparable), nor when the
/// run met resting contacts (a model that depends on Δt); `facts` is filled whenever the run was made.
SceneReference scene_reference(const scene::Scene& scene, double t_end);

/// The order a scene allows whatever the method (0: no limit), and why.
struct Achievable {
  int order = 0;
  std::string reason;
  bool claim = true;  ///< false: the scene's model itself changes with Δt (resting contacts): orders shown, not judged
  /// The error's coefficient depends on Δt's grid (the discontinuities of a limited scene; a spherical pendulum's
  /// change of chart, which falls on a step): fitted over the whole ladder and judged within its scatter
  /// (measure_scene_order). Every limited scene scatters.
  bool scatters = false;
};
Achievable achievable_order(const scene::Scene& scene, const SceneFacts& facts);

/// Levels of the ladder.
struct SceneLadder {
  std::size_t n_min = 16;      ///< coarsest step count tried
  int levels = 10;             ///< levels kept once the error is below `ceiling` (quick: 8)
  double ceiling = 1e-2;       ///< relative to the state's scale: coarser levels are pre-asymptotic
  std::size_t n_max = 1u << 22;  ///< no level beyond this many steps
  bool from_n_min = false;     ///< keep every level from n_min (no ceiling search: soft-contact scenes)
};
/// The study's ladder for a scene: n_min is the scene's own step count for soft-contact scenes (their Δt
/// bound, seed 003, refuses coarser steps; the ladder then starts there), else 16; n_max = 2²².
SceneLadder scene_ladder(const scene::Scene& scene, double t_end, bool quick);

/// One method on one scene.
struct SceneOrderRow {
  std::string integrator;
  int declared = 0;                 ///< the method's declared order
  Achievable achievable;            ///< what the scene allows
  int judged_order = 0;             ///< min(declared, achievable) (declared when no limit; then ≥ judged − kLimitedSlack)
  std::vector<std::size_t> n;       ///< step counts, coarse to fine
  std::vector<double> h;            ///< step sizes [s]
  std::vector<double> err;          ///< ‖x_h − reference‖₂ (NaN: no reference, or the run failed)
  std::vector<double> floor;        ///< below it a point is not used: max(round-off 10·ε·n·scale, 10 × reference estimate)
  std::vector<double> diff;         ///< ‖x_{h_k} − x_{h_{k+1}}‖₂ (Richardson), one fewer
  std::vector<double> diff_floor;   ///< its floor: round-off of the finer run
  std::vector<double> seconds;      ///< wall time per level
  reference::OrderFit fit;          ///< against the reference
  reference::OrderFit richardson;   ///< of the consecutive differences
  bool judged = false;              ///< a claim was checked (some fit found)
  bool pass = false;
  bool disagree = false;            ///< both fits found and |fit − richardson| > kOrderTolerance
  std::string expected;             ///< the claim: "4 ± 0.2", or "≥ 0.7" on a scene that limits the order
  std::string verdict;              ///< one sentence: what was judged, against what, and why
};

/// Measures the order of `final_state` on `scene` to t_end against `ref` (or Richardson alone when the
/// reference is not available) and judges it against min(declared, achievable) ± 0.2.
SceneOrderRow measure_scene_order(const std::string& name, int declared, const SceneReference& ref,
                                  const Achievable& achievable, double t_end, const SceneLadder& ladder,
                                  const SceneFinalState& final_state);

/// What the measurement of any method on one scene shares, computed once (the reference run is the costly part).
struct SceneOrderSetup {
  scene::Scene scene;
  double t_end = 0;
  SceneReference reference;
  Achievable achievable;
  SceneLadder ladder;
};
SceneOrderSetup prepare_scene_order(const scene::Scene& scene, double t_end, bool quick);
/// measure_scene_order with the setup's reference, achievable order, t_end and ladder.
SceneOrderRow measure_scene_order(const SceneOrderSetup& setup, const std::string& name, int declared,
                                  const SceneFinalState& final_state);

/// The scene's initial generalized state in SceneFinalState's layout (q then v); std::invalid_argument for a
/// soft-contact scene (its particles are stepped by the DEM steppers, not a generalized state).
std::vector<double> scene_initial_state(const scene::Scene& scene);
/// The registry's integrator `name` on `scene` as a SceneFinalState (scene::simulate with dt and steps set).
SceneFinalState toolkit_final_state(const scene::Scene& scene, const std::string& name);

/// The registry's methods valid for the scene (docs/scenes.md: every second-order stepper; soft-contact
/// scenes also the DEM steppers), in table order.
std::vector<std::string> scene_integrators(const scene::Scene& scene);

}  // namespace verisim::experiments
