#pragma once
// The "line" constraint: a mass on an ideal spring along the axis d (seed 001 §B.1, the spring).
// E = (x), the abscissa along d measured from O, the rest position of the mass (seed: "placer
// l'origine du référentiel à l'endroit où se situe la masse lorsque le système est au repos").
//   f(t, E, Ė) = (F_ext·d − k E₁ − b Ė₁)/m                seed 001 §B.1 eq. (2)
//   position O + E₁ d, velocity Ė₁ d                       seed 001 §B.1, last paragraph
//   internal potential ½ k E₁² (the spring's restoring force −k x d)
// L, the spring's rest length, does not enter the motion (seed: "inutile dans l'équation du
// mouvement, mais utile pour effectivement dessiner le système").
#include "toolkit/core/vec.hpp"
#include "toolkit/models/damping.hpp"

namespace verisim::models {

template <class Damping = Undamped>
struct Line {
  core::Vec3 O = core::Vec3::Zero();      ///< rest position of the mass
  core::Vec3 d{1.0, 0.0, 0.0};      ///< unit vector of the axis
  double k = 1.0;             ///< spring stiffness (N/m)
  double L = 1.0;             ///< rest length (drawing only)
  Damping damping{};          ///< b (seed 001 §B.1: F_f = −b ẋ d)

  static constexpr int dof = 1;
  static constexpr bool velocity_independent = !Damping::velocity_dependent;
  static constexpr bool conservative = !Damping::velocity_dependent;

  core::Vec1 evolution(double, const core::Vec1& E, const core::Vec1& Edot, const core::Vec3& F, double m) const {
    return core::Vec1((F.dot(d) - k * E[0] - damping.b * Edot[0]) / m);  // seed 001 §B.1 eq. (2)
  }
  core::Vec3 position(const core::Vec1& E) const { return O + E[0] * d; }            // seed 001 §B.1: O + E₁ d
  core::Vec3 velocity(const core::Vec1&, const core::Vec1& Edot) const { return Edot[0] * d; }  // seed 001 §B.1: Ė₁ d
  double internal_potential(const core::Vec1& E) const { return 0.5 * k * E[0] * E[0]; }
  /// Total force on the mass: it moves along d with acceleration f, so m f d (the bar's reaction
  /// cancels the part of F_ext across d; seed 001 §B.1 item 2).
  core::Vec3 total_force(const core::Vec1&, const core::Vec1&, const core::Vec1& f, double m) const { return m * f[0] * d; }
};

}  // namespace verisim::models
