#pragma once
// A ball (or shell, or hoop) bouncing on a plane with Coulomb friction: the impulsive law of seed 004
// ("Удар как линейное преобразование"), in closed form.
//
// Sign convention (seed 004): x along the plane, y along its outward normal; V_y < 0 on approach
// (the seed: "V_y всегда отрицательна"); ω positive CLOCKWISE (x to the right, y up), so the velocity of
// the contact point is V_x − ωR. The moment of inertia is I = α·m·R² (α = 2/5 solid ball, 2/3
// spherical shell, 1 hoop, or any α > 0). γ is the normal restitution: V_y′ = −γ·V_y.
//
//  slip for the whole impact, μ ≤ μₑ (seed 004 eqs. (5), (7), and the summary with ξ):
//      V_x′ = V_x + ξ·μ·V_y·(1 + γ),   V_y′ = −γ·V_y,   ω′ = ω − ξ·μ·V_y·(1 + γ)/(α R)
//      ξ = +1 if V_x > ωR, −1 if V_x < ωR
//  stick (rolling reached during the impact), μ ≥ μₑ (seed 004 eq. (8)):
//      V_x′ = (αωR + V_x)/(1 + α),   V_y′ = −γ·V_y,   ω′ = (αωR + V_x)/(R(1 + α))
//  the transition friction coefficient (seed 004 eq. (10)):
//      μₑ = −α·|V_x − ωR| / (V_y·(1 + γ)·(1 + α))
// The law is linear in (V_x, V_y, ω) once the branch (and ξ) is chosen: (V_x′, V_y′, ω′)ᵀ = P·(V_x, V_y, ω)ᵀ
// with the two matrices P of seed 004 (after eq. (12)); on a plane inclined by φ the velocities are
// first rotated into the plane's frame by T⁻¹ (eq. (11)), and the result is T·P·T⁻¹·V (eq. (12)).
// Eq. (11): T⁻¹ = [[cos φ, sin φ, 0], [−sin φ, cos φ, 0], [0, 0, 1]]: the plane's tangent is
// (cos φ, sin φ) and its outward normal (−sin φ, cos φ) in the fixed frame; ω is unchanged.
// When V_x = ωR exactly, μₑ = 0 and the stick formula leaves everything but V_y unchanged (the seed:
// "при V_x = ωR проскальзывания нет").
// Check (not from the seed): both branches conserve the angular momentum about the contact point,
// αR·ω + V_x (per m·R), since the contact impulse passes through it.
#include <cmath>
#include <stdexcept>

#include <Eigen/Core>

#include "toolkit/core/vec.hpp"

namespace verisim::reference::analytic {

enum class ImpactBranch { slip, stick };

struct RollingImpact {
  double R = 1.0;       ///< radius
  double alpha = 0.4;   ///< I = α m R² (2/5 solid ball, 2/3 shell, 1 hoop)
  double gamma = 1.0;   ///< normal restitution, V_y′ = −γ V_y
  double mu = 0.0;      ///< Coulomb friction coefficient

  /// ξ(V_x, ω) of seed 004: +1 when the contact point slides forward (V_x > ωR), −1 otherwise.
  double xi(double vx, double omega) const { return vx > omega * R ? 1.0 : -1.0; }

  /// μₑ, seed 004 eq. (10). Needs V_y < 0.
  double transition_friction(double vx, double vy, double omega) const {
    if (!(vy < 0.0)) throw std::invalid_argument("RollingImpact: needs V_y < 0 (approaching the plane)");
    return -alpha * std::abs(vx - omega * R) / (vy * (1.0 + gamma) * (1.0 + alpha));
  }

  ImpactBranch branch(double vx, double vy, double omega) const {
    return mu <= transition_friction(vx, vy, omega) && vx != omega * R ? ImpactBranch::slip : ImpactBranch::stick;
  }

  /// Slip formulas (seed 004 eqs. (5), (7)) with the given μ, whatever μₑ is.
  core::Vec3 slip(double vx, double vy, double omega) const {
    const double x = xi(vx, omega), j = mu * vy * (1.0 + gamma);
    return {vx + x * j, -gamma * vy, omega - x * j / (R * alpha)};
  }
  /// Stick formulas (seed 004 eq. (8)).
  core::Vec3 stick(double vx, double vy, double omega) const {
    const double u = (alpha * omega * R + vx) / (1.0 + alpha);
    return {u, -gamma * vy, u / R};
  }

  /// The post-impact state (V_x′, V_y′, ω′) on a horizontal plane: slip for μ ≤ μₑ, stick for μ ≥ μₑ.
  core::Vec3 bounce(const core::Vec3& s) const {
    return branch(s[0], s[1], s[2]) == ImpactBranch::slip ? slip(s[0], s[1], s[2]) : stick(s[0], s[1], s[2]);
  }

  /// P of the slip case (seed 004, after eq. (12)).
  Eigen::Matrix3d slip_matrix(double xi_value) const {
    Eigen::Matrix3d P;
    P << 1.0, xi_value * mu * (1.0 + gamma), 0.0,  //
        0.0, -gamma, 0.0,                            //
        0.0, -xi_value * mu * (1.0 + gamma) / (R * alpha), 1.0;
    return P;
  }
  /// P of the stick case (seed 004, after eq. (12)).
  Eigen::Matrix3d stick_matrix() const {
    Eigen::Matrix3d P;
    P << 1.0 / (1.0 + alpha), 0.0, alpha * R / (1.0 + alpha),  //
        0.0, -gamma, 0.0,                                      //
        1.0 / (R * (1.0 + alpha)), 0.0, alpha / (1.0 + alpha);
    return P;
  }
  /// The P that applies to the (plane-frame) state s.
  Eigen::Matrix3d matrix_for(const core::Vec3& s) const {
    return branch(s[0], s[1], s[2]) == ImpactBranch::slip ? slip_matrix(xi(s[0], s[2])) : stick_matrix();
  }

  /// T⁻¹ of seed 004 eq. (11): fixed frame → frame of a plane inclined by φ.
  static Eigen::Matrix3d to_plane(double phi) {
    Eigen::Matrix3d Ti;
    Ti << std::cos(phi), std::sin(phi), 0.0,  //
        -std::sin(phi), std::cos(phi), 0.0,   //
        0.0, 0.0, 1.0;
    return Ti;
  }

  /// T·P·T⁻¹ of seed 004 eq. (12) for the fixed-frame state s on a plane inclined by φ.
  Eigen::Matrix3d incline_matrix(const core::Vec3& s, double phi) const {
    const Eigen::Matrix3d Ti = to_plane(phi);
    return Ti.transpose() * matrix_for(Ti * s) * Ti;  // T = (T⁻¹)ᵀ, a rotation
  }
  /// The post-impact fixed-frame state on a plane inclined by φ (seed 004 eq. (12)).
  core::Vec3 bounce_on_incline(const core::Vec3& s, double phi) const { return incline_matrix(s, phi) * s; }
};

}  // namespace verisim::reference::analytic
