#pragma once
// A Runge–Kutta table's text read in the theory's number types (toolkit/theory's .cpp files only): exactly when
// every entry is exact under RationalPolicy, else in 50 digits (numbers.hpp, arithmetic.hpp).
#include <stdexcept>
#include <string>
#include <vector>

#include "toolkit/tableaus/coefficient.hpp"
#include "toolkit/tableaus/rk_table.hpp"
#include "toolkit/theory/arithmetic.hpp"
#include "toolkit/theory/numbers.hpp"

namespace verisim::theory {

template <class T>
struct Table {
  int s = 0;
  std::vector<std::vector<T>> a;
  std::vector<T> b, bhat, c;
  bool c_declared = false, has_bhat = false;
};

namespace detail {
/// Reads every entry with policy P; false when one is inexact under P (decimals: set when a decimal literal
/// was met by a policy that does not hold them). Malformed entries: std::invalid_argument naming the entry.
template <class P>
bool read_with(const tableaus::RkText& t, Table<typename P::type>& out) {
  using T = typename P::type;
  if (t.stages < 1 || t.stages > static_cast<int>(tableaus::kMaxStages))
    throw std::invalid_argument("table '" + std::string(t.name) + "': stages = " + std::to_string(t.stages) +
                                ", expected 1 … 16");
  bool exact = true;
  const auto n = static_cast<std::size_t>(t.stages);
  auto read = [&](const char* s, const std::string& where) -> T {
    const std::string_view text = tableaus::entry(s);
    if (text.empty()) return T(0);
    const auto e = tableaus::evaluate<P>(text);
    if (!e.ok)
      throw std::invalid_argument("table '" + std::string(t.name) + "', " + where + " = \"" + std::string(text) +
                                  "\": column " + std::to_string(e.column) + ": expected " + std::string(e.message));
    exact = exact && e.exact;
    return e.value;
  };
  out.s = t.stages;
  out.a.assign(n, std::vector<T>(n, T(0)));
  out.b.assign(n, T(0));
  out.bhat.assign(n, T(0));
  out.c.assign(n, T(0));
  for (std::size_t i = 0; i < n; ++i) {
    const std::string si = std::to_string(i);
    out.c[i] = read(t.c[i], "c[" + si + "]");
    out.b[i] = read(t.b[i], "b[" + si + "]");
    out.bhat[i] = read(t.bhat[i], "bhat[" + si + "]");
    if (t.c[i]) out.c_declared = true;
    if (t.bhat[i]) out.has_bhat = true;
    for (std::size_t j = 0; j < n; ++j) out.a[i][j] = read(t.a[i][j], "a[" + si + "][" + std::to_string(j) + "]");
  }
  return exact;
}
}  // namespace detail

/// The table in both forms: `rational` when every entry is exact (arithmetic exact), else `f50` only.
struct ReadTable {
  Arithmetic arithmetic = Arithmetic::exact;
  Table<Rational> rational;
  Table<Float50> f50;
};

inline ReadTable read_table(const tableaus::RkText& t) {
  ReadTable r;
  if (detail::read_with<RationalPolicy>(t, r.rational)) {
    r.arithmetic = Arithmetic::exact;
    return r;
  }
  const bool no_decimals = detail::read_with<Float50Policy>(t, r.f50);
  r.arithmetic = no_decimals ? Arithmetic::roots50 : Arithmetic::decimal50;
  return r;
}

/// Does a condition hold? exact: residual 0; otherwise |residual| ≤ tol·(1 + scale) (arithmetic.hpp).
template <class T>
bool holds(const T& residual, const T& scale, Arithmetic a) {
  if (a == Arithmetic::exact) return residual == 0;
  return abs_of(residual) <= T(relative_tolerance(a)) * (T(1) + scale);
}

/// Runs f(table) on the table in its arithmetic's number type.
template <class F>
auto with_table(const ReadTable& r, F&& f) {
  return r.arithmetic == Arithmetic::exact ? f(r.rational) : f(r.f50);
}

}  // namespace verisim::theory
