#pragma once
// A rectangle in the plane z = 0 (seed 002's box) and its gap to a plane: the vertex test.
//   vertices   c ± w/2 a ± h/2 b, a = (cos θ, sin θ), b = a turned by 90°      (seed 002 §3.1)
//   gap        min over the four vertices P of (P − O)·n                        (seed 002 §3)
// The one place the box's vertices and their gaps are written: the loader's check at t = 0, the
// impulse world's event location, resting contacts and impulses all call it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/plane.hpp"

namespace verisim::geometry {

/// A width × height rectangle centred at `center` (z = 0), turned by `angle` counter-clockwise.
struct Rectangle {
  core::Vec2 center;
  double angle;
  double width;
  double height;
};

/// The four vertices, in seed 002 §3.1's order.
inline std::array<core::Vec2, 4> vertices(const Rectangle& r) {
  const core::Vec2 a(std::cos(r.angle), std::sin(r.angle)), b(-std::sin(r.angle), std::cos(r.angle));  // seed 002: b = a rotated by 90°
  const core::Vec2 c = r.center;
  const double w = r.width, h = r.height;
  return {c + 0.5 * w * a + 0.5 * h * b, c - 0.5 * w * a - 0.5 * h * b, c + 0.5 * h * b - 0.5 * w * a,
          c - 0.5 * h * b + 0.5 * w * a};
}

/// The signed gap (P − O)·n of each vertex P to the plane (seed 002 §3's vertex test).
inline std::array<double, 4> vertex_gaps(const std::array<core::Vec2, 4>& verts, const Plane& p) {
  std::array<double, 4> g{};
  for (std::size_t k = 0; k < 4; ++k) g[k] = (core::Vec3(verts[k].x(), verts[k].y(), 0.0) - p.origin).dot(p.normal);
  return g;
}

/// The rectangle's gap to the plane: its deepest vertex's (seed 002 §3).
inline double signed_gap(const Rectangle& r, const Plane& p) {
  const auto g = vertex_gaps(vertices(r), p);
  return *std::min_element(g.begin(), g.end());
}

}  // namespace verisim::geometry
