#pragma once
// Test problems with known solutions, as second-order and first-order systems.
#include <cmath>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "toolkit/core/phase_state.hpp"

namespace verisim::testing {

/// ẍ = (F − k x − b ẋ)/m, the oscillator of reference/analytic/harmonic_oscillator.hpp.
template <bool Damped>
struct Oscillator {
  static constexpr bool velocity_independent = !Damped;
  reference::analytic::HarmonicOscillator exact;

  template <class V>
  void operator()(const V& q, const V& v, V& a, double) const {
    a = (exact.force - exact.k * q.array() - exact.b * v.array()).matrix() / exact.m;
  }
};

/// The same oscillator as a first-order system y = (x, ẋ).
struct OscillatorFirstOrder {
  reference::analytic::HarmonicOscillator exact;
  template <class V>
  void operator()(const V& y, V& dydt, double) const {
    dydt[0] = y[1];
    dydt[1] = exact.acceleration(y[0], y[1]);
  }
};

/// The undamped oscillator ω = 1 from (1, 0) and a damped one, ζ = 0.1, from (1, 0.5).
inline reference::analytic::HarmonicOscillator undamped() { return {1.0, 1.0, 0.0, 0.0, 1.0, 0.0}; }
inline reference::analytic::HarmonicOscillator damped() { return {1.0, 1.0, 0.2, 0.3, 1.0, 0.5}; }

/// The nonlinear pendulum θ̈ = −sin θ − c θ̇ (g/L = 1).
struct Pendulum {
  static constexpr bool velocity_independent = false;
  double c = 0.0;
  template <class V>
  void operator()(const V& q, const V& v, V& a, double) const {
    a = -q.array().sin().matrix() - c * v;
  }
};

}  // namespace verisim::testing
