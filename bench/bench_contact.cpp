// Throughput of the soft-contact particle world (issue 13, seed 003): particle-steps per second and
// memory per particle, for
//   box3d   3D box of 32 000 polydisperse spheres settled under gravity (fcc, 20³ cells),
//   box2d   2D box of 10⁵ polydisperse discs settled under gravity (hexagonal lattice),
//   scale3d the 3D box at 10³, 10⁴, 10⁵ spheres (the cost per particle-step must stay flat), and once
//           at 10⁶ (scale1e6, `dem-verlet` only: its build and settling take minutes),
//   lammps  the scene of the LAMMPS comparison: 31 200 equal spheres, compressed fcc, k_n = 2·10⁵,
//           Δt = 10⁻⁴ (reduced units), gravity, a floor (and side walls),
// spring-dashpot (ε = 0.5) + regularised friction (μ = 0.5), each stepped by the default velocity
// Verlet (4 force evaluations per step with velocity-dependent forces, order 2) and the two
// one-evaluation DEM steppers (toolkit/contact/dem_verlet.hpp).
// One iteration = integrators::integrate_n_steps over a batch of steps (the toolkit's one loop, its
// NaN check included), items = particles × steps. Scenes are built and settled once per process
// (settling: dem-verlet-predicted, 1000 steps) and copied for every row; each row runs one untimed step
// first (its list built, its buffers touched). Rates are per CPU second of
// the benchmark thread (the machine is shared with other builds). Run pinned to one core:
//   taskset -c 1 build/release/bench/bench_contact --benchmark_repetitions=3
// Counters: contacts/particle after settling, bytes/particle held (world buffers + state + the
// stepper's vectors) and the resident-memory growth per particle while the scene was built and
// first stepped (/proc/self/statm).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>

#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/diagnostics.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/packing.hpp"
#include "toolkit/contact/world.hpp"

namespace verisim::bench {
namespace {

using contact::Laws;
using contact::World;

/// Resident memory of the process (bytes).
double resident_bytes() {
  std::ifstream f("/proc/self/statm");
  long pages = 0, resident = 0;
  f >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE));
}

template <int D>
struct Scene {
  std::unique_ptr<World<D>> world;
  core::PhaseState<core::VecX> state;
  double dt = 0.0;
  double contacts_per_particle = 0.0;
  double rss_per_particle = 0.0;
};

/// The lattice box, settled under gravity: ε = 0.5, μ = 0.5, k_n = 2·10⁵, d̄ = 1, ρ such that a sphere
/// (disc) of diameter 1 has mass 1, g = 1, Δt = 10⁻⁴ (reduced units, as the LAMMPS scene).
/// k_t: tangential relaxation γ_t Δt = 0.2, γ_t = 3.5 k_t/m (stable for the explicit kicks).
template <int D>
Scene<D> make_scene(const std::array<int, D>& cells, double polydispersity, double compression) {
  // a lattice closed by a lid, slightly compressed (compression = polydispersity/5: about 3/4 of the
  // lattice neighbours touch), then settled under gravity
  const double rss0 = resident_bytes();
  contact::LatticeOptions o;
  o.diameter = 1.0, o.polydispersity = polydispersity, o.compression = compression, o.seed = 1300, o.lid = true;
  o.density = D == 3 ? 6.0 / std::numbers::pi : 4.0 / std::numbers::pi;
  auto pack = contact::lattice_box<D>(cells, o);
  contact::WorldParams<D> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5;
  prm.gravity = core::Vec<D>::Zero();
  prm.gravity[D - 1] = -1.0;
  const double dt = 1e-4;
  prm.kt = 0.2 * 1.0 / (3.5 * dt);
  Scene<D> s;
  s.world = std::make_unique<World<D>>(std::move(pack.particles), prm, std::move(pack.walls));
  s.state = s.world->initial_state();
  s.dt = dt;
  contact::DemVerletPredicted<core::VecX> settle;
  auto ws = s.world->workspace();
  contact::integrate(settle, *s.world, ws, s.state, 0.0, dt, 1000);
  const auto [pairs, walls] = contact::contacts(*s.world, ws, s.state.q);
  const double n = static_cast<double>(s.world->size());
  s.contacts_per_particle = (2.0 * static_cast<double>(pairs) + static_cast<double>(walls)) / n;
  s.rss_per_particle = (resident_bytes() - rss0) / n;
  return s;
}

