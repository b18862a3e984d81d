// The bundled soft-contact scenes of seed 003's second half (issue 26), each run by the scene simulator
// and checked against a derivation of its own: the stiffness regimes' δ_max, the largest k_n of several
// regimes, the creep of the regularised friction, cohesion's escape speed, dipoles' equilibrium and
// cut-off, a Coulomb orbit of opposite charges, a charged cloud's mean field, and every field force.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "reference/analytic/kepler.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::scene::test {
namespace {

Scene soft_bundled(const std::string& name) {
  return load_scene(std::string(VERISIM_SOURCE_DIR) + "/scenes/" + name + ".toml");
}
std::vector<double> soft_col(const core::Samples& s, const std::string& name) { return s.column_values(s.column(name)); }
const ObjectSpec& soft_object(const Scene& s, const std::string& name) {
  for (const auto& o : s.objects)
    if (o.name == name) return o;
  throw std::out_of_range(name);
}
void soft_record(const char* key, double x) { ::testing::Test::RecordProperty(key, std::to_string(x)); }

// ---- seed 003 "Choix de la raideur" -------------------------------------------------------------

TEST(SoftSceneValidation, ForcedStiffnessReachesDeltaMaxAgainstAWallAndRootTwoHeadOn) {
  // k_n = m v²/δ_max² (stiffness_forced.toml: m = 0.01, v = 1, δ_max = 1e-4). Energy (Hooke, ε = 1):
  // a disc at v on a wall, ½ m v² = ½ k_n δ² → δ = δ_max; two identical discs each at v, reduced mass
  // m/2 and approach speed 2v, ½ (m/2)(2v)² = m v² = ½ k_n δ² → δ = √2 δ_max (the seed's estimate is
  // per particle). Error: the sampled maximum misses the peak by (ω Δt)²/8 ≤ 2e-5 and velocity Verlet's
  // energy error inside the contact is O((ω Δt)²) = 4e-4 at most: 1e-3 asserted.
  Scene s = soft_bundled("stiffness_forced");
  s.simulation.sample_every = 1;
  const double m = 0.01, v = 1.0, dmax = 1e-4, R = 0.01;
  EXPECT_NEAR(s.contact.kn, m * v * v / (dmax * dmax), 1e-9 * s.contact.kn);
  const RunResult r = simulate(s);
  const auto x = soft_col(r.trajectory, "single.x"), xl = soft_col(r.trajectory, "left.x"), xr = soft_col(r.trajectory, "right.x");
  double wall = 0.0, pair = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    wall = std::max(wall, R - x[k]);
    pair = std::max(pair, 2.0 * R - (xr[k] - xl[k]));
  }
  std::printf("forced regime: wall overlap %.6f delta_max, head-on pair %.6f delta_max (sqrt 2 = 1.414214)\n", wall / dmax, pair / dmax);
  EXPECT_NEAR(wall / dmax, 1.0, 1e-3);
  EXPECT_NEAR(pair / dmax, std::sqrt(2.0), 1e-3 * std::sqrt(2.0));
  soft_record("wall_over_delta_max", wall / dmax);
  soft_record("pair_over_delta_max", pair / dmax);
}

