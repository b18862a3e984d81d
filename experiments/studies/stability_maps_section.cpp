// The stability-maps study's section of the report: the boundaries of every method's stable set over
// (θ, ζ) in one figure (panels by family), one map per method, the table of the Runge–Kutta tables'
// agreement with R(θλ±); per Runge–Kutta table its region and order star with the axis limits.
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/studies/stability_maps_study.hpp"

namespace verisim::experiments {

namespace {

std::string limit_text(double x) { return std::isinf(x) ? "unbounded (toolkit/theory)" : fmt_g(x, 6); }

/// The image palette: 0 stable, 1 unstable, 2 solver failed.
constexpr const char* kMapPalette =
    "set palette defined (0 '#c6dbef', 1 '#fb6a4a', 2 '#bdbdbd')\nset cbrange [0:2]\nunset colorbox\n";

void region_figures(const StabilityRegion& r, StudyResult& out) {
  std::string grid = "re,im,stable,star_positive\n";
  const double dre = (r.re_max - r.re_min) / (r.nre - 1), dim = (r.im_max - r.im_min) / (r.nim - 1);
  std::vector<double> fr, fs;
  for (int j = 0; j < r.nim; ++j)
    for (int i = 0; i < r.nre; ++i) {
      const auto k = static_cast<std::size_t>(j) * static_cast<std::size_t>(r.nre) + static_cast<std::size_t>(i);
      grid += csv_number(r.re_min + dre * i) + "," + csv_number(r.im_min + dim * j) + "," + (r.abs_r[k] <= 1.0 ? "1" : "0") + "," +
              (r.abs_star[k] > 1.0 ? "1" : "0") + "\n";
      fr.push_back(r.abs_r[k] - 1.0);
      fs.push_back(r.abs_star[k] - 1.0);
    }
  const std::string stem = "region_" + r.integrator;
  out.files.push_back({stem + ".csv", grid});
  out.files.push_back({stem + "_boundary.csv", "re,im\n" + zero_contour(fr, r.nre, r.nim, r.re_min, r.re_max, r.im_min, r.im_max)});
  out.files.push_back({"star_" + r.integrator + "_boundary.csv",
                       "re,im\n" + zero_contour(fs, r.nre, r.nim, r.re_min, r.re_max, r.im_min, r.im_max)});
  // the limits as points: theory's on both axes, the stability study's measured ωΔt on the imaginary axis
  std::string marks = "re,im\n";
  if (std::isfinite(r.real_limit)) marks += csv_number(-r.real_limit) + ",0\n";
  if (std::isfinite(r.imag_limit)) marks += "0," + csv_number(r.imag_limit) + "\n0," + csv_number(-r.imag_limit) + "\n";
  std::string measured = "re,im\n";
  if (std::isfinite(r.measured_imag)) measured += "0," + csv_number(r.measured_imag) + "\n0," + csv_number(-r.measured_imag) + "\n";
  out.files.push_back({stem + "_limits.csv", marks});
  out.files.push_back({stem + "_measured.csv", measured});
  const std::string ranges = fmt::format("set xrange [{:g}:{:g}]\nset yrange [{:g}:{:g}]\nset size ratio -1\n", r.re_min, r.re_max, r.im_min, r.im_max);
  Figure f;
  f.stem = stem;
  f.title = fmt::format("Stability region of {}: |R(z)| ≤ 1", r.integrator);
  f.xlabel = "Re z = Re(λΔt) [dimensionless]";
  f.ylabel = "Im z [dimensionless]";
  f.extra = std::string(kMapPalette) + ranges;
  f.series = {{stem + ".csv", "1:2:(1 - $3)", "", "image"},
              {stem + "_boundary.csv", "1:2", "|R(z)| = 1", "lines lw 2 lc rgb '#08306b'"},
              {stem + "_limits.csv", "1:2", "axis limits (theory)", "points pt 7 ps 1.2 lc rgb '#000000'"},
              {stem + "_measured.csv", "1:2", "stability study: measured ωΔt", "points pt 6 ps 2 lc rgb '#d62728'"}};
  f.caption = fmt::format("Blue: |R(z)| ≤ 1. Real-axis limit {}, imaginary-axis limit {} (theory, from R); the stability study "
                          "measured {} on the oscillator (open circles).",
                          limit_text(r.real_limit), limit_text(r.imag_limit),
                          r.measured_unconditional ? std::string("no limit up to 100") : fmt_g(r.measured_imag, 6));
  out.figures.push_back(std::move(f));
  Figure s;
  s.stem = "star_" + r.integrator;
  s.title = fmt::format("Order star of {}: |R(z)e^(−z)| > 1 shaded", r.integrator);
  s.xlabel = f.xlabel;
  s.ylabel = f.ylabel;
  s.extra = std::string(kMapPalette) + ranges;
  s.series = {{stem + ".csv", "1:2:($4)", "", "image"},
              {"star_" + r.integrator + "_boundary.csv", "1:2", "|R(z)e^(−z)| = 1", "lines lw 2 lc rgb '#67000d'"}};
  s.caption = "The order star (Wanner, Hairer & Nørsett 1978): red where |R(z)| > |e^z|. A method of order p has p + 1 "
              "sectors meeting at the origin; an A-stable one has no red on the imaginary axis.";
  out.figures.push_back(std::move(s));
}

}  // namespace

StudyResult stability_maps_report(const StabilityMapsStudy& study) {
  StudyResult out;
  out.name = "stability-maps";
  out.title = "Stability maps: the damped oscillator over (ωΔt, ζ), regions and order stars";
  out.lead = "Where each method is stable on the damped oscillator: to the left of its curve.";
  out.how_to_read = "One curve per method, panels by family: for each damping ratio ζ (vertical) the first ω·Δt "
                    "(horizontal) at which the spectral radius of the measured one-step matrix exceeds 1.";
  out.html_intro =
      "<p><b>What it measures.</b> The damped oscillator q̈ = −ω²q − 2ζωq̇ is linear, so one step of any method is a "
      "matrix M(θ, ζ), θ = ωΔt; its columns are measured from the real stepper, one step from (q, v) = (1, 0) and one "
      "from (0, 1), and the method is stable where the spectral radius ρ(M) ≤ 1 (+64ε, M's rounding), over a grid of "
      "θ ∈ (0, 4] and ζ ∈ [0, 2] (Hairer &amp; Wanner, Solving ODEs II, §IV.2; Hughes, The Finite Element Method "
      "(1987) §9.1 for the amplification matrix of second-order methods). The splitting methods integrate their "
      "velocity-dependent kick to their own order (kick_solver.hpp); Newmark β = 1/6 is solved by Newton here, as in "
      "the stability study; the Gauss methods' fixed point fails to converge beyond its contraction limit (grey cells: "
      "the solver, not the method). At ζ = 0 each boundary is the stability study's limit. <b>Theory</b> for the "
      "Runge–Kutta tables: M = R(θA), A = [[0, 1], [−1, −2ζ]], so ρ(M) = max|R(θλ±)|, λ± = −ζ ± √(ζ² − 1), R(z) = "
      "1 + z bᵀ(I − zA)⁻¹𝟙 (Hairer &amp; Wanner II §IV.3): the measured M must equal R(θA) to 16κε, κ = s + Σ|aᵢⱼ| + Σ|bᵢ| the size of the table's sums (plus, for an implicit table, what its fixed point may leave: "
      "the last correction, ≤ τ = 1e-15 relative, times q/(1 − q), q = θ‖A_table‖₂‖A‖₂ its contraction in norm; cells with q ≥ 1 are not compared) and ρ(M) must equal "
      "max|R(θλ±)| within its rounding sensitivity (δ(1 + 4‖M‖/gap) for distinct eigenvalues, 2√(δ‖M‖) at the double "
      "one ζ = 1). <b>Regions and order stars</b> of the tables: {z : |R(z)| ≤ 1}, and {z : |R(z)e^(−z)| &gt; 1} "
      "(Wanner, Hairer &amp; Nørsett, BIT 18 (1978) 475; Hairer &amp; Wanner II §IV.4), with the axis limits derived from R "
      "and the stability study's measured limit on the imaginary axis.</p>\n";
  // the boundaries of every method, one figure by family
  std::vector<CsvColumn> cols;
  for (const auto& m : study.maps) cols.push_back({m.integrator, m.boundary});
  out.files.push_back({"boundaries.csv", csv_columns("zeta", study.zetas, cols)});
  Figure b;
  b.stem = "boundaries";
  b.title = "First loss of stability on the damped oscillator";
  b.xlabel = "θ = ω·Δt [rad]";
  b.ylabel = "damping ratio ζ [dimensionless]";
  b.by_family = true;
  b.extra = "set xrange [0:4]\nset yrange [0:2]\n";
  for (std::size_t c = 0; c < study.maps.size(); ++c)
    b.series.push_back({"boundaries.csv", fmt::format("{}:1", c + 2), study.maps[c].integrator, "lines lw 2", -1, study.maps[c].integrator});
  b.caption = "Each method is stable to the left of its curve (up to its first loss of stability; bands of stability "
              "beyond it show in its own map). A method stable over the whole range has no curve.";
  out.figures.push_back(std::move(b));
  ResultTable t;
  t.caption = fmt::format("The maps over {} × {} cells (θ ∈ (0, 4], ζ ∈ [0, 2]); Runge–Kutta tables against R(θλ±)",
                          study.thetas.size(), study.zetas.size());
  t.group = "stability_maps";
  const std::size_t nt = study.thetas.size();
  for (const auto& m : study.maps) {
    // the map's data: θ fastest, class 0 stable, 1 unstable, 2 failed
    std::vector<double> th, cls, rho;
    std::vector<double> zz;
    for (std::size_t k = 0; k < study.zetas.size(); ++k)
      for (std::size_t i = 0; i < nt; ++i) {
        const double r = m.rho[k * nt + i];
        th.push_back(study.thetas[i]);
        zz.push_back(study.zetas[k]);
        cls.push_back(std::isinf(r) ? 2.0 : r <= 1.0 + 64.0 * 2.220446049250313e-16 ? 0.0 : 1.0);
        rho.push_back(std::isinf(r) ? kNaN : r);
      }
    const std::string stem = "map_" + m.integrator;
    out.files.push_back({stem + ".csv", csv_columns("theta", th, {{"zeta", zz}, {"class", cls}, {"rho", rho}})});
    Figure f;
    f.stem = stem;
    f.title = fmt::format("{}: stability over (ω·Δt, ζ) on the damped oscillator", m.integrator);
    f.xlabel = "θ = ω·Δt [rad]";  // as the boundaries' figure (moved into the list above)
    f.ylabel = "damping ratio ζ [dimensionless]";
    f.extra = std::string(kMapPalette) + "set xrange [0:4]\nset yrange [0:2]\n";
    std::size_t col = 0;
    for (std::size_t c = 0; c < study.maps.size(); ++c)
      if (&study.maps[c] == &m) col = c + 2;
    f.series = {{stem + ".csv", "1:2:3", "", "image"},
                {"boundaries.csv", fmt::format("{}:1", col), "first loss of stability (bisected)", "lines lw 2 lc rgb '#000000'"}};
    f.caption = "Blue: ρ(M) ≤ 1, stable; red: ρ(M) > 1; grey: the step's solver did not converge. " + m.solver_note;
    out.figures.push_back(std::move(f));
    Row row;
    row.fields = {field("integrator", "integrator", m.integrator),
                  field("stable cells", "stable_cells", std::to_string(m.stable_cells), m.stable_cells),
                  field("unstable cells", "unstable_cells", std::to_string(m.unstable_cells), m.unstable_cells),
                  field("solver failed", "failed_cells", std::to_string(m.failed_cells), m.failed_cells),
                  field("boundary at ζ = 0", "boundary_zeta0", m.boundary.empty() || std::isnan(m.boundary[0]) ? "stable on (0, 4]" : fmt_g(m.boundary[0], 6),
                        m.boundary.empty() ? Json() : Json(m.boundary[0])),
                  field("not compared (q ≥ 1)", "uncompared_cells", m.runge_kutta ? std::to_string(m.uncompared_cells) : "—", m.uncompared_cells),
                  field("max ‖M − R(θA)‖/‖M‖", "max_matrix_difference", m.runge_kutta ? fmt_g(m.max_matrix_difference, 3) : "—",
                        m.runge_kutta ? Json(m.max_matrix_difference) : Json()),
                  field("max |ρ(M) − max|R(θλ±)||", "max_rho_difference", m.runge_kutta ? fmt_g(m.worst_rho_abs, 3) : "—",
                        m.runge_kutta ? Json(m.worst_rho_abs) : Json())};
    if (m.runge_kutta)
      row.verdict = Verdict{fmt::format("{}: measured one-step matrix against R(θA)", m.integrator),
                            fmt::format("M = R(θA) to {:.1e} (16κε; + an implicit solve's remainder), ρ(M) = max|R(θλ±)| within rounding", m.rounding),
                            fmt::format("{:.2g} (ρ: {:.2g} of its tolerance)", m.max_matrix_difference, m.max_rho_difference), m.pass};
    else
      row.verdict_text = "no theory here (measured)";
    t.rows.push_back(std::move(row));
  }
  out.tables.push_back(std::move(t));
  if (!study.regions.empty()) {
    ResultTable lim;
    lim.caption = "Runge–Kutta tables: the axis limits of |R(z)| ≤ 1 and the stability study's measured limit";
    lim.group = "stability_regions";
    for (const auto& r : study.regions) {
      Row row;
      row.fields = {field("integrator", "integrator", r.integrator),
                    field("real-axis limit", "real_limit", limit_text(r.real_limit), std::isinf(r.real_limit) ? Json() : Json(r.real_limit)),
                    field("imaginary-axis limit", "imag_limit", limit_text(r.imag_limit), std::isinf(r.imag_limit) ? Json() : Json(r.imag_limit)),
                    field("stability study (measured ωΔt)", "measured",
                          r.measured_unconditional ? "no limit up to 100" : std::isnan(r.measured_imag) ? "—" : fmt_g(r.measured_imag, 6),
                          std::isfinite(r.measured_imag) ? Json(r.measured_imag) : Json()),
                    field("R(z) (toolkit/theory)", "R", r.r_text), cell("note on the measured limit", r.measured_note)};
      row.verdict_text = "limits: the theory study; measured: the stability study";
      lim.rows.push_back(std::move(row));
      region_figures(r, out);
    }
    out.tables.push_back(std::move(lim));
  }
  return out;
}

StudyResult stability_maps_study(const StudyOptions& options) { return stability_maps_report(run_stability_maps_study(options)); }

}  // namespace verisim::experiments
