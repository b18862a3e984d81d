#include "experiments/report/report.hpp"

#include "experiments/io/csv.hpp"
#include "experiments/io/text.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iterator>
#include <stdexcept>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>
#include <gnuplot-iostream.h>

#include "experiments/support/interrupt.hpp"
#include "experiments/report/plot_style.hpp"
#include "experiments/report/summary_matrix.hpp"
#include "experiments/support/process.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;

namespace {

constexpr double kGnuplotTimeout = 120.0;  // seconds per figure; a plot takes well under one

}  // namespace

// ---------------------------------------------------------------- files
void write_new_file(const fs::path& path, std::string_view content) {
  auto fail = [&](const char* what) {
    return std::runtime_error(fmt::format("cannot write '{}': {}: {}", path.string(), what, std::strerror(errno)));
  };
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) throw fail("open");
  std::size_t done = 0;
  constexpr std::size_t kChunk = std::size_t{8} << 20;  // a stop signal is seen between chunks (toolkit/core/checkpoint.hpp)
  while (done < content.size()) {
    if (done > 0) {
      try {
        core::checkpoint();
      } catch (...) {
        ::close(fd);
        throw;
      }
    }
    const ssize_t n = ::write(fd, content.data() + done, std::min(content.size() - done, kChunk));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const auto error = fail("write");
      ::close(fd);
      throw error;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) throw fail("close");
}

std::string csv_columns(std::string_view x_name, const std::vector<double>& x, const std::vector<CsvColumn>& columns) {
  std::vector<std::string> names{std::string(x_name)};
  for (const auto& c : columns) names.push_back(c.name);
  std::string csv = csv_header(names);
  std::vector<double> row(names.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    row[0] = x[i];
    for (std::size_t c = 0; c < columns.size(); ++c) row[c + 1] = columns[c].values[i];
    csv += csv_row(row);
  }
  return csv;
}

std::vector<Verdict> StudyResult::verdicts() const {
  std::vector<Verdict> out;
  for (const auto& t : tables)
    for (const auto& r : t.rows) {
      if (r.verdict) out.push_back(*r.verdict);
      out.insert(out.end(), r.also.begin(), r.also.end());
    }
  return out;
}

int Panel::curves() const {
  int n = 0;
  for (const auto* sr : series) n += sr->title.empty() ? 0 : 1;
  return n;
}

std::vector<Panel> figure_panels(const Figure& f) {
  if (!f.by_family) {
    Panel p;
    for (const auto& sr : f.series) p.series.push_back(&sr);
    return {p};
  }
  std::vector<Panel> out;
  for (Family family : kFamilies) {
    Panel p;
    p.title = std::string(family_title(family));
    for (const auto& sr : f.series) {
      const MethodStyle* m = method_style(sr.method);
      if ((m ? m->family : Family::other) == family) p.series.push_back(&sr);
    }
    if (!p.series.empty()) out.push_back(std::move(p));
  }
  return out;
}

std::string table_anchor(const std::string& study, std::size_t k) { return fmt::format("{}-table-{}", study, k); }
std::string figure_anchor(const std::string& study, const std::string& stem) { return study + "-" + stem; }

namespace {

// ---------------------------------------------------------------- gnuplot
std::string gp_quote(const std::string& s) { return gnuplot_string(s); }

/// The `with` clause of a series: its kind (`style`) and its look — the method's row of
/// plot_style.hpp, or else the k-th of the other styles — except what `style` sets itself.
std::string with_clause(const Series& sr, std::size_t k) {
  std::string w = sr.style;
  const bool lines = w.find("lines") != std::string::npos, points = w.find("points") != std::string::npos;
  const auto has = [&](const char* what) { return w.find(what) != std::string::npos; };
  std::string colour;
  int dash = 1, point = 7;
  if (const MethodStyle* m = method_style(sr.method)) {
    colour = m->colour, dash = m->dash, point = m->point;
  } else {
    constexpr std::size_t n = std::size(kOtherColours);
    colour = kOtherColours[k % n], dash = 1 + static_cast<int>(k / n), point = kOtherPoints[k % std::size(kOtherPoints)];
  }
  if (!has("lc ")) w += " lc rgb '" + colour + "'";
  if (lines && !has("dt ")) w += fmt::format(" dt {}", dash);
  if (lines && !has("lw ")) w += " lw 1.5";
  if (points && !has("pt ")) w += fmt::format(" pt {}", point);
  if (points && !has("ps ")) w += " ps 0.8";
  return w;
}

std::string plot_command(const std::vector<const Series*>& series, const Figure& f) {
  std::string plot = "plot ";
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& sr = *series[i];
    // the series' place in the figure; the series of one method outside the style table (a user's
    // method in `verisim check`: its ladder and its fitted points) share the place of its first one
    auto k = static_cast<std::size_t>(&sr - f.series.data());
    if (!sr.method.empty())
      for (std::size_t j = 0; j < k; ++j)
        if (f.series[j].method == sr.method) {
          k = j;
          break;
        }
    if (i) plot += ", \\\n     ";
    plot += gp_quote(sr.csv) + (sr.index >= 0 ? " index " + std::to_string(sr.index) : std::string()) + " using " +
            sr.using_ + " with " + with_clause(sr, k) + " title " + gp_quote(sr.title) + " noenhanced";
  }
  return plot + "\n";
}

