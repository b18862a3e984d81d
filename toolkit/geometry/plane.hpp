#pragma once
// Infinite plane, seed 001 §D.1.
#include <string_view>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/closest_point.hpp"

namespace verisim::geometry {

/// Infinite plane through `origin` with unit normal `normal` (the side it points to is "outside").
struct Plane {
  static constexpr std::string_view kind = "plane";  ///< its name in scene files and messages
  static constexpr bool solid = false;  ///< has an inside (shape.hpp)
  core::Vec3 origin;
  core::Vec3 normal;
};

/// seed 001 §D.1: x2 = x1 + ((O - x1).n) n. The returned normal is the plane normal oriented
/// towards x1 (the plane has no inside; a point exactly on it gets `plane.normal`).
inline ClosestPoint closest_point(const Plane& plane, const core::Vec3& x1) {
  const double s = (plane.origin - x1).dot(plane.normal);
  const core::Vec3 x2 = x1 + s * plane.normal;  // seed 001 §D.1
  const core::Vec3 n = s > 0.0 ? core::Vec3(-plane.normal) : plane.normal;
  return {x2, n, std::abs(s)};
}

}  // namespace verisim::geometry
