#pragma once
// The linear spring-dashpot normal contact of seed 003 ("Le modèle du ressort amorti"):
//   F_n = −η·δ̇ − k_n·δ  ⇔  m·δ̈ + η·δ̇ + k_n·δ = 0,   δ(0) = 0, δ̇(0) = v_i > 0,
// δ the overlap, m the (effective, m = m_i m_j/(m_i + m_j), seed 003 "Masse effective") mass.
// Under-damped only (η² < 4 m k_n), which is every ε ∈ (0, 1) of the seed's relation.
//
// Closed form (seed 003, "Déterminer la viscosité"), with γ = η/(2m), ω₀ = √(k_n/m),
// ω = √(ω₀² − γ²) = √(4 m k_n − η²)/(2m)   (the seed's first line misses the square on η/2m;
// its second, ω = √(4mk_n − η²)/(2m), is the right one):
//   δ(t) = (v_i/ω)·e^(−γt)·sin ωt
//   δ̇(t) = (v_i/ω)·e^(−γt)·(ω cos ωt − γ sin ωt)
//
// Two definitions of the end of the contact, hence of the restitution coefficient:
//  * ZERO OVERLAP (the seed's): the contact ends when δ returns to 0, at t = π/ω, and
//      ε = |δ̇(π/ω)/v_i| = exp(−γπ/ω) = exp(−πη/√(4mk_n − η²))                          (seed 003)
//      η = −2 ln ε·√(m k_n/(ln²ε + π²))                                                   (seed 003)
//  * ZERO FORCE (Schwager & Pöschel, Granular Matter 9 (2007) 465, §3): the particles separate
//    when the normal force F_n = m·δ̈ vanishes — after that it would be attractive. Writing
//    χ = atan(γ/ω) (cos χ = ω/ω₀, sin χ = γ/ω₀),
//      δ̈(t) = −(v_i ω₀²/ω)·e^(−γt)·sin(ωt + 2χ),   δ̇(t) = (v_i ω₀/ω)·e^(−γt)·cos(ωt + χ),
//    so F_n first vanishes at t_F = (π − 2χ)/ω < π/ω, where δ̇(t_F) = −v_i·e^(−γ t_F), and
//      ε_F = exp(−(γ/ω)·(π − 2 atan(γ/ω)))  >  exp(−γπ/ω) = ε
//    (Schwager & Pöschel 2007, eqs. (12)–(14) for γ < ω₀/√2, their (15) beyond: the single formula
//    above covers both, since atan(2γω/(ω² − γ²)) = 2χ taken on the right branch).
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace verisim::reference::analytic {

/// ε(η) of seed 003 (zero-overlap definition).
inline double restitution_from_viscosity(double eta, double m, double kn) {
  const double d = 4.0 * m * kn - eta * eta;
  if (!(d > 0.0) || eta < 0.0) throw std::invalid_argument("restitution_from_viscosity: needs 0 <= eta < 2*sqrt(m*kn)");
  return std::exp(-std::numbers::pi * eta / std::sqrt(d));
}

/// η(ε) of seed 003 (zero-overlap definition), 0 < ε ≤ 1.
inline double viscosity_from_restitution(double eps, double m, double kn) {
  if (!(eps > 0.0 && eps <= 1.0)) throw std::invalid_argument("viscosity_from_restitution: needs 0 < eps <= 1");
  const double l = std::log(eps);
  return -2.0 * l * std::sqrt(m * kn / (l * l + std::numbers::pi * std::numbers::pi));
}

struct DampedContact {
  double m = 1.0;    ///< (effective) mass
  double kn = 1.0;   ///< normal stiffness
  double eta = 0.0;  ///< normal viscosity (dashpot), η² < 4 m k_n
  double vi = 1.0;   ///< normal approach speed at first touch, δ̇(0) > 0

  /// The contact for the seed's ε (zero-overlap definition): η = viscosity_from_restitution(ε).
  static DampedContact from_restitution(double eps, double m, double kn, double vi) {
    return {m, kn, viscosity_from_restitution(eps, m, kn), vi};
  }

  double gamma() const { return eta / (2.0 * m); }
  double omega0() const { return std::sqrt(kn / m); }
  double omega() const {
    const double d = 4.0 * m * kn - eta * eta;
    if (!(d > 0.0)) throw std::invalid_argument("DampedContact: needs eta^2 < 4*m*kn (under-damped)");
    return std::sqrt(d) / (2.0 * m);
  }

  double delta(double t) const { return vi / omega() * std::exp(-gamma() * t) * std::sin(omega() * t); }
  double delta_dot(double t) const {
    const double w = omega(), g = gamma();
    return vi / w * std::exp(-g * t) * (w * std::cos(w * t) - g * std::sin(w * t));
  }
  /// The normal force F_n = −η·δ̇ − k_n·δ = m·δ̈ (seed 003's sign: along the overlap; negative
  /// while it repels, i.e. decelerates the overlap; it turns positive, attractive, at t_F).
  double force(double t) const { return -eta * delta_dot(t) - kn * delta(t); }

  /// Contact duration, zero-overlap definition: π/ω (seed 003).
  double duration() const { return std::numbers::pi / omega(); }
  /// Restitution, zero-overlap definition: exp(−γπ/ω) (seed 003).
  double restitution() const { return std::exp(-gamma() * duration()); }

  /// Contact duration, zero-force definition: (π − 2 atan(γ/ω))/ω (Schwager & Pöschel 2007).
  double duration_zero_force() const {
    const double w = omega();
    return (std::numbers::pi - 2.0 * std::atan(gamma() / w)) / w;
  }
  /// Restitution, zero-force definition: exp(−γ·t_F) (Schwager & Pöschel 2007).
  double restitution_zero_force() const { return std::exp(-gamma() * duration_zero_force()); }
};

/// ε_F as a function of the seed's ε (both definitions on the same η): with r = γ/ω = −ln ε/π,
/// ε_F = ε·exp(2r·atan r).
inline double restitution_zero_force_from_zero_overlap(double eps) {
  const double r = -std::log(eps) / std::numbers::pi;
  return eps * std::exp(2.0 * r * std::atan(r));
}

}  // namespace verisim::reference::analytic
