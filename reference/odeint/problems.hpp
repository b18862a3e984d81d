#pragma once
// The problems of reference/analytic/ as second-order systems sys(q, v, a, t) (toolkit/core/system.hpp),
// each paired with its exact solution, so that the toolkit's steppers and odeint's
// (reference/odeint/run.hpp) can be run on them and compared with the truth.
#include <cmath>

#include "reference/analytic/harmonic_oscillator.hpp"
#include "reference/analytic/kepler.hpp"
#include "reference/analytic/pendulum.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::odeint {

/// m·ẍ + b·ẋ + k·x = F (reference/analytic/harmonic_oscillator.hpp). Velocity-dependent when b ≠ 0:
/// this type never declares velocity_independent; UndampedOscillatorSystem does.
struct OscillatorSystem {
  analytic::HarmonicOscillator exact;
  void operator()(const Vec1& q, const Vec1& v, Vec1& a, double /*t*/) const {
    a[0] = exact.acceleration(q[0], v[0]);
  }
  PhaseState<Vec1> initial() const { return {Vec1(exact.x0), Vec1(exact.v0)}; }
};

/// The same with b = 0 (asserted by the caller), declaring velocity independence (needed by
/// odeint's symplectic steppers, and lets our splitting methods take their exact kick).
struct UndampedOscillatorSystem {
  static constexpr bool velocity_independent = true;
  analytic::HarmonicOscillator exact;
  void operator()(const Vec1& q, const Vec1& /*v*/, Vec1& a, double /*t*/) const {
    a[0] = (exact.force - exact.k * q[0]) / exact.m;
  }
  PhaseState<Vec1> initial() const { return {Vec1(exact.x0), Vec1(exact.v0)}; }
};

/// θ̈ = −(g/L)·sin θ (reference/analytic/pendulum.hpp), released from rest at θ₀.
struct PendulumSystem {
  static constexpr bool velocity_independent = true;
  analytic::Pendulum exact;
  void operator()(const Vec1& q, const Vec1& /*v*/, Vec1& a, double /*t*/) const {
    a[0] = exact.acceleration(q[0]);
  }
  PhaseState<Vec1> initial() const { return {Vec1(exact.theta0), Vec1(0.0)}; }
};

/// r̈ = −μ·r/|r|³ (reference/analytic/kepler.hpp), starting at periapsis.
struct KeplerSystem {
  static constexpr bool velocity_independent = true;
  analytic::KeplerOrbit exact;
  void operator()(const Vec2& q, const Vec2& /*v*/, Vec2& a, double /*t*/) const {
    const double r = q.norm();
    a = (-exact.mu / (r * r * r)) * q;
  }
  PhaseState<Vec2> initial() const { return {exact.initial_position(), exact.initial_velocity()}; }
};

}  // namespace verisim::reference::odeint

#include "reference/analytic/charged_particle.hpp"
#include "reference/analytic/damped_contact.hpp"

namespace verisim::reference::odeint {

/// m·r̈ = q(E + ṙ × B ẑ) (reference/analytic/charged_particle.hpp). Velocity-dependent.
struct ChargedParticleSystem {
  analytic::ChargedParticle exact;
  void operator()(const Vec3& /*q*/, const Vec3& v, Vec3& a, double /*t*/) const { a = exact.acceleration(v); }
  PhaseState<Vec3> initial() const { return {exact.r0, exact.v0}; }
};

/// m·δ̈ = −η·δ̇ − k_n·δ from δ = 0, δ̇ = v_i (reference/analytic/damped_contact.hpp, seed 003),
/// valid while the bodies touch. Velocity-dependent.
struct DampedContactSystem {
  analytic::DampedContact exact;
  void operator()(const Vec1& q, const Vec1& v, Vec1& a, double /*t*/) const {
    a[0] = (-exact.eta * v[0] - exact.kn * q[0]) / exact.m;
  }
  PhaseState<Vec1> initial() const { return {Vec1(0.0), Vec1(exact.vi)}; }
};

}  // namespace verisim::reference::odeint
