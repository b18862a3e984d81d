#pragma once
// The report writer (docs/architecture.md layer 8). A study measures and returns plain data
// (<study>_study.hpp); its section (<study>_report.cpp) lays that data out as a StudyResult —
// result tables whose rows are lists of named fields, figures (Gnuplot scripts over CSV data), data
// files — and write_report renders every StudyResult once: each Row gives its table row, its
// summary.json record and its verdicts from the same fields, so the three cannot disagree.
// Output: DIR/<study>/*.csv|*.gp|*.png|*.svg, DIR/index.html, DIR/summary.json, written into a
// fresh folder (report_folder.hpp swaps it in as a whole). Gnuplot runs once per figure, started
// without a shell (process.hpp), in the study's folder; every figure's .gp script and CSV data stay
// beside its plots so a reader can redraw it. A curve's look comes from its method's row of
// plot_style.hpp (the one style table); a figure `by_family` is drawn as panels side by side on
// common axes, legends below the data.
// The page (issue 15): the summary matrix first (summary_matrix.hpp, read off the same rows, also
// summary.json's "matrix"), then per study its lead picture (SVG in the page, PNG linked for
// slides) with one sentence and "How to read it", its intro, its tables folded in <details> (open
// when a check fails; print CSS unfolds them), its other figures. Static: no script, no network.
// Nothing written depends on the clock, except files whose name says so (work-precision timings).
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "experiments/io/json.hpp"
#include "experiments/io/escape.hpp"  // html_escape
#include "experiments/io/number.hpp"  // csv_number, fmt_g
#include "experiments/support/process.hpp"  // gnuplot_available, require_gnuplot
#include "experiments/report/row_keys.hpp"

namespace verisim::experiments {

/// One checked claim: measured vs expected, pass or fail.
struct Verdict {
  std::string what;      ///< e.g. "rk4 on kepler: order"
  std::string expected;  ///< e.g. "4 ± 0.2"
  std::string measured;  ///< e.g. "3.998"
  bool pass = false;
};

/// One named value of a result row: a table column and/or a summary.json member.
struct Field {
  std::string header;  ///< table column heading; empty: the field is in summary.json only
  std::string key;     ///< summary.json member; empty: the field is in the table only
  std::string text;    ///< the table cell
  Json value;          ///< the summary.json value
};

/// A field in the table only.
inline Field cell(std::string header, std::string text) { return {std::move(header), {}, std::move(text), {}}; }
/// A field in summary.json only.
inline Field member(std::string key, Json value) { return {{}, std::move(key), {}, std::move(value)}; }
/// A field in both: the cell shows `text`, summary.json holds `value`.
inline Field field(std::string header, std::string key, std::string text, Json value) {
  return {std::move(header), std::move(key), std::move(text), std::move(value)};
}
/// A text field in both.
inline Field field(std::string header, std::string key, const std::string& text) {
  return {std::move(header), std::move(key), text, Json(text)};
}
/// The same, for a member the summary matrix reads (row_keys.hpp).
inline Field member(const RowKey& key, Json value) { return member(std::string(key.key), std::move(value)); }
inline Field field(std::string header, const RowKey& key, std::string text, Json value) {
  return field(std::move(header), std::string(key.key), std::move(text), std::move(value));
}
inline Field field(std::string header, const RowKey& key, const std::string& text) {
  return field(std::move(header), std::string(key.key), text);
}

/// One row of results: its fields, and the claims checked on it.
struct Row {
  std::vector<Field> fields;
  /// The row's claim: colours the row, fills its verdict cell (pass/FAIL), gives its record the
  /// member "verdict" ("pass"/"fail") and goes to the verdict list.
  std::optional<Verdict> verdict;
  std::string verdict_text;   ///< the verdict cell when it says more than pass/FAIL (or the row has no claim)
  std::vector<Verdict> also;  ///< further claims read off the row: the verdict list, and the row's status

