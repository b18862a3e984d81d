#pragma once
// The eight particle-impact benchmark tests of Chung & Ooi 2011 (Granular Matter 13, 643–656), ONE table,
// and the closed forms each is checked against. docs/contact.md "Hertz–Mindlin: the closed forms".
//
// Where the values come from (the paper itself was not at hand; every value below is read from public
// scripts that reproduce the benchmark and cite it):
//   Tests 1–4: Yade's scripts of the benchmark (Angelidakis, Chareyre & Caulk 2023, Test1.py–Test4.py), as
//              given in issue 29's brief; Test 4's aluminium alloy E = 7.0e10, ν = 0.33, ρ = 2700.
//   Test 5: LIGGGHTS-PFM examples/LIGGGHTS/PFM/tests/contact_models/chung/test05 (Queteschiner 2019:
//           "ref. values" steel E = 2.08e11, ν = 0.30, ρ = 7850; polyethylene E = 1.0e9, ν = 0.40, ρ = 1400;
//           R = 1e-5 m; v_n = 5.0 m/s; v_t 0.1–21 m/s; μ = 0.3; ε = 1.0); R = 1e-5 m, v_n = 5 m/s and μ = 0.3
//           also in Kratos DEMApplication DEM_benchmarks_class.py (Benchmark5) and PySPH's DEM example.
//   Test 6: LIGGGHTS-PFM test06 ("ref. values" Al alloy E = 7.0e10, ν = 0.33, ρ = 2700; nylon E = 2.5e9,
//           ν = 0.40, ρ = 1000; R = 0.1 m; v_n = 0.2 m/s; spin 0.175–21 rad/s, no tangential velocity of the
//           centre; μ = 0.4; ε = 0.5); Kratos Benchmark6 agrees on R, v_n, μ, ε and the two materials' names.
//   Test 7: LIGGGHTS-PFM test07 (Al alloy as test 6; copper E = 1.2e11, ν = 0.35, ρ = 8900; R = 0.1 m;
//           ±0.2 m/s; spins +ω and −ω about the same axis, ω 0.175–21 rad/s; μ = 0.4; ε = 0.5); Kratos
//           Benchmark7 and PySPH agree (PySPH's E = 7e11 for the Al alloy is a slip of 7e10).
//   Test 8: LIGGGHTS-PFM test08 and PySPH: sphere 1 of R = 0.1 m at 0.2 m/s with spin 0.175–21 rad/s against
//           sphere 2 at rest, R₂ = 5R = 0.5 m, ρ₂ = 1000ρ; Al alloy and nylon as test 6; μ = 0.4; ε = 0.5.
//           The paper's cases (A) and (B) differ in the second sphere's elastic constants (LIGGGHTS-PFM runs
//           "case (B): the same shear modulus for both spheres" only): not confirmed, not tabled.
// Not confirmed from a second independent source: test 5's sweep ends (LIGGGHTS-PFM only) and test 8's
// radius and density ratios (LIGGGHTS-PFM and PySPH, both reproductions).
//
// Closed forms (rigid-body impulse theory with Coulomb friction, spheres I = κ m R², κ = 2/5 solid):
// Maw, Barber & Fawcett 1976 and Wu, Thornton & Li 2009 for the sphere on a plane; the gross-sliding
// formulas as in LAMMPS's unittest/granular analytic models (oblique_impact, spin_impact). One tangential
// direction (the slip direction of a sphere's contact point does not turn during the impact).
//   Normal impulse P_n = m*(1 + ε) V_n (V_n > 0 the approach speed along the normal, m* = m_i m_j/(m_i + m_j)).
//   Slip s: tangential velocity of i's contact point relative to j's (centres and spins).
//   Tangential impulse on i, against s: P_t = min(μ P_n, |s| M_t),  1/M_t = (1 + 1/κ_i)/m_i + (1 + 1/κ_j)/m_j;
//   s' = s − sgn(s) P_t/M_t;  Δv_i = −sgn(s) P_t/m_i, Δv_j = +sgn(s) P_t/m_j (centres, tangential);
//   Δ(spin part of s from i) = −sgn(s) P_t/(κ_i m_i), from j likewise with κ_j, m_j.
//   Gross sliding (slip never stops) iff |s| ≥ μ P_n/M_t, i.e. for equal κ:
//     |s|/V_n ≥ μ(1 + ε)(1 + 1/κ)  (= 3.5 μ(1 + ε) for a solid sphere; Wu, Thornton & Li 2009's ψ = 2|s|/(μ(1+ε)V_n) ≥ 7)
//   since (1 + 1/κ) m*(1/m_i + 1/m_j) = 1 + 1/κ: the threshold is the same for a wall and any pair.
//   Otherwise the slip stops (s' = 0: the rigid-body limit; tangential compliance adds microslip and a
//   reversal that this theory does not describe).
// Test 3: the rebound speed is ε V_n (definition of ε; the soft law is calibrated to it: contact/hertz.hpp).
// Test 7: with spins +ω and −ω about the same axis, both contact points move alike: s = 0, so no tangential
// impulse at all: v_t' = 0 (the benchmark's symmetry) and ω' = ω. A code that adds the spins with the wrong
// sign sees s = 2Rω and gross sliding instead.
// Test 8: m_j = 125 000 m_i; as m_j → ∞, m* → m_i and 1/M_t → (1 + 1/κ_i)/m_i: the wall's closed form.
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/hertz.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

