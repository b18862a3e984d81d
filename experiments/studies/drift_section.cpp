// The drift study's section of the report: renders drift_study.hpp's data — the seed 001 §G.2.1 and
// RK4-factor tables, per problem the envelope table (one row per integrator: its record and its
// verdicts) and one CSV of envelopes, and the plots.
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/drift_study.hpp"

namespace verisim::experiments {

namespace {


void seed_g21_section(const DriftStudy& d, StudyResult& out) {
  ResultTable t;
  t.caption = "Seed 001 §G.2.1: energy change per period of the oscillator, θ = ωΔt = 2π/2000, m = k = 1";
  t.group = "seed_G21";
  std::vector<const AlphaFamilyMeasurement*> curves;  // x₀ = 1: α = 0, ½, 1
  for (const auto& row : d.seed_g21) {
    const auto& r = row.m;
    const bool full = r.x0 == 1.0;  // the run over every period (x₀ = 2: one period)
    if (full) curves.push_back(&r);
    Row out_row;
    out_row.fields = {
        field("α", "alpha", fmt_g(r.alpha, 2), r.alpha),
        member("theta", r.theta),
        field("x₀", "x0", fmt_g(r.x0, 2), r.x0),
        field("derived ΔE per period", "derived_per_period", fmt_g(r.derived_per_period, 6), r.derived_per_period),
        field("measured ΔE (first period)", "measured_per_period", fmt_g(r.measured_per_period, 6), r.measured_per_period),
        cell("ratio", r.alpha < 1.0 ? fmt::format("{:.4f}", row.ratio) : fmt::format("|ΔE|/ΔE(α=0) = {:.2e}", row.ratio)),
        field("envelope exponent", "envelope_exponent", full ? fmt_g(r.envelope_exponent, 3) : "—",
              full ? r.envelope_exponent : kNaN),
    };
    out_row.verdict = Verdict{fmt::format("seed 001 §G.2.1, α = {:g}, x₀ = {:g}: energy change per period", r.alpha, r.x0),
                              r.alpha < 1.0 ? fmt::format("{:.6g} (±5 %)", r.derived_per_period) : "≈ 0, bounded",
                              fmt::format("{:.6g}", r.measured_per_period), row.pass};
    t.rows.push_back(std::move(out_row));
  }
  std::string csv = "# period,E_alpha0,E_alpha_half,E_alpha1 (x0 = 1)\n";
  for (int p = 0; p < d.g21_periods && curves.size() == 3; ++p)
    csv += fmt::format("{},{:.12e},{:.12e},{:.12e}\n", p + 1, curves[0]->per_period[p], curves[1]->per_period[p],
                       curves[2]->per_period[p]);
  out.files.push_back({"seed_g21.csv", csv});
  Figure f;
  f.stem = "seed_g21";
  f.title = "Seed 001 §G.2.1: energy at the end of each period (θ = 2π/2000)";
  f.xlabel = "period number";
  f.ylabel = "energy E [J] (m = k = 1, x₀ = 1 m)";
  f.logy = true;
  f.series = {{"seed_g21.csv", "1:2", "α = 0 (Euler)", "lines lw 2"},
              {"seed_g21.csv", "1:3", "α = ½ (Taylor)", "lines lw 2"},
              {"seed_g21.csv", "1:4", "α = 1 (Euler-Cromer)", "lines lw 2"}};
  f.caption = "Energy after each full period for the three members of the seed's family. α = 0 and α = ½ grow "
              "geometrically, by 1 + 2πθ and 1 + πθ per period; α = 1 stays at E₀.";
  out.tables.push_back(std::move(t));
  out.figures.push_back(std::move(f));
}

void rk4_factor_section(const DriftStudy& d, StudyResult& out) {
  ResultTable t;
  t.caption = fmt::format("RK4 on the oscillator: E_n/E₀ against (1 − θ⁶/72 + θ⁸/576)ⁿ over {} steps", d.rk4_steps);
  t.group = "rk4_energy_factor";
  for (const auto& r : d.rk4_factor) {
    Row row;
    row.fields = {
        field("θ = ωΔt", "theta", fmt_g(r.theta, 3), r.theta),
        member("steps", r.steps),
        field("E_n/E₀ at the end", "energy_ratio", fmt_g(r.energy_ratio, 10), r.energy_ratio),
        field("theory", "theory", fmt_g(r.theory, 10), r.theory),
        field("max relative difference (all n)", "max_relative_difference", fmt_g(r.max_relative_difference, 3),
              r.max_relative_difference),
    };
    row.verdict = Verdict{fmt::format("RK4 energy factor, θ = {:g}", r.theta), "relative difference ≤ 1e-6",
                          fmt_g(r.max_relative_difference, 3), r.pass};
    t.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(t));
}

void problem_section(const DriftProblem& p, StudyResult& out) {
  ResultTable table;
  table.caption = fmt::format("{}: Δt = {:g} s, {} steps (t = {:g} s)", p.title, p.dt, p.steps, p.dt * static_cast<double>(p.steps));
  table.group = row_keys::drift::group;
  for (const auto& r : p.rows) {
    Row row;
    row.fields = {
        field("integrator", row_keys::drift::integrator, r.integrator),
        member(row_keys::drift::problem, p.name),
        member("dt", p.dt),
        member("steps", p.steps),
        member("steps_run", r.steps_run),
        field("max |ΔE/E₀|", row_keys::drift::max_rel_energy_error, fmt_g(r.max_rel_energy_error, 3), r.max_rel_energy_error),
        field("envelope exponent", row_keys::drift::envelope_exponent, fmt_g(r.exponent, 3), r.exponent),
        field("max |ΔL/L₀|", "max_rel_angular_momentum_error",
              r.has_angular_momentum ? fmt_g(r.max_rel_angular_momentum_error, 3) : "—",
              r.has_angular_momentum ? r.max_rel_angular_momentum_error : kNaN),
        member(row_keys::drift::category, r.category),
        field("expected", "expected", r.expected),
    };
    if (r.judged)
      row.verdict = Verdict{fmt::format("{} on {}: energy error", r.integrator, p.name), r.expected,
                            fmt::format("{} (exponent {})", r.category, fmt_g(r.exponent, 3)), r.pass};
    row.verdict_text = r.category + (r.pass || !r.judged ? "" : " (FAIL)");
    if (r.angular_momentum_checked)
      row.also.push_back({fmt::format("{} on {}: angular momentum", r.integrator, p.name),
                          fmt::format("conserved to round-off (≤ {:.1e})", r.angular_momentum_bound),
                          fmt_g(r.max_rel_angular_momentum_error, 3), r.angular_momentum_pass});
    table.rows.push_back(std::move(row));
  }
  // one CSV per problem: window end time and one column per integrator (nan where the run did not
  // reach the window, or its error is 0 and a log axis cannot show it)
  std::vector<CsvColumn> columns;
  for (const auto& r : p.rows) {
    CsvColumn c{r.integrator, {}};
    for (std::size_t wi = 0; wi < p.window_end.size(); ++wi) {
      const bool have = wi < r.t_end.size() && std::isfinite(r.t_end[wi]) && r.max_de[wi] > 0;
      c.values.push_back(have ? r.max_de[wi] : kNaN);
    }
    columns.push_back(std::move(c));
  }
  const std::string name = fmt::format("drift_{}.csv", p.name);
  out.files.push_back({name, csv_columns("window_end_time", p.window_end, columns)});
  Figure fig;
  fig.stem = fmt::format("drift_{}", p.name);
  fig.title = fmt::format("Energy error envelope: {} (Δt = {:g} s)", p.title, p.dt);
  fig.xlabel = "time t [s]";
  fig.ylabel = "envelope of |E − E₀|/|E₀| [dimensionless]";
  fig.logx = fig.logy = true;
  fig.by_family = true;
  fig.caption = fmt::format(
      "{}: the maximum of the relative energy error over logarithmically spaced windows (8 per decade), log-log. "
      "Flat: bounded (symplectic); slope 1: secular drift (RK4); steeper: growth (Euler, stopped at 10³).",
      p.title);
  for (std::size_t i = 0; i < p.rows.size(); ++i)
    fig.series.push_back({name, fmt::format("1:{}", i + 2), p.rows[i].integrator, "linespoints ps 0.5", -1, p.rows[i].integrator});
  out.tables.push_back(std::move(table));
  out.figures.push_back(std::move(fig));
}

}  // namespace

StudyResult drift_report(const DriftStudy& study) {
  StudyResult out;
  out.name = "drift";
  out.title = "Energy drift over long runs";
  out.lead = "On the Kepler orbit the energy error of every symplectic method stays flat over the whole run, RK4's "
             "grows linearly with time and explicit Euler's explodes.";
  out.lead_figure = "drift_kepler";
  out.how_to_read = "Log-log axes: flat lines are bounded (symplectic), slope-1 lines secular (RK4), steeper lines "
                    "growth (explicit Euler, stopped when the error reaches 10³). Panels split the methods by family "
                    "on common axes; each method keeps its colour and point in every plot.";
  out.html_intro =
      "<p><b>What it shows.</b> Long runs (10⁶ steps; 10⁵ with --quick) of the oscillator, the pendulum and the "
      "Kepler orbit (e = 0.6, where the angular momentum q × v is a second invariant). The relative energy error "
      "|E − E₀|/|E₀| oscillates, so the plots show its envelope: the maximum over logarithmically spaced windows "
      "of steps (8 per decade), so that an oscillating error is not mistaken for drift. The growth exponent is "
      "the least-squares slope of log envelope against log t over the last two decades of the run. "
      "<b>Theory.</b> A symplectic method applied to a Hamiltonian system conserves a modified energy "
      "H̃ = H + O(Δt<sup>p</sup>) over exponentially long times, so the energy error is bounded (Hairer, Lubich "
      "&amp; Wanner, GNI, Thm IX.8.1; Benettin &amp; Giorgilli 1994): verdict <i>bounded</i> (|exponent| &lt; "
      "0.25). RK4 loses energy by a fixed factor per step on the oscillator, so its error grows linearly: "
      "<i>secular</i> (exponent within 0.25 of 1). Explicit Euler multiplies the oscillator's energy by 1 + θ² per "
      "step: <i>growth</i> (exponent &gt; 1.25, or the error reaches half the energy itself, or the run is stopped "
      "at 10³). An error that never leaves the floor of the arithmetic (10·n·ε, or 10·n·10⁻¹² for the implicit "
      "methods, whose solver stops at 10⁻¹²) counts as bounded: Newmark β = ¼ conserves the oscillator's energy "
      "exactly and only its solver tolerance accumulates. Newmark with γ = ½ conserves a non-canonical symplectic form (Kane, Marsden, Ortiz &amp; West, IJNME "
      "49 (2000) 1295) and its energy error stays bounded as well.</p>\n"
      "<p><b>RK4's exact energy factor.</b> On q̈ = −ω²q, one RK4 step multiplies (q, v/ω) by R(iθ) with "
      "R(z) = 1 + z + z²/2 + z³/6 + z⁴/24, so E_n = E₀·|R(iθ)|<sup>2n</sup> = E₀(1 − θ⁶/72 + θ⁸/576)ⁿ, θ = ωΔt "
      "(seed 001 §3.4; Hairer &amp; Wanner, Solving ODEs II, §IV.2); the table checks it to 10⁻⁶ relative at "
      "every step.</p>\n"
      "<p><b>Seed 001 §G.2.1, derived.</b> For the family x⁺ = x + Δt v − αΔt²/m ∇V, v⁺ = v − Δt/m ∇V on "
      "V = ½kx², expanding E⁺ = ½m v⁺² + ½k x⁺² gives, exactly up to O(Δt³), ΔE = (Δt²/2)(k v² + (1 − 2α) k²x²/m) "
      "per step (the O(Δt) terms −kΔt x v and +kΔt x v cancel). Along x = x₀ cos ωt, v = −x₀ω sin ωt, "
      "k v² = (k²/m) x₀² sin²ωt, so ΔE = (Δt²/2)(k²x₀²/m)(sin²ωt + (1 − 2α) cos²ωt): <b>x₀²</b>, where the seed "
      "writes x₀ (a dimension check shows it: an energy needs x₀²). Summing over the T/Δt steps of one period "
      "(Σ ≈ (1/Δt)∫₀ᵀ dt, ∫ sin² = ∫ cos² = π/ω) gives ΔE_T = (Δt/2)(k²x₀²/m)(π/ω)(2 − 2α), the seed's "
      "∝ π(2 − 2α); relative to E₀ = ½kx₀², ΔE_T/E₀ = πθ(2 − 2α). The table measures it for α = 0 and ½ at x₀ = 1 "
      "and x₀ = 2 (the change quadruples, it does not double), to 5 %; for α = 1 (Euler-Cromer) the Δt² term "
      "vanishes and the energy stays bounded.</p>\n";
  if (!study.seed_g21.empty()) seed_g21_section(study, out);  // empty in `verisim check`'s report
  if (!study.rk4_factor.empty()) rk4_factor_section(study, out);
  for (const auto& p : study.problems) problem_section(p, out);
  return out;
}

StudyResult drift_study(const StudyOptions& options) { return drift_report(run_drift_study(options)); }

}  // namespace verisim::experiments
