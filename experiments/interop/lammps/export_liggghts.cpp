#include "experiments/interop/lammps/export_liggghts.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/interop/lammps/export_lammps.hpp"
#include "experiments/interop/peers/peer_impact.hpp"
#include "experiments/io/number.hpp"
#include "experiments/report/report.hpp"
#include "experiments/support/report_folder.hpp"
#include "toolkit/contact/hertz.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;
using scene::SceneError;

using deck::kAxisName;
using deck::num;

std::string make_liggghts_deck(const scene::Scene& s) {
  const auto& sim = s.simulation;
  const std::string where = "export liggghts: ";
  if (sim.law != scene::Law::soft)
    throw SceneError(sim.where, where + fmt::format("[simulation] law = \"{}\" is an impulse law: only law = \"soft\" scenes "
                                                    "can be exported", scene::to_string(sim.law)));
  if (!s.contact.hertz())
    throw SceneError(s.contact.where,
                     where + "seed 003's spring-dashpot (model = \"spring-dashpot\") is not exported to LIGGGHTS: its exact "
                             "mapping would be gran model hooke/stiffness with tangential no_history and absolute damping per "
                             "atom-type pair (one type per mass), not written; export it to LAMMPS (verisim export lammps) or "
                             "use model = \"hertz-mindlin\"");
  if (s.contact.end == scene::SoftEnd::force)
    throw SceneError(s.contact.where, where + "[contact] end = \"force\": LIGGGHTS 3.8's hertz model has no limit of its "
                                              "damping force (F_n = max(F_n, 0)); use end = \"overlap\"");
  const double xt = s.contact.tangential_damping, xt_on = liggghts_tangential_damping(s.contact.poisson);
  const bool damp_t = xt != 0.0;
  if (damp_t && std::abs(xt - xt_on) > 1e-12 * xt_on)
    throw SceneError(s.contact.where,
                     where + fmt::format("[contact] tangential_damping = {}: LIGGGHTS's tangential damping is off (0) or on, "
                                         "which is x_t = sqrt(2(1 - nu)/(2 - nu)) = {} for nu = {} (gamma_t/gamma_n = "
                                         "sqrt(S_t/S_n)); give one of them",
                                         num(xt), num(xt_on), num(s.contact.poisson)));
  double rmax = 0.0, dsum = 0.0;
  std::string sliding;
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const auto& o = s.objects[i];
    if (o.inertia_factor != 0.4)
      throw SceneError(o.where, where + fmt::format("[[object]] '{}': 'inertia' {} — LIGGGHTS fix nve/sphere integrates "
                                                    "I = 0.4 m R² only", o.name, num(o.inertia_factor)));
    if (o.charge != 0.0)
      throw SceneError(o.where, where + fmt::format("[[object]] '{}': a 'charge' cannot be exported (contact forces only)", o.name));
    if (!o.rotates) sliding += fmt::format(" {}", i + 1);
    rmax = std::max(rmax, o.radius);
    dsum += 2.0 * o.radius;
  }
  core::Vec3 g = core::Vec3::Zero();
  for (const auto& f : s.forces) {
    if (f.type != scene::ForceType::gravity || f.on.size() != s.objects.size())
      throw SceneError(f.where, where + "only a uniform 'gravity' force on every particle can be exported (fix gravity)");
    g += f.vector;
  }
  core::Vec3 lo = s.objects.front().position, hi = lo;
  const std::vector<WallFix> walls = export_walls(s, where, lo, hi);
  const double skin = s.contact.skin > 0 ? s.contact.skin : 0.1 * dsum / static_cast<double>(s.objects.size());
  const double margin = 2.0 * rmax + skin;
  // verisim's Tsuji α (toolkit/contact/hertz.hpp), given to LIGGGHTS as the ε_L its β turns into that α
  const double alpha = contact::tsuji_alpha(sim.restitution, contact::ContactEnd::overlap);
  double eps_l = 1.0;
  try {
    eps_l = liggghts_restitution_for_alpha(alpha);
  } catch (const std::invalid_argument& e) {
    throw SceneError(sim.where, where + fmt::format("[simulation] restitution = {}: {}", num(sim.restitution), e.what()));
  }
  const PeerMaterial material{s.contact.youngs_modulus, s.contact.poisson, s.contact.density};
  const bool wall = !walls.empty();
  std::string in;
  in += fmt::format(
      "# verisim export liggghts: {} ('{}')\n"
      "# Run in this folder: liggghts -in {}\n"
      "# verisim compare <verisim run folder> <this folder's parent> reads {} back (the time is the column v_time).\n"
      "# Mapping and model differences: docs/peers.md of verisim. fix nve/sphere is verisim's dem-verlet.\n"
      "# Hertz-Mindlin: E = {}, nu = {}; verisim's Tsuji alpha = {} (eps = {}) is LIGGGHTS's -sqrt(5) beta for\n"
      "#   coefficientRestitution eps_L = {}; mu = {}; tangential damping x_t = {} ({})\n",
      s.file, s.title, kLiggghtsInput, kLammpsDump, num(material.youngs_modulus), num(material.poisson), num(alpha),
      num(sim.restitution), num(eps_l), num(sim.friction), num(xt), damp_t ? "on" : "off");
  // LIGGGHTS refuses E > 1e9 Pa in SI units unless `hard_particles yes` (src/global_properties.cpp)
  in += "atom_style granular\natom_modify map array\nboundary m m m\nnewton off\ncommunicate single vel yes\nunits si\n"
        "hard_particles yes\n";
  in += fmt::format("region box block {} {} {} {} {} {} units box\n", num(lo.x() - margin), num(hi.x() + margin),
                    num(lo.y() - margin), num(hi.y() + margin), num(lo.z() - margin), num(hi.z() + margin));
  in += fmt::format("create_box {} box\n", wall ? 2 : 1);  // type 2: the rigid walls' material
  in += fmt::format("neighbor {} bin\nneigh_modify delay 0\n", num(skin));
  in += liggghts_material_fixes(material, eps_l, sim.friction, wall);
  in += fmt::format("pair_style gran {}\npair_coeff * *\n", liggghts_model(damp_t));
  in += fmt::format("timestep {}\n", num(sim.dt));
  // the model's keywords follow the wall's geometry (before it: "wrong keyword order"); a primitive plane is one
  // coordinate: a brick container's axis is two fixes
  std::size_t k = 0;
  for (const auto& w : walls)
    for (const double c : {w.lo, w.hi})
      if (!std::isnan(c))
        in += fmt::format("fix wall{} all wall/gran model hertz tangential history primitive type 2 {}plane {} tangential_damping {}  # {}\n",
                          ++k, kAxisName[static_cast<std::size_t>(w.axis)], num(c), damp_t ? "on" : "off", w.name);
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const auto& o = s.objects[i];
    in += fmt::format("create_atoms 1 single {} {} {} units box\n", num(o.position.x()), num(o.position.y()), num(o.position.z()));
  }
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const auto& o = s.objects[i];
    // `set … mass` after the density: the scene's mass exactly (LIGGGHTS 3.8's set has vx … and omegax …)
    in += fmt::format("set atom {0} diameter {1}\nset atom {0} density {2}\nset atom {0} mass {3}\n", i + 1, num(2.0 * o.radius),
                      num(material.density), num(o.mass));
    in += fmt::format("set atom {} vx {} vy {} vz {} omegax {} omegay {} omegaz {}\n", i + 1, num(o.velocity.x()),
                      num(o.velocity.y()), num(o.velocity.z()), num(o.spin.x()), num(o.spin.y()), num(o.spin.z()));
  }
  if (sliding.empty()) {
    in += "fix integrate all nve/sphere\n";
  } else {
    in += fmt::format("group sliding id{}\ngroup turning subtract all sliding\n", sliding);
    in += "# rotates = false: fix nve (translation only, the spin kept as given)\n";
    in += "fix integrate turning nve/sphere\nfix slide sliding nve\n";
  }
  if (const double gn = g.norm(); gn > 0.0)
    in += fmt::format("fix gravity all gravity {} vector {} {} {}\n", num(gn), num(g.x() / gn), num(g.y() / gn), num(g.z() / gn));
  // the dump: no ITEM: TIME in LIGGGHTS 3.8, so the time as an atom column (step·dt: verisim's t = k·dt)
  in += "compute props all property/atom radius omegax omegay omegaz\n";
  in += "variable t equal step*dt\nvariable time atom v_t\n";
  in += "variable ke atom 0.5*mass*(vx*vx+vy*vy+vz*vz)+0.2*mass*c_props[1]*c_props[1]*(c_props[2]*c_props[2]+c_props[3]*c_props[3]+c_props[4]*c_props[4])\n";
  in += "thermo_style custom step atoms\n";
  in += fmt::format("thermo {}\n", std::max<std::size_t>(sim.sample_every, sim.steps / 20));
  const std::string columns = "id radius mass x y z vx vy vz omegax omegay omegaz v_ke v_time";
  std::string format = "%d";
  for (int c = 0; c < 13; ++c) format += " %.17g";
  in += fmt::format("dump trajectory all custom {} {} {}\n", sim.sample_every, kLammpsDump, columns);
  in += fmt::format("dump_modify trajectory sort id format \"{}\"\n", format);
  in += fmt::format("run {}\n", sim.steps);
  if (sim.steps % sim.sample_every != 0)  // the last step too (verisim writes it; LIGGGHTS 3.8 has no write_dump)
    in += fmt::format("undump trajectory\ndump last all custom 1 {} {}\ndump_modify last sort id append yes format \"{}\"\nrun 0\n",
                      kLammpsDump, columns, format);
  return in;
}

void export_liggghts(const fs::path& scene_file, const fs::path& out) {
  const scene::Scene sc = scene::load_scene(scene_file);
  const std::string deck = make_liggghts_deck(sc);
  ReportFolder folder(out, {scene_file});
  fs::create_directory(folder.staging() / "data");
  write_new_file(folder.staging() / "data" / kLiggghtsInput, deck);
  folder.commit();
}

}  // namespace verisim::experiments
