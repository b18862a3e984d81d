#include "experiments/interop/peers/peer_impact.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/io/number.hpp"
#include "experiments/io/text.hpp"
#include "experiments/support/process.hpp"

namespace verisim::experiments {
namespace {

using Vec3 = std::array<double, 3>;

// io's number policy: the shortest text that reads back as the same double (≤ 17 digits)
std::string num(double x) { return exact_number(x); }
std::string vec(const Vec3& v) { return fmt::format("{} {} {}", num(v[0]), num(v[1]), num(v[2])); }

void require(bool ok, std::string_view field, std::string_view what) {
  if (!ok) throw std::invalid_argument(fmt::format("PeerImpact.{}: {}", field, what));
}
void require_finite(const Vec3& v, std::string_view field) {
  require(std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]), field, "must be finite");
}

// The rigid plane's material in LAMMPS 29 Sep 2021's `fix wall/gran granular hertz/material E η ν`:
// that fix takes one E and ν for particle and wall and sets (measured, docs/peers.md: the peak force
// of a wall impact matches E/(2(1−ν)) to 3·10⁻⁷, not the E/(2(1−ν²)) of pair granular's mixing)
//   (4/3) E*_wall = (4/3) E_given / (2(1 − ν)).
// A rigid plane has E* = E/(1 − ν²) (Johnson 1985 §4.2 with E_wall → ∞), so E_given = 2E/(1 + ν).
double lammps_wall_modulus(const PeerMaterial& m) { return 2 * m.youngs_modulus / (1 + m.poisson); }
// The rigid plane's Mindlin stiffness per unit contact radius, 8 G* with G* = G/(2 − ν), G = E/(2(1+ν))
// (Mindlin 1949; Johnson 1985 §7.2): given explicitly because `NULL` would derive G* from the
// compensated E_given above (a factor 1/(1+ν) too small).
double rigid_mindlin(const PeerMaterial& m) { return 8 * m.youngs_modulus / (2 * (1 + m.poisson) * (2 - m.poisson)); }
// LIGGGHTS's rigid plane: a second atom type whose E is so large that (1−ν²)/E_wall vanishes beside
// (1−ν²)/E (relative 10⁻¹⁹ for glass): its mixing E* = 1/((1−ν₁²)/E₁ + (1−ν₂²)/E₂) is then the rigid
// one, and G* = 1/(2(2−ν₁)(1+ν₁)/E₁ + …) the rigid G/(2−ν) too.
constexpr double kLiggghtsRigidModulus = 1e30;

struct Box {
  Vec3 lo, hi;
};
Box box_of(const PeerImpact& im) {
  const double r = im.wall ? im.radius_i : std::max(im.radius_i, im.radius_j);
  Box b{};
  for (int k = 0; k < 3; ++k) {
    b.lo[k] = im.x_i[k] - im.radius_i;
    b.hi[k] = im.x_i[k] + im.radius_i;
    if (im.wall) {
      b.lo[k] = std::min(b.lo[k], 0.0);
      b.hi[k] = std::max(b.hi[k], 0.0);
    } else {
      b.lo[k] = std::min(b.lo[k], im.x_j[k] - im.radius_j);
      b.hi[k] = std::max(b.hi[k], im.x_j[k] + im.radius_j);
    }
    b.lo[k] -= r;  // shrink-wrapped (boundary m m m) from here on: no atom is lost
    b.hi[k] += r;
  }
  return b;
}

