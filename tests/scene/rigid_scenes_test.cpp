// Seed 002's rigid bodies from scene files: a box hitting a resting box (vertex–edge contact), a disc
// hitting a box, Hauser's pucks (§2: discs with spin and friction), the falling block as the seed gives
// it (C_R = 1). Each against a hand derivation or the seed's own relations; tolerances next to each check.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "tests/scene/support.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene::test::rigid {  // its own namespace: the unity build joins this file with scenes_test.cpp
namespace {

double last(const core::Samples& s, const std::string& name) { return s.at(s.rows() - 1, s.column(name)); }
double max_deviation(const std::vector<double>& x) {
  double m = 0.0;
  for (double v : x) m = std::max(m, std::abs(v - x.front()));
  return m;
}

/// Momentum and angular momentum about the origin (energy.csv px, py, Lz) kept: no force, no obstacle,
/// the impulses are equal and opposite at one point. Round-off of O(1) values: 1e-13.
void expect_momenta_kept(const RunResult& r, double p_scale, double L_scale) {
  for (const char* c : {"px", "py"}) EXPECT_LT(max_deviation(column(r.energy, c)), 1e-13 * p_scale) << c;
  EXPECT_LT(max_deviation(column(r.energy, "Lz")), 1e-13 * L_scale);
}

// ---- seed 002 §4: a box's vertex against another box's edge ------------------------------------------
TEST(SceneValidation, BoxHitsRestingBoxWithSeed002Impulse) {
  // A square (m_a = 0.5 kg, 1 m) turned by 45° slides at u = 1 m/s; its right corner P hits the left face of
  // a resting block (m_b = 2 kg, 1 m × 2 m, I_b = m_b (1² + 2²)/12 = 5/6) at d = 0.5 m above its centre.
  // n = (−1, 0) from the block into the square; r_a = (√2/2, 0) ∥ n (no lever arm), r_b × n = d.
  // Seed 002 §4: J = (1 + C_R) u / (1/m_a + 1/m_b + d²/I_b) = 2/(2 + 0.5 + 0.3) = 5/7 N s, so
  // v_a = u − J/m_a = −3/7, v_b = J/m_b = 5/14, ω_b = −d J/I_b = −3/7 (eqs. (1)–(4)); ω_a = 0.
  const RunResult r = simulate(bundled("box_box"));
  ASSERT_EQ(r.events.size(), 1u);
  // contact when the corner reaches x = −0.5: x_a = −0.5 − √2/2, from −3 at 1 m/s (Verlet: exact uniform motion)
  EXPECT_NEAR(r.events[0].t, 2.5 - std::sqrt(0.5), 1e-13);
  // the located corner is a few ulps of Δt·u from the face, the 45° corner off the axis by rounding of
  // cos, sin π/4: O(1e-16) lever arms; 1e-13
  EXPECT_NEAR(last(r.trajectory, "square.vx"), -3.0 / 7.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "square.vy"), 0.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "square.omega"), 0.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "block.vx"), 5.0 / 14.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "block.vy"), 0.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "block.omega"), -3.0 / 7.0, 1e-13);
  expect_momenta_kept(r, 0.5, 1.0);
  // C_R = 1: the kinetic energy ½ m_a u² = 0.25 J is kept (eq. (9) with the impulse's own KE balance)
  EXPECT_LT(max_deviation(column(r.energy, "total")), 1e-14);
  EXPECT_NEAR(r.events[0].normal_speed_after, r.events[0].normal_speed, 1e-13);
  ::testing::Test::RecordProperty("block_omega", std::to_string(last(r.trajectory, "block.omega")));
}

