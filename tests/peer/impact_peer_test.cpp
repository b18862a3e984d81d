// LAMMPS and LIGGGHTS on Chung & Ooi's single impacts (issue 29, docs/peers.md): each code runs the
// deck of experiments/interop/peers/peer_impact.hpp and its samples are checked against closed forms
// derived here from the literature, independently of both codes:
//  - Hertz's elastic impact (Johnson, Contact Mechanics, 1985, §11.4; Chung & Ooi 2011 eqs. (1)–(4)):
//    energy ½ m* v² = (8/15) E* √R* δ_max^{5/2} gives δ_max = (15 m* v² / (16 E* √R*))^{2/5},
//    F_max = (4/3) E* √R* δ_max^{3/2}, and, from dδ/dt = v √(1 − (δ/δ_max)^{5/2}),
//    t_c = 2 (δ_max/v) ∫₀¹ dx / √(1 − x^{5/2}) = 2 (δ_max/v) (2/5) B(2/5, 1/2) = 2.943275… δ_max/v.
//    (The brief's 2.94365 is 1.3·10⁻⁴ larger than this integral: more than the Δt tolerance below.)
//  - The oblique impact in gross sliding (Chung & Ooi 2011 §3.4, Maw, Barber & Fawcett 1976):
//    sliding throughout, the tangential impulse is μ times the normal one, J_n = m* (1 + ε) v_n, so
//    v_t' = v_t − μ (1 + ε) v_n and ω' = μ (1 + ε) v_n / (κ R), κ = 2/5 (a solid sphere's I = κ m R²).
// Tolerances from Δt: both codes step with velocity Verlet (fix nve/sphere). Over one contact of
// duration t_c with Δt = h t_c (h = 10⁻³ here), its relative error in the extremes of a smooth
// oscillation of angular frequency ω ≈ π/t_c is O((ωΔt)²) with constant ~1/24, and taking the maximum
// of samples Δt apart misses a peak by at most (3/16)(ωΔt)² relative (F ∝ sin^{3/2} near its peak):
// the bound (π h)² ≈ 9.9·10⁻⁶ covers both with a margin. The contact's ends are interpolated
// linearly between samples (δ is linear in t there), so the duration gets the same bound.
// Skipped, with a message, where the program is missing (scripts/install-deps installs both).
#include <gtest/gtest.h>

#include "tests/peer/on_path.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <string>
#include <unistd.h>

#include "experiments/interop/peers/peer_impact.hpp"
#include "tests/support/files.hpp"

