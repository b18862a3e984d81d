#pragma once
// Impulse collision of two rigid bodies with inertia, seed 002 §4 (frictionless, restitution C_R).
#include <Eigen/Dense>
#include <cmath>
#include <limits>

#include "toolkit/collisions/branch.hpp"
#include "toolkit/collisions/compliance.hpp"
#include "toolkit/collisions/scaling.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::collisions {

/// Planar rigid body: angular velocity omega about +z (counter-clockwise positive).
/// mass = +inf and inertia = +inf make a fixed obstacle (its inverses are 0).
struct RigidBody2 {
  double mass;
  double inertia;  // about the centre of mass
  core::Vec2 velocity;
  double omega;
};

/// Spatial rigid body: inertia tensor about the centre of mass, in world axes (symmetric positive
/// definite). As in 2D, mass = +inf: the body does not translate; an inertia with a non-finite
/// entry (`infinite_inertia()`): it does not rotate. A fixed obstacle has both.
struct RigidBody3 {
  double mass;
  Eigen::Matrix3d inertia;
  core::Vec3 velocity;
  core::Vec3 omega;
};

/// +inf on the diagonal, 0 elsewhere: a body that does not rotate (RigidBody3::inertia).
inline Eigen::Matrix3d infinite_inertia() {
  return Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity()).asDiagonal();
}

template <class Body>
struct RigidResult {
  Body b1, b2;
  double J;  // impulse magnitude, J n received by body 1, -J n by body 2
  Branch branch;
};

/// Convention (seed 002 §4): r1, r2 go from each centre of mass to the contact point P; n is the
/// unit normal, oriented so that J > 0 pushes body 1 away: n points from body 2 into body 1, and
/// the bodies approach when v_r.n < 0, v_r = v_p1 - v_p2 (eq. (7)), v_pi = v_i + w_i ^ r_i (eqs. (5)–(6)).
///
/// Seed slips, decided here: (a) eq. (4) writes w2f = w2i + r2 ^ J / I2, but body 2 receives -J
/// (eq. (2)), so w2f = w2i - r2 ^ J / I2; only that sign conserves angular momentum (tested).
/// (b) the §3 code computes vp1 = vel + rp1.cross(angv) = v - w ^ r, against eq. (5); we follow eq. (5).
inline double cross2(const core::Vec2& a, const core::Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }
inline core::Vec2 cross2(double w, const core::Vec2& r) { return {-w * r.y(), w * r.x()}; }  // w e_z ^ r

namespace detail {
/// One body's compliances at the contact (compliance.hpp), as mantissa * 2^exponent: translation
/// 1/m, rotation c.I^-1 c with c = r ^ n (seed 002's (r ^ n)^2 / I), and the change of angular
/// velocity per unit impulse y = I^-1 c = y * 2^y_exponent (a scalar in 2D, a vector in 3D).
template <class Rot>
struct BodyCompliance {
  ScaledNumber translation;
  ScaledNumber rotation;
  Rot y;
  int y_exponent = 0;
};

inline ScaledNumber inverse_mass(double m) {
  if (std::isinf(m)) return {};  // a body of infinite mass does not translate
  const ScaledNumber s = ScaledNumber::of(m);
  return ScaledNumber::of(1.0 / s.mantissa, -s.exponent);
}

inline BodyCompliance<double> compliance(const RigidBody2& b, const core::Vec2& r, const core::Vec2& n) {
  BodyCompliance<double> out{inverse_mass(b.mass), {}, 0.0, 0};
  const int kr = power_of_two_exponent(largest_magnitude(r));
  const double c = cross2(core::Vec2(times_power_of_two(r, -kr)), n);  // (r ^ n) 2^-kr, exact scaling
  if (c == 0.0 || std::isinf(b.inertia)) return out;  // no lever arm, or a body that does not rotate
  const ScaledNumber I = ScaledNumber::of(b.inertia);
  out.y = c / I.mantissa;  // I^-1 c = y 2^(kr - e_I)
  out.y_exponent = kr - I.exponent;
  out.rotation = ScaledNumber::of(c * out.y, kr + out.y_exponent);  // c I^-1 c
  return out;
}

inline BodyCompliance<core::Vec3> compliance(const RigidBody3& b, const core::Vec3& r, const core::Vec3& n) {
  BodyCompliance<core::Vec3> out{inverse_mass(b.mass), {}, core::Vec3::Zero(), 0};
  const int kr = power_of_two_exponent(largest_magnitude(r));
  const core::Vec3 c = core::Vec3(times_power_of_two(r, -kr)).cross(n);  // (r ^ n) 2^-kr
  if (c.isZero(0.0) || !b.inertia.allFinite()) return out;
  const int kI = power_of_two_exponent(largest_magnitude(b.inertia));
  const Eigen::Matrix3d I = times_power_of_two(b.inertia, -kI);  // largest entry in [1, 2)
  out.y = I.ldlt().solve(c);  // I^-1 c = y 2^(kr - kI)
  out.y_exponent = kr - kI;
  out.rotation = ScaledNumber::of(c.dot(out.y), kr + out.y_exponent);
  return out;
}
}  // namespace detail

