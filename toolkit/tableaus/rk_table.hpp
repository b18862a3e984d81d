#pragma once
// A Runge-Kutta method as its paper writes it: the Butcher table (c, A, b) and, for an embedded pair,
// the second weights b̂ (Butcher, Numerical Methods for ODEs, 3rd ed. (2016), §23 and §33), each entry
// the coefficient's text (coefficient.hpp). RkText is the one source of a table: compile() turns it into
// the doubles an integrator runs (at compile time for the library), and toolkit/theory reads the same
// text exactly (rational) or in 50 digits.
//   stage i:  Yᵢ = y + h Σⱼ aᵢⱼ Kⱼ,  Kᵢ = f(t + cᵢh, Yᵢ);   y⁺ = y + h Σ bᵢ Kᵢ   (ŷ⁺ with b̂: the embedded estimate)
// A is explicit when aᵢⱼ = 0 for j ≥ i. Entries left out are 0.
#include <array>
#include <cstddef>
#include <string_view>

#include "toolkit/tableaus/coefficient.hpp"

namespace verisim::tableaus {

/// The most stages a table may have (Fehlberg 7(8) has 13; Verner's 8(9) 16).
inline constexpr std::size_t kMaxStages = 16;

template <class T>
using StageVector = std::array<T, kMaxStages>;
template <class T>
using StageMatrix = std::array<std::array<T, kMaxStages>, kMaxStages>;

/// A table's text and what its paper says of it.
struct RkText {
  std::string_view name;    ///< the registry name, e.g. "dopri5"
  std::string_view title;   ///< e.g. "Dormand–Prince 5(4)"
  std::string_view source;  ///< the paper (and where the coefficients were checked)
  int stages = 0;
  int order = 0;           ///< the order the paper declares for b
  int embedded_order = 0;  ///< the order of b̂; 0: no embedded weights
  // const char* (nullptr: an entry left out, 0), not string_view: GCC 12 refuses to read, in a constant
  // expression, a string_view that aggregate initialization left out ("modification of … is not a
  // constant expression"), so the library's tables would not compile at compile time.
  StageVector<const char*> c;
  StageMatrix<const char*> a;
  StageVector<const char*> b;
  StageVector<const char*> bhat;
};

/// The doubles of a table (the integrators' form).
struct RkTable {
  int stages = 0;
  int order = 0;
  int embedded_order = 0;
  bool is_explicit = true;  ///< aᵢⱼ = 0 for every j ≥ i
  StageVector<double> c{};
  StageMatrix<double> a{};
  StageVector<double> b{};
  StageVector<double> bhat{};
};

/// Where a table's text is malformed: the entry ("a[2][1]", 0-based as written in the table) and the
/// coefficient's own error; ok when every entry reads.
struct TableError {
  bool ok = true;
  std::string_view entry_kind = "";  ///< "c", "a", "b", "bhat", "stages"
  int row = -1, col = -1;            ///< the entry (col: for a only)
  std::size_t column = 0;            ///< in the coefficient's text
  std::string_view message = "";
};

/// An entry's text ("" when left out).
constexpr std::string_view entry(const char* s) { return s ? std::string_view(s) : std::string_view(); }

/// The doubles of `text`, or the first malformed entry (err).
constexpr RkTable compile(const RkText& text, TableError* err = nullptr) {
  RkTable t{};
  auto bad = [&](std::string_view kind, int r, int col, std::size_t column, std::string_view msg) {
    if (err && err->ok) *err = TableError{false, kind, r, col, column, msg};
  };
  if (text.stages < 1 || text.stages > static_cast<int>(kMaxStages)) {
    bad("stages", -1, -1, 0, "between 1 and 16 stages");
    return t;
  }
  t.stages = text.stages;
  t.order = text.order;
  t.embedded_order = text.embedded_order;
  const auto n = static_cast<std::size_t>(text.stages);
  auto read = [&](const char* s, std::string_view kind, int r, int col) {
    const auto e = evaluate_double(entry(s));
    if (!e.ok) bad(kind, r, col, e.column, e.message);
    return e.ok ? e.value : 0.0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    t.c[i] = read(text.c[i], "c", static_cast<int>(i), -1);
    t.b[i] = read(text.b[i], "b", static_cast<int>(i), -1);
    t.bhat[i] = read(text.bhat[i], "bhat", static_cast<int>(i), -1);
    for (std::size_t j = 0; j < n; ++j) {
      t.a[i][j] = read(text.a[i][j], "a", static_cast<int>(i), static_cast<int>(j));
      if (j >= i && t.a[i][j] != 0.0) t.is_explicit = false;
    }
  }
  return t;
}

/// The largest |Σⱼ aᵢⱼ − cᵢ| (0 for the tables of the library: every method there has c = A·1).
constexpr double row_sum_defect(const RkTable& t) {
  double worst = 0.0;
  for (int i = 0; i < t.stages; ++i) {
    double s = -t.c[static_cast<std::size_t>(i)];
    for (int j = 0; j < t.stages; ++j) s += t.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    worst = s > worst ? s : (-s > worst ? -s : worst);
  }
  return worst;
}

}  // namespace verisim::tableaus
