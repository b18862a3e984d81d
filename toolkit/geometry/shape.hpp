#pragma once
// The shapes of seed 001 §D as one table, and the one signed gap of a point to any of them.
//
// The table is `ShapeTypes`: a shape is a struct with a closest_point (seed 001 §D), a name
// (`kind`, the scene files' `type`) and whether it is a solid (`solid`: it has an inside, so it
// can also be a container, Inside<S>); adding one is that struct and one entry in ShapeTypes. Every
// list of shapes derives from it: scene::Shape (the variant a scene file is read into), the walls of
// contact::World (every shape and the inside of every solid), the obstacles of scene::ImpulseWorld.
//
// Signed gap of a point x to a shape's surface, along the outward normal n at the closest point x_k:
//   s = (x − x_k)·n                 (seed 003 "Le modèle du ressort": δ = (r_i − r_p)·n_p − R_i = s − R_i)
// > 0 on the free side, < 0 in the solid. Sides: a solid (brick, sphere, cylinder) has s < 0 inside
// (its closest point's normal is the outward one); an infinite plane is a half-space, solid on the
// side opposite to its normal (seed 003's wall; seed 001 §D.1); a plane portion is a thin plate,
// touched from either side; Inside<S> is a solid seen from inside (a container): s and n flip.
// A sphere of radius R touches the shape when s − R ≤ 0 (seed 001 §E.1's n is the returned normal,
// pointing from the shape into the sphere).
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/brick.hpp"
#include "toolkit/geometry/closest_point.hpp"
#include "toolkit/geometry/cylinder.hpp"
#include "toolkit/geometry/plane.hpp"
#include "toolkit/geometry/plane_portion.hpp"
#include "toolkit/geometry/sphere.hpp"

namespace verisim::geometry {

template <class... S>
struct TypeList {
  static constexpr std::size_t size = sizeof...(S);
  using variant = std::variant<S...>;
  template <template <class> class F>
  using each = std::tuple<F<S>...>;
};

/// THE table of shapes (see the top of this file).
using ShapeTypes = TypeList<Plane, PlanePortion, Brick, Sphere, Cylinder>;

/// A shape as a value: what a scene file's [[obstacle]] is read into.
using Shape = ShapeTypes::variant;

/// A solid seen from inside: the bodies live in it (a drum, a spherical tank); s and n flip.
template <class S>
struct Inside {
  static_assert(S::solid, "only a solid has an inside");
  static constexpr bool solid = false;
  S shape;
};

/// The signed gap s of x (see the top), and the unit normal at the closest point pointing to x's side.
struct SignedGap {
  core::Vec3 normal;
  double distance;  ///< s = (x − x_k)·n: > 0 on the free side, < 0 in the solid
};

/// One routine for every shape of seed 001 §D: closest point x_k, its outward normal n, s = (x − x_k)·n.
template <class S>
inline SignedGap signed_gap(const S& shape, const core::Vec3& x) {
  const ClosestPoint c = closest_point(shape, x);  // seed 001 §D.2–§D.5
  return {c.normal, (x - c.point).dot(c.normal)};
}
/// The infinite plane is a half-space: its own normal, never flipped (seed 001 §D.1: s = (x − O)·n).
inline SignedGap signed_gap(const Plane& p, const core::Vec3& x) { return {p.normal, (x - p.origin).dot(p.normal)}; }
template <class S>
inline SignedGap signed_gap(const Inside<S>& w, const core::Vec3& x) {
  const SignedGap g = signed_gap(w.shape, x);
  return {-g.normal, -g.distance};
}
/// A shape held as a value (out of step loops: loading, checks at t = 0).
inline SignedGap signed_gap(const Shape& s, const core::Vec3& x) {
  return std::visit([&](const auto& shape) { return signed_gap(shape, x); }, s);
}

/// The name of a shape, for files and messages.
template <class S>
inline std::string shape_name(const S&) {
  return std::string(S::kind);
}
template <class S>
inline std::string shape_name(const Inside<S>&) {
  return "inside of " + std::string(S::kind);
}
inline std::string shape_name(const Shape& s) {
  return std::visit([](const auto& shape) { return shape_name(shape); }, s);
}

// ------------------------------------------------------------------------ lists derived from the table
namespace detail {
template <class... L>
struct Concat;
template <class... A>
struct Concat<TypeList<A...>> {
  using type = TypeList<A...>;
};
template <class... A, class... B, class... R>
struct Concat<TypeList<A...>, TypeList<B...>, R...> {
  using type = typename Concat<TypeList<A..., B...>, R...>::type;
};
template <class S>
using InsideIfSolid = std::conditional_t<S::solid, TypeList<Inside<S>>, TypeList<>>;
template <class... S>
typename Concat<TypeList<S...>, InsideIfSolid<S>...>::type walls_of(TypeList<S...>);
template <class S>
using VectorOf = std::vector<S>;
}  // namespace detail

/// Every shape and the inside of every solid: the walls a particle world may have.
using WallTypes = decltype(detail::walls_of(ShapeTypes{}));

/// Shapes kept in one vector per kind of `List`, so a loop over them is compiled per kind (no virtual
/// call, no variant visit per contact). Shapes are numbered in the order they were added.
template <class List>
class ShapeSet {
 public:
  using Kinds = typename List::template each<detail::VectorOf>;
  static constexpr std::size_t kKinds = List::size;

