#pragma once
// Brick (rectangular parallelepiped), seed 001 §D.3.
#include <array>
#include <string_view>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/closest_point.hpp"
#include "toolkit/geometry/plane_portion.hpp"

namespace verisim::geometry {

/// Brick of origin O, height h along -n (the seed's face 6 sits at O - h n), length L along e_L and
/// width l along e_l = n ^ e_L: the set {O + a e_L + b e_l - c n : a in [0,L], b in [0,l], c in [0,h]}.
struct Brick {
  static constexpr std::string_view kind = "brick";  ///< its name in scene files and messages
  static constexpr bool solid = true;  ///< has an inside (shape.hpp)
  core::Vec3 origin;
  core::Vec3 normal;
  core::Vec3 e_L;
  double length;
  double width;
  double height;
  core::Vec3 e_l() const { return normal.cross(e_L); }
};

/// The six faces, exactly the table of seed 001 §D.3 (origin, outward normal, length, e_L, width, e_l).
inline std::array<PlanePortion, 6> faces(const Brick& b) {
  const core::Vec3& O = b.origin;
  const core::Vec3& n = b.normal;
  const core::Vec3& eL = b.e_L;
  const core::Vec3 el = b.e_l();
  const double L = b.length, l = b.width, h = b.height;
  return {{
      {O, n, eL, el, L, l},                // face 1
      {O, -el, -n, eL, h, L},              // face 2
      {O, -eL, el, -n, l, h},              // face 3
      {O + L * eL, eL, -n, el, h, l},      // face 4
      {O + l * el, el, eL, -n, L, h},      // face 5
      {O - h * n, -n, el, eL, l, L},       // face 6
  }};
}

/// seed 001 §D.3: the closest of the six faces' closest points. For x1 outside, normal = {x1 - x2}_1
/// (the face normal on a face, a direction of the normal cone on an edge or corner); for x1 inside,
/// the outward normal of the nearest face.
inline ClosestPoint closest_point(const Brick& b, const core::Vec3& x1) {
  const auto fs = faces(b);
  ClosestPoint best{};
  int best_face = -1;
  for (int i = 0; i < 6; ++i) {
    const ClosestPoint c = closest_point(fs[static_cast<std::size_t>(i)], x1);
    if (best_face < 0 || c.distance < best.distance) {
      best = c;
      best_face = i;
    }
  }
  const core::Vec3& outward = fs[static_cast<std::size_t>(best_face)].normal;
  const bool inside = outward.dot(x1 - best.point) < 0.0;
  best.normal = inside ? outward : detail::unit_or(x1 - best.point, outward);
  return best;
}

}  // namespace verisim::geometry
