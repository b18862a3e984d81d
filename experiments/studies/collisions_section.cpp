// The `collisions` section of the report: renders the plain data of experiments/studies/collisions_study.hpp
// (issue 5) — the cross-derivation table (one row per pair: its record and its verdict) and the
// seed 004 curves (CSV, plots, one record per curve).
#include <cmath>
#include <numbers>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/collisions_study.hpp"
#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

StudyResult collisions_report(const CollisionsStudy& data) {
  StudyResult out;
  out.name = "collisions";
  out.title = "Collision laws";
  out.lead = "A ball hitting a plane: its rebound angle changes with friction until μ reaches μ_e, where the contact "
             "stops slipping, and stays constant beyond.";
  out.how_to_read = "The curves are continuous at μ/μ_e = 1 and flat beyond it.";
  out.html_intro = fmt::format(
      "<p><b>What it shows.</b> Cross-derivations: the same collision computed by two independent derivations "
      "(toolkit/collisions/cross_derivation.hpp), compared on {} random cases per pair; the verdict requires "
      "agreement to 1e-12 of the velocity scale (issue 5). Seed 004 curves: the post-impact state of a ball "
      "(solid sphere, α = 2/5) hitting a plane, against the friction coefficient μ relative to the transition "
      "value μ_e of seed 004 eq. (10): below μ_e the contact slips throughout, above it the ball rolls off "
      "(stick).</p>\n",
      data.cross_derivation.empty() ? 0 : data.cross_derivation.front().cases);
  ResultTable t;
  t.caption = "Cross-derivations (max discrepancy relative to the case's velocity scale)";
  t.group = "cross_derivation";
  for (const auto& r : data.cross_derivation) {
    Row row;
    row.fields = {field("pair", "pair", r.name), cell("derivation A", r.left), cell("derivation B", r.right),
                  field("cases", "cases", fmt::format("{}", r.cases), static_cast<long long>(r.cases)),
                  field("max discrepancy", "max_discrepancy", fmt_g(r.max_discrepancy, 3), r.max_discrepancy),
                  field("tolerance", "tolerance", fmt_g(r.tolerance, 2), r.tolerance)};
    row.verdict = Verdict{fmt::format("cross-derivation {}", r.name), fmt::format("≤ {:g}", r.tolerance),
                          fmt_g(r.max_discrepancy, 3), r.passed};
    t.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(t));
  ResultTable curves;  // one record per curve
  curves.group = "seed004_curves";
  curves.shown = false;
  Figure fa, fs;
  fa.stem = "seed004_rebound_angle";
  fa.title = "Seed 004: rebound angle against μ/μ_e";
  fa.xlabel = "μ/μ_e [dimensionless]";
  fa.ylabel = "rebound angle from the normal [°]";
  fs.stem = "seed004_spin";
  fs.title = "Seed 004: spin after impact against μ/μ_e";
  fs.xlabel = "μ/μ_e [dimensionless]";
  fs.ylabel = "ω′R/|v| after impact [dimensionless]";
  for (std::size_t c = 0; c < data.seed004_curves.size(); ++c) {
    const auto& curve = data.seed004_curves[c];
    const std::string file = fmt::format("seed004_{}.csv", c);
    std::string csv = fmt::format("# {}: vx = {:g}, vy = {:g}, omega = {:g}, mu_e = {:.10g}\n"
                                  "# mu_over_mu_e,mu,vx_after,vy_after,omega_after,spin_ratio_after,rebound_angle_deg,branch\n",
                                  curve.label, curve.vx, curve.vy, curve.omega, curve.mu_e);
    for (const auto& r : curve.rows)
      csv += fmt::format("{:.10e},{:.10e},{:.10e},{:.10e},{:.10e},{:.10e},{:.10e},{}\n", r.mu_over_mu_e, r.mu, r.vx_after,
                         r.vy_after, r.omega_after, r.spin_ratio_after, r.rebound_angle * 180.0 / std::numbers::pi, r.branch);
    out.files.push_back({file, csv});
    fa.series.push_back({file, "1:7", curve.label, "lines lw 2"});
    fs.series.push_back({file, "1:6", curve.label, "lines lw 2"});
    Row rec;
    rec.fields = {member("curve", curve.label), member("mu_e", curve.mu_e),
                  member("points", static_cast<long long>(curve.rows.size()))};
    curves.rows.push_back(std::move(rec));
  }
  out.tables.push_back(std::move(curves));
  fa.caption = "Seed 004: rebound angle for each incoming state; the kink is the slip → stick transition at μ = μ_e.";
  fs.caption = "Seed 004: spin ratio after impact; constant beyond μ_e (rolling without slipping at separation).";
  if (!data.seed004_curves.empty()) {
    out.figures.push_back(std::move(fa));
    out.figures.push_back(std::move(fs));
  }
  return out;
}

StudyResult collisions_study(const StudyOptions& opt) {
  CollisionsStudyOptions co;
  if (opt.quick) co.cases = 2000;
  progress(opt, fmt::format("collisions: {} random cases per cross-derivation pair", co.cases));
  return collisions_report(run_collisions_study(co));
}

}  // namespace verisim::experiments