  /// 1 when every claim of the row (its verdict and `also`) passes, 0 when one fails, −1 without claims:
  /// the row's colour, its verdict cell, its table's folding and its matrix cell all follow it.
  int status() const {
    int s = verdict ? (verdict->pass ? 1 : 0) : -1;
    for (const auto& v : also) s = (s != 0 && v.pass) ? 1 : 0;
    return s;
  }
};

/// Rows with the same fields: an HTML table (the headed fields, then a verdict column when any
/// row has one) and one summary.json record per row (the keyed fields, in order).
struct ResultTable {
  std::string caption;
  std::string group;  ///< summary.json group of the records; empty: no records
  bool shown = true;  ///< false: records and verdicts only, no HTML table
  std::vector<Row> rows;
};

/// One curve of a figure: columns of a CSV file of the same study.
struct Series {
  std::string csv;      ///< file name inside the study folder
  std::string using_;   ///< gnuplot `using` clause, e.g. "1:2"
  std::string title;    ///< legend
  std::string style = "linespoints";  ///< gnuplot `with`
  int index = -1;       ///< gnuplot `index` (data block), -1 for the whole file
  /// the method the curve shows (registry name or "odeint <stepper>"): its colour, dash, point and
  /// panel come from plot_style.hpp; empty (or not in that table): a style by its place in the figure
  std::string method = {};
};

struct Figure {
  std::string stem;     ///< file name without extension: <stem>.gp, .png, .svg
  std::string title;
  std::string xlabel, ylabel;  ///< with units
  bool logx = false, logy = false;
  std::vector<Series> series;
  std::string extra;    ///< extra gnuplot commands (ranges, arrows)
  std::string caption;  ///< shown under the plot in the HTML
  /// true: one panel per family of the series' methods (plot_style.hpp), side by side, on common
  /// axes; false: one panel
  bool by_family = false;
};

/// One panel of a figure: its title (empty for a figure of one panel) and its series.
struct Panel {
  std::string title;
  std::vector<const Series*> series;
  int curves() const;  ///< series with a legend entry
};

/// The panels `f` is drawn as.
std::vector<Panel> figure_panels(const Figure& f);

struct DataFile {
  std::string name;     ///< file name inside the study folder
  std::string content;
};

/// What a study's section hands to the writer.
struct StudyResult {
  std::string name;   ///< folder and anchor: "order", "drift", …
  std::string title;  ///< section heading
  std::string lead;         ///< one sentence beside the section's first picture: what to see in it (HTML)
  std::string how_to_read;  ///< how to read that picture, shown beside it (HTML)
  std::string lead_figure;  ///< the stem of the section's first picture; empty: the first figure
  std::string html_intro;   ///< what the study measures and which theory (cited) (HTML)
  std::vector<ResultTable> tables;
  std::vector<Figure> figures;
  std::vector<DataFile> files;

  /// Every claim of the study, in table order (each row's own, then its `also`).
  std::vector<Verdict> verdicts() const;
};

struct ReportOptions {
  bool plots = true;  ///< run gnuplot
  /// `study all`: the browser playground's page (docs/playground.md), written as playground/index.html and linked
  /// from index.html; empty when the wasm preset has not built it (the index then says how to build it).
  std::string playground_page;
  bool link_playground = false;  ///< say where the playground is (study all), built or not
};

struct ReportOutcome {
  std::vector<std::string> not_drawn;  ///< "<study>/<stem>.gp: why", for each figure gnuplot did not draw
};

/// The anchor of a study's k-th table in index.html (its <details> element).
std::string table_anchor(const std::string& study, std::size_t k);
/// The anchor of a study's figure in index.html.
std::string figure_anchor(const std::string& study, const std::string& stem);


/// Writes every study into `dir`, a new empty folder (ReportFolder::staging()). Throws on a write
/// error (naming the file) and Interrupted on a stop signal (checked between gnuplot runs); a
/// figure gnuplot fails to draw is listed in the outcome, and its place in the page says so.
ReportOutcome write_report(const std::filesystem::path& dir, const std::vector<StudyResult>& studies,
                           const ReportOptions& options = {});

/// Creates `path` (which must not exist: O_EXCL, links not followed) and writes `content` to it;
/// std::runtime_error naming the file on any error (a full disk included).
void write_new_file(const std::filesystem::path& path, std::string_view content);

/// One named column of numbers.
struct CsvColumn {
  std::string name;
  std::vector<double> values;  ///< NaN (or ±∞) where there is no value: written "nan"
};

/// A CSV of columns over a common abscissa in io's convention (csv.hpp): the header
/// "<x_name>,<column names>", then one row per x, every number by csv_number.
std::string csv_columns(std::string_view x_name, const std::vector<double>& x, const std::vector<CsvColumn>& columns);

/// "pass" / "FAIL" for a table cell, "pass" / "fail" for summary.json.
inline std::string pass_fail(bool pass) { return pass ? "pass" : "FAIL"; }

}  // namespace verisim::experiments
