#include "experiments/report/summary_matrix.hpp"
#include "experiments/io/number.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>

#include <fmt/format.h>

namespace verisim::experiments {

namespace {


/// The field of `r` whose summary.json key is `key`, or nullptr.
const Field* find(const Row& r, std::string_view key) {
  for (const auto& f : r.fields)
    if (f.key == key) return &f;
  return nullptr;
}

/// The text of a string member ("" when absent or not a string).
std::string text_of(const Row& r, std::string_view key) {
  const Field* f = find(r, key);
  if (!f) return "";
  if (const std::string* t = f->value.text()) return *t;
  return f->text;
}

/// The field of a row of `key.group` that the matrix reads: MissingRowKey when absent (row_keys.hpp).
const Field& required(const Row& r, const RowKey& key) {
  if (const Field* f = find(r, key.key)) return *f;
  throw MissingRowKey(key);
}

/// The text of a member the matrix reads.
std::string text_of(const Row& r, const RowKey& key) {
  const Field& f = required(r, key);
  if (const std::string* t = f.value.text()) return *t;
  return f.text;
}

/// The number of a member the matrix reads (NaN when null or not a number).
double number_of(const Row& r, const RowKey& key) { return required(r, key).value.number();
}

/// A short column heading for a problem.
std::string short_name(const std::string& problem) {
  if (problem == "oscillator") return "osc.";
  if (problem == "pendulum") return "pend.";
  if (problem == "kepler") return "Kepler";
  return problem;
}

/// A limit ω·Δt: 4 digits, ∞ for unconditional (summary.json's −1), — when absent.
std::string limit_text(double x) { return x < 0 ? "∞" : fmt_g(x, 4); }

/// Folds a row's claims (its verdict and `also`) into a cell: pass only while every folded claim passed.
void fold(MatrixCell& c, const Row& r) {
  auto one = [&](const Verdict& v) {
    c.status = c.status == -1 ? (v.pass ? 1 : 0) : (c.status == 1 && v.pass ? 1 : 0);
    c.note += (c.note.empty() ? "" : "\n") + v.what + ": expected " + v.expected + ", measured " + v.measured + " (" +
              (v.pass ? "pass" : "FAIL") + ")";
  };
  if (r.verdict) one(*r.verdict);
  for (const auto& v : r.also) one(v);
}

struct Builder {
  std::vector<MatrixColumn> columns;
  std::map<std::string, std::size_t> column_index;
  std::vector<std::string> methods;               // row order
  std::map<std::string, std::map<std::string, MatrixCell>> cells;  // method → column key → cell