std::string gnuplot_script(const Figure& f) {
  const auto panels = figure_panels(f);
  std::string s;
  s += "# " + gp_quote(f.title) + " (generated by verisim study; run: gnuplot " + f.stem + ".gp)\n";
  s += "set encoding utf8\nset datafile separator ','\nset datafile missing 'nan'\n";
  s += "set xlabel " + gp_quote(f.xlabel) + " noenhanced\n";
  s += "set ylabel " + gp_quote(f.ylabel) + " noenhanced\n";
  if (f.logx) s += "set logscale x 10\nset format x '10^{%L}'\n";
  if (f.logy) s += "set logscale y 10\nset format y '10^{%L}'\n";
  // the legend below the data, never over it
  s += "set grid\nset key below left Left reverse maxrows 4 width 1 height 1 samplen 3 noenhanced\n";
  s += f.extra;
  std::vector<const Series*> all;
  for (const auto& sr : f.series) all.push_back(&sr);
  const int n = static_cast<int>(panels.size());
  constexpr int kPanelWidth = 480;  // pixels per panel of a figure split by family
  const int width = n > 1 ? kPanelWidth * n : 1000, height = n > 1 ? 700 : 600;
  std::string body;
  if (n > 1) {
    // common axes: plot everything once without output, then fix the ranges gnuplot chose
    s += "set terminal unknown\n" + plot_command(all, f);
    s += "set xrange [GPVAL_X_MIN:GPVAL_X_MAX]\nset yrange [GPVAL_Y_MIN:GPVAL_Y_MAX]\n";
    // panels side by side with the same margins (so their axes line up), each legend in the band below
    body += "set multiplot title " + gp_quote(f.title) + " noenhanced\n";
    body += "set tmargin at screen 0.87\nset bmargin at screen 0.31\n";
    for (int i = 0; i < n; ++i) {
      body += fmt::format("set lmargin at screen {:.4f}\nset rmargin at screen {:.4f}\n",
                          (kPanelWidth * i + 90.0) / width, (kPanelWidth * (i + 1) - 15.0) / width);
      body += "set title " + gp_quote(panels[static_cast<std::size_t>(i)].title) + " noenhanced\n" +
              plot_command(panels[static_cast<std::size_t>(i)].series, f);
    }
    body += "unset multiplot\n";
  } else {
    body += "set title " + gp_quote(f.title) + " noenhanced\n" + plot_command(all, f);
  }
  const int font = n > 1 ? 12 : 11;  // points; a wide figure is shown scaled down
  s += fmt::format("set terminal pngcairo size {},{} enhanced font 'DejaVu Sans,{}'\n", width, height, font);
  s += "set output " + gp_quote(f.stem + ".png") + "\n" + body;
  s += fmt::format("set terminal svg size {},{} enhanced font 'DejaVu Sans,{}' background rgb 'white'\n", width, height, font);
  s += "set output " + gp_quote(f.stem + ".svg") + "\n" + body;
  s += "unset output\n";
  return s;
}

/// The end of a program's output, at most `max` bytes from a line start, without trailing blanks;
/// invalid UTF-8 replaced (valid_utf8: it goes into messages and the page).
std::string last_lines(std::string s, std::size_t max) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  if (s.size() > max) {
    s.erase(0, s.size() - max);
    if (const auto nl = s.find('\n'); nl != std::string::npos) s.erase(0, nl + 1);
  }
  return valid_utf8(s);
}

