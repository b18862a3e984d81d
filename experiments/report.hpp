#pragma once
// The report writer (DESIGN.md layer 9): a study produces a StudyResult — verdicts, tables,
// figures (Gnuplot scripts over CSV data), JSON records — and write_report turns a list of them
// into DIR/<study>/*.csv|*.gp|*.png|*.svg, DIR/index.html and DIR/summary.json.
// Every file is written to "<name>.tmp" and renamed, so a reader never sees a half-written file.
// Nothing written depends on the clock, except files whose name says so (work-precision timings).
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "experiments/json.hpp"

namespace verisim::experiments {

/// One checked claim: measured vs expected, pass or fail.
struct Verdict {
  std::string what;      ///< e.g. "rk4 on kepler: order"
  std::string expected;  ///< e.g. "4 ± 0.2"
  std::string measured;  ///< e.g. "3.998"
  bool pass = false;
};

struct Table {
  std::string caption;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<int> row_status;  ///< per row: 1 pass (green), 0 fail (red), -1 neutral; may be empty
};

/// One curve of a figure: columns of a CSV file of the same study.
struct Series {
  std::string csv;      ///< file name inside the study folder
  std::string using_;   ///< gnuplot `using` clause, e.g. "1:2"
  std::string title;    ///< legend
  std::string style = "linespoints";  ///< gnuplot `with`
  int index = -1;       ///< gnuplot `index` (data block), -1 for the whole file
};

struct Figure {
  std::string stem;     ///< file name without extension: <stem>.gp, .png, .svg
  std::string title;
  std::string xlabel, ylabel;  ///< with units
  bool logx = false, logy = false;
  std::vector<Series> series;
  std::string extra;    ///< extra gnuplot commands (key placement, ranges)
  std::string caption;  ///< shown under the plot in the HTML
};

struct DataFile {
  std::string name;     ///< file name inside the study folder
  std::string content;
};

/// What a study hands to the report.
struct StudyResult {
  std::string name;   ///< folder and anchor: "order", "drift", …
  std::string title;  ///< section heading
  std::string html_intro;  ///< what the plots show, which theory (cited), how to read them (HTML)
  std::vector<Verdict> verdicts;
  std::vector<Table> tables;
  std::vector<Figure> figures;
  std::vector<DataFile> files;
  std::vector<std::pair<std::string, Json>> records;  ///< summary.json: group → record
  std::string html_notes;  ///< text after the tables (HTML)
};

struct ReportOptions {
  bool plots = true;  ///< run gnuplot (when it is installed)
};

/// True when `gnuplot` can be run.
bool gnuplot_available();

/// Write every study into `dir`; returns true when the plots were drawn.
bool write_report(const std::filesystem::path& dir, const std::vector<StudyResult>& studies,
                  const ReportOptions& options = {});

/// Write `content` to `path` through "<path>.tmp" and a rename.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

/// HTML-escape text.
std::string html_escape(const std::string& s);

/// A number for CSV files: 10 significant digits, "nan" for NaN and infinities (gnuplot's missing value).
std::string csv_number(double x);

/// Numbers for tables: 4 significant digits, or "—" for NaN.
std::string fmt_g(double x, int digits = 4);

}  // namespace verisim::experiments