// ---- seed 002 §4: a disc against a box's edge ---------------------------------------------------------
TEST(SceneValidation, DiscHitsRestingBoxWithSeed002Impulse) {
  // The disc (m_d = 0.5 kg, R = 0.25 m) at u = 1 m/s meets the block's left face at d = 0.5 m above its
  // centre: n = (−1, 0), r_d = R(1, 0) ∥ n, r_b × n = d. C_R = 0.8: J = 1.8/(2 + 0.5 + 0.3) = 9/14 N s,
  // v_d = 1 − J/m_d = −2/7, v_b = J/m_b = 9/28, ω_b = −d J/I_b = −27/70; the disc's spin is untouched.
  // Energy: ΔE = ½ J (v_rn + v_rn') = −½ (1 − C_R²) u²/K with K = 2.8: −0.36/5.6 = −9/140 J.
  const RunResult r = simulate(bundled("box_disc"));
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_NEAR(r.events[0].t, 2.25, 1e-13);  // the disc's edge reaches x = −0.5 from x = −2.75
  EXPECT_NEAR(last(r.trajectory, "disc.vx"), -2.0 / 7.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "disc.vy"), 0.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "disc.omega"), 0.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "block.vx"), 9.0 / 28.0, 1e-13);
  EXPECT_NEAR(last(r.trajectory, "block.omega"), -27.0 / 70.0, 1e-13);
  EXPECT_NEAR(r.events[0].normal_speed_after, 0.8 * r.events[0].normal_speed, 1e-13);  // eq. (9)
  expect_momenta_kept(r, 0.5, 1.0);
  const auto E = column(r.energy, "total");
  EXPECT_NEAR(E.back() - E.front(), -9.0 / 140.0, 1e-14);
  EXPECT_NEAR(r.events[0].energy_change, -9.0 / 140.0, 1e-14);
}

// ---- seed 002 §2: Hauser's pucks -------------------------------------------------------------------
/// One pair of pucks of the scene: puck 1 at u along x with spin ω₁, puck 2 at rest; after the collision
/// (no force: the last row holds it) v₁, Ω₁, v₂, Ω₂. The seed's figure: puck 1 passes above puck 2, θ₁
/// measured counter-clockwise from u₁, θ₂ clockwise, α between u₁ and the line of centres; its spins
/// are clockwise positive (the orbital term M u₁ R sin α of L₁ is positive), ω_seed = −ω_z.
struct Pucks {
  double u1, w1, v1, th1, W1, v2, th2, W2;
};
Pucks pucks(const RunResult& r, const std::string& p1, const std::string& p2, double u1, double w1) {
  const double v1x = last(r.trajectory, p1 + ".vx"), v1y = last(r.trajectory, p1 + ".vy");
  const double v2x = last(r.trajectory, p2 + ".vx"), v2y = last(r.trajectory, p2 + ".vy");
  return {u1, -w1, std::hypot(v1x, v1y), std::atan2(v1y, v1x), -last(r.trajectory, p1 + ".omega"), std::hypot(v2x, v2y),
          -std::atan2(v2y, v2x), -last(r.trajectory, p2 + ".omega")};
}

