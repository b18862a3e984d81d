// verisim against LAMMPS and LIGGGHTS on the same scene, in one run (issues 18 and 30; scripts/bench
// writes the rows into reports/bench.md). Two dense boxes, written as scene files (TOML text, every
// particle listed) and read by the scene loader, in the reduced units of docs/contact.md's benches
// (d = 1, m = 1, k_n = 2·10⁵, ε = 0.5, μ = 0.5, k_t at γ_t Δt = 0.2, Δt = 10⁻⁴, g = 1):
//   fcc3d  31 200 equal spheres, fcc of 20 × 15 × 26 cells compressed to nearest neighbours at 0.996 d
//          (docs/contact.md's LAMMPS deck), walls on every side and a lid: ~11 contacts per sphere;
//   hex2d  100 400 equal discs, hexagonal rows of 400 (251 rows) at 0.996 d, walls and a lid;
//   fcc3d-hertz  the fcc3d box with model = "hertz-mindlin" (E = 8.6·10⁶, ν = 0.3: about k_n at the
//          box's overlap), the law `verisim export liggghts` maps (LIGGGHTS's `gran model hertz tangential
//          history`; its spring-dashpot would be `hooke/stiffness`, which the exporter refuses rather than
//          approximates: docs/peers.md), so LIGGGHTS runs the same law as verisim.
// For each, on 1 and on 2 cores:
//   1. verisim: the scene's contact::World (scene/soft_world.hpp) stepped by `dem-verlet`
//      (toolkit/contact/dem_verlet.hpp, the scheme of LAMMPS's fix nve/sphere) from the scene's
//      initial state, its workspace on 1 and on 2 threads (docs/contact.md "Threads"); around
//      contact::integrate (the one loop, its NaN check included) the CPU time of this thread
//      (CLOCK_THREAD_CPUTIME_ID: one thread) and the wall-clock time (CLOCK_MONOTONIC: both);
//   2. LAMMPS (fcc3d, hex2d): the deck of `verisim export lammps` (experiments/interop/lammps/export_lammps.hpp)
//      without its dump (output is not stepping), run by `lmp` (-np 1) and `mpirun -np 2 lmp` (OpenMPI; as root with
//      --allow-run-as-root), started without a shell (experiments/support/process.hpp);
//   3. LIGGGHTS (fcc3d-hertz): the deck of `verisim export liggghts` without its dumps, `liggghts` and
//      `mpirun -np 2 liggghts`.
// A peer's times come from its log: "Loop time of T on P procs" is wall-clock; its CPU time on one
// core is T × "% CPU use" — the time of the same steps, setup (reading the data, the first neighbour list)
// excluded as verisim's world construction is.
// Prints one JSON object per line: scene, particles, steps, contacts, and particle-steps per second:
// verisim (per CPU second, 1 thread), verisim_wall_1, verisim_wall_2, and the peer's (peer: "lammps" or
// "liggghts"; peer_cpu_1 per CPU second, peer_wall_1, peer_wall_2; the keys "verisim" and "lammps" kept for
// the one-core table): each the median of ROUNDS rounds (default 3; each round runs the four in turn), and
// "rounds", every round's six rates, for ratios within a round. Usage: bench_peer [STEPS_3D [STEPS_2D [ROUNDS]]]
// — not pinned (the 2-core rows need both cores; run it on a quiet machine).
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "experiments/interop/lammps/export_lammps.hpp"
#include "experiments/interop/lammps/export_liggghts.hpp"
#include "experiments/support/process.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/soft_world.hpp"

