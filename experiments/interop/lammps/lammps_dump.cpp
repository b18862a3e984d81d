#include "experiments/interop/lammps/lammps_dump.hpp"

#include <algorithm>
#include <cmath>
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

/// The line without its trailing spaces.
std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
  return s;
}

}  // namespace

core::Samples read_lammps_dump(const fs::path& file) {
  Lines in(file);
  core::Samples set;
  std::size_t particles = 0, stride = 0;  // per atom: x y z vx vy vz, then its spins and radius when given
  bool spin = false, ke = false, rad = false;
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  const double file_bytes = ec ? INFINITY : static_cast<double>(size);
  const double available = core::available_memory().value_or(INFINITY);
  std::string line;
  while (in.next(line)) {
    if (line.empty()) continue;
    // LAMMPS (dump_modify time yes): ITEM: TIME, then ITEM: TIMESTEP; LIGGGHTS 3.8 has no ITEM: TIME: its frames
    // start at ITEM: TIMESTEP and the deck dumps the time as the per-atom column v_time (export_liggghts.hpp)
    double t = 0.0;
    const bool timed = line == "ITEM: TIME";
    if (!timed && line != "ITEM: TIMESTEP")
      throw in.fail("expected 'ITEM: TIME' (the deck's dump_modify time yes) or 'ITEM: TIMESTEP' at the start of a frame");
    if (timed) {
      t = number(in, in.need("the time"), "ITEM: TIME");
      if (in.need("ITEM: TIMESTEP") != "ITEM: TIMESTEP") throw in.fail("expected 'ITEM: TIMESTEP'");
    }
    (void)whole(in, in.need("the step"), "ITEM: TIMESTEP");
    if (in.need("ITEM: NUMBER OF ATOMS") != "ITEM: NUMBER OF ATOMS") throw in.fail("expected 'ITEM: NUMBER OF ATOMS'");
    const std::size_t n = whole(in, in.need("the number of atoms"), "ITEM: NUMBER OF ATOMS");
    if (n == 0) throw in.fail("no atoms");
    // the claimed count checked before anything is reserved (issue 24.11: 2·10⁹ atoms ended in std::bad_alloc):
    // each atom is a line of at least 7 numbers ("1 0 0 0 0 0 0\n", 14 bytes) in the file, and each frame is held
    // as at most 10 doubles per atom (x, v, ω, radius: 80 bytes)
    constexpr double kMinAtomLine = 14.0, kHeldPerAtom = 10.0 * 8.0;
    const double atoms = static_cast<double>(n);
    if (atoms * kMinAtomLine > file_bytes)
      throw in.fail(fmt::format("ITEM: NUMBER OF ATOMS: {} atoms cannot be in this file of {} bytes (an atom's line has at "
                                "least {} bytes)", n, file_bytes, kMinAtomLine));
    if (const double held = atoms * kHeldPerAtom * static_cast<double>(set.rows() + 1); held > available)
      throw in.fail(fmt::format("ITEM: NUMBER OF ATOMS: {} atoms in {} frames need an estimated {} in memory, more than {}", n,
                                set.rows() + 1, core::bytes_text(held), core::available_memory_text()));
    if (set.rows() > 0 && n != particles) throw in.fail(fmt::format("{} atoms where the first frame has {}", n, particles));
    if (in.need("ITEM: BOX BOUNDS").rfind("ITEM: BOX BOUNDS", 0) != 0) throw in.fail("expected 'ITEM: BOX BOUNDS'");
    for (int k = 0; k < 3; ++k) in.need("a box bound");
    const std::string header = trimmed(in.need("ITEM: ATOMS"));  // LIGGGHTS ends its lines with a space
    if (header.rfind("ITEM: ATOMS", 0) != 0) throw in.fail("expected 'ITEM: ATOMS <columns>'");
    const auto cols = split(std::string_view(header).substr(11), ' ');
    std::map<std::string_view, std::size_t> at;
    for (std::size_t c = 0; c < cols.size(); ++c) at[cols[c]] = c;
    for (const char* need : {"id", "x", "y", "z", "vx", "vy", "vz"})
      if (!at.count(need)) throw in.fail(fmt::format("the column '{}' is missing", need));
    if (!timed && !at.count("v_time"))
      throw in.fail("a frame without ITEM: TIME needs the per-atom column v_time (verisim export liggghts's dump)");
    const bool has_spin = at.count("omegax") && at.count("omegay") && at.count("omegaz");
    const bool has_ke = at.count("v_ke") > 0, has_rad = at.count("radius") > 0;
    if (set.rows() == 0) {  // the first frame names the table's columns
      particles = n, spin = has_spin, ke = has_ke, rad = has_rad;
      stride = 6 + (spin ? 3 : 0) + (rad ? 1 : 0);
      std::vector<std::string> names{"t"};
      for (std::size_t i = 1; i <= n; ++i) {
        for (const char* c : {"x", "y", "z", "vx", "vy", "vz"}) names.push_back(fmt::format("atom{}.{}", i, c));
        if (spin)
          for (const char* c : {"wx", "wy", "wz"}) names.push_back(fmt::format("atom{}.{}", i, c));
        if (rad) names.push_back(fmt::format("atom{}.radius", i));
      }
      if (ke) names.push_back("kinetic");
      set.set_header(std::move(names));
    } else if (has_spin != spin || has_ke != ke || has_rad != rad) {
      throw in.fail("ITEM: ATOMS names other columns than the first frame's");
    }
    const auto row = set.push_row();
    std::vector<char> seen(n, 0);
    for (std::size_t r = 0; r < n; ++r) {
      const std::string atom = trimmed(in.need("an atom's line"));
      const auto f = split(atom, ' ');
      if (f.size() != cols.size()) throw in.fail(fmt::format("{} fields where ITEM: ATOMS names {}", f.size(), cols.size()));
      const std::size_t id = whole(in, f[at["id"]], "id");
      if (id < 1 || id > n) throw in.fail(fmt::format("atom id {} outside 1 … {}", id, n));
      if (seen[id - 1]) throw in.fail(fmt::format("atom id {} twice in one frame", id));
      seen[id - 1] = 1;
      std::size_t c = 1 + (id - 1) * stride;
      for (const char* name : {"x", "y", "z", "vx", "vy", "vz"}) row[c++] = number(in, f[at[name]], name);
      if (spin)
        for (const char* name : {"omegax", "omegay", "omegaz"}) row[c++] = number(in, f[at[name]], name);
      if (rad) row[c] = number(in, f[at["radius"]], "radius");
      if (ke) row[row.size() - 1] += number(in, f[at["v_ke"]], "v_ke");
      if (!timed) {  // every atom carries the frame's time: they must agree
        const double ta = number(in, f[at["v_time"]], "v_time");
        if (r > 0 && ta != t) throw in.fail(fmt::format("v_time {} where the frame's first atom has {}", ta, t));
        t = ta;
      }
    }
    row[0] = t;
  }
  if (set.rows() == 0) throw std::invalid_argument(fmt::format("{}:1: no frame (an empty dump: did LAMMPS run?)", in.source()));
  return set;
}