/// A material of the benchmark with its name.
struct ChungOoiMaterial {
  const char* name = nullptr;
  contact::Material material{};
};

/// What sphere i meets: its twin, a rigid plane, or a larger sphere.
enum class ChungOoiPartner { identical_sphere, rigid_plane, larger_sphere };
/// What a test sweeps: nothing, the restitution, the incident angle (degrees from the normal, constant |v|),
/// the tangential velocity of the centre (m/s, constant v_n), or the spin (rad/s, constant v_n).
enum class ChungOoiSweep { none, restitution, incident_angle, tangential_speed, spin };

/// One test of Chung & Ooi 2011 with the values of the sources listed in the header comment.
struct ChungOoiTest {
  int number = 0;
  const char* title = nullptr;
  ChungOoiPartner partner = ChungOoiPartner::rigid_plane;
  std::array<ChungOoiMaterial, 2> materials{};  ///< each test is run with each material (sphere and partner alike)
  double radius = 0.0;                          ///< R_i (m)
  double partner_radius = 0.0;                  ///< R_j (m); 0 for the plane
  double partner_density_ratio = 1.0;           ///< ρ_j/ρ_i (test 8)
  double speed = 0.0;                           ///< m/s: normal approach speed of sphere i (test 4: |v|; test 1: each sphere's)
  double mu = 0.0;                              ///< Coulomb friction μ (0: frictionless test)
  double restitution = 1.0;                     ///< ε (test 3: swept)
  ChungOoiSweep sweep = ChungOoiSweep::none;
  double sweep_min = 0.0, sweep_max = 0.0;  ///< the swept quantity's range
  const char* source = nullptr;             ///< where the values were read
};

inline constexpr contact::Material kGlass{4.8e10, 0.20, 2800.0};
inline constexpr contact::Material kLimestone{2.0e10, 0.25, 2500.0};
inline constexpr contact::Material kAluminiumAlloyT2{7.0e10, 0.30, 2699.0};  // test 2's (ν = 0.30, ρ = 2699)
inline constexpr contact::Material kMagnesiumAlloy{4.0e10, 0.35, 1800.0};
inline constexpr contact::Material kAluminiumOxide{3.8e11, 0.23, 4000.0};
inline constexpr contact::Material kCastIron{1.0e11, 0.25, 7000.0};
inline constexpr contact::Material kAluminiumAlloy{7.0e10, 0.33, 2700.0};  // tests 4, 6–8
inline constexpr contact::Material kSteel{2.08e11, 0.30, 7850.0};
inline constexpr contact::Material kPolyethylene{1.0e9, 0.40, 1400.0};
inline constexpr contact::Material kNylon{2.5e9, 0.40, 1000.0};
inline constexpr contact::Material kCopper{1.2e11, 0.35, 8900.0};

