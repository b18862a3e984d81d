#pragma once
// One single-particle impact (Chung & Ooi 2011, "Benchmark tests for verifying discrete element
// modelling codes at particle impact level", Granular Matter 13:643–656: two spheres, or a sphere
// on a rigid plane) run by a peer code, LAMMPS or LIGGGHTS, through a deck written here, and read
// back (issue 29, docs/peers.md). Both decks ask for Hertz normal force, F = (4/3) E* √R* δ^{3/2}
// (Johnson, Contact Mechanics, 1985, §4.2), a Mindlin tangential spring with history
// k_t = 8 G* a, a = √(R* δ) (Mindlin 1949; Cundall & Strack 1979 for the history), capped at μF_n,
// no tangential damping, no rolling resistance, and the code's own normal damping for ε:
//   LAMMPS (29 Sep 2021): pair_style granular, `hertz/material E η ν`, ε < 1 → `damping tsuji`
//     (η_n = α(ε)·√(m* k_n), α a polynomial fit, Tsuji et al. 1992), ε = 1 → `damping viscoelastic`
//     with η = 0 (tsuji's fit gives α(1) = 3.0·10⁻⁴, not 0); a wall through `fix wall/gran granular`.
//   LIGGGHTS (3.8): `pair_style gran model hertz tangential history`, the materials as
//     `fix property/global`, ε through its β = ln ε / √(ln²ε + π²) and γ_n = −2√(5/6) β √(S_n m*).
// Why one description: the study (verisim study chung-ooi) and `verisim export` write the same
// impact to both codes, so a difference between them is a difference of the codes, not of the decks.
//
// Geometry convention (one for both codes): with `wall`, body j is the rigid half-space x > 0,
// bounded by the plane x = 0 (through the origin, outward normal −x, i.e. the sphere lives at
// x < 0 and hits the plane moving +x); the overlap is δ = R_i + x_i. Two spheres: δ = R_i + R_j − |x_j − x_i|.
// Sign of the normal force: F_n > 0 is repulsive (the force on i along −n, n = unit(x_j − x_i), or
// n = +x for the wall). The tangential force is |f_i − (f_i·n) n|.
#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace verisim::experiments {

struct PeerMaterial {
  double youngs_modulus = 0;  ///< E (Pa)
  double poisson = 0;         ///< ν, in [0, 0.5)
  double density = 0;         ///< ρ (kg/m³)
};

enum class PeerCode { lammps, liggghts };
/// "lammps", "liggghts".
std::string_view peer_name(PeerCode code);
/// The program started: "lmp", "liggghts" (Debian's packages lammps and liggghts; scripts/install-deps).
std::string_view peer_program(PeerCode code);

struct PeerImpact {
  PeerMaterial material;          ///< both bodies; a wall is rigid (E_wall → ∞: E* = E/(1−ν²), G* = G/(2−ν))
  bool wall = false;              ///< body j is the rigid plane x = 0, the sphere at x < 0 (see above)
  double radius_i = 0, radius_j = 0;  ///< radius_j ignored for a wall
  double density_ratio_j = 1.0;   ///< ρ_j/ρ_i (Chung & Ooi's test 8: a heavy partner); its elastic constants are i's
  std::array<double, 3> x_i{}, x_j{}, v_i{}, v_j{}, w_i{}, w_j{};  ///< positions, velocities, spins (SI); j's ignored for a wall
  double restitution = 1.0;       ///< ε (normal), in (0, 1], through the code's own damping model
  double mu = 0.0;                ///< Coulomb friction μ ≥ 0
  double dt = 0;                  ///< time step (s)
  std::size_t steps = 0;          ///< number of steps, a multiple of sample_every
  std::size_t sample_every = 1;   ///< a sample every this many steps (the last step is always one)
};

struct PeerResult {
  std::array<double, 3> v_i{}, v_j{}, w_i{}, w_j{};  ///< at the last step (j's zero for a wall)
  std::vector<double> t;           ///< sample times (step · dt; the first sample is at sample_every · dt)
  std::vector<double> overlap;     ///< δ (m), negative when apart
  std::vector<double> normal_force;      ///< F_n (N), > 0 repulsive
  std::vector<double> tangential_force;  ///< |F_t| (N)
  double contact_start = 0, contact_end = 0;  ///< where δ crosses 0 (linear interpolation between samples)
  double contact_duration = 0;     ///< contact_end − contact_start; NaN when the contact is open at either end of the run
  double peak_force = 0;           ///< max F_n over the samples
  double max_overlap = 0;          ///< max δ over the samples
  std::string version;             ///< the code's banner line, e.g. "LAMMPS (29 Sep 2021 - Update 2)"
  std::string deck;                ///< the deck text run
};

