#pragma once
// The step-size ladders of the order and work-precision studies, one place for both so that the
// two studies measure the same runs: f(problem, final time T, coarsest step count n0), the
// problems from the catalogue (reference/problems/).
// Kepler is measured at t = 2 s, a third of a period past the periapsis passage, not a whole
// period: there symplectic Euler (conjugate to Störmer–Verlet by a half drift, GNI §VI.4) and
// Ruth's method return with their leading error term cancelled and measure one order higher.
// The forced oscillator and the driven pendulum are time-dependent and start at t₀ ≠ 0, so a method
// whose stages are evaluated at wrong times loses its order on them (issue 25).
// With a draw seed (`verisim check --seed`), every problem's parameters are drawn from its ranges
// (reference/problems/units.hpp) and the final time T is kept in the problem's own time unit
// (T·τ/τ_default, τ = time_scale()): the same number of periods, the same θ = ωΔt at each level.
#include <cstdint>
#include <optional>

#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"
#include "reference/problems/units.hpp"

namespace verisim::experiments {

/// The problem as a study runs it: `defaults`, or drawn from its ranges when a draw seed is given.
template <class P>
P studied(const P& defaults, const std::optional<std::uint64_t>& draw_seed) {
  return draw_seed ? reference::problems::draw<P>(*draw_seed) : defaults;
}
/// A duration given for `defaults`, in the time unit of `p`.
template <class P>
double in_units_of(const P& p, const P& defaults, double duration) {
  return duration * p.time_scale() / defaults.time_scale();
}

template <class F>
void for_each_ladder(const std::optional<std::uint64_t>& draw_seed, F&& f) {
  namespace pr = reference::problems;
  const auto one = [&](const auto& defaults, double T, long n0) {
    const auto p = studied(defaults, draw_seed);
    f(p, in_units_of(p, defaults, T), n0);
  };
  one(pr::Oscillator{}, 10.0, 20L);
  one(pr::DampedOscillator{}, 10.0, 20L);
  one(pr::ForcedOscillator{}, 10.0, 20L);
  one(pr::PendulumProblem{}, 5.0, 50L);
  one(pr::DrivenPendulum<true>{.t0 = 2.0}, 6.0, 20L);
  one(pr::KeplerProblem{}, 2.0, 64L);
}

}  // namespace verisim::experiments