TEST(SceneValidation, HauserPucksFollowSeed002SectionTwo) {
  const Scene s = bundled("hauser_pucks");
  const RunResult r = simulate(s);
  ASSERT_EQ(r.events.size(), 2u);
  const double M = 0.17, R = 0.0381, I = 0.5 * M * R * R, e = 0.9, mu = 0.2;  // uniform discs, α = ½
  const double alpha = std::asin(R / (2.0 * R));  // impact parameter R: sin α = b/2R = ½
  struct Case {
    const char *p1, *p2;
    double w1;
    collisions::Branch branch;
  };
  for (const Case& c : {Case{"a1", "a2", 0.0, collisions::Branch::stick}, Case{"b1", "b2", 80.0, collisions::Branch::slip}}) {
    SCOPED_TRACE(c.p1);
    const Pucks k = pucks(r, c.p1, c.p2, 2.0, c.w1);
    const double u1 = k.u1, v1 = k.v1, v2 = k.v2, th1 = k.th1, th2 = k.th2;
    // O(1) quantities through a few trigonometric functions: round-off 1e-15; 1e-12 allows the located
    // contact (a few ulps of Δt·u off exact contact) and the sums below.
    // momentum M u₁ − M v₁ = M v₂, dotted with itself: v₂² = u₁² + v₁² − 2 u₁ v₁ cos θ₁ (seed 002 §2)
    EXPECT_NEAR(v2 * v2, u1 * u1 + v1 * v1 - 2.0 * u1 * v1 * std::cos(th1), 1e-12);
    // and across u₁: sin θ₁ = (v₂/v₁) sin θ₂
    EXPECT_NEAR(std::sin(th1), v2 / v1 * std::sin(th2), 1e-12);
    // the seed's unknowns from the angles: v₁ = u₁ sin θ₂ / sin(θ₁ + θ₂), v₂ = u₁ sin θ₁ / sin(θ₁ + θ₂)
    EXPECT_NEAR(v1, u1 * std::sin(th2) / std::sin(th1 + th2), 1e-12);
    EXPECT_NEAR(v2, u1 * std::sin(th1) / std::sin(th1 + th2), 1e-12);
    // angular momentum about the contact point: L₁ = I ω₁ + M u₁ R sin α, J₁ = I Ω₁ + M R v₁ sin(α + θ₁),
    // J₂ = I Ω₂ + M R v₂ sin(θ₂ − α); L₁ = J₁ + J₂ (seed 002 §2), and more: each impulse acts at P, so
    // each puck keeps its own, L₁ = J₁ and 0 = J₂. Scale M u R = 1.3e-2: 1e-12 of it.
    const double L1 = I * k.w1 + M * u1 * R * std::sin(alpha);
    const double J1 = I * k.W1 + M * R * v1 * std::sin(alpha + th1), J2 = I * k.W2 + M * R * v2 * std::sin(th2 - alpha);
    const double Ls = M * u1 * R;
    EXPECT_NEAR(J1 + J2, L1, 1e-12 * Ls);
    EXPECT_NEAR(J1, L1, 1e-12 * Ls);
    EXPECT_NEAR(J2, 0.0, 1e-12 * Ls);
    // Ω₂ as the seed finds it, from L₁ = J₁ + J₂ once v₁, v₂, Ω₁ are known
    EXPECT_NEAR((L1 - J1 - M * R * v2 * std::sin(th2 - alpha)) / I, k.W2, 1e-9 * std::abs(k.W2));
    // the law: restitution along n; Coulomb's branch from the contact slip u_t and the normal approach
    // u_n = u₁ cos α: the impulse that stops the slip, u_t/K_t with K_t = (2/M)(1 + 1/α_I) = 6/M, is
    // within μ J = μ (1 + e) u_n M/2 iff |u_t| ≤ 3 μ (1 + e) u_n (seed 001 §F's 7μ(1+α)v* ≥ 2v_c at α_I = 2/5)
    const core::Vec2 n(-std::cos(alpha), std::sin(alpha)), t(-n.y(), n.x());  // n from puck 2 into puck 1
    const core::Vec2 V1(v1 * std::cos(th1), v1 * std::sin(th1)), V2(v2 * std::cos(th2), -v2 * std::sin(th2));
    const double un = u1 * std::cos(alpha);
    EXPECT_NEAR((V1 - V2).dot(n), e * un, 1e-12);
    // contact-point velocities (ω_z = −ω_seed): v + ω_z e_z × r, r₁ = −R n, r₂ = R n
    auto slip = [&](const core::Vec2& a, double wa, const core::Vec2& b, double wb) {
      const core::Vec2 ra = -R * n, rb = R * n;
      return (a + (-wa) * core::Vec2(-ra.y(), ra.x()) - b - (-wb) * core::Vec2(-rb.y(), rb.x())).dot(t);
    };
    const double ut = slip(core::Vec2(u1, 0.0), k.w1, core::Vec2::Zero(), 0.0), ut2 = slip(V1, k.W1, V2, k.W2);
    const bool stick = std::abs(ut) <= 3.0 * mu * (1.0 + e) * un;
    EXPECT_EQ(stick, c.branch == collisions::Branch::stick);
    const Event& ev = r.events[c.w1 == 0.0 ? 0 : 1];
    EXPECT_EQ(ev.branch, c.branch);
    if (stick) {
      EXPECT_NEAR(ut2, 0.0, 1e-12);  // the contact point stops slipping
    } else {  // puck 2 was at rest: its momentum is the impulse; tangential / normal = μ, the slip not reversed
      EXPECT_NEAR(std::abs(V2.dot(t)) / V2.dot(-n), mu, 1e-12);
      EXPECT_GT(ut2 * ut, 0.0);
      EXPECT_LT(std::abs(ut2), std::abs(ut));
    }
    std::printf("pucks %s: %s, theta1 = %.6f, theta2 = %.6f, v1 = %.6f, v2 = %.6f, Omega1 = %.4f, Omega2 = %.4f (seed's sense)\n",
                c.p1, stick ? "stick" : "slip", th1, th2, v1, v2, k.W1, k.W2);
  }
  expect_momenta_kept(r, 0.34, 2.0);
}

