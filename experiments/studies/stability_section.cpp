// The stability study's section of the report: renders stability_study.hpp's data — the limits
// table (one row per integrator: its record and its verdict) and the trace plot.
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/stability_study.hpp"

namespace verisim::experiments {

StudyResult stability_report(const StabilityStudy& study) {
  StudyResult out;
  out.name = "stability";
  out.title = "Linear stability limit";
  out.lead = "Each splitting method is stable while the trace of its one-step matrix stays between −2 and 2; the "
             "first crossing is its stability limit ω·Δt.";
  out.how_to_read = "One curve per splitting method, against θ = ω·Δt; the dashed lines are ±2. The table below "
                    "compares the measured limits with these crossings (and with RK4's and Newmark's own).";
  out.html_intro = fmt::format(
      "<p><b>What it shows.</b> The largest stable θ = ω·Δt of each integrator on the undamped oscillator "
      "q̈ = −ω²q. On this linear problem one step is a matrix M(θ), built column by column from one step from "
      "(q, v) = (1, 0) and one from (0, 1); the method is stable at θ when the spectral radius ρ(M(θ)) ≤ 1 + {:.1e} "
      "(the rounding of M) plus M's own noise (an implicit solver's tolerance, read off steps from (2, 0) and (0, 2)), "
      "unstable when ρ is larger (its growth per step) or a step fails. The limit is found "
      "by halving θ from {:g} until stable, an upward scan in 1 % steps and bisection; a method unstable at every "
      "θ ≥ {:g} has no stable interval (the growth per step at that θ is in the table). <b>Theory.</b> On a linear problem a one-step "
      "method is the matrix M(θ); it is stable iff its powers stay bounded. For the explicit splitting methods "
      "det M = 1, so the eigenvalues lie on the unit circle iff |tr M(θ)| ≤ 2 (Hairer, Lubich &amp; Wanner, "
      "Geometric Numerical Integration, §I.5 and §VI.4; Blanes, Casas &amp; Murua, "
      "Found. Comput. Math. 8 (2008) 357). The limit of each splitting method is derived below from its own coefficient table: M(θ) is the "
      "product, in the table's order, of kick matrices [[1, 0], [−bᵢθ, 1]] and drift matrices [[1, aᵢθ], [0, 1]], "
      "and the limit is the first root of |tr M(θ)| = 2 (the plot shows tr M). For the fourth-order methods this "
      "gives their own limits (Yoshida's triple jump about 1.573, McLachlan's SB3A about 2.922, then an unstable band "
      "to about 3.3). A Runge-Kutta table is the same method on y = (q, v), whose eigenvalues are ±iθ: its limit is "
      "the imaginary-axis limit of its stability function R(z) (RK4: 2√2; the A-stable tables none). Every "
      "limit is derived by toolkit/theory from the coefficients the integrator runs (the theory study). Newmark γ = ½: 1/√(γ/2 − β), i.e. 2√3 for β = 1/6, "
      "unconditional for β = ¼. <b>The seed's fixed-point loop</b> for Newmark β = 1/6 (seed 001 §3.3) only "
      "contracts while βθ² &lt; 1, i.e. θ &lt; √6 ≈ 2.449, below the method's own limit 2√3 ≈ 3.464: beyond √6 "
      "the seed's loop diverges although the method is stable, so the Newmark limit is measured with the Newton "
      "solver, and the loop's own limit is measured separately (20 steps, cap 10⁴ iterations). Verdict: measured "
      "within 1 % of theory.</p>\n",
      kSpectralTolerance, study.theta_max, study.theta_min);
  ResultTable table;
  table.caption = fmt::format("Largest stable ω·Δt (spectral radius of the one-step matrix; searched over {:g} ≤ θ ≤ {:g})",
                              study.theta_min, study.theta_max);
  table.group = row_keys::stability::group;
  for (const auto& r : study.rows) {
    const bool unconditional_theory = std::isinf(r.theory);
    std::string expected, measured, diff = "—";
    if (!r.expected_text.empty()) {  // a user's method (verisim check): the claim, no theory
      expected = r.expected_text;
      measured = r.unconditional ? fmt::format("stable up to θ = {:g}", study.theta_max)
                 : r.measured > 0 ? fmt_g(r.measured, 6) : fmt::format("none found down to θ = {:g}", study.theta_min);
    } else if (unconditional_theory) {
      expected = "unconditional";
      measured = r.unconditional ? fmt::format("stable up to θ = {:g}", study.theta_max) : fmt_g(r.measured, 6);
    } else if (r.theory == 0.0) {
      expected = "no stable interval";
      measured = r.unconditional ? "no limit found"
                 : r.measured > 0 ? fmt_g(r.measured, 6) : fmt::format("none found down to θ = {:g}", study.theta_min);
    } else {
      expected = fmt_g(r.theory, 6);
      measured = r.unconditional ? "no limit found" : fmt_g(r.measured, 6);
      diff = fmt::format("{:+.2e}", (r.measured - r.theory) / r.theory);
    }
    Row row;
    row.fields = {field("integrator", row_keys::stability::integrator, r.integrator),
                  field("theory", row_keys::stability::theory, expected, unconditional_theory ? -1.0 : r.theory),
                  member("theory_unconditional", unconditional_theory),
                  cell("how the theory is derived", r.theory_text),
                  field("measured", row_keys::stability::measured, measured, r.unconditional ? -1.0 : r.measured),
                  member("measured_unconditional", r.unconditional),
                  cell("relative difference", diff),
                  field(fmt::format("growth per step ρ − 1 at θ = {:g}", study.theta_min), "growth_at_theta_min",
                        r.growth_at_min > r.growth_tolerance ? fmt_g(r.growth_at_min, 3) : "none (ρ ≤ 1)", r.growth_at_min)};
    if (r.judged)
      row.verdict = Verdict{fmt::format("{}: stability limit ω·Δt", r.integrator),
                            r.expected_text.empty() && r.theory != 0.0 ? fmt::format("{} (±{:g} %)", expected, 100.0 * study.tolerance) : expected,
                            measured, r.pass};
    else
      row.verdict_text = "no claim";
    table.rows.push_back(std::move(row));
  }
  std::vector<CsvColumn> columns;
  for (const auto& c : study.traces) columns.push_back({"tr_" + c.method, c.trace});
  if (!study.traces.empty()) out.files.push_back({"trace.csv", csv_columns("theta", study.trace_theta, columns)});
  Figure f;
  f.stem = "trace";
  f.title = "Trace of the one-step matrix on the oscillator";
  f.xlabel = "θ = ω·Δt [rad]";
  f.ylabel = "tr M(θ) [dimensionless]";
  f.extra = "set yrange [-3:3]\nset arrow from graph 0, first 2 to graph 1, first 2 nohead dt 2\n"
            "set arrow from graph 0, first -2 to graph 1, first -2 nohead dt 2\n";
  for (std::size_t c = 0; c < study.traces.size(); ++c)
    f.series.push_back({"trace.csv", fmt::format("1:{}", c + 2), study.traces[c].legend, "lines lw 2", -1, study.traces[c].method});
  f.caption = "tr M(θ) of each splitting method, from its coefficient table; stable while it stays between the "
              "dashed lines ±2. The stability limit is the first crossing.";
  if (!study.traces.empty()) out.figures.push_back(std::move(f));  // none in `verisim check`'s report
  out.tables.push_back(std::move(table));
  return out;
}

StudyResult stability_study(const StudyOptions& options) { return stability_report(run_stability_study(options)); }

}  // namespace verisim::experiments
