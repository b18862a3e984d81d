#pragma once
// A stepper that steps a ImpulseWorld with any integrator of the registry and handles its collisions
// within the step (docs/scenes.md "Events", docs/architecture.md "Scenes"):
//
//   located (default)   one step of the inner method from (t, x₀); for every contact whose gap
//                       g(x) (contacts.hpp) is negative at the end but positive at the start, the
//                       root of s ↦ g(Φ_s(x₀)) on (0, Δt] — Φ_s the inner method's own step of size
//                       s, so the located state lies on the method's trajectory — by the Illinois
//                       variant of regula falsi (toolkit/core/illinois.hpp; Dowell & Jarratt, BIT 11 (1971) 168; superlinear,
//                       bracketing) to a bracket of a few ulps of Δt (a contact overlapping at the
//                       start, g₀ < 0, and pressed deeper: the root of g − (g₀ − rest gap)); the state at the earliest
//                       root (the bracket's side with g ≥ 0), the impulse laws of
//                       toolkit/collisions there, then the rest of the step, again with events.
//   after-penetration   one step, then an impulse for every contact that overlaps at its end
//                       (seed 002 §3.1's code: "cuando alguno haya penetrado la pared, se dispara
//                       el algoritmo de colisión"), no position correction.
//
// A contact that touched at the start of the step (gap ≤ 2|g|Δt²) and overlaps at its end by less
// than another 2|g|Δt² is resting (the bodies press on each other): restitution 0 and the overlap
// projected away at the end of the step
// (seed 001 §E.1 step 1 removes the normal force pushing into the obstacle; here its impulse over
// the step does). So is an approach slower than v_rest = 2|g|Δt (impulse_build.cpp).
// Every located event is processed with the scene's law. A step that would need more than
// kMaxEventsPerStep of them stops the run with a core::StepError (exit code 2) naming the step, the
// time, the bodies, the cap and the Δt that would fit: the rest of the step is never given another law.
// integrate_n_steps drives it as any stepper: the scene's run is ONE call of that loop, whose remap
// hook moves spherical pendulums near a pole of their chart to the other chart (SystemView::remap)
// and then calls reset() here.
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "toolkit/core/illinois.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/scene/impulse_world.hpp"

namespace verisim::scene {

template <class Inner>
class EventStepper : public core::OdeintStepperTraits<EventStepper<Inner>> {
 public:
  using state_type = State;
  static constexpr core::StepperInfo info = Inner::info;
  /// Collisions located in one step beyond which the run stops (see the top): a bound on the work of
  /// a step, far above a 100-body Newton's cradle crossing a step (docs/scenes.md "Events").
  static constexpr int kMaxEventsPerStep = 1024;

  EventStepper(Inner inner, EventMode mode, std::vector<Event>* log, ContactStats* stats)
      : inner_(std::move(inner)), trial_(inner_), mode_(mode), log_(log), stats_(stats) {}

  template <class Sys>
  void do_step(const Sys& sys, State& x, double t, double dt) {
    const ImpulseWorld& w = *sys.world;
    if (w.pair_count() == 0) {
      inner_.do_step(sys, x, t, dt);
    } else if (mode_ == EventMode::after_penetration) {
      inner_.do_step(sys, x, t, dt);
      w.resolve_overlaps(x, t + dt, *log_, *stats_);
    } else {
      step_located(sys, w, x, t, dt);
      w.update_resting(x, *sys.ws);  // the reactions of the resting contacts for the next step
    }
  }

  /// The state was remapped (another chart): the inner method's step cache no longer describes it.
  void reset() { forget(inner_); }

  Inner& inner() { return inner_; }

 private:
  template <class S>
  static void forget(S& s) {
    if constexpr (requires { s.reset(); }) s.reset();  // a step cache (FSAL) of the old state or chart
  }

