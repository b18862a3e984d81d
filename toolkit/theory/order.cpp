// The derived order (order.hpp): Butcher's order conditions on the rooted trees, the composition's words in the
// free associative algebra, Newmark's theorem.
#include "toolkit/theory/order.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "toolkit/theory/rooted_trees.hpp"
#include "toolkit/theory/table.hpp"

namespace verisim::theory {

namespace {

constexpr int kTreeCap = 8;
constexpr int kWordCap = 9;
constexpr std::size_t kFailingShown = 6;

/// Collects the conditions order by order: the derived order is the last order all of whose conditions held.
struct Tally {
  DerivedOrder d;
  int current = 0;      // the order being filled
  bool failed = false;  // a condition of `current` failed
  bool done = false;    // stop: the order is known
  double worst_at_current = 0;

  /// Feed the conditions in increasing order; returns false once the order is decided.
  bool add(int order, const std::string& name, double residual, double scale, bool ok) {
    if (done) return false;
    if (order != current) {
      if (failed) {
        done = true;
        return false;
      }
      d.order = current;
      d.worst_satisfied = std::max(d.worst_satisfied, worst_at_current);
      current = order;
      worst_at_current = 0;
    }
    ++d.conditions_checked;
    if (ok) {
      worst_at_current = std::max(worst_at_current, std::abs(residual));
    } else {
      failed = true;
      ++d.failing_count;
      if (d.failing.size() < kFailingShown) d.failing.push_back({name, order, residual, scale});
    }
    return true;
  }
  DerivedOrder finish() {
    if (!done && !failed) {
      d.order = current;
      d.worst_satisfied = std::max(d.worst_satisfied, worst_at_current);
    }
    if (!done && failed && d.order < 0) d.order = 0;
    return d;
  }
};

template <class T>
DerivedOrder rk_order(const Table<T>& t, Weights weights, Arithmetic arithmetic) {
  const auto& trees = rooted_trees();
  const auto n = static_cast<std::size_t>(t.s);
  const std::vector<T>& w = weights == Weights::b ? t.b : t.bhat;
  // u(t)ᵢ = Φᵢ(t): u(τ) = 𝟙, u([t₁…tₘ])ᵢ = Πₖ (A u(tₖ))ᵢ; the same with |A| for the scale of each condition
  std::vector<std::vector<T>> Au(trees.size()), Au_abs(trees.size());
  Tally tally;
  tally.d.cap = kTreeCap;
  tally.d.basis = "rooted trees";
  tally.d.arithmetic = arithmetic;
  tally.d.order = 0;
  for (std::size_t k = 0; k < trees.size(); ++k) {
    std::vector<T> u(n, T(1)), ua(n, T(1));
    for (const int ch : trees[k].children)
      for (std::size_t i = 0; i < n; ++i) {
        u[i] *= Au[static_cast<std::size_t>(ch)][i];
        ua[i] *= Au_abs[static_cast<std::size_t>(ch)][i];
      }
    Au[k].assign(n, T(0));
    Au_abs[k].assign(n, T(0));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        Au[k][i] += t.a[i][j] * u[j];
        Au_abs[k][i] += abs_of(t.a[i][j]) * ua[j];
      }
    T phi = 0, scale = 0;
    for (std::size_t i = 0; i < n; ++i) {
      phi += w[i] * u[i];
      scale += abs_of(w[i]) * ua[i];
    }
    const T residual = phi - T(1) / T(trees[k].gamma);
    scale += T(1) / T(trees[k].gamma);
    if (!tally.add(trees[k].order, trees[k].name, to_double(residual), to_double(scale), holds(residual, scale, arithmetic)))
      break;
  }
  DerivedOrder d = tally.finish();
  // c = A·1, declared or not
  d.c_declared = t.c_declared;
  if (t.c_declared) {
    for (std::size_t i = 0; i < n; ++i) {
      T sum = -t.c[i], sc = abs_of(t.c[i]);
      for (std::size_t j = 0; j < n; ++j) {
        sum += t.a[i][j];
        sc += abs_of(t.a[i][j]);
      }
      d.row_sum_defect = std::max(d.row_sum_defect, std::abs(to_double(sum)));
      if (!holds(sum, sc, arithmetic)) d.row_sums_ok = false;
    }
  }
  if (!d.row_sums_ok)
    d.note = fmt::format("c ≠ A·1 (largest |Σⱼ aᵢⱼ − cᵢ| = {:.3g}): the order above is that of autonomous problems",
                         d.row_sum_defect);
  return d;
}

// --- words: the free associative algebra on {A (drift), B (kick)}, truncated at length 9 -------------------
// A word of length n is an n-bit number, bit 1 = B, read from the most significant bit (the first letter).

std::string word_name(unsigned w, int n) {
  std::string s;
  for (int k = n - 1; k >= 0; --k) s += ((w >> k) & 1u) ? 'B' : 'A';
  return s;
}

using Series = std::vector<std::vector<Float50>>;  // [length][word]

Series unit_series() {
  Series s(kWordCap + 1);
  for (int n = 0; n <= kWordCap; ++n) s[static_cast<std::size_t>(n)].assign(std::size_t(1) << n, Float50(0));
  s[0][0] = 1;
  return s;
}

/// s ← s·exp(cX), X = B (letter 1) or A (letter 0): every word gains X^k with weight c^k/k!.
void times_exp(Series& s, const Float50& c, bool letter_b) {
  Series out = unit_series();
  out[0][0] = 0;
  std::vector<Float50> ck(kWordCap + 1);
  ck[0] = 1;
  for (int k = 1; k <= kWordCap; ++k) ck[static_cast<std::size_t>(k)] = ck[static_cast<std::size_t>(k - 1)] * c / k;
  for (int n = 0; n <= kWordCap; ++n)
    for (unsigned w = 0; w < (1u << n); ++w) {
      const Float50& x = s[static_cast<std::size_t>(n)][w];
      if (x == 0) continue;
      for (int k = 0; n + k <= kWordCap; ++k) {
        const unsigned tail = letter_b ? (1u << k) - 1u : 0u;
        out[static_cast<std::size_t>(n + k)][(w << k) | tail] += x * ck[static_cast<std::size_t>(k)];
      }
    }
  s = std::move(out);
}

}  // namespace

