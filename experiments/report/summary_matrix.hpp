#pragma once
// The summary matrix at the top of the report (issue 15): one row per integrator (ours, then
// Boost.Odeint's steppers), one column per property — declared order, measured order per problem,
// energy behaviour per problem, symplecticity defect, stability limit ω·Δt against theory, f
// evaluations per step, cost from the work-precision study. It is read off the rows the studies'
// sections already returned (their summary.json records and verdicts: report.hpp), by group and
// key, so it re-runs nothing and cannot disagree with the tables it links to. Each cell keeps the
// verdict of the row(s) it summarises (pass / fail / none), the table it links to, and the value
// summary.json holds; write_report renders it as the page's first table and as summary.json's
// "matrix" member.
#include <string>
#include <vector>

#include "experiments/io/json.hpp"
#include "experiments/report/report.hpp"

namespace verisim::experiments {

struct MatrixCell {
  std::string text = "—";  ///< what the cell shows
  Json value;              ///< the same figure for summary.json (null: none)
  int status = -1;         ///< 1 every verdict it summarises passed, 0 one failed, -1 no verdict
  std::string href;        ///< the anchor of the detailed table or figure ("" none)
  std::string note;        ///< the claims behind the cell (a tooltip)
};

struct MatrixColumn {
  std::string key;     ///< summary.json member of a row's "cells", e.g. "order_kepler"
  std::string group;   ///< the heading over several columns, e.g. "measured order"
  std::string header;  ///< the column's own heading, e.g. "kepler"
};

struct MatrixRow {
  std::string method;  ///< registry name or "odeint <stepper>"
  bool odeint = false;
  std::vector<MatrixCell> cells;  ///< one per column
};

struct SummaryMatrix {
  /// The cost column: the fewest f evaluations of a run whose error is at most this, on this problem.
  double cost_error = 1e-4;
  std::string cost_problem;
  std::vector<MatrixColumn> columns;
  std::vector<MatrixRow> rows;

  bool empty() const { return rows.empty(); }
  int verdicts() const;  ///< cells with a verdict (pass or fail)
  int failed() const;    ///< cells whose verdict is fail
  Json json() const;
  std::string html() const;
};

/// The matrix of `studies` (any selection: columns whose study did not run are left out).
SummaryMatrix summary_matrix(const std::vector<StudyResult>& studies);

}  // namespace verisim::experiments