namespace {

namespace fs = std::filesystem;
using namespace verisim;

double clock_seconds(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Timing {
  double cpu = 0.0;   ///< CPU seconds of the stepping thread (one core)
  double wall = 0.0;  ///< wall-clock seconds
};

template <int D, contact::Laws L>
Timing verisim_seconds(const scene::Scene& sc, unsigned threads) {
  const scene::SoftWorld<D, L> soft(sc);
  auto x = soft.initial_state();
  auto ws = soft.world().workspace();
  ws.set_threads(threads);
  contact::DemVerletHalfStep<core::VecX> stepper;
  const double c0 = clock_seconds(CLOCK_THREAD_CPUTIME_ID), w0 = clock_seconds(CLOCK_MONOTONIC);
  contact::integrate(stepper, soft.world(), ws, x, 0.0, sc.simulation.dt, sc.simulation.steps);
  return {clock_seconds(CLOCK_THREAD_CPUTIME_ID) - c0, clock_seconds(CLOCK_MONOTONIC) - w0};
}

/// A peer's deck without its output (dump, dump_modify, undump and the `run 0` that writes a last dump), run by
/// `program` on `np` processes in `dir`; its loop's wall-clock time and, on one process, CPU time (its log).
Timing peer_seconds(const std::string& program, const std::string& deck, const std::string& input_name,
                    const std::vector<std::pair<std::string, std::string>>& files, int np, const fs::path& dir) {
  std::istringstream in(deck);
  std::string line, input;
  while (std::getline(in, line))
    if (line.rfind("dump", 0) != 0 && line.rfind("undump", 0) != 0 && line != "run 0") input += line + "\n";
  fs::create_directories(dir);
  std::ofstream(dir / input_name) << input;
  for (const auto& [name, text] : files) std::ofstream(dir / name) << text;
  std::vector<std::string> argv;
  if (np > 1) {
    argv = {"mpirun", "-np", std::to_string(np), "--oversubscribe", "--bind-to", "none"};
    if (::geteuid() == 0) argv.push_back("--allow-run-as-root");  // OpenMPI refuses root otherwise
  }
  for (const std::string& a : {program, std::string("-in"), input_name, std::string("-log"), std::string("log.peer"),
                              std::string("-screen"), std::string("none")})
    argv.push_back(a);
  experiments::ProcessOptions group;  // its own process group, killed as a whole on a timeout
  group.own_process_group = true;
  const auto r = experiments::run_process(argv, dir, 1800.0, group);
  if (!r.ok()) throw std::runtime_error(program + " (-np " + std::to_string(np) + ") failed: " + r.error + r.output);
  std::ifstream log(dir / "log.peer");
  double loop = -1.0, cpu = 100.0;
  while (std::getline(log, line)) {
    if (line.rfind("Loop time of ", 0) == 0 && loop < 0) loop = std::stod(line.substr(13));
    const auto k = line.find("% CPU use");
    if (k != std::string::npos) cpu = std::stod(line.substr(0, k));
  }
  if (loop < 0) throw std::runtime_error("no 'Loop time' in " + program + "'s log " + (dir / "log.peer").string());
  return {loop * cpu / 100.0, loop};
}

constexpr double kGap = 0.996;  // nearest-neighbour distance / d (docs/contact.md's LAMMPS deck)

std::string scene_header(const char* title, int dim, std::size_t steps, bool hertz = false) {
  const double dt = 1e-4, kt = 0.2 / ((dim == 3 ? 3.5 : 3.0) * dt);  // γ_t = k_t(1/m + R²/I) = 3.5 k_t (spheres), 3 k_t (discs)
  // Hertz: (4/3) E* √(R* δ) = k_n at δ = 0.004 (the box's overlap 1 − 0.996), R* = 1/4, E* = E/(2(1 − ν²)):
  // E = 2 (1 − 0.09) · 2·10⁵ / ((4/3) √0.001) ≈ 8.6·10⁶; ρ = 6/π (m = 1 for d = 1)
  const std::string contact = hertz ? "[contact]\ndimension = 3\nmodel = \"hertz-mindlin\"\n[contact.material]\n"
                                      "youngs_modulus = 8.6e6\npoisson = 0.3\ndensity = 1.909859317102744\n"
                                    : fmt::format("[contact]\ndimension = {}\nkn = 2.0e5\nkt = {:.17g}\n", dim, kt);
  return fmt::format("title = \"{}\"\n[simulation]\ndt = {}\nsteps = {}\nsample_every = {}\nlaw = \"soft\"\nrestitution = 0.5\n"
                     "friction = 0.5\n{}[[force]]\ntype = \"gravity\"\ng = {}\n",
                     title, dt, steps, steps, contact, dim == 3 ? "[0, 0, -1]" : "[0, -1]");
}

std::string plane(const char* name, const char* origin, const char* normal) {
  return fmt::format("[[obstacle]]\ntype = \"plane\"\nname = \"{}\"\norigin = {}\nnormal = {}\n", name, origin, normal);
}

/// fcc3d: 4 spheres per cubic cell of side a = √2·0.996 (nearest neighbours at 0.996), centres from 0.5.
std::string fcc3d(std::size_t steps, bool hertz = false) {
  std::string s = scene_header(hertz ? "fcc3d-hertz: 31 200 Hertz-Mindlin spheres, compressed fcc (bench_peer)"
                                     : "fcc3d: 31 200 spheres, compressed fcc (bench_peer)", 3, steps, hertz);
  const double a = std::sqrt(2.0) * kGap;
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  double hi[3] = {0, 0, 0};
  for (int k = 0; k < 26; ++k)
    for (int j = 0; j < 15; ++j)
      for (int i = 0; i < 20; ++i)
        for (const auto& b : basis) {
          const double x = 0.5 + a * (i + b[0]), y = 0.5 + a * (j + b[1]), z = 0.5 + a * (k + b[2]);
          hi[0] = std::max(hi[0], x), hi[1] = std::max(hi[1], y), hi[2] = std::max(hi[2], z);
          s += fmt::format("[[object]]\ntype = \"particle\"\nradius = 0.5\nposition = [{:.17g}, {:.17g}, {:.17g}]\n", x, y, z);
        }
  const double w = 0.5 * (1.0 - kGap);  // the walls overlap the outer spheres as the spheres overlap each other
  s += plane("floor", fmt::format("[0, 0, {}]", w).c_str(), "[0, 0, 1]");
  s += plane("lid", fmt::format("[0, 0, {:.17g}]", hi[2] + 0.5 - w).c_str(), "[0, 0, -1]");
  s += plane("left", fmt::format("[{}, 0, 0]", w).c_str(), "[1, 0, 0]");
  s += plane("right", fmt::format("[{:.17g}, 0, 0]", hi[0] + 0.5 - w).c_str(), "[-1, 0, 0]");
  s += plane("front", fmt::format("[0, {}, 0]", w).c_str(), "[0, 1, 0]");
  s += plane("back", fmt::format("[0, {:.17g}, 0]", hi[1] + 0.5 - w).c_str(), "[0, -1, 0]");
  return s;
}

/// hex2d: rows of 400 discs at 0.996, every other row shifted by half, rows √3/2·0.996 apart.
std::string hex2d(std::size_t steps) {
  std::string s = scene_header("hex2d: 100 400 discs, compressed hexagonal (bench_peer)", 2, steps);
  double hi[2] = {0, 0};
  for (int j = 0; j < 251; ++j)
    for (int i = 0; i < 400; ++i) {
      const double x = 0.5 + kGap * (i + (j % 2 ? 0.5 : 0.0)), y = 0.5 + kGap * std::sqrt(3.0) / 2.0 * j;
      hi[0] = std::max(hi[0], x), hi[1] = std::max(hi[1], y);
      s += fmt::format("[[object]]\ntype = \"particle\"\nradius = 0.5\nposition = [{:.17g}, {:.17g}]\n", x, y);
    }
  const double w = 0.5 * (1.0 - kGap);
  s += plane("floor", fmt::format("[0, {}]", w).c_str(), "[0, 1]");
  s += plane("lid", fmt::format("[0, {:.17g}]", hi[1] + 0.5 - w).c_str(), "[0, -1]");
  s += plane("left", fmt::format("[{}, 0]", w).c_str(), "[1, 0]");
  s += plane("right", fmt::format("[{:.17g}, 0]", hi[0] + 0.5 - w).c_str(), "[-1, 0]");
  return s;
}

template <int D, contact::Laws L>
double contacts_per_particle(const scene::Scene& sc) {
  const scene::SoftWorld<D, L> soft(sc);
  auto ws = soft.world().workspace();
  const auto [pairs, walls] = contact::contacts(soft.world(), ws, soft.initial_state().q);
  return (2.0 * static_cast<double>(pairs) + static_cast<double>(walls)) / static_cast<double>(soft.world().size());
}

/// The median of a few numbers (the middle one, or the mean of the two middle ones).
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

/// One scene's line: verisim on 1 and 2 threads, the peer on 1 and 2 processes, `rounds` times in turn
/// (v1, v2, p1, p2, then again), so that a slow minute of a shared machine falls on one round of each
/// rather than on one program. Prints each rate's median and every round's six rates ("rounds"), from
/// which the report takes each ratio within a round.
template <int D, contact::Laws L>
void measure(const std::string& name, const scene::Scene& sc, const fs::path& tmp, int rounds) {
  const double n = static_cast<double>(sc.objects.size()), steps = static_cast<double>(sc.simulation.steps);
  const double ps = n * steps;
  const bool hertz = sc.contact.hertz();
  const std::string peer = hertz ? "liggghts" : "lammps";
  std::vector<std::vector<double>> rates(6);  // verisim cpu 1, wall 1, wall 2; peer cpu 1, wall 1, wall 2
  std::string each;
  for (int k = 0; k < rounds; ++k) {
    const Timing v1 = verisim_seconds<D, L>(sc, 1), v2 = verisim_seconds<D, L>(sc, 2);
    Timing p1, p2;
    for (int np : {1, 2}) {
      Timing& p = np == 1 ? p1 : p2;
      const fs::path dir = tmp / fmt::format("{}_np{}", name, np);
      if (hertz) {
        p = peer_seconds("liggghts", experiments::make_liggghts_deck(sc), experiments::kLiggghtsInput, {}, np, dir);
      } else {
        const auto deck = experiments::make_lammps_deck(sc);
        p = peer_seconds("lmp", deck.input, experiments::kLammpsInput, {{experiments::kLammpsData, deck.data}}, np, dir);
      }
    }
    const double r[6] = {ps / v1.cpu, ps / v1.wall, ps / v2.wall, ps / p1.cpu, ps / p1.wall, ps / p2.wall};
    for (int i = 0; i < 6; ++i) rates[i].push_back(r[i]);
    each += fmt::format("{}[{:.6g}, {:.6g}, {:.6g}, {:.6g}, {:.6g}, {:.6g}]", k ? ", " : "", r[0], r[1], r[2], r[3], r[4], r[5]);
  }
  const double c = contacts_per_particle<D, L>(sc);
  const double vc = median(rates[0]), pc = median(rates[3]);
  std::printf("{\"scene\": \"%s\", \"particles\": %.0f, \"steps\": %.0f, \"contacts_per_particle\": %.2f, \"peer\": \"%s\", "
              "\"verisim\": %.6g, \"verisim_wall_1\": %.6g, \"verisim_wall_2\": %.6g, "
              "\"peer_cpu_1\": %.6g, \"peer_wall_1\": %.6g, \"peer_wall_2\": %.6g%s, \"rounds\": [%s]}\n",
              name.c_str(), n, steps, c, peer.c_str(), vc, median(rates[1]), median(rates[2]), pc, median(rates[4]),
              median(rates[5]), hertz ? "" : fmt::format(", \"lammps\": {:.6g}", pc).c_str(), each.c_str());
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const fs::path tmp = fs::temp_directory_path() / fmt::format("verisim_bench_peer_{}", ::getpid());
    const std::size_t steps3 = argc > 1 ? std::stoul(argv[1]) : 1000, steps2 = argc > 2 ? std::stoul(argv[2]) : 300;
    const int rounds = argc > 3 ? std::stoi(argv[3]) : 3;
    if (steps3 < 1 || steps2 < 1 || rounds < 1 || rounds > 99)
      throw std::invalid_argument("usage: bench_peer [STEPS_3D [STEPS_2D [ROUNDS]]], steps >= 1, 1 <= ROUNDS <= 99");
    measure<3, contact::Laws{}>("fcc3d", scene::parse_scene(fcc3d(steps3), "fcc3d.toml"), tmp, rounds);
    measure<2, contact::Laws{}>("hex2d", scene::parse_scene(hex2d(steps2), "hex2d.toml"), tmp, rounds);
    measure<3, scene::kHertzMindlinLaws>("fcc3d-hertz", scene::parse_scene(fcc3d(steps3, true), "fcc3d-hertz.toml"), tmp, rounds);
    fs::remove_all(tmp);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_peer: %s\n", e.what());
    return 2;
  }
  return 0;
}