/// Sends gnuplot, run in `folder`, the text of `<stem>.gp` through gnuplot-iostream (run_gnuplot);
/// the data stay in the CSV files the script names, as for a reader who reruns it. Empty when both
/// plots were drawn, else why not (and any partial plot is removed, so the page never links a
/// half-drawn file).
std::string draw(const fs::path& folder, const Figure& f) {
  const std::string script = gnuplot_script(f);  // the text of <stem>.gp, byte for byte
  const auto r = run_gnuplot(folder, f.stem + ".gp", kGnuplotTimeout,
                             [&](gnuplotio::Gnuplot& gp) { gp << script; });  // Interrupted on a stop signal
  std::string why;
  if (!r.started)
    why = "gnuplot could not be started: " + r.error;
  else if (r.timed_out)
    why = fmt::format("gnuplot did not finish within {:g} s", kGnuplotTimeout);
  else if (r.term_signal != 0)
    why = fmt::format("gnuplot was ended by signal {}", r.term_signal);
  else if (r.exit_code != 0)
    why = fmt::format("gnuplot exited with status {}{}", r.exit_code, r.output.empty() ? "" : ": " + last_lines(r.output, 400));
  else if (!r.input_error.empty())
    why = "gnuplot stopped reading its script (" + r.input_error + ")";
  else {
    for (const char* ext : {".png", ".svg"}) {
      std::error_code ec;
      const fs::path p = folder / (f.stem + ext);
      if (!fs::is_regular_file(fs::symlink_status(p, ec)) || fs::file_size(p, ec) == 0)
        why = fmt::format("gnuplot exited normally but wrote no {}{}", f.stem, ext);
    }
  }
  if (!why.empty()) {
    std::error_code ec;
    fs::remove(folder / (f.stem + ".png"), ec);
    fs::remove(folder / (f.stem + ".svg"), ec);
  }
  return why;
}