// The sampled quantities, the same text in both codes (equal-style variables of atoms 1 and 2 by id:
// `atom_modify map array`; the spins through compute property/atom). Columns of kPeerSamples:
// step δ F_n |F_t| v_i ω_i [v_j ω_j].
std::string sample_lines(const PeerImpact& im) {
  std::string s;
  s += "compute spin all property/atom omegax omegay omegaz\n";
  s += "variable step equal step\n";
  if (im.wall) {
    // The plane x = 0 bounds the half-space x > 0; n = +x from the sphere to the plane.
    s += fmt::format("variable delta equal {}+x[1]\n", num(im.radius_i));
    s += "variable fn equal -fx[1]\n";
    s += "variable ft equal sqrt(fy[1]*fy[1]+fz[1]*fz[1])\n";
  } else {
    s += "variable dx equal x[2]-x[1]\nvariable dy equal y[2]-y[1]\nvariable dz equal z[2]-z[1]\n";
    s += "variable dist equal sqrt(v_dx*v_dx+v_dy*v_dy+v_dz*v_dz)\n";
    s += fmt::format("variable delta equal {}-v_dist\n", num(im.radius_i + im.radius_j));
    s += "variable fn equal -(fx[1]*v_dx+fy[1]*v_dy+fz[1]*v_dz)/v_dist\n";
    s += "variable ftx equal fx[1]+v_fn*v_dx/v_dist\nvariable fty equal fy[1]+v_fn*v_dy/v_dist\n"
         "variable ftz equal fz[1]+v_fn*v_dz/v_dist\n";
    s += "variable ft equal sqrt(v_ftx*v_ftx+v_fty*v_fty+v_ftz*v_ftz)\n";
  }
  std::string line = "${step} ${delta} ${fn} ${ft}";
  const int bodies = im.wall ? 1 : 2;
  for (int b = 1; b <= bodies; ++b) {
    s += fmt::format("variable vx{0} equal vx[{0}]\nvariable vy{0} equal vy[{0}]\nvariable vz{0} equal vz[{0}]\n", b);
    s += fmt::format("variable wx{0} equal c_spin[{0}][1]\nvariable wy{0} equal c_spin[{0}][2]\nvariable wz{0} equal c_spin[{0}][3]\n", b);
    line += fmt::format(" ${{vx{0}}} ${{vy{0}}} ${{vz{0}}} ${{wx{0}}} ${{wy{0}}} ${{wz{0}}}", b);
  }
  s += fmt::format("fix samples all print {} \"{}\" file {} screen no\n", im.sample_every, line, kPeerSamples);
  return s;
}

// The spins: LAMMPS 29 Sep 2021's `set … omega wx wy wz`; LIGGGHTS 3.8's `set` has no `omega` but
// `omegax`, `omegay`, `omegaz` (src/set.cpp), and its `velocity setAngular` needs ellipsoids' angmom.
std::string atoms(PeerCode code, const PeerImpact& im) {
  std::string s;
  const int bodies = im.wall ? 1 : 2;
  for (int b = 1; b <= bodies; ++b) {
    const Vec3& x = b == 1 ? im.x_i : im.x_j;
    s += fmt::format("create_atoms 1 single {} units box\n", vec(x));
  }
  for (int b = 1; b <= bodies; ++b) {
    const double r = b == 1 ? im.radius_i : im.radius_j;
    const Vec3& v = b == 1 ? im.v_i : im.v_j;
    const Vec3& w = b == 1 ? im.w_i : im.w_j;
    const double rho = b == 1 ? im.material.density : im.density_ratio_j * im.material.density;
    s += fmt::format("set atom {} diameter {}\nset atom {} density {}\n", b, num(2 * r), b, num(rho));
    if (code == PeerCode::lammps)
      s += fmt::format("set atom {} omega {}\n", b, vec(w));
    else
      s += fmt::format("set atom {} omegax {} omegay {} omegaz {}\n", b, num(w[0]), num(w[1]), num(w[2]));
    s += fmt::format("group body{0} id {0}\nvelocity body{0} set {1} units box\n", b, vec(v));
  }
  return s;
}

std::string header(PeerCode code, const PeerImpact& im) {
  return fmt::format(
      "# verisim peer impact (docs/peers.md, experiments/interop/peers/peer_impact.hpp): {}, E = {} Pa, nu = {}, rho = {} kg/m^3,\n"
      "# restitution {}, friction {}, dt = {} s, {} steps. Run in this folder: {} -in {}\n"
      "# Samples every {} steps into {}: step delta F_n |F_t| v_i w_i{}\n",
      im.wall ? "a sphere on the rigid plane x = 0 (sphere at x < 0)" : "two spheres", num(im.material.youngs_modulus),
      num(im.material.poisson), num(im.material.density), num(im.restitution), num(im.mu), num(im.dt), im.steps,
      peer_program(code), peer_deck_name(code), im.sample_every, kPeerSamples, im.wall ? "" : " v_j w_j");
}