core::Samples with_kinetic(const core::Samples& trajectory, const core::Samples& energy, const std::string& source) {
  const auto k = energy.find("kinetic");
  if (!k) throw std::invalid_argument(fmt::format("{}:1: no 'kinetic' column", source));
  if (energy.rows() != trajectory.rows())
    throw std::invalid_argument(
        fmt::format("{}: {} energy rows where the trajectory has {}", source, energy.rows(), trajectory.rows()));
  std::vector<std::string> names = trajectory.header();
  names.push_back("kinetic");
  core::Samples out;
  try {
    out.set_header(std::move(names));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}:1: {}", source, e.what()));
  }
  out.reserve(trajectory.rows());
  for (std::size_t r = 0; r < trajectory.rows(); ++r) {
    const auto row = out.push_row();
    const auto in = trajectory.row(r);
    std::copy(in.begin(), in.end(), row.begin());
    row[in.size()] = energy.at(r, *k);
  }
  return out;
}

core::Samples read_verisim_trajectory(const fs::path& file) {
  const auto samples = [](const fs::path& f) {
    Csv csv = read_csv(f);
    core::Samples s;
    try {
      s.set_header(std::move(csv.header));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("{}:1: {}", f.string(), e.what()));
    }
    s.reserve(csv.rows.size());
    for (const auto& row : csv.rows) s.push_row(row);
    return s;
  };
  core::Samples trajectory = samples(file);
  // the energy file beside it: <integrator>_energy.csv, same rows
  std::string stem = file.filename().string();
  const std::string suffix = "_trajectory.csv";
  if (stem.size() > suffix.size() && stem.ends_with(suffix)) {
    const fs::path energy_file = file.parent_path() / (stem.substr(0, stem.size() - suffix.size()) + "_energy.csv");
    if (fs::exists(energy_file)) return with_kinetic(trajectory, samples(energy_file), energy_file.string());
  }
  return trajectory;
}

fs::path trajectory_file(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw std::invalid_argument(fmt::format("'{}' is not a folder (give a `verisim run` or `verisim export lammps` folder)", dir.string()));
  for (const fs::path& dump : {dir / "data" / kLammpsDump, dir / kLammpsDump})
    if (fs::is_regular_file(dump, ec)) return dump;
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
  return csvs.front();
}

core::Samples read_trajectory(const fs::path& file) {
  return file.filename() == kLammpsDump ? read_lammps_dump(file) : read_verisim_trajectory(file);
}

}  // namespace verisim::experiments
