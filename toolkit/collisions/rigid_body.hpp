#pragma once
// Impulse collision of two rigid bodies with inertia, seed 002 §4 (frictionless, restitution C_R).
#include <Eigen/Dense>
#include <cmath>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

/// Planar rigid body: angular velocity omega about +z (counter-clockwise positive).
/// mass = +inf and inertia = +inf make a fixed obstacle (its inverses are 0).
struct RigidBody2 {
  double mass;
  double inertia;  // about the centre of mass
  Vec2 velocity;
  double omega;
};

/// Spatial rigid body: inertia tensor about the centre of mass, in world axes.
/// An obstacle: mass = +inf and inertia = Zero; use `inverse_inertia` below to see how.
struct RigidBody3 {
  double mass;
  Eigen::Matrix3d inertia;
  Vec3 velocity;
  Vec3 omega;
};

template <class Body>
struct RigidResult {
  Body b1, b2;
  double J;  // impulse magnitude, J n received by body 1, -J n by body 2
  Branch branch;
};

/// Convention (seed 002 §4): r1, r2 go from each centre of mass to the contact point P; n is the
/// unit normal, oriented so that J > 0 pushes body 1 away: n points from body 2 into body 1, and
/// the bodies approach when v_r.n < 0, v_r = v_p1 - v_p2 (eq. 7), v_pi = v_i + w_i ^ r_i (eqs. 5-6).
///
/// Seed slips, decided here: (a) eq. (4) writes w2f = w2i + r2 ^ J / I2, but body 2 receives -J
/// (eq. 2), so w2f = w2i - r2 ^ J / I2; only that sign conserves angular momentum (tested).
/// (b) the §3 code computes vp1 = vel + rp1.cross(angv) = v - w ^ r, against eq. (5); we follow eq. (5).
inline double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }
inline Vec2 cross2(double w, const Vec2& r) { return {-w * r.y(), w * r.x()}; }  // w e_z ^ r

/// seed 002: J = -(1 + C_R) v_r.n / (1/m1 + 1/m2 + (r1 ^ n)^2/I1 + (r2 ^ n)^2/I2), 2D.
inline RigidResult<RigidBody2> rigid_body_collision(const RigidBody2& b1, const Vec2& r1, const RigidBody2& b2,
                                                    const Vec2& r2, const Vec2& n, double restitution) {
  const Vec2 vp1 = b1.velocity + cross2(b1.omega, r1);  // eq. (5)
  const Vec2 vp2 = b2.velocity + cross2(b2.omega, r2);  // eq. (6)
  const double vrn = (vp1 - vp2).dot(n);                // eq. (7) . n
  if (vrn >= 0.0) return {b1, b2, 0.0, Branch::separating};
  const double c1 = cross2(r1, n), c2 = cross2(r2, n);
  const double J = -(1.0 + restitution) * vrn / (1.0 / b1.mass + 1.0 / b2.mass + c1 * c1 / b1.inertia + c2 * c2 / b2.inertia);
  RigidResult<RigidBody2> r{b1, b2, J, Branch::frictionless};
  r.b1.velocity += J * n / b1.mass;   // eq. (1)
  r.b2.velocity -= J * n / b2.mass;   // eq. (2)
  r.b1.omega += J * c1 / b1.inertia;  // eq. (3)
  r.b2.omega -= J * c2 / b2.inertia;  // eq. (4), sign corrected (see above)
  return r;
}

/// I^-1, with the obstacle convention (infinite mass) giving zero.
inline Eigen::Matrix3d inverse_inertia(const RigidBody3& b) {
  if (std::isinf(b.mass)) return Eigen::Matrix3d::Zero();
  return b.inertia.inverse();
}

/// seed 002 in 3D with an inertia tensor: the term (r ^ n)^2 / I becomes (r ^ n).I^-1 (r ^ n)
/// (= n.[(I^-1 (r ^ n)) ^ r], the general rigid-body impulse denominator; equal to the seed's
/// term for I = I 1).
inline RigidResult<RigidBody3> rigid_body_collision(const RigidBody3& b1, const Vec3& r1, const RigidBody3& b2,
                                                    const Vec3& r2, const Vec3& n, double restitution) {
  const Vec3 vp1 = b1.velocity + b1.omega.cross(r1);  // eq. (5)
  const Vec3 vp2 = b2.velocity + b2.omega.cross(r2);  // eq. (6)
  const double vrn = (vp1 - vp2).dot(n);
  if (vrn >= 0.0) return {b1, b2, 0.0, Branch::separating};
  const Eigen::Matrix3d Ii1 = inverse_inertia(b1), Ii2 = inverse_inertia(b2);
  const Vec3 c1 = r1.cross(n), c2 = r2.cross(n);
  const double J = -(1.0 + restitution) * vrn / (1.0 / b1.mass + 1.0 / b2.mass + c1.dot(Ii1 * c1) + c2.dot(Ii2 * c2));
  RigidResult<RigidBody3> r{b1, b2, J, Branch::frictionless};
  r.b1.velocity += J * n / b1.mass;  // eq. (1)
  r.b2.velocity -= J * n / b2.mass;  // eq. (2)
  r.b1.omega += Ii1 * (J * c1);      // eq. (3) with the tensor
  r.b2.omega -= Ii2 * (J * c2);      // eq. (4), sign corrected
  return r;
}

}  // namespace verisim::collisions