std::string lammps_deck(const PeerImpact& im) {
  const Box b = box_of(im);
  const LammpsDamping damping = lammps_damping_for_restitution(im.restitution);
  std::string s = header(PeerCode::lammps, im);
  s += "units si\natom_style sphere\natom_modify map array\ndimension 3\nboundary m m m\nnewton off\ncomm_modify vel yes\n";
  s += fmt::format("region box block {} {} {} {} {} {} units box\ncreate_box 1 box\n", num(b.lo[0]), num(b.hi[0]),
                   num(b.lo[1]), num(b.hi[1]), num(b.lo[2]), num(b.hi[2]));
  s += atoms(PeerCode::lammps, im);
  s += "pair_style granular\n";
  s += fmt::format("pair_coeff * * {}\n", lammps_pair_coeff(im.material, damping, 0.0, im.mu));
  const double skin = 0.1 * (im.wall ? im.radius_i : std::min(im.radius_i, im.radius_j));
  s += fmt::format("neighbor {} bin\nneigh_modify delay 0 every 1 check yes\n", num(skin));
  s += "fix integrate all nve/sphere\n";
  if (im.wall)
    s += fmt::format(
        "# rigid plane: E_wall = 2E/(1+nu) because this fix takes E/(2(1-nu)) as E*; k_t = 8 G/(2-nu) given explicitly\n"
        "fix wall all wall/gran granular {} xplane NULL 0.0\n",
        lammps_wall_model(im.material, damping, 0.0, im.mu));
  s += fmt::format("timestep {}\n", num(im.dt));
  s += sample_lines(im);
  s += "thermo 0\n";
  s += fmt::format("run {}\n", im.steps);
  return s;
}

std::string liggghts_deck(const PeerImpact& im) {
  const Box b = box_of(im);
  const int types = im.wall ? 2 : 1;  // type 2: the rigid plane's material
  std::string s = header(PeerCode::liggghts, im);
  // LIGGGHTS refuses E > 1e9 Pa in SI units unless `hard_particles yes` (src/global_properties.cpp).
  s += "atom_style granular\natom_modify map array\nboundary m m m\nnewton off\ncommunicate single vel yes\nunits si\n"
       "hard_particles yes\n";
  s += fmt::format("region box block {} {} {} {} {} {} units box\ncreate_box {} box\n", num(b.lo[0]), num(b.hi[0]),
                   num(b.lo[1]), num(b.hi[1]), num(b.lo[2]), num(b.hi[2]), types);
  const double skin = 0.1 * (im.wall ? im.radius_i : std::min(im.radius_i, im.radius_j));
  s += fmt::format("neighbor {} bin\nneigh_modify delay 0\n", num(skin));
  s += liggghts_material_fixes(im.material, im.restitution, im.mu, im.wall);
  s += fmt::format("pair_style gran {}\npair_coeff * *\n", liggghts_model(false));
  s += fmt::format("timestep {}\n", num(im.dt));
  // The model's keywords follow the wall's geometry in fix wall/gran (before it: "wrong keyword order").
  if (im.wall) s += "fix wall all wall/gran model hertz tangential history primitive type 2 xplane 0.0 tangential_damping off\n";
  s += "fix integrate all nve/sphere\n";
  s += atoms(PeerCode::liggghts, im);
  s += sample_lines(im);
  s += "thermo 0\n";
  s += fmt::format("run {}\n", im.steps);
  return s;
}

}  // namespace

LammpsDamping lammps_damping_for_restitution(double restitution) {
  // ε = 1: no damping at all (`damping viscoelastic` with η_n0 = 0); tsuji's fit gives α(1) = 3.0·10⁻⁴.
  if (restitution == 1.0) return {"viscoelastic", 0.0};
  return {"tsuji", restitution};
}

