#pragma once
// ONE way the studies step a registry method on a catalogue problem (docs/architecture.md, "Build time").
// The registry's stepper is a std::variant of every stepper (integrators::AnyStepper); a study that visited it
// itself compiled every stepping loop for every problem it runs, again in every study. MethodRun<P> is
// compiled once per problem type, in method_run_*.cpp (explicit instantiation), and the studies only call it:
// the variant is visited once per run, outside the loop, so the loop is compiled for the concrete stepper
// (no virtual call per step), and a study's observer sees the states in blocks of kBlock (one indirect call per
// block, none per step).
#include <cstddef>
#include <functional>
#include <memory>
#include <span>

#include "toolkit/core/observe.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/method.hpp"

namespace verisim::adaptive {
struct AdaptiveMethod;
struct AdaptiveOptions;
struct AdaptiveRun;
}  // namespace verisim::adaptive

namespace verisim::experiments {

/// How the registry's implicit steppers solve their equations where a study measures the method rather than its
/// default solver (the stability studies): Newmark β = 1/6 by Newton instead of the seed's fixed-point loop, which
/// stops contracting at θ = √6; a higher cap on the fixed-point iterations of the Gauss methods (implicit-midpoint,
/// gauss4), which contract ever more slowly near their limit.
struct SolverSettings {
  bool newmark_by_newton = false;
  int gauss_max_iterations = 0;  ///< 0: the stepper's own cap (ImplicitRkParameters)
};

/// A registry method (or a Method made at run time: a user's table) on a problem of type P, which must outlive it.
/// Every run and step starts from a fresh copy of the stepper made at construction: no cache (FSAL force,
/// carried slope) crosses from one run to the next.
template <class P>
class MethodRun {
 public:
  using State = core::PhaseState<typename P::V>;
  /// Sees the states after steps first, first + 1, … (k = 0: the initial state), at times t0 + k·dt; stop ends
  /// the run at the end of the block.
  using Observer = std::function<core::Observe(std::span<const State> states, std::size_t first)>;
  /// States per block handed to an Observer.
  static constexpr std::size_t kBlock = 256;

  MethodRun(const integrators::Method& method, const P& problem, const SolverSettings& solver = {});
  MethodRun(MethodRun&&) noexcept;
  MethodRun& operator=(MethodRun&&) noexcept;
  ~MethodRun();

  /// n steps of dt from (x, t0), integrators::integrate_n_steps's contract (times t0 + k·dt, core::StepError on a
  /// failed or non-finite step). With an observer, the states up to the failure are delivered before the error
  /// is rethrown, and a run stopped by it may have gone on to the end of its block (Run counts the steps taken).
  integrators::Run run(State& x, double t0, double dt, std::size_t n, const Observer& observe = nullptr) const;

  /// One step of dt from (x, t): the one-step map.
  void step(State& x, double t, double dt) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// An embedded pair of the registry error-controlled (toolkit/adaptive: adaptive::integrate_adaptive, a fresh stepper)
/// from (x, t0) to t1; compiled once per problem beside MethodRun, for the same reason. core::StepError on failure.
template <class P>
adaptive::AdaptiveRun run_adaptive(const adaptive::AdaptiveMethod& method, const P& problem, core::PhaseState<typename P::V>& x,
                                   double t0, double t1, const adaptive::AdaptiveOptions& options);

}  // namespace verisim::experiments
