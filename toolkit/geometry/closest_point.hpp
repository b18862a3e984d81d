#pragma once
// Result type shared by the closest-point functions of seed 001 §D.
#include <Eigen/Geometry>
#include <cmath>

#include "toolkit/core/vec.hpp"

namespace verisim::geometry {

/// Closest point of a shape's surface to a query point x.
/// `normal`: unit outward normal of the surface at `point`. When x is outside the shape and
/// distinct from `point`, it is {x - point}_1 (seed 001 §A notation), the direction seed 001
/// E.1 uses as the collision normal n; otherwise the surface's own outward normal there.
/// `distance`: ||x - point|| (never signed).
struct ClosestPoint {
  core::Vec3 point;
  core::Vec3 normal;
  double distance;
};

namespace detail {
/// {x}_1 of seed 001 §A, or `fallback` when x is (numerically) zero.
inline core::Vec3 unit_or(const core::Vec3& x, const core::Vec3& fallback) {
  const double n = x.norm();
  return n > 0.0 ? core::Vec3(x / n) : fallback;
}
/// Some unit vector orthogonal to the unit vector n.
inline core::Vec3 any_orthogonal(const core::Vec3& n) {
  const core::Vec3 a = std::abs(n.x()) < 0.9 ? core::Vec3::UnitX() : core::Vec3::UnitY();
  return n.cross(a).normalized();
}
}  // namespace detail

}  // namespace verisim::geometry
