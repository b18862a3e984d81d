// The `contact` section of the report (issue 13, seed 003): renders the plain data of
// experiments/studies/contact_study.hpp — restitution against ε for both ends of contact, δ(t) of one contact
// against the closed form, the convergence of a soft oblique impact to seed 001 §F's impulse law as k_n
// grows, and the work and cost per particle-step against N. The CPU times go to cost_timing.csv
// (and its plot) only: every other file is byte-identical from run to run.
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "experiments/studies/contact_study.hpp"
#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

namespace {

void restitution_table(const ContactStudy& study, StudyResult& out) {
  ResultTable t;
  t.caption = fmt::format(
      "Restitution of a head-on collision (two discs of masses 1 and 3, k_n = 10⁴, velocity Verlet, Δt = c π √(m_eff/k_n), "
      "c = {:g}; worst over the phases of the first touch within a step) and contact duration at the seed's c = 0.05",
      study.step_factor);
  t.group = "restitution";
  for (const auto& r : study.restitution) {
    Row row;
    row.fields = {field("ε in", "eps", fmt_g(r.eps, 3), r.eps),
                  field("overlap end: ε out", "overlap_measured", fmt::format("{:.6f}", r.overlap_measured), r.overlap_measured),
                  field("|ε out − ε|", "overlap_error", fmt_g(r.overlap_error, 2), r.overlap_error),
                  field("force end: ε_F (theory)", "force_theory", fmt::format("{:.6f}", r.force_theory), r.force_theory),
                  field("ε out", "force_measured", fmt::format("{:.6f}", r.force_measured), r.force_measured),
                  field("|ε out − ε_F|", "force_error", fmt_g(r.force_error, 2), r.force_error),
                  field("π/ω [s]", "duration_theory", fmt_g(r.duration_theory, 6), r.duration_theory),
                  field("duration error (c = 0.05)", "duration_error", fmt_g(r.duration_error, 2), r.duration_error),
                  field("|ε out − ε| at c = 0.05", "seed_bound_error", fmt_g(r.seed_bound_error, 2), r.seed_bound_error)};
    const bool overlap_ok = r.overlap_error <= r.tolerance, force_ok = r.force_error <= r.tolerance;
    row.verdict = Verdict{fmt::format("contact, ε = {:g}, overlap end: restitution", r.eps),
                          fmt::format("{:g} ± {:g}", r.eps, r.tolerance), fmt::format("{:.6f}", r.overlap_measured), overlap_ok};
    row.also.push_back(Verdict{fmt::format("contact, ε = {:g}, force end: restitution ε_F (Schwager & Pöschel 2007)", r.eps),
                               fmt::format("{:.6f} ± {:g}", r.force_theory, r.tolerance),
                               fmt::format("{:.6f}", r.force_measured), force_ok});
    row.also.push_back(Verdict{fmt::format("contact, ε = {:g}: duration / (π/ω) − 1 at c = 0.05", r.eps), "0 ± 0.01",
                               fmt_g(r.duration_error, 3), r.duration_error <= 0.01});
    row.verdict_text = r.passed ? "pass" : "FAIL";
    t.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(t));
}

void overlap_section(const ContactStudy& study, StudyResult& out) {
  ResultTable t;
  t.caption = "δ(t) of one contact against the closed form (seed 003's damped oscillation, "
              "reference/analytic/damped_contact.hpp), at the seed's bound c = 0.05 (20 steps per contact); "
              "errors in units of v_i/ω₀";
  t.group = "overlap";
  Figure f;
  f.stem = "overlap";
  f.title = "Overlap of one contact: simulated against the closed form";
  f.xlabel = "time since first touch [s]";
  f.ylabel = "overlap −δ [m]";
  for (const auto& c : study.overlap) {
    const std::string file = fmt::format("overlap_eps_{:g}.csv", c.eps);
    out.files.push_back({file, csv_columns("t", c.t, {{"simulated", c.simulated}, {"exact", c.exact}})});
    f.series.push_back({file, "1:2", fmt::format("ε = {:g}, simulated (c = {:g})", c.eps, c.step_factor), "points pt 7 ps 0.7"});
    f.series.push_back({file, "1:3", fmt::format("ε = {:g}, exact", c.eps), "lines lw 2"});
    Row row;
    row.fields = {field("ε", "eps", fmt_g(c.eps, 3), c.eps), field("c", "step_factor", fmt_g(c.step_factor, 3), c.step_factor),
                  field("steps in contact", "samples", fmt::format("{}", c.t.size()), static_cast<long long>(c.t.size())),
                  field("max |δ − δ_exact| ω₀/v_i", "max_error", fmt_g(c.max_error, 3), c.max_error),
                  field("bound (ω₀Δt)²/4 + ζω₀Δt", "bound", fmt_g(c.bound, 3), c.bound)};
    row.verdict = Verdict{fmt::format("contact, ε = {:g}: δ(t) against the closed form (units v_i/ω₀)", c.eps),
                          fmt::format("≤ {}", fmt_g(c.bound, 3)), fmt_g(c.max_error, 3), c.passed};
    t.rows.push_back(std::move(row));
  }
  f.caption = "Points: the simulated overlap at every step; lines: the closed form (v_i/ω) e^(−γt) sin ωt. "
              "With a dashpot the simulated curve is offset by the step that straddles δ = 0, where the force jumps "
              "from 0 to η v_i.";
  out.tables.push_back(std::move(t));
  if (!study.overlap.empty()) out.figures.push_back(std::move(f));
}

void impulse_section(const ContactStudy& study, StudyResult& out) {
  ResultTable t;
  t.caption = "Soft oblique impact of two spinning solid spheres (masses 1 and 2, radii 0.5 and 0.8, force end of "
              "contact, ε = 0.7) against seed 001 §F's impulse law (toolkit/collisions/spinning_spheres.hpp, α = ε_F): "
              "largest difference of the velocities and spins × R after the impact, relative to the approach speed";
  t.group = "impulse";
  if (study.impulse.empty()) return;
  std::vector<double> kn, slip, stick;
  for (const auto& r : study.impulse) {
    Row row;
    row.fields = {field("k_n [N/m]", "kn", fmt_g(r.kn, 3), r.kn),
                  field("contact duration T_c [s]", "contact_duration", fmt_g(r.contact_duration, 3), r.contact_duration),
                  field("slip branch (μ = 0.05)", "slip", fmt_g(r.slip, 3), r.slip),
                  field("stick branch (μ = 0.5)", "stick", fmt_g(r.stick, 3), r.stick)};
    t.rows.push_back(std::move(row));
    kn.push_back(r.kn), slip.push_back(r.slip), stick.push_back(r.stick);
  }
  out.tables.push_back(std::move(t));
  ResultTable o;
  o.caption = "Convergence to the impulse law: slope of log(difference) against log(k_n) (least squares over the rows "
              "above); the difference falls like T_c ∝ k_n^(−1/2)";
  o.group = "impulse_order";
  const std::string expected =
      fmt::format("{:g} ± {:g}", ContactStudy::kImpulseOrder, ContactStudy::kImpulseOrderTolerance);
  for (const auto& [branch, slope, pass] : {std::tuple{"slip (μ = 0.05)", study.impulse_order_slip, study.impulse_slip_passed},
                                            std::tuple{"stick (μ = 0.5)", study.impulse_order_stick, study.impulse_stick_passed}}) {
    Row row;
    row.fields = {field("branch", "branch", branch), field("expected slope", "expected", expected),
                  field("fitted slope", "slope", fmt::format("{:.3f}", slope), slope)};
    row.verdict = Verdict{fmt::format("contact: soft impact → impulse law as k_n grows, {}", branch), expected,
                          fmt::format("{:.3f}", slope), pass};
    o.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(o));
  // the reference slope −1/2 through the first slip point
  std::vector<double> ref;
  for (double k : kn) ref.push_back(slip.front() * std::sqrt(kn.front() / k));
  out.files.push_back({"impulse.csv", csv_columns("kn", kn, {{"slip", slip}, {"stick", stick}, {"slope_minus_half", ref}})});
  Figure f;
  f.stem = "impulse";
  f.title = "Soft contact → impulse law (seed 001 §F) as k_n grows";
  f.xlabel = "normal stiffness k_n [N/m]";
  f.ylabel = "difference to the impulse law [relative to the approach speed]";
  f.logx = f.logy = true;
  f.series = {{"impulse.csv", "1:2", "slip branch (μ = 0.05)", "linespoints pt 7"},
              {"impulse.csv", "1:3", "stick branch (μ = 0.5)", "linespoints pt 5"},
              {"impulse.csv", "1:4", "slope −1/2", "lines dt 2"}};
  f.caption = "The difference between the soft contact's outcome and the impulse law against k_n, log-log: slope −1/2 "
              "(the contact lasts T_c = π√(m_eff/k_n), during which the normal turns by ~ v_t T_c/(R₁ + R₂)).";
  out.figures.push_back(std::move(f));
}

void cost_section(const ContactStudy& study, StudyResult& out) {
  if (study.cost.empty()) return;
  ResultTable t;
  t.caption = "Work per particle-step against N: settled 3D box of polydisperse spheres (±2 %, fcc, compressed 0.4 %), "
              "spring-dashpot + friction; the CPU time per particle-step is in cost_timing.csv and its plot";
  t.group = "cost";
  std::vector<double> n, dem, vv;
  for (const auto& r : study.cost) {
    Row row;
    row.fields = {field("particles N", "particles", fmt::format("{}", r.particles), static_cast<long long>(r.particles)),
                  field("contacts / particle", "contacts_per_particle", fmt::format("{:.2f}", r.contacts_per_particle),
                        r.contacts_per_particle),
                  field("listed pairs / particle", "listed_pairs_per_particle",
                        fmt::format("{:.3f}", r.listed_pairs_per_particle), r.listed_pairs_per_particle),
                  field("cells / particle", "cells_per_particle", fmt::format("{:.3f}", r.cells_per_particle),
                        r.cells_per_particle),
                  field("list builds", "rebuilds", fmt::format("{}", r.rebuilds), static_cast<long long>(r.rebuilds)),
                  field("bytes / particle held", "bytes_per_particle", fmt::format("{:.0f}", r.bytes_per_particle),
                        r.bytes_per_particle)};
    row.verdict = Verdict{fmt::format("contact, N = {}: pair tests per particle-step bounded (linear cells)", r.particles),
                          fmt::format("listed pairs / particle ≤ {:g}", CostRow::kMaxListedPairsPerParticle),
                          fmt::format("{:.3f}", r.listed_pairs_per_particle), r.passed};
    t.rows.push_back(std::move(row));
    n.push_back(static_cast<double>(r.particles)), dem.push_back(r.ns_dem_verlet), vv.push_back(r.ns_verlet);
  }
  out.tables.push_back(std::move(t));
  out.files.push_back({"cost_timing.csv",
                       "# CPU ns per particle-step (thread CPU time, best of 3: not deterministic)\n" +
                           csv_columns("particles", n, {{"dem_verlet", dem}, {"verlet", vv}})});
  Figure f;
  f.stem = "cost_time";
  f.title = "Cost per particle-step against N (settled 3D box)";
  f.xlabel = "particles N [count]";
  f.ylabel = "CPU time per particle-step [ns]";
  f.logx = true;
  f.extra = "set yrange [0:*]\n";
  f.series = {{"cost_timing.csv", "1:2", "dem-verlet (1 f/step)", "linespoints pt 7"},
              {"cost_timing.csv", "1:3", "verlet, default (4 f/step)", "linespoints pt 5"}};
  f.caption = "CPU time per particle-step on this machine (not part of the deterministic output: cost_timing.csv); "
              "dem-verlet evaluates the force once per step, the default verlet four times (a dashpot makes the force "
              "velocity-dependent). "
              "Flat with N: the neighbour search is linear. It rises a little where the working set leaves the caches.";
  out.figures.push_back(std::move(f));
}

}  // namespace