// ---- the mapping of verisim's Hertz–Mindlin law to the peers' keywords, shared by the impact decks below and
// `verisim export lammps|liggghts` of a scene (experiments/interop/lammps/export_*.cpp; docs/peers.md) ----

/// LAMMPS 29 Sep 2021 pair granular's normal damping: `damping <model>` with the η_n0 of `hertz/material E η_n0 ν`.
struct LammpsDamping {
  std::string model;        ///< "viscoelastic" (η_n0 = 0: none) or "tsuji"
  double coefficient = 0;   ///< η_n0: 0, or the ε LAMMPS's tsuji fit reads
};
/// The code's own reading of ε (the impact decks: what the code does with ε): ε = 1 → viscoelastic 0, else tsuji ε.
LammpsDamping lammps_damping_for_restitution(double restitution);
/// verisim's Tsuji α exactly (the export): ε' with fit(ε') = α, fit LAMMPS 29 Sep 2021's polynomial
/// (src/GRANULAR/pair_granular.cpp, coeff(): α = 1.2728 − 4.2783ε + … + 4.8218ε⁶, η_n = α √(m* k_n)); the fit
/// decreases on [0, 1] from 1.2728 to 3.0·10⁻⁴: α = 0 → viscoelastic 0; α outside (fit(1), fit(0)] → std::invalid_argument.
LammpsDamping lammps_damping_for_alpha(double alpha);
/// LAMMPS's fit α(ε) (for the above and its tests).
double lammps_tsuji_fit(double eps);
/// `hertz/material E η ν damping … tangential mindlin NULL x_t μ`: pair_coeff's arguments for spheres of one material.
std::string lammps_pair_coeff(const PeerMaterial& m, const LammpsDamping& d, double xt, double mu);
/// `wall/gran granular hertz/material E_w η ν damping … tangential mindlin k_t x_t μ`: the rigid wall's model
/// (E_w = 2E/(1+ν), k_t = 8G/(2−ν): this version's wall fix, docs/peers.md), to be followed by its geometry.
std::string lammps_wall_model(const PeerMaterial& m, const LammpsDamping& d, double xt, double mu);
/// LIGGGHTS 3.8's `coefficientRestitution` that gives verisim's Tsuji α: its hertz model damps with
/// γ_n = −2√(5/6) β √(2E* a m*), β = ln ε/√(ln²ε + π²) (src/normal_model_hertz.h), i.e. α = −√5 β, so
/// ε_L = exp(−π b/√(1 − b²)), b = α/√5 (b < 1; else std::invalid_argument).
double liggghts_restitution_for_alpha(double alpha);
/// LIGGGHTS's `tangential_damping on` is x_t = √(S_t/S_n) = √(4G*/E*) = √(2(1−ν)/(2−ν)) (one material, pairs and rigid walls).
double liggghts_tangential_damping(double poisson);
/// The `fix property/global` lines (E, ν per type; ε, μ per type pair); `wall`: a second type, the rigid wall (E = 10³⁰).
std::string liggghts_material_fixes(const PeerMaterial& m, double restitution, double mu, bool wall);
/// `model hertz tangential history tangential_damping off|on` (pair_style gran and fix wall/gran).
std::string liggghts_model(bool tangential_damping);

/// The input file's name in the work folder: "in.lammps", "in.liggghts"; the samples go to "impact.txt".
std::string_view peer_deck_name(PeerCode code);
inline constexpr const char* kPeerSamples = "impact.txt";

/// The impact's input errors, each std::invalid_argument naming the field (exit code 2 at the command line).
void validate(const PeerImpact& impact);

/// The deck alone (for `verisim export`): run it in its folder with `lmp -in in.lammps` or
/// `liggghts -in in.liggghts`; it writes kPeerSamples there.
std::string write_deck(PeerCode code, const PeerImpact& impact);

/// Writes the deck into `workdir` (created), runs the code there without a shell
/// (experiments/support/process.hpp), and reads the samples back. std::runtime_error when the code
/// cannot be started, fails (its last lines quoted) or writes malformed samples ("file:line: what").
PeerResult run_peer(PeerCode code, const PeerImpact& impact, const std::filesystem::path& workdir);

/// The samples file read (the deck's fix print): exposed for tests of the reader.
PeerResult read_peer_samples(const std::filesystem::path& file, const PeerImpact& impact);

}  // namespace verisim::experiments
