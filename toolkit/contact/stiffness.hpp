#pragma once
// Choosing the contact parameters, seed 003 "Choix de la raideur", "Choix du pas de temps",
// "Déterminer la viscosité" and "Masse effective".
//
// Stiffness from a tolerated maximal overlap δ_max (typically R/100, seed 003), three regimes; when a
// system has several, take the largest k_n (seed 003):
//   forced     ½ k_n δ_max² = ½ m v²         ⇒ k_n = m v²/δ_max²        (kinetic energy of the fastest, heaviest)
//   free fall  ½ k_n δ_max² = m g h           ⇒ k_n = 2 m g h/δ_max²     (drop height h)
//   stacking   k_n δ_max = 2 R h ρ_2d g       ⇒ k_n = 2 R h ρ_2d g/δ_max (weight of a column of height h
//                                                                       and width 2R, areal density ρ_2d)
// (the seed writes δ_max < 0 with a minus sign in the stacking law; here δ_max is the positive depth).
// Time step: Δt ≤ c π √(m/k_n), c ≤ 0.05 (seed 003), so that a contact of duration π√(m/k_n) (the
// undamped half period) lasts at least 1/c = 20 steps. m is the effective mass of the contact.
// Viscosity: the damped spring m δ̈ + η δ̇ + k_n δ = 0 gives, contact ending when δ returns to 0,
//   ε = exp(−πη/√(4 m k_n − η²))  ⇔  η = −2 ln ε √(m k_n/(ln²ε + π²))                    (seed 003)
// with m the effective mass m_i m_j/(m_i + m_j) for two particles, the particle's mass against a wall
// (seed 003 "Masse effective").
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "toolkit/contact/input_error.hpp"

namespace verisim::contact {

/// seed 003 "Masse effective": m_i m_j/(m_i + m_j); T = double, or a lane pack (core/lanes.hpp).
template <class T>
T effective_mass(const T& mi, const T& mj) {
  return mi * mj / (mi + mj);
}

/// seed 003, forced system: k_n = m v²/δ_max².
inline double stiffness_forced(double m, double v, double delta_max) { return m * v * v / (delta_max * delta_max); }

/// seed 003, free fall from height h: k_n = 2 m g h/δ_max².
inline double stiffness_free_fall(double m, double g, double h, double delta_max) {
  return 2.0 * m * g * h / (delta_max * delta_max);
}

/// seed 003, static stacking of height h (2D, areal density ρ_2d): k_n = 2 R h ρ_2d g/δ_max.
inline double stiffness_stacking(double R, double h, double rho_2d, double g, double delta_max) {
  return 2.0 * R * h * rho_2d * g / delta_max;
}

/// seed 003: the largest time step Δt = c π √(m/k_n), c ≤ 0.05 (default 0.05).
inline double max_time_step(double m, double kn, double c = 0.05) {
  return c * std::numbers::pi * std::sqrt(m / kn);
}

/// seed 003: η(ε) = −2 ln ε √(m k_n/(ln²ε + π²)), 0 < ε ≤ 1 (ε = 1: η = 0, the undamped spring).
inline double viscosity(double eps, double m, double kn) {
  if (!(eps > 0.0 && eps <= 1.0))
    throw InputError(fmt::format("restitution = {} must be in (0, 1] (seed 003)", eps));
  const double l = std::log(eps);
  return -2.0 * l * std::sqrt(m * kn / (l * l + std::numbers::pi * std::numbers::pi));
}

/// η/√m for a given ε and k_n: the part of η common to every pair, so that a pair's viscosity is
/// this factor times √(m_eff) (one square root per contact, no logarithm).
inline double viscosity_per_sqrt_mass(double eps, double kn) { return viscosity(eps, 1.0, kn); }

}  // namespace verisim::contact
