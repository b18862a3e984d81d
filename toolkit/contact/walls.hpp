#pragma once
// Walls of a particle world: the shapes of seed 001 §D and their one signed gap (toolkit/geometry/
// shape.hpp), seen from a particle.
//
// A particle of centre x and radius R touches a wall when the signed distance s from x to the wall's
// surface along the wall's normal n at the closest point x_k (geometry::signed_gap),
//   s = (x − x_k)·n,   δ = s − R < 0          (seed 003 "Le modèle du ressort": δ = (r_i − r_p)·n_p − R_i)
// and the contact is then that of seed 003 with n, R_j = 0, v_j = ω_j = 0 and the particle's mass
// as the effective mass (seed 003 "Masse effective").
// 2D worlds put the discs in the plane z = 0 and use the shapes' sections by that plane; the walls'
// normals there must have no z component (checked at construction).
#include <string>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/shape.hpp"

namespace verisim::contact {

using geometry::Inside;
using WallGap = geometry::SignedGap;

/// The walls of a world: every shape of the table and the inside of every solid, one vector per kind
/// (so the contact loop is compiled per kind). Walls are numbered in the order they were added.
using Walls = geometry::ShapeSet<geometry::WallTypes>;

/// s and n of a particle's centre x to a wall (geometry::signed_gap).
template <class Shape>
inline WallGap wall_gap(const Shape& shape, const core::Vec3& x) {
  return geometry::signed_gap(shape, x);
}

/// Name of a wall kind, for messages.
template <class Shape>
inline std::string wall_kind(const Shape& shape) {
  return geometry::shape_name(shape);
}

}  // namespace verisim::contact
