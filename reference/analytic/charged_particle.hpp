#pragma once
// A point charge in uniform static fields: m·r̈ = q·(E + ṙ × B), B = B·ẑ (B ≠ 0), E any constant.
//
// Derivation (Jackson, Classical Electrodynamics, 3rd ed. (1999), §12.3–12.4; Chen, Introduction to
// Plasma Physics, 2nd ed. (1984), §2.2): with the cyclotron frequency Ω = qB/m and the E×B drift
// v_E = E×B/B² = (E_y/B, −E_x/B, 0),
//  * along z: uniform acceleration, z = z₀ + v_z0·t + ½(qE_z/m)t²;
//  * across:  u = v⊥ − v_E obeys u̇ = Ω·(u_y, −u_x), i.e. w = u_x + i·u_y satisfies ẇ = −iΩw, so
//             w(t) = w₀·e^(−iΩt) (gyration, clockwise for qB > 0) and
//             x⊥(t) = x⊥0 + v_E·t + w₀·(1 − e^(−iΩt))/(iΩ).
// E = 0 gives the helix of radius |w₀|/|Ω| and pitch 2π·v_z/|Ω|.
#include <cmath>
#include <complex>
#include <stdexcept>

#include <Eigen/Geometry>  // cross product

#include "toolkit/core/vec.hpp"

namespace verisim::reference::analytic {

struct ChargedParticle {
  double q = 1.0;          ///< charge
  double m = 1.0;          ///< mass
  double B = 1.0;          ///< magnetic field along z (≠ 0)
  Vec3 E = Vec3::Zero();   ///< electric field
  Vec3 r0 = Vec3::Zero();  ///< position at t = 0
  Vec3 v0 = Vec3(1.0, 0.0, 0.0);  ///< velocity at t = 0

  double cyclotron_frequency() const { return q * B / m; }  ///< Ω (signed)
  Vec3 drift_velocity() const { return Vec3(E.y() / B, -E.x() / B, 0.0); }  ///< E×B/B²
  double larmor_radius() const {
    const Vec3 u = v0 - drift_velocity();
    return std::hypot(u.x(), u.y()) / std::abs(cyclotron_frequency());
  }

  Vec3 position(double t) const {
    check();
    const double W = cyclotron_frequency();
    const Vec3 vd = drift_velocity();
    const std::complex<double> w0(v0.x() - vd.x(), v0.y() - vd.y()), i(0.0, 1.0);
    const std::complex<double> g = w0 * (1.0 - std::exp(-i * (W * t))) / (i * W);
    return {r0.x() + vd.x() * t + g.real(), r0.y() + vd.y() * t + g.imag(),
            r0.z() + v0.z() * t + 0.5 * (q * E.z() / m) * t * t};
  }

  Vec3 velocity(double t) const {
    check();
    const double W = cyclotron_frequency();
    const Vec3 vd = drift_velocity();
    const std::complex<double> w = std::complex<double>(v0.x() - vd.x(), v0.y() - vd.y()) * std::polar(1.0, -W * t);
    return {vd.x() + w.real(), vd.y() + w.imag(), v0.z() + (q * E.z() / m) * t};
  }

  /// The right-hand side of the ODE: (q/m)·(E + v × B ẑ).
  Vec3 acceleration(const Vec3& v) const { return (q / m) * (E + v.cross(Vec3(0.0, 0.0, B))); }

 private:
  void check() const {
    if (B == 0.0 || !(m > 0.0)) throw std::invalid_argument("ChargedParticle: needs B != 0 and m > 0");
  }
};

}  // namespace verisim::reference::analytic
