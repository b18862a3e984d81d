#pragma once
// Sphere, seed 001 §D.4.
#include <string_view>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/closest_point.hpp"

namespace verisim::geometry {

struct Sphere {
  static constexpr std::string_view kind = "sphere";  ///< its name in scene files and messages
  static constexpr bool solid = true;  ///< has an inside (shape.hpp)
  core::Vec3 center;
  double radius;
};

/// seed 001 §D.4: x2 = O + R {x1 - O}_1. Outward normal {x1 - O}_1 (inside or outside). At x1 = O
/// every surface point is closest; we return the one along +x.
inline ClosestPoint closest_point(const Sphere& s, const core::Vec3& x1) {
  const core::Vec3 u = detail::unit_or(x1 - s.center, core::Vec3::UnitX());
  const core::Vec3 x2 = s.center + s.radius * u;  // seed 001 §D.4
  return {x2, u, (x1 - x2).norm()};
}

}  // namespace verisim::geometry
