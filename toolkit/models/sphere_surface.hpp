#pragma once
// The "sphere" constraint: the spherical pendulum of seed 001 §B.3 (also a bead rolling without
// friction in a spherical bowl). E = (θ, φ); k = {g}₁ (seed 001 v1.1), d ⟂ k, j = d ∧ k.
//   u_ρ = sin θ cos φ d + sin θ sin φ j + cos θ k                   seed 001 §B.3
//   u_θ = cos θ cos φ d + cos θ sin φ j − sin θ k                   seed 001 §B.3
//   u_φ = −sin φ d + cos φ j                                        seed 001 §B.3 — SEED SLIP: the
//         seed prints this vector as a second "u_θ"; it is u_φ = (1/sin θ) ∂u_ρ/∂φ, the only
//         reading that makes its equations of motion Euler–Lagrange's (tests/models check both).
//   θ̈ = F·u_θ/(mL) + sin θ cos θ φ̇²                                seed 001 §B.3
//   φ̈ = F·u_φ/(mL sin θ) − 2 cot θ θ̇ φ̇                             seed 001 §B.3
//   position O + L cos θ k + L sin θ cos φ d + L sin θ sin φ j      seed 001 §B.3
//   velocity L(−θ̇ sin θ k + [θ̇ cos θ cos φ − φ̇ sin θ sin φ] d + [θ̇ cos θ sin φ + φ̇ sin θ cos φ] j)
//   total force (tension included)
//     F = mL[(−θ̇² − φ̇² sin²θ) u_ρ + (f₁ − φ̇² sin θ cos θ) u_θ + (f₂ sin θ + 2θ̇φ̇ cos θ) u_φ]
//     seed 001 §B.3 — SEED SLIP: the seed prints "f₂ sin θ − 2θ̇φ̇ cos θ". The φ-component of the
//     acceleration on a sphere is L(φ̈ sin θ + 2θ̇φ̇ cos θ) (the seed's own equation of motion
//     mL(φ̈ sin θ + 2θ̇φ̇ cos θ) = F·u_φ); with "−" the force would not be m·ẍ. tests/models check
//     F = m·ẍ by finite differences and that F − F_ext is radial (a pure tension).
// Note (d, j, k) with j = d ∧ k is a left-handed frame (d ∧ j = −k), as the seed defines it.
//
// THE POLE. At sin θ = 0 (the bob straight below or above O) the chart is singular: φ is
// undefined and f₂ divides by sin θ. Near it the equations are ill-conditioned (φ̇ ~ 1/sin²θ for
// a fixed L·k), so no step size rescues them. Two answers:
//   1. evolution() refuses |sin θ| < kPoleGuard with PoleSingularity (one exception, full context)
//      rather than returning NaN or an infinite acceleration;
//   2. change of chart: the same formulas in the basis (d', k') = (k, d), whose poles ±d are 90°
//      away from ±k. remap() maps the world position and velocity exactly into the other chart
//      when |sin θ| < kChartSwitch; it is the system's remap hook (toolkit/core/system.hpp), which
//      integrators::integrate_n_steps calls between steps on a non-const object, so any integrator
//      crosses the bottom of the sphere. After a switch |sin θ'| ≥ cos(asin kChartSwitch) = 0.87
//      > kChartSwitch: no chattering between charts.
#include <cmath>

#include <Eigen/Geometry>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/models/pole_singularity.hpp"

namespace verisim::models {

struct SphereSurface {
  core::Vec3 O = core::Vec3::Zero();      ///< the pivot
  core::Vec3 d{1.0, 0.0, 0.0};      ///< unit vector orthogonal to k: φ = 0 half-plane
  core::Vec3 k{0.0, 0.0, -1.0};     ///< the chart's polar axis; k = {g}₁ in the seed's chart
  double L = 1.0;             ///< length of the rod

  static constexpr int dof = 2;
  static constexpr bool velocity_independent = false;  // centrifugal and Coriolis terms
  static constexpr bool conservative = true;
  static constexpr double kPoleGuard = 1e-9;    ///< refuse |sin θ| below this (f₂ ~ 1/sin θ)
  static constexpr double kChartSwitch = 0.5;   ///< rechart when |sin θ| < this (θ within 30° of a pole)

