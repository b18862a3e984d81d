#pragma once
// Gap functions of the scene's contacts (seed 001 §D for the obstacles' closest points):
// the signed distance between two bodies' surfaces, > 0 apart, 0 touching, < 0 overlapping. The
// event location of world.hpp finds their roots on a step; the loader checks them at t = 0.
//   sphere–sphere      |x₁ − x₂| − (R₁ + R₂)                                  (seed 000 eq. (2))
//   sphere–plane       (x − O)·n − R   (one-sided: n points to the free side)  (seed 001 §D.1)
//   sphere–shape       (x − x_k)·n_k − R, x_k the closest point, n_k its outward normal (seed 001 §D.2–§D.5)
//   box–plane          min over the four vertices of (vertex − O)·n           (seed 002 §3)
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <variant>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/brick.hpp"
#include "toolkit/geometry/cylinder.hpp"
#include "toolkit/geometry/plane.hpp"
#include "toolkit/geometry/plane_portion.hpp"
#include "toolkit/geometry/sphere.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

/// Where a sphere of centre x, radius R, meets an obstacle: signed gap and the unit normal at the
/// contact, pointing from the obstacle into the sphere (seed 001 §E.1's n for body 1 = the sphere).
struct ObstacleContact {
  double gap;
  core::Vec3 normal;
};

inline ObstacleContact contact_with(const geometry::Plane& p, const core::Vec3& x, double R) {
  return {(x - p.origin).dot(p.normal) - R, p.normal};  // seed 001 §D.1, signed: the plane's normal side is free
}
template <class Shape>
ObstacleContact contact_with(const Shape& s, const core::Vec3& x, double R) {
  const geometry::ClosestPoint c = geometry::closest_point(s, x);  // seed 001 §D.2–§D.5
  return {(x - c.point).dot(c.normal) - R, c.normal};
}
inline ObstacleContact contact_with(const Shape& s, const core::Vec3& x, double R) {
  return std::visit([&](const auto& shape) { return contact_with(shape, x, R); }, s);
}

/// The four vertices of a w × h box centred at c (z = 0), turned by θ (seed 002 §3.1's list).
inline std::array<core::Vec2, 4> box_vertices(const core::Vec2& c, double theta, double w, double h) {
  const core::Vec2 a(std::cos(theta), std::sin(theta)), b(-std::sin(theta), std::cos(theta));  // seed 002: b = a rotated by 90°
  return {c + 0.5 * w * a + 0.5 * h * b, c - 0.5 * w * a - 0.5 * h * b, c + 0.5 * h * b - 0.5 * w * a,
          c - 0.5 * h * b + 0.5 * w * a};
}

/// The gravity acting on object i: the sum of the 'gravity' forces listing it.
inline core::Vec3 gravity_on(const Scene& s, std::size_t i) {
  core::Vec3 g = core::Vec3::Zero();
  for (const auto& f : s.forces)
    if (f.type == ForceType::gravity && std::find(f.on.begin(), f.on.end(), i) != f.on.end()) g += f.vector;
  return g;
}

/// A length that sets the scale of gap tolerances for object o.
inline double characteristic_size(const ObjectSpec& o) {
  if (o.round()) return o.radius;
  if (o.type == ObjectType::box) return std::max(o.width, o.height);
  return 1.0;
}

/// fn(i, other name, gap) for every contact of the scene at t = 0 (loader's overlap check).
template <class Fn>
void for_each_initial_gap(const Scene& s, Fn&& fn) {
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const ObjectSpec& a = s.objects[i];
    if (!a.collides()) continue;
    if (a.round()) {
      for (std::size_t j = i + 1; j < s.objects.size(); ++j) {
        const ObjectSpec& b = s.objects[j];
        if (b.round()) fn(i, b.name, (a.position - b.position).norm() - (a.radius + b.radius));
      }
      for (const auto& ob : s.obstacles) fn(i, ob.name, contact_with(ob.shape, a.position, a.radius).gap);
    } else {
      for (const auto& ob : s.obstacles) {
        const auto* p = std::get_if<geometry::Plane>(&ob.shape);
        if (!p) continue;
        double g = std::numeric_limits<double>::infinity();
        for (const core::Vec2& v : box_vertices(a.position.head<2>(), a.angle, a.width, a.height))
          g = std::min(g, (core::Vec3(v.x(), v.y(), 0.0) - p->origin).dot(p->normal));
        fn(i, ob.name, g);
      }
    }
  }
}

}  // namespace verisim::scene
