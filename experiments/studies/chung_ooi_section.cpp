// The `chung-ooi` section of the report (issue 29): chung_ooi_study.hpp's data as one table per test — the
// closed form, verisim (at Δt/2, with the verdict's bound), LAMMPS and LIGGGHTS — and the force–overlap curves
// of tests 1 and 2 against Hertz's. Byte-identical from run to run (no timing).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "experiments/studies/chung_ooi_study.hpp"
#include "experiments/studies/studies.hpp"
#include "reference/problems/chung_ooi.hpp"

namespace verisim::experiments {

namespace {

std::string num(double x) { return std::isnan(x) ? "—" : fmt_g(x, 7); }

void test_table(const ChungOoiStudy& study, const reference::problems::ChungOoiTest& t, StudyResult& out) {
  ResultTable tab;
  tab.caption = fmt::format("Test {}: {} (R = {:g} m{}; μ = {:g}, ε = {:g}; {}). Columns per quantity: the closed form "
                            "(— where none is exact: stick and microslip), verisim at Δt/2 = t_c/{:g} (velocity Verlet), "
                            "LAMMPS, LIGGGHTS (— where not run).",
                            t.number, t.title, t.radius,
                            t.partner == reference::problems::ChungOoiPartner::rigid_plane ? ", rigid plane"
                                                                                          : fmt::format(", partner R = {:g} m", t.partner_radius),
                            t.mu, t.restitution, t.source, 2.0 * study.steps_per_contact);
  tab.group = fmt::format("test{}", t.number);
  for (const auto& c : study.cases) {
    if (c.test != t.number) continue;
    Row row;
    row.fields = {field("material", "material", c.material), field("case", "case", c.parameter),
                  field("regime", "regime", t.number <= 3 ? std::string("normal") : c.gross_sliding ? "gross sliding" : "stick/microslip")};
    std::vector<std::string> failed;
    for (const auto& v : c.values) {
      row.fields.push_back(field(v.name + ": closed", v.name + " closed", num(v.closed), v.closed));
      row.fields.push_back(field("verisim", v.name + " verisim", num(v.verisim), v.verisim));
      row.fields.push_back(field("LAMMPS", v.name + " lammps", num(v.lammps), v.lammps));
      row.fields.push_back(field("LIGGGHTS", v.name + " liggghts", num(v.liggghts), v.liggghts));
      if (v.judged)
        row.also.push_back(Verdict{fmt::format("chung-ooi test {}, {}, {}: {}", t.number, c.material, c.parameter, v.name),
                                   fmt::format("{} ± {}", num(v.closed), fmt_g(v.tolerance, 2)), num(v.verisim), v.passed});
    }
    row.fields.push_back(field("E after/E before", "energy_ratio", fmt::format("{:.9f}", c.energy_ratio), c.energy_ratio));
    row.also.push_back(Verdict{fmt::format("chung-ooi test {}, {}, {}: no energy gained", t.number, c.material, c.parameter),
                               "≤ 1 + 1e-9", fmt::format("{:.12f}", c.energy_ratio), c.energy_passed});
    tab.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(tab));
}

}  // namespace

StudyResult chung_ooi_report(const ChungOoiStudy& study) {
  StudyResult out;
  out.name = "chung-ooi";
  out.title = "Chung & Ooi 2011: the particle-impact benchmark on Hertz–Mindlin, verisim, LAMMPS and LIGGGHTS";
  out.html_intro =
      "<p>The eight tests of Chung &amp; Ooi (Granular Matter 13 (2011) 643–656) on verisim's Hertz–Mindlin laws "
      "(<code>toolkit/contact/granular.hpp</code>: Hertz with Tsuji's damping, Mindlin's tangential spring with history "
      "capped by Coulomb), each against its closed form: Hertz's δ_max, F_max and t_c (tests 1, 2), the restitution asked "
      "(3), rigid-body impulse theory where it is exact — gross sliding, where the tangential impulse is μ times the "
      "normal one whatever the spring (4–6, 8) — and the symmetry of test 7 (zero slip: nothing changes). A verdict holds "
      "when the error at Δt/2 is within twice what halving Δt changed, plus 10⁻⁹ of the scale; every impact must also "
      "gain no kinetic energy. LAMMPS and LIGGGHTS run the same impacts from the same description "
      "(<code>experiments/interop/peers</code>); where they differ from the closed form, docs/peers.md says why.</p>";
  if (study.peers)
    out.html_intro += fmt::format("<p>Peers: {} and {}.</p>", study.lammps_version, study.liggghts_version);
  for (const auto& t : reference::problems::kChungOoiTests) test_table(study, t, out);
  Figure f;
  f.stem = "force_overlap";
  f.title = "Tests 1 and 2: normal force against overlap, verisim and Hertz";
  f.xlabel = "overlap δ [m]";
  f.ylabel = "normal force [N]";
  f.logx = f.logy = true;
  Figure ft;
  ft.stem = "force_time";
  ft.title = "Tests 1 and 2: normal force against time, verisim and Hertz";
  ft.xlabel = "time since first touch / t_c";
  ft.ylabel = "normal force / F_max";
  for (const auto& c : study.curves) {
    std::string name = fmt::format("test{}_{}.csv", c.test, c.material);
    for (auto& ch : name)
      if (ch == ' ') ch = '_';
    std::vector<double> tn, fn, hn;  // normalised by Hertz's t_c and F_max (the curve's own scale)
    const double tc = c.t.empty() ? 1.0 : c.t.back(), fmax = *std::max_element(c.hertz_force.begin(), c.hertz_force.end());
    for (std::size_t k = 0; k < c.t.size(); ++k)
      tn.push_back(c.t[k] / tc), fn.push_back(c.force[k] / fmax), hn.push_back(c.hertz_force_of_time[k] / fmax);
    out.files.push_back({name, csv_columns("overlap", c.overlap, {{"verisim", c.force}, {"hertz", c.hertz_force}, {"t", c.t},
                                                                  {"t_over_tc", tn}, {"verisim_norm", fn}, {"hertz_of_t_norm", hn}})});
    f.series.push_back({name, "1:2", fmt::format("test {} {}: verisim", c.test, c.material), "points pt 7 ps 0.5"});
    f.series.push_back({name, "1:3", fmt::format("test {} {}: Hertz (4/3)E*√R* δ^{{3/2}}", c.test, c.material), "lines lw 2"});
    ft.series.push_back({name, "5:6", fmt::format("test {} {}: verisim", c.test, c.material), "points pt 7 ps 0.5"});
    ft.series.push_back({name, "5:7", fmt::format("test {} {}: Hertz F(t)", c.test, c.material), "lines lw 2"});
  }
  f.caption = "Loading and unloading lie on the one Hertz curve (elastic impacts): the points are verisim's samples.";
  ft.caption = "The force over the contact, in units of Hertz's t_c and F_max: verisim's samples on Hertz's F(t) = k δ(t)^{3/2}, "
               "δ(t) from t(δ) = (δ_max/v) ∫₀^{δ/δ_max} du/√(1 − u^{5/2}) (Johnson 1985 §11.4).";
  out.figures.push_back(std::move(f));
  out.figures.push_back(std::move(ft));
  // the sweeps, as in the paper: each quantity against the swept value, closed form (line), verisim (line and
  // points), LAMMPS and LIGGGHTS (points where run)
  for (const auto& t : reference::problems::kChungOoiTests) {
    if (t.sweep == reference::problems::ChungOoiSweep::none) continue;
    std::vector<std::string> quantities;
    for (const auto& c : study.cases)
      if (c.test == t.number)
        for (const auto& v : c.values)
          if (std::find(quantities.begin(), quantities.end(), v.name) == quantities.end()) quantities.push_back(v.name);
    for (std::size_t q = 0; q < quantities.size(); ++q) {
      Figure g;
      g.stem = fmt::format("test{}_{}", t.number, q + 1);
      g.title = fmt::format("Test {}: {}", t.number, quantities[q]);
      g.xlabel = t.sweep == reference::problems::ChungOoiSweep::restitution       ? "ε asked"
                 : t.sweep == reference::problems::ChungOoiSweep::incident_angle   ? "incident angle θ [°]"
                 : t.sweep == reference::problems::ChungOoiSweep::tangential_speed ? "tangential speed v_t [m/s]"
                                                                                   : "initial spin ω [rad/s]";
      g.ylabel = quantities[q];
      for (const auto& mat : t.materials) {
        std::vector<double> x, closed, ours, lmp, lig;
        for (const auto& c : study.cases) {
          if (c.test != t.number || c.material != mat.name) continue;
          for (const auto& v : c.values)
            if (v.name == quantities[q])
              x.push_back(c.x), closed.push_back(v.closed), ours.push_back(v.verisim), lmp.push_back(v.lammps), lig.push_back(v.liggghts);
        }
        std::string file = fmt::format("test{}_{}_{}.csv", t.number, q + 1, mat.name);
        for (auto& ch : file)
          if (ch == ' ') ch = '_';
        out.files.push_back({file, csv_columns("x", x, {{"closed", closed}, {"verisim", ours}, {"lammps", lmp}, {"liggghts", lig}})});
        g.series.push_back({file, "1:2", fmt::format("{}: closed form", mat.name), "lines lw 2"});
        g.series.push_back({file, "1:3", fmt::format("{}: verisim", mat.name), "linespoints pt 7 ps 0.6"});
        g.series.push_back({file, "1:4", fmt::format("{}: LAMMPS", mat.name), "points pt 4 ps 1.2"});
        g.series.push_back({file, "1:5", fmt::format("{}: LIGGGHTS", mat.name), "points pt 6 ps 1.2"});
      }
      g.caption = "The closed form where one is exact (gross sliding, test 7's zero slip, test 3's ε); stick and "
                  "microslip have none. Peers on every third point of the sweep (docs/peers.md for their differences).";
      out.figures.push_back(std::move(g));
    }
  }
  out.lead = "Each test's closed form against verisim, LAMMPS and LIGGGHTS.";
  out.lead_figure = "force_time";
  return out;
}

StudyResult chung_ooi_study(const StudyOptions& options) {
  ChungOoiOptions o;
  o.quick = options.quick;
  progress(options, "chung-ooi: the eight tests of Chung & Ooi 2011 on verisim, LAMMPS and LIGGGHTS");
  return chung_ooi_report(run_chung_ooi_study(o));
}

}  // namespace verisim::experiments