  core::Vec3 j() const { return d.cross(k); }  // seed 001 §B.3: j = d ∧ k
  core::Vec3 u_rho(const core::Vec2& E) const {
    const double st = std::sin(E[0]), ct = std::cos(E[0]), sp = std::sin(E[1]), cp = std::cos(E[1]);
    return st * cp * d + st * sp * j() + ct * k;  // seed 001 §B.3
  }
  core::Vec3 u_theta(const core::Vec2& E) const {
    const double st = std::sin(E[0]), ct = std::cos(E[0]), sp = std::sin(E[1]), cp = std::cos(E[1]);
    return ct * cp * d + ct * sp * j() - st * k;  // seed 001 §B.3
  }
  core::Vec3 u_phi(const core::Vec2& E) const {
    return -std::sin(E[1]) * d + std::cos(E[1]) * j();  // seed 001 §B.3 (printed "u_θ": slip)
  }

  core::Vec2 evolution(double t, const core::Vec2& E, const core::Vec2& Edot, const core::Vec3& F, double m) const {
    const double st = std::sin(E[0]), ct = std::cos(E[0]);
    if (!(std::abs(st) >= kPoleGuard)) throw PoleSingularity(E[0], E[1], t);
    const double td = Edot[0], pd = Edot[1];
    return core::Vec2(F.dot(u_theta(E)) / (m * L) + st * ct * pd * pd,                 // seed 001 §B.3: θ̈
                F.dot(u_phi(E)) / (m * L * st) - 2.0 * (ct / st) * td * pd);     // seed 001 §B.3: φ̈
  }
  core::Vec3 position(const core::Vec2& E) const { return O + L * u_rho(E); }  // seed 001 §B.3
  core::Vec3 velocity(const core::Vec2& E, const core::Vec2& Edot) const {
    const double st = std::sin(E[0]), ct = std::cos(E[0]), sp = std::sin(E[1]), cp = std::cos(E[1]);
    const double td = Edot[0], pd = Edot[1];
    return L * (-td * st * k + (td * ct * cp - pd * st * sp) * d + (td * ct * sp + pd * st * cp) * j());  // seed 001 §B.3
  }
  double internal_potential(const core::Vec2&) const { return 0.0; }
  /// Total force on the bob, tension included (seed 001 §B.3, with the u_φ sign corrected: see top).
  core::Vec3 total_force(const core::Vec2& E, const core::Vec2& Edot, const core::Vec2& f, double m) const {
    const double st = std::sin(E[0]), ct = std::cos(E[0]), td = Edot[0], pd = Edot[1];
    return m * L *
           ((-td * td - pd * pd * st * st) * u_rho(E) + (f[0] - pd * pd * st * ct) * u_theta(E) +
            (f[1] * st + 2.0 * td * pd * ct) * u_phi(E));
  }

  // --- charts ---------------------------------------------------------------------------------
  /// True when E is close enough to a pole of this chart to switch.
  bool near_pole(const core::Vec2& E) const { return std::abs(std::sin(E[0])) < kChartSwitch; }
  /// The other chart: the seed's formulas in the basis (d', k') = (k, d) (so j' = −j).
  SphereSurface other_chart() const { return SphereSurface{O, k, d, L}; }
  /// (E, Ė) in this chart of the world position x (on the sphere) and velocity w. Inverse of
  /// position()/velocity(): θ from the polar axis k, φ from d towards j.
  core::PhaseState<core::Vec2> coordinates(const core::Vec3& x, const core::Vec3& w) const {
    const core::Vec3 r = (x - O) / L;
    const double rd = r.dot(d), rj = r.dot(j()), rk = r.dot(k);
    const core::Vec2 E(std::atan2(std::hypot(rd, rj), rk), std::atan2(rj, rd));
    const core::Vec2 Edot(w.dot(u_theta(E)) / L, w.dot(u_phi(E)) / (L * std::sin(E[0])));
    return {E, Edot};
  }
  /// If E is within 30° of a pole of this chart, switch to the other chart and map the state there
  /// exactly (same world position and velocity). Returns true when it switched.
  bool remap(core::PhaseState<core::Vec2>& s) {
    if (!near_pole(s.q)) return false;
    const core::Vec3 x = position(s.q), w = velocity(s.q, s.v);
    *this = other_chart();
    s = coordinates(x, w);
    return true;
  }
};

}  // namespace verisim::models