// ---------------------------------------------------------------- HTML
const char* kStyle = R"(body{font-family:sans-serif;max-width:1300px;margin:2em auto;padding:0 1em;line-height:1.45;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:90%}
th,td{border:1px solid #bbb;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eee}
tr.pass td.v{background:#c8f0c8}
tr.fail td.v{background:#f6c0c0}
td.pass{background:#c8f0c8}
td.fail{background:#f6c0c0}
table.matrix td.none{background:#f2f2f2}
table.matrix{font-size:80%}
table.matrix th,table.matrix td{padding:2px 5px}
table.matrix td,table.matrix tbody tr:not(.odeint) th{white-space:nowrap}
table.matrix thead th{font-size:90%;vertical-align:bottom}
table.matrix td a{color:inherit;text-decoration:none}
table.matrix td a:hover{text-decoration:underline}
table.matrix tr.odeint th{font-style:italic;font-weight:normal}
figure{margin:1.5em 0}
figure img{max-width:100%;border:1px solid #ddd}
figcaption{font-size:90%;color:#444}
code{background:#f4f4f4;padding:0 3px}
.note{background:#fff6d0;border:1px solid #e0c060;padding:0.5em 1em}
.lead figure{margin:0.5em 0}
.see{font-size:105%;font-weight:bold}
.read{background:#f3f6fa;border-left:4px solid #8aa4c8;padding:0.3em 1em;margin:0.5em 0}
details{margin:0.6em 0;border:1px solid #ddd;padding:0.2em 0.6em}
details.fail{border-color:#d05050}
summary{cursor:pointer}
summary .fail{color:#b00000;font-weight:bold}
@media print{body{max-width:none;margin:0}details::details-content{content-visibility:visible;display:block}
summary{list-style:none}figure,table.matrix,tr{break-inside:avoid}a{color:inherit;text-decoration:none}}
)";

/// A table as cells: header, rows, and per row 1 pass, 0 fail, -1 neutral (whose last cell is the verdict).
struct HtmlTable {
  std::string caption;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<int> status;
};

std::string render(const HtmlTable& t) {
  std::string h = "<table>\n";
  if (!t.caption.empty()) h += "<caption>" + html_escape(t.caption) + "</caption>\n";
  h += "<tr>";
  for (const auto& c : t.header) h += "<th>" + html_escape(c) + "</th>";
  h += "</tr>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const int st = t.status[r];
    h += st == 1 ? "<tr class=\"pass\">" : st == 0 ? "<tr class=\"fail\">" : "<tr>";
    for (std::size_t c = 0; c < t.rows[r].size(); ++c) {
      const bool last = c + 1 == t.rows[r].size();
      h += (last && st >= 0 ? "<td class=\"v\">" : "<td>") + html_escape(t.rows[r][c]) + "</td>";
    }
    h += "</tr>\n";
  }
  return h + "</table>\n";
}

/// The HTML table of a ResultTable: the headed fields of each row, then the verdict column.
HtmlTable html_table(const ResultTable& t) {
  HtmlTable h;
  h.caption = t.caption;
  bool verdict_column = false;
  for (const auto& r : t.rows) verdict_column = verdict_column || r.verdict || !r.verdict_text.empty();
  for (const auto& f : t.rows.front().fields)
    if (!f.header.empty()) h.header.push_back(f.header);
  if (verdict_column) h.header.push_back("verdict");
  for (const auto& r : t.rows) {
    std::vector<std::string> cells;
    for (const auto& f : r.fields)
      if (!f.header.empty()) cells.push_back(f.text);
    if (cells.size() + (verdict_column ? 1 : 0) != h.header.size())
      throw std::logic_error("report: the rows of table '" + t.caption + "' have different columns");
    if (verdict_column) cells.push_back(!r.verdict_text.empty() ? r.verdict_text : r.verdict ? pass_fail(r.status() == 1) : "");
    h.rows.push_back(std::move(cells));
    h.status.push_back(r.status());
  }
  return h;
}

HtmlTable verdict_table(const std::vector<Verdict>& verdicts) {
  HtmlTable t;
  t.caption = "Verdicts";
  t.header = {"check", "expected (theory)", "measured", "verdict"};
  for (const auto& v : verdicts) {
    t.rows.push_back({v.what, v.expected, v.measured, pass_fail(v.pass)});
    t.status.push_back(v.pass ? 1 : 0);
  }
  return t;
}

/// The summary.json record of a row: its keyed fields, then "verdict" when it makes a claim.
Json record(const Row& r) {
  Json rec = Json::object();
  for (const auto& f : r.fields)
    if (!f.key.empty()) rec.set(f.key, f.value);
  if (r.verdict) rec.str("verdict", r.status() == 1 ? "pass" : "fail");
  return rec;
}

Json summary_json(const std::vector<StudyResult>& studies, const SummaryMatrix& matrix) {
  bool all_pass = true;
  Json list = Json::array();
  for (const auto& s : studies) {
    const auto vs = s.verdicts();
    bool pass = true;
    Json verdicts = Json::array();
    for (const auto& v : vs) {
      pass = pass && v.pass;
      verdicts.push(Json::object().str("what", v.what).str("expected", v.expected).str("measured", v.measured)
                        .str("verdict", v.pass ? "pass" : "fail"));
    }
    all_pass = all_pass && pass;
    Json results = Json::array();
    for (const auto& t : s.tables)
      if (!t.group.empty())
        for (const auto& r : t.rows) results.push(Json::object().str("group", t.group).set("data", record(r)));
    list.push(Json::object().str("name", s.name).str("title", s.title).boolean("pass", pass)
                  .set("verdicts", std::move(verdicts)).set("results", std::move(results)));
  }
  Json summary = Json::object();
  summary.str("report", "verisim verification studies");
  if (!matrix.empty()) summary.set("matrix", matrix.json());
  summary.set("studies", std::move(list)).boolean("all_pass", all_pass);
  return summary;
}

/// A figure: the SVG in the page (crisp at any size), linked PNG (for slides), script and data.
std::string figure_html(const StudyResult& s, const Figure& f, const std::string& why_not_drawn, bool plots) {
  std::string h = "<figure id=\"" + figure_anchor(s.name, f.stem) + "\">\n";
  if (!plots)
    h += "<p class=\"note\">Plot not drawn (--no-plots): " + html_escape(f.title) + "</p>\n";
  else if (!why_not_drawn.empty())
    h += "<p class=\"note\">Plot not drawn: " + html_escape(f.title) + ". " + html_escape(why_not_drawn) + "</p>\n";
  else
    h += "<img src=\"" + s.name + "/" + f.stem + ".svg\" alt=\"" + html_escape(f.title) + "\" />\n";
  h += "<figcaption>" + html_escape(f.caption.empty() ? f.title : f.caption);
  if (plots && why_not_drawn.empty()) h += " PNG: <a href=\"" + s.name + "/" + f.stem + ".png\">" + f.stem + ".png</a>,";
  h += " script: <a href=\"" + s.name + "/" + f.stem + ".gp\">" + f.stem + ".gp</a>";
  std::vector<std::string> seen;
  for (const auto& sr : f.series) {
    if (std::find(seen.begin(), seen.end(), sr.csv) != seen.end()) continue;
    seen.push_back(sr.csv);
    h += ", data: <a href=\"" + s.name + "/" + sr.csv + "\">" + html_escape(sr.csv) + "</a>";
  }
  return h + ".</figcaption>\n</figure>\n";
}

/// A table folded in a <details> element, open when one of its verdicts failed.
std::string details_html(const std::string& id, const HtmlTable& t) {
  int pass = 0, fail = 0;
  for (int st : t.status) pass += st == 1 ? 1 : 0, fail += st == 0 ? 1 : 0;
  std::string counts = fmt::format("{} row{}", t.rows.size(), t.rows.size() == 1 ? "" : "s");
  if (pass + fail > 0)
    counts += fail ? fmt::format(", <span class=\"fail\">{} of {} checks FAIL</span>", fail, pass + fail)
                   : fmt::format(", {} check{} pass", pass, pass == 1 ? "" : "s");
  std::string h = "<details" + (id.empty() ? std::string() : " id=\"" + id + "\"") + (fail ? " class=\"fail\" open" : "") + ">\n";
  h += "<summary>" + html_escape(t.caption) + " — " + counts + "</summary>\n";
  HtmlTable inner = t;
  inner.caption.clear();
  return h + render(inner) + "</details>\n";
}

std::string index_html(const std::vector<StudyResult>& studies, const std::vector<std::vector<std::string>>& not_drawn,
                       bool plots, const SummaryMatrix& matrix, const ReportOptions& options) {
  bool all_drawn = plots;
  for (const auto& s : not_drawn)
    for (const auto& why : s) all_drawn = all_drawn && why.empty();
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n";
  h += "<title>verisim: verification report</title>\n<style>\n" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  h += "<h1>verisim: verification of the numerical methods</h1>\n";
  h += "<p>Each study measures a property of the integrators of <code>toolkit/integrators/</code> (and of Boost.Odeint's "
       "steppers where it has the same method), compares it with theory and gives a verdict. The data behind every plot "
       "is in the study's folder as CSV, with the Gnuplot script that drew it; <a href=\"summary.json\">summary.json</a> "
       "holds every measured figure and verdict for scripts. This page is static: no script, no network.</p>\n";
  if (options.link_playground)
    h += options.playground_page.empty()
             ? "<p class=\"note\">The browser playground (the toolkit compiled to WebAssembly, docs/playground.md) is not "
               "in this report: build it with <code>cmake --preset wasm &amp;&amp; cmake --build --preset wasm</code> and run "
               "the studies again.</p>\n"
             : "<p><a id=\"playground\" href=\"playground/index.html\">The playground</a>: the same toolkit compiled to "
               "WebAssembly, in the browser and offline — pick a scene, integrators and Δt, and see each run's energy error "
               "beside its theory (docs/playground.md).</p>\n";
  if (!all_drawn) {
    h += "<p class=\"note\">";
    h += plots ? "Gnuplot could not draw some plots (each says why below); the data (CSV) and the scripts (.gp) are written."
               : "The plots were not drawn (--no-plots). The data (CSV) and the Gnuplot scripts (.gp) are written: run "
                 "<code>gnuplot &lt;name&gt;.gp</code> in a study's folder, or rerun the study.";
    h += "</p>\n";
  }
  h += "<h2 id=\"summary\">Summary</h2>\n";
  if (!matrix.empty()) {
    h += fmt::format(
        "<p>One row per integrator (Boost.Odeint's steppers in italics): what each study measured, green where the "
        "verdict passed, red where it failed, grey where no claim is checked ({} cells with a verdict, {} failed). A "
        "measured cell links to its detailed table or figure; hover for the claims. Energy: bounded, secular (∝ t) or growth, with the largest "
        "relative energy error; symplecticity: the largest ‖MᵀJM − J‖ over the problems{}.</p>\n",
        matrix.verdicts(), matrix.failed(),
        matrix.cost_problem.empty() ? ""
                                    : fmt::format("; cost: the fewest f evaluations of a run whose error is at most "
                                                  "{:.0e} on {}", matrix.cost_error, html_escape(matrix.cost_problem)));
    h += matrix.html();
  }
  h += "<table>\n<tr><th>study</th><th>checks</th><th>passed</th><th>failed</th><th>verdict</th></tr>\n";
  std::vector<std::vector<Verdict>> verdicts;
  for (const auto& s : studies) verdicts.push_back(s.verdicts());
  for (std::size_t i = 0; i < studies.size(); ++i) {
    int p = 0, f = 0;
    for (const auto& v : verdicts[i]) (v.pass ? p : f)++;
    h += fmt::format("<tr class=\"{}\"><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td>"
                     "<td class=\"v\">{}</td></tr>\n",
                     f ? "fail" : "pass", studies[i].name, html_escape(studies[i].title), p + f, p, f, f ? "FAIL" : "pass");
  }
  h += "</table>\n";
  for (std::size_t i = 0; i < studies.size(); ++i) {
    bool any_fail = false;
    for (const auto& v : verdicts[i]) any_fail = any_fail || !v.pass;
    if (!any_fail) continue;
    h += "<p>Failed checks in " + html_escape(studies[i].title) + ":</p>\n<ul>\n";
    for (const auto& v : verdicts[i])
      if (!v.pass)
        h += "<li>" + html_escape(v.what) + ": expected " + html_escape(v.expected) + ", measured " +
             html_escape(v.measured) + "</li>\n";
    h += "</ul>\n";
  }
  for (std::size_t i = 0; i < studies.size(); ++i) {
    const auto& s = studies[i];
    h += "<section id=\"" + s.name + "\">\n<h2>" + html_escape(s.title) + "</h2>\n";
    // one picture first, the sentence saying what to see in it, and how to read it
    std::size_t lead = s.figures.size();
    for (std::size_t k = 0; k < s.figures.size() && lead == s.figures.size(); ++k)
      if (s.lead_figure.empty() || s.figures[k].stem == s.lead_figure) lead = k;
    if (lead < s.figures.size() || !s.lead.empty() || !s.how_to_read.empty()) {
      h += "<div class=\"lead\">\n";
      if (!s.lead.empty()) h += "<p class=\"see\">" + s.lead + "</p>\n";
      if (lead < s.figures.size()) h += figure_html(s, s.figures[lead], not_drawn[i][lead], plots);
      if (!s.how_to_read.empty()) h += "<div class=\"read\"><p><b>How to read it.</b> " + s.how_to_read + "</p></div>\n";
      h += "</div>\n";
    }
    h += s.html_intro + "\n";
    if (!verdicts[i].empty()) h += details_html("", verdict_table(verdicts[i]));
    for (std::size_t k = 0; k < s.tables.size(); ++k)
      if (s.tables[k].shown && !s.tables[k].rows.empty()) h += details_html(table_anchor(s.name, k), html_table(s.tables[k]));
    for (std::size_t k = 0; k < s.figures.size(); ++k)
      if (k != lead) h += figure_html(s, s.figures[k], not_drawn[i][k], plots);
    h += "</section>\n";
  }
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace

ReportOutcome write_report(const fs::path& dir, const std::vector<StudyResult>& studies, const ReportOptions& options) {
  // the data and scripts first, every study
  for (const auto& s : studies) {
    const fs::path folder = dir / s.name;
    std::error_code ec;
    if (!fs::create_directory(folder, ec) || ec)
      throw std::runtime_error(fmt::format("cannot create '{}': {}", folder.string(), ec ? ec.message() : "it exists"));
    for (const auto& f : s.files) write_new_file(folder / f.name, f.content);
    for (const auto& f : s.figures) write_new_file(folder / (f.stem + ".gp"), gnuplot_script(f));
  }
  // then the plots, one gnuplot run per figure (a stop signal is checked between runs and during each)
  ReportOutcome outcome;
  std::vector<std::vector<std::string>> not_drawn;
  for (const auto& s : studies) {
    not_drawn.emplace_back(s.figures.size());
    if (!options.plots) continue;
    for (std::size_t k = 0; k < s.figures.size(); ++k) {
      throw_if_interrupted();
      not_drawn.back()[k] = draw(dir / s.name, s.figures[k]);
      if (!not_drawn.back()[k].empty())
        outcome.not_drawn.push_back(fmt::format("{}/{}.gp: {}", s.name, s.figures[k].stem, not_drawn.back()[k]));
    }
  }
  throw_if_interrupted();
  const SummaryMatrix matrix = summary_matrix(studies);
  write_new_file(dir / "summary.json", summary_json(studies, matrix).dump(1) + "\n");
  if (!options.playground_page.empty()) {
    std::filesystem::create_directories(dir / "playground");
    write_new_file(dir / "playground" / "index.html", options.playground_page);
  }
  write_new_file(dir / "index.html", index_html(studies, not_drawn, options.plots, matrix, options));
  return outcome;
}

}  // namespace verisim::experiments
