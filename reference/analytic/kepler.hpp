#pragma once
// The Kepler orbit r̈ = −μ·r/|r|³ (seed 003, exercise "a comet passing near a much heavier planet":
// the planet fixed at the origin, μ = G·M_planet) for a bound orbit 0 ≤ e < 1, in closed form.
//
// Derivation (Danby, Fundamentals of Celestial Mechanics, 2nd ed. (1988), §6.3–6.6; Murray &
// Dermott, Solar System Dynamics (1999), §2.4–2.5): with mean motion n = √(μ/a³), the mean anomaly
// M = n·t (periapsis passage at t = 0) and the eccentric anomaly E solving Kepler's equation
//   E − e·sin E = M                                                      (Danby eq. (6.3).17)
// the position in the orbital plane, periapsis on +x, motion counter-clockwise, is
//   x = a(cos E − e),  y = b·sin E,  b = a√(1 − e²)                     (Danby eq. (6.3).14)
// and, with Ė = n/(1 − e·cos E),
//   ẋ = −a·sin E·Ė,  ẏ = b·cos E·Ė.
// Energy per unit mass −μ/(2a) (vis-viva), angular momentum per unit mass h = √(μa(1 − e²)),
// period 2π/n (Kepler's third law).
// Kepler's equation is solved by Newton's iteration from Danby's starting value
// E₀ = M + 0.85·e·sign(sin M) (Danby, Celest. Mech. 40 (1987) 303, eq. (10)), with M first reduced
// to [−π, π]; the iteration converges for every 0 ≤ e < 1 from that start (Danby 1987 §3) and is run
// until the Newton correction is at the rounding level (machine precision), capped at 64 steps.
#include <cmath>
#include <algorithm>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "toolkit/core/vec.hpp"

namespace verisim::reference::analytic {

struct KeplerOrbit {
  double mu = 1.0;  ///< gravitational parameter G·M of the fixed attracting body
  double a = 1.0;   ///< semi-major axis
  double e = 0.0;   ///< eccentricity, 0 ≤ e < 1

  double mean_motion() const { return std::sqrt(mu / (a * a * a)); }
  double period() const { return 2.0 * std::numbers::pi / mean_motion(); }
  double semi_minor_axis() const { return a * std::sqrt((1.0 - e) * (1.0 + e)); }
  /// Specific orbital energy ½v² − μ/r = −μ/(2a).
  double energy() const { return -mu / (2.0 * a); }
  /// Specific angular momentum (z component; > 0, the motion is counter-clockwise).
  double angular_momentum() const { return std::sqrt(mu * a * (1.0 - e) * (1.0 + e)); }
  double periapsis() const { return a * (1.0 - e); }
  double apoapsis() const { return a * (1.0 + e); }

  /// Initial state (t = 0): at periapsis (a(1 − e), 0), velocity (0, √(μ(1 + e)/(a(1 − e)))).
  core::Vec2 initial_position() const { return position(0.0); }
  core::Vec2 initial_velocity() const { return velocity(0.0); }

  /// Eccentric anomaly of the mean anomaly reduced to [−π, π] (the revolutions are dropped: position
  /// and velocity are 2π-periodic in E, and the reduction keeps Newton's start in Danby's range).
  double eccentric_anomaly(double t) const {
    check();
    const double M = std::remainder(mean_motion() * t, 2.0 * std::numbers::pi);  // in [−π, π]
    return solve_kepler(M, e);
  }

  core::Vec2 position(double t) const {
    const double E = eccentric_anomaly(t);
    return core::Vec2(a * (std::cos(E) - e), semi_minor_axis() * std::sin(E));
  }

  core::Vec2 velocity(double t) const {
    const double E = eccentric_anomaly(t);
    const double Edot = mean_motion() / (1.0 - e * std::cos(E));
    return core::Vec2(-a * std::sin(E) * Edot, semi_minor_axis() * std::cos(E) * Edot);
  }

  /// The right-hand side of the ODE: r̈ = −μ·r/|r|³.
  core::Vec2 acceleration(const core::Vec2& r) const {
    const double d = r.norm();
    return (-mu / (d * d * d)) * r;
  }

  /// Newton's iteration on E − e·sin E − M = 0 for M ∈ [−π, π] (Danby 1987 starting value).
  static double solve_kepler(double M, double ecc) {
    if (M == 0.0) return 0.0;
    double E = M + 0.85 * ecc * (std::sin(M) >= 0.0 ? 1.0 : -1.0);
    for (int i = 0; i < 64; ++i) {
      const double f = E - ecc * std::sin(E) - M;
      const double fp = 1.0 - ecc * std::cos(E);
      const double dE = f / fp;
      E -= dE;
      // quadratic convergence: once the correction is at the rounding level, E is exact to ε
      if (std::abs(dE) <= 4.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(E))) break;
    }
    return E;
  }

 private:
  void check() const {
    if (!(e >= 0.0 && e < 1.0) || !(a > 0.0) || !(mu > 0.0))
      throw std::invalid_argument("KeplerOrbit: needs mu > 0, a > 0 and 0 <= e < 1");
  }
};

}  // namespace verisim::reference::analytic