/// seed 002 §4: J = -(1 + C_R) v_r.n / (1/m1 + 1/m2 + (r1 ^ n)^2/I1 + (r2 ^ n)^2/I2) (2D), the term
/// (r ^ n)^2 / I becoming (r ^ n).I^-1 (r ^ n) in 3D (the general rigid-body impulse denominator;
/// equal to the seed's for I = I 1). Then eqs. (1)-(4): v1 += J n/m1, v2 -= J n/m2,
/// w1 += I1^-1 (r1 ^ J n), w2 -= I2^-1 (r2 ^ J n) (sign of eq. (4) corrected, see above).
///
/// Computed without forming the denominator K (compliance.hpp): each velocity change is
/// (1 + C_R)(-v_r.n) times its compliance divided by K, every factor kept as mantissa * 2^exponent,
/// so masses, inertias and lever arms of any magnitude (1e-300 kg, r = 1e200 m) give the answer
/// whenever it is representable; velocities enter divided by a power of two (scaling.hpp). An
/// infinite mass does not translate, an infinite inertia does not rotate (seed 002: "m2, I2 -> inf"
/// is the fixed wall of §3); at least one of the eight must be free (K > 0).
namespace detail {
template <class Body, class V>
RigidResult<Body> rigid_impulse(const Body& b1, const V& r1, const Body& b2, const V& r2, const V& n,
                                double restitution) {
  const int k = power_of_two_exponent(largest_magnitude(b1.velocity, b2.velocity,
                                                        largest_magnitude(b1.omega) * largest_magnitude(r1),
                                                        largest_magnitude(b2.omega) * largest_magnitude(r2)));
  const auto spin = [k](const auto& w, const V& r) {  // w ^ r, scaled by 2^-k
    if constexpr (V::RowsAtCompileTime == 2) return cross2(std::ldexp(w, -k), r);
    else return V(times_power_of_two(w, -k).cross(r));
  };
  const V vp1 = times_power_of_two(b1.velocity, -k) + spin(b1.omega, r1);  // eq. (5), scaled
  const V vp2 = times_power_of_two(b2.velocity, -k) + spin(b2.omega, r2);  // eq. (6), scaled
  const double vrn = (vp1 - vp2).dot(n);                                   // eq. (7) . n
  if (vrn >= 0.0) return {b1, b2, 0.0, Branch::separating};
  const auto c1 = detail::compliance(b1, r1, n), c2 = detail::compliance(b2, r2, n);
  const ComplianceSum K{c1.translation, c2.translation, c1.rotation, c2.rotation};
  const double a = (1.0 + restitution) * (-vrn);  // J = a 2^k / K
  RigidResult<Body> r{b1, b2, K.divide(a, k), Branch::frictionless};
  r.b1.velocity += K.divide(a * c1.translation.mantissa, k + c1.translation.exponent) * n;  // eq. (1): J n / m1
  r.b2.velocity -= K.divide(a * c2.translation.mantissa, k + c2.translation.exponent) * n;  // eq. (2): J n / m2
  r.b1.omega += K.divide(a * c1.y, k + c1.y_exponent);  // eq. (3): J I1^-1 (r1 ^ n)
  r.b2.omega -= K.divide(a * c2.y, k + c2.y_exponent);  // eq. (4), sign corrected
  return r;
}
}  // namespace detail