// ---- seed 002 §3.1 as given: C_R = 1 ---------------------------------------------------------------------
TEST(SceneValidation, ElasticFallingBlockKeepsItsEnergy) {
  // The seed's block with its own C_R = 1: every impulse keeps the kinetic energy (eq. (9) with C_R = 1
  // against an infinite mass) and Verlet integrates the free flight under constant g exactly, so the
  // total energy is kept to round-off: O(ulp(E₀) = 2e-15 J) per step over 3000 steps, 1e-11 of E₀ = 9.8 J.
  // No contact is slow enough to rest (v_rest = 2 g Δt = 0.0196 m/s: docs/scenes.md).
  const RunResult r = simulate(bundled("falling_block_elastic"));
  const auto E = column(r.energy, "total");
  EXPECT_LT(max_deviation(E), 1e-11 * E.front());
  EXPECT_EQ(r.stats.resting, 0u);
  ASSERT_GE(r.events.size(), 3u);
  for (const Event& e : r.events) {
    EXPECT_NEAR(e.normal_speed_after, e.normal_speed, 1e-12 * e.normal_speed);  // eq. (9), C_R = 1
    EXPECT_NEAR(e.energy_change, 0.0, 1e-13);
  }
  // the first impact: the lowest vertex falls from its height at rest; v = √(2 g h) (free fall, no rotation)
  const double l = std::sqrt(0.52), h = 1.0, th = std::atan2(0.4, 0.6);
  const double lowest = 2.0 - 0.5 * (l * std::sin(th) + h * std::cos(th));  // the vertex c − l/2 a − h/2 b
  EXPECT_NEAR(r.events[0].t, std::sqrt(2.0 * lowest / 9.8), 1e-12);
  EXPECT_NEAR(r.events[0].normal_speed, std::sqrt(2.0 * 9.8 * lowest), 1e-12);
  ::testing::Test::RecordProperty("energy_deviation", std::to_string(max_deviation(E) / E.front()));
  std::printf("elastic falling block: %zu impacts, max |E - E0|/E0 = %.3g\n", r.events.size(), max_deviation(E) / E.front());
}

// ---- the loader: boxes beside boxes and discs, not spheres ----------------------------------------------
TEST(SceneLoad, BoxesMeetBoxesAndDiscsButNotSpheres) {
  const std::string box = "[[object]]\ntype = \"box\"\nwidth = 1\nheight = 1\n";
  EXPECT_EQ(error_of(kSimulationRk4 + box + "position = [3, 0]\n" + box + "[[object]]\ntype = \"disc\"\nradius = 0.5\n"
                     "position = [0, 3]\n"),
            "");
  // overlapping at t = 0 is refused, boxes as discs
  EXPECT_NE(error_of(kSimulationRk4 + box + "position = [0.9, 0]\n" + box).find("overlaps"), std::string::npos);
  EXPECT_NE(error_of(kSimulationRk4 + box + "[[object]]\ntype = \"disc\"\nradius = 0.5\nposition = [0.9, 0]\n").find("overlaps"),
            std::string::npos);
  // a sphere beside a box: refused at the sphere's line and column (line 9: after 4 + 4 lines)
  const std::string m = error_of(kSimulationRk4 + box + "[[object]]\ntype = \"sphere\"\nradius = 0.5\nposition = [0, 3, 0]\n");
  EXPECT_NE(m.find("t.toml:9:1: [[object]] 'sphere2': a sphere beside boxes"), std::string::npos) << m;
}

}  // namespace
}  // namespace verisim::scene::test::rigid
