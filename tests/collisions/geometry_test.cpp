// Closest points of seed 001 §D: the point is on the shape, no random point of the shape
// is closer, the normal is unit and outward.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <variant>

#include "tests/collisions/random.hpp"
#include "toolkit/geometry/brick.hpp"
#include "toolkit/geometry/cylinder.hpp"
#include "toolkit/geometry/plane.hpp"
#include "toolkit/geometry/plane_portion.hpp"
#include "toolkit/geometry/rectangle.hpp"
#include "toolkit/geometry/shape.hpp"
#include "toolkit/geometry/sphere.hpp"

namespace verisim::collisions::test {

using namespace verisim::geometry;

namespace {
// Shapes have sizes in [0.5, 2] and queries lie within 3 of the origin: 1e-12 absolute is a
// few hundred ulps of those lengths.
constexpr double kTol = 1e-12;
constexpr int kSamples = 40;  // random points of the shape per case for the minimality check

// Independent membership tests (written from the shapes' definitions, not from the code under test).
struct BrickCoords {
  double a, b, c;
};
BrickCoords coords(const Brick& br, const core::Vec3& x) {
  const core::Vec3 d = x - br.origin;
  return {d.dot(br.e_L), d.dot(br.e_l()), -d.dot(br.normal)};
}
bool in_brick(const Brick& br, const core::Vec3& x, double tol) {
  const auto [a, b, c] = coords(br, x);
  return a >= -tol && a <= br.length + tol && b >= -tol && b <= br.width + tol && c >= -tol && c <= br.height + tol;
}
bool on_brick(const Brick& br, const core::Vec3& x) {
  const auto [a, b, c] = coords(br, x);
  const bool face = std::abs(a) < kTol || std::abs(a - br.length) < kTol || std::abs(b) < kTol ||
                    std::abs(b - br.width) < kTol || std::abs(c) < kTol || std::abs(c - br.height) < kTol;
  return face && in_brick(br, x, kTol);
}
core::Vec3 random_on_brick(core::Rng& rng, const Brick& br) {
  double a = uniform(rng, 0, br.length), b = uniform(rng, 0, br.width), c = uniform(rng, 0, br.height);
  switch (static_cast<int>(uniform(rng, 0, 6))) {
    case 0: a = 0; break;
    case 1: a = br.length; break;
    case 2: b = 0; break;
    case 3: b = br.width; break;
    case 4: c = 0; break;
    default: c = br.height; break;
  }
  return br.origin + a * br.e_L + b * br.e_l() - c * br.normal;
}
Brick random_brick(core::Rng& rng) {
  const core::Vec3 n = random_unit<3>(rng);
  return {random_vec<3>(rng), n, random_orthogonal(rng, n), uniform(rng, 0.5, 2), uniform(rng, 0.5, 2),
          uniform(rng, 0.5, 2)};
}

Cylinder random_cylinder(core::Rng& rng) {
  return {random_vec<3>(rng), random_unit<3>(rng), uniform(rng, 0.5, 2), uniform(rng, 0.5, 2)};
}
bool in_cylinder(const Cylinder& c, const core::Vec3& x, double tol) {
  const core::Vec3 e = x - c.center;
  const double s = e.dot(c.axis);
  return std::abs(s) <= 0.5 * c.length + tol && (e - s * c.axis).norm() <= c.radius + tol;
}
bool on_cylinder(const Cylinder& c, const core::Vec3& x) {
  const core::Vec3 e = x - c.center;
  const double s = e.dot(c.axis);
  const bool surf = std::abs(std::abs(s) - 0.5 * c.length) < kTol || std::abs((e - s * c.axis).norm() - c.radius) < kTol;
  return surf && in_cylinder(c, x, kTol);
}
core::Vec3 random_on_cylinder(core::Rng& rng, const Cylinder& c) {
  const core::Vec3 u = random_orthogonal(rng, c.axis);
  if (uniform(rng, 0, 1) < 0.5) return c.center + uniform(rng, -0.5, 0.5) * c.length * c.axis + c.radius * u;
  const double side = uniform(rng, 0, 1) < 0.5 ? -0.5 : 0.5;
  return c.center + side * c.length * c.axis + std::sqrt(uniform(rng, 0, 1)) * c.radius * u;
}

void expect_normal_outward(const ClosestPoint& cp, const core::Vec3& x) {
  EXPECT_NEAR(cp.normal.norm(), 1.0, kTol);
  EXPECT_NEAR(cp.distance, (x - cp.point).norm(), kTol);
  EXPECT_NEAR(cp.normal.dot(x - cp.point), cp.distance, kTol);  // x lies along the outward normal
}
}  // namespace

TEST(GeometryValidation_D1Plane, ClosestPointIsOrthogonalProjection) {
  core::Rng rng(101);
  for (int i = 0; i < kCases; ++i) {
    const Plane p{random_vec<3>(rng), random_unit<3>(rng)};
    const core::Vec3 x = random_vec<3>(rng, 3.0);
    const ClosestPoint cp = closest_point(p, x);
    ASSERT_NEAR((cp.point - p.origin).dot(p.normal), 0.0, kTol);
    expect_normal_outward(cp, x);
    const core::Vec3 t = random_orthogonal(rng, p.normal);
    for (int k = 0; k < kSamples; ++k) {  // any plane point O + s t is no closer
      const core::Vec3 y = cp.point + uniform(rng, -3, 3) * t;
      ASSERT_LE(cp.distance, (x - y).norm() + kTol);
    }
  }
}

TEST(GeometryValidation_D2PlanePortion, ClosestPointIsOnRectangleAndMinimal) {
  core::Rng rng(102);
  for (int i = 0; i < kCases; ++i) {
    const core::Vec3 n = random_unit<3>(rng);
    const PlanePortion p = make_plane_portion(random_vec<3>(rng), n, random_orthogonal(rng, n), uniform(rng, 0.5, 2),
                                              uniform(rng, 0.5, 2));
    const core::Vec3 x = random_vec<3>(rng, 3.0);
    const ClosestPoint cp = closest_point(p, x);
    const core::Vec3 d = cp.point - p.origin;
    ASSERT_NEAR(d.dot(p.normal), 0.0, kTol);
    ASSERT_GE(d.dot(p.e_L), -kTol);
    ASSERT_LE(d.dot(p.e_L), p.length + kTol);
    ASSERT_GE(d.dot(p.e_l), -kTol);
    ASSERT_LE(d.dot(p.e_l), p.width + kTol);
    if (cp.distance > 1e-9) expect_normal_outward(cp, x);
    for (int k = 0; k < kSamples; ++k) {
      const core::Vec3 y = p.origin + uniform(rng, 0, p.length) * p.e_L + uniform(rng, 0, p.width) * p.e_l;
      ASSERT_LE(cp.distance, (x - y).norm() + kTol);
    }
  }
}

TEST(GeometryValidation_D3Brick, FaceTableIsOutwardAndConsistent) {
  core::Rng rng(103);
  for (int i = 0; i < 100; ++i) {
    const Brick b = random_brick(rng);
    const core::Vec3 centre = b.origin + 0.5 * (b.length * b.e_L + b.width * b.e_l() - b.height * b.normal);
    for (const PlanePortion& f : faces(b)) {
      EXPECT_NEAR(f.normal.dot(f.e_L), 0.0, kTol);
      EXPECT_NEAR(f.normal.dot(f.e_l), 0.0, kTol);
      EXPECT_NEAR(f.e_L.dot(f.e_l), 0.0, kTol);
      EXPECT_NEAR((f.normal.cross(f.e_L) - f.e_l).norm(), 0.0, kTol);  // the table keeps e_l = n ^ e_L
      const core::Vec3 face_centre = f.origin + 0.5 * (f.length * f.e_L + f.width * f.e_l);
      EXPECT_TRUE(on_brick(b, face_centre));
      EXPECT_GT(f.normal.dot(face_centre - centre), 0.0);  // outward
    }
  }
}

TEST(GeometryValidation_D3Brick, ClosestPointIsOnSurfaceMinimalAndNormalOutward) {
  core::Rng rng(104);
  for (int i = 0; i < kCases; ++i) {
    const Brick b = random_brick(rng);
    const core::Vec3 x = random_vec<3>(rng, 3.0);
    const ClosestPoint cp = closest_point(b, x);
    ASSERT_TRUE(on_brick(b, cp.point)) << "case " << i;
    ASSERT_NEAR(cp.normal.norm(), 1.0, kTol);
    for (int k = 0; k < kSamples; ++k) ASSERT_LE(cp.distance, (x - random_on_brick(rng, b)).norm() + kTol);
    if (!in_brick(b, x, 0.0)) {
      expect_normal_outward(cp, x);
      EXPECT_FALSE(in_brick(b, cp.point + 1e-6 * cp.normal, 0.0));
      EXPECT_TRUE(in_brick(b, cp.point - 1e-6 * cp.normal, 0.0));
    } else {
      EXPECT_LT(cp.normal.dot(x - cp.point), kTol);  // x inside: behind the outward normal
    }
  }
}

TEST(GeometryValidation_D4Sphere, ClosestPointIsRadialProjection) {
  core::Rng rng(105);
  for (int i = 0; i < kCases; ++i) {
    const Sphere s{random_vec<3>(rng), uniform(rng, 0.5, 2)};
    const core::Vec3 x = random_vec<3>(rng, 3.0);
    const ClosestPoint cp = closest_point(s, x);
    ASSERT_NEAR((cp.point - s.center).norm(), s.radius, kTol);
    ASSERT_NEAR(cp.normal.norm(), 1.0, kTol);
    EXPECT_NEAR(cp.normal.dot(cp.point - s.center), s.radius, kTol);  // outward
    EXPECT_NEAR(cp.distance, std::abs((x - s.center).norm() - s.radius), kTol);
    for (int k = 0; k < kSamples; ++k)
      ASSERT_LE(cp.distance, (x - (s.center + s.radius * random_unit<3>(rng))).norm() + kTol);
  }
}

TEST(GeometryValidation_D5Cylinder, ClosestPointFromOutsideIsOnSurfaceMinimalAndOutward) {
  core::Rng rng(106);
  int outside = 0;
  for (int i = 0; i < kCases; ++i) {
    const Cylinder c = random_cylinder(rng);
    const core::Vec3 x = random_vec<3>(rng, 3.0);
    const ClosestPoint cp = closest_point(c, x);
    ASSERT_TRUE(on_cylinder(c, cp.point)) << "case " << i;
    ASSERT_NEAR(cp.normal.norm(), 1.0, kTol);
    for (int k = 0; k < kSamples; ++k) ASSERT_LE(cp.distance, (x - random_on_cylinder(rng, c)).norm() + kTol);
    if (!in_cylinder(c, x, 0.0)) {
      ++outside;
      expect_normal_outward(cp, x);
      EXPECT_FALSE(in_cylinder(c, cp.point + 1e-6 * cp.normal, 0.0));
      EXPECT_TRUE(in_cylinder(c, cp.point - 1e-6 * cp.normal, 0.0));
    }
  }
  EXPECT_GT(outside, kCases / 2);
}

TEST(GeometryValidation_D5Cylinder, PointOnAxisBeyondCapGoesToCapCentre) {
  // e_u = 0: the seed's u is undefined but min(R, 0) = 0, so x_k = O + L/2 n*.
  const Cylinder c{core::Vec3::Zero(), core::Vec3::UnitZ(), 1.0, 2.0};
  const ClosestPoint cp = closest_point(c, core::Vec3(0, 0, -5));
  EXPECT_NEAR((cp.point - core::Vec3(0, 0, -1)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((cp.normal - core::Vec3(0, 0, -1)).norm(), 0.0, 1e-15);
  EXPECT_DOUBLE_EQ(cp.distance, 4.0);
}

TEST(GeometryValidation_D5Cylinder, OutsideConditionIsOnNormOfEuNotItsSquare) {
  // Seed slip: "||e_u||^2 >= R". With R = 4 the point at radial distance 3 (9 >= 4) is INSIDE
  // (3 < 4); its closest surface point is on the lateral surface at distance 1 (cap at 2).
  const Cylinder c{core::Vec3::Zero(), core::Vec3::UnitZ(), 4.0, 4.0};
  const ClosestPoint cp = closest_point(c, core::Vec3(3, 0, 0));
  EXPECT_NEAR((cp.point - core::Vec3(4, 0, 0)).norm(), 0.0, 1e-15);
  EXPECT_DOUBLE_EQ(cp.distance, 1.0);
}


// ---- the one signed gap (toolkit/geometry/shape.hpp) against distances written from the definitions
TEST(GeometryValidation_SignedGap, EveryShapeOfTheTableAgreesWithItsDistanceAndSide) {
  const core::Vec3 n = core::Vec3(1, 2, 2) / 3.0;  // unit
  // plane: a half-space, s = (x − O)·n on both sides (seed 001 §D.1), n never flipped
  const Plane pl{core::Vec3(0.5, 0, 0), n};
  for (double d : {-1.5, -0.25, 0.0, 0.75}) {
    const auto g = signed_gap(pl, pl.origin + d * n + core::Vec3(2, -1, 0).cross(n));
    EXPECT_NEAR(g.distance, d, kTol);
    EXPECT_LT((g.normal - n).norm(), kTol);
  }
  // sphere: s = |x − c| − R, negative inside; its inside: −s
  const Sphere sp{core::Vec3(1, -1, 0.5), 0.8};
  for (const core::Vec3& x : {core::Vec3(2, 1, 0), core::Vec3(1.2, -0.9, 0.4)}) {
    const double s = (x - sp.center).norm() - sp.radius;
    EXPECT_NEAR(signed_gap(sp, x).distance, s, kTol);
    EXPECT_NEAR(signed_gap(Inside<Sphere>{sp}, x).distance, -s, kTol);
    EXPECT_NEAR(signed_gap(Shape{sp}, x).distance, s, kTol);  // the variant: the same function
  }
  // axis-aligned brick [0,2]×[0,1]×[−1,0] (e_L = x, e_l = n ∧ e_L = y, height along −z): outside, the
  // Euclidean distance to the box; inside, minus the distance to the nearest face
  const Brick br{core::Vec3::Zero(), core::Vec3::UnitZ(), core::Vec3::UnitX(), 2.0, 1.0, 1.0};
  EXPECT_NEAR(signed_gap(br, core::Vec3(3, 2, 1)).distance, std::sqrt(3.0), kTol);  // beyond a corner
  EXPECT_NEAR(signed_gap(br, core::Vec3(1, 0.5, 0.25)).distance, 0.25, kTol);      // above the top face
  EXPECT_NEAR(signed_gap(br, core::Vec3(1.9, 0.5, -0.5)).distance, -0.1, kTol);    // inside, nearest x = 2
  // cylinder of axis z, radius 0.5, length 2 centred at 0: lateral distance, cap distance, inside
  const Cylinder cy{core::Vec3::Zero(), core::Vec3::UnitZ(), 0.5, 2.0};
  EXPECT_NEAR(signed_gap(cy, core::Vec3(0, 1.5, 0.3)).distance, 1.0, kTol);
  EXPECT_NEAR(signed_gap(cy, core::Vec3(0.1, 0, 1.4)).distance, 0.4, kTol);
  EXPECT_NEAR(signed_gap(cy, core::Vec3(0.3, 0, 0)).distance, -0.2, kTol);
  // plane portion: a thin plate touched from either side, s ≥ 0
  const PlanePortion pp = make_plane_portion(core::Vec3::Zero(), core::Vec3::UnitZ(), core::Vec3::UnitX(), 1.0, 1.0);
  EXPECT_NEAR(signed_gap(pp, core::Vec3(0.5, 0.5, -0.3)).distance, 0.3, kTol);
  EXPECT_NEAR(signed_gap(pp, core::Vec3(2, 0.5, 0)).distance, 1.0, kTol);
}

TEST(GeometryValidation_SignedGap, TheTableDerivesTheNamesTheVariantAndTheWalls) {
  EXPECT_EQ(ShapeTypes::size, std::variant_size_v<Shape>);
  // walls: every shape and the inside of every solid (brick, sphere, cylinder)
  EXPECT_EQ(WallTypes::size, ShapeTypes::size + 3);
  EXPECT_EQ(shape_name(Shape{Cylinder{}}), "cylinder");
  EXPECT_EQ(shape_name(Inside<Brick>{}), "inside of brick");
  ShapeSet<WallTypes> set;
  set.add(Shape{Sphere{core::Vec3::Zero(), 1.0}}, true).add(Plane{core::Vec3::Zero(), core::Vec3::UnitZ()});
  const auto [kind, k] = set.slot(0);
  EXPECT_EQ(kind, (ShapeSet<WallTypes>::index_of<Inside<Sphere>>()));
  EXPECT_NEAR(set.with(kind, k, [](const auto& s) { return signed_gap(s, core::Vec3(0, 0, 0.25)).distance; }), 0.75, kTol);
  ShapeSet<ShapeTypes> obstacles;  // no insides among plain shapes
  EXPECT_THROW(obstacles.add(Shape{Sphere{core::Vec3::Zero(), 1.0}}, true), std::invalid_argument);
}

TEST(GeometryValidation_Rectangle, VertexGapsAreTheTurnedCornersHeights) {
  // a w × h rectangle turned by θ, centre at height y₀ above the floor y = 0: its corners sit at
  // y₀ ± (w/2) sin θ ± (h/2) cos θ, the lowest at y₀ − (w/2)|sin θ| − (h/2)|cos θ|
  const double w = 2.0, h = 1.0, y0 = 3.0;
  const Plane floor{core::Vec3::Zero(), core::Vec3::UnitY()};
  for (double theta : {0.0, 0.3, 1.2, -2.5}) {
    const Rectangle r{core::Vec2(0.7, y0), theta, w, h};
    const auto g = vertex_gaps(vertices(r), floor);
    for (double sw : {-1.0, 1.0})
      for (double sh : {-1.0, 1.0}) {
        const double y = y0 + sw * 0.5 * w * std::sin(theta) + sh * 0.5 * h * std::cos(theta);
        EXPECT_TRUE(std::any_of(g.begin(), g.end(), [&](double v) { return std::abs(v - y) < kTol; })) << theta;
      }
    EXPECT_NEAR(signed_gap(r, floor), y0 - 0.5 * w * std::abs(std::sin(theta)) - 0.5 * h * std::abs(std::cos(theta)), kTol);
  }
}

}  // namespace verisim::collisions::test