TEST(SoftSceneValidation, StackingStiffnessCarriesTheColumnAtPiOverFourOfDeltaMax) {
  // k_n = 2 R h ρ_2d g/δ_max with ρ_2d = m/(πR²), h = 2RN (stiffness_stacking.toml: N = 8 discs). At rest
  // the bottom (disc–floor) contact carries the column's weight N m g, so δ = N m g/k_n: the seed's
  // column of width 2R weighs 2R h ρ_2d g = (4/π) N m g with the disc's own density (a single column
  // fills π/4 of that strip), so δ = (π/4) δ_max; with the column's bulk density m/(4R²) it would be
  // δ_max. After 1 s at ε = 0.3 the column is at rest to ~1e-6 of δ (the slowest mode, ~130 rad/s,
  // damped at ζ ≈ 0.36 per contact): 1e-3 asserted.
  const Scene s = soft_bundled("stiffness_stacking");
  const double m = 0.001, R = 0.005, g = 9.81, dmax = 5e-5, N = 8.0, h = 2.0 * R * N;
  const double kn = 2.0 * R * h * (m / (std::numbers::pi * R * R)) * g / dmax;
  EXPECT_NEAR(s.contact.kn, kn, 1e-9 * kn);
  const RunResult r = simulate(s);
  const double delta = R - soft_col(r.trajectory, "d0.y").back();
  std::printf("stacking regime: bottom overlap %.6f delta_max (N m g/k_n: pi/4 = %.6f)\n", delta / dmax, std::numbers::pi / 4.0);
  EXPECT_NEAR(delta / (N * m * g / s.contact.kn), 1.0, 1e-3);
  EXPECT_NEAR(delta / dmax, std::numbers::pi / 4.0, 1e-3);
  soft_record("bottom_over_delta_max", delta / dmax);
}

TEST(SoftSceneValidation, SeveralRegimesTakeTheLargestStiffness) {
  // seed 003: "on choisit la valeur la plus grande". Stacking (h = 0.08 m) 1998.6 N/m, free fall
  // (h = 0.02 m) 2 m g h/δ_max² = 1.57e5 N/m: k_n is the latter. The dropped disc then reaches
  // δ_max √(1 + δ_max/h) (gravity works during the contact too: ½ k_n δ² = m g (h + δ)), within 1e-3
  // (Verlet's energy error across the contact's kink, (ω Δt)²/8 = 5e-4 at ω Δt = 0.063); the column's bottom stays below its own
  // δ_max (at ε = 1 it oscillates about N m g/k_n, at most twice that: 0.05 δ_max).
  Scene s = soft_bundled("stiffness_regimes");
  s.simulation.sample_every = 1;
  const double m = 0.001, R = 0.005, g = 9.81, dmax = 5e-5;
  const double k_stack = 2.0 * R * 0.08 * (m / (std::numbers::pi * R * R)) * g / dmax;
  const double k_fall = 2.0 * m * g * 0.02 / (dmax * dmax);
  ASSERT_EQ(s.contact.regimes_kn.size(), 2u);
  EXPECT_NEAR(s.contact.regimes_kn[0], k_stack, 1e-9 * k_stack);
  EXPECT_NEAR(s.contact.regimes_kn[1], k_fall, 1e-9 * k_fall);
  EXPECT_EQ(s.contact.kn, std::max(k_stack, k_fall));
  const RunResult r = simulate(s);
  double dropped = 0.0, column = 0.0;
  for (double y : soft_col(r.trajectory, "dropped.y")) dropped = std::max(dropped, R - y);
  for (double y : soft_col(r.trajectory, "d0.y")) column = std::max(column, R - y);
  const double want = dmax * std::sqrt(1.0 + dmax / 0.02);
  std::printf("regimes: k_n = %.6g (stack %.6g, free fall %.6g); dropped disc %.6f delta_max (want %.6f), column %.4f\n",
              s.contact.kn, k_stack, k_fall, dropped / dmax, want / dmax, column / dmax);
  EXPECT_NEAR(dropped / want, 1.0, 1e-3);
  EXPECT_LT(column, 0.1 * dmax);
  soft_record("dropped_over_delta_max", dropped / dmax);
}

// ---- seed 003 "Force de friction": no static friction --------------------------------------------