StudyResult contact_report(const ContactStudy& study) {
  StudyResult out;
  out.name = "contact";
  out.title = "Soft contact (seed 003)";
  out.lead = "One simulated contact follows the closed-form damped oscillation of seed 003, step by step.";
  out.html_intro =
      "<p><b>What it shows.</b> The particle world of seed 003 (toolkit/contact, docs/contact.md) against theory: the "
      "normal restitution of simulated head-on collisions for both ends of a contact, the overlap δ(t) of one contact, "
      "the convergence of a soft oblique impact to the impulse law of seed 001 §F as the stiffness grows, and the work "
      "per particle-step against the number of particles. <b>Theory.</b> Spring-dashpot F_n = −η δ̇ − k_n δ with "
      "η = −2 ln ε √(m_eff k_n/(ln²ε + π²)) (seed 003 \"Déterminer la viscosité\"): when the contact ends with the "
      "overlap the restitution is ε and the contact lasts π/ω, ω = √(4 m_eff k_n − η²)/(2 m_eff); when it ends with the "
      "normal force (attraction cut) the restitution is ε_F = ε·exp(2r atan r), r = −ln ε/π (Schwager &amp; Pöschel, "
      "Granular Matter 9 (2007) 465). δ(t) = (v_i/ω) e^(−γt) sin ωt, γ = η/(2 m_eff). A contact of duration "
      "T_c = π√(m_eff/k_n) → 0 is an impulse (seed 001 §F), with a difference ∝ T_c.</p>\n";
  out.how_to_read =
      "Points are the simulated overlap at every step, lines the closed form: they coincide within the derived "
      "error bound. Verdicts: "
      "restitution within 1e-3 of theory (the dashpot's jump at δ = 0 makes it exact only to O(Δt): 1e-3 needs "
      "c ≤ 0.002, the last column shows the seed's c = 0.05), duration within 1 %, δ(t) within its derived error bound, "
      "convergence slope −1/2 ± 0.15, and at most 6 listed pairs per particle (the pair tests of one evaluation do not "
      "grow with N). The CPU time per particle-step is plotted from cost_timing.csv; the throughput of the large boxes "
      "is measured by bench/bench_contact (reports/bench.md).";
  restitution_table(study, out);
  overlap_section(study, out);
  impulse_section(study, out);
  cost_section(study, out);
  return out;
}

StudyResult contact_study(const StudyOptions& options) {
  ContactStudyOptions o;
  o.quick = options.quick;
  progress(options, fmt::format("contact: restitution for {} values of ε, δ(t), impulse-law convergence, cost per particle-step",
                                o.eps.size()));
  return contact_report(run_contact_study(o));
}

}  // namespace verisim::experiments