  /// Registers a column (in order) without a cell.
  void column(const std::string& key, const std::string& group, const std::string& header) {
    if (!column_index.count(key)) {
      column_index[key] = columns.size();
      columns.push_back({key, group, header});
    }
  }
  MatrixCell& at(const std::string& method, const std::string& key, const std::string& group, const std::string& header) {
    column(key, group, header);
    if (std::find(methods.begin(), methods.end(), method) == methods.end()) methods.push_back(method);
    return cells[method][key];
  }
};

/// Where a ResultTable is in the page: its own anchor when shown, else that of the shown table of
/// the same study and problem before it (odeint's twins sit in our rows), else the section.
struct Located {
  const Row* row;
  std::string anchor;
};

}  // namespace

int SummaryMatrix::verdicts() const {
  int n = 0;
  for (const auto& r : rows)
    for (const auto& c : r.cells) n += c.status >= 0 ? 1 : 0;
  return n;
}

int SummaryMatrix::failed() const {
  int n = 0;
  for (const auto& r : rows)
    for (const auto& c : r.cells) n += c.status == 0 ? 1 : 0;
  return n;
}

SummaryMatrix summary_matrix(const std::vector<StudyResult>& studies) {
  Builder b;
  SummaryMatrix m;
  // the rows of each group, with the anchor they link to
  std::map<std::string, std::vector<Located>> groups;
  for (const auto& s : studies) {
    std::map<std::string, std::string> shown_for_problem;  // problem → anchor of its shown table
    for (std::size_t k = 0; k < s.tables.size(); ++k) {
      const auto& t = s.tables[k];
      if (t.group.empty()) continue;
      for (const auto& r : t.rows) {
        const std::string problem = text_of(r, "problem");
        std::string anchor = "#" + s.name;
        if (t.shown) {
          anchor = "#" + table_anchor(s.name, k);
          if (!problem.empty()) shown_for_problem[problem] = anchor;
        } else if (shown_for_problem.count(problem)) {
          anchor = shown_for_problem[problem];
        }
        groups[t.group].push_back({&r, anchor});
      }
    }
  }

  // derived order (the theory study): beside "declared", its cell failing when derived, declared and measured
  // disagree — derived ≠ declared (the theory row's verdict), or a measured order outside the order study's
  // tolerance (that row's verdict, which judges it against the declared order, equal to the derived one then).
  // odeint's twins: the derived order of our table of the same scheme, against the order the order study expects
  // of odeint's stepper (equal on some problem, never below it: an implementation may lose order, as odeint's
  // velocity_verlet does with velocity-dependent forces, but not gain it), and its measured orders.
  const auto& theory_rows = groups[std::string(row_keys::theory::group)];
  const auto& theory_twins = groups[std::string(row_keys::theory_odeint::group)];
  std::map<std::string, double> derived;  // method → derived order (NaN: no theory)
  std::map<std::string, bool> reached;    // odeint: the order study expects the derived order on some problem
  if (!theory_rows.empty() || !theory_twins.empty()) {
    b.column("declared_order", "order", "declared");
    b.column("derived_order", "order", "derived");
  }
  for (const auto& [row, anchor] : theory_rows) {
    namespace k = row_keys::theory;
    const std::string method = text_of(*row, k::integrator);
    const double value = number_of(*row, k::derived_order);
    MatrixCell& c = b.at(method, "derived_order", "order", "derived");
    c.text = required(*row, k::derived_order).text;
    c.value = finite_or_null(value);
    c.href = anchor;
    if (row->verdict) {
      const Verdict& v = *row->verdict;
      c.status = v.pass ? 1 : 0;
      c.note = v.what + ": expected " + v.expected + ", derived " + v.measured + " (" + (v.pass ? "pass" : "FAIL") + ")";
    }
    derived[method] = value;
    MatrixCell& d = b.at(method, "declared_order", "order", "declared");
    if (d.value.is_null()) {  // the order study fills it too (the same number: the registry's)
      const double declared = number_of(*row, k::declared_order);
      d.text = fmt_g(declared, 3);
      d.value = declared;
    }
  }
  for (const auto& [row, anchor] : theory_twins) {
    namespace k = row_keys::theory_odeint;
    const std::string method = "odeint " + text_of(*row, k::odeint_stepper);
    const double value = number_of(*row, k::derived_order);
    MatrixCell& c = b.at(method, "derived_order", "order", "derived");
    c.text = required(*row, k::derived_order).text + " (" + text_of(*row, k::twin) + ")";
    c.value = value;
    c.href = anchor;
    c.note = "the derived order of " + text_of(*row, k::twin) + "'s table, the same scheme";
    derived[method] = value;
  }

  // declared and measured order: ours, then odeint's twins (their rows name the stepper), then every odeint
  // stepper of the odeint-steppers study (the same members as the twins', row_keys.hpp; a twin measured by both
  // studies on the same ladder keeps one cell, both verdicts folded in)
  static_assert(row_keys::odeint_steppers::measured_order.key == row_keys::order_odeint::measured_order.key &&
                row_keys::odeint_steppers::expected_order.key == row_keys::order_odeint::expected_order.key &&
                row_keys::odeint_steppers::declared_order.key == row_keys::order_odeint::declared_order.key &&
                row_keys::odeint_steppers::problem.key == row_keys::order_odeint::problem.key &&
                row_keys::odeint_steppers::odeint_stepper.key == row_keys::order_odeint::odeint_stepper.key);
  for (const std::string_view group : {row_keys::order::group, row_keys::order_odeint::group, row_keys::odeint_steppers::group}) {
    namespace ko = row_keys::order;
    namespace kt = row_keys::order_odeint;
    const bool odeint = group != ko::group;
    for (const auto& [row, anchor] : groups[std::string(group)]) {
      const std::string method = odeint ? "odeint " + text_of(*row, kt::odeint_stepper) : text_of(*row, ko::integrator);
      const std::string problem = text_of(*row, odeint ? kt::problem : ko::problem);
      MatrixCell& d = b.at(method, "declared_order", "order", "declared");
      const double declared = number_of(*row, odeint ? kt::declared_order : ko::declared_order);
      const double expected = odeint ? number_of(*row, kt::expected_order) : kNaN;
      if (d.value.is_null()) {  // the method's declaration, the same on every problem
        d.text = fmt_g(declared, 3);
        d.value = declared;
      }
      if (d.note.empty() && std::isfinite(expected) && expected != declared) {
        // odeint's velocity_verlet declares order_value = 1 for a second-order method
        // (reference/odeint/run.hpp); the cell says so once, whichever problem comes first
        d.text = fmt_g(declared, 3) + " (theory " + fmt_g(expected, 3) + ")";
        d.note = "odeint declares order_value = " + fmt_g(declared, 3) + "; the method's order in theory is " +
                 fmt_g(expected, 3) + " (the measured orders beside it; the order study's note)";
        d.value = Json::object().num("declared", declared).num("theory", expected);
      }
      MatrixCell& c = b.at(method, "order_" + problem, "order", short_name(problem));
      const double measured = number_of(*row, odeint ? kt::measured_order : ko::measured_order);
      if (c.href.empty()) {  // the first study's number (the order study's, for a twin)
        c.text = fmt_g(measured, 3);
        c.value = measured;
        c.href = anchor;
      }
      if (group == row_keys::odeint_steppers::group) {  // a known defect of odeint: its verdict is that it reproduces
        const std::string defect = text_of(*row, row_keys::odeint_steppers::defect);
        if (!defect.empty() && c.text.find("defect") == std::string::npos) {
          c.text += " (odeint defect)";
          c.note = defect + (c.note.empty() ? "" : "\n" + c.note);
        }
      }
      fold(c, *row);
      // the derived cell: the measured order's claim too, and for odeint the expected order against the derived one
      if (derived.count(method) && std::isfinite(derived[method])) {
        MatrixCell& dc = b.at(method, "derived_order", "order", "derived");
        if (odeint) {
          const bool not_above = expected <= derived[method];
          dc.status = (dc.status == 0 || !not_above) ? 0 : 1;
          if (!not_above)
            dc.note += fmt::format("\n{}: the order study expects {} of odeint on {}, above the derived {} (FAIL)", method,
                                   fmt_g(expected, 3), problem, fmt_g(derived[method], 3));
          if (expected == derived[method]) reached[method] = true;
        }
        if (row->verdict) {
          dc.status = (dc.status == 0 || !row->verdict->pass) ? 0 : 1;
          if (!row->verdict->pass) dc.note += "\n" + row->verdict->what + ": measured " + row->verdict->measured + " (FAIL)";
        }
      }
    }
  }
  for (const auto& [row, anchor] : theory_twins) {
    (void)anchor;
    const std::string method = "odeint " + text_of(*row, row_keys::theory_odeint::odeint_stepper);
    MatrixCell& dc = b.at(method, "derived_order", "order", "derived");
    if (dc.status < 0) continue;  // the order study did not run odeint's stepper: no claim
    if (!reached[method]) {
      dc.status = 0;
      dc.note += "\n" + method + ": no problem on which the order study expects the derived order (FAIL)";
    }
  }
  // tolerance slope of odeint's controlled and dense-output steppers (odeint-steppers study), with its verdicts
  for (const auto& [row, anchor] : groups[std::string(row_keys::odeint_tolerance::group)]) {
    namespace k = row_keys::odeint_tolerance;
    const std::string method = "odeint " + text_of(*row, k::odeint_stepper);
    MatrixCell& d = b.at(method, "declared_order", "order", "declared");
    if (d.value.is_null()) {
      const double declared = number_of(*row, k::declared_order);
      d.text = std::isfinite(declared) ? fmt_g(declared, 3) : "variable";
      d.value = finite_or_null(declared);
    }
    MatrixCell& c = b.at(method, "tolerance_slope", "", "tolerance slope d log err / d log tol");
    const double slope = number_of(*row, k::slope);
    c.text = fmt_g(slope, 3) + " (" + text_of(*row, k::problem) + ")";
    c.value = finite_or_null(slope);
    c.href = anchor;
    fold(c, *row);
  }
  // tolerance slope of our error-controlled pairs (adaptive study), beside odeint's: per problem, each controller
  // of kControllers in its row's order; every row's verdict (slope within kToleranceSlopeBand of p/(q+1)) folded in
  {
    std::map<std::string, std::map<std::string, std::string>> slopes;  // method → problem → "std 1 · pi 0.98"
    for (const auto& [row, anchor] : groups[std::string(row_keys::adaptive_tolerance::group)]) {
      namespace k = row_keys::adaptive_tolerance;
      const std::string method = text_of(*row, k::integrator), problem = short_name(text_of(*row, k::problem));
      MatrixCell& c = b.at(method, "tolerance_slope", "", "tolerance slope d log err / d log tol");
      std::string& text = slopes[method][problem];
      text += (text.empty() ? "" : " · ") + text_of(*row, k::controller) + " " + fmt_g(number_of(*row, k::slope), 3);
      c.text.clear();
      for (const auto& [name, t] : slopes[method]) c.text += (c.text.empty() ? "" : "; ") + t + " (" + name + ")";
      if (!c.value.is_object()) c.value = Json::object();
      c.value.set(text_of(*row, k::problem) + "_" + text_of(*row, k::controller),
                  finite_or_null(number_of(*row, k::slope)));
      if (c.href.empty()) c.href = anchor;
      fold(c, *row);
    }
  }
  // energy behaviour per problem: the category, with the largest relative energy error
  for (const auto& [row, anchor] : groups[std::string(row_keys::drift::group)]) {
    namespace k = row_keys::drift;
    const std::string method = text_of(*row, k::integrator), problem = text_of(*row, k::problem);
    MatrixCell& c = b.at(method, "energy_" + problem, "energy: max |ΔE/E₀|", short_name(problem));
    const std::string category = text_of(*row, k::category);
    const double worst = number_of(*row, k::max_rel_energy_error);
    c.text = category + " " + fmt_g(worst, 2);
    c.value = Json::object().str("category", category).num("max_rel_energy_error", worst)
                  .num("envelope_exponent", number_of(*row, k::envelope_exponent));
    c.href = anchor;
    fold(c, *row);
  }
  // symplecticity: the largest defect over the problems (round-off for a symplectic method)
  {
    std::map<std::string, double> worst;
    for (const auto& [row, anchor] : groups[std::string(row_keys::symplecticity::group)]) {
      const std::string method = text_of(*row, row_keys::symplecticity::integrator);
      MatrixCell& c = b.at(method, "symplecticity_defect", "", "symplecticity defect ‖MᵀJM − J‖");
      const double d = number_of(*row, row_keys::symplecticity::max_defect);
      worst[method] = worst.count(method) ? std::max(worst[method], d) : d;
      c.text = fmt_g(worst[method], 2);
      c.value = worst[method];
      if (c.href.empty()) c.href = anchor;
      fold(c, *row);
    }
  }
  // stability limit: measured against theory
  for (const auto& [row, anchor] : groups[std::string(row_keys::stability::group)]) {
    namespace k = row_keys::stability;
    const std::string method = text_of(*row, k::integrator);
    if (method.find(' ') != std::string::npos) continue;  // a named variant (the seed's fixed-point loop)
    MatrixCell& c = b.at(method, "stability", "", "stability limit ω·Δt: measured / theory");
    c.text = limit_text(number_of(*row, k::measured)) + " / " + limit_text(number_of(*row, k::theory));
    c.value = Json::object().set("measured", required(*row, k::measured).value).set("theory", required(*row, k::theory).value);
    c.href = anchor;
    fold(c, *row);
  }
  // f evaluations per step: counted (ours: checked against the declared count on every problem)
  for (const auto& [row, anchor] : groups[std::string(row_keys::evaluations::group)]) {
    const std::string method = text_of(*row, row_keys::evaluations::integrator);
    MatrixCell& c = b.at(method, "f_per_step", "", "f / step");
    if (c.href.empty()) {
      c.text = fmt_g(number_of(*row, row_keys::evaluations::per_step), 4);
      c.value = number_of(*row, row_keys::evaluations::per_step);
      c.href = anchor;
    }
    fold(c, *row);
  }
  // cost: the fewest f evaluations of a run reaching the error target, on the hardest problem run
  {
    namespace k = row_keys::work_precision;
    const auto& runs = groups[std::string(k::group)];
    std::vector<std::string> problems;
    for (const auto& [row, anchor] : runs) {
      const std::string p = text_of(*row, k::problem);
      if (std::find(problems.begin(), problems.end(), p) == problems.end()) problems.push_back(p);
    }
    if (!problems.empty()) {
      m.cost_problem = std::find(problems.begin(), problems.end(), "kepler") != problems.end() ? "kepler" : problems.back();
      struct Best {
        double evaluations = kNaN, best_error = kNaN, best_error_evaluations = kNaN;
        double steps = kNaN;
      };
      std::map<std::string, Best> best;
      std::vector<std::string> order;
      for (const auto& [row, anchor] : runs) {
        if (text_of(*row, k::problem) != m.cost_problem) continue;
        const std::string series = text_of(*row, k::series);
        if (!best.count(series)) order.push_back(series);
        Best& x = best[series];
        const double e = number_of(*row, k::error), n = number_of(*row, k::rhs_evaluations);
        if (e <= m.cost_error && !(x.evaluations <= n)) x.evaluations = n;
        if (std::isfinite(e) && !(x.best_error <= e)) x.best_error = e, x.best_error_evaluations = n;
        // f evaluations per step of odeint's steppers, from their finest run (ours are counted above)
        const double steps = number_of(*row, k::steps);
        if (!(x.steps >= steps)) x.steps = steps;
      }
      for (const auto& series : order) {
        const Best& x = best[series];
        MatrixCell& c = b.at(series, "cost", "", fmt::format("cost: f evals to error ≤ {:.0e}", m.cost_error));
        c.text = std::isfinite(x.evaluations) ? fmt::format("{:.0f}", x.evaluations) : fmt::format("> {:.0f}", x.best_error_evaluations);
        c.note = std::isfinite(x.evaluations)
                     ? fmt::format("{} on {}: the cheapest run with error ≤ {:g}", series, m.cost_problem, m.cost_error)
                     : fmt::format("{} on {}: error ≤ {:g} not reached; smallest error {} at {:.0f} f evaluations", series,
                                   m.cost_problem, m.cost_error, fmt_g(x.best_error, 2), x.best_error_evaluations);
        c.value = std::isfinite(x.evaluations) ? Json(x.evaluations) : Json();
        c.href = "#" + figure_anchor("work-precision", "wp_" + m.cost_problem + "_evaluations");
      }
      for (const auto& [row, anchor] : runs) {
        const std::string series = text_of(*row, k::series);
        if (series.rfind("odeint ", 0) != 0 || text_of(*row, k::problem) != m.cost_problem) continue;
        if (number_of(*row, k::steps) != best[series].steps) continue;
        MatrixCell& c = b.at(series, "f_per_step", "", "f / step");
        const double per_step = number_of(*row, k::rhs_evaluations) / number_of(*row, k::steps);
        c.text = fmt_g(per_step, 4);
        c.value = per_step;
        c.href = anchor;
      }
    }
  }
  m.columns = b.columns;
  // ours first (in the order the studies list them), then odeint's
  std::stable_partition(b.methods.begin(), b.methods.end(), [](const std::string& x) { return x.rfind("odeint ", 0) != 0; });
  for (const auto& method : b.methods) {
    MatrixRow r;
    r.method = method;
    r.odeint = method.rfind("odeint ", 0) == 0;
    for (const auto& c : m.columns) {
      auto& row_cells = b.cells[method];
      r.cells.push_back(row_cells.count(c.key) ? row_cells[c.key] : MatrixCell{});
    }
    m.rows.push_back(std::move(r));
  }
  return m;
}

Json SummaryMatrix::json() const {
  Json columns_json = Json::array();
  for (const auto& c : columns) columns_json.push(Json::object().str("key", c.key).str("group", c.group).str("header", c.header));
  Json rows_json = Json::array();
  for (const auto& r : rows) {
    Json cells = Json::object();
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const auto& c = r.cells[i];
      cells.set(columns[i].key, Json::object().str("text", c.text).set("value", c.value)
                                    .set("verdict", c.status < 0 ? Json() : Json(c.status ? "pass" : "fail"))
                                    .str("link", c.href));
    }
    rows_json.push(Json::object().str("method", r.method).boolean("odeint", r.odeint).set("cells", std::move(cells)));
  }
  return Json::object().integer("verdicts", verdicts()).integer("failed", failed()).num("cost_error", cost_error)
      .str("cost_problem", cost_problem).set("columns", std::move(columns_json)).set("rows", std::move(rows_json));
}

