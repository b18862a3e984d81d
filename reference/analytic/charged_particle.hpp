#pragma once
// A point charge in uniform static fields: m·r̈ = q·(E + ṙ × B), B = B·b̂ (B ≠ 0, b̂ = `direction`,
// ẑ by default), E any constant. The formulas below are written in the right-handed orthonormal
// frame (e₁, e₂, b̂) (e₁ any unit vector ⟂ b̂, e₂ = b̂ × e₁), where B is along the third axis; the
// state is rotated into that frame and the result back (with b̂ = ẑ the frame is the identity).
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

#include <Eigen/Core>
#include <Eigen/Geometry>  // cross product

#include "toolkit/core/vec.hpp"

namespace verisim::reference::analytic {

struct ChargedParticle {
  double q = 1.0;          ///< charge
  double m = 1.0;          ///< mass
  double B = 1.0;          ///< magnetic field along z (≠ 0)
  core::Vec3 E = core::Vec3::Zero();   ///< electric field
  core::Vec3 r0 = core::Vec3::Zero();  ///< position at t = 0
  core::Vec3 v0 = core::Vec3(1.0, 0.0, 0.0);  ///< velocity at t = 0
  core::Vec3 direction = core::Vec3::UnitZ();  ///< direction of B (normalised here; need not be unit)

  /// Columns e₁, e₂, b̂: field frame → fixed frame.
  Eigen::Matrix3d frame() const {
    const core::Vec3 b = direction.normalized();
    if (b == core::Vec3::UnitZ()) return Eigen::Matrix3d::Identity();
    const core::Vec3 helper = std::abs(b.x()) < 0.9 ? core::Vec3::UnitX() : core::Vec3::UnitY();
    const core::Vec3 e1 = (helper - helper.dot(b) * b).normalized();
    Eigen::Matrix3d F;
    F.col(0) = e1;
    F.col(1) = b.cross(e1);
    F.col(2) = b;
    return F;
  }

  double cyclotron_frequency() const { return q * B / m; }  ///< Ω (signed)
  /// E×B/B² (fixed frame).
  core::Vec3 drift_velocity() const { return E.cross(field()) / (B * B); }
  /// The magnetic field vector B·b̂.
  core::Vec3 field() const { return B * direction.normalized(); }
  double larmor_radius() const {
    const core::Vec3 u = v0 - drift_velocity();
    const core::Vec3 b = direction.normalized();
    return (u - u.dot(b) * b).norm() / std::abs(cyclotron_frequency());
  }

  core::Vec3 position(double t) const {
    check();
    const Eigen::Matrix3d F = frame();
    const core::Vec3 e = F.transpose() * E, r = F.transpose() * r0, v = F.transpose() * v0;
    const double W = cyclotron_frequency();
    const core::Vec3 vd(e.y() / B, -e.x() / B, 0.0);  // E×B/B² in the field frame
    const std::complex<double> w0(v.x() - vd.x(), v.y() - vd.y()), i(0.0, 1.0);
    const std::complex<double> g = w0 * (1.0 - std::exp(-i * (W * t))) / (i * W);
    return F * core::Vec3(r.x() + vd.x() * t + g.real(), r.y() + vd.y() * t + g.imag(),
                    r.z() + v.z() * t + 0.5 * (q * e.z() / m) * t * t);
  }

  core::Vec3 velocity(double t) const {
    check();
    const Eigen::Matrix3d F = frame();
    const core::Vec3 e = F.transpose() * E, v = F.transpose() * v0;
    const double W = cyclotron_frequency();
    const core::Vec3 vd(e.y() / B, -e.x() / B, 0.0);
    const std::complex<double> w = std::complex<double>(v.x() - vd.x(), v.y() - vd.y()) * std::polar(1.0, -W * t);
    return F * core::Vec3(vd.x() + w.real(), vd.y() + w.imag(), v.z() + (q * e.z() / m) * t);
  }

  /// The right-hand side of the ODE: (q/m)·(E + v × B).
  core::Vec3 acceleration(const core::Vec3& v) const { return (q / m) * (E + v.cross(field())); }

 private:
  void check() const {
    if (B == 0.0 || !(m > 0.0)) throw std::invalid_argument("ChargedParticle: needs B != 0 and m > 0");
  }
};

}  // namespace verisim::reference::analytic
