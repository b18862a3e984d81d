#include "experiments/interop/lammps/lammps_dump.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "experiments/interop/lammps/export_lammps.hpp"
#include "experiments/io/csv.hpp"
#include "experiments/io/text.hpp"
#include "toolkit/core/memory.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;

namespace {

/// A finite number, the whole field (io's parse_number).
double number(const Lines& in, std::string_view field, std::string_view what) {
  double x = 0.0;
  if (!parse_number(field, x)) throw in.fail(fmt::format("{}: '{}' is not a number", what, shown(field)));
  if (!std::isfinite(x)) throw in.fail(fmt::format("{}: '{}' is not finite", what, shown(field)));
  return x;
}

std::size_t whole(const Lines& in, std::string_view field, std::string_view what) {
  std::size_t n = 0;
  if (!parse_whole(field, n)) throw in.fail(fmt::format("{}: '{}' is not a whole number", what, shown(field)));
  return n;
}

}  // namespace

TrajectorySet read_lammps_dump(const fs::path& file) {
  Lines in(file);
  TrajectorySet set;
  set.source = file.string();
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  const double file_bytes = ec ? INFINITY : static_cast<double>(size);
  const double available = core::available_memory().value_or(INFINITY);
  std::string line;
  while (in.next(line)) {
    if (line.empty()) continue;
    if (line != "ITEM: TIME") throw in.fail("expected 'ITEM: TIME' (the deck's dump_modify time yes) at the start of a frame");
    const double t = number(in, in.need("the time"), "ITEM: TIME");
    if (in.need("ITEM: TIMESTEP") != "ITEM: TIMESTEP") throw in.fail("expected 'ITEM: TIMESTEP'");
    (void)whole(in, in.need("the step"), "ITEM: TIMESTEP");
    if (in.need("ITEM: NUMBER OF ATOMS") != "ITEM: NUMBER OF ATOMS") throw in.fail("expected 'ITEM: NUMBER OF ATOMS'");
    const std::size_t n = whole(in, in.need("the number of atoms"), "ITEM: NUMBER OF ATOMS");
    if (n == 0) throw in.fail("no atoms");
    // the claimed count checked before anything is reserved (issue 24.11: 2·10⁹ atoms ended in std::bad_alloc):
    // each atom is a line of at least 7 numbers ("1 0 0 0 0 0 0\n", 14 bytes) in the file, and each frame is held
    // as 9 doubles and a flag per atom (73 bytes)
    constexpr double kMinAtomLine = 14.0, kHeldPerAtom = 9.0 * 8.0 + 1.0;
    const double atoms = static_cast<double>(n);
    if (atoms * kMinAtomLine > file_bytes)
      throw in.fail(fmt::format("ITEM: NUMBER OF ATOMS: {} atoms cannot be in this file of {} bytes (an atom's line has at "
                                "least {} bytes)", n, file_bytes, kMinAtomLine));
    if (const double held = atoms * kHeldPerAtom * static_cast<double>(set.t.size() + 1); held > available)
      throw in.fail(fmt::format("ITEM: NUMBER OF ATOMS: {} atoms in {} frames need an estimated {} in memory, more than {}", n,
                                set.t.size() + 1, core::bytes_text(held), core::available_memory_text()));
    if (!set.t.empty() && n != set.particles)
      throw in.fail(fmt::format("{} atoms where the first frame has {}", n, set.particles));
    if (in.need("ITEM: BOX BOUNDS").rfind("ITEM: BOX BOUNDS", 0) != 0) throw in.fail("expected 'ITEM: BOX BOUNDS'");
    for (int k = 0; k < 3; ++k) in.need("a box bound");
    const std::string header = in.need("ITEM: ATOMS");
    if (header.rfind("ITEM: ATOMS", 0) != 0) throw in.fail("expected 'ITEM: ATOMS <columns>'");
    const auto cols = split(std::string_view(header).substr(11), ' ');
    std::map<std::string_view, std::size_t> at;
    for (std::size_t c = 0; c < cols.size(); ++c) at[cols[c]] = c;
    for (const char* need : {"id", "x", "y", "z", "vx", "vy", "vz"})
      if (!at.count(need)) throw in.fail(fmt::format("the column '{}' is missing", need));
    const bool spin = at.count("omegax") && at.count("omegay") && at.count("omegaz");
    const bool ke = at.count("v_ke") > 0, rad = at.count("radius") > 0;
    if (set.t.empty()) set.particles = n, set.has_spin = spin, set.radius.assign(rad ? n : 0, 0.0);
    std::vector<double> x(3 * n), v(3 * n), w(3 * n, 0.0);
    std::vector<char> seen(n, 0);
    double kinetic = ke ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    for (std::size_t r = 0; r < n; ++r) {
      const std::string row = in.need("an atom's line");
      const auto f = split(row, ' ');
      if (f.size() != cols.size()) throw in.fail(fmt::format("{} fields where ITEM: ATOMS names {}", f.size(), cols.size()));
      const std::size_t id = whole(in, f[at["id"]], "id");
      if (id < 1 || id > n) throw in.fail(fmt::format("atom id {} outside 1 … {}", id, n));
      if (seen[id - 1]) throw in.fail(fmt::format("atom id {} twice in one frame", id));
      seen[id - 1] = 1;
      const std::size_t i = id - 1;
      const char* xs[] = {"x", "y", "z"};
      const char* vs[] = {"vx", "vy", "vz"};
      const char* ws[] = {"omegax", "omegay", "omegaz"};
      for (std::size_t c = 0; c < 3; ++c) {
        x[3 * i + c] = number(in, f[at[xs[c]]], xs[c]);
        v[3 * i + c] = number(in, f[at[vs[c]]], vs[c]);
        if (spin) w[3 * i + c] = number(in, f[at[ws[c]]], ws[c]);
      }
      if (ke) kinetic += number(in, f[at["v_ke"]], "v_ke");
      if (rad && set.t.empty()) set.radius[i] = number(in, f[at["radius"]], "radius");
    }
    set.t.push_back(t);
    set.x.push_back(std::move(x));
    set.v.push_back(std::move(v));
    set.w.push_back(std::move(w));
    set.kinetic.push_back(kinetic);
  }
  if (set.t.empty()) throw std::invalid_argument(fmt::format("{}:1: no frame (an empty dump: did LAMMPS run?)", in.source()));
  return set;
}

