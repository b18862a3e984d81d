#pragma once
// The one container of a run's samples (docs/architecture.md "Trajectories"): a table of doubles,
// row-major, under named columns, the first "t". A scene's trajectory and energy
// (toolkit/scene/simulate.hpp), a reference run (reference/trajectory.hpp: t, q0 …, v0 …, read back
// typed), and the trajectories `verisim compare` reads (a `verisim run` CSV, a LAMMPS dump) are all one.
// The names are indexed once (set_header): a scene of 10⁵ particles has 10⁶ columns, and the page, the
// plots and compare look up every one (a linear search made that quadratic). Rows are appended by
// push_row, which allocates nothing once reserve() has made room: an observer can record inside the
// step loop. SampleRecorder is the one recorder that does (a scene's run: scene/recorder.hpp; a
// reference run: reference/trajectory.hpp): at the steps its Cadence names, a row of t and what its
// Fill writes.
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "toolkit/core/checkpoint.hpp"

namespace verisim::core {

class Samples {
 public:
  Samples() = default;
  explicit Samples(std::vector<std::string> names) { set_header(std::move(names)); }

  /// The column names, the first "t", all distinct (std::invalid_argument naming the fault); clears the rows.
  void set_header(std::vector<std::string> names) {
    if (names.empty() || names.front() != "t")
      throw std::invalid_argument(names.empty() ? "no column" : "the first column is '" + names.front() + "', not 't'");
    std::unordered_map<std::string, std::size_t> index;
    index.reserve(names.size());
    Pacer pacer;  // 10⁶ objects give 7·10⁶ columns: a stop signal is seen every ~0.1 s (checkpoint.hpp)
    for (std::size_t i = 0; i < names.size(); ++i) {
      pacer.checkpoint();
      if (!index.emplace(names[i], i).second) throw std::invalid_argument("column '" + names[i] + "' named twice");
    }
    header_ = std::move(names);
    index_ = std::move(index);
    values_.clear();
  }
  const std::vector<std::string>& header() const { return header_; }
  std::size_t columns() const { return header_.size(); }
  std::size_t rows() const { return header_.empty() ? 0 : values_.size() / header_.size(); }

  /// The column called `name`, if there is one (O(1)).
  std::optional<std::size_t> find(const std::string& name) const {
    const auto it = index_.find(name);
    return it == index_.end() ? std::nullopt : std::optional<std::size_t>(it->second);
  }
  /// The column called `name`; std::out_of_range otherwise.
  std::size_t column(const std::string& name) const {
    if (const auto k = find(name)) return *k;
    throw std::out_of_range("no column '" + name + "'");
  }

  /// Room for `rows` rows: push_row allocates nothing until they are used.
  void reserve(std::size_t rows) { values_.reserve(rows * header_.size()); }
  /// A new row of zeros, for the caller to fill.
  std::span<double> push_row() {
    values_.resize(values_.size() + header_.size());
    return {values_.data() + values_.size() - header_.size(), header_.size()};
  }
  /// A new row: `row` holds one value per column.
  void push_row(std::span<const double> row) {
    if (row.size() != header_.size())
      throw std::invalid_argument("a row of " + std::to_string(row.size()) + " values for " + std::to_string(header_.size()) +
                                  " columns");
    values_.insert(values_.end(), row.begin(), row.end());
  }

  double at(std::size_t row, std::size_t col) const { return values_[row * header_.size() + col]; }
  double t(std::size_t row) const { return values_[row * header_.size()]; }
  std::span<const double> row(std::size_t r) const { return {values_.data() + r * header_.size(), header_.size()}; }
  /// The values of one column, top to bottom.
  std::vector<double> column_values(std::size_t col) const {
    std::vector<double> out(rows());
    for (std::size_t r = 0; r < out.size(); ++r) out[r] = at(r, col);
    return out;
  }

 private:
  std::vector<std::string> header_;
  std::unordered_map<std::string, std::size_t> index_;  ///< name → column, built with header_
  std::vector<double> values_;                          ///< row-major
};

/// When a run records: at every `every`-th step, and at step `last` when one is named (a scene's run
/// records its end whatever its sample_every; a reference run every `every`-th step only).
struct Cadence {
  static constexpr std::size_t kNoLast = std::numeric_limits<std::size_t>::max();
  std::size_t every = 1;
  std::size_t last = kNoLast;
  bool operator()(std::size_t k) const { return k % every == 0 || k == last; }
  /// The rows a run of `steps` steps records at most: what to reserve before the loop.
  std::size_t rows(std::size_t steps) const { return steps / every + 2; }
};

/// The one recorder: an observer of integrators::integrate_n_steps (state, t, k) that, at the steps
/// `when` names, appends a row to `table`: t, then what `fill(state, t, rest)` writes into the rest of
/// the row (exactly columns() − 1 values). With the table reserved (Cadence::rows) it allocates nothing.
template <class Fill>
struct SampleRecorder {
  Samples* table;
  Cadence when;
  Fill fill;

  /// Records step k if the cadence names it; says whether it did.
  template <class State>
  bool record(const State& x, double t, std::size_t k) {
    if (!when(k)) return false;
    const std::span<double> row = table->push_row();
    row[0] = t;
    fill(x, t, row.subspan(1));
    return true;
  }
  template <class State>
  void operator()(const State& x, double t, std::size_t k) {
    record(x, t, k);
  }
};

}  // namespace verisim::core
