#pragma once
// The plane pendulum θ̈ = −(g/L)·sin θ (seed 001 §B, the simple pendulum), released from rest at
// θ₀ with |θ₀| < π (below the separatrix), in closed form through Jacobi elliptic functions.
//
// Derivation (Lawden, Elliptic Functions and Applications (1989) §5.2; Whittaker & Watson §22.8;
// also DLMF §22.19(i)): energy conservation gives θ̇² = 2ω₀²(cos θ − cos θ₀) = 4ω₀²(k² − sin²(θ/2))
// with ω₀ = √(g/L) and the modulus k = sin(θ₀/2). With sin(θ/2) = k·s the equation becomes
// ṡ² = ω₀²(1 − s²)(1 − k²s²), solved by s = sn(u₀ ± ω₀t, k); starting at rest at s = 1 gives
// u₀ = K(k) and, since sn(K − u) = cd(u) (DLMF 22.4.3 quarter-period shift),
//   sin(θ(t)/2) = k·cd(ω₀t, k)                                                     (1)
// Differentiating (d cd/du = −k′²·sn/dn², DLMF 22.13.1 and the quotient rule) and using
// cos(θ/2) = k′/dn (from (1) and dn² − k²cn² = k′²), with k′ = √(1 − k²):
//   θ̇(t) = −2k·k′·ω₀·sn(ω₀t, k)/dn(ω₀t, k)                                       (2)
// The period is T = 4K(k)/ω₀ = 4√(L/g)·K(k), K the complete elliptic integral of the first kind
// (DLMF 19.2.8). A negative θ₀ gives k < 0: sn, cn, dn and K are even in the modulus (they depend
// on k² only), so (1) and (2) hold with the sign carried by k.
// Boost.Math takes the modulus k (not the parameter m = k²) in jacobi_elliptic and ellint_1.
#include <cmath>
#include <numbers>
#include <stdexcept>

#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/jacobi_elliptic.hpp>

namespace verisim::reference::analytic {

struct Pendulum {
  double g = 9.81;     ///< gravitational acceleration
  double L = 1.0;      ///< length
  double theta0 = 1.0; ///< release angle from the downward vertical, |θ₀| < π; released from rest

  double omega0() const { return std::sqrt(g / L); }
  /// Modulus k = sin(θ₀/2) (signed; the functions below use |k| and carry the sign).
  double modulus() const { return std::sin(0.5 * theta0); }

  /// Period 4√(L/g)·K(k) (eq. above; → 2π√(L/g) as θ₀ → 0).
  double period() const {
    check();
    return 4.0 * boost::math::ellint_1(std::abs(modulus())) / omega0();
  }

  /// θ(t) from (1).
  double theta(double t) const {
    check();
    const double k = modulus();
    const auto [sn, cn, dn] = jacobi(omega0() * t);
    (void)sn;
    return 2.0 * std::asin(k * cn / dn);  // cd = cn/dn
  }

  /// θ̇(t) from (2).
  double theta_dot(double t) const {
    check();
    const double k = modulus(), kp = std::cos(0.5 * theta0);  // k′ = cos(θ₀/2) ≥ 0 for |θ₀| < π
    const auto [sn, cn, dn] = jacobi(omega0() * t);
    (void)cn;
    return -2.0 * k * kp * omega0() * sn / dn;
  }

  /// The right-hand side of the ODE: θ̈ = −(g/L)·sin θ.
  double acceleration(double theta_value) const { return -(g / L) * std::sin(theta_value); }

  /// Mechanical energy per unit mass, ½L²θ̇² + gL(1 − cos θ), zero at rest at the bottom; conserved,
  /// equal to gL(1 − cos θ₀).
  /// (1 − cos θ is written 2·sin²(θ/2), which keeps full relative precision at small angles.)
  double energy_per_mass() const { return 2.0 * g * L * std::pow(std::sin(0.5 * theta0), 2); }
  /// The same evaluated from the state at t (a check of (1)–(2)).
  double energy_per_mass(double t) const {
    const double w = theta_dot(t);
    return 0.5 * L * L * w * w + 2.0 * g * L * std::pow(std::sin(0.5 * theta(t)), 2);
  }

 private:
  struct Jacobi {
    double sn, cn, dn;
  };
  // sn, cn, dn of modulus k. Boost 1.74's jacobi_elliptic returns a wrong dn near u = K(k) for k
  // close to 1 (measured: dn² + k²sn² − 1 = −8.7e-4 at u = K, k = sin 1.25), which put a 4e-3
  // relative error in θ̇ at the bottom of a θ₀ = 2.5 swing. dn is recomputed from the identity
  // dn² = k′² + k²cn² (DLMF 22.6.1), a sum of positive terms (no cancellation, unlike 1 − k²sn²
  // when k → 1), with k′ = cos(θ₀/2) taken from θ₀ directly.
  Jacobi jacobi(double u) const {
    const double k = std::abs(modulus()), kp = std::cos(0.5 * theta0);
    double cn = 0.0, dn = 1.0;
    const double sn = boost::math::jacobi_elliptic(k, u, &cn, &dn);
    return {sn, cn, std::sqrt(kp * kp + k * k * cn * cn)};
  }

  void check() const {
    if (!(std::abs(theta0) < std::numbers::pi) || !(g > 0.0) || !(L > 0.0))
      throw std::invalid_argument("Pendulum: needs g > 0, L > 0 and |theta0| < pi (below the separatrix)");
  }
};

}  // namespace verisim::reference::analytic