TEST(SoftSceneValidation, RegularisedFrictionCreepsOnAGentleIncline) {
  // F_t = −k_t u (|F_t| ≤ μ|F_n| not reached: k_t u ≤ m g sinθ < μ m g cosθ). Along the slope, a disc of
  // inertia I = κ m R² and slip u = v + ωR (contact point speed):
  //   m v̇ = m g sinθ − k_t u,   κ m R ω̇ R = k_t u  ⇒  u̇ = g sinθ − (k_t/m)(1 + 1/κ) u,
  // so u → u∞ = κ/(1 + κ) · m g sinθ/k_t and v̇ → g sinθ/(1 + κ), exponentially at rate (k_t/m)(1 + 1/κ).
  // The block (κ = 10⁶) creeps at u∞ = m g sinθ/k_t = 0.0170 m/s where Coulomb's law with static
  // friction (tanθ = 0.176 < μ = 0.5) would hold it; the solid disc (κ = ½) rolls at g sinθ/(3/2) with
  // its contact point slipping at u∞/3, where static friction rolls it without slip. Residual after
  // 0.15 s: e^(−15) = 3e-7 (block); steady forces are integrated exactly by velocity Verlet: 1e-5.
  const Scene s = soft_bundled("incline_creep");
  const double m = 0.01, R = 0.01, kt = s.contact.kt, gs = s.forces.front().vector.x();
  const RunResult r = simulate(s);
  const auto t = soft_col(r.trajectory, "t");
  const std::size_t n = t.size() - 1, k0 = n - 100;
  for (const auto& [name, kappa] : {std::pair<std::string, double>{"block", 1e6}, {"disc", 0.5}}) {
    const auto vx = soft_col(r.trajectory, name + ".vx"), wz = soft_col(r.trajectory, name + ".wz");
    const double u = vx[n] + wz[n] * R, u_inf = kappa / (1.0 + kappa) * m * gs / kt;
    const double a = (vx[n] - vx[k0]) / (t[n] - t[k0]), a_inf = gs / (1.0 + kappa);
    std::printf("incline, %s (kappa %g): slip %.8f m/s (theory %.8f), acceleration %.6g (theory %.6g)\n", name.c_str(), kappa,
                u, u_inf, a, a_inf);
    EXPECT_NEAR(u / u_inf, 1.0, 1e-5) << name;
    if (name == "disc") {
      EXPECT_NEAR(a / a_inf, 1.0, 1e-5);
    } else {  // the block's speed is its creep speed (its rolling part g sinθ t/(1 + κ) = 2.6e-7 m/s = 1.5e-5 u∞)
      EXPECT_LT(std::abs(vx[n] - u_inf), 1e-4 * u_inf);
    }
    soft_record((name + "_slip_over_theory").c_str(), u / u_inf);
  }
}

// ---- seed 003 "Force cohésive" ------------------------------------------------------------------

/// The pair's potential: Hooke ½ k_n δ² for δ < 0 and the triangular well's U_c (F_c = −F_max(1 − |δ|/δ_c)
/// for |δ| < δ_c: U_c = −F_max(δ_c − δ)²/(2δ_c) on [0, δ_c), −F_max δ_c/2 + F_max(δ + δ²/(2δ_c)) on (−δ_c, 0)).
double cohesive_pair_energy(double d, double kn, double dc, double fmax) {
  double u = d < 0.0 ? 0.5 * kn * d * d : 0.0;
  if (d >= dc) return u;
  if (d >= 0.0) return u - fmax * (dc - d) * (dc - d) / (2.0 * dc);
  if (d > -dc) return u - fmax * dc / 2.0 + fmax * (d + d * d / (2.0 * dc));
  return u - fmax * dc;
}

