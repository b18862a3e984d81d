// The adaptive study's section of the report: per problem three tables (tolerance proportionality per
// method and controller; the estimator; dense output) and one figure per controller of the global error
// against the tolerance; then the event-location table of the falling ball.
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/io/number.hpp"
#include "experiments/report/row_keys.hpp"
#include "experiments/studies/adaptive_study.hpp"
#include "toolkit/adaptive/controller.hpp"

namespace verisim::experiments {

StudyResult adaptive_report(const AdaptiveStudy& study) {
  StudyResult out;
  out.name = "adaptive";
  out.title = "Error-controlled methods: tolerance, estimator, dense output, events";
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
      "midpoint error over a run at tol = 1e-8 is shown. "
      "<b>Event location</b> (Shampine &amp; Thompson 2000): a ball thrown up and falling with linear drag reaches the "
      "ground at a transcendental time t* (Newton on the closed form, long double); in the accepted step where its "
      "height changes sign, the contact is located by the Illinois iteration (Dowell &amp; Jarratt 1971) on the dense "
      "output (no f evaluation) and, as the scenes' EventStepper does, on s ↦ y(Φ<sub>s</sub>(x₀)) re-stepping the "
      "method from the step's start (s f evaluations per point). Verdict: |t̂ − t*| ≤ 2·(E + |y(t̂)|)/|ẏ(t*)| for "
      "both, E the largest height error of the located curve on that step (θ = k/16 and t̂): 1 by the mean value "
      "theorem, 2 for ẏ varying between t̂ and t*; and 0 f evaluations through the dense output.</p>\n";
  for (const auto& p : study.problems) {
    // tolerance proportionality
    ResultTable t;
    t.caption = fmt::format("{}: global error at t = {:g} against the tolerance", p.title, p.t_end);
    t.group = row_keys::adaptive_tolerance::group;
    for (const auto& r : p.tolerance) {
      Row row;
      row.fields = {field("integrator", "integrator", r.integrator), field("controller", "controller", r.controller),
                    field("problem", "problem", p.name),
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
  // event location: the falling ball's first contact, through the dense output and by re-stepping
  if (const EventStudy& ev = study.events; !ev.rows.empty()) {
    ResultTable t;
    t.caption = fmt::format("{}: the contact time located through the dense output and by re-stepping the method "
                            "(EventStepper's way), against t* = {:.17g} s", ev.title, ev.t_exact);
    t.group = "adaptive_event_" + ev.name;
    for (const auto& r : ev.rows) {
      Row row;
      row.fields = {field("integrator", "integrator", r.integrator), field("interpolant", "interpolant", r.interpolant),
                    field("tol", "tol", fmt_g(r.tol, 3), r.tol),
                    field("h of the step", "h", fmt_g(r.h, 3), finite_or_null(r.h)),
                    field("dense: t̂ − t*", "dense_error", fmt_g(r.dense_error, 3), finite_or_null(r.dense_error)),
                    field("dense: bound", "dense_bound", fmt_g(r.dense_bound, 3), finite_or_null(r.dense_bound)),
                    field("re-step: t̂ − t*", "restep_error", fmt_g(r.restep_error, 3), finite_or_null(r.restep_error)),
                    field("re-step: bound", "restep_bound", fmt_g(r.restep_bound, 3), finite_or_null(r.restep_bound)),
                    field("dense − re-step", "difference", fmt_g(r.dense_error - r.restep_error, 3),
                          finite_or_null(r.dense_error - r.restep_error)),
                    field("points tried: dense", "dense_iterations", std::to_string(r.dense_iterations),
                          r.dense_iterations),
                    field("points tried: re-step", "restep_iterations", std::to_string(r.restep_iterations),
                          r.restep_iterations),
                    field("f evaluations: dense", "dense_evaluations", std::to_string(r.dense_evaluations),
                          r.dense_evaluations),
                    field("f evaluations: re-step (s × points)", "restep_evaluations",
                          fmt::format("{} = {} × {}", r.restep_evaluations, r.stages, r.restep_iterations),
                          r.restep_evaluations)};
      row.verdict = Verdict{fmt::format("{} at tol = {:g} on {}: event time", r.integrator, r.tol, ev.name),
                            fmt::format("|t̂ − t*| ≤ {:g}·(E + |g(t̂)|)/|g′(t*)| both ways; 0 f evaluations through "
                                        "the dense output",
                                        kEventBoundFactor),
                            r.located ? fmt::format("{} ≤ {}, {} ≤ {}; {} evaluations", fmt_g(std::abs(r.dense_error), 3),
                                                    fmt_g(r.dense_bound, 3), fmt_g(std::abs(r.restep_error), 3),
                                                    fmt_g(r.restep_bound, 3), r.dense_evaluations)
                                      : std::string("no step with the sign change (the run failed)"),
                            r.pass};
      t.rows.push_back(std::move(row));
    }
    out.tables.push_back(std::move(t));
  }
  return out;
}

StudyResult adaptive_study(const StudyOptions& options) { return adaptive_report(run_adaptive_study(options)); }

}  // namespace verisim::experiments
