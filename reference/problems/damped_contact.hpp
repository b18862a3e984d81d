#pragma once
// The linear spring-dashpot normal contact of seed 003 ("Le modèle du ressort amorti"):
//   m·δ̈ = −η·δ̇ − k_n·δ   from δ(0) = 0, δ̇(0) = v_i > 0,
// δ the overlap, valid while the bodies touch (0 ≤ t ≤ π/ω). Velocity-dependent.
//   energy  E = ½m·δ̇² + ½k_n·δ²,  dE/dt = −η·δ̇²; the restitution ε = |δ̇(π/ω)|/v_i = exp(−γπ/ω)
//   exact   reference/analytic/damped_contact.hpp (δ = (v_i/ω)·e^(−γt)·sin ωt, γ = η/2m)
// Default: m = 0.01 kg, v_i = 2 m/s, k_n = 10⁴ N/m (seed 003's k_n = m·v²/δ_max², "forçage
// extérieur", with δ_max = 2 mm), η from the seed's ε = 0.5 (η = −2 ln ε·√(m k_n/(ln²ε + π²))).
#include <string_view>

#include "reference/analytic/damped_contact.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct DampedContactProblem {
  static constexpr bool velocity_independent = false;
  static constexpr std::string_view name = "damped-contact";
  static constexpr std::string_view title = "spring-dashpot contact (seed 003, ε = 0.5)";
  using V = core::Vec1;

  double m = 0.01;                                                  ///< (effective) mass
  double kn = 1e4;                                                  ///< normal stiffness
  double eta = analytic::viscosity_from_restitution(0.5, 0.01, 1e4);  ///< viscosity, η² < 4 m k_n
  double vi = 2.0;                                                  ///< approach speed δ̇(0)

  /// The contact whose η gives the seed's restitution ε (zero-overlap definition).
  static DampedContactProblem from_restitution(double eps, double m, double kn, double vi) {
    return {m, kn, analytic::viscosity_from_restitution(eps, m, kn), vi};
  }
  analytic::DampedContact solution() const { return {m, kn, eta, vi}; }

  /// δ̈ = (−η·δ̇ − k_n·δ)/m.
  void operator()(const core::Vec1& q, const core::Vec1& v, core::Vec1& a, double /*t*/) const {
    a[0] = (-eta * v[0] - kn * q[0]) / m;
  }
  core::PhaseState<core::Vec1> initial() const { return {core::Vec1(0.0), core::Vec1(vi)}; }
  core::PhaseState<core::Vec1> exact(double t) const {
    const auto s = solution();
    return {core::Vec1(s.delta(t)), core::Vec1(s.delta_dot(t))};
  }
  /// Duration of the contact, π/ω (zero-overlap definition, seed 003).
  double duration() const { return solution().duration(); }
  double energy(const core::PhaseState<core::Vec1>& x) const { return 0.5 * m * x.v[0] * x.v[0] + 0.5 * kn * x.q[0] * x.q[0]; }
};

}  // namespace verisim::reference::problems
