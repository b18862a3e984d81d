#pragma once
// Gap functions of the scene's contacts: the signed distance between two bodies' surfaces, > 0 apart,
// 0 touching, < 0 overlapping. The event location of event_stepper.hpp finds their roots on a step;
// the loader checks them at t = 0.
//   sphere–sphere      |x₁ − x₂| − (R₁ + R₂)                                   (seed 000 eq. (2))
//   sphere–shape       s − R, s = geometry::signed_gap (seed 001 §D; toolkit/geometry/shape.hpp)
//   box–plane          geometry::signed_gap(Rectangle, Plane): the deepest vertex (seed 002 §3)
//   box–box            geometry::signed_gap(Rectangle, Rectangle): the separating-axis gap (seed 002 §4)
//   box–disc           geometry::point_gap(Rectangle, centre).distance − R
#include <algorithm>
#include <cmath>
#include <string>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/rectangle.hpp"
#include "toolkit/geometry/shape.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

/// Where a sphere of centre x, radius R, meets an obstacle: signed gap and the unit normal at the
/// contact, pointing from the obstacle into the sphere (seed 001 §E.1's n for body 1 = the sphere).
struct ObstacleContact {
  double gap;
  core::Vec3 normal;
};

template <class S>
ObstacleContact contact_with(const S& s, const core::Vec3& x, double R) {
  const geometry::SignedGap g = geometry::signed_gap(s, x);
  return {g.distance - R, g.normal};
}

/// The rectangle a box spec describes at t = 0.
inline geometry::Rectangle rectangle_of(const ObjectSpec& o) {
  return {o.position.head<2>(), o.angle, o.width, o.height};
}

/// The gravity acting on object i: the sum of the 'gravity' forces listing it.
inline core::Vec3 gravity_on(const Scene& s, std::size_t i) {
  core::Vec3 g = core::Vec3::Zero();
  for (const auto& f : s.forces)
    if (f.type == ForceType::gravity && std::find(f.on.begin(), f.on.end(), i) != f.on.end()) g += f.vector;
  return g;
}

/// The world position at t = 0 of a spring mass or plane pendulum's bob (seed 001 §B.1: O + x₀ d; §B.2:
/// O + L cos θ₀ k + L sin θ₀ d, k = {g}₁).
inline core::Vec3 constrained_position(const Scene& s, std::size_t i) {
  const ObjectSpec& o = s.objects[i];
  if (o.type == ObjectType::spring) return o.origin + o.x0 * o.direction;
  const core::Vec3 k = gravity_on(s, i).normalized();
  return o.origin + o.length * std::cos(o.theta0) * k + o.length * std::sin(o.theta0) * o.direction;
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
    const bool bob = (a.type == ObjectType::spring || a.type == ObjectType::pendulum ||
                      a.type == ObjectType::physical_pendulum) && a.radius > 0.0;
    if (bob) {  // a spring mass or pendulum bob with a radius meets the obstacles
      for (const auto& ob : s.obstacles) fn(i, ob.name, contact_with(ob.shape, constrained_position(s, i), a.radius).gap);
      continue;
    }
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
        fn(i, ob.name, geometry::signed_gap(rectangle_of(a), *p));
      }
      for (std::size_t j = 0; j < s.objects.size(); ++j) {  // boxes meet boxes and discs (seed 002 §4)
        const ObjectSpec& b = s.objects[j];
        if (b.type == ObjectType::box && j > i) fn(i, b.name, geometry::signed_gap(rectangle_of(a), rectangle_of(b)));
        if (b.type == ObjectType::disc)
          fn(i, b.name, geometry::point_gap(rectangle_of(a), b.position.head<2>()).distance - b.radius);
      }
    }
  }
}

}  // namespace verisim::scene