/// The benchmark: one entry per test.
inline constexpr std::array<ChungOoiTest, 8> kChungOoiTests{{
    {1, "elastic normal impact of two identical spheres", ChungOoiPartner::identical_sphere,
     {{{"glass", kGlass}, {"limestone", kLimestone}}}, 0.010, 0.010, 1.0, 10.0, 0.0, 1.0, ChungOoiSweep::none, 0.0, 0.0,
     "Yade Test1.py (issue 29 brief)"},
    {2, "elastic normal impact of a sphere with a rigid plane", ChungOoiPartner::rigid_plane,
     {{{"aluminium alloy", kAluminiumAlloyT2}, {"magnesium alloy", kMagnesiumAlloy}}}, 0.10, 0.0, 1.0, 0.2, 0.0, 1.0,
     ChungOoiSweep::none, 0.0, 0.0, "Yade Test2.py (issue 29 brief)"},
    {3, "normal contact with different restitution coefficients", ChungOoiPartner::rigid_plane,
     {{{"aluminium oxide", kAluminiumOxide}, {"cast iron", kCastIron}}}, 0.0025, 0.0, 1.0, 3.9, 0.0, 1.0,
     ChungOoiSweep::restitution, 0.2, 1.0, "Yade Test3.py (issue 29 brief)"},
    {4, "oblique impact with a rigid plane at constant speed, incident angles 5°–85°", ChungOoiPartner::rigid_plane,
     {{{"aluminium oxide", kAluminiumOxide}, {"aluminium alloy", kAluminiumAlloy}}}, 0.0025, 0.0, 1.0, 3.9, 0.092, 0.98,
     ChungOoiSweep::incident_angle, 5.0, 85.0, "Yade Test4.py (issue 29 brief)"},
    {5, "oblique impact with a rigid plane at constant normal speed, varied tangential speed", ChungOoiPartner::rigid_plane,
     {{{"steel", kSteel}, {"polyethylene", kPolyethylene}}}, 1e-5, 0.0, 1.0, 5.0, 0.3, 1.0, ChungOoiSweep::tangential_speed,
     0.1, 21.0, "LIGGGHTS-PFM chung/test05; Kratos Benchmark5"},
    {6, "impact with a rigid plane at constant normal speed with initial spin", ChungOoiPartner::rigid_plane,
     {{{"aluminium alloy", kAluminiumAlloy}, {"nylon", kNylon}}}, 0.1, 0.0, 1.0, 0.2, 0.4, 0.5, ChungOoiSweep::spin, 0.175,
     21.0, "LIGGGHTS-PFM chung/test06; Kratos Benchmark6"},
    {7, "two identical spheres at constant normal speed with opposite spins", ChungOoiPartner::identical_sphere,
     {{{"aluminium alloy", kAluminiumAlloy}, {"copper", kCopper}}}, 0.1, 0.1, 1.0, 0.2, 0.4, 0.5, ChungOoiSweep::spin, 0.175,
     21.0, "LIGGGHTS-PFM chung/test07; Kratos Benchmark7"},
    {8, "two spheres of different sizes tending to the wall case, with spin", ChungOoiPartner::larger_sphere,
     {{{"aluminium alloy", kAluminiumAlloy}, {"nylon", kNylon}}}, 0.1, 0.5, 1000.0, 0.2, 0.4, 0.5, ChungOoiSweep::spin,
     0.175, 21.0, "LIGGGHTS-PFM chung/test08; PySPH DEM example (test eight)"},
}};

// --- closed forms ------------------------------------------------------------------------------------

/// A frictional impact of sphere i with body j (another sphere, or a wall: m_j = ∞) in impulse theory.
struct RigidImpact {
  double mass_i = 1.0, mass_j = std::numeric_limits<double>::infinity();
  double kappa_i = 0.4, kappa_j = 0.4;  ///< I = κ m R² (2/5 solid sphere)
  double normal_speed = 0.0;            ///< V_n > 0, approach speed along the normal
  double slip = 0.0;                    ///< s, tangential velocity of i's contact point relative to j's
  double mu = 0.0, restitution = 1.0;
};

/// The changes an impact makes (tangential components along the slip's line, signed like s).
struct RigidRebound {
  double normal_impulse = 0.0;      ///< P_n = m*(1 + ε) V_n
  double tangential_impulse = 0.0;  ///< on i, signed (opposite to s)
  double dv_i = 0.0, dv_j = 0.0;    ///< Δ tangential centre velocities
  double dspin_i = 0.0, dspin_j = 0.0;  ///< Δ of each body's spin part of s (R_i ω_i and R_j ω_j contributions)
  double slip_after = 0.0;
  bool gross_sliding = false;  ///< the slip never stops
};

