#include "experiments/studies/odeint_runs.hpp"

#include <stdexcept>
#include <string>

#include "experiments/studies/counting.hpp"
#include "reference/odeint/run.hpp"
#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"

namespace verisim::experiments {

namespace ref = reference::odeint;
using reference::problems::DampedOscillator;
using reference::problems::DrivenPendulum;
using reference::problems::ForcedOscillator;
using reference::problems::KeplerProblem;
using reference::problems::Oscillator;
using reference::problems::PendulumProblem;

int odeint_declared_order(std::string_view name) {
  const auto s = ref::stepper_from_name(name);
  if (!s) throw std::invalid_argument("unknown odeint stepper '" + std::string(name) + "'");
  return ref::describe(*s).declared_order;
}

int odeint_true_order(std::string_view name, bool velocity_independent) {
  const auto s = ref::stepper_from_name(name);
  if (!s) return 0;
  const auto& d = ref::describe(*s);
  return velocity_independent ? d.order : d.order_velocity_dependent;
}


// One code path for odeint's side: reference::odeint::run (its conventions are documented and
// tested there), recording only the first and the last sample.
template <class P>
std::optional<OdeintRun<P>> run_odeint(std::string_view odeint_name, const P& problem, double dt, long n) {
  const auto which = ref::stepper_from_name(odeint_name);
  if (!which) throw std::invalid_argument("unknown odeint stepper '" + std::string(odeint_name) + "'");
  if (ref::describe(*which).order_velocity_dependent == 0 && !P::velocity_independent)
    return std::nullopt;  // odeint's symplectic steppers take ṗ = f(q) only
  OdeintRun<P> out;
  const auto steps = static_cast<std::size_t>(n);
  const auto trajectory = ref::run<typename P::V>(*which, Counting<P>{&problem, &out.evaluations},
                                                  problem.initial(), problem.t0, dt, steps, steps > 0 ? steps : 1);
  out.state = trajectory.state(trajectory.size() - 1);
  return out;
}

template std::optional<OdeintRun<Oscillator>> run_odeint(std::string_view, const Oscillator&, double, long);
template std::optional<OdeintRun<DampedOscillator>> run_odeint(std::string_view, const DampedOscillator&, double, long);
template std::optional<OdeintRun<ForcedOscillator>> run_odeint(std::string_view, const ForcedOscillator&, double, long);
template std::optional<OdeintRun<DrivenPendulum<true>>> run_odeint(std::string_view, const DrivenPendulum<true>&, double, long);
template std::optional<OdeintRun<PendulumProblem>> run_odeint(std::string_view, const PendulumProblem&, double, long);
template std::optional<OdeintRun<KeplerProblem>> run_odeint(std::string_view, const KeplerProblem&, double, long);

}  // namespace verisim::experiments
