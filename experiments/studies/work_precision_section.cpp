// The work-precision study's section of the report: renders work_precision_study.hpp's data — per
// problem the evaluation-count table (one row per integrator: its verdict), the runs (one record
// each), their CSV (deterministic) and timing CSV, and the two plots.
#include <string>

#include <fmt/format.h>

#include "experiments/io/number.hpp"

#include "experiments/studies/work_precision_study.hpp"

namespace verisim::experiments {

namespace {

void problem_section(const WorkProblem& p, StudyResult& out) {
  ResultTable t;
  t.caption = fmt::format("{}: f evaluations per step, counted (t = {:.4g} s)", p.title, p.T);
  t.group = row_keys::evaluations::group;
  for (const auto& c : p.counts) {
    Row row;
    row.fields = {field("integrator", row_keys::evaluations::integrator, c.integrator), member("problem", p.name),
                  field("declared f/step", "declared", fmt::format("{}{}", c.declared, c.implicit ? "+" : ""), c.declared),
                  member("implicit", c.implicit),
                  field("counted f/step (finest run)", row_keys::evaluations::per_step, fmt::format("{:.4f}", c.per_step), c.per_step)};
    if (c.checkable)
      row.verdict = Verdict{fmt::format("{} on {}: f evaluations per step", c.integrator, p.name), fmt::format("{}", c.declared),
                            fmt::format("{:.4f}", c.per_step), c.pass};
    else
      row.verdict_text = "not checked (implicit or velocity-dependent)";
    t.rows.push_back(std::move(row));
  }
  ResultTable runs;  // every run: a record each
  runs.group = row_keys::work_precision::group;
  runs.shown = false;
  // deterministic data (errors, counts) and, separately, the wall times
  std::string csv = "# series,steps,error,rhs_evaluations\n", timing = "# series,steps,error,seconds_per_run (wall time: not deterministic)\n";
  const std::string file = fmt::format("wp_{}.csv", p.name), tfile = fmt::format("wp_{}_timing.csv", p.name);
  Figure fe, ft;
  fe.stem = fmt::format("wp_{}_evaluations", p.name);
  ft.stem = fmt::format("wp_{}_time", p.name);
  fe.title = fmt::format("Work-precision: {} — error vs f evaluations", p.title);
  ft.title = fmt::format("Work-precision: {} — error vs wall time", p.title);
  fe.xlabel = "right-hand-side evaluations [count]";
  ft.xlabel = "wall time per run [s]";
  fe.ylabel = ft.ylabel = "global error at final time [state units]";
  fe.logx = fe.logy = ft.logx = ft.logy = true;
  fe.by_family = ft.by_family = true;
  for (std::size_t c = 0; c < p.curves.size(); ++c) {
    const auto& curve = p.curves[c];
    for (const auto& pt : curve.points) {
      csv += fmt::format("{},{},{},{}\n", curve.series, pt.steps, csv_number(pt.error), pt.evaluations);
      timing += fmt::format("{},{},{},{}\n", curve.series, pt.steps, csv_number(pt.error), csv_number(pt.seconds));
      Row run;
      run.fields = {member(row_keys::work_precision::series, curve.series), member(row_keys::work_precision::problem, p.name),
                    member(row_keys::work_precision::steps, pt.steps),
                    member(row_keys::work_precision::error, pt.error),
                    member(row_keys::work_precision::rhs_evaluations, pt.evaluations)};
      runs.rows.push_back(std::move(run));
    }
    // gnuplot selects the rows of one series by index: separate blocks by two blank lines
    csv += "\n\n";
    timing += "\n\n";
    fe.series.push_back({file, "4:3", curve.series, "linespoints", static_cast<int>(c), curve.series});
    ft.series.push_back({tfile, "4:3", curve.series, "linespoints", static_cast<int>(c), curve.series});
  }
  fe.caption = fmt::format("{}: error against the number of f evaluations (counted by a wrapper around the system). "
                           "Lower-left is better; dashed, open points: Boost.Odeint, in the colour of our method of the same scheme; "
                           "dash-dot, in a panel of their own: the embedded pairs error-controlled (toolkit/adaptive, standard "
                           "controller), one point per tolerance 1e-3, 1e-4, …", p.title);
  ft.caption = fmt::format("{}: error against wall time on this machine (not part of the deterministic output: "
                           "{}).", p.title, tfile);
  ResultTable cheap;
  cheap.caption = fmt::format("{}: the cheapest method per accuracy (fewest f evaluations over every run reaching it)", p.title);
  cheap.group = "work_precision_cheapest";
  for (const auto& c : p.cheapest) {
    Row row;
    row.fields = {member("problem", p.name), field("error ≤", "target", fmt_g(c.target, 1), c.target),
                  field("cheapest", "series", c.series.empty() ? "— (no run reached it)" : c.series),
                  field("f evaluations", "evaluations", c.series.empty() ? "—" : std::to_string(c.evaluations),
                        c.series.empty() ? Json() : Json(static_cast<double>(c.evaluations))),
                  field("runner-up", "runner_up", c.runner_up.empty() ? "—" : c.runner_up),
                  field("its f evaluations", "runner_up_evaluations", c.runner_up.empty() ? "—" : std::to_string(c.runner_up_evaluations),
                        c.runner_up.empty() ? Json() : Json(static_cast<double>(c.runner_up_evaluations)))};
    row.verdict_text = "measured (no claim)";
    cheap.rows.push_back(std::move(row));
  }
  out.files.push_back({file, csv});
  out.files.push_back({tfile, timing});
  out.figures.push_back(std::move(fe));
  out.figures.push_back(std::move(ft));
  out.tables.push_back(std::move(t));
  out.tables.push_back(std::move(cheap));
  out.tables.push_back(std::move(runs));
}

}  // namespace

StudyResult work_precision_report(const WorkPrecisionStudy& study) {
  StudyResult out;
  out.name = "work-precision";
  out.title = "Work-precision";
  out.lead = "On the Kepler orbit, for the same error, the higher-order methods need far fewer f evaluations than the "
             "first- and second-order ones.";
  out.lead_figure = "wp_kepler_evaluations";
  out.how_to_read = "Lower-left is better; at a fixed error, read across for the cheapest method. Panels split the "
                    "methods by family on common axes.";
  out.html_intro =
      "<p><b>What it shows.</b> For each problem, the global error at the final time against the work: the number "
      "of right-hand-side evaluations (counted by a wrapper around the system, the machine-independent measure) "
      "and the wall time (machine-dependent), for our integrators and Boost.Odeint's steppers of the same method. "
      "<b>Theory.</b> Error ≈ C·(work)<sup>−p</sup> for a method of order p at s evaluations per step, so "
      "higher-order methods win at tight tolerances, and the constant C decides at loose ones (Hairer, Nørsett "
      "&amp; Wanner, Solving ODEs I, §II.10 — the same kind of diagram). The table checks that the counted "
      "evaluations per step equal the declared ones (velocity Verlet reuses its last force: 1 per step plus one "
      "to start). The embedded pairs also run error-controlled (toolkit/adaptive, docs/adaptive.md: the standard "
      "controller, atol = rtol = tol from 1e-3 down), fixed and adaptive on one figure as DiffEqDevTools' "
      "<code>WorkPrecisionSet</code>; their work counts the steps rejected and the starting-step algorithm's two "
      "evaluations. Per accuracy, the table names the cheapest run of any method. Wall times are in the "
      "*_timing.csv files only, so that every other file is byte-identical from run to run.</p>\n";
  for (const auto& p : study.problems) problem_section(p, out);
  return out;
}

StudyResult work_precision_study(const StudyOptions& options) { return work_precision_report(run_work_precision_study(options)); }

}  // namespace verisim::experiments