double lammps_tsuji_fit(double e) {
  // LAMMPS 29 Sep 2021, src/GRANULAR/pair_granular.cpp coeff() (Tsuji et al. 1992's fit), in its order of evaluation
  return 1.2728 - 4.2783 * e + 11.087 * std::pow(e, 2) - 22.348 * std::pow(e, 3) + 27.467 * std::pow(e, 4) -
         18.022 * std::pow(e, 5) + 4.8218 * std::pow(e, 6);
}

LammpsDamping lammps_damping_for_alpha(double alpha) {
  if (alpha == 0.0) return {"viscoelastic", 0.0};
  const double top = lammps_tsuji_fit(0.0), bottom = lammps_tsuji_fit(1.0);
  if (!(alpha > bottom && alpha <= top))
    throw std::invalid_argument(fmt::format(
        "Tsuji's alpha = {} is outside the range ({:.6g}, {:.6g}] of LAMMPS 29 Sep 2021's damping tsuji fit (its "
        "polynomial in the restitution); no keyword gives it exactly", alpha, bottom, top));
  // the fit decreases on [0, 1] (its derivative is negative there: checked by the bisection's bracket at every step)
  double lo = 0.0, hi = 1.0;
  for (int k = 0; k < 200 && hi - lo > 0.0; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    (lammps_tsuji_fit(mid) > alpha ? lo : hi) = mid;
  }
  // the nearer of the two ends
  const double e = std::abs(lammps_tsuji_fit(lo) - alpha) <= std::abs(lammps_tsuji_fit(hi) - alpha) ? lo : hi;
  return {"tsuji", e};
}

std::string lammps_pair_coeff(const PeerMaterial& m, const LammpsDamping& d, double xt, double mu) {
  return fmt::format("hertz/material {} {} {} damping {} tangential mindlin NULL {} {}", num(m.youngs_modulus),
                     num(d.coefficient), num(m.poisson), d.model, num(xt), num(mu));
}

std::string lammps_wall_model(const PeerMaterial& m, const LammpsDamping& d, double xt, double mu) {
  return fmt::format("hertz/material {} {} {} damping {} tangential mindlin {} {} {}", num(lammps_wall_modulus(m)),
                     num(d.coefficient), num(m.poisson), d.model, num(rigid_mindlin(m)), num(xt), num(mu));
}

double liggghts_restitution_for_alpha(double alpha) {
  const double b = alpha / std::sqrt(5.0);  // α = −√5 β (header), β = −b
  if (!(b >= 0.0 && b < 1.0))
    throw std::invalid_argument(fmt::format("Tsuji's alpha = {} is beyond LIGGGHTS's hertz damping (alpha = -sqrt(5) beta, "
                                            "|beta| < 1: alpha < {:.6g})", alpha, std::sqrt(5.0)));
  if (b == 0.0) return 1.0;
  return std::exp(-std::numbers::pi * b / std::sqrt(1.0 - b * b));  // β = ln ε/√(ln²ε + π²) solved for ε
}

double liggghts_tangential_damping(double poisson) { return std::sqrt(2.0 * (1.0 - poisson) / (2.0 - poisson)); }

std::string liggghts_material_fixes(const PeerMaterial& m, double restitution, double mu, bool wall) {
  auto per_type = [&](double particle, double w) { return wall ? fmt::format("{} {}", num(particle), num(w)) : num(particle); };
  auto per_pair = [&](double x) { return wall ? fmt::format("2 {0} {0} {0} {0}", num(x)) : fmt::format("1 {}", num(x)); };
  std::string s;
  s += fmt::format("fix m1 all property/global youngsModulus peratomtype {}\n", per_type(m.youngs_modulus, kLiggghtsRigidModulus));
  s += fmt::format("fix m2 all property/global poissonsRatio peratomtype {}\n", per_type(m.poisson, m.poisson));
  s += fmt::format("fix m3 all property/global coefficientRestitution peratomtypepair {}\n", per_pair(restitution));
  s += fmt::format("fix m4 all property/global coefficientFriction peratomtypepair {}\n", per_pair(mu));
  return s;
}

