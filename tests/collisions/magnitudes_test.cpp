// Every law at every magnitude (issue 12.2): masses, inertias, lengths and velocities from 1e-300 to
// 1e300, against the seeds' formulas written out literally in long double (x86: 64-bit mantissa,
// exponent range 1e+-4932, so m1 m2, 5 m2, x^2 and (r ^ n)^2 / I never overflow there). A law must
// give the representable answer to a few ulp, and report an overflow (a non-finite number) exactly
// when the answer is not representable, never a wrong finite number.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>

#include "reference/analytic/two_disk_collision.hpp"
#include "tests/collisions/random.hpp"
#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/contact_time.hpp"
#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/frictionless.hpp"
#include "toolkit/collisions/garwin.hpp"
#include "toolkit/collisions/rigid_body.hpp"
#include "toolkit/collisions/scaling.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"

namespace verisim::collisions::test {


namespace {

static_assert(std::numeric_limits<long double>::digits >= 64 && std::numeric_limits<long double>::max_exponent10 > 4000,
              "the references need x87 extended precision");
using LD = long double;
template <int N>
using VL = Eigen::Matrix<LD, N, 1>;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Each law here is a few dozen flops on O(1) scaled quantities with condition number O(1) (the
// laws' own comments): its error is a few tens of ulp. 1e-13 relative leaves a margin of ~50.
constexpr LD kTolLD = 1e-13L;

/// x (ours) against X (the long double reference). |X| <= 1e307: x finite and within
/// kTolLD (|X| + scale) + DBL_MIN, where `scale` is the natural scale of the quantity (the largest
/// input velocity for a velocity: a post-impact velocity is a sum of terms of that size, so a
/// backward-stable evaluation errs relative to it) and DBL_MIN covers results below the normal
/// range, where a double has fewer than 53 bits. |X| >= 1e309: x not finite (the overflow is
/// reported, never replaced by a wrong finite number).
::testing::AssertionResult close(double x, LD X, LD scale) {
  const LD ax = std::fabs(X);
  if (ax >= 1e309L) {
    if (!std::isfinite(x)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "expected an overflow (reference " << static_cast<double>(X / 1e300L)
                                         << "e300), got " << x;
  }
  if (ax > 1e307L) return ::testing::AssertionSuccess();  // at the edge of the range: either is right
  if (!std::isfinite(x)) return ::testing::AssertionFailure() << "got " << x << ", reference " << static_cast<double>(X);
  const LD bound = kTolLD * (ax + std::fabs(scale)) + static_cast<LD>(DBL_MIN);
  if (std::fabs(static_cast<LD>(x) - X) <= bound) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << x << ", reference " << static_cast<double>(X) << ", error "
                                       << static_cast<double>(std::fabs(static_cast<LD>(x) - X)) << " > "
                                       << static_cast<double>(bound);
}
template <class V, class W>
::testing::AssertionResult close(const V& x, const W& X, LD scale) {
  for (int i = 0; i < x.size(); ++i) {
    auto r = close(x[i], X[i], scale);
    if (!r) return r << " (component " << i << ")";
  }
  return ::testing::AssertionSuccess();
}
template <class W>
LD largest(const W& X) {
  return X.cwiseAbs().maxCoeff();
}

double power10(double p) { return std::pow(10.0, p); }

// ---- seed 000: the issue's mass ratios, against the double closed form of reference/analytic ----

/// Body `rest` at rest, the other approaching along C1C2 = n. Returns the worst relative error of
/// the resting body's velocity change (all of it: relative accuracy even at 1e-30 of the other's),
/// of the impulse and of the energy change.
template <int N>
void frictionless_against_closed_form(double m1, double m2, core::Rng& rng, int rest) {
  const double e = uniform(rng, 0.0, 1.0);
  const core::Vec<N> n = random_unit<N>(rng);
  core::Vec<N> v = random_vec<N>(rng);
  v += (0.2 - std::min(0.0, v.dot(n))) * n;  // approaching by at least 0.2
  const core::Vec<N> v1 = rest == 1 ? core::Vec<N>::Zero() : v, v2 = rest == 1 ? core::Vec<N>(-v) : core::Vec<N>::Zero();
  const auto r = frictionless_linear_system<N>(m1, v1, m2, v2, n, e);
  const core::Vec<N> x1 = core::Vec<N>::Zero(), x2 = n;
  const auto ref = reference::analytic::frictionless_collision(m1, m2, x1, x2, v1, v2, e);
  const double J = reference::analytic::frictionless_impulse(m1, m2, x1, x2, v1, v2, e);
  const double un = (v1 - v2).dot(n);
  ASSERT_EQ(r.branch, Branch::frictionless);
  // closed form in double: J to a few ulp for m1 m2 <= 1e60; 1e-14 over a scaled system of
  // condition number <= 2.6 (frictionless.hpp)
  const core::Vec<N> dv_rest = rest == 1 ? r.v1 : r.v2, dv_ref = rest == 1 ? ref.v1 : ref.v2;
  ASSERT_LE((dv_rest - dv_ref).norm(), 1e-14 * dv_ref.norm()) << "m1 " << m1 << " m2 " << m2;
  ASSERT_LE((r.v1 - ref.v1).norm() + (r.v2 - ref.v2).norm(), 1e-14 * v.norm());
  ASSERT_LE((r.p12 + J * n).norm(), 1e-14 * J);                          // seed 000 eq. (6): p12 = -J N
  ASSERT_NEAR((r.v1 - r.v2).dot(n), -e * un, 1e-14 * std::abs(un));     // eq. (11)
  const double de = -0.5 * (1.0 - e) * (1.0 + e) * (m1 * m2 / (m1 + m2)) * un * un;  // (1 - e)(1 + e): 1 - e^2 cancels
  ASSERT_NEAR(r.energy_change, de, 1e-14 * std::abs(de) + 1e-300);       // eq. (12) = -1/2 (1 - e^2) mu u_n^2
}

TEST(CollisionsValidation_Magnitudes, FrictionlessAtMassRatiosFrom1eMinus30To1e30MatchesTheClosedForm) {
  core::Rng rng(1201);
  for (int p = -30; p <= 30; ++p)
    for (int rep = 0; rep < 20; ++rep) {
      const double m1 = uniform(rng, 0.5, 2.0), m2 = m1 * power10(p) * uniform(rng, 0.5, 2.0);
      frictionless_against_closed_form<2>(m1, m2, rng, 1 + rep % 2);
      frictionless_against_closed_form<3>(m1, m2, rng, 1 + rep % 2);
    }
}

TEST(CollisionsValidation_Magnitudes, FrictionlessWithEqualMassesFrom1eMinus30To1e30MatchesTheClosedForm) {
  core::Rng rng(1202);
  for (int p = -30; p <= 30; ++p)
    for (int rep = 0; rep < 20; ++rep) {
      const double m = power10(p), m2 = rep < 2 ? m : m * uniform(rng, 0.5, 2.0);  // exactly equal, and nearly
      frictionless_against_closed_form<2>(m, m2, rng, 1 + rep % 2);
      frictionless_against_closed_form<3>(m, m2, rng, 1 + rep % 2);
    }
}

TEST(CollisionsValidation_Magnitudes, IssueExamplesBallOnTheEarthAndTwo2e16Bodies) {
  // issue 12.2: 0.1 kg at 10 m/s onto an Earth mass, e = 0.9. Closed form: v1' = 9 m/s up,
  // p12 = (1 + e) mu u_n = 1.9 N s (mu = 0.1 to 2e-27), Earth recoils by 1.9/5.97e24 m/s,
  // Delta E = -1/2 (1 - 0.81) 0.1 100 = -0.95 J.
  const auto r = frictionless_linear_system<2>(0.1, core::Vec2(0, -10), 5.97e24, core::Vec2(0, 0), core::Vec2(0, -1), 0.9);
  const double mu = 0.1 * 5.97e24 / (0.1 + 5.97e24);
  EXPECT_NEAR(r.v1.y(), 9.0, 1e-14 * 10);
  EXPECT_NEAR(r.v2.y(), -19.0 * mu / 5.97e24, 1e-14 * 1.9 / 5.97e24);  // v2' = (J/m2) N, J = 19 mu
  EXPECT_NEAR(r.p12.y(), 1.9 * mu / 0.1, 1e-14 * 1.9);
  EXPECT_NEAR(r.energy_change, -0.5 * 0.19 * mu * 100.0, 1e-14);
  // m1 = m2 = 2e16: equal masses exchange (1 + e)/2 of the normal relative velocity each
  const auto s = frictionless_linear_system<2>(2e16, core::Vec2(0, -10), 2e16, core::Vec2(0, 0), core::Vec2(0, -1), 0.9);
  EXPECT_NEAR(s.v1.y(), -0.5, 1e-14 * 10);
  EXPECT_NEAR(s.v2.y(), -9.5, 1e-14 * 10);
}

TEST(CollisionsValidation_Magnitudes, FrictionlessInfiniteMassIsTheObstacleLimit) {
  core::Rng rng(1203);
  for (int i = 0; i < 1000; ++i) {
    const double m1 = uniform(rng, 0.1, 10.0), e = uniform(rng, 0.0, 1.0);
    const core::Vec3 n = random_unit<3>(rng);
    core::Vec3 v1 = random_vec<3>(rng);
    v1 += (0.2 - std::min(0.0, v1.dot(n))) * n;
    const double un = v1.dot(n);
    const auto wall = frictionless_linear_system<3>(m1, v1, kInf, core::Vec3::Zero(), n, e);
    // an obstacle: v2' = v2 exactly, u_n reversed and scaled by e, p12 = -(1 + e) m1 u_n N
    ASSERT_EQ(wall.v2, core::Vec3::Zero());
    ASSERT_LE((wall.v1 - (v1 - (1.0 + e) * un * n)).norm(), 4e-16 * 4 * v1.norm());
    ASSERT_LE((wall.p12 + (1.0 + e) * m1 * un * n).norm(), 4e-16 * 4 * m1 * v1.norm());
    ASSERT_EQ(wall.branch, frictionless_closed_form<3>(m1, v1, kInf, core::Vec3::Zero(), n, e).branch);
    for (int p = 3; p <= 30; p += 3) {  // finite m2 -> inf: v1' differs by (1 + e) u_n m1/(m1 + m2) <= (1 + e) u_n m1/m2
      const double m2 = m1 * power10(p);
      const auto r = frictionless_linear_system<3>(m1, v1, m2, core::Vec3::Zero(), n, e);
      ASSERT_LE((r.v1 - wall.v1).norm(), (1.0 + e) * un / power10(p) * (1 + 1e-12) + 1e-15 * v1.norm());
    }
  }
}

TEST(CollisionsValidation_Magnitudes, FrictionlessAtEveryMagnitudeMatchesLongDouble) {
  core::Rng rng(1204);
  for (int p1 = -300; p1 <= 300; p1 += 50)
    for (int p2 = -300; p2 <= 300; p2 += 50)
      for (int pv = -300; pv <= 300; pv += 150) {
        const double m1 = power10(p1) * uniform(rng, 0.5, 2.0), m2 = power10(p2) * uniform(rng, 0.5, 2.0);
        const double e = uniform(rng, 0.0, 1.0), V = power10(pv);
        const core::Vec3 n = random_unit<3>(rng);
        core::Vec3 v1 = random_vec<3>(rng), v2 = random_vec<3>(rng);
        v1 += (0.2 - std::min(0.0, (v1 - v2).dot(n))) * n;
        v1 *= V, v2 *= V;
        const auto r = frictionless_linear_system<3>(m1, v1, m2, v2, n, e);
        const VL<3> n_ = n.cast<LD>(), a = v1.cast<LD>(), b = v2.cast<LD>();
        const LD M1 = m1, M2 = m2, mu = M1 * M2 / (M1 + M2), un = (a - b).dot(n_), J = (1 + static_cast<LD>(e)) * mu * un;
        const LD vs = std::max(largest(a), largest(b));
        ASSERT_TRUE(close(r.v1, VL<3>(a - (J / M1) * n_), vs)) << p1 << " " << p2 << " " << pv;
        ASSERT_TRUE(close(r.v2, VL<3>(b + (J / M2) * n_), vs)) << p1 << " " << p2 << " " << pv;
        ASSERT_TRUE(close(r.p12, VL<3>(-J * n_), mu * vs)) << p1 << " " << p2 << " " << pv;
        ASSERT_TRUE(close(r.energy_change, -0.5L * (1 - static_cast<LD>(e) * e) * mu * un * un, mu * vs * vs));
      }
}

// ---- seed 001 §E.1 and F, literally, in long double ----

struct SphereCase {
  double m1, m2, R1, R2;
  core::Vec3 v1, v2, w1, w2, n;
  CoulombParams p;
};
SphereCase random_sphere_case(core::Rng& rng, double m1, double m2, double R1, double R2, double V) {
  SphereCase c{m1, m2, R1, R2, random_vec<3>(rng), random_vec<3>(rng), random_vec<3>(rng), random_vec<3>(rng),
               random_unit<3>(rng), {uniform(rng, 0.0, 1.0), uniform(rng, 0.0, 1.5)}};  // alpha up to 1.5: trampolines too
  c.v2 += (0.2 - std::min(0.0, (c.v2 - c.v1).dot(c.n))) * c.n;  // v* >= 0.2
  c.v1 *= V, c.v2 *= V, c.w1 *= V / R1, c.w2 *= V / R2;
  return c;
}

struct SphereReference {
  VL<3> v1, v2, w1, w2;
  bool stick;
};
/// seed 001 §F steps 2-5 as written (E.1 when the spins are dropped: spin = false).
SphereReference seed001(const SphereCase& c, bool spin) {
  const LD m1 = c.m1, m2 = c.m2, R1 = c.R1, R2 = c.R2, mu = c.p.mu, alpha = c.p.alpha;
  const VL<3> n = c.n.cast<LD>(), v1 = c.v1.cast<LD>(), v2 = c.v2.cast<LD>(), w1 = c.w1.cast<LD>(), w2 = c.w2.cast<LD>();
  const LD v_star = (v2 - v1).dot(n);
  VL<3> v_c = v1 - v2 + v_star * n;
  if (spin) v_c += n.cross(R1 * w1 + R2 * w2);
  const LD lambda = (1 + alpha) * m2 / (m1 + m2), vc = v_c.norm();
  SphereReference r{v1, v2, w1, w2, 7 * mu * (1 + alpha) * v_star >= 2 * vc};
  VL<3> dv, dw;
  if (r.stick) {
    dv = lambda * v_star * n - (2 * m2 / (7 * (m1 + m2))) * v_c;
    dw = (5 * m2 / (7 * R1 * (m1 + m2))) * n.cross(v_c);
  } else {
    dv = lambda * v_star * (n - mu * v_c / vc);
    dw = (5 / (2 * R1)) * mu * lambda * v_star * n.cross(v_c / vc);
  }
  r.v1 += dv;
  r.v2 -= (m1 / m2) * dv;
  if (spin) {
    r.w1 += dw;
    r.w2 += (m1 * R1 / (m2 * R2)) * dw;
  }
  return r;
}

TEST(CollisionsValidation_Magnitudes, Seed001E1AndFAtEveryMagnitudeMatchLongDouble) {
  core::Rng rng(1205);
  for (int p1 = -300; p1 <= 300; p1 += 100)
    for (int p2 = -300; p2 <= 300; p2 += 100)
      for (int pv = -300; pv <= 300; pv += 300)
        for (int pr = -100; pr <= 100; pr += 100) {
          if (std::abs(pv - pr) > 300) continue;  // w = V/R would not be a double
          const double V = power10(pv);
          const SphereCase c = random_sphere_case(rng, power10(p1) * uniform(rng, 0.5, 2.0), power10(p2) * uniform(rng, 0.5, 2.0),
                                                  power10(pr) * uniform(rng, 0.5, 2.0), power10(pr) * uniform(rng, 0.5, 2.0), V);
          const auto e1 = coulomb_spheres(c.m1, c.v1, c.m2, c.v2, c.n, c.p);
          const auto E1 = seed001(c, false);
          ASSERT_EQ(e1.branch == Branch::stick, E1.stick);
          ASSERT_TRUE(close(e1.v1, E1.v1, V)) << p1 << " " << p2 << " " << pv;
          ASSERT_TRUE(close(e1.v2, E1.v2, V)) << p1 << " " << p2 << " " << pv;
          const auto f = spinning_spheres({c.m1, c.R1, c.v1, c.w1}, {c.m2, c.R2, c.v2, c.w2}, c.n, c.p);
          const auto F = seed001(c, true);
          ASSERT_EQ(f.branch == Branch::stick, F.stick);
          ASSERT_TRUE(close(f.b1.velocity, F.v1, V)) << p1 << " " << p2 << " " << pv << " " << pr;
          ASSERT_TRUE(close(f.b2.velocity, F.v2, V)) << p1 << " " << p2 << " " << pv << " " << pr;
          ASSERT_TRUE(close(f.b1.omega, F.w1, V / c.R1)) << p1 << " " << p2 << " " << pv << " " << pr;
          ASSERT_TRUE(close(f.b2.omega, F.w2, V / c.R2)) << p1 << " " << p2 << " " << pv << " " << pr;
        }
}

TEST(CollisionsValidation_Magnitudes, SpinningSpheresWithM2Of1e308AndTheLargestDouble) {
  // issue 12.2: `spin-spheres --m2 1e308` printed NaN (5 m2 and 2 m2 overflow). The pair must act as
  // body 1 on an obstacle moving with v2: v1' - v2 = the obstacle result for v1 - v2, to m1/m2.
  core::Rng rng(1206);
  for (double m2 : {1e308, std::numeric_limits<double>::max()})
    for (int i = 0; i < 1000; ++i) {
      const SphereCase c = random_sphere_case(rng, uniform(rng, 0.1, 10.0), m2, uniform(rng, 0.1, 2.0), uniform(rng, 0.1, 2.0), 1.0);
      const auto r = spinning_spheres({c.m1, c.R1, c.v1, c.w1}, {c.m2, c.R2, c.v2, core::Vec3::Zero()}, c.n, c.p);
      const auto o = spinning_sphere_obstacle({c.m1, c.R1, core::Vec3(c.v1 - c.v2), c.w1}, c.n, c.p);
      ASSERT_EQ(r.branch, o.branch);
      ASSERT_LE((r.b1.velocity - c.v2 - o.b1.velocity).norm(), 1e-14 * (c.v1.norm() + c.v2.norm()));
      ASSERT_LE((r.b1.omega - o.b1.omega).norm(), 1e-14 * (c.v1.norm() + c.v2.norm()) / c.R1 + 1e-14 * c.w1.norm());
      ASSERT_EQ(r.b2.velocity, c.v2);  // changes by m1/m2 of body 1's: below half an ulp of v2
      ASSERT_TRUE(r.b2.omega.allFinite());
    }
}

TEST(CollisionsValidation_Magnitudes, Seed001InfiniteMassIsTheObstacle) {
  // seed 001 §E.1: "m2 infinite (m1/m2 = 0, m2/(m1 + m2) = 1)": the two-body laws at m2 = +inf give
  // the seed's reduced obstacle formulas, to rounding.
  core::Rng rng(1207);
  for (int i = 0; i < 10000; ++i) {
    SphereCase c = random_sphere_case(rng, uniform(rng, 0.1, 10.0), kInf, uniform(rng, 0.1, 2.0), 1.0, 1.0);
    c.v2.setZero();
    if (c.v1.dot(c.n) >= 0.0) c.v1 = -c.v1;
    const auto a = coulomb_spheres(c.m1, c.v1, kInf, core::Vec3::Zero(), c.n, c.p);
    const auto b = coulomb_sphere_obstacle(c.v1, c.n, c.p);
    ASSERT_EQ(a.branch, b.branch);
    ASSERT_LE((a.v1 - b.v1).norm(), 1e-15 * 4 * c.v1.norm());
    ASSERT_EQ(a.v2, core::Vec3::Zero());
    const auto f = spinning_spheres({c.m1, c.R1, c.v1, c.w1}, {kInf, 1.0, core::Vec3::Zero(), core::Vec3::Zero()}, c.n, c.p);
    const auto g = spinning_sphere_obstacle({c.m1, c.R1, c.v1, c.w1}, c.n, c.p);
    ASSERT_EQ(f.branch, g.branch);
    ASSERT_LE((f.b1.velocity - g.b1.velocity).norm(), 1e-15 * 4 * (c.v1.norm() + c.R1 * c.w1.norm()));
    ASSERT_LE((f.b1.omega - g.b1.omega).norm(), 1e-15 * 4 * (c.v1.norm() / c.R1 + c.w1.norm()));
    ASSERT_EQ(f.b2.velocity, core::Vec3::Zero());
    ASSERT_EQ(f.b2.omega, core::Vec3::Zero());
  }
}

// ---- seed 002, literally, in long double ----

template <int N>
struct RigidReference {
  VL<N> v1, v2;
  std::conditional_t<N == 2, LD, VL<3>> w1, w2;
  LD J;
};

RigidReference<2> seed002(const RigidBody2& b1, const core::Vec2& r1, const RigidBody2& b2, const core::Vec2& r2, const core::Vec2& n, double e) {
  const auto cross = [](const VL<2>& a, const VL<2>& b) { return a.x() * b.y() - a.y() * b.x(); };
  const auto spin = [](LD w, const VL<2>& r) { return VL<2>(-w * r.y(), w * r.x()); };
  const VL<2> R1 = r1.cast<LD>(), R2 = r2.cast<LD>(), n_ = n.cast<LD>();
  const VL<2> vp1 = b1.velocity.cast<LD>() + spin(b1.omega, R1), vp2 = b2.velocity.cast<LD>() + spin(b2.omega, R2);
  const LD c1 = cross(R1, n_), c2 = cross(R2, n_);
  const LD inv1 = 1 / static_cast<LD>(b1.mass), inv2 = 1 / static_cast<LD>(b2.mass);  // 1/inf = 0
  const LD J = -(1 + static_cast<LD>(e)) * (vp1 - vp2).dot(n_) /
               (inv1 + inv2 + c1 * c1 / static_cast<LD>(b1.inertia) + c2 * c2 / static_cast<LD>(b2.inertia));
  return {b1.velocity.cast<LD>() + J * inv1 * n_, b2.velocity.cast<LD>() - J * inv2 * n_,
          b1.omega + J * c1 / static_cast<LD>(b1.inertia), b2.omega - J * c2 / static_cast<LD>(b2.inertia), J};
}

RigidReference<3> seed002(const RigidBody3& b1, const core::Vec3& r1, const RigidBody3& b2, const core::Vec3& r2, const core::Vec3& n, double e) {
  using ML = Eigen::Matrix<LD, 3, 3>;
  const auto inv = [](const RigidBody3& b) { return b.inertia.allFinite() ? ML(b.inertia.cast<LD>().inverse()) : ML(ML::Zero()); };
  const VL<3> R1 = r1.cast<LD>(), R2 = r2.cast<LD>(), n_ = n.cast<LD>();
  const VL<3> vp1 = b1.velocity.cast<LD>() + b1.omega.cast<LD>().cross(R1), vp2 = b2.velocity.cast<LD>() + b2.omega.cast<LD>().cross(R2);
  const VL<3> c1 = R1.cross(n_), c2 = R2.cross(n_);
  const ML I1 = inv(b1), I2 = inv(b2);
  const LD inv1 = 1 / static_cast<LD>(b1.mass), inv2 = 1 / static_cast<LD>(b2.mass);
  const LD J = -(1 + static_cast<LD>(e)) * (vp1 - vp2).dot(n_) / (inv1 + inv2 + c1.dot(I1 * c1) + c2.dot(I2 * c2));
  return {b1.velocity.cast<LD>() + J * inv1 * n_, b2.velocity.cast<LD>() - J * inv2 * n_,
          b1.omega.cast<LD>() + J * (I1 * c1), b2.omega.cast<LD>() - J * (I2 * c2), J};
}

TEST(CollisionsValidation_Magnitudes, Seed002AtEveryMagnitudeMatchesLongDouble) {
  core::Rng rng(1208);
  const auto tensor = [&](double scale) {
    Eigen::Matrix3d A;
    for (int i = 0; i < 9; ++i) A(i / 3, i % 3) = uniform(rng, -1, 1);
    return Eigen::Matrix3d((A * A.transpose() + 0.1 * Eigen::Matrix3d::Identity()) * scale);
  };
  for (int pm = -200; pm <= 200; pm += 100)
    for (int pm2 = -200; pm2 <= 200; pm2 += 100)
      for (int pi = -200; pi <= 200; pi += 100)
        for (int pr = -100; pr <= 100; pr += 100)
          for (int pv = -300; pv <= 300; pv += 300) {
            if (std::abs(pv - pr) > 300) continue;  // w = V/r would not be a double
            const double V = power10(pv), Rs = power10(pr), e = uniform(rng, 0.0, 1.0);
            const double m1 = power10(pm) * uniform(rng, 0.5, 2), m2 = power10(pm2) * uniform(rng, 0.5, 2);
            const double I1 = power10(pi) * uniform(rng, 0.5, 2), I2 = power10(pi) * uniform(rng, 0.5, 2);
            {  // 2D
              const core::Vec2 n = random_unit<2>(rng), r1 = random_vec<2>(rng) * Rs, r2 = random_vec<2>(rng) * Rs;
              RigidBody2 b1{m1, I1, random_vec<2>(rng) * V, uniform(rng, -1, 1) * V / Rs};
              const RigidBody2 b2{m2, I2, random_vec<2>(rng) * V, uniform(rng, -1, 1) * V / Rs};
              const auto vrn = [&](const RigidBody2& b) { return (b.velocity + cross2(b.omega, r1) - b2.velocity - cross2(b2.omega, r2)).dot(n); };
              b1.velocity -= (std::max(0.0, vrn(b1)) + 0.2 * V) * n;  // approaching
              const auto r = rigid_body_collision(b1, r1, b2, r2, n, e);
              const auto R = seed002(b1, r1, b2, r2, n, e);
              const std::string at = std::to_string(pm) + " " + std::to_string(pm2) + " " + std::to_string(pi) + " " +
                                     std::to_string(pr) + " " + std::to_string(pv);
              ASSERT_EQ(r.branch, Branch::frictionless) << at;
              ASSERT_TRUE(close(r.J, R.J, std::fabs(R.J))) << at;
              ASSERT_TRUE(close(r.b1.velocity, R.v1, V)) << at;
              ASSERT_TRUE(close(r.b2.velocity, R.v2, V)) << at;
              ASSERT_TRUE(close(r.b1.omega, R.w1, V / Rs)) << at;
              ASSERT_TRUE(close(r.b2.omega, R.w2, V / Rs)) << at;
            }
            {  // 3D
              const core::Vec3 n = random_unit<3>(rng), r1 = random_vec<3>(rng) * Rs, r2 = random_vec<3>(rng) * Rs;
              RigidBody3 b1{m1, tensor(I1), random_vec<3>(rng) * V, random_vec<3>(rng) * (V / Rs)};
              const RigidBody3 b2{m2, tensor(I2), random_vec<3>(rng) * V, random_vec<3>(rng) * (V / Rs)};
              const auto vrn = [&](const RigidBody3& b) {
                return (b.velocity + b.omega.cross(r1) - b2.velocity - b2.omega.cross(r2)).dot(n);
              };
              b1.velocity -= (std::max(0.0, vrn(b1)) + 0.2 * V) * n;
              const auto r = rigid_body_collision(b1, r1, b2, r2, n, e);
              const auto R = seed002(b1, r1, b2, r2, n, e);
              const std::string at = std::to_string(pm) + " " + std::to_string(pm2) + " " + std::to_string(pi) + " " +
                                     std::to_string(pr) + " " + std::to_string(pv);
              ASSERT_TRUE(close(r.J, R.J, std::fabs(R.J))) << at;
              ASSERT_TRUE(close(r.b1.velocity, R.v1, V)) << at;
              ASSERT_TRUE(close(r.b2.velocity, R.v2, V)) << at;
              // the tensor solve (condition number of the random tensors <= ~1e3) costs digits: 1e-13 x 1e3 below
              ASSERT_TRUE(close(r.b1.omega, R.w1, V / Rs * 1e3)) << at;
              ASSERT_TRUE(close(r.b2.omega, R.w2, V / Rs * 1e3)) << at;
            }
          }
}

TEST(CollisionsValidation_Magnitudes, Seed002InfiniteMassOrInertiaGivesFiniteResults) {
  // issue 12.2: `rigid2d ... --I2 inf` (offered by its own help) printed NaN. Every combination of an
  // infinite mass and an infinite inertia of body 2 against seed 002 with 1/inf = 0, 2D and 3D.
  core::Rng rng(1209);
  for (int i = 0; i < 1000; ++i)
    for (const bool inf_m : {false, true})
      for (const bool inf_i : {false, true}) {
        const double e = uniform(rng, 0, 1);
        const core::Vec2 n = random_unit<2>(rng), r1 = random_vec<2>(rng), r2 = random_vec<2>(rng);
        RigidBody2 b1{uniform(rng, 0.1, 10), uniform(rng, 0.1, 10), random_vec<2>(rng), uniform(rng, -1, 1)};
        const RigidBody2 b2{inf_m ? kInf : 1.0, inf_i ? kInf : 1.0, inf_m ? core::Vec2::Zero() : core::Vec2(random_vec<2>(rng)),
                            inf_i ? 0.0 : uniform(rng, -1, 1)};
        b1.velocity -= (std::max(0.0, (b1.velocity + cross2(b1.omega, r1) - b2.velocity - cross2(b2.omega, r2)).dot(n)) + 0.2) * n;
        const auto r = rigid_body_collision(b1, r1, b2, r2, n, e);
        const auto R = seed002(b1, r1, b2, r2, n, e);
        ASSERT_TRUE(close(r.b1.velocity, R.v1, 1.0) && close(r.b2.velocity, R.v2, 1.0) && close(r.b1.omega, R.w1, 1.0) &&
                    close(r.b2.omega, R.w2, 1.0) && close(r.J, R.J, 1.0));
        if (inf_m) { ASSERT_EQ(r.b2.velocity, core::Vec2::Zero()); }
        if (inf_i) { ASSERT_EQ(r.b2.omega, 0.0); }
        const core::Vec3 n3 = random_unit<3>(rng), s1 = random_vec<3>(rng), s2 = random_vec<3>(rng);
        RigidBody3 c1{uniform(rng, 0.1, 10), Eigen::Matrix3d::Identity() * uniform(rng, 0.1, 10), random_vec<3>(rng), random_vec<3>(rng)};
        const RigidBody3 c2{inf_m ? kInf : 1.0, inf_i ? infinite_inertia() : Eigen::Matrix3d::Identity(),
                            inf_m ? core::Vec3::Zero() : core::Vec3(random_vec<3>(rng)), inf_i ? core::Vec3::Zero() : core::Vec3(random_vec<3>(rng))};
        c1.velocity -= (std::max(0.0, (c1.velocity + c1.omega.cross(s1) - c2.velocity - c2.omega.cross(s2)).dot(n3)) + 0.2) * n3;
        const auto q = rigid_body_collision(c1, s1, c2, s2, n3, e);
        const auto Q = seed002(c1, s1, c2, s2, n3, e);
        ASSERT_TRUE(close(q.b1.velocity, Q.v1, 1.0) && close(q.b2.velocity, Q.v2, 1.0) && close(q.b1.omega, Q.w1, 1.0) &&
                    close(q.b2.omega, Q.w2, 1.0));
        if (inf_i) { ASSERT_EQ(q.b2.omega, core::Vec3::Zero()); }
      }
}

// ---- seed 000 contact time, in long double ----

TEST(CollisionsValidation_Magnitudes, ContactTimeAtEveryMagnitudeMatchesLongDouble) {
  core::Rng rng(1210);
  int collisions = 0, overflows = 0;
  for (int px = -300; px <= 300; px += 50)
    for (int pv = -300; pv <= 300; pv += 50)
      for (int rep = 0; rep < 5; ++rep) {
        const double L = power10(px), V = power10(pv);
        const core::Vec3 y1 = random_vec<3>(rng);  // the geometry at unit scale, then scaled by L
        core::Vec3 y2;
        do y2 = random_vec<3>(rng);
        while ((y2 - y1).norm() < 0.5);
        const double q1 = 0.1 * uniform(rng, 0.1, 1), q2 = 0.1 * uniform(rng, 0.1, 1);
        const core::Vec3 x1 = y1 * L, x2 = y2 * L;
        const double r1 = q1 * L, r2 = q2 * L;
        const core::Vec3 v2 = random_vec<3>(rng) * V;
        // heading for body 2, missing its centre by less than (r1 + r2)/2: a collision
        const core::Vec3 aim = (y2 - y1).normalized() + random_vec<3>(rng) * (q1 + q2) / (4 * (y2 - y1).norm());
        const core::Vec3 v1 = v2 + aim * V;
        const auto ct = contact_time<3>(x1, v1, r1, x2, v2, r2);
        const VL<3> dx = x2.cast<LD>() - x1.cast<LD>(), dv = v2.cast<LD>() - v1.cast<LD>();
        const LD R = static_cast<LD>(r1) + r2, a = dv.squaredNorm(), b = dx.dot(dv), c = dx.squaredNorm() - R * R;
        const LD disc = b * b - a * c;  // >= (0.75 R)^2 a: no cancellation worth the name in long double
        ASSERT_EQ(ct.status, ContactStatus::collision) << px << " " << pv;
        const LD t = c / (-b + std::sqrt(disc));  // smaller root (the product of the roots is c/a)
        ASSERT_TRUE(close(ct.t, t, t)) << px << " " << pv;
        (std::isfinite(ct.t) ? collisions : overflows)++;
      }
  EXPECT_GT(collisions, 500);
  EXPECT_GT(overflows, 100);  // t = L/V beyond 1e308: reported as not finite
}

TEST(CollisionsValidation_Magnitudes, ContactTimeHeadOnWithRadiiFarBelowTheDistance) {
  // Head-on along x (wedge exactly 0): t = (|dx| - R)/|dv| exactly. Radii down to 1e-250 of the
  // distance: b^2 - a c = a R^2 underflows when formed as a product, yet it is a collision.
  core::Rng rng(1213);
  for (int px = -300; px <= 300; px += 100)
    for (int pr = -250; pr <= 0; pr += 50)
      for (int rep = 0; rep < 5; ++rep) {
        if (px + pr < -300) continue;  // radii below the double range
        const double L = power10(px), V = uniform(rng, 0.5, 2), y = uniform(rng, -1, 1) * L;
        const double r1 = L * power10(pr) * uniform(rng, 0.1, 0.4), r2 = L * power10(pr) * uniform(rng, 0.1, 0.4);
        const core::Vec2 x1(-L * uniform(rng, 0.5, 1), y), x2(L * uniform(rng, 0.5, 1), y), v2(uniform(rng, -1, 1), 3.0);
        const core::Vec2 v1(v2.x() + V, 3.0);
        const auto ct = contact_time<2>(x1, v1, r1, x2, v2, r2);
        ASSERT_EQ(ct.status, ContactStatus::collision) << px << " " << pr;
        const LD t = ((static_cast<LD>(x2.x()) - x1.x()) - (static_cast<LD>(r1) + r2)) / (static_cast<LD>(v1.x()) - v2.x());
        ASSERT_TRUE(close(ct.t, t, t)) << px << " " << pr;
      }
}

TEST(CollisionsValidation_Magnitudes, ContactTimeIssueExampleAndNeighbours) {
  // issue 12.2: coordinates of 1e200 gave NaN. Body 1 at -X on the x axis moving at 1 m/s towards
  // body 2 at rest at the origin, radii 1: contact at t = X - 2 (= X to double precision).
  for (double X : {1e10, 1e100, 1e200, 1e300, 1e308, std::numeric_limits<double>::max()}) {
    const auto ct = contact_time<2>(core::Vec2(-X, 0), core::Vec2(1, 0), 1.0, core::Vec2(0, 0), core::Vec2(0, 0), 1.0);
    ASSERT_EQ(ct.status, ContactStatus::collision) << X;
    EXPECT_NEAR(ct.t, X - 2.0, 1e-15 * X) << X;
  }
  // across the range: -1e308 to +1e308 at 1 m/s takes 2e308 s, not a double: reported, not NaN
  const auto far = contact_time<2>(core::Vec2(-1e308, 0), core::Vec2(1, 0), 1.0, core::Vec2(1e308, 0), core::Vec2(0, 0), 1.0);
  EXPECT_EQ(far.status, ContactStatus::collision);
  EXPECT_TRUE(std::isinf(far.t));
  // a radius 1e-200 of the distance: R^2 a underflows in b^2 - a c, yet it is a collision, not grazing
  const auto thin = contact_time<2>(core::Vec2(-1e100, 0), core::Vec2(1, 0), 1e-100, core::Vec2(0, 0), core::Vec2(0, 0), 1e-100);
  EXPECT_EQ(thin.status, ContactStatus::collision);
  EXPECT_NEAR(thin.t, 1e100, 1e-15 * 1e100);
}

// ---- seed 004 and Garwin, literally, in long double ----

TEST(CollisionsValidation_Magnitudes, Seed004AndGarwinAtEveryMagnitudeMatchLongDouble) {
  core::Rng rng(1211);
  for (int pv = -300; pv <= 300; pv += 50)
    for (int pr = -100; pr <= 100; pr += 50)
      for (int rep = 0; rep < 20; ++rep) {
        if (std::abs(pv - pr) > 300) continue;  // w = V/R would not be a double
        const double V = power10(pv), Rr = power10(pr) * uniform(rng, 0.5, 2);
        const BallState s{uniform(rng, -1, 1) * V, -uniform(rng, 0.05, 1) * V, uniform(rng, -1, 1) * V / Rr};
        const BallParams p{uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0.1, 1), Rr};
        const LD vx = s.vx, vy = s.vy, w = s.omega, R = Rr, a = p.alpha, g = p.gamma, mu = p.mu;
        const LD u = vx - w * R, mu_e_ = -a * std::fabs(u) / (vy * (1 + g) * (1 + a));  // seed 004 eq. (10)
        const LD xi = u > 0 ? 1 : -1;
        const bool stick = mu >= mu_e_;
        const LD vx1 = stick ? (a * w * R + vx) / (1 + a) : vx + xi * mu * vy * (1 + g);            // eqs. (8), (5)
        const LD w1 = stick ? (a * w * R + vx) / (R * (1 + a)) : w - xi * mu * vy * (1 + g) / (R * a);  // eqs. (8), (7)
        const auto r = ball_bounce(s, p);
        ASSERT_EQ(r.branch, stick ? Branch::stick : Branch::slip);
        // |vx - w R| cancels: mu_e is accurate relative to alpha (|vx| + |w R|)/(|vy| (1 + gamma)(1 + alpha))
        ASSERT_TRUE(close(r.mu_e, mu_e_, a * (std::fabs(vx) + std::fabs(w * R)) / (-vy * (1 + g) * (1 + a))));
        ASSERT_TRUE(close(r.after.vx, vx1, V) && close(r.after.vy, -g * vy, V) && close(r.after.omega, w1, V / Rr))
            << pv << " " << pr;
        const double ex = uniform(rng, -1, 1);
        const LD e = ex;  // Garwin: vx' = (vx (1 - a e) + a R w (1 + e))/(1 + a), w' = (vx (1 + e) + R w (a - e))/(R (1 + a))
        const auto q = garwin_bounce(s, {ex, p.gamma, p.alpha, Rr});
        ASSERT_TRUE(close(q.after.vx, (vx * (1 - a * e) + a * R * w * (1 + e)) / (1 + a), V) &&
                    close(q.after.omega, (vx * (1 + e) + R * w * (a - e)) / (R * (1 + a)), V / Rr))
            << pv << " " << pr;
      }
}

// ---- normals ----

TEST(CollisionsValidation_Magnitudes, UnitDirectionOfHugeAndTinyNormals) {
  // issue 12.4: a normal near 1e308 normalised to the zero vector (so "separating"), and a tiny one
  // was "the zero vector". Every finite non-zero vector has a direction.
  const double big = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
  struct Case {
    core::Vec3 v, unit;
  };
  const double h = std::sqrt(0.5), t = 1.0 / std::sqrt(3.0);
  for (const Case& c : {Case{{big, big, 0}, {h, h, 0}}, Case{{1e308, -1e308, 1e308}, {t, -t, t}}, Case{{tiny, 0, 0}, {1, 0, 0}},
                        Case{{1e-320, 1e-320, 0}, {h, h, 0}}, Case{{1e-300, 0, -1e-300}, {h, 0, -h}}, Case{{3, 4, 0}, {0.6, 0.8, 0}}}) {
    const core::Vec3 u = unit_direction(c.v);
    // subnormal inputs carry fewer digits: 1e-320 has ~10 bits, so 1e-3 there; 1e-15 elsewhere
    EXPECT_LE((u - c.unit).norm(), std::abs(c.v.maxCoeff()) < 1e-307 ? 1e-3 : 1e-15) << c.v.transpose();
  }
  EXPECT_EQ(unit_direction(core::Vec3(core::Vec3::Zero())), core::Vec3::Zero());
  // a huge C1C2 with approaching bodies is a collision, not "separating"
  const auto r = frictionless_linear_system<2>(1.0, core::Vec2(1, 0), 1.0, core::Vec2(0, 0), core::Vec2(big, big), 1.0);
  EXPECT_EQ(r.branch, Branch::frictionless);
  EXPECT_NEAR(r.v1.x(), 0.5, 1e-15);
}

}  // namespace

}  // namespace verisim::collisions::test
