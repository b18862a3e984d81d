#pragma once
// Magnetic dipole–dipole interaction, seed 003 "Interaction dipolaire".
// Force on i from j, n = n_ij = (r_i − r_j)/|r_i − r_j| (from j to i, the contact basis' normal):
//   F_i = 3μ₀/(4π r⁴) [ n (M_i·M_j) + M_i (n·M_j) + M_j (n·M_i) − 5 n (n·M_i)(n·M_j) ]     (seed 003)
// It is −∇_{r_i} of the dipole–dipole energy (Jackson, Classical Electrodynamics, 3rd ed., eq. (5.98))
//   U = μ₀/(4π r³) [ M_i·M_j − 3 (M_i·n)(M_j·n) ]
// (checked by finite differences in tests/contact; that check fixes n_ij's direction). F_j = −F_i.
// Torque on i, for dipoles that turn with their particle: the field of j at r_i,
//   B_j = μ₀/(4π r³) [ 3 n (n·M_j) − M_j ],   T_i = M_i × B_j                 (Jackson eq. (5.1), 5.56)
// Cut-off (seed 003): the force falls as 1/r⁴, so it is neglected beyond r_c with
//   1/r_c⁴ = α/(R_i + R_j)⁴,  α ≤ 0.1   ⇔   r_c = (R_i + R_j) α^(−1/4)
// (at r_c the force is at most α times its value at touching); the linked cells must then be at
// least r_c wide (seed 003 "Adaptation des cellules liées").
#include <cmath>
#include <numbers>

#include "toolkit/contact/dim.hpp"

namespace verisim::contact {

/// Dipole parameters: α of the cut-off rule (0 < α ≤ 0.1) and the vacuum permeability μ₀.
struct DipoleLaw {
  double alpha = 0.1;                            ///< seed 003: 1/r_c⁴ = α/(R_i + R_j)⁴
  double mu0 = 4.0e-7 * std::numbers::pi;        ///< μ₀ (T·m/A)
};

/// r_c/(R_i + R_j) = α^(−1/4) (seed 003).
inline double dipole_range_factor(const DipoleLaw& d) { return std::pow(d.alpha, -0.25); }

/// Seed 003's force on i (n from j to i, r = |r_i − r_j|).
template <int D>
inline core::Vec<D> dipole_force(const core::Vec<D>& n, double r, const core::Vec<D>& Mi, const core::Vec<D>& Mj, double mu0) {
  const double r2 = r * r;
  const double c = 3.0 * mu0 / (4.0 * std::numbers::pi * r2 * r2);
  const double nMi = n.dot(Mi), nMj = n.dot(Mj);
  return c * ((Mi.dot(Mj) - 5.0 * nMi * nMj) * n + nMj * Mi + nMi * Mj);
}

/// The field of dipole j at r_i (n from j to i): μ₀/(4π r³) [3 n (n·M_j) − M_j].
template <int D>
inline core::Vec<D> dipole_field(const core::Vec<D>& n, double r, const core::Vec<D>& Mj, double mu0) {
  return (mu0 / (4.0 * std::numbers::pi * r * r * r)) * (3.0 * n.dot(Mj) * n - Mj);
}

/// Torque on i: M_i × B_j (2D: its z component).
template <int D>
inline Spin<D> dipole_torque(const core::Vec<D>& n, double r, const core::Vec<D>& Mi, const core::Vec<D>& Mj, double mu0) {
  return Dim<D>::moment(Mi, dipole_field<D>(n, r, Mj, mu0));
}

/// The dipole–dipole energy U (for energy checks and the gradient test).
template <int D>
inline double dipole_energy(const core::Vec<D>& n, double r, const core::Vec<D>& Mi, const core::Vec<D>& Mj, double mu0) {
  return mu0 / (4.0 * std::numbers::pi * r * r * r) * (Mi.dot(Mj) - 3.0 * Mi.dot(n) * Mj.dot(n));
}

}  // namespace verisim::contact
