#pragma once
// A rectangle in the plane z = 0 (seed 002's box), its gap to a plane (the vertex test), to a point
// (a disc's centre) and to another rectangle (vertex–edge contact of two boxes, seed 002 §4).
//   vertices   c ± w/2 a ± h/2 b, a = (cos θ, sin θ), b = a turned by 90°      (seed 002 §3.1, with the
//              in-plane size w (VPython's `length`) where the seed's third vertex writes `height`:
//              docs/collisions.md "Seed slips")
//   gap        min over the four vertices P of (P − O)·n                        (seed 002 §3)
//   point      signed distance of a point to the rectangle, outward normal at the closest point
//   rectangles the separating-axis gap: max over the 8 edge normals n of min over the other's
//              vertices P of (P − Q)·n, Q on the edge — > 0 apart, 0 touching, < 0 overlapping (two convex
//              polygons are disjoint iff an edge normal of one of them separates them: the separating
//              axis theorem, Gottschalk, Lin & Manocha 1996; docs/sources.md)
// The one place the box's vertices and their gaps are written: the loader's check at t = 0, the
// impulse world's event location, resting contacts and impulses all call it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>

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
  // the third vertex is c + h/2 b − w/2 a; seed 002 §3.1 writes `c1.height*c1.b/2 - c1.height*c1.a/2`
  // (`height` where `length`, the size along a, belongs: docs/collisions.md "Seed slips")
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

/// A point's place relative to a rectangle: signed distance to its boundary (> 0 outside, < 0
/// inside), the closest point of the boundary and the unit outward normal there (outside: from the
/// closest point towards x, so at a corner it is the corner-to-point direction; inside: the normal of
/// the nearest edge).
struct RectanglePoint {
  double distance;
  core::Vec2 closest;
  core::Vec2 normal;
};

inline RectanglePoint point_gap(const Rectangle& r, const core::Vec2& x) {
  const core::Vec2 a(std::cos(r.angle), std::sin(r.angle)), b(-std::sin(r.angle), std::cos(r.angle));
  const core::Vec2 d = x - r.center;
  const double u = d.dot(a), v = d.dot(b), hu = 0.5 * r.width, hv = 0.5 * r.height;
  const double eu = std::abs(u) - hu, ev = std::abs(v) - hv;  // > 0: beyond that pair of edges
  const double su = u < 0.0 ? -1.0 : 1.0, sv = v < 0.0 ? -1.0 : 1.0;
  if (eu > 0.0 || ev > 0.0) {  // outside: the closest point is the clamped one
    const double cu = std::clamp(u, -hu, hu), cv = std::clamp(v, -hv, hv);
    const core::Vec2 closest = r.center + cu * a + cv * b;
    const core::Vec2 off = x - closest;
    const double dist = off.norm();
    const core::Vec2 n = eu > 0.0 && ev > 0.0 ? core::Vec2(off / dist) : (eu > 0.0 ? core::Vec2(su * a) : core::Vec2(sv * b));
    return {dist, closest, n};
  }
  if (eu >= ev) return {eu, core::Vec2(r.center + su * hu * a + v * b), core::Vec2(su * a)};  // nearest edge ⟂ a
  return {ev, core::Vec2(r.center + u * a + sv * hv * b), core::Vec2(sv * b)};
}

/// The separating-axis gap of two rectangles (see the top): > 0 apart (a lower bound of their
/// distance, equal to it when the nearest features are a vertex and an edge), 0 touching, < 0
/// overlapping (minus the smallest push along an edge normal that separates them). Continuous in
/// both rectangles' positions and angles: the impulse world locates its root.
inline double signed_gap(const Rectangle& A, const Rectangle& B) {
  double best = -std::numeric_limits<double>::infinity();
  const auto side = [&](const Rectangle& R, const std::array<core::Vec2, 4>& other) {
    const core::Vec2 a(std::cos(R.angle), std::sin(R.angle)), b(-std::sin(R.angle), std::cos(R.angle));
    const std::array<std::pair<core::Vec2, double>, 4> edges{
        {{a, 0.5 * R.width}, {-a, 0.5 * R.width}, {b, 0.5 * R.height}, {-b, 0.5 * R.height}}};
    for (const auto& [n, h] : edges) {
      double m = std::numeric_limits<double>::infinity();
      for (const core::Vec2& P : other) m = std::min(m, (P - R.center).dot(n) - h);
      best = std::max(best, m);
    }
  };
  side(A, vertices(B));
  side(B, vertices(A));
  return best;
}

}  // namespace verisim::geometry
