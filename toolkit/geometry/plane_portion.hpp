#pragma once
// Rectangular portion of plane, seed 001 §D.2.
#include <string_view>

#include "toolkit/core/vec.hpp"
#include "toolkit/geometry/closest_point.hpp"

namespace verisim::geometry {

/// Rectangle {O + a e_L + b e_l : 0 <= a <= L, 0 <= b <= l} with unit normal n (seed 001 §D.2).
/// The seed sets e_l = n ^ e_L; make_plane_portion does that. The brick's faces (D.3 table) give
/// e_l explicitly, which is why it is a member.
struct PlanePortion {
  static constexpr std::string_view kind = "plane-portion";  ///< its name in scene files and messages
  static constexpr bool solid = false;  ///< has an inside (shape.hpp)
  core::Vec3 origin;
  core::Vec3 normal;
  core::Vec3 e_L;
  core::Vec3 e_l;
  double length;  // L along e_L
  double width;   // l along e_l
};

inline PlanePortion make_plane_portion(const core::Vec3& origin, const core::Vec3& normal, const core::Vec3& e_L, double length,
                                       double width) {
  return {origin, normal, e_L, normal.cross(e_L), length, width};  // seed 001 §D.2: e_l = n ^ e_L
}

/// seed 001 §D.2 steps 1-4: project on the infinite plane, then clamp the coordinates along e_L and e_l.
/// Normal: {x1 - x2}_1 when x1 is off the rectangle, else the face normal oriented towards x1.
inline ClosestPoint closest_point(const PlanePortion& p, const core::Vec3& x1) {
  const double s = (p.origin - x1).dot(p.normal);
  core::Vec3 x2 = x1 + s * p.normal;                  // step 1
  const double xkL = (x2 - p.origin).dot(p.e_L);  // step 2
  const double xkl = (x2 - p.origin).dot(p.e_l);
  if (xkL > p.length) {  // step 3
    x2 -= (xkL - p.length) * p.e_L;
  } else if (xkL < 0.0) {
    x2 -= xkL * p.e_L;
  }
  if (xkl > p.width) {  // step 4
    x2 -= (xkl - p.width) * p.e_l;
  } else if (xkl < 0.0) {
    x2 -= xkl * p.e_l;
  }
  const core::Vec3 face_normal = s > 0.0 ? core::Vec3(-p.normal) : p.normal;
  return {x2, detail::unit_or(x1 - x2, face_normal), (x1 - x2).norm()};
}

}  // namespace verisim::geometry
