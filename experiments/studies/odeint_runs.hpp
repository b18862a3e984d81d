#pragma once
// The same problems run by Boost.Odeint's own steppers, for the side-by-side comparisons of the
// order and work-precision studies: a thin layer over reference::odeint::run (whose conventions —
// first-order stacking, (q, p) pairs without time, velocity_verlet's half-step velocity — are
// documented and tested in reference/), adding the count of f evaluations.
// Instantiated once, in odeint_runs.cpp, for the problems of experiments/studies/ladders.hpp.
#include <optional>
#include <string_view>
#include <utility>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

/// Odeint's twin of one of our integrators (the registry's table, integrators::Method::odeint_twin), or empty.
inline std::string_view odeint_twin(std::string_view ours) {
  const integrators::Method* m = integrators::find_method(ours);
  return m ? m->odeint_twin : std::string_view{};
}

/// The true order of odeint's stepper `odeint_name` on a problem (reference::odeint::kSteppers:
/// `order`, or `order_velocity_dependent` with damping or drag); 0 when unknown.
int odeint_true_order(std::string_view odeint_name, bool velocity_independent);

/// Odeint's declared order of its stepper (its `order_value`).
int odeint_declared_order(std::string_view odeint_name);

template <class P>
struct OdeintRun {
  core::PhaseState<typename P::V> state;
  long long evaluations = 0;  ///< right-hand-side evaluations (counted)
};

/// Run odeint's stepper `odeint_name` n steps of size dt from the problem's initial state.
/// Empty when the stepper cannot take this problem (symplectic steppers and velocity-dependent forces).
template <class P>
std::optional<OdeintRun<P>> run_odeint(std::string_view odeint_name, const P& problem, double dt, long n);

}  // namespace verisim::experiments