TrajectorySet trajectory_set(const scene::Samples& trajectory, const scene::Samples* energy, const std::string& source) {
  TrajectorySet set;
  set.source = source;
  const auto& header = trajectory.header();
  if (header.empty() || header[0] != "t") throw std::invalid_argument(fmt::format("{}:1: the first column is not 't'", source));
  // objects in column order: every column "<name>.x" starts one
  std::vector<std::string> names;
  for (const auto& h : header)
    if (h.size() > 2 && h.ends_with(".x")) names.push_back(h.substr(0, h.size() - 2));
  if (names.empty()) throw std::invalid_argument(fmt::format("{}:1: no '<name>.x' column", source));
  struct Cols {
    std::size_t x[3], v[3], w[3];
    bool spin3, spinz;
  };
  std::vector<Cols> cols;
  for (const auto& nm : names) {
    Cols c{};
    const char* xs[] = {"x", "y", "z"};
    const char* vs[] = {"vx", "vy", "vz"};
    for (std::size_t k = 0; k < 3; ++k) {
      for (auto [suffix, dst] : {std::pair{xs[k], &c.x[k]}, std::pair{vs[k], &c.v[k]}}) {
        const auto at = trajectory.find(nm + "." + suffix);
        if (!at) throw std::invalid_argument(fmt::format("{}:1: the column '{}.{}' is missing", source, nm, suffix));
        *dst = *at;
      }
    }
    const auto wx = trajectory.find(nm + ".wx"), wy = trajectory.find(nm + ".wy"), wz = trajectory.find(nm + ".wz");
    c.spin3 = wx && wy && wz;
    c.spinz = !c.spin3 && wz;
    if (c.spin3) c.w[0] = *wx, c.w[1] = *wy;
    if (wz) c.w[2] = *wz;
    cols.push_back(c);
  }
  set.particles = names.size();
  set.has_spin = std::all_of(cols.begin(), cols.end(), [](const Cols& c) { return c.spin3 || c.spinz; });
  for (std::size_t r = 0; r < trajectory.rows(); ++r) {
    set.t.push_back(trajectory.at(r, 0));
    std::vector<double> x(3 * set.particles), v(3 * set.particles), w(3 * set.particles, 0.0);
    for (std::size_t i = 0; i < set.particles; ++i)
      for (std::size_t k = 0; k < 3; ++k) {
        x[3 * i + k] = trajectory.at(r, cols[i].x[k]);
        v[3 * i + k] = trajectory.at(r, cols[i].v[k]);
        if (cols[i].spin3 || (cols[i].spinz && k == 2)) w[3 * i + k] = trajectory.at(r, cols[i].w[k]);
      }
    set.x.push_back(std::move(x));
    set.v.push_back(std::move(v));
    set.w.push_back(std::move(w));
  }
  set.kinetic.assign(set.t.size(), std::numeric_limits<double>::quiet_NaN());
  if (energy) {
    const auto k = energy->find("kinetic");
    if (!k) throw std::invalid_argument(fmt::format("{}:1: no 'kinetic' column", source));
    if (energy->rows() != set.t.size())
      throw std::invalid_argument(fmt::format("{}: {} energy rows where the trajectory has {}", source, energy->rows(), set.t.size()));
    for (std::size_t r = 0; r < energy->rows(); ++r) set.kinetic[r] = energy->at(r, *k);
  }
  return set;
}