DerivedOrder derived_order(const tableaus::RkText& table, Weights weights) {
  const ReadTable r = read_table(table);
  const bool has_bhat = r.arithmetic == Arithmetic::exact ? r.rational.has_bhat : r.f50.has_bhat;
  if (weights == Weights::bhat && !has_bhat)
    throw std::invalid_argument("table '" + std::string(table.name) + "' has no embedded weights bhat");
  return with_table(r, [&](const auto& t) { return rk_order(t, weights, r.arithmetic); });
}

DerivedOrder derived_order_splitting(std::span<const double> drift, std::span<const double> kick) {
  if (drift.size() != kick.size() || drift.empty())
    throw std::invalid_argument("splitting coefficients: drift and kick must have the same, nonzero length");
  Series s = unit_series(), s_abs = unit_series();
  for (std::size_t i = 0; i < drift.size(); ++i) {  // stage i: kick bᵢ, then drift aᵢ (splitting.hpp)
    if (kick[i] != 0.0) {
      times_exp(s, Float50(kick[i]), true);
      times_exp(s_abs, Float50(std::abs(kick[i])), true);
    }
    if (drift[i] != 0.0) {
      times_exp(s, Float50(drift[i]), false);
      times_exp(s_abs, Float50(std::abs(drift[i])), false);
    }
  }
  Tally tally;
  tally.d.cap = kWordCap;
  tally.d.basis = "words";
  tally.d.arithmetic = Arithmetic::doubles50;
  tally.d.order = 0;
  Float50 inv_factorial = 1;
  for (int n = 1; n <= kWordCap; ++n) {
    inv_factorial /= n;
    bool go = true;
    for (unsigned w = 0; go && w < (1u << n); ++w) {
      const Float50 res = s[static_cast<std::size_t>(n)][w] - inv_factorial;
      const Float50 scale = s_abs[static_cast<std::size_t>(n)][w] + inv_factorial;
      go = tally.add(n, word_name(w, n), to_double(res), to_double(scale), holds(res, scale, Arithmetic::doubles50));
    }
    if (!go) break;
  }
  DerivedOrder d = tally.finish();
  d.note = "the order for any two vector fields (words of A = drift, B = kick); the RKN order (T quadratic in p) "
           "may be higher";
  return d;
}

DerivedOrder derived_order_newmark(double beta, double gamma) {
  DerivedOrder d;
  d.basis = "Newmark's theorem";
  d.arithmetic = Arithmetic::doubles50;
  d.cap = 2;
  d.conditions_checked = 1;
  // Hughes (1987) §9.1: the local truncation error is O(Δt³) (second order) iff γ = ½, else O(Δt²).
  const double residual = gamma - 0.5;
  const bool second = std::abs(residual) <= relative_tolerance(Arithmetic::doubles50) * 1.5;
  d.order = second ? 2 : 1;
  if (!second) {
    d.failing.push_back({"γ = ½", 2, residual, 0.5});
    d.failing_count = 1;
  } else {
    d.worst_satisfied = std::abs(residual);
  }
  d.note = fmt::format("β = {:g}, γ = {:g}: order 2 iff γ = ½, never above 2 (Hughes §9.1); β sets stability and the "
                       "error constant only", beta, gamma);
  return d;
}

DerivedOrder derived_order(const integrators::Coefficients& c) {
  using K = integrators::Coefficients::Kind;
  switch (c.kind) {
    case K::runge_kutta: return derived_order(*c.rk, Weights::b);
    case K::splitting: return derived_order_splitting(c.drift, c.kick);
    case K::newmark: return derived_order_newmark(c.beta, c.gamma);
    case K::none: break;
  }
  DerivedOrder d;
  d.basis = "none";
  d.note = "no coefficient table (the method is not a Runge–Kutta, splitting or Newmark table)";
  return d;
}

std::string order_text(const DerivedOrder& d) {
  if (d.order < 0) return "—";
  // at the cap of the trees or words: every condition checked holds, the true order may be higher
  if (d.order >= d.cap && d.failing_count == 0 && d.basis != "Newmark's theorem") return "≥ " + std::to_string(d.cap);
  return std::to_string(d.order);
}

}  // namespace verisim::theory
