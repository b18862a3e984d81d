#include "experiments/interop/lammps/export_lammps.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "experiments/report/report.hpp"
#include "experiments/support/report_folder.hpp"
#include "experiments/io/number.hpp"
#include "experiments/interop/peers/peer_impact.hpp"
#include "toolkit/contact/hertz.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;
using scene::SceneError;

using deck::kAxisName;
using deck::num;

std::string wall_bound(double x) { return std::isnan(x) ? "NULL" : exact_number(x); }

namespace {
/// The axis (0, 1, 2) a unit vector lies along, and its sign; −1 when it is not along one.
int axis_of(const core::Vec3& n, double& sign) {
  for (int a = 0; a < 3; ++a) {
    const double others = n.squaredNorm() - n[a] * n[a];
    if (others <= 1e-24 * n.squaredNorm() && n[a] != 0.0) {
      sign = n[a] > 0.0 ? 1.0 : -1.0;
      return a;
    }
  }
  return -1;
}
}  // namespace

std::vector<WallFix> export_walls(const scene::Scene& s, const std::string& where, core::Vec3& lo, core::Vec3& hi) {
  const int D = s.contact.dimension;
  std::vector<WallFix> walls;
  for (const auto& o : s.objects) lo = lo.cwiseMin(o.position), hi = hi.cwiseMax(o.position);
  for (const auto& ob : s.obstacles) {
    const std::string what = fmt::format("[[obstacle]] '{}'", ob.name);
    if (const auto* p = std::get_if<geometry::Plane>(&ob.shape)) {
      double sign = 0.0;
      const int a = axis_of(p->normal, sign);
      if (a < 0 || a >= D)
        throw SceneError(ob.where, where + what + ": 'normal' is not along an axis of the " + (D == 2 ? "plane" : "space") +
                                       "; fix wall/gran takes xplane, yplane and zplane walls only");
      WallFix w{a, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN(), ob.name};
      (sign > 0 ? w.lo : w.hi) = p->origin[a];  // normal +e: the solid is below, the particles above (lo)
      lo[a] = std::min(lo[a], p->origin[a]), hi[a] = std::max(hi[a], p->origin[a]);
      walls.push_back(w);
    } else if (const auto* b = std::get_if<geometry::Brick>(&ob.shape); b && ob.inside) {
      double s1 = 0, s2 = 0, s3 = 0;
      const core::Vec3 el = b->e_l();
      if (axis_of(b->normal, s1) < 0 || axis_of(b->e_L, s2) < 0 || axis_of(el, s3) < 0)
        throw SceneError(ob.where, where + what + ": a brick container whose faces are not along the axes cannot be "
                                                  "exported (fix wall/gran takes axis-aligned planes)");
      // corners: O + a e_L + b e_l − c n (toolkit/geometry/brick.hpp)
      const core::Vec3 c0 = b->origin, c1 = b->origin + b->length * b->e_L + b->width * el - b->height * b->normal;
      for (int a = 0; a < D; ++a) {
        WallFix w{a, std::min(c0[a], c1[a]), std::max(c0[a], c1[a]), ob.name};
        lo[a] = std::min(lo[a], w.lo), hi[a] = std::max(hi[a], w.hi);
        walls.push_back(w);
      }
    } else {
      throw SceneError(ob.where, where + what + ": only axis-aligned planes and axis-aligned brick containers "
                                                "(inside = true) can be exported; fix wall/gran has no " +
                                                (ob.inside ? "inside of a " : "") + geometry::shape_name(ob.shape));
    }
  }
  return walls;
}

