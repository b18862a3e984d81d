// The reversibility study's section of the report: per problem one table (one row per integrator:
// its return errors, its class, its verdict against the derived symmetry) and one figure of the
// return error against n with the round-off bound.
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/reversibility_study.hpp"

namespace verisim::experiments {

StudyResult reversibility_report(const ReversibilityStudy& study) {
  StudyResult out;
  out.name = "reversibility";
  out.title = "Reversibility: forward, flip the velocity, forward again";
  out.lead = "Symmetric methods come back to their starting point to rounding; the others miss it by their "
             "own truncation error.";
  out.how_to_read = "Return error ‖z_back − z₀‖/‖z₀‖ against the number n of steps of each leg, log-log, one panel per "
                    "family; the dashed line is the bound C·n·ε a symmetric method must stay under.";
  out.html_intro = fmt::format(
      "<p><b>What it measures.</b> From z₀ = (q₀, v₀): n steps of Δt, the velocity flipped, n steps of Δt again, the "
      "velocity flipped back; the distance to z₀ relative to ‖z₀‖ (q in the problem's length unit, v in length per "
      "time unit), for n on a ladder. <b>Theory.</b> The problems are reversible, f(q) does not depend on v, so "
      "ρ(q, v) = (q, −v) conjugates the flow to its inverse; every method here is ρ-compatible, ρ∘Φ_h∘ρ = Φ_(−h), so "
      "the trip is Φ_(−h)ⁿ∘Φ_hⁿ, the identity iff the method is symmetric, Φ_(−h) = Φ_h⁻¹ (Hairer, Lubich &amp; "
      "Wanner, Geometric Numerical Integration, §V.1, Thm V.1.5). A symmetric method is then left with its rounding: "
      "a rounding at step k returns through Φ_(−h)ᵏ's Jacobian, so over 2n steps at most 2n·r·A·ε with r ≤ 16 "
      "roundings per step and A ≤ 60 the linearised flow's growth over the runs: the bound is C·n·ε, C = {:g} "
      "(the Gauss methods stop their solves at 1e-15 ≈ 4.5ε relative, inside r; Newmark's solvers stop at an absolute "
      "1e-12, so their bound adds 2n·1e-12/‖z₀‖). A non-symmetric method of order p "
      "leaves Φ_(−h)∘Φ_h − id = O(h^(p+1)) per step (O(h^(p+2)) when p is even), far above that. "
      "<b>Verdict</b> per method and problem: the measured class — <i>round-off</i> (every n within C·n·ε), "
      "<i>not reversible</i> (every n above) — against the symmetry derived from the method's coefficients "
      "(GNI §V.2–V.3: Runge–Kutta a_ij + a_(s+1−i,s+1−j) = b_j, splitting: a palindromic sequence of kicks and "
      "drifts; Newmark: γ = ½).</p>\n",
      kReversibilityC);
  for (const auto& p : study.problems) {
    ResultTable t;
    t.caption = fmt::format("{}: return error after n steps forward and n back, Δt = {:g}", p.title, p.dt);
    t.group = "reversibility_" + p.name;
    std::vector<CsvColumn> columns;
    std::vector<double> ns;
    for (long n : p.steps) ns.push_back(static_cast<double>(n));
    columns.push_back({"bound", p.bound});
    for (const auto& r : p.rows) {
      Row row;
      row.fields = {field("integrator", "integrator", r.integrator),
                    field("symmetric (theory)", "symmetric", r.symmetric ? (*r.symmetric ? "yes" : "no") : "—",
                          r.symmetric ? Json(*r.symmetric) : Json())};
      for (std::size_t i = 0; i < p.steps.size(); ++i)
        row.fields.push_back(field(fmt::format("n = {}", p.steps[i]), fmt::format("error_n{}", p.steps[i]),
                                   std::isinf(r.error[i]) ? "failed" : fmt_g(r.error[i], 3),
                                   std::isinf(r.error[i]) ? Json() : Json(r.error[i])));
      row.fields.push_back(field(fmt::format("bound at n = {}", p.steps.back()), "bound_last", fmt_g(r.bound.back(), 3), r.bound.back()));
      row.fields.push_back(field("Δt", "dt", fmt::format("{:g}", r.dt), r.dt));
      row.fields.push_back(field("measured", "measured", r.measured));
      if (r.symmetric)
        row.verdict = Verdict{fmt::format("{} on {}: reversibility", r.integrator, p.name),
                              *r.symmetric ? "round-off (≤ its bound)" : "not reversible (> its bound)", r.measured, r.pass};
      else
        row.verdict_text = "no claim";
      t.rows.push_back(std::move(row));
      std::vector<double> e = r.error;
      for (double& x : e)
        if (!std::isfinite(x) || x <= 0) x = kNaN;  // a failed trip, or an exact return: nothing to draw on a log axis
      columns.push_back({r.integrator, e});
    }
    const std::string csv = "reversibility_" + p.name + ".csv";
    out.files.push_back({csv, csv_columns("n", ns, columns)});
    Figure f;
    f.stem = "reversibility_" + p.name;
    f.title = fmt::format("Return error after n steps forward and n back: {}", p.title);
    f.xlabel = "n (steps of each leg)";
    f.ylabel = "‖z_back − z₀‖/‖z₀‖ [dimensionless]";
    f.logx = f.logy = true;
    f.by_family = true;
    for (std::size_t c = 0; c < p.rows.size(); ++c)
      f.series.push_back({csv, fmt::format("1:{}", c + 3), p.rows[c].integrator, "linespoints", -1, p.rows[c].integrator});
    // the bound as a dashed segment in every panel (a series of its own would get a panel of its own)
    f.extra = fmt::format("set arrow from {}, first {:.6e} to {}, first {:.6e} nohead dt 2 lw 2 lc rgb '#000000'\n",
                          p.steps.front(), p.bound.front(), p.steps.back(), p.bound.back());
    f.caption = "Below the dashed line (C·n·ε): back to the start to rounding (symmetric methods); above: the truncation "
                "error of a non-symmetric method, growing with n.";
    out.figures.push_back(std::move(f));
    out.tables.push_back(std::move(t));
  }
  return out;
}

StudyResult reversibility_study(const StudyOptions& options) { return reversibility_report(run_reversibility_study(options)); }

}  // namespace verisim::experiments