std::string SummaryMatrix::html() const {
  std::string h = "<table id=\"matrix\" class=\"matrix\">\n<thead>\n<tr><th rowspan=\"2\">integrator</th>";
  // the group headings over their columns, then the columns' own
  for (std::size_t i = 0; i < columns.size();) {
    std::size_t j = i;
    while (j < columns.size() && columns[j].group == columns[i].group) ++j;
    if (columns[i].group.empty()) {
      for (std::size_t k = i; k < j; ++k) h += "<th rowspan=\"2\">" + html_escape(columns[k].header) + "</th>";
    } else {
      h += fmt::format("<th colspan=\"{}\">{}</th>", j - i, html_escape(columns[i].group));
    }
    i = j;
  }
  h += "</tr>\n<tr>";
  for (const auto& c : columns)
    if (!c.group.empty()) h += "<th>" + html_escape(c.header) + "</th>";
  h += "</tr>\n</thead>\n<tbody>\n";
  for (const auto& r : rows) {
    std::string name = html_escape(r.method);  // odeint's long names may break after an underscore
    for (auto at = name.find('_'); at != std::string::npos; at = name.find('_', at + 1)) name.insert(at + 1, "<wbr />");
    h += "<tr" + std::string(r.odeint ? " class=\"odeint\"" : "") + "><th>" + name + "</th>";
    for (const auto& c : r.cells) {
      const char* cls = c.status == 1 ? "pass" : c.status == 0 ? "fail" : "none";
      h += fmt::format("<td class=\"{}\" data-verdict=\"{}\"", cls, c.status == 1 ? "pass" : c.status == 0 ? "fail" : "");
      if (!c.note.empty()) h += " title=\"" + html_escape(c.note) + "\"";
      h += ">";
      h += c.href.empty() ? html_escape(c.text) : "<a href=\"" + html_escape(c.href) + "\">" + html_escape(c.text) + "</a>";
      h += "</td>";
    }
    h += "</tr>\n";
  }
  return h + "</tbody>\n</table>\n";
}

}  // namespace verisim::experiments