namespace verisim::peers::test {
namespace {

namespace fs = std::filesystem;
using experiments::PeerCode;
using experiments::PeerImpact;
using experiments::PeerMaterial;
using experiments::PeerResult;

using verisim::test::on_path;

/// Hertz's closed forms for an elastic impact at relative normal speed v.
struct Hertz {
  double delta_max, force_max, duration;
};
Hertz hertz(double e_star, double r_star, double m_star, double v) {
  const double delta = std::pow(15 * m_star * v * v / (16 * e_star * std::sqrt(r_star)), 0.4);
  // ∫₀¹ (1 − x^{5/2})^{−1/2} dx = (2/5) B(2/5, 1/2) = (2/5) Γ(2/5) Γ(1/2) / Γ(9/10)
  const double integral = 0.4 * std::tgamma(0.4) * std::tgamma(0.5) / std::tgamma(0.9);
  return {delta, 4.0 / 3.0 * e_star * std::sqrt(r_star) * std::pow(delta, 1.5), 2 * integral * delta / v};
}
double sphere_mass(double r, double rho) { return 4.0 / 3.0 * std::numbers::pi * r * r * r * rho; }

constexpr double kH = 1e-3;  // Δt / t_c
const double kTol = (std::numbers::pi * kH) * (std::numbers::pi * kH);  // (π h)², see the header

/// Steps to cover an approach of `gap` at speed v, the contact and a margin, as a multiple of `every`.
std::size_t steps_for(double gap, double v, double tc, double dt) {
  return static_cast<std::size_t>(std::ceil((gap / v + 1.2 * tc) / dt));
}

double rel(double x, double ref) { return std::abs(x - ref) / std::abs(ref); }

class ImpactPeer : public ::testing::TestWithParam<PeerCode> {
 protected:
  void SetUp() override {
    const std::string program(experiments::peer_program(GetParam()));
    if (!on_path(program))
      GTEST_SKIP() << program << " is not installed: scripts/install-deps installs it (Debian package "
                   << (GetParam() == PeerCode::lammps ? "lammps" : "liggghts") << ")";
  }
  PeerResult run(const PeerImpact& im, const std::string& name) {
    const fs::path dir = verisim::test::fresh_folder(std::string(experiments::peer_name(GetParam())) + "_" + name);
    PeerResult r = experiments::run_peer(GetParam(), im, dir);
    fs::remove_all(dir);
    return r;
  }
};

// (a) Chung & Ooi test 1: two identical glass spheres head-on at ±10 m/s.
TEST_P(ImpactPeer, ElasticSpheresMatchHertz) {
  const PeerMaterial glass{4.8e10, 0.2, 2800};
  const double r = 0.01, v = 10;
  const double m = sphere_mass(r, glass.density);
  const double e_star = 1 / (2 * (1 - glass.poisson * glass.poisson) / glass.youngs_modulus);
  const Hertz h = hertz(e_star, r / 2, m / 2, 2 * v);
  PeerImpact im;
  im.material = glass;
  im.radius_i = im.radius_j = r;
  im.dt = kH * h.duration;
  const double gap = 2 * v * 20 * im.dt;  // contact after 20 steps
  im.x_i = {-r - gap / 4, 0, 0};
  im.x_j = {r + gap / 4, 0, 0};
  im.v_i = {v, 0, 0};
  im.v_j = {-v, 0, 0};
  im.steps = steps_for(gap / 2, 2 * v, h.duration, im.dt);
  const PeerResult res = run(im, "spheres");
  EXPECT_FALSE(res.version.empty());
  ASSERT_TRUE(std::isfinite(res.contact_duration)) << "the contact must close within the run";
  EXPECT_LT(rel(res.max_overlap, h.delta_max), kTol) << res.max_overlap << " vs " << h.delta_max;
  EXPECT_LT(rel(res.peak_force, h.force_max), kTol) << res.peak_force << " vs " << h.force_max;
  EXPECT_LT(rel(res.contact_duration, h.duration), kTol) << res.contact_duration << " vs " << h.duration;
  // Elastic: the spheres exchange their velocities (equal masses); energy within the same bound.
  EXPECT_LT(rel(res.v_i[0], -v), kTol) << res.v_i[0];
  EXPECT_LT(rel(res.v_j[0], v), kTol) << res.v_j[0];
  std::printf("[%s] spheres: delta_max %.3e (rel %.2e), F_max %.6g N (rel %.2e), t_c %.6e s (rel %.2e), v_i' %.12g\n",
              std::string(experiments::peer_name(GetParam())).c_str(), res.max_overlap, rel(res.max_overlap, h.delta_max),
              res.peak_force, rel(res.peak_force, h.force_max), res.contact_duration, rel(res.contact_duration, h.duration),
              res.v_i[0]);
}

// (b) Chung & Ooi test 2: an aluminium-alloy sphere (R = 0.1 m) on the rigid plane at 0.2 m/s:
// E* = E/(1 − ν²), R* = R, m* = m.
TEST_P(ImpactPeer, ElasticSphereOnRigidPlaneMatchesHertz) {
  const PeerMaterial al{7.0e10, 0.33, 2700};
  const double r = 0.1, v = 0.2;
  const Hertz h = hertz(al.youngs_modulus / (1 - al.poisson * al.poisson), r, sphere_mass(r, al.density), v);
  PeerImpact im;
  im.material = al;
  im.wall = true;
  im.radius_i = r;
  im.dt = kH * h.duration;
  const double gap = v * 20 * im.dt;
  im.x_i = {-r - gap, 0, 0};
  im.v_i = {v, 0, 0};
  im.steps = steps_for(gap, v, h.duration, im.dt);
  const PeerResult res = run(im, "wall");
  ASSERT_TRUE(std::isfinite(res.contact_duration));
  EXPECT_LT(rel(res.max_overlap, h.delta_max), kTol) << res.max_overlap << " vs " << h.delta_max;
  EXPECT_LT(rel(res.peak_force, h.force_max), kTol) << res.peak_force << " vs " << h.force_max;
  EXPECT_LT(rel(res.contact_duration, h.duration), kTol) << res.contact_duration << " vs " << h.duration;
  EXPECT_LT(rel(res.v_i[0], -v), kTol) << res.v_i[0];
  std::printf("[%s] wall: delta_max %.4e (rel %.2e), F_max %.6g N (rel %.2e), t_c %.6e s (rel %.2e), v' %.12g\n",
              std::string(experiments::peer_name(GetParam())).c_str(), res.max_overlap, rel(res.max_overlap, h.delta_max),
              res.peak_force, rel(res.peak_force, h.force_max), res.contact_duration, rel(res.contact_duration, h.duration),
              res.v_i[0]);
}

// (c) Chung & Ooi test 4 at 60°: an aluminium-oxide sphere (R = 2.5 mm) hits the rigid plane at
// 3.9 m/s, 60° from the normal, μ = 0.092, ε = 1 (so that the closed form does not depend on a
// code's damping model): v_t/v_n = tan 60° = 1.73 exceeds μ(1 + ε)(1 + 1/κ) = 0.64, so the contact
// point slides throughout (Maw et al. 1976), and the Mindlin spring saturates within a step of the
// contact's start (k_t ξ / μF_n ≈ 6 (G*/E*) v_t / (μ v_n) ≫ 1 as δ → 0).
TEST_P(ImpactPeer, ObliqueSlidingImpactMatchesRigidBodyImpulse) {
  const PeerMaterial alumina{3.8e11, 0.23, 4000};
  const double r = 0.0025, speed = 3.9, angle = 60 * std::numbers::pi / 180, mu = 0.092, eps = 1.0;
  const double vn = speed * std::cos(angle), vt = speed * std::sin(angle);
  const Hertz h = hertz(alumina.youngs_modulus / (1 - alumina.poisson * alumina.poisson), r, sphere_mass(r, alumina.density), vn);
  PeerImpact im;
  im.material = alumina;
  im.wall = true;
  im.radius_i = r;
  im.mu = mu;
  im.restitution = eps;
  im.dt = kH * h.duration;
  const double gap = vn * 20 * im.dt;
  im.x_i = {-r - gap, 0, 0};
  im.v_i = {vn, vt, 0};  // tangential along +y: the friction on the sphere is −y at the arm +x R, so ω_z < 0
  im.steps = steps_for(gap, vn, h.duration, im.dt);
  const PeerResult res = run(im, "oblique");
  ASSERT_TRUE(std::isfinite(res.contact_duration));
  const double kappa = 0.4;
  const double vt_after = vt - mu * (1 + eps) * vn;
  const double w_after = -mu * (1 + eps) * vn / (kappa * r);
  // The changes, not the totals, are what the friction made: bound them by (π h)² relative.
  EXPECT_LT(rel(res.v_i[0], -eps * vn), kTol) << res.v_i[0];
  EXPECT_LT(std::abs(res.v_i[1] - vt_after) / (vt - vt_after), kTol) << res.v_i[1] << " vs " << vt_after;
  EXPECT_LT(std::abs(res.w_i[0]) + std::abs(res.w_i[1]) + std::abs(res.v_i[2]), 1e-12);
  // Sliding throughout: |F_t| = μ F_n at every sample in contact (the cap), to round-off.
  double worst = 0;
  for (std::size_t k = 0; k < res.t.size(); ++k)
    if (res.overlap[k] > 0) worst = std::max(worst, std::abs(res.tangential_force[k] - mu * res.normal_force[k]) / res.peak_force);
  EXPECT_LT(worst, 1e-9) << "the tangential force leaves the Coulomb cap";
  // The spin differs between the codes by where the friction acts (measured: LIGGGHTS's ω' is 7.6·10⁻⁴
  // below the closed form): LAMMPS's fix wall/gran applies it at the arm R (src/GRANULAR/fix_wall_gran.cpp,
  // `torque -= radius*tor`), LIGGGHTS at R − δ/2 (src/surface_model_default.h, `cr = radi - 0.5*deltan`),
  // a model choice of where the contact point lies. With arm R − cδ the spin impulse is the closed
  // form's times (1 − c δ̄/R), δ̄ = Σ F_t δ / Σ F_t over the samples (the code's own overlaps).
  const double c = GetParam() == PeerCode::lammps ? 0.0 : 0.5;
  double ft_sum = 0, ft_delta = 0;
  for (std::size_t k = 0; k < res.t.size(); ++k)
    if (res.overlap[k] > 0) {
      ft_sum += res.tangential_force[k];
      ft_delta += res.tangential_force[k] * res.overlap[k];
    }
  const double arm_factor = 1 - c * ft_delta / ft_sum / r;
  EXPECT_LT(rel(res.w_i[2], w_after * arm_factor), kTol) << res.w_i[2] << " vs " << w_after * arm_factor;
  if (c > 0) {
    EXPECT_GT(rel(res.w_i[2], w_after), 10 * kTol) << "LIGGGHTS's arm R − δ/2 no longer shows";
  }
  std::printf("[%s] oblique: v_n' %.10g (closed %.10g), v_t' %.10g (closed %.10g, rel of change %.2e), w' %.10g (closed %.10g, rel %.2e; with the arm factor %.10g: rel %.2e), |F_t - mu F_n| <= %.1e F_max\n",
              std::string(experiments::peer_name(GetParam())).c_str(), res.v_i[0], -eps * vn, res.v_i[1], vt_after,
              std::abs(res.v_i[1] - vt_after) / (vt - vt_after), res.w_i[2], w_after, rel(res.w_i[2], w_after),
              arm_factor, rel(res.w_i[2], w_after * arm_factor), worst);
}

INSTANTIATE_TEST_SUITE_P(Codes, ImpactPeer, ::testing::Values(PeerCode::lammps, PeerCode::liggghts),
                         [](const auto& p) { return std::string(experiments::peer_name(p.param)); });

// The deck alone and the input checks need no code installed.
TEST(PeerDeck, RefusesBadInputNamingTheField) {
  PeerImpact im;
  im.material = {7e10, 0.33, 2700};
  im.wall = true;
  im.radius_i = 0.1;
  im.x_i = {-0.2, 0, 0};
  im.dt = 1e-6;
  im.steps = 10;
  EXPECT_NO_THROW((void)experiments::write_deck(PeerCode::lammps, im));
  auto refused = [&](PeerImpact bad, const std::string& field) {
    try {
      (void)experiments::write_deck(PeerCode::liggghts, bad);
      ADD_FAILURE() << "accepted: " << field;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("PeerImpact." + field), std::string::npos) << e.what();
    }
  };
  PeerImpact b = im;
  b.material.poisson = 0.5;
  refused(b, "material.poisson");
  b = im;
  b.restitution = 0;
  refused(b, "restitution");
  b = im;
  b.steps = 10;
  b.sample_every = 3;
  refused(b, "steps");
  b = im;
  b.x_i = {-0.05, 0, 0};
  refused(b, "x_i");
  b = im;
  b.wall = false;
  b.radius_j = 0.1;
  b.x_j = {-0.1, 0, 0};
  refused(b, "x_j");
}

TEST(PeerDeck, WritesEachCodesKeywords) {
  PeerImpact im;
  im.material = {7e10, 0.33, 2700};
  im.wall = true;
  im.radius_i = 0.1;
  im.x_i = {-0.2, 0, 0};
  im.restitution = 0.5;
  im.mu = 0.3;
  im.dt = 1e-6;
  im.steps = 10;
  const std::string l = experiments::write_deck(PeerCode::lammps, im);
  EXPECT_NE(l.find("pair_coeff * * hertz/material 70000000000 0.5 "), std::string::npos) << l;
  EXPECT_NE(l.find(" damping tsuji tangential mindlin NULL 0 0.3\n"), std::string::npos) << l;  // x_t = 0, μ
  EXPECT_NE(l.find("xplane NULL 0.0"), std::string::npos);
  const std::string g = experiments::write_deck(PeerCode::liggghts, im);
  EXPECT_NE(g.find("pair_style gran model hertz tangential history"), std::string::npos) << g;
  EXPECT_NE(g.find("primitive type 2 xplane 0.0"), std::string::npos);
  EXPECT_NE(g.find("hard_particles yes"), std::string::npos);
}

}  // namespace
}  // namespace verisim::peers::test