/// μ(1 + ε)(1 + 1/κ): gross sliding iff |s|/V_n ≥ this (equal κ; any masses). Header comment.
constexpr double gross_sliding_threshold(double mu, double restitution, double kappa = 0.4) {
  return mu * (1.0 + restitution) * (1.0 + 1.0 / kappa);
}

/// The impulse-theory rebound (header comment).
inline RigidRebound rigid_impact(const RigidImpact& c) {
  const double inv_i = 1.0 / c.mass_i, inv_j = std::isinf(c.mass_j) ? 0.0 : 1.0 / c.mass_j;
  const double m_star = 1.0 / (inv_i + inv_j);
  const double inv_mt = (1.0 + 1.0 / c.kappa_i) * inv_i + (1.0 + 1.0 / c.kappa_j) * inv_j;  // 1/M_t
  RigidRebound r;
  r.normal_impulse = m_star * (1.0 + c.restitution) * c.normal_speed;
  const double sliding = c.mu * r.normal_impulse, sticking = std::abs(c.slip) / inv_mt;
  r.gross_sliding = sliding <= sticking && c.slip != 0.0;
  const double pt = std::min(sliding, sticking), sg = c.slip > 0.0 ? 1.0 : (c.slip < 0.0 ? -1.0 : 0.0);
  r.tangential_impulse = -sg * pt;
  r.dv_i = r.tangential_impulse * inv_i;
  r.dv_j = -r.tangential_impulse * inv_j;
  r.dspin_i = r.tangential_impulse * inv_i / c.kappa_i;
  r.dspin_j = r.tangential_impulse * inv_j / c.kappa_j;
  r.slip_after = c.slip + r.tangential_impulse * inv_mt;
  return r;
}

/// A sphere on a rigid plane (tests 4–6): centre tangential velocity v_t, spin part Rω of the contact point's
/// velocity (so s = v_t + Rω), normal approach speed V_n. What the benchmark plots.
struct PlaneRebound {
  double normal_speed = 0.0;          ///< ε V_n, away from the plane
  double tangential_speed = 0.0;      ///< v_t'
  double spin_speed = 0.0;            ///< (Rω)'
  double contact_restitution = 0.0;   ///< s'/s (tangential restitution of the contact point)
  double rebound_angle = 0.0;         ///< atan(v_t'/(ε V_n)) (radians, of the centre)
  bool gross_sliding = false;
};
inline PlaneRebound sphere_on_plane(double normal_speed, double tangential_speed, double spin_speed, double mu,
                                    double restitution, double kappa = 0.4) {
  const double s = tangential_speed + spin_speed;
  const auto r = rigid_impact({1.0, std::numeric_limits<double>::infinity(), kappa, kappa, normal_speed, s, mu, restitution});
  PlaneRebound out;
  out.normal_speed = restitution * normal_speed;
  out.tangential_speed = tangential_speed + r.dv_i;
  out.spin_speed = spin_speed + r.dspin_i;
  out.contact_restitution = s != 0.0 ? r.slip_after / s : 1.0;
  out.rebound_angle = std::atan2(out.tangential_speed, out.normal_speed);
  out.gross_sliding = r.gross_sliding;
  return out;
}


/// The stick margin of Tsuji's dashpot in gross sliding (docs/contact.md "Tsuji's dashpot and gross sliding"):
/// at first touch F_n ≈ η (v_n t)^{1/4} v_n, η = α √(m* k), k = (4/3) E* √R*, rises faster than Mindlin's spring
/// k_t |s| t = 8 G* √(R* v_n t) |s| t can follow, so the contact sticks until t_s,
///   t_s^{5/4} = μ η v_n^{5/4}/(8 G* √(R* v_n) |s|),
/// and the tangential impulse falls short of μ P_n by at most D = μ η v_n^{5/4} (4/5) t_s^{5/4} (N·s). 0 without
/// damping (α = 0) or slip. The elastic part alone never sticks in gross sliding (8 G* |s| ≥ μ (4/3) E* v_n
/// whenever |s|/v_n ≥ 0.3 μ, below the threshold 3.5 μ (1 + ε)).
inline double tsuji_stick_margin(double mu, double alpha, double m_star, double e_star, double g_star, double r_star,
                                 double normal_speed, double slip) {
  if (alpha == 0.0 || slip == 0.0 || mu == 0.0) return 0.0;
  const double eta = alpha * std::sqrt(m_star * contact::hertz_stiffness(e_star, r_star));
  const double v54 = std::pow(normal_speed, 1.25);
  const double ts54 = mu * eta * v54 / (8.0 * g_star * std::sqrt(r_star * normal_speed) * std::abs(slip));
  return mu * eta * v54 * 0.8 * ts54;
}


