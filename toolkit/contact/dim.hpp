#pragma once
// The two worlds of seed 003: discs in the plane (D = 2) and spheres in space (D = 3). A disc's spin is
// the scalar ω_z (counter-clockwise positive, the right-hand rule about ẑ), a sphere's the vector ω;
// `Spin<D>` is that type and `Dim<D>` the two products the contact laws need:
//   cross(ω, r) = ω × r           (2D: ω ẑ × r = ω(−r_y, r_x))
//   moment(r, f) = r × f          (2D: its z component r_x f_y − r_y f_x)
#include <Eigen/Geometry>

#include "toolkit/core/vec.hpp"

namespace verisim::contact {

template <int D>
struct Dim;

template <>
struct Dim<2> {
  static constexpr int rot = 1;  ///< rotation angles per particle
  using Spin = double;
  static core::Vec2 cross(double w, const core::Vec2& r) { return core::Vec2(-w * r.y(), w * r.x()); }
  static double moment(const core::Vec2& r, const core::Vec2& f) { return r.x() * f.y() - r.y() * f.x(); }
  static double zero_spin() { return 0.0; }
};

template <>
struct Dim<3> {
  static constexpr int rot = 3;
  using Spin = core::Vec3;
  static core::Vec3 cross(const core::Vec3& w, const core::Vec3& r) { return w.cross(r); }
  static core::Vec3 moment(const core::Vec3& r, const core::Vec3& f) { return r.cross(f); }
  static core::Vec3 zero_spin() { return core::Vec3::Zero(); }
};

template <int D>
using Spin = typename Dim<D>::Spin;

}  // namespace verisim::contact
