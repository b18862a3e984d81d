#include "experiments/app/compare_command.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "experiments/interop/lammps/compare.hpp"
#include "experiments/interop/lammps/lammps_dump.hpp"
#include "experiments/report/report.hpp"
#include "experiments/support/cli_checks.hpp"
#include "experiments/support/report_folder.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;

namespace {

/// A number for the printed table, or "—" where there is none (no spins, no kinetic energy).
std::string cell(double x, std::string_view format) { return std::isfinite(x) ? fmt::format(fmt::runtime(format), x) : "—"; }

struct CompareOptions {
  std::string a, b, out;
  bool plots = true;
};

void run_compare(const CompareOptions& o) {
  std::unique_ptr<ReportFolder> folder;
  if (!o.out.empty()) {  // --out checked before reading: never an input, nor inside or around one
    require_gnuplot(o.plots);
    folder = std::make_unique<ReportFolder>(o.out, std::vector<std::filesystem::path>{o.a, o.b});
  }
  const std::string a_file = trajectory_file(o.a).string(), b_file = trajectory_file(o.b).string();
  const core::Samples a = read_trajectory(a_file), b = read_trajectory(b_file);
  const Comparison c = compare_trajectories(a, b, a_file, b_file);
  const Particles pa(a, a_file), pb(b, b_file);
  fmt::print("A: {} ({} particles, {} frames)\nB: {} ({} particles, {} frames)\n", a_file, pa.size(), a.rows(), b_file, pb.size(),
             b.rows());
  fmt::print("{:>14} {:>12} {:>12} {:>12} {:>16} {:>16} {:>10}\n", "t", "max|dx|", "max|dv|", "max|dw|", "T_A", "T_B", "|dT|/T");
  const std::size_t every = (c.rows.size() + 59) / 60;  // at most ~60 lines, the last always
  CompareRow worst{};
  for (std::size_t k = 0; k < c.rows.size(); ++k) {
    const auto& r = c.rows[k];
    worst.dx = std::max(worst.dx, r.dx), worst.dv = std::max(worst.dv, r.dv);
    if (!std::isnan(r.dw)) worst.dw = std::max(worst.dw, r.dw);
    if (k % every == 0 || k + 1 == c.rows.size())
      fmt::print("{:>14.6g} {:>12} {:>12} {:>12} {:>16} {:>16} {:>10}\n", r.t, cell(r.dx, "{:.4e}"), cell(r.dv, "{:.4e}"),
                 cell(r.dw, "{:.4e}"), cell(r.ke_a, "{:.9e}"), cell(r.ke_b, "{:.9e}"), cell(r.ke_rel, "{:.3e}"));
  }
  fmt::print("largest differences over {} common times: position {:.4e}, velocity {:.4e}, spin {}\n", c.rows.size(), worst.dx,
             worst.dv, pa.has_spin() && pb.has_spin() ? fmt::format("{:.4e}", worst.dw) : std::string("— (not in both)"));
  if (std::any_of(c.rows.begin(), c.rows.end(), [](const CompareRow& r) { return std::isnan(r.ke_rel); }))
    fmt::print("kinetic energies: not in both sets (a `verisim run` folder without its energy CSV)\n");
  else if (c.diverged)
    fmt::print("kinetic energies agree within 1 % up to t = {:.6g} (then differ more)\n", c.horizon_1pc);
  else
    fmt::print("kinetic energies agree within 1 % at every common time (to t = {:.6g})\n", c.horizon_1pc);
  if (!folder) return;

  std::vector<double> t;
  std::vector<CsvColumn> cols{{"T_A", {}}, {"T_B", {}}, {"ke_rel", {}}, {"max_dx", {}}, {"max_dv", {}}, {"max_dw", {}}};
  for (const auto& r : c.rows) {
    t.push_back(r.t);
    for (auto [col, x] : {std::pair{0, r.ke_a}, std::pair{1, r.ke_b}, std::pair{2, r.ke_rel}, std::pair{3, r.dx},
                          std::pair{4, r.dv}, std::pair{5, r.dw}})
      cols[static_cast<std::size_t>(col)].values.push_back(x);
  }
  StudyResult s;
  s.name = "data";  // the report's own folder name (report_folder.hpp): replaced as a whole
  s.title = "verisim compare";
  s.html_intro = "<p>A: " + html_escape(a_file) + "<br>B: " + html_escape(b_file) +
                 "</p><p>Frames matched at equal times; the differences are the largest over the particles (Euclidean per "
                 "particle). Kinetic energy: translation and rotation.</p>";
  s.files.push_back({"compare.csv", csv_columns("t", t, cols)});
  s.figures.push_back({"kinetic_energy", "Kinetic energy", "t (s)", "T (J)", false, false,
                       {{"compare.csv", "1:2", "A", "lines"}, {"compare.csv", "1:3", "B", "lines"}}, "set key top right\n",
                       "The two kinetic-energy curves."});
  // a log scale has nothing to draw when every difference is 0 (a run compared with itself, or two runs of one
  // scene that agree to the bit, as any thread count's do): said in words instead of a figure gnuplot refuses
  const bool identical = std::all_of(c.rows.begin(), c.rows.end(), [](const CompareRow& r) {
    return r.dx == 0.0 && r.dv == 0.0 && !(r.dw > 0.0) && !(std::abs(r.ke_rel) > 0.0);
  });
  if (identical)
    s.html_intro += "<p>Every difference is 0 at every common time (positions, velocities, spins and kinetic energies "
                    "agree to the bit): no differences to draw on a log scale.</p>";
  else
    s.figures.push_back({"differences", "Largest differences", "t (s)", "difference", false, true,
                         {{"compare.csv", "1:5", "max |dx| (m)", "lines"}, {"compare.csv", "1:6", "max |dv| (m/s)", "lines"},
                          {"compare.csv", "1:7", "max |dw| (rad/s)", "lines"}, {"compare.csv", "1:4", "|dT|/T", "lines"}},
                         "set key top right\n", "Largest position, velocity and spin differences, and the relative kinetic-energy difference."});
  ResultTable table;
  table.caption = "Summary";
  table.group = "compare";
  Row row;
  row.fields = {field("common times", "frames", std::to_string(c.rows.size()), Json(static_cast<double>(c.rows.size()))),
                field("max |dx|", "max_dx", fmt_g(worst.dx), Json(worst.dx)),
                field("max |dv|", "max_dv", fmt_g(worst.dv), Json(worst.dv)),
                field("T within 1 % up to t", "horizon_1pc", fmt_g(c.horizon_1pc), Json(c.horizon_1pc))};
  table.rows.push_back(row);
  s.tables.push_back(table);
  const auto outcome = write_report(folder->staging(), {s}, {.plots = o.plots, .playground_page = {}, .link_playground = false});
  folder->commit();
  for (const auto& nd : outcome.not_drawn) fmt::print(stderr, "verisim compare: not drawn: {}\n", nd);
  fmt::print("report: {}/index.html\n", o.out);
}

}  // namespace

void add_compare_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("compare", "Compare two trajectory sets (a `verisim run` folder, an exported LAMMPS deck's folder after its run): differences, kinetic energies");
  auto opts = std::make_shared<CompareOptions>();
  cmd->add_option("a", opts->a, "first folder")->required();
  cmd->add_option("b", opts->b, "second folder")->required();
  cmd->add_option("--out", opts->out, "report folder (replaced as a whole)");
  cmd->add_flag("!--no-plots", opts->plots, "no gnuplot");
  cmd->callback([opts, cmd] {
    require_non_empty_path(opts->out, cmd->count("--out") > 0, "--out");
    run_compare(*opts);
  });
}

}  // namespace verisim::experiments