std::string liggghts_model(bool tangential_damping) {
  return fmt::format("model hertz tangential history tangential_damping {}", tangential_damping ? "on" : "off");
}

std::string_view peer_name(PeerCode code) { return code == PeerCode::lammps ? "lammps" : "liggghts"; }
std::string_view peer_program(PeerCode code) { return code == PeerCode::lammps ? "lmp" : "liggghts"; }
std::string_view peer_deck_name(PeerCode code) { return code == PeerCode::lammps ? "in.lammps" : "in.liggghts"; }

void validate(const PeerImpact& im) {
  const PeerMaterial& m = im.material;
  require(std::isfinite(m.youngs_modulus) && m.youngs_modulus > 0, "material.youngs_modulus", "must be a positive number");
  require(std::isfinite(m.poisson) && m.poisson >= 0 && m.poisson < 0.5, "material.poisson", "must lie in [0, 0.5)");
  require(std::isfinite(m.density) && m.density > 0, "material.density", "must be a positive number");
  require(std::isfinite(im.density_ratio_j) && im.density_ratio_j > 0, "density_ratio_j", "must be a positive number");
  require(std::isfinite(im.radius_i) && im.radius_i > 0, "radius_i", "must be a positive number");
  if (!im.wall) require(std::isfinite(im.radius_j) && im.radius_j > 0, "radius_j", "must be a positive number");
  require_finite(im.x_i, "x_i");
  require_finite(im.v_i, "v_i");
  require_finite(im.w_i, "w_i");
  if (!im.wall) {
    require_finite(im.x_j, "x_j");
    require_finite(im.v_j, "v_j");
    require_finite(im.w_j, "w_j");
  }
  require(std::isfinite(im.restitution) && im.restitution > 0 && im.restitution <= 1, "restitution", "must lie in (0, 1]");
  require(std::isfinite(im.mu) && im.mu >= 0, "mu", "must be a number ≥ 0");
  require(std::isfinite(im.dt) && im.dt > 0, "dt", "must be a positive number");
  require(im.sample_every > 0, "sample_every", "must be at least 1");
  require(im.steps > 0 && im.steps % im.sample_every == 0, "steps",
          "must be a positive multiple of sample_every (the last step is a sample)");
  if (im.wall) {
    require(im.x_i[0] + im.radius_i <= 0, "x_i", "the sphere must start at x ≤ −radius_i, apart from the plane x = 0");
  } else {
    const double d = std::hypot(im.x_j[0] - im.x_i[0], im.x_j[1] - im.x_i[1], im.x_j[2] - im.x_i[2]);
    require(d >= im.radius_i + im.radius_j, "x_j", "the spheres must start apart (|x_j − x_i| ≥ radius_i + radius_j)");
  }
}

std::string write_deck(PeerCode code, const PeerImpact& impact) {
  validate(impact);
  return code == PeerCode::lammps ? lammps_deck(impact) : liggghts_deck(impact);
}

