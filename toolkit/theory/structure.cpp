// Symplecticity and symmetry conditions (structure.hpp).
#include "toolkit/theory/structure.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "toolkit/theory/table.hpp"

namespace verisim::theory {

std::string_view verdict_text(Verdict v) {
  switch (v) {
    case Verdict::yes: return "yes";
    case Verdict::no: return "no";
    case Verdict::not_applicable: return "—";
  }
  return "";
}

namespace {

template <class T>
SymplecticCondition rk_symplectic(const Table<T>& t, Arithmetic arithmetic) {
  SymplecticCondition out;
  out.arithmetic = arithmetic;
  out.holds = Verdict::yes;
  const auto n = static_cast<std::size_t>(t.s);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      // Mᵢⱼ = bᵢaᵢⱼ + bⱼaⱼᵢ − bᵢbⱼ (GNI Thm VI.4.3)
      const T m = t.b[i] * t.a[i][j] + t.b[j] * t.a[j][i] - t.b[i] * t.b[j];
      const T scale = abs_of(t.b[i] * t.a[i][j]) + abs_of(t.b[j] * t.a[j][i]) + abs_of(t.b[i] * t.b[j]);
      out.max_residual = std::max(out.max_residual, std::abs(to_double(m)));
      if (!holds(m, scale, arithmetic)) out.holds = Verdict::no;
    }
  out.how = fmt::format("max |bᵢaᵢⱼ + bⱼaⱼᵢ − bᵢbⱼ| = {:.3g} ({})", out.max_residual, arithmetic_text(arithmetic));
  return out;
}

template <class T>
Symmetry rk_symmetric(const Table<T>& t, Arithmetic arithmetic) {
  Symmetry out;
  out.holds = Verdict::yes;
  const auto n = static_cast<std::size_t>(t.s);
  auto check = [&](const T& r, const T& scale) {
    out.max_residual = std::max(out.max_residual, std::abs(to_double(r)));
    if (!holds(r, scale, arithmetic)) out.holds = Verdict::no;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t ri = n - 1 - i;
    check(t.b[ri] - t.b[i], abs_of(t.b[ri]) + abs_of(t.b[i]));  // b_{s+1−i} = bᵢ
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t rj = n - 1 - j;
      // a_{s+1−i,s+1−j} + aᵢⱼ = bⱼ (GNI Thm V.2.3)
      check(t.a[ri][rj] + t.a[i][j] - t.b[j], abs_of(t.a[ri][rj]) + abs_of(t.a[i][j]) + abs_of(t.b[j]));
    }
  }
  out.how = fmt::format("GNI Thm V.2.3 with the stages reversed: max residual {:.3g} ({})", out.max_residual,
                        arithmetic_text(arithmetic));
  return out;
}

template <class T>
int rk_stage_order(const Table<T>& t, Arithmetic arithmetic) {
  const auto n = static_cast<std::size_t>(t.s);
  std::vector<T> c = t.c;  // a table without c: the row sums (C(1) then holds by construction)
  if (!t.c_declared)
    for (std::size_t i = 0; i < n; ++i) {
      c[i] = T(0);
      for (std::size_t j = 0; j < n; ++j) c[i] += t.a[i][j];
    }
  for (int l = 1; l <= t.s; ++l) {
    for (std::size_t i = 0; i < n; ++i) {
      // C(l): Σⱼ aᵢⱼ cⱼ^(l−1) = cᵢ^l / l (HW II §IV.5, eq. (5.3))
      T sum(0), scale(0), ci_l(1);
      for (int k = 0; k < l; ++k) ci_l *= c[i];
      for (std::size_t j = 0; j < n; ++j) {
        T cj(1);
        for (int k = 1; k < l; ++k) cj *= c[j];
        sum += t.a[i][j] * cj;
        scale += abs_of(t.a[i][j] * cj);
      }
      if (!holds(T(sum - ci_l / T(l)), T(scale + abs_of(ci_l)), arithmetic)) return l - 1;
    }
  }
  return t.s;
}

}  // namespace

