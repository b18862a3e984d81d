#pragma once
// Walls of a particle world: the shapes of seed 001 §D (toolkit/geometry), and one contact
// routine for all of them through their closest point.
//
// A particle of centre x and radius R touches a wall when the signed distance s from x to the wall's
// surface, measured along the wall's outward normal n at the closest point x_k,
//   s = (x − x_k)·n,   δ = s − R < 0          (seed 003 "Le modèle du ressort": δ = (r_i − r_p)·n_p − R_i)
// and the contact is then that of seed 003 with n, R_j = 0, v_j = ω_j = 0 and the particle's mass
// as the effective mass (seed 003 "Masse effective").
// Sides: a solid shape (brick, sphere, cylinder) has s < 0 inside (its closest point's normal is the
// outward one, toolkit/geometry); an infinite plane is a half-space, solid on the side opposite to
// its normal (seed 003's wall); a plane portion is a thin plate, touched from either side;
// Inside<Shape> is the shape seen from inside (a container: a drum, a spherical tank): s and n flip.
// 2D worlds put the discs in the plane z = 0 and use the shapes' sections by that plane; the walls'
// normals there must have no z component (checked at construction).
#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "toolkit/geometry/brick.hpp"
#include "toolkit/geometry/cylinder.hpp"
#include "toolkit/geometry/plane.hpp"
#include "toolkit/geometry/plane_portion.hpp"
#include "toolkit/geometry/sphere.hpp"

namespace verisim::contact {

/// A shape seen from inside: the particles live in it (s > 0 inside, n points inwards).
template <class Shape>
struct Inside {
  Shape shape;
};

/// Signed distance of a point to a wall's surface, and the normal pointing to the point's side.
struct WallGap {
  core::Vec3 normal;
  double distance;  ///< s = (x − x_k)·n: > 0 on the free side, < 0 in the solid
};

namespace detail {
/// The outward normal at the closest point: the geometry's, except the plane's own (a half-space).
template <class Shape>
inline core::Vec3 outward(const Shape&, const geometry::ClosestPoint& c) {
  return c.normal;
}
inline core::Vec3 outward(const geometry::Plane& p, const geometry::ClosestPoint&) { return p.normal; }
}  // namespace detail

/// One routine for every shape of seed 001 §D: closest point x_k, n, s = (x − x_k)·n.
template <class Shape>
inline WallGap wall_gap(const Shape& shape, const core::Vec3& x) {
  const geometry::ClosestPoint c = geometry::closest_point(shape, x);
  const core::Vec3 n = detail::outward(shape, c);
  return {n, (x - c.point).dot(n)};
}
template <class Shape>
inline WallGap wall_gap(const Inside<Shape>& w, const core::Vec3& x) {
  const WallGap g = wall_gap(w.shape, x);
  return {-g.normal, -g.distance};
}

/// Name of a wall kind, for messages.
inline const char* wall_kind(const geometry::Plane&) { return "plane"; }
inline const char* wall_kind(const geometry::PlanePortion&) { return "plane portion"; }
inline const char* wall_kind(const geometry::Brick&) { return "brick"; }
inline const char* wall_kind(const geometry::Sphere&) { return "sphere"; }
inline const char* wall_kind(const geometry::Cylinder&) { return "cylinder"; }
inline const char* wall_kind(const Inside<geometry::Brick>&) { return "inside of brick"; }
inline const char* wall_kind(const Inside<geometry::Sphere>&) { return "inside of sphere"; }
inline const char* wall_kind(const Inside<geometry::Cylinder>&) { return "inside of cylinder"; }

/// The walls of a world, one vector per kind (so the contact loop is compiled per kind: no virtual
/// call, no variant visit per contact). Walls are numbered in the order they were added.
class Walls {
 public:
  using Kinds = std::tuple<std::vector<geometry::Plane>, std::vector<geometry::PlanePortion>,
                           std::vector<geometry::Brick>, std::vector<geometry::Sphere>,
                           std::vector<geometry::Cylinder>, std::vector<Inside<geometry::Brick>>,
                           std::vector<Inside<geometry::Sphere>>, std::vector<Inside<geometry::Cylinder>>>;
  static constexpr std::size_t kKinds = std::tuple_size_v<Kinds>;

  template <class Shape>
  Walls& add(const Shape& s) {
    std::get<std::vector<Shape>>(kinds_).push_back(s);
    ids_[index_of<Shape>()].push_back(count_++);
    return *this;
  }
  std::size_t size() const { return count_; }
  const Kinds& kinds() const { return kinds_; }
  /// The number (order of addition) of wall k of kind K.
  std::size_t id(std::size_t kind, std::size_t k) const { return ids_[kind][k]; }

  template <class Shape>
  static constexpr std::size_t index_of() {
    return index_of_impl<Shape>(std::make_index_sequence<kKinds>{});
  }

 private:
  template <class Shape, std::size_t... I>
  static constexpr std::size_t index_of_impl(std::index_sequence<I...>) {
    std::size_t r = kKinds;
    ((std::is_same_v<std::vector<Shape>, std::tuple_element_t<I, Kinds>> ? (r = I) : 0), ...);
    return r;
  }
  Kinds kinds_;
  std::array<std::vector<std::size_t>, kKinds> ids_{};
  std::size_t count_ = 0;
};

}  // namespace verisim::contact