  template <class S>
  ShapeSet& add(const S& s) {
    std::get<std::vector<S>>(kinds_).push_back(s);
    ids_[index_of<S>()].push_back(count_++);
    return *this;
  }
  /// A scene's shape, seen from inside when `inside` (a solid whose Inside is in `List`; else
  /// std::invalid_argument: the loader checks first).
  ShapeSet& add(const Shape& shape, bool inside = false) {
    std::visit(
        [&](const auto& s) {
          using S = std::remove_cvref_t<decltype(s)>;
          if (inside) {
            if constexpr (S::solid && index_of<Inside<S>>() < kKinds) {
              add(Inside<S>{s});
              return;
            }
            throw std::invalid_argument("the inside of a " + std::string(S::kind) + " is not one of these shapes");
          }
          add(s);
        },
        shape);
    return *this;
  }
  std::size_t size() const { return count_; }
  const Kinds& kinds() const { return kinds_; }
  /// The number (order of addition) of shape k of kind `kind`.
  std::size_t id(std::size_t kind, std::size_t k) const { return ids_[kind][k]; }
  /// The kind and the index in its vector of the shape numbered `id`.
  std::pair<std::size_t, std::size_t> slot(std::size_t id) const {
    for (std::size_t kind = 0; kind < kKinds; ++kind)
      for (std::size_t k = 0; k < ids_[kind].size(); ++k)
        if (ids_[kind][k] == id) return {kind, k};
    return {kKinds, 0};
  }
  /// fn(shape k of kind `kind`), a direct call on its concrete type (a branch per kind, no visit).
  template <class Fn>
  decltype(auto) with(std::size_t kind, std::size_t k, Fn&& fn) const {
    return with_impl(kind, k, fn, std::make_index_sequence<kKinds - 1>{});
  }

  template <class S>
  static constexpr std::size_t index_of() {
    return index_of_impl<S>(std::make_index_sequence<kKinds>{});
  }

 private:
  template <class S, std::size_t... I>
  static constexpr std::size_t index_of_impl(std::index_sequence<I...>) {
    std::size_t r = kKinds;
    ((std::is_same_v<std::vector<S>, std::tuple_element_t<I, Kinds>> ? (r = I) : 0), ...);
    return r;
  }
  template <class Fn, std::size_t... I>
  decltype(auto) with_impl(std::size_t kind, std::size_t k, Fn& fn, std::index_sequence<I...>) const {
    using R = decltype(fn(std::get<0>(kinds_)[0]));
    if constexpr (std::is_void_v<R>) {
      static_cast<void>(((kind == I ? (fn(std::get<I>(kinds_)[k]), true) : false) || ...) ||
                        (fn(std::get<kKinds - 1>(kinds_)[k]), true));  // void: clang's -Wunused-value
    } else {
      R r{};
      static_cast<void>(((kind == I ? (r = fn(std::get<I>(kinds_)[k]), true) : false) || ...) ||
                        (r = fn(std::get<kKinds - 1>(kinds_)[k]), true));
      return r;
    }
  }
  Kinds kinds_;
  std::array<std::vector<std::size_t>, kKinds> ids_{};
  std::size_t count_ = 0;
};

}  // namespace verisim::geometry
