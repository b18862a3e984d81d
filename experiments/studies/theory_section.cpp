// The theory study's section of the report: renders theory_study.hpp's data — the registry's methods (derived
// against declared order, symplecticity and symmetry conditions, stability limits), the library's tables, the
// figures of |R| on the axes, and the hidden records of odeint's twins for the summary matrix.
#include <string>

#include <fmt/format.h>

#include "experiments/studies/theory_study.hpp"

namespace verisim::experiments {

namespace {

std::string failing_text(const theory::DerivedOrder& d) {
  if (d.order < 0) return "—";
  if (d.failing.empty())
    return d.basis == "Newmark's theorem" ? "— (the family's order is at most 2)"
           : d.order >= d.cap             ? fmt::format("none up to order {}", d.cap)
                                          : "—";
  std::string s;
  for (const auto& f : d.failing) s += fmt::format("{}{} ({:+.2e})", s.empty() ? "" : ", ", f.condition, f.residual);
  if (d.failing_count > static_cast<int>(d.failing.size()))
    s += fmt::format(" and {} more", d.failing_count - static_cast<int>(d.failing.size()));
  return fmt::format("order {}: {}", d.failing.front().order, s);
}

std::string symplectic_text(const theory::SymplecticCondition& s) {
  if (s.holds == theory::Verdict::not_applicable) return "—";
  if (s.how.rfind("by construction", 0) == 0) return "yes (by construction)";
  return fmt::format("{} (max |M| = {})", theory::verdict_text(s.holds), fmt_g(s.max_residual, 3));
}

std::string symmetry_text(const theory::Symmetry& s) {
  if (s.holds == theory::Verdict::not_applicable) return "—";
  return fmt::format("{} (residual {})", theory::verdict_text(s.holds), fmt_g(s.max_residual, 3));
}

/// summary.json's value of a limit: −1 unbounded (as the stability study's), the number otherwise.
Json limit_json(const theory::Limit& l) { return l.unbounded ? Json(-1.0) : Json(l.value); }

/// The fields every row of both tables shows.
void common_fields(const TheoryRow& r, Row& row) {
  const auto& d = r.derived;
  row.fields.push_back(field("conditions checked", "conditions_checked",
                             d.order < 0 ? "—" : fmt::format("{} {}", d.conditions_checked, d.basis), d.conditions_checked));
  row.fields.push_back(field("largest residual of a satisfied condition", "worst_satisfied",
                             d.order < 0 ? "—" : fmt_g(d.worst_satisfied, 3), d.worst_satisfied));
  row.fields.push_back(field("first failing conditions (residual)", "first_failing", failing_text(d)));
  row.fields.push_back(field("arithmetic", "arithmetic", d.order < 0 ? "—" : std::string(theory::arithmetic_text(d.arithmetic))));
  row.fields.push_back(field("symplecticity condition", "symplectic_condition", symplectic_text(r.symplectic),
                             r.symplectic.holds == theory::Verdict::not_applicable ? Json() : Json(r.symplectic.max_residual)));
  row.fields.push_back(field("symmetric", "symmetric", symmetry_text(r.symmetry)));
  if (r.R) {
    row.fields.push_back(field("R(z)", "stability_function", r.R->text()));
    row.fields.push_back(field("real-axis limit", "real_limit", theory::limit_text(r.R->real), limit_json(r.R->real)));
    row.fields.push_back(field("imaginary-axis (oscillator) limit", "oscillator_limit", theory::limit_text(r.R->imaginary),
                               limit_json(r.R->imaginary)));
    row.fields.push_back(field("linear order", "linear_order", std::to_string(r.R->linear_order), r.R->linear_order));
    row.fields.push_back(field("A-stable", "a_stable", r.R->a_stable ? "yes" : "no", r.R->a_stable));
  } else {
    row.fields.push_back(field("R(z)", "stability_function", "—"));
    row.fields.push_back(field("real-axis limit", "real_limit", "—", Json()));
    const bool has = r.oscillator.how != "no coefficients" && !r.oscillator.how.empty();
    row.fields.push_back(field("imaginary-axis (oscillator) limit", "oscillator_limit",
                               has ? "θ: " + theory::limit_text(r.oscillator.limit) : "—",
                               has ? limit_json(r.oscillator.limit) : Json()));
    row.fields.push_back(field("linear order", "linear_order", "—", Json()));
    row.fields.push_back(field("A-stable", "a_stable", "—", Json()));
  }
  if (!r.derived.note.empty()) row.fields.push_back(member("note", r.derived.note));
}

}  // namespace

StudyResult theory_report(const TheoryStudy& study) {
  StudyResult out;
  out.name = "theory";
  out.title = "Theory of a method: what its coefficients say";
  out.lead = "Each Runge–Kutta table's stability function on the imaginary axis: the method is stable on the "
             "undamped oscillator while |R(iy)| ≤ 1, up to the limit in the tables below.";
  out.how_to_read = "One curve per table of the library against y = ωΔt; the dashed line is |R| = 1. Gauss methods "
                    "stay on it (|R(iy)| = 1: no damping, no growth), explicit methods leave it at their imaginary-axis "
                    "limit (RK4: 2√2), two-stage second-order ones at once.";
  out.html_intro =
      "<p><b>What it shows.</b> What theory derives from each method's own coefficient table — the very table its "
      "stepper runs (toolkit/integrators/coefficients.hpp) — with no step taken. <b>Order.</b> A Runge–Kutta table "
      "(c, A, b) has order p iff Φ(t) = 1/γ(t) for every rooted tree t with at most p vertices (Butcher; Hairer, "
      "Nørsett &amp; Wanner, Solving ODEs I, §II.2, Thm 2.13; Butcher, Numerical Methods for ODEs (2016) §30–§31); "
      "all 200 trees up to order 8 are checked, Φ(t) computed from A itself (c = A·1 is a separate check). A splitting "
      "method Π exp(aᵢhA) exp(bᵢhB) (kick B, then drift A, per stage, as the integrators run it) has order p iff its "
      "expansion in the free associative algebra on A, B agrees with exp(h(A + B)) on every word of length ≤ p "
      "(Hairer, Lubich &amp; Wanner, GNI §III.3–III.5; McLachlan &amp; Quispel, Acta Numerica 11 (2002) 341); words "
      "up to length 9. That is the order for any pair of vector fields; for H = T(p) + V(q) with T quadratic (the "
      "Runge–Kutta–Nyström case, [B,[B,[B,A]]] = 0) fewer conditions apply, so a method's RKN order may be higher. "
      "Newmark: second order iff γ = ½ (Hughes, The Finite Element Method (1987) §9.1). <b>Arithmetic.</b> A table of "
      "integer fractions is decided exactly (rationals: a condition holds iff its residual is 0); one with roots in 50 "
      "digits (|residual| ≤ 1e-40·(1 + Σ|terms|)); one with decimal literals (typed to ~16 digits), and the doubles "
      "of the splitting tables, in 50 digits with |residual| ≤ 1e-12·(1 + Σ|terms|), Σ|terms| the condition's own "
      "scale — ~10³ above the ~1e-16 error of the typed entries, far below any unmet condition. The residuals are in "
      "the tables. <b>Symplecticity.</b> bᵢaᵢⱼ + bⱼaⱼᵢ − bᵢbⱼ = 0 (Cooper 1987; Sanz-Serna 1988; GNI Thm VI.4.3); "
      "splitting methods are symplectic by construction (compositions of exact symplectic flows, GNI §VI.3). "
      "<b>Symmetry.</b> a_{s+1−i,s+1−j} + aᵢⱼ = bⱼ, b_{s+1−i} = bᵢ (GNI Thm V.2.3; the stages in reversed order only); "
      "a splitting is symmetric iff its merged sequence of flows is a palindrome (GNI §V.3). <b>Stability.</b> "
      "R(z) = det(I − zA + z𝟙bᵀ)/det(I − zA) (Hairer &amp; Wanner, Solving ODEs II, Prop. IV.3.2), exactly; the real "
      "limit is the largest x with |R(−y)| ≤ 1 on [0, x], the imaginary limit the largest y with |R(iy)| ≤ 1 on [0, y] "
      "(the undamped oscillator's limit in ωΔt), from the sign of Q(−y)² − P(−y)² and |Q(iy)|² − |P(iy)|² (scan, then "
      "bisection in 50 digits); the linear order (that of R(z) − e^z) cross-checks the order. For splitting methods the "
      "oscillator's one-step matrix M(θ) is composed exactly from the kicks [[1, 0], [−bθ, 1]] and drifts "
      "[[1, aθ], [0, 1]], stable while |tr M| ≤ 2 (GNI §I.5); Newmark: unconditional for 2β ≥ γ ≥ ½, else "
      "θ &lt; 1/√(γ/2 − β) (Hughes §9.1). <b>Verdicts.</b> The derived order equals the declared order (and the "
      "embedded order the paper's); the symplecticity condition agrees with the registry's flag. The summary matrix "
      "puts the derived order beside the declared and the measured ones.</p>\n";

  ResultTable methods;
  methods.caption = "The registry's methods: derived against declared";
  methods.group = row_keys::theory::group;
  ResultTable twins;
  twins.caption = "Boost.Odeint's twins: the derived order of our table of the same scheme";
  twins.group = row_keys::theory_odeint::group;
  twins.shown = false;
  for (const auto& r : study.methods) {
    Row row;
    row.fields = {field("integrator", row_keys::theory::integrator, r.name), field("kind", "kind", r.kind),
                  field("declared", row_keys::theory::declared_order, std::to_string(r.declared), r.declared),
                  field("derived", row_keys::theory::derived_order, theory::order_text(r.derived),
                        r.derived.order < 0 ? Json() : Json(r.derived.order))};
    common_fields(r, row);
    if (!r.error.empty()) {
      row.verdict = Verdict{r.name + ": coefficients readable", "a table", r.error, false};
    } else if (r.derived.order >= 0) {
      row.verdict = Verdict{r.name + ": derived order", std::to_string(r.declared) + " (declared)",
                            theory::order_text(r.derived), r.order_pass()};
      if (r.declared_symplectic && r.symplectic.holds != theory::Verdict::not_applicable)
        row.also.push_back(Verdict{r.name + ": symplecticity condition", *r.declared_symplectic ? "holds" : "fails",
                                   std::string(theory::verdict_text(r.symplectic.holds)), r.symplectic_pass()});
      if (r.embedded)  // an embedded pair's b̂ (the library's pairs, a user's table with bhat)
        row.also.push_back(Verdict{r.name + ": embedded order", std::to_string(r.declared_embedded) + " (declared)",
                                   theory::order_text(*r.embedded), r.embedded_pass()});
    } else {
      row.verdict_text = "no coefficient table";
    }
    methods.rows.push_back(std::move(row));
    if (!r.odeint_twin.empty() && r.derived.order >= 0) {
      Row t;
      t.fields = {field("odeint stepper", row_keys::theory_odeint::odeint_stepper, r.odeint_twin),
                  field("twin", row_keys::theory_odeint::twin, r.name),
                  field("derived", row_keys::theory_odeint::derived_order, theory::order_text(r.derived), r.derived.order)};
      twins.rows.push_back(std::move(t));
    }
  }

  ResultTable library;
  library.caption = "The library's Runge–Kutta tables (toolkit/tableaus/library.hpp): derived against their papers";
  library.group = "theory_library";
  for (const auto& r : study.library) {
    Row row;
    row.fields = {field("table", "table", r.name), cell("method", r.title), cell("source", r.source),
                  field("declared", "declared_order", std::to_string(r.declared), r.declared),
                  field("derived", "derived_order", theory::order_text(r.derived), r.derived.order)};
    if (r.embedded)
      row.fields.push_back(field("embedded: declared / derived", "embedded_order",
                                 fmt::format("{} / {}", r.declared_embedded, theory::order_text(*r.embedded)), r.embedded->order));
    else
      row.fields.push_back(field("embedded: declared / derived", "embedded_order", "—", Json()));
    row.fields.push_back(field("c = A·1", "row_sums", r.derived.c_declared ? (r.derived.row_sums_ok ? "yes" : fmt::format("no ({})", fmt_g(r.derived.row_sum_defect, 3))) : "c not given: A·1",
                               r.derived.row_sums_ok));
    common_fields(r, row);
    if (!r.error.empty()) {
      row.verdict = Verdict{r.name + ": table readable", "a table", r.error, false};
    } else {
      row.verdict = Verdict{r.name + ": derived order", std::to_string(r.declared) + " (paper)", theory::order_text(r.derived),
                            r.order_pass()};
      if (r.embedded)
        row.also.push_back(Verdict{r.name + ": derived embedded order", std::to_string(r.declared_embedded) + " (paper)",
                                   theory::order_text(*r.embedded), r.embedded_pass()});
      if (r.derived.c_declared)
        row.also.push_back(Verdict{r.name + ": c = A·1", "holds", r.derived.row_sums_ok ? "holds" : "fails", r.derived.row_sums_ok});
    }
    library.rows.push_back(std::move(row));
  }

  // the figures: |R| on the imaginary and the negative real axis
  std::vector<CsvColumn> im, re;
  for (std::size_t k = 0; k < study.curves.names.size(); ++k) {
    im.push_back({study.curves.names[k], study.curves.imaginary[k]});
    re.push_back({study.curves.names[k], study.curves.real[k]});
  }
  if (!im.empty()) {
    out.files.push_back({"r_imaginary.csv", csv_columns("y", study.curves.y, im)});
    out.files.push_back({"r_real.csv", csv_columns("y", study.curves.y, re)});
    for (const bool imaginary : {true, false}) {
      Figure f;
      f.stem = imaginary ? "r_imaginary" : "r_real";
      f.title = imaginary ? "Stability function on the imaginary axis" : "Stability function on the negative real axis";
      f.xlabel = imaginary ? "y = ωΔt (z = iy) [dimensionless]" : "y (z = −y) [dimensionless]";
      f.ylabel = imaginary ? "|R(iy)| [dimensionless]" : "|R(−y)| [dimensionless]";
      f.extra = "set yrange [0:2]\nset arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n";
      f.by_family = true;  // one panel per family of the registry (at most 8 curves each)
      for (std::size_t k = 0; k < study.curves.names.size(); ++k)
        f.series.push_back({f.stem + ".csv", fmt::format("1:{}", k + 2), study.curves.names[k], "lines lw 2", -1, study.curves.names[k]});
      f.caption = imaginary ? "|R(iy)| of each Runge–Kutta method: stable on the undamped oscillator while ≤ 1 (dashed)."
                            : "|R(−y)| of each Runge–Kutta method: stable on y' = λy, λ < 0, with −λΔt = y while ≤ 1 "
                              "(dashed); the first crossing is the real-axis limit.";
      out.figures.push_back(std::move(f));
    }
  }
  out.tables.push_back(std::move(methods));
  if (!library.rows.empty()) out.tables.push_back(std::move(library));  // a selection (check tableau) has none
  out.tables.push_back(std::move(twins));
  return out;
}

}  // namespace verisim::experiments