TEST(SoftSceneValidation, CohesivePairsTurnBackBelowTheEscapeSpeedAndEscapeAboveIt) {
  // cohesion_pair.toml: k_n = 1e4, δ_c = 2e-4, F_max = 1 N, equal discs (m_eff = m/2), ε = 1. Each pair
  // starts at δ₀ (the bound overlap) with relative speed v₀; energy: ½ m_eff v² + U(δ) = ½ m_eff v₀² + U(δ₀)
  // with U(δ ≥ δ_c) = 0, so E_b = −U(δ₀) and v_esc = √(2E_b/m_eff). Pair a (v₀ < v_esc) turns back at
  // δ_t = δ_c − √(2δ_c(E_b − ½ m_eff v₀²)/F_max) (the outer half of the well); pair b (v₀ > v_esc)
  // leaves at √(v₀² − v_esc²). Error: velocity Verlet across the kinks of the law (δ = 0, ±δ_c) at
  // ω Δt = 0.014, energy error O((ω Δt)²) = 2e-4 of the well: 2e-3 asserted.
  Scene s = soft_bundled("cohesion_pair");
  s.simulation.sample_every = 1;
  const double kn = s.contact.kn, dc = s.contact.delta_c, fmax = s.contact.f_max, R = 0.01, meff = 0.005;
  const RunResult r = simulate(s);
  for (const char* p : {"a", "b"}) {
    const std::string n1 = std::string(p) + "1", n2 = std::string(p) + "2";
    const double d0 = (soft_object(s, n2).position - soft_object(s, n1).position).norm() - 2.0 * R;
    const double v0 = (soft_object(s, n2).velocity - soft_object(s, n1).velocity).norm();
    const double eb = -cohesive_pair_energy(d0, kn, dc, fmax), vesc = std::sqrt(2.0 * eb / meff);
    const auto x1 = soft_col(r.trajectory, n1 + ".x"), x2 = soft_col(r.trajectory, n2 + ".x");
    const auto v1 = soft_col(r.trajectory, n1 + ".vx"), v2 = soft_col(r.trajectory, n2 + ".vx");
    if (v0 < vesc) {
      double gap = -1.0;
      for (std::size_t k = 0; k < x1.size(); ++k) gap = std::max(gap, x2[k] - x1[k] - 2.0 * R);
      const double want = dc - std::sqrt(2.0 * dc * (eb - 0.5 * meff * v0 * v0) / fmax);
      std::printf("cohesion: v0/v_esc = %.4f, largest gap %.6e m (theory %.6e)\n", v0 / vesc, gap, want);
      EXPECT_NEAR(gap / want, 1.0, 2e-3);
      soft_record("turning_gap_over_theory", gap / want);
    } else {
      const double v = v2.back() - v1.back(), want = std::sqrt(v0 * v0 - vesc * vesc);
      EXPECT_GT(x2.back() - x1.back() - 2.0 * R, dc);  // out of the well
      std::printf("cohesion: v0/v_esc = %.4f, speed at large gap %.6f m/s (theory %.6f)\n", v0 / vesc, v, want);
      EXPECT_NEAR(v / want, 1.0, 2e-3);
      soft_record("escape_speed_over_theory", v / want);
    }
  }
}

// ---- seed 003 "Interaction dipolaire" ------------------------------------------------------------

TEST(SoftSceneValidation, DipolesChainAtTheirEquilibriumOverlapAndRepelUpToTheCutOff) {
  // dipole_pair.toml: M = 0.1 A m² along x on every sphere (fixed in 3D), R = 0.01, m = 0.01, k_n = 100.
  // Head to tail (n ∥ M): the seed's force is 3μ₀/(4πr⁴)[n M² + 2 M (n·M) − 5 n M²] = −6μ₀M²/(4πr⁴) n,
  // attraction; at rest k_n|δ| = 6μ₀M²/(4π(2R − |δ|)⁴), solved here by Newton's method (after 0.4 s at
  // ε = 0.3 the pair is at rest to e^(−ζω t) ~ 1e-12). Side by side (n ⟂ M): 3μ₀M²/(4πr⁴) n, repulsion,
  // from U = μ₀M²/(4πr³), cut at r_c = 2R α^(−1/4) (α = 0.1): the pair leaves at
  // √(2(U(r₀) − U(r_c))/m_eff). Error: the force's jump to 0 at r_c is crossed within one step,
  // F(r_c) v Δt = 2.4e-8 J against ΔU = 4.2e-5 J, and Verlet's O(Δt²): 1e-3 asserted.
  const Scene s = soft_bundled("dipole_pair");
  const double mu0 = s.contact.mu0, M = 0.1, R = 0.01, kn = s.contact.kn, meff = 0.005;
  const double c = mu0 * M * M / (4.0 * std::numbers::pi);
  double d = 0.0;  // the overlap |δ|: k_n d = 6c/(2R − d)⁴
  for (int it = 0; it < 50; ++it) {
    const double r4 = std::pow(2.0 * R - d, 4);
    d -= (kn * d - 6.0 * c / r4) / (kn - 24.0 * c / (r4 * (2.0 * R - d)));
  }
  const RunResult r = simulate(s);
  const double overlap = 2.0 * R - (soft_col(r.trajectory, "chain2.x").back() - soft_col(r.trajectory, "chain1.x").back());
  const double r0 = (soft_object(s, "side2").position - soft_object(s, "side1").position).norm();
  const double rc = 2.0 * R * std::pow(s.contact.alpha, -0.25);
  const double v_want = std::sqrt(2.0 * c * (1.0 / (r0 * r0 * r0) - 1.0 / (rc * rc * rc)) / meff);
  const double v = soft_col(r.trajectory, "side2.vy").back() - soft_col(r.trajectory, "side1.vy").back();
  const double sep = soft_col(r.trajectory, "side2.y").back() - soft_col(r.trajectory, "side1.y").back();
  std::printf("dipoles: chain overlap %.9e m (theory %.9e); side pair speed %.6f m/s (theory %.6f), beyond r_c: %d\n", overlap, d,
              v, v_want, sep > rc);
  EXPECT_NEAR(overlap / d, 1.0, 1e-6);
  EXPECT_GT(sep, rc);
  EXPECT_NEAR(v / v_want, 1.0, 1e-3);
  soft_record("chain_overlap_over_theory", overlap / d);
  soft_record("side_speed_over_theory", v / v_want);
}

