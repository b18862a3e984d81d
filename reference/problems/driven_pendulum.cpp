// DrivenPendulum::exact (driven_pendulum.hpp): no closed form, so the state at t is a reference run in
// long double (reference/odeint/reference_run.hpp: Fehlberg 7(8), its own error estimate ~1e-16).
#include "reference/problems/driven_pendulum.hpp"

#include "reference/odeint/reference_run.hpp"

namespace verisim::reference::problems {

template <bool Damped>
core::PhaseState<core::Vec1> DrivenPendulum<Damped>::exact(double t) const {
  if (t == t0) return initial();
  using R = odeint::RealVector<long double>;
  const auto r = odeint::reference_run<long double>(*this, R::Constant(1, theta0), R::Constant(1, 0.0L),
                                                    static_cast<long double>(t0), static_cast<long double>(t));
  return {core::Vec1(static_cast<double>(r.q[0])), core::Vec1(static_cast<double>(r.v[0]))};
}

template struct DrivenPendulum<true>;
template struct DrivenPendulum<false>;

}  // namespace verisim::reference::problems
