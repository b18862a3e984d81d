#pragma once
// Lorentz force of uniform, static fields on a point of charge q (seed 001 §1: "point matériel
// (éventuellement chargé)"):  F = q(E + v×B)  (Jackson, Classical Electrodynamics, eq. (6.113) in
// SI form). V = −qE·x; the magnetic part does no work (F·v = qE·v), so T + V is conserved.
#include <Eigen/Geometry>

#include "toolkit/core/vec.hpp"

namespace verisim::models {

struct LorentzForce {
  core::Vec3 E = core::Vec3::Zero();  ///< electric field (V/m)
  core::Vec3 B = core::Vec3::Zero();  ///< magnetic field (T)

  static constexpr bool velocity_dependent = true;  // through v×B
  static constexpr bool conservative = true;        // v×B does no work

  core::Vec3 force(const core::Vec3&, const core::Vec3& v, double, double q, double) const { return q * (E + v.cross(B)); }
  double potential(const core::Vec3& x, double, double q, double) const { return -q * E.dot(x); }
};

}  // namespace verisim::models