int stage_order(const tableaus::RkText& table) {
  const ReadTable r = read_table(table);
  return with_table(r, [&](const auto& t) { return rk_stage_order(t, r.arithmetic); });
}

SymplecticCondition symplectic_condition(const tableaus::RkText& table) {
  const ReadTable r = read_table(table);
  return with_table(r, [&](const auto& t) { return rk_symplectic(t, r.arithmetic); });
}

Symmetry symmetric(const tableaus::RkText& table) {
  const ReadTable r = read_table(table);
  return with_table(r, [&](const auto& t) { return rk_symmetric(t, r.arithmetic); });
}

Symmetry symmetric_splitting(std::span<const double> drift, std::span<const double> kick) {
  // the merged sequence of flows: kick bᵢ, drift aᵢ per stage; zeros dropped, neighbours of one kind summed
  struct Flow {
    bool kick;
    double c;
  };
  std::vector<Flow> flows;
  auto push = [&](bool is_kick, double c) {
    if (c == 0.0) return;
    if (!flows.empty() && flows.back().kick == is_kick) {
      flows.back().c += c;
      if (flows.back().c == 0.0) flows.pop_back();
    } else {
      flows.push_back({is_kick, c});
    }
  };
  for (std::size_t i = 0; i < drift.size() && i < kick.size(); ++i) {
    push(true, kick[i]);
    push(false, drift[i]);
  }
  Symmetry out;
  out.holds = Verdict::yes;
  const std::size_t m = flows.size();
  const double tol = relative_tolerance(Arithmetic::doubles50);
  for (std::size_t k = 0; k < m; ++k) {
    const Flow& x = flows[k];
    const Flow& y = flows[m - 1 - k];
    if (x.kick != y.kick) {
      out.holds = Verdict::no;
      out.max_residual = std::max(out.max_residual, std::abs(x.c) + std::abs(y.c));
      continue;
    }
    const double r = std::abs(x.c - y.c);
    out.max_residual = std::max(out.max_residual, r);
    if (r > tol * (1.0 + std::abs(x.c) + std::abs(y.c))) out.holds = Verdict::no;
  }
  std::string seq;
  for (const auto& f : flows) seq += fmt::format("{}{}({:.6g})", seq.empty() ? "" : " ", f.kick ? "B" : "A", f.c);
  out.how = fmt::format("merged flows {} {} a palindrome (GNI §V.3)", seq, out.holds == Verdict::yes ? "are" : "are not");
  return out;
}

SymplecticCondition symplectic_condition(const integrators::Coefficients& c) {
  using K = integrators::Coefficients::Kind;
  switch (c.kind) {
    case K::runge_kutta: return symplectic_condition(*c.rk);
    case K::splitting: {
      SymplecticCondition s;
      s.holds = Verdict::yes;
      s.arithmetic = Arithmetic::doubles50;
      s.how = "by construction: a composition of the exact flows of T(p) and V(q), each symplectic (GNI §VI.3)";
      return s;
    }
    case K::newmark: {
      SymplecticCondition s;
      s.how = "no condition in the canonical form; γ = ½ conserves a nearby non-canonical form (Kane, Marsden, "
              "Ortiz & West 2000)";
      return s;
    }
    case K::none: break;
  }
  SymplecticCondition s;
  s.how = "no coefficient table";
  return s;
}

Symmetry symmetric(const integrators::Coefficients& c) {
  using K = integrators::Coefficients::Kind;
  switch (c.kind) {
    case K::runge_kutta: return symmetric(*c.rk);
    case K::splitting: return symmetric_splitting(c.drift, c.kick);
    case K::newmark: {
      Symmetry s;
      s.max_residual = std::abs(c.gamma - 0.5);
      s.holds = s.max_residual == 0.0 ? Verdict::yes : Verdict::no;
      s.how = "symmetric iff γ = ½ (the step formulas are invariant under h ↔ −h with the ends swapped)";
      return s;
    }
    case K::none: break;
  }
  Symmetry s;
  s.how = "no coefficient table";
  return s;
}

}  // namespace verisim::theory