TrajectorySet read_verisim_trajectory(const fs::path& file) {
  const auto samples = [](const fs::path& f) {
    Csv csv = read_csv(f);
    scene::Samples s;
    try {
      s.set_header(std::move(csv.header));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("{}:1: {}", f.string(), e.what()));
    }
    s.values.reserve(csv.rows.size() * s.header().size());
    for (const auto& row : csv.rows) s.values.insert(s.values.end(), row.begin(), row.end());
    return s;
  };
  const scene::Samples trajectory = samples(file);
  // the energy file beside it: <integrator>_energy.csv, same rows
  std::string stem = file.filename().string();
  const std::string suffix = "_trajectory.csv";
  if (stem.size() > suffix.size() && stem.ends_with(suffix)) {
    const fs::path energy_file = file.parent_path() / (stem.substr(0, stem.size() - suffix.size()) + "_energy.csv");
    if (fs::exists(energy_file)) {
      const scene::Samples energy = samples(energy_file);
      if (!energy.find("kinetic")) throw std::invalid_argument(fmt::format("{}:1: no 'kinetic' column", energy_file.string()));
      if (energy.rows() != trajectory.rows())
        throw std::invalid_argument(
            fmt::format("{}: {} rows where {} has {}", energy_file.string(), energy.rows(), file.string(), trajectory.rows()));
      return trajectory_set(trajectory, &energy, file.string());
    }
  }
  return trajectory_set(trajectory, nullptr, file.string());
}

TrajectorySet read_trajectory_folder(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw std::invalid_argument(fmt::format("'{}' is not a folder (give a `verisim run` or `verisim export lammps` folder)", dir.string()));
  for (const fs::path& dump : {dir / "data" / kLammpsDump, dir / kLammpsDump})
    if (fs::is_regular_file(dump, ec)) return read_lammps_dump(dump);
  std::vector<fs::path> csvs;
  for (const fs::path& d : {dir / "data", dir})
    if (fs::is_directory(d, ec))
      for (const auto& e : fs::directory_iterator(d, ec)) {
        const std::string name = e.path().filename().string();
        if (name.size() > 15 && name.ends_with("_trajectory.csv")) csvs.push_back(e.path());
      }
  if (csvs.empty())
    throw std::invalid_argument(fmt::format("'{}': neither a LAMMPS dump ({}/data/{}: run the exported deck there first) nor a "
                                            "`verisim run` trajectory (data/<integrator>_trajectory.csv)",
                                            dir.string(), dir.string(), kLammpsDump));
  std::sort(csvs.begin(), csvs.end());
  return read_verisim_trajectory(csvs.front());
}

}  // namespace verisim::experiments