PeerResult read_peer_samples(const std::filesystem::path& file, const PeerImpact& im) {
  PeerResult r;
  const std::size_t columns = im.wall ? 10 : 16;
  Lines lines(file);
  std::string line;
  std::vector<double> last;
  double previous_step = -1;
  while (lines.next(line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto fields = split(line, ' ');
    if (fields.size() != columns)
      throw lines.fail(fmt::format("{} fields where {} were expected (step δ F_n |F_t| v ω{})", fields.size(), columns,
                                   im.wall ? "" : " v_j ω_j"));
    std::vector<double> x(columns);
    for (std::size_t k = 0; k < columns; ++k)
      if (!parse_number(fields[k], x[k]) || !std::isfinite(x[k]))
        throw lines.fail(fmt::format("field {} is not a finite number: {}", k + 1, shown(fields[k])));
    if (x[0] <= previous_step) throw lines.fail(fmt::format("step {} does not follow step {}", x[0], previous_step));
    previous_step = x[0];
    r.t.push_back(x[0] * im.dt);
    r.overlap.push_back(x[1]);
    r.normal_force.push_back(x[2]);
    r.tangential_force.push_back(x[3]);
    last = std::move(x);
  }
  if (r.t.empty()) throw std::runtime_error(fmt::format("{}: no samples", file.string()));
  if (previous_step != static_cast<double>(im.steps))
    throw std::runtime_error(fmt::format("{}: the last sample is step {}, not the run's last step {}", file.string(),
                                         previous_step, im.steps));
  for (int k = 0; k < 3; ++k) {
    r.v_i[k] = last[4 + k];
    r.w_i[k] = last[7 + k];
    if (!im.wall) {
      r.v_j[k] = last[10 + k];
      r.w_j[k] = last[13 + k];
    }
  }
  r.peak_force = *std::max_element(r.normal_force.begin(), r.normal_force.end());
  r.max_overlap = *std::max_element(r.overlap.begin(), r.overlap.end());
  // The contact's ends: where δ changes sign, linearly interpolated between samples (δ is linear in
  // t near an end, δ ≈ v_n (t − t₀), so the interpolation errs by O(Δt²) of δ's curvature there).
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto& d = r.overlap;
  const auto first = std::find_if(d.begin(), d.end(), [](double x) { return x > 0; });
  if (first == d.end()) {
    r.contact_start = r.contact_end = r.contact_duration = nan;
    return r;
  }
  const std::size_t a = static_cast<std::size_t>(first - d.begin());
  std::size_t b = a;
  while (b + 1 < d.size() && d[b + 1] > 0) ++b;
  r.contact_start = a == 0 ? nan : r.t[a - 1] + (0 - d[a - 1]) / (d[a] - d[a - 1]) * (r.t[a] - r.t[a - 1]);
  r.contact_end = b + 1 == d.size() ? nan : r.t[b] + d[b] / (d[b] - d[b + 1]) * (r.t[b + 1] - r.t[b]);
  r.contact_duration = r.contact_end - r.contact_start;
  return r;
}

PeerResult run_peer(PeerCode code, const PeerImpact& impact, const std::filesystem::path& workdir) {
  const std::string deck = write_deck(code, impact);
  std::filesystem::create_directories(workdir);
  {
    std::ofstream out(workdir / peer_deck_name(code), std::ios::binary);
    out << deck;
    if (!out) throw std::runtime_error(fmt::format("cannot write {}", (workdir / peer_deck_name(code)).string()));
  }
  std::filesystem::remove(workdir / kPeerSamples);
  const std::string program(peer_program(code));
  ProcessOptions options;
  options.max_output = 1 << 20;
  const ProcessResult p = run_process({program, "-in", std::string(peer_deck_name(code)), "-log", "none"}, workdir, 120.0, options);
  if (!p.started)
    throw std::runtime_error(fmt::format("{} could not be started ({}): scripts/install-deps installs it (Debian package {})",
                                         program, p.error, code == PeerCode::lammps ? "lammps" : "liggghts"));
  if (!p.ok()) {
    const std::size_t from = p.output.size() > 600 ? p.output.size() - 600 : 0;
    throw std::runtime_error(fmt::format("{} -in {} in {} failed (exit {}, signal {}{}): …{}", program, peer_deck_name(code),
                                         workdir.string(), p.exit_code, p.term_signal, p.timed_out ? ", timed out" : "",
                                         shown(std::string_view(p.output).substr(from), 600)));
  }
  PeerResult r = read_peer_samples(workdir / kPeerSamples, impact);
  r.deck = deck;
  // The banner: "LAMMPS (29 Sep 2021 - Update 2)" or "LIGGGHTS (Version LIGGGHTS-PUBLIC 3.8.0, compiled …)".
  Lines out(p.output, program);
  std::string line;
  while (out.next(line))
    if (line.starts_with("LAMMPS (") || line.starts_with("LIGGGHTS (")) {
      r.version = line;
      break;
    }
  return r;
}

}  // namespace verisim::experiments
