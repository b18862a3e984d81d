// verisim against LAMMPS on the same scene, one core each, in one run (issue 18; scripts/bench
// writes the rows into reports/bench.md). Two dense boxes, written as scene files (TOML text, every
// particle listed) and read by the scene loader, in the reduced units of docs/contact.md's benches
// (d = 1, m = 1, k_n = 2·10⁵, ε = 0.5, μ = 0.5, k_t at γ_t Δt = 0.2, Δt = 10⁻⁴, g = 1):
//   fcc3d  31 200 equal spheres, fcc of 20 × 15 × 26 cells compressed to nearest neighbours at 0.996 d
//          (docs/contact.md's LAMMPS deck), walls on every side and a lid: ~11 contacts per sphere;
//   hex2d  100 400 equal discs, hexagonal rows of 400 (251 rows) at 0.996 d, walls and a lid.
// For each:
//   1. verisim: the scene's contact::World (scene/soft_world.hpp) stepped by `dem-verlet`
//      (toolkit/contact/dem_verlet.hpp, the scheme of LAMMPS's fix nve/sphere) from the scene's
//      initial state; CPU time of this thread (CLOCK_THREAD_CPUTIME_ID) around contact::integrate —
//      the one loop, its NaN check included;
//   2. LAMMPS: the deck of `verisim export lammps` (experiments/interop/lammps/export_lammps.hpp) without its dump
//      (output is not stepping), run by `lmp` on one core (started without a shell,
//      experiments/support/process.hpp); its CPU time is the log's "Loop time" × its "% CPU use" — the time
//      of the same steps, setup (reading the data, the first neighbour list) excluded as verisim's
//      world construction is.
// Prints one JSON object per line: scene, particles, steps, contacts, verisim and LAMMPS
// particle-steps per CPU second. Usage: bench_peer [STEPS_3D [STEPS_2D]] (run pinned: taskset -c 1).
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "experiments/interop/lammps/export_lammps.hpp"
#include "experiments/support/process.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/soft_world.hpp"

namespace {

namespace fs = std::filesystem;
using namespace verisim;

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

template <int D>
double verisim_seconds(const scene::Scene& sc) {
  const scene::SoftWorld<D, contact::Laws{}> soft(sc);
  auto x = soft.initial_state();
  contact::DemVerletHalfStep<core::VecX> stepper;
  const double t0 = thread_cpu_seconds();
  contact::integrate(stepper, soft.world(), x, 0.0, sc.simulation.dt, sc.simulation.steps);
  return thread_cpu_seconds() - t0;
}

/// The deck without its dump lines; LAMMPS's loop CPU time from its log.
double lammps_seconds(const scene::Scene& sc, const fs::path& dir) {
  auto deck = experiments::make_lammps_deck(sc);
  std::istringstream in(deck.input);
  std::string line, input;
  while (std::getline(in, line))
    if (line.rfind("dump", 0) != 0) input += line + "\n";
  fs::create_directories(dir);
  std::ofstream(dir / experiments::kLammpsInput) << input;
  std::ofstream(dir / experiments::kLammpsData) << deck.data;
  experiments::ProcessOptions group;  // its own process group, killed as a whole on a timeout
  group.own_process_group = true;
  const auto r = experiments::run_process({"lmp", "-in", experiments::kLammpsInput, "-log", "log.lammps", "-screen", "none"}, dir, 1800.0, group);
  if (!r.ok()) throw std::runtime_error("lmp failed: " + r.error + r.output);
  std::ifstream log(dir / "log.lammps");
  double loop = -1.0, cpu = 100.0;
  while (std::getline(log, line)) {
    if (line.rfind("Loop time of ", 0) == 0) loop = std::stod(line.substr(13));
    const auto k = line.find("% CPU use");
    if (k != std::string::npos) cpu = std::stod(line.substr(0, k));
  }
  if (loop < 0) throw std::runtime_error("no 'Loop time' in LAMMPS's log " + (dir / "log.lammps").string());
  return loop * cpu / 100.0;
}

constexpr double kGap = 0.996;  // nearest-neighbour distance / d (docs/contact.md's LAMMPS deck)

std::string scene_header(const char* title, int dim, std::size_t steps) {
  const double dt = 1e-4, kt = 0.2 / ((dim == 3 ? 3.5 : 3.0) * dt);  // γ_t = k_t(1/m + R²/I) = 3.5 k_t (spheres), 3 k_t (discs)
  return fmt::format("title = \"{}\"\n[simulation]\ndt = {}\nsteps = {}\nsample_every = {}\nlaw = \"soft\"\nrestitution = 0.5\n"
                     "friction = 0.5\n[contact]\ndimension = {}\nkn = 2.0e5\nkt = {:.17g}\n[[force]]\ntype = \"gravity\"\ng = {}\n",
                     title, dt, steps, steps, dim, kt, dim == 3 ? "[0, 0, -1]" : "[0, -1]");
}

std::string plane(const char* name, const char* origin, const char* normal) {
  return fmt::format("[[obstacle]]\ntype = \"plane\"\nname = \"{}\"\norigin = {}\nnormal = {}\n", name, origin, normal);
}

/// fcc3d: 4 spheres per cubic cell of side a = √2·0.996 (nearest neighbours at 0.996), centres from 0.5.
std::string fcc3d(std::size_t steps) {
  std::string s = scene_header("fcc3d: 31 200 spheres, compressed fcc (bench_peer)", 3, steps);
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

template <int D>
double contacts_per_particle(const scene::Scene& sc) {
  const scene::SoftWorld<D, contact::Laws{}> soft(sc);
  auto ws = soft.world().workspace();
  const auto [pairs, walls] = contact::contacts(soft.world(), ws, soft.initial_state().q);
  return (2.0 * static_cast<double>(pairs) + static_cast<double>(walls)) / static_cast<double>(soft.world().size());
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const fs::path tmp = fs::temp_directory_path() / fmt::format("verisim_bench_peer_{}", ::getpid());
    const std::size_t steps3 = argc > 1 ? std::stoul(argv[1]) : 1000, steps2 = argc > 2 ? std::stoul(argv[2]) : 300;
    for (int which = 0; which < 2; ++which) {
      const std::string name = which == 0 ? "fcc3d" : "hex2d";
      const scene::Scene sc = scene::parse_scene(which == 0 ? fcc3d(steps3) : hex2d(steps2), name + ".toml");
      const double n = static_cast<double>(sc.objects.size()), steps = static_cast<double>(sc.simulation.steps);
      const double tv = sc.contact.dimension == 2 ? verisim_seconds<2>(sc) : verisim_seconds<3>(sc);
      const double tl = lammps_seconds(sc, tmp / name);
      const double c = sc.contact.dimension == 2 ? contacts_per_particle<2>(sc) : contacts_per_particle<3>(sc);
      std::printf("{\"scene\": \"%s\", \"particles\": %.0f, \"steps\": %.0f, \"contacts_per_particle\": %.2f, \"verisim\": %.6g, "
                  "\"lammps\": %.6g}\n",
                  name.c_str(), n, steps, c, n * steps / tv, n * steps / tl);
      std::fflush(stdout);
    }
    fs::remove_all(tmp);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_peer: %s\n", e.what());
    return 2;
  }
  return 0;
}
