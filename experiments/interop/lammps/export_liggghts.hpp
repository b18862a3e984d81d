#pragma once
// `verisim export liggghts SCENE.toml --out DIR` (issue 29, docs/peers.md "export liggghts"): a soft-contact scene of
// model = "hertz-mindlin" as a LIGGGHTS-PUBLIC 3.8 deck, DIR/data/in.liggghts, with the folder conventions of
// `export lammps` (ReportFolder: a whole new DIR or nothing, data/ replaced as a whole; numbers that read back as the
// same double; a dump of positions, velocities, spins and kinetic energies every `sample_every` steps and at the
// last step, data/trajectory.dump, which `verisim compare` reads: LIGGGHTS's dump has no ITEM: TIME, so the deck
// dumps the time as the per-atom column v_time, lammps_dump.hpp).
//
// Mapping (LIGGGHTS 3.8: src/normal_model_hertz.h, src/tangential_model_history.h; docs/peers.md):
//   `pair_style gran model hertz tangential history`: F_n = (4/3) E* √(R*δ) δ, E* by its mixing of one material;
//   k_t = 8 G* √(R*δ) (Mindlin) with the history ξ += v_t Δt, capped at μ F_n — verisim's model = "hertz-mindlin";
//   damping γ_n = −2√(5/6) β √(2E*a m*), β from `coefficientRestitution` ε_L: verisim's Tsuji α is −√5 β, so
//   the deck gives ε_L = liggghts_restitution_for_alpha(α) (experiments/interop/peers/peer_impact.hpp), exact;
//   `tangential_damping on` is x_t = √(2(1−ν)/(2−ν)), off x_t = 0: other x_t are refused;
//   rigid walls: a second atom type with E = 10³⁰ (its mixing gives the rigid E*, G*) and one
//   `fix wall/gran … primitive type 2 {x,y,z}plane c` per plane (a brick container: two per axis);
//   `rotates = false`: fix nve (translation only), others fix nve/sphere; gravity: fix gravity.
// Refused (SceneError naming the file and key, exit code 2): law ≠ "soft"; seed 003's spring-dashpot (the linear
// law would be `gran model hooke/stiffness tangential no_history` with per-type-pair absolute γ's: not written, so
// refused rather than approximated — export it to LAMMPS); end = "force" (LIGGGHTS's hertz has no limit of the
// damping force); inertia other than 0.4; obstacles other than axis-aligned planes and brick containers; forces
// other than gravity. Torque arm: LIGGGHTS applies F_t at R − δ/2 (verisim and LAMMPS's wall fix at R): spins after
// a sliding contact differ by ~δ̄/(2R) (docs/peers.md).
#include <filesystem>
#include <string>

#include "toolkit/scene/scene.hpp"

namespace verisim::experiments {

inline constexpr const char* kLiggghtsInput = "in.liggghts";

/// The deck of a loaded scene; scene::SceneError when it cannot be exported.
std::string make_liggghts_deck(const scene::Scene& scene);

/// Load the scene file, build its deck and write DIR/data/in.liggghts atomically (ReportFolder).
void export_liggghts(const std::filesystem::path& scene_file, const std::filesystem::path& out);

}  // namespace verisim::experiments