/// One impact of a test, in the one frame every runner uses (the world's impact_run, `check contact`'s driver,
/// the peers' decks by a rotation): sphere i above sphere j (centres on the z axis, the first contact normal ẑ
/// from j to i) or above the rigid plane z = 0; i moves down, the tangential motion along x̂, spins about ŷ.
struct ChungOoiImpact {
  int test = 0;
  std::string label;     ///< what the sweep sets, e.g. "angle 45°"
  std::string material;  ///< the material's name
  double x = std::numeric_limits<double>::quiet_NaN();  ///< the swept value (NaN: no sweep)
  contact::Material mi{}, mj{};  ///< i's and j's (j's density times the test's ratio; the plane: rigid, unused)
  double Ri = 0.0, Rj = 0.0;     ///< Rj = 0 for the plane
  bool plane = false;
  core::Vec3 vi = core::Vec3::Zero(), wi = core::Vec3::Zero(), vj = core::Vec3::Zero(), wj = core::Vec3::Zero();
  double mu = 0.0, eps = 1.0;
  contact::ContactEnd end = contact::ContactEnd::force;  ///< no attractive normal force (as Chung & Ooi's codes compare)
};

/// The impacts of test t with its material m: `points` values of its sweep from min to max, ends included (one
/// impact without a sweep). Test 1 and 7: each sphere at ±speed; test 4: |v| = speed at the angle from the normal;
/// test 5: normal speed and the tangential speed swept; tests 6–8: spin ω ŷ of i (test 7: −ω ŷ of j: opposite spins).
inline std::vector<ChungOoiImpact> chung_ooi_impacts(const ChungOoiTest& t, std::size_t m, std::size_t points) {
  ChungOoiImpact base;
  base.test = t.number;
  base.material = t.materials[m].name;
  base.mi = base.mj = t.materials[m].material;
  base.mj.density *= t.partner_density_ratio;
  base.Ri = t.radius;
  base.Rj = t.partner_radius;
  base.plane = t.partner == ChungOoiPartner::rigid_plane;
  base.mu = t.mu;
  base.eps = t.restitution;
  const double v = t.speed;
  base.vi = core::Vec3(0, 0, -v);
  if (t.partner == ChungOoiPartner::identical_sphere) base.vj = core::Vec3(0, 0, v);
  if (t.sweep == ChungOoiSweep::none) {
    base.label = fmt::format("v = {:g} m/s", v);
    return {base};
  }
  std::vector<ChungOoiImpact> out;
  for (std::size_t k = 0; k < points; ++k) {
    ChungOoiImpact c = base;
    const double x = points == 1 ? t.sweep_min
                                 : t.sweep_min + (t.sweep_max - t.sweep_min) * static_cast<double>(k) / static_cast<double>(points - 1);
    c.x = x;
    switch (t.sweep) {
      case ChungOoiSweep::restitution:
        c.eps = x;
        c.label = fmt::format("ε = {:.4g}", x);
        break;
      case ChungOoiSweep::incident_angle: {
        const double th = x * std::numbers::pi / 180.0;
        c.vi = core::Vec3(v * std::sin(th), 0, -v * std::cos(th));
        c.label = fmt::format("θ = {:.4g}°", x);
        break;
      }
      case ChungOoiSweep::tangential_speed:
        c.vi.x() = x;
        c.label = fmt::format("v_t = {:.4g} m/s", x);
        break;
      default:  // spin
        c.wi = core::Vec3(0, x, 0);
        if (t.number == 7) c.wj = -c.wi;  // opposite spins about the same axis
        c.label = fmt::format("ω = {:.4g} rad/s", x);
        break;
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace verisim::reference::problems