inline RigidResult<RigidBody2> rigid_body_collision(const RigidBody2& b1, const core::Vec2& r1, const RigidBody2& b2,
                                                    const core::Vec2& r2, const core::Vec2& n, double restitution) {
  return detail::rigid_impulse(b1, r1, b2, r2, n, restitution);
}
inline RigidResult<RigidBody3> rigid_body_collision(const RigidBody3& b1, const core::Vec3& r1, const RigidBody3& b2,
                                                    const core::Vec3& r2, const core::Vec3& n, double restitution) {
  return detail::rigid_impulse(b1, r1, b2, r2, n, restitution);
}

/// Two round bodies of the plane (discs, I = α m R²) with spin and Coulomb friction: seed 002 §2's
/// hockey pucks. The contact point is P = x1 − R1 n = x2 + R2 n (n from body 2 into body 1), so
/// r1 = −R1 n, r2 = R2 n and r × n = 0: the normal and tangential impulses decouple.
///   normal      seed 002 §4's J with both inertias (rigid_body_collision; here 1/m1 + 1/m2 only), J ≥ 0
///   tangential  seed 001 §F's rule with each disc's own inertia: the impulse that stops the contact
///               point's slip u_t = (v_p1 − v_p2)·t (t = e_z × n) is P = −u_t / K_t, with seed 002 §4's
///               denominator along t, K_t = 1/m1 + 1/m2 + (r1 × t)²/I1 + (r2 × t)²/I2; stick when
///               |P| ≤ μ J, else slip, P = −μ J sign(u_t). Then eqs. (1)–(4) with J n + P t.
/// At α = 2/5 this is seed 001 §F (its 2/7 = α/(1 + α), 5/7 = 1/(1 + α), 5/2 = 1/α; tested against
/// spinning_spheres). Body 2 may be a fixed obstacle (mass and inertia +inf, R2 = 0). Both impulses
/// act at P, so each body's angular momentum about P is conserved (seed 002 §2: L₁ = J₁ + J₂).
inline RigidResult<RigidBody2> rigid_discs_coulomb(const RigidBody2& b1, double R1, const RigidBody2& b2, double R2,
                                                   const core::Vec2& n, double restitution, double mu) {
  const core::Vec2 r1 = -R1 * n, r2 = R2 * n, t(-n.y(), n.x());
  RigidResult<RigidBody2> res = rigid_body_collision(b1, r1, b2, r2, n, restitution);  // seed 002 §4, normal
  if (res.branch == Branch::separating) return res;
  const auto inv = [](double m) { return std::isinf(m) ? 0.0 : 1.0 / m; };
  const double c1 = cross2(r1, t), c2 = cross2(r2, t);  // r × t: −R1 and R2
  const double ut = (b1.velocity + cross2(b1.omega, r1) - b2.velocity - cross2(b2.omega, r2)).dot(t);  // eqs. (5)–(7)·t
  const double Kt = inv(b1.mass) + inv(b2.mass) + c1 * c1 * inv(b1.inertia) + c2 * c2 * inv(b2.inertia);
  double P = -ut / Kt;                                              // stick: the slip stops
  res.branch = Branch::stick;
  if (std::abs(P) > mu * res.J) {                                   // seed 001 §F step 4: slip
    P = ut > 0.0 ? -mu * res.J : mu * res.J;
    res.branch = Branch::slip;
  }
  res.b1.velocity += (P * inv(b1.mass)) * t;  // eq. (1), tangential part
  res.b2.velocity -= (P * inv(b2.mass)) * t;  // eq. (2)
  res.b1.omega += c1 * P * inv(b1.inertia);   // eq. (3): (r1 × P t)/I1
  res.b2.omega -= c2 * P * inv(b2.inertia);   // eq. (4), sign corrected
  return res;
}

}  // namespace verisim::collisions