LammpsDeck make_lammps_deck(const scene::Scene& s) {
  const auto& sim = s.simulation;
  const std::string where = "export lammps: ";
  if (sim.law != scene::Law::soft)
    throw SceneError(sim.where, where + fmt::format("[simulation] law = \"{}\" is an impulse law; LAMMPS pair gran/hooke is a "
                                                    "soft contact: only law = \"soft\" scenes can be exported",
                                                    scene::to_string(sim.law)));
  const int D = s.contact.dimension;
  const bool hertz = s.contact.hertz();  // pair_style granular hertz/material … tangential mindlin (docs/lammps.md)
  // ---- particles: LAMMPS's inertia; one atom type per distinct mass (exact equality: nothing is
  // binned), so every type pair gets its own damping (see the header)
  const scene::ObjectSpec* first = nullptr;
  double rmax = 0.0, dsum = 0.0;
  std::vector<double> type_mass;                 // type t + 1 has mass type_mass[t]
  std::map<double, std::size_t> type_of_mass;    // mass → type index (0-based)
  std::vector<std::size_t> type(s.objects.size());
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const auto& o = s.objects[i];
    if (o.type != scene::ObjectType::particle)
      throw SceneError(o.where, where + fmt::format("[[object]] '{}' is not a soft-contact particle", o.name));
    if (!first) first = &o;
    if (o.dipole != core::Vec3::Zero() || o.charge != 0.0)  // seed 003's dipoles and charges: not gran/hooke's
      throw SceneError(o.where, where + fmt::format("[[object]] '{}': a 'dipole' or 'charge' cannot be exported (LAMMPS pair "
                                                    "gran/hooke has contact forces only)", o.name));
    const double kappa = D == 2 ? 0.5 : 0.4;  // fix nve/sphere: I = 0.4 m R², `disc`: 0.5 m R²
    if (o.inertia_factor != kappa)
      throw SceneError(o.where, where + fmt::format("[[object]] '{}': 'inertia' {} — LAMMPS fix nve/sphere{} integrates "
                                                    "I = {} m R² only",
                                                    o.name, num(o.inertia_factor), D == 2 ? " disc" : "", kappa));
    if (hertz) {  // pair granular's damping takes each atom's own mass (m* per pair): one type for all
      if (type_mass.empty()) type_mass.push_back(o.mass);
      type[i] = 0;
      rmax = std::max(rmax, o.radius);
      dsum += 2.0 * o.radius;
      continue;
    }
    const auto [it, added] = type_of_mass.emplace(o.mass, type_mass.size());
    if (added) {
      if (type_mass.size() == kLammpsMaxTypes)
        throw SceneError(o.where, where + fmt::format("[[object]] '{}': its 'mass' (or 'density') {} is distinct particle mass number {} of the "
                                                      "scene; the deck gives each mass its own atom type (the damping of "
                                                      "pair and wall gran/hooke is per unit effective mass, verisim's is not), and "
                                                      "a wall fix a group per type: LAMMPS has 32 groups, so at most {} distinct "
                                                      "masses can be exported; particles generated with 'density' and 'polydispersity' each have "
                                                      "their own mass: give 'mass' instead for one mass (docs/lammps.md)",
                                                      o.name, num(o.mass), kLammpsMaxTypes + 1, kLammpsMaxTypes));
      type_mass.push_back(o.mass);
    }
    type[i] = it->second;
    rmax = std::max(rmax, o.radius);
    dsum += 2.0 * o.radius;
  }
  if (!first) throw SceneError(sim.where, where + "the scene has no particle");
  const std::size_t T = type_mass.size();
  const double kappa = D == 2 ? 0.5 : 0.4;
  if (s.contact.f_max > 0.0)
    throw SceneError(s.contact.where, where + "[contact.cohesion] cannot be exported (LAMMPS pair gran/hooke has no cohesion)");
  // ---- forces: one uniform gravity on every particle (fix gravity)
  core::Vec3 g = core::Vec3::Zero();
  for (const auto& f : s.forces) {
    if (f.type != scene::ForceType::gravity || f.on.size() != s.objects.size())
      throw SceneError(f.where, where + "only a uniform 'gravity' force on every particle can be exported (fix gravity)");
    g += f.vector;
  }
  // ---- walls
  core::Vec3 lo = first->position, hi = first->position;
  const std::vector<WallFix> walls = export_walls(s, where, lo, hi);
  if (s.contact.end == scene::SoftEnd::force && !walls.empty())
    throw SceneError(s.contact.where, where + "[contact] end = \"force\" with walls: LAMMPS 29 Sep 2021's fix wall/gran has no "
                                              "limit_damping (pair gran/hooke and granular have); remove the walls or use end = \"overlap\"");
  // ---- rotates = false: those particles are stepped by fix nve (translation only, the spin kept), the others by
  // fix nve/sphere (verisim: contact::Particle::rotates, inv_I = 0)
  std::string sliding_ids;
  for (std::size_t i = 0; i < s.objects.size(); ++i)
    if (!s.objects[i].rotates) sliding_ids += fmt::format(" {}", i + 1);
  const std::size_t groups = 1 + (walls.empty() || T == 1 ? 0 : T) + (sliding_ids.empty() ? 0 : 2);
  if (groups > kLammpsMaxTypes + 1)
    throw SceneError(sim.where, where + fmt::format("the deck needs {} groups (one per mass type for the walls, two for the "
                                                    "particles with rotates = false); LAMMPS has 32", groups));

  // ---- parameters (LAMMPS doc/src/pair_gran.rst, fix_wall_gran.rst; see the header): per type
  // pair (a, b), m_eff = m_a m_b/(m_a + m_b) (seed 003 "Masse effective"), γ_n = η(ε, m_eff)/m_eff,
  // γ_t = k_t/m_eff; per type a against a wall, m_eff = m_a
  const double eps = sim.restitution, kn = s.contact.kn, mu = sim.friction, kt = s.contact.kt;
  const auto gamma_n_of = [&](double m_eff) { return contact::viscosity(eps, m_eff, kn) / m_eff; };  // γ_n = η(ε, m_eff)/m_eff
  const auto gamma_t_of = [&](double m_eff) { return kt / m_eff; };                                  // m_eff γ_t = k_t
  const double skin = s.contact.skin > 0 ? s.contact.skin : 0.1 * dsum / static_cast<double>(s.objects.size());
  // ---- data file (doc/src/read_data.rst, atom_style sphere: id type diameter density x y z;
  // Velocities: id vx vy vz ωx ωy ωz). The density gives LAMMPS a mass it then replaces by `set
  // type A mass`: read_data's 2D density convention changed between versions, `set mass` is exact.
  const double margin = 2.0 * rmax + skin;
  std::string data = fmt::format("LAMMPS data file: verisim export lammps of {}\n\n{} atoms\n{} atom types\n\n", s.file,
                                 s.objects.size(), T);
  for (int a = 0; a < 3; ++a) {
    double l = lo[a] - margin, h = hi[a] + margin;
    if (a == 2 && D == 2) l = -0.5, h = 0.5;  // dimension 2: the box straddles z = 0
    data += fmt::format("{} {} {}lo {}hi\n", num(l), num(h), kAxisName[static_cast<std::size_t>(a)], kAxisName[static_cast<std::size_t>(a)]);
  }
  data += "\nAtoms # sphere\n\n";
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const auto& o = s.objects[i];
    const double volume = 4.0 / 3.0 * std::numbers::pi * o.radius * o.radius * o.radius;
    data += fmt::format("{} {} {} {} {} {} {}\n", i + 1, type[i] + 1, num(2.0 * o.radius), num(o.mass / volume), num(o.position.x()),
                        num(o.position.y()), num(D == 2 ? 0.0 : o.position.z()));
  }
  data += "\nVelocities\n\n";
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const auto& o = s.objects[i];
    const core::Vec3 w = D == 2 ? core::Vec3(0, 0, o.spin.z()) : o.spin;
    data += fmt::format("{} {} {} {} {} {} {}\n", i + 1, num(o.velocity.x()), num(o.velocity.y()),
                        num(D == 2 ? 0.0 : o.velocity.z()), num(w.x()), num(w.y()), num(w.z()));
  }

  // ---- input script
  const bool force_end = s.contact.end == scene::SoftEnd::force;
  std::string in;
  in += fmt::format(
      "# verisim export lammps: {} ('{}')\n"
      "# Run in this folder: lmp -in {}   or, on N cores: mpirun -np N lmp -in {}\n"
      "# verisim compare <verisim run folder> <this folder's parent> reads {} back.\n"
      "# Parameter mapping and model differences: docs/lammps.md of verisim.\n"
      "# LAMMPS's fix nve/sphere is verisim's dem-verlet (velocity Verlet, the force at the half-step velocity):\n"
      "# verisim run SCENE --integrator dem-verlet matches this deck to round-off (until chaos amplifies it);\n"
      "# the scene's own integrator, '{}', differs from it by the integrators' difference.\n",
      s.file, s.title, kLammpsInput, kLammpsInput, kLammpsDump, sim.integrator);
  in += "units si\n";
  in += fmt::format("dimension {}\n", D);
  in += "atom_style sphere\n";
  in += D == 2 ? "boundary m m p\n" : "boundary m m m\n";  // shrink-wrapped: no particle is lost
  in += "newton off\n";
  in += "comm_modify vel yes\n";  // ghost velocities: the dashpot and friction need them (pair_gran.rst)
  in += fmt::format("read_data {}\n", kLammpsData);
  if (hertz) {  // one type, each atom's own mass (read_data gives (4π/3) r³ ρ, to round-off; `set atom` makes it exact)
    for (std::size_t i = 0; i < s.objects.size(); ++i) in += fmt::format("set atom {} mass {}\n", i + 1, num(s.objects[i].mass));
  } else {
    for (std::size_t t = 0; t < T; ++t) in += fmt::format("set type {} mass {}\n", t + 1, num(type_mass[t]));
  }
  in += fmt::format("neighbor {} bin\n", num(skin));
  in += "neigh_modify delay 0 every 1 check yes\n";
  const std::string limit = force_end ? " limit_damping" : "";
  const experiments::PeerMaterial material{s.contact.youngs_modulus, s.contact.poisson, s.contact.density};
  experiments::LammpsDamping damping;
  if (hertz) {
    // verisim's Tsuji α (toolkit/contact/hertz.hpp tsuji_alpha, per contact end), given to LAMMPS 29 Sep 2021's
    // damping tsuji as the ε' its polynomial fit turns into that α (peer_impact.hpp lammps_damping_for_alpha)
    const double alpha = contact::tsuji_alpha(sim.restitution, force_end ? contact::ContactEnd::force : contact::ContactEnd::overlap);
    try {
      damping = experiments::lammps_damping_for_alpha(alpha);
    } catch (const std::invalid_argument& e) {
      throw SceneError(sim.where, where + fmt::format("[simulation] restitution = {}: {}", num(sim.restitution), e.what()));
    }
    in += fmt::format(
        "# pair_granular.rst: Hertz F_n = (4/3) E* sqrt(R* d) d with E* = E/(2(1-nu^2)) for one material (its mixing),\n"
        "#   Tsuji's damping eta_n = alpha sqrt(m* k_n) (k_n = (4/3) E* a), alpha = {} (verisim's, for eps = {}{}): given as\n"
        "#   the eps' = {} whose fit alpha(eps') (pair_granular.cpp) is that alpha ({}); Mindlin k_t = 8 G* a (NULL: from E, nu),\n"
        "#   tangential damping x_t = {} of eta_n, friction mu = {}\n",
        num(alpha), num(sim.restitution), force_end ? ", force end" : "", num(damping.coefficient),
        damping.model == "viscoelastic" ? "alpha = 0: damping viscoelastic 0" : "damping tsuji",
        num(s.contact.tangential_damping), num(mu));
    in += "pair_style granular\n";
    in += fmt::format("pair_coeff * * {}{}\n", experiments::lammps_pair_coeff(material, damping, s.contact.tangential_damping, mu), limit);
  } else if (T == 1) {
    const double m_pair = contact::effective_mass(type_mass[0], type_mass[0]);
    in += fmt::format(
        "# pair_gran.rst: pair_style gran/hooke Kn Kt gamma_n gamma_t xmu dampflag [limit_damping]\n"
        "#   Kn = k_n = {}; Kt NULL (used by the history styles only)\n"
        "#   gamma_n = eta(eps, m_eff)/m_eff, eta = -2 ln(eps) sqrt(m_eff k_n/(ln^2 eps + pi^2)) (seed 003), eps = {}, m_eff = m/2 = {}\n"
        "#   gamma_t = k_t/m_eff, k_t = {}; xmu = mu = {}; dampflag 1 (tangential damping on)\n",
        num(kn), num(eps), num(m_pair), num(kt), num(mu));
    if (force_end) in += "#   limit_damping: F_n = max(F_n, 0), verisim's end = \"force\" (Schwager & Poeschel 2007)\n";
    in += fmt::format("pair_style gran/hooke {} NULL {} {} {} 1{}\n", num(kn), num(gamma_n_of(m_pair)), num(gamma_t_of(m_pair)),
                      num(mu), limit);
    in += "pair_coeff * *\n";
  } else {
    // Unequal masses: gran/hooke's γ_n, γ_t are one number per style, per unit m_eff; verisim's η
    // and k_t are absolute. pair_hybrid.rst: one style may be listed several times, each instance
    // with its own arguments, addressed as `pair_coeff I J gran/hooke K`; so instance K of type pair
    // (a, b) carries γ_n = η(ε, m_eff,ab)/m_eff,ab, γ_t = k_t/m_eff,ab — the same force as verisim's
    // for every pair (pair_granular's hooke/velocity model would take η absolutely, but its torque
    // arm is R − δ/2, verisim's and gran/hooke's R).
    in += fmt::format(
        "# {} masses, one atom type each: pair_hybrid.rst, one pair_gran.rst gran/hooke instance per type pair (a, b):\n"
        "#   Kn = k_n = {}; Kt NULL; gamma_n = eta(eps, m_eff)/m_eff, eta = -2 ln(eps) sqrt(m_eff k_n/(ln^2 eps + pi^2))\n"
        "#   (seed 003), eps = {}, m_eff = m_a m_b/(m_a + m_b); gamma_t = k_t/m_eff, k_t = {}; xmu = mu = {}; dampflag 1\n",
        T, num(kn), num(eps), num(kt), num(mu));
    if (force_end) in += "#   limit_damping: F_n = max(F_n, 0), verisim's end = \"force\" (Schwager & Poeschel 2007)\n";
    in += "pair_style hybrid";
    for (std::size_t a = 0; a < T; ++a)
      for (std::size_t b = a; b < T; ++b) {
        const double m_pair = contact::effective_mass(type_mass[a], type_mass[b]);
        in += fmt::format(" &\n  gran/hooke {} NULL {} {} {} 1{}", num(kn), num(gamma_n_of(m_pair)), num(gamma_t_of(m_pair)), num(mu),
                          limit);
      }
    in += "\n";
    std::size_t k = 0;
    for (std::size_t a = 0; a < T; ++a)
      for (std::size_t b = a; b < T; ++b)
        in += fmt::format("pair_coeff {} {} gran/hooke {}  # m_eff = {}\n", a + 1, b + 1, ++k,
                          num(contact::effective_mass(type_mass[a], type_mass[b])));
  }
  in += fmt::format("timestep {}\n", num(sim.dt));
  if (sliding_ids.empty()) {
    in += D == 2 ? "fix integrate all nve/sphere disc\n" : "fix integrate all nve/sphere\n";
  } else {
    in += fmt::format("group sliding id{}\ngroup turning subtract all sliding\n", sliding_ids);
    in += "# rotates = false: fix nve (translation only, the spin kept as given)\n";
    in += D == 2 ? "fix integrate turning nve/sphere disc\n" : "fix integrate turning nve/sphere\n";
    in += "fix slide sliding nve\n";
  }
  if (D == 2) in += "fix plane all enforce2d\n";
  const double gnorm = g.norm();
  if (gnorm > 0.0)
    in += fmt::format("fix gravity all gravity {} vector {} {} {}\n", num(gnorm), num(g.x() / gnorm), num(g.y() / gnorm),
                      num(D == 2 ? 0.0 : g.z() / gnorm));
  if (!walls.empty() && hertz) {
    in += "# fix_wall_gran.rst: fix ID group wall/gran granular <model> wallstyle lo hi; the rigid wall: E_w = 2E/(1+nu) (this\n"
          "#   version takes E_w/(2(1-nu)) as E*), k_t = 8 G/(2-nu) given explicitly (docs/peers.md)\n";
    for (std::size_t k = 0; k < walls.size(); ++k) {
      const auto& w = walls[k];
      in += fmt::format("fix wall{} all wall/gran granular {} {}plane {} {}  # {}\n", k + 1,
                        experiments::lammps_wall_model(material, damping, s.contact.tangential_damping, mu),
                        kAxisName[static_cast<std::size_t>(w.axis)], wall_bound(w.lo), wall_bound(w.hi), w.name);
    }
  }
  if (!walls.empty() && !hertz) {
    in += fmt::format(
        "# fix_wall_gran.rst: fix ID group wall/gran hooke Kn Kt gamma_n gamma_t xmu dampflag wallstyle lo hi\n"
        "#   a wall's m_eff is the particle's mass m{}: gamma_n = eta(eps, m)/m, gamma_t = k_t/m\n",
        T == 1 ? " = " + num(type_mass[0]) : std::string());
    if (T > 1) {
      in += "#   one fix per wall and atom type (group typeN), each with its type's mass\n";
      for (std::size_t t = 0; t < T; ++t) in += fmt::format("group type{} type {}\n", t + 1, t + 1);
    }
  }
  for (std::size_t k = 0; k < walls.size() && !hertz; ++k) {
    const auto& w = walls[k];
    for (std::size_t t = 0; t < T; ++t) {
      const std::string id = T == 1 ? fmt::format("wall{}", k + 1) : fmt::format("wall{}_{}", k + 1, t + 1);
      in += fmt::format("fix {} {} wall/gran hooke {} NULL {} {} {} 1 {}plane {} {}  # {}\n", id,
                        T == 1 ? std::string("all") : fmt::format("type{}", t + 1), num(kn), num(gamma_n_of(type_mass[t])),
                        num(gamma_t_of(type_mass[t])), num(mu), kAxisName[static_cast<std::size_t>(w.axis)], wall_bound(w.lo),
                        wall_bound(w.hi), w.name);
    }
  }
  // kinetic energy per particle, translation and rotation with verisim's I = κ m R²
  // (compute erotate/sphere takes 0.4 in 2D too: not used)
  in += "compute props all property/atom radius omegax omegay omegaz\n";
  in += fmt::format(
      "variable ke atom 0.5*mass*(vx*vx+vy*vy+vz*vz)+0.5*{}*mass*c_props[1]*c_props[1]*(c_props[2]*c_props[2]+c_props[3]*c_props[3]+c_props[4]*c_props[4])\n",
      num(kappa));
  in += "compute ke_total all reduce sum v_ke\n";
  in += "thermo_style custom step time atoms c_ke_total\n";
  in += fmt::format("thermo {}\n", std::max<std::size_t>(sim.sample_every, sim.steps / 20));
  const std::string columns = "id radius mass x y z vx vy vz omegax omegay omegaz v_ke";
  in += fmt::format("dump trajectory all custom {} {} {}\n", sim.sample_every, kLammpsDump, columns);
  in += "dump_modify trajectory sort id time yes format float %.17g\n";
  in += fmt::format("run {}\n", sim.steps);
  if (sim.steps % sim.sample_every != 0)  // verisim also writes the last step (docs/scenes.md "Output")
    in += fmt::format("write_dump all custom {} {} modify sort id time yes format float %.17g append yes\n", kLammpsDump, columns);
  return {in, data};
}

void export_lammps(const fs::path& scene_file, const fs::path& out) {
  const scene::Scene sc = scene::load_scene(scene_file);
  const LammpsDeck deck = make_lammps_deck(sc);
  ReportFolder folder(out, {scene_file});
  fs::create_directory(folder.staging() / "data");
  write_new_file(folder.staging() / "data" / kLammpsInput, deck.input);
  write_new_file(folder.staging() / "data" / kLammpsData, deck.data);
  folder.commit();
}

}  // namespace verisim::experiments
