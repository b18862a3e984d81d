#pragma once
// `verisim export lammps SCENE.toml --out DIR` (issue 18, docs/lammps.md): a soft-contact scene
// (law = "soft", seed 003's spring-dashpot with regularised Coulomb friction) as a LAMMPS deck —
// DIR/data/scene.data (atoms: diameters, masses, positions, velocities, spins) and DIR/data/in.lammps
// (pair_style gran/hooke — a hybrid of gran/hooke per type pair when masses differ — fix wall/gran per wall, fix gravity, fix nve/sphere, the same Δt, a dump
// of positions, velocities, spins and kinetic energies every `sample_every` steps and at the last
// step, as `verisim run` writes its rows, which `verisim compare` reads back: lammps_dump.hpp). The
// folder is written through ReportFolder, so a whole new DIR appears or nothing; the deck is under data/, which a re-export replaces as a whole
// (a stale dump of an earlier run never survives beside a new deck).
//
// Parameter conversion (LAMMPS doc/src/pair_gran.rst, "pair_style gran/hooke"; the force in
// src/GRANULAR/pair_gran_hooke.cpp, 29 Sep 2021):
//   LAMMPS  F_n = k_n δ n − m_eff γ_n v_n,  F_t = −min(μ|F_n|, m_eff γ_t |v_t|) v_t/|v_t|
//   verisim F_n = −k_n δ − η δ̇ (toolkit/contact/contact_force.hpp, seed 003), η = η(ε, m_eff)
//           F_t = −k_t u, |F_t| ≤ μ|F_n|
//   so      γ_n = η(ε, m_eff)/m_eff = −2 ln ε √(k_n/(m_eff (ln²ε + π²)))   (seed 003, stiffness.hpp)
//           γ_t = k_t/m_eff
//   LAMMPS's γ_n and γ_t are per unit effective mass and one number per pair style; verisim's η
//   grows as √m_eff and k_t is absolute. So each distinct mass (exact equality, nothing binned) gets
//   its own atom type, and each type pair (a, b) its own gran/hooke instance under pair_style hybrid
//   (doc/src/pair_hybrid.rst: a style listed several times, `pair_coeff a b gran/hooke K`) with
//   m_eff = m_a m_b/(m_a + m_b): the same force as verisim's for every pair, to round-off. One mass:
//   one type, one gran/hooke (no hybrid overhead). Walls (fix wall/gran hooke,
//   doc/src/fix_wall_gran.rst) take m_eff = m_a: one fix per wall and type (group typeA).
//   pair_style granular (hooke, damping velocity, tangential linear_nohistory) would take η and the
//   tangential damping per type pair too, but its torque arm is R − δ/2 (src/GRANULAR/
//   pair_granular.cpp, dist_to_contact), verisim's and gran/hooke's R: an oblique impact ends
//   5e-5 (velocities), 2e-4 (spins) relative apart (measured, docs/lammps.md), so it is not used.
//   At most kLammpsMaxTypes = 31 distinct masses: a wall fix needs a group per type and LAMMPS has
//   32 groups, "all" included (src/group.cpp MAX_GROUP, "Too many groups" on the installed lmp);
//   the same limit without walls keeps the hybrid's T(T+1)/2 instances (each with (T+1)² per-type
//   arrays and its own skip neighbour list) small (docs/lammps.md).
// Refused (SceneError, exit code 2, naming the file and key): impulse laws (law ≠ "soft"); more
// than kLammpsMaxTypes distinct masses; an inertia factor other than LAMMPS's (fix nve/sphere: I = 0.4 m R² for spheres, 0.5 m R²
// with its `disc` option in 2D); an obstacle other than an axis-aligned plane or an axis-aligned
// brick container (`inside = true`); `end = "force"` with walls (fix wall/gran has no
// `limit_damping` in 29 Sep 2021; pair gran/hooke has). Dipoles, cohesion and mean-field forces
// are not scene keys (docs/scenes.md), so a scene file cannot ask for them.
#include <array>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "experiments/io/number.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::experiments {

/// What the LAMMPS and LIGGGHTS deck writers share: every number of a deck in the shortest form that reads back as the
/// same double (io's number policy), and the axes' names.
namespace deck {
inline std::string num(double x) { return exact_number(x); }
inline constexpr std::array<const char*, 3> kAxisName{"x", "y", "z"};
}  // namespace deck

/// The deck's file names inside DIR/data/.
inline constexpr const char* kLammpsInput = "in.lammps";
inline constexpr const char* kLammpsData = "scene.data";
inline constexpr const char* kLammpsDump = "trajectory.dump";

/// Most distinct particle masses (atom types) a deck takes: LAMMPS's 32 groups minus "all" (docs/lammps.md).
inline constexpr std::size_t kLammpsMaxTypes = 31;

struct LammpsDeck {
  std::string input;  ///< in.lammps
  std::string data;   ///< scene.data (read_data)
};

/// One wall of fix wall/gran (LAMMPS and LIGGGHTS): `xplane|yplane|zplane lo hi`, NaN (NULL) for a side without a wall.
struct WallFix {
  int axis = 0;
  double lo = std::numeric_limits<double>::quiet_NaN(), hi = std::numeric_limits<double>::quiet_NaN();
  std::string name;
};
/// The scene's obstacles as axis-aligned walls (planes; brick containers: a pair of planes per axis), lo and hi
/// widened to hold them; SceneError (prefixed by `where`) for any other obstacle.
std::vector<WallFix> export_walls(const scene::Scene& s, const std::string& where, core::Vec3& lo, core::Vec3& hi);
/// A wall bound as fix wall/gran takes it: the number, or NULL for NaN.
std::string wall_bound(double x);

/// The deck of a loaded scene; scene::SceneError (an std::invalid_argument) when it cannot be exported.
LammpsDeck make_lammps_deck(const scene::Scene& scene);

/// Load the scene file, build its deck and write DIR/data/{in.lammps,scene.data} atomically.
void export_lammps(const std::filesystem::path& scene_file, const std::filesystem::path& out);


}  // namespace verisim::experiments
