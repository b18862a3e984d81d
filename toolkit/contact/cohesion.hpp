#pragma once
// Cohesion of fine powders, seed 003 "Force cohésive": a short-range attractive force along the
// normal, acting while |δ| < δ_c, with the two parameters δ_c (range) and F_max (strength).
// The seed gives the law as a figure that our copy of the text does not contain; its words fix an
// attractive normal force, zero beyond |δ| = δ_c, of largest magnitude F_max. We take the simplest
// continuous law with those properties, a triangular well centred on the touching point:
//   F_c(δ) = −F_max (1 − |δ|/δ_c)   for |δ| < δ_c,   0 otherwise        (along n, on i)
// negative = towards j. It acts on both sides of δ = 0 (a gap up to δ_c and an overlap up to δ_c)
// and adds to the contact force of overlapping particles. It derives from a potential U_c(δ)
// (cohesion_energy), so by itself it conserves energy.
#include <cmath>

namespace verisim::contact {

/// Cohesion parameters (seed 003): range δ_c > 0 and largest attraction F_max ≥ 0.
struct CohesionLaw {
  double delta_c = 0.0;  ///< δ_c (m)
  double f_max = 0.0;    ///< F_max (N)
};

/// Normal cohesive force on i (along n = n_ij; negative: attractive), seed 003 "Force cohésive".
inline double cohesion_force(double delta, const CohesionLaw& c) {
  const double a = std::abs(delta);
  return a < c.delta_c ? -c.f_max * (1.0 - a / c.delta_c) : 0.0;
}

/// The potential U_c(δ) with F_c = −dU_c/dδ and U_c = 0 for δ ≥ δ_c (for energy checks):
///   0 ≤ δ < δ_c:   U_c = −F_max (δ_c − δ)²/(2δ_c)
///   −δ_c < δ < 0:  U_c = −F_max δ_c/2 + F_max (δ + δ²/(2δ_c))
///   δ ≤ −δ_c:      U_c = −F_max δ_c (continuous at 0 and ±δ_c).
inline double cohesion_energy(double delta, const CohesionLaw& c) {
  const double dc = c.delta_c;
  if (delta >= dc || delta <= -dc) return delta >= dc ? 0.0 : -c.f_max * dc;  // below −δ_c: constant
  if (delta >= 0.0) return -c.f_max * (dc - delta) * (dc - delta) / (2.0 * dc);
  // δ < 0: dU/dδ = −F_c = F_max (1 + δ/δ_c), U(0) = −F_max δ_c/2
  return -c.f_max * dc / 2.0 + c.f_max * (delta + delta * delta / (2.0 * dc));
}

}  // namespace verisim::contact