  template <class Sys>
  void step_located(const Sys& sys, const ImpulseWorld& w, State& x, double t, double dt) {
    double tc = t, rem = dt;
    const double touch = w.rest_gap();
    for (int events = 0;; ++events) {
      x0_ = x;
      inner_.do_step(sys, x, tc, rem);
      double s_best = std::numeric_limits<double>::infinity();
      std::size_t p_best = 0;
      bool resting = false;
      for (std::size_t p = 0; p < w.pair_count(); ++p) {
        const double g1 = w.gap(p, x.q);
        if (!(g1 < 0.0)) continue;
        const double g0 = w.gap(p, x0_.q);
        // touched at the start and pressed on by less than a free fall's step: resting contact.
        // (A fast body that merely started the step close by is located as a collision.)
        if (g0 <= touch && g0 - g1 <= 2.0 * touch) {
          resting = true;
          continue;
        }
        // A contact already overlapping at the start (resting, within the rest gap) and pressed deeper by
        // another of its features — a box rocking from one vertex onto the other on a box — is located
        // where its gap crosses g0 − touch: there the new feature touches (its impulse applies), where
        // the crossing of 0 lies before the step.
        const double level = g0 < 0.0 ? g0 - touch : 0.0;
        if (const double s = locate(sys, w, p, tc, rem, g0, g1, level); s < s_best) s_best = s, p_best = p;
      }
      if (!std::isfinite(s_best)) {
        if (resting) w.resolve(x, tc + rem, true, *log_, *stats_);
        return;
      }
      if (events >= kMaxEventsPerStep) throw too_many_events(w, p_best, t, dt, tc + s_best);
      // the state at the root, on the inner method's trajectory from x₀
      ++stats_->located;
      x = x0_;
      if (s_best > 0.0) {
        forget(inner_);
        inner_.do_step(sys, x, tc, s_best);
      }
      tc += s_best;
      rem -= s_best;
      w.resolve(x, tc, false, *log_, *stats_);
      if (!(rem > 0.0)) return;
    }
  }

  /// The run's end when a step holds more than kMaxEventsPerStep collisions (see the top).
  static core::StepError too_many_events(const ImpulseWorld& w, std::size_t p, double t, double dt, double t_event) {
    const auto [a, b] = w.pair_names(p);
    const double spanned = t_event - t;  // the time the cap's events took
    const std::string advice =
        spanned > 0.0
            ? fmt::format("choose dt ≤ {:.3g} s (the {} collisions took {:.3g} s of this step: half of that keeps a "
                          "step well under the cap), or widen the gaps between the bodies",
                          0.5 * spanned, kMaxEventsPerStep, spanned)
            : std::string("they happen at one instant (a chain of simultaneous contacts or a cascade of ever "
                          "shorter bounces), which a smaller dt does not resolve: separate the bodies or use "
                          "restitution < 1");
    return core::StepError(fmt::format(
        "step {} (t = {:.17g} to {:.17g}): more than {} collisions in one step, the last between '{}' and "
        "'{}' at t = {:.17g}; the collision law is never changed to finish a step: {}",
        static_cast<std::size_t>(std::llround(t / dt)) + 1, t, t + dt, kMaxEventsPerStep, a, b, t_event,
        advice));
  }

  /// The earliest s in (0, rem] where contact p's gap crosses `level` (0, or below an overlap at the
  /// start) along Φ_s(x₀), returned as the left end of the final bracket (g ≥ level there), to a bracket of a
  /// few ulps of the step: the Illinois iteration of toolkit/core/illinois.hpp (Dowell & Jarratt 1971).
  template <class Sys>
  double locate(const Sys& sys, const ImpulseWorld& w, std::size_t p, double tc, double rem, double g0, double g1,
                double level) {
    const double width = 4.0 * std::numeric_limits<double>::epsilon() * rem;  // a few ulps of the step
    const auto gap_after = [&](double s) {
      xs_ = x0_;
      forget(trial_);
      trial_.do_step(sys, xs_, tc, s);
      return w.gap(p, xs_.q) - level;
    };
    return core::illinois(gap_after, 0.0, rem, g0 - level, g1 - level, width).a;
  }

  Inner inner_, trial_;
  EventMode mode_;
  std::vector<Event>* log_;
  ContactStats* stats_;
  State x0_, xs_;
};

}  // namespace verisim::scene