TEST(SoftSceneValidation, TurningDipoleDiscsOscillateInTheirTwoTorsionalModes) {
  // dipole_torsion.toml (2D: the moments turn with their discs, `angle` tilts them): two chained pairs at
  // their equilibrium distance r along x, moments M along their disc's angle θ_i, the axis at angle φ:
  //   U = c [cos(θ₁ − θ₂) − 3 cos(θ₁ − φ) cos(θ₂ − φ)],  c = μ₀M²/(4πr³)   (dipole.hpp's energy)
  // ≈ c [−2 + ψ₁² + ψ₂² + ψ₁ψ₂] for small ψ_i = θ_i − φ. Opposed tilts (θ₁ = −θ₂, the forces along n only,
  // φ stays 0): I θ̈ = −c θ, ω_a² = c/I. Equal tilts: the transverse forces ∝ M_y(n·M) turn the axis,
  // and with 2Iθ̇ + I_pair φ̇ = 0 (angular momentum; I_pair = 2m(r/2)²) ψ = θ − φ obeys
  // ψ̈ = −(3c/I)(1 + 2I/I_pair) ψ. Frequencies from the upward zero crossings of ω_z (every step
  // sampled); amplitude 0.01 rad: anharmonic shift ~ψ²/16 = 6e-6, velocity Verlet (ωΔt)²/24 = 5e-7,
  // the axis' turn and the radial motion at second order: 1e-3 asserted.
  Scene s = soft_bundled("dipole_torsion");
  s.simulation.sample_every = 1;
  const double mu0 = s.contact.mu0, M = 0.1, m = 0.01, R = 0.01, I = 0.5 * m * R * R;
  const RunResult r = simulate(s);
  const auto t = soft_col(r.trajectory, "t");
  for (const char* p : {"s", "a"}) {
    const std::string n1 = std::string(p) + "1", n2 = std::string(p) + "2";
    const double d = (soft_object(s, n2).position - soft_object(s, n1).position).norm();
    const double c = mu0 * M * M / (4.0 * std::numbers::pi * d * d * d), Ipair = 2.0 * m * (d / 2) * (d / 2);
    const double want = *p == 's' ? std::sqrt(3.0 * c / I * (1.0 + 2.0 * I / Ipair)) : std::sqrt(c / I);
    const auto w = soft_col(r.trajectory, n1 + ".wz");
    std::vector<double> up;
    for (std::size_t k = 1; k < w.size(); ++k)
      if (w[k - 1] < 0.0 && w[k] >= 0.0) up.push_back(t[k - 1] + (t[k] - t[k - 1]) * (-w[k - 1]) / (w[k] - w[k - 1]));
    ASSERT_GE(up.size(), 3u) << p;
    const double omega = 2.0 * std::numbers::pi * static_cast<double>(up.size() - 1) / (up.back() - up.front());
    std::printf("turning dipoles, %s mode: omega %.6f rad/s (theory %.6f)\n", *p == 's' ? "in-phase" : "opposed", omega, want);
    EXPECT_NEAR(omega / want, 1.0, 1e-3) << p;
    soft_record(*p == 's' ? "in_phase_omega_over_theory" : "opposed_omega_over_theory", omega / want);
  }
}

