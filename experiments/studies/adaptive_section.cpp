// The adaptive study's section of the report: per problem three tables (tolerance proportionality per
// method and controller; the estimator; dense output) and one figure per controller of the global error
// against the tolerance.
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/io/number.hpp"
#include "experiments/studies/adaptive_study.hpp"
#include "toolkit/adaptive/controller.hpp"

namespace verisim::experiments {

StudyResult adaptive_report(const AdaptiveStudy& study) {
  StudyResult out;
  out.name = "adaptive";
  out.title = "Error-controlled methods: tolerance, estimator, dense output";
  out.lead = "A pair that propagates its higher-order member keeps the global error proportional to the tolerance "
             "(slope 1); Fehlberg 4(5), which propagates its lower member, follows tol^0.8.";
  out.how_to_read = "Global error at the end against the tolerance (atol = rtol = tol), log-log, one panel per family; "
                    "slope 1 is proportionality.";
  out.html_intro =
      "<p><b>What it measures.</b> Every explicit embedded pair of the library, stepped by the error-controlled loop "
      "(toolkit/adaptive, docs/adaptive.md: each controller of its table — the standard and the PI controllers on "
      "Hairer's weighted RMS norm, and Boost.Odeint's controller on its max norm, the rule under which our pairs take "
      "odeint's own steps). "
      "<b>Tolerance proportionality:</b> the global error at the end against tol over 8 decades; the estimate is kept "
      "≈ tol per step, so h ∝ tol^(1/(q+1)) with q = min(p, p̂) the estimate's order, and the error of the propagated "
      "order-p solution ∝ h^p: slope p/(q+1) (Hairer, Nørsett &amp; Wanner I, §II.4; Shampine 1994, §7.1), fitted over "
      "the tightest 5 decades (at looser tolerances the high-order pairs take 20–60 steps per period and approach the "
      "law from below); verdict within ±0.15. C is the largest error/tol over that range. "
      "<b>Estimator</b> (Drake's ErrEstOrder, SUNDIALS' ark_test_accumerror, DETEST's deceived steps): at each accepted "
      "step of a run at tol = 1e-6, the true local error of the member the estimate measures, from a Fehlberg 7(8) "
      "reference of 16 sub-steps started at the same point, against the estimate (ratio → 1 as h → 0); a step is "
      "<i>deceived</i> when the true local error of the solution it propagates exceeds the tolerance (err &gt; 1); "
      "verdict: the estimate's order, from one step on a ladder of h, within ±0.5 of q + 1, and at most 5 % deceived "
      "for the pairs that propagate their higher member (their propagated error is O(h) below the estimate); "
      "Fehlberg 4(5) propagates the member it estimates, so a step accepted at err ≈ 1 is deceived about half the "
      "time: its share is reported, as DETEST reports it. "
      "<b>Dense output:</b> Dormand–Prince's continuous extension (order p* = 4) or Hermite's cubic (p* = 3) between "
      "the ends of each step; verdict: the one-step interpolation error's slope within ±0.35 of p* + 1; the largest "
      "midpoint error over a run at tol = 1e-8 is shown.</p>\n";
  for (const auto& p : study.problems) {
    // tolerance proportionality
    ResultTable t;
    t.caption = fmt::format("{}: global error at t = {:g} against the tolerance", p.title, p.t_end);
    t.group = "adaptive_tolerance_" + p.name;
    for (const auto& r : p.tolerance) {
      Row row;
      row.fields = {field("integrator", "integrator", r.integrator), field("controller", "controller", r.controller),
                    field("p", "order", std::to_string(r.order), r.order),
                    field("q (estimate)", "error_order", std::to_string(r.error_order), r.error_order),
                    field("theory p/(q+1)", "derived_slope", fmt_g(r.derived, 3), r.derived),
                    field("slope (1e-8 … 1e-13)", "slope", fmt_g(r.slope, 3), finite_or_null(r.slope)),
                    field("C = max err/tol", "c", fmt_g(r.c, 3), finite_or_null(r.c)),
                    field(fmt::format("error at tol = {:g}", p.tolerances.front()), "error_loosest",
                          fmt_g(r.error.front(), 3), finite_or_null(r.error.front())),
                    field(fmt::format("error at tol = {:g}", p.tolerances.back()), "error_tightest",
                          fmt_g(r.error.back(), 3), finite_or_null(r.error.back())),
                    field("steps at the tightest", "steps_tightest", std::to_string(r.steps.back()), r.steps.back())};
      row.verdict = Verdict{fmt::format("{} ({}) on {}: tolerance slope", r.integrator, r.controller, p.name),
                            fmt::format("{} ± {}", fmt_g(r.derived, 3), kToleranceSlopeBand), fmt_g(r.slope, 3), r.pass};
      t.rows.push_back(std::move(row));
    }
    out.tables.push_back(std::move(t));
    for (const auto& c : adaptive::kControllers) {
      std::vector<CsvColumn> columns;
      Figure f;
      const std::string csv = fmt::format("tolerance_{}_{}.csv", p.name, c.name);
      f.stem = fmt::format("tolerance_{}_{}", p.name, c.name);
      f.title = fmt::format("Global error against the tolerance ({} control): {}", c.name, p.title);
      f.xlabel = "tolerance (atol = rtol) [dimensionless]";
      f.ylabel = "global error at the end [problem units]";
      f.logx = f.logy = true;
      f.by_family = true;
      for (const auto& r : p.tolerance) {
        if (r.controller != c.name) continue;
        columns.push_back({r.integrator, r.error});
        f.series.push_back({csv, fmt::format("1:{}", columns.size() + 1), r.integrator, "linespoints", -1, r.integrator});
      }
      out.files.push_back({csv, csv_columns("tolerance", p.tolerances, columns)});
      f.caption = "Slope 1: the error proportional to the tolerance (the pairs that propagate their higher member); "
                  "Fehlberg 4(5) is flatter, 0.8.";
      out.figures.push_back(std::move(f));
    }
    // the estimator
    ResultTable e;
    e.caption = fmt::format("{}: the error estimate against the true local error (tol = 1e-6)", p.title);
    e.group = "adaptive_estimator_" + p.name;
    for (const auto& r : p.estimator) {
      Row row;
      row.fields = {field("integrator", "integrator", r.integrator),
                    field("accepted steps", "accepted", std::to_string(r.accepted), r.accepted),
                    field("estimate/true: median", "ratio_median", fmt_g(r.median, 3), finite_or_null(r.median)),
                    field("10 %", "ratio_p10", fmt_g(r.p10, 3), finite_or_null(r.p10)),
                    field("90 %", "ratio_p90", fmt_g(r.p90, 3), finite_or_null(r.p90)),
                    field("deceived", "deceived", fmt_g(r.deceived, 3), finite_or_null(r.deceived)),
                    field("estimate order", "estimate_order", fmt_g(r.estimate_order, 3), finite_or_null(r.estimate_order))};
      row.verdict = Verdict{fmt::format("{} on {}: estimator", r.integrator, p.name),
                            r.judges_deceived ? fmt::format("deceived ≤ {:g}, estimate order q + 1 ± 0.5", kDeceivedShare)
                                              : std::string("estimate order q + 1 ± 0.5 (deceived: reported)"),
                            fmt::format("{} deceived, order {}", fmt_g(r.deceived, 3), fmt_g(r.estimate_order, 3)), r.pass};
      e.rows.push_back(std::move(row));
    }
    out.tables.push_back(std::move(e));
    // dense output
    ResultTable d;
    d.caption = fmt::format("{}: dense output between the ends of a step", p.title);
    d.group = "adaptive_dense_" + p.name;
    for (const auto& r : p.dense) {
      Row row;
      row.fields = {field("integrator", "integrator", r.integrator), field("interpolant", "interpolant", r.interpolant),
                    field("p*", "dense_order", std::to_string(r.declared), r.declared),
                    field("one-step error slope", "measured", fmt_g(r.measured, 3), finite_or_null(r.measured)),
                    field("largest midpoint error (tol 1e-8)", "run_error", fmt_g(r.run_error, 3), finite_or_null(r.run_error))};
      row.verdict = Verdict{fmt::format("{} on {}: dense output order", r.integrator, p.name),
                            fmt::format("{} ± {}", r.declared + 1, kDenseOrderBand), fmt_g(r.measured, 3), r.pass};
      d.rows.push_back(std::move(row));
    }
    out.tables.push_back(std::move(d));
  }
  return out;
}

StudyResult adaptive_study(const StudyOptions& options) { return adaptive_report(run_adaptive_study(options)); }

}  // namespace verisim::experiments
