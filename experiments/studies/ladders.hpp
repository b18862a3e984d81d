#pragma once
// The step-size ladders of the order and work-precision studies, one place for both so that the
// two studies measure the same runs: f(problem, final time T, coarsest step count n0), the
// problems from the catalogue (reference/problems/).
// Kepler is measured at t = 2 s, a third of a period past the periapsis passage, not a whole
// period: there symplectic Euler (conjugate to Störmer–Verlet by a half drift, GNI §VI.4) and
// Ruth's method return with their leading error term cancelled and measure one order higher.
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"

namespace verisim::experiments {

template <class F>
void for_each_ladder(F&& f) {
  f(reference::problems::Oscillator{}, 10.0, 20L);
  f(reference::problems::DampedOscillator{}, 10.0, 20L);
  f(reference::problems::PendulumProblem{}, 5.0, 50L);
  f(reference::problems::KeplerProblem{}, 2.0, 64L);
}

}  // namespace verisim::experiments