// ---- seed 003 "Les forces à longue portée": charges --------------------------------------------

TEST(SoftSceneValidation, OppositeChargesFollowTheKeplerEllipseOfTheirCoulombAttraction) {
  // coulomb_orbit.toml: q = ±1, m = 1 each, k = 0.5: r̈ = k q₁q₂ (1/m₁ + 1/m₂) r/|r|³ = −μ r/|r|³,
  // μ = 1; started at r = 0.5 with √3 across: a = 1, e = 0.5 (reference/analytic/kepler.hpp). RK4 at
  // Δt = 1e-3, periapsis v_p Δt/r_p = 3.5e-3: local error ~ (3.5e-3)⁵, over 6284 steps ≪ 1e-8: 1e-8 a.
  const RunResult r = simulate(soft_bundled("coulomb_orbit"));
  const reference::analytic::KeplerOrbit orbit{1.0, 1.0, 0.5};
  const auto t = soft_col(r.trajectory, "t");
  const auto x1 = soft_col(r.trajectory, "plus.x"), y1 = soft_col(r.trajectory, "plus.y");
  const auto x2 = soft_col(r.trajectory, "minus.x"), y2 = soft_col(r.trajectory, "minus.y");
  double err = 0.0, com = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    err = std::max(err, (core::Vec2(x2[k] - x1[k], y2[k] - y1[k]) - orbit.position(t[k])).norm());
    com = std::max(com, core::Vec2(x1[k] + x2[k], y1[k] + y2[k]).norm());
  }
  std::printf("Coulomb orbit: max |r - r_Kepler| = %.3e a over one period; centre of mass moved %.3e\n", err, com / 2.0);
  EXPECT_LT(err, 1e-8);
  EXPECT_LT(com, 1e-12);
  soft_record("max_position_error", err);
}

TEST(SoftSceneValidation, ChargedCloudKeepsItsEnergyWithinTheMeanFieldsErrorAndFollowsTheExactSum) {
  // coulomb_cloud.toml: 512 unit charges (k = 1), 4 mean-field cells per side. With exact forces T + U is
  // conserved (velocity Verlet: O(Δt²), 2e-7 measured with every pair exact). The far cells' effective
  // particles err by ε_mf ≲ 2.5e-3 of the force (docs/contact.md, a uniform cloud): the work they do
  // wrongly is at most ε_mf times the work done, T(end) (from rest): |ΔE| ≤ 2.5e-3 T(end). The same
  // scene with every pair exact (cells = 1: one cell, all near) at half the run: positions within
  // ε_mf of the displacement.
  Scene s = soft_bundled("coulomb_cloud");
  const RunResult r = simulate(s);
  const auto E = soft_col(r.energy, "total"), T = soft_col(r.energy, "kinetic");
  const double dE = std::abs(E.back() - E.front());
  std::printf("charged cloud: |E - E0| = %.3e, T(end) = %.3e (ratio %.3e), E0 = %.3e\n", dE, T.back(), dE / T.back(), E.front());
  EXPECT_LT(dE, 2.5e-3 * T.back());
  EXPECT_GT(T.back(), 0.1 * E.front());  // the cloud has turned a tenth of its energy into motion
  Scene exact = s;
  for (auto& f : exact.forces) f.cells = 1;
  const std::size_t half = s.simulation.steps / 2;
  exact.simulation.steps = half;
  const RunResult rx = simulate(exact);
  const std::size_t row = half / s.simulation.sample_every;
  ASSERT_NEAR(r.trajectory.at(row, 0), rx.trajectory.at(rx.trajectory.rows() - 1, 0), 1e-12);
  double num = 0.0, den = 0.0;
  for (std::size_t i = 0; i < s.objects.size(); ++i)
    for (const char* c : {".x", ".y", ".z"}) {
      const std::size_t k = r.trajectory.column(s.objects[i].name + c);
      const double a = r.trajectory.at(row, k), b = rx.trajectory.at(rx.trajectory.rows() - 1, k);
      num += (a - b) * (a - b);
      den += (b - rx.trajectory.at(0, k)) * (b - rx.trajectory.at(0, k));
    }
  std::printf("charged cloud: mean field against the exact sum at t = %.3g: %.3e of the displacement\n",
              rx.trajectory.at(rx.trajectory.rows() - 1, 0), std::sqrt(num / den));
  EXPECT_LT(std::sqrt(num / den), 2.5e-3);
  soft_record("energy_error_over_work", dE / T.back());
}