template <int D>
const Scene<D>& scene(const std::string& name) {
  static std::map<std::string, Scene<D>> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  Scene<D> s;
  if constexpr (D == 3) {
    if (name == "box3d") s = make_scene<3>({20, 20, 20}, 0.02, 0.004);
    else if (name == "scale1e3") s = make_scene<3>({5, 5, 10}, 0.02, 0.004);
    else if (name == "scale1e4") s = make_scene<3>({10, 10, 25}, 0.02, 0.004);
    else if (name == "scale1e5") s = make_scene<3>({25, 25, 40}, 0.02, 0.004);
    else if (name == "scale1e6") s = make_scene<3>({50, 50, 100}, 0.02, 0.004);
    else s = make_scene<3>({20, 15, 26}, 0.0, 0.002);  // lammps: 31 200 equal spheres, compressed fcc
  } else {
    s = make_scene<2>({320, 157}, 0.02, 0.004);  // box2d: 100 480 discs
  }
  return cache.emplace(name, std::move(s)).first->second;
}

template <class Stepper, int D>
void run(benchmark::State& st, const std::string& name) {
  const Scene<D>& sc = scene<D>(name);
  auto x = sc.state;
  Stepper stepper;
  const std::size_t n = sc.world->size();
  // steps per iteration: ~10⁷ particle-steps, at least 100 (the first step of a batch re-evaluates
  // the force for the one-evaluation steppers: ≤ 1 % extra)
  const std::size_t steps = std::max<std::size_t>(100, 10'000'000 / n);
  double t = 0.0;
  auto ws = sc.world->workspace();  // the row's run: its neighbour list kept across iterations
  // one untimed step: the run's one-time costs (the first list build, the first touch of the workspace's
  // and the stepper's buffers) stay out of the timed steps, which then cost what a step of a long run
  // costs, its rebuilds at their natural rate included (rebuilds_per_1000_steps). Without it the 10⁵ and
  // 10⁶ rows, one batch of 100 steps each, carried a first build and ~10² MB of page faults that the 10⁴
  // row spreads over 1000 steps (docs/contact.md "The bench's first step").
  t = contact::integrate(stepper, *sc.world, ws, x, t, sc.dt, 1).t;
  const std::size_t builds = ws.rebuilds();
  for (auto _ : st) {
    t = contact::integrate(stepper, *sc.world, ws, x, t, sc.dt, steps).t;
    benchmark::DoNotOptimize(x.q.data());
    benchmark::ClobberMemory();
  }
  const double ps = static_cast<double>(st.iterations()) * static_cast<double>(steps) * static_cast<double>(n);
  st.SetItemsProcessed(static_cast<std::int64_t>(ps));
  st.counters["particles"] = static_cast<double>(n);
  st.counters["ns_per_particle_step"] = benchmark::Counter(ps * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  st.counters["contacts_per_particle"] = sc.contacts_per_particle;
  // held: world buffers + state (q, v) + the stepper's vectors (VV: a, Δv, 2 kick stages, stage v:
  // 5 state vectors; dem-verlet: a (+ ṽ for the predicted one))
  const double state_vec = static_cast<double>(x.q.size()) * 8.0;
  const double stepper_vecs = Stepper::info.name == std::string_view("verlet") ? 5.0
                              : Stepper::info.name == std::string_view("dem-verlet") ? 1.0 : 2.0;
  st.counters["bytes_per_particle"] =
      (static_cast<double>(sc.world->bytes() + ws.bytes()) + (2.0 + stepper_vecs) * state_vec) / static_cast<double>(n);
  st.counters["rss_per_particle"] = sc.rss_per_particle;
  st.counters["rebuilds_per_1000_steps"] =
      1000.0 * static_cast<double>(ws.rebuilds() - builds) / (static_cast<double>(st.iterations()) * static_cast<double>(steps));
}

template <class Stepper, int D>
void register_rows(const std::string& scene_name) {
  const std::string name = scene_name + "/" + std::string(Stepper::info.name);
  benchmark::RegisterBenchmark(name.c_str(), [scene_name](benchmark::State& st) { run<Stepper, D>(st, scene_name); })
      ->Unit(benchmark::kMillisecond);  // CPU time of the benchmark thread: the machine is shared
}

template <int D>
void register_scene(const std::string& s) {
  register_rows<contact::DefaultStepper, D>(s);
  register_rows<contact::DemVerletHalfStep<core::VecX>, D>(s);
  register_rows<contact::DemVerletPredicted<core::VecX>, D>(s);
}

[[maybe_unused]] const bool kRegistered = [] {
  register_scene<3>("box3d");
  register_scene<2>("box2d");
  register_scene<3>("scale1e3");
  register_scene<3>("scale1e4");
  register_scene<3>("scale1e5");
  // 10⁶ spheres: dem-verlet only, one iteration of 100 steps, once whatever --benchmark_repetitions
  // (settling the scene takes ~3 minutes; scripts/bench runs it in a pass of its own)
  benchmark::RegisterBenchmark("scale1e6/dem-verlet", [](benchmark::State& st) { run<contact::DemVerletHalfStep<core::VecX>, 3>(st, "scale1e6"); })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1)
      ->Repetitions(1);
  register_scene<3>("lammps");
  return true;
}();

}  // namespace
}  // namespace verisim::bench
