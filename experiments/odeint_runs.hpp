#pragma once
// The same problems run by Boost.Odeint's own steppers (boost/numeric/odeint), for the side-by-side
// comparisons of the order and work-precision studies. States are std::array (odeint's default
// range algebra); the problem's acceleration is wrapped per stepper family:
//   runge_kutta4, euler:                    first-order system y = (q, v), y' = (v, f(t, q, v))
//   velocity_verlet:                        sys(q, v, a, t)  (odeint evaluates a(t + Δt) with the half-step v)
//   symplectic_euler, symplectic_rkn_sb3a_mclachlan: momentum function ṗ = f(q) (unit mass;
//                                           autonomous, velocity-independent systems only)
// Instantiated once, in odeint_runs.cpp, for the problems of problems.hpp.
#include <array>
#include <optional>
#include <string_view>
#include <utility>

#include "toolkit/core/phase_state.hpp"

namespace verisim::experiments {

/// Our integrator ↔ Boost.Odeint's stepper of the same method.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kOdeintTwins{{
    {"euler", "euler"},
    {"symplectic-euler", "symplectic_euler"},
    {"verlet", "velocity_verlet"},
    {"mclachlan4", "symplectic_rkn_sb3a_mclachlan"},
    {"rk4", "runge_kutta4"},
}};

/// Odeint's twin of one of our integrators, or empty.
inline std::string_view odeint_twin(std::string_view ours) {
  for (const auto& [a, b] : kOdeintTwins)
    if (a == ours) return b;
  return {};
}

/// Odeint's declared order of its stepper (its `order_value`).
int odeint_declared_order(std::string_view odeint_name);

template <class P>
struct OdeintRun {
  PhaseState<typename P::V> state;
  long long evaluations = 0;  ///< right-hand-side evaluations (counted)
};

/// Run odeint's stepper `odeint_name` n steps of size dt from the problem's initial state.
/// Empty when the stepper cannot take this problem (symplectic steppers and velocity-dependent forces).
template <class P>
std::optional<OdeintRun<P>> run_odeint(std::string_view odeint_name, const P& problem, double dt, long n);

}  // namespace verisim::experiments