// ---- every [[force]] type on soft particles -----------------------------------------------------

TEST(SoftSceneValidation, SoftParticlesTakeEveryFieldForce) {
  // soft_fields.toml, one force each (no contact): drag b = 2 with g: v_z = v_t + (v₀ − v_t)e^(−bt/m),
  // v_t = −m g/b; constant F: x = x₀ + F t²/(2m); central G M = 4 at r = 1 with v = 2 = √(GM/r): a circle
  // at ω = 2; Lorentz, B = 1.5 ẑ, q = 2: a circle of radius v_⟂/ω_c in the plane, ω_c = qB/m = 3, drift
  // v_z; a drive F cos Ωt from rest (F = 0.3 ŷ, Ω = 2): y = y₀ + F(1 − cos Ωt)/(mΩ²), the time law of a
  // [[force]] on a soft particle. RK4 at Δt = 1e-3 over 3 s: errors ~ (ωΔt)⁴ ωt ≪ 1e-9; 1e-8 asserted.
  const RunResult r = simulate(soft_bundled("soft_fields"));
  const double t = soft_col(r.trajectory, "t").back();
  auto last = [&](const char* c) { return soft_col(r.trajectory, c).back(); };
  const double vt = -9.81 / 2.0;
  EXPECT_NEAR(last("dragged.vz"), vt + (1.0 - vt) * std::exp(-2.0 * t), 1e-8);
  EXPECT_NEAR(last("pushed.x"), 10.0 + 0.5 * 0.5 * t * t, 1e-8);
  EXPECT_NEAR(last("pushed.y"), 0.5 * 0.2 * t * t, 1e-8);
  EXPECT_NEAR(last("orbiting.x"), std::cos(2.0 * t), 1e-8);
  EXPECT_NEAR(last("orbiting.y"), std::sin(2.0 * t), 1e-8);
  // q v × B with v = (1, 0, 0): F = (0, −qB, 0): x = x₀ + sin(ω_c t)/ω_c, y = −(1 − cos ω_c t)/ω_c
  EXPECT_NEAR(last("gyrating.x"), -10.0 + std::sin(3.0 * t) / 3.0, 1e-8);
  EXPECT_NEAR(last("gyrating.y"), -(1.0 - std::cos(3.0 * t)) / 3.0, 1e-8);
  EXPECT_NEAR(last("gyrating.z"), 0.5 * t, 1e-8);
  EXPECT_NEAR(last("driven.y"), 10.0 + 0.3 * (1.0 - std::cos(2.0 * t)) / 4.0, 1e-8);
  EXPECT_NEAR(last("driven.vy"), 0.3 * std::sin(2.0 * t) / 2.0, 1e-8);
  std::printf("field forces on soft particles: drag v_z %.12f (theory %.12f)\n", last("dragged.vz"), vt + (1.0 - vt) * std::exp(-2.0 * t));
}

}  // namespace
}  // namespace verisim::scene::test
