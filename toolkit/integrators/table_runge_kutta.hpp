#pragma once
// One Runge-Kutta stepper driven by a Butcher table (c, A, b) (toolkit/tableaus: the library's tables,
// or a user's), as Boost.Odeint's explicit_generic_rk is driven by its coefficient arrays. The table is
// held by pointer (it outlives the stepper: the library's are constexpr globals, a run-time Method owns
// its own); what a step needs beyond it — A², w, the nonzero entries — is computed once, when the
// stepper is made.
//
// First-order form y′ = f(t, y) (Butcher, Numerical Methods for ODEs, 3rd ed. (2016) §23):
//   Kᵢ = f(t + cᵢh, y + h Σⱼ aᵢⱼKⱼ),   y⁺ = y + h Σⱼ bⱼKⱼ
// Second-order form q̈ = f(t, q, q̇): the same method on y = (q, q̇), written in the stage accelerations
// Fᵢ only, since the stage velocities are explicit in them (Hairer, Nørsett & Wanner I (1993) §II.14,
// eq. (14.3): a Runge-Kutta method as a Nyström method):
//   Vᵢ = v + h Σⱼ aᵢⱼFⱼ,   Qᵢ = q + h Σⱼ aᵢⱼVⱼ = q + h rᵢ v + h² Σⱼ (A²)ᵢⱼFⱼ,   Fᵢ = f(t + cᵢh, Qᵢ, Vᵢ)
//   v⁺ = v + h Σⱼ bⱼFⱼ,   q⁺ = q + h Σᵢ bᵢVᵢ = q + h (Σ b) v + h² Σⱼ wⱼFⱼ,   wⱼ = Σᵢ bᵢaᵢⱼ
// with rᵢ = Σⱼ aᵢⱼ (= cᵢ for every table of the library; taken as the row sum, so the two forms are the
// same method for any table). A² and w are computed when the stepper is made, not per step.
//
// Explicit tables (aᵢⱼ = 0 for j ≥ i): the stages in order, each combination over the nonzero
// coefficients only (combine_stages: on states of 8 coefficients or more, several terms per pass over memory, and
// the second-order form's Vᵢ and Qᵢ in one pass, combine_stage_pair; the same sums in the same order). When the
// last row of A is b (Dormand–Prince, Bogacki–Shampine) the last stage's state IS y⁺, to the bit, and is taken
// as it. FSAL (that stage's slope is the next step's first) is not exploited at fixed steps (s evaluations per
// step); the error-controlled driver exploits it, and reuses f(t, y) across a rejected step, through
// first_slope() / carry_last_slope(), and steps from x into another state (step_from: no copy of x).
//
// Implicit tables: simplified Newton on the stage equations (Hairer & Wanner II (1996) §IV.8), with the
// Jacobian of f taken ONCE per step at (t, y) by forward differences, step δⱼ = √ε·max(1, |yⱼ|)
// (Dennis & Schnabel (1983) §5.4; as newmark.hpp), and the Newton matrix factorised once per step:
//   first order:   G(K)ᵢ = Kᵢ − f(t + cᵢh, y + h Σⱼ aᵢⱼKⱼ),   M = I − h A ⊗ J           (n extra evaluations)
//   second order:  G(F)ᵢ = Fᵢ − f(t + cᵢh, Qᵢ(F), Vᵢ(F)),      M = I − h² A² ⊗ J_q − h A ⊗ J_v
//                  (n evaluations for J_q = ∂f/∂q, n more for J_v = ∂f/∂v unless the system declares
//                  velocity_independent)
//   M ΔK = −G(K),  K ← K + ΔK,  from Kᵢ⁽⁰⁾ = f(t, y).
// The unknowns are the stage slopes K; Hairer & Wanner iterate on the increments Z = h(A ⊗ I)K. Newton's
// method (simplified or not) is invariant under that linear change of variables when A is invertible
// (every implicit table of the library), so the iterates are theirs, and y⁺ = y + h Σ bⱼKⱼ with the
// converged K is their y⁺ = y + Σ dⱼZⱼ, dᵀ = bᵀA⁻¹ (eq. (8.2b)): no stiff f re-evaluated at the end.
// Stopping rule (TableRkParameters), on the step's increment h·‖ΔK‖∞ relative to the scale
// s = ‖y‖∞ + h‖K‖∞ (second order: ‖v‖∞ + h‖F‖∞, the velocity update against the velocity, as
// implicit_runge_kutta.hpp):
//  - converged when h‖ΔK‖∞ ≤ tolerance·s (1e-15 by default, ≈ 4.5 ε);
//  - or, from the second iteration, when the contraction θ = ‖ΔKₖ‖/‖ΔKₖ₋₁‖ < 1 and the remaining error
//    of the linearly converging iteration, θ/(1 − θ)·h‖ΔK‖∞, is at most tolerance·s (Hairer & Wanner II
//    §IV.8, eq. (8.10)–(8.12), with their κ·Tol replaced by the round-off target);
//  - or when the correction has not reached a new minimum for kStalled iterations while at most 1e-12
//    of s: round-off reached (as implicit_runge_kutta.hpp);
//  - after max_iterations (100), or at a non-finite correction: core::NonConvergence naming the method,
//    t, Δt, the last relative correction and the cap. Never an endless loop.
// The Newton matrix is dense, (s·n)²: the system's dimension n (of y, or of q for a second-order system)
// is at most kMaxNewtonDimension = 64, a larger one is refused with std::invalid_argument naming the
// method and n.
//
// No allocation in a step after the first: the stage vectors, the Jacobians, the Newton matrix and its
// LU factors (Eigen dynamic matrices) are sized on the first step and reused.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include <Eigen/Core>
#include <Eigen/LU>
#include <fmt/format.h>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::integrators {

/// The implicit tables' Newton stopping rule (the top of this file).
struct TableRkParameters {
  double tolerance = 1e-15;  ///< relative: h‖ΔK‖∞ ≤ tolerance·(‖y‖∞ + h‖K‖∞)
  int max_iterations = 100;  ///< the cap
};

/// The largest system dimension the implicit tables' dense Newton solver takes (the top of this file).
inline constexpr long kMaxNewtonDimension = 64;

/// The indices j < s of a row's nonzero entries, in order (the terms a stage combination sums).
struct StageTerms {
  std::array<std::uint8_t, tableaus::kMaxStages> j{};
  std::size_t n = 0;
};

inline StageTerms nonzero_terms(const tableaus::StageVector<double>& row, std::size_t s) {
  StageTerms t;
  for (std::size_t j = 0; j < s; ++j)
    if (row[j] != 0.0) t.j[t.n++] = static_cast<std::uint8_t>(j);
  return t;
}

/// Whether combine_stages sums several terms per pass for vectors of type V: dynamic sizes and fixed sizes of
/// kFuseFrom coefficients or more. Below that, a pass costs less than choosing its arity, and the one-term passes
/// are inlined into the step (measured on the error-controlled rows, docs/bench.md).
inline constexpr Eigen::Index kFuseFrom = 8;
inline constexpr std::size_t kStageTermsPerPass = 6;  ///< items (x0, extra, terms) per pass; a pair's terms per pass
template <class V>
constexpr bool fuses_stage_terms() {
  return V::SizeAtCompileTime == Eigen::Dynamic || V::SizeAtCompileTime >= kFuseFrom;
}

namespace detail {
/// The term (h·coef[j])·K[j] of the m-th nonzero entry.
template <class V, std::size_t S>
core::Scaled<V> stage_term(const StageTerms& terms, const tableaus::StageVector<double>& coef, double h,
                           const std::array<V, S>& K, std::size_t m) {
  return core::scaled(h * coef[terms.j[m]], K[terms.j[m]]);
}

/// combine_stages one term per pass.
template <class V, std::size_t S>
[[gnu::always_inline]] inline void combine_one_by_one(V& out, const V* x0, const core::Scaled<V>* extra,
                                                       const StageTerms& terms, const tableaus::StageVector<double>& coef,
                                                       double h, const std::array<V, S>& K) {
  std::size_t m = 0;
  if (x0 && extra) {
    core::scale_sum(out, *x0, *extra);
  } else if (x0) {
    if (terms.n == 0) {
      if (&out != x0) out = *x0;
      return;
    }
    core::scale_sum(out, *x0, stage_term(terms, coef, h, K, 0));
    m = 1;
  } else if (extra) {
    core::scale_sum(out, *extra);
  } else if (terms.n == 0) {
    out.setZero();
    return;
  } else {
    core::scale_sum(out, stage_term(terms, coef, h, K, 0));
    m = 1;
  }
  for (; m < terms.n; ++m) core::scale_sum(out, out, stage_term(terms, coef, h, K, m));
}

/// combine_stages with up to kStageTermsPerPass items per pass.
template <class V, std::size_t S>
void combine_fused(V& out, const V* x0, const core::Scaled<V>* extra, const StageTerms& terms,
                   const tableaus::StageVector<double>& coef, double h, const std::array<V, S>& K) {
  const auto t = [&](std::size_t m) { return stage_term(terms, coef, h, K, m); };
  // one pass: out ← lead… + t(m) + t(m + 1) + …, kStageTermsPerPass items in all at most; the terms it took
  const auto pass = [&](std::size_t m, const auto&... lead) -> std::size_t {
    constexpr std::size_t kRoom = kStageTermsPerPass - sizeof...(lead);
    const std::size_t k = std::min(terms.n - m, kRoom);
    const auto sum = [&]<std::size_t... I>(std::index_sequence<I...>) { core::scale_sum(out, lead..., t(m + I)...); };
    [&]<std::size_t... N>(std::index_sequence<N...>) {
      // k = N: the pass of N terms (N = 0 only with a lead)
      (void)((k == N ? (sum(std::make_index_sequence<N>{}), true) : false) || ...);
    }(std::make_index_sequence<kRoom + 1>{});
    return k;
  };
  std::size_t m = 0;
  if (x0 && extra) {
    m = pass(0, *x0, *extra);
  } else if (x0) {
    if (terms.n == 0) {
      if (&out != x0) out = *x0;
      return;
    }
    m = pass(0, *x0);
  } else if (extra) {
    m = pass(0, *extra);
  } else if (terms.n == 0) {
    out.setZero();
    return;
  } else {
    const auto t0 = t(0);
    m = 1 + pass(1, t0);
  }
  while (m < terms.n) m += pass(m, out);
}
}  // namespace detail

/// The indices of either row's nonzero entries, in order (for two combinations over the same stages).
inline StageTerms union_terms(const StageTerms& a, const StageTerms& b) {
  StageTerms u;
  std::size_t i = 0, k = 0;
  while (i < a.n || k < b.n) {
    if (k == b.n || (i < a.n && a.j[i] < b.j[k])) u.j[u.n++] = a.j[i++];
    else if (i == a.n || b.j[k] < a.j[i]) u.j[u.n++] = b.j[k++];
    else u.j[u.n++] = a.j[i++], ++k;
  }
  return u;
}

/// One of the two combinations of combine_stage_pair: out ← lead… + Σ_{j ∈ terms} (h·coef[j])·K[j].
template <class V, class... Lead>
struct StageSum {
  V& out;
  std::tuple<Lead...> lead;  ///< the leading terms: vectors (by reference) or core::Scaled<V>
  const tableaus::StageVector<double>& coef;
  double h;
};

/// a.out ← a.lead… + Σ (a.h·a.coef[j])·K[j] and b.out likewise, over the same `terms` (the union of both rows'
/// nonzero entries: a zero coefficient adds an exact 0, or a NaN where that K is not finite — a step that is lost
/// anyway), in ONE pass over memory per kStageTermsPerPass terms:
/// each K[j] is read once for both outputs. Summed left to right as combine_stages, so the same bits (up to the
/// sign of a zero). The leads are read before either output is written (core::scale_sum): an output may be a
/// lead of the other (q⁺ = q + h(Σb)v + … with v ← v⁺ in the same pass). Used on vectors that fuse
/// (fuses_stage_terms): the second-order form's (Vᵢ, Qᵢ), (q⁺, v⁺) and error estimate.
template <class V, std::size_t S, class... LeadA, class... LeadB>
void combine_stage_pair(const StageSum<V, LeadA...>& a, const StageSum<V, LeadB...>& b, const StageTerms& terms,
                        const std::array<V, S>& K) {
  const auto ta = [&](std::size_t m) { return detail::stage_term(terms, a.coef, a.h, K, m); };
  const auto tb = [&](std::size_t m) { return detail::stage_term(terms, b.coef, b.h, K, m); };
  // one pass from the leads la, lb (tuples) and terms m, m + 1, …: the terms it took
  const auto pass = [&](std::size_t m, const auto& la, const auto& lb) -> std::size_t {
    constexpr std::size_t kLeads = std::min(std::tuple_size_v<std::decay_t<decltype(la)>>,
                                            std::tuple_size_v<std::decay_t<decltype(lb)>>);
    constexpr std::size_t kMin = kLeads == 0 ? 1 : 0;  // an output needs one term at least
    const std::size_t k = std::min(terms.n - m, kStageTermsPerPass);
    const auto sum = [&]<std::size_t... I>(std::index_sequence<I...>) {
      std::apply(
          [&](const auto&... xa) {
            std::apply(
                [&](const auto&... xb) {
                  core::scale_sum(core::into(a.out, xa..., ta(m + I)...), core::into(b.out, xb..., tb(m + I)...));
                },
                lb);
          },
          la);
    };
    [&]<std::size_t... N>(std::index_sequence<N...>) {
      (void)((k == N + kMin ? (sum(std::make_index_sequence<N + kMin>{}), true) : false) || ...);
    }(std::make_index_sequence<kStageTermsPerPass + 1 - kMin>{});
    return k;
  };
  std::size_t m = pass(0, a.lead, b.lead);
  while (m < terms.n) m += pass(m, std::forward_as_tuple(a.out), std::forward_as_tuple(b.out));
}

/// out ← [x0] + [extra] + Σ_{j ∈ terms} (h·coef[j])·K[j], summed left to right, coefficient by coefficient
/// (core::scale_sum); on vectors of kFuseFrom coefficients or more, up to kStageTermsPerPass items per pass over
/// memory: the same sums, so the same bits, with a load and a store of `out` per pass instead of per term. x0 and
/// extra may be left out (nullptr); `out` may be x0. With nothing to sum, out ← x0 (or 0).
template <class V, std::size_t S>
[[gnu::always_inline]] inline void combine_stages(V& out, std::type_identity_t<const V*> x0,
                                                  std::type_identity_t<const core::Scaled<V>*> extra,
                                                  const StageTerms& terms, const tableaus::StageVector<double>& coef,
                                                  double h, const std::array<V, S>& K) {
  if constexpr (fuses_stage_terms<V>())
    detail::combine_fused(out, x0, extra, terms, coef, h, K);
  else
    detail::combine_one_by_one(out, x0, extra, terms, coef, h, K);
}

template <class V>
class TableRungeKutta {
  static constexpr std::size_t kS = tableaus::kMaxStages;

 public:
  // Boost.Odeint's stepper typedefs (core::OdeintStepperTraits, except that the order is the table's)
  using order_type = unsigned short;
  using stepper_category = boost::numeric::odeint::stepper_tag;
  using value_type = double;
  using time_type = double;
  using state_type = core::PhaseState<V>;

  /// What the engine is, whatever its table: the row of the registry (integrators::Method) that made it
  /// holds the method's own StepperInfo; order() is the table's order.
  static constexpr core::StepperInfo info{
      "rk-table", "Runge-Kutta method of a Butcher table", 0, false, false, 0,
      "Butcher, Numerical Methods for ODEs (2016) §23; Hairer & Wanner II (1996) §IV.8 (implicit tables)",
      "the generic engine: its table gives the order (order()), its registry row the rest"};

  /// A stepper for `table` (which must outlive it), called `name` in its error messages.
  explicit TableRungeKutta(const tableaus::RkTable& table, std::string_view name = "rk-table",
                           TableRkParameters p = {})
      : table_(&table), name_(name), p_(p) {
    const std::size_t s = stages();
    for (std::size_t i = 0; i < s; ++i) {
      for (std::size_t j = 0; j < s; ++j) {
        row_sum_[i] += table.a[i][j];
        w_[j] += table.b[i] * table.a[i][j];                                     // wⱼ = Σᵢ bᵢaᵢⱼ
        for (std::size_t k = 0; k < s; ++k) a2_[i][j] += table.a[i][k] * table.a[k][j];  // (A²)ᵢⱼ
      }
      b_sum_ += table.b[i];
    }
    for (std::size_t i = 0; i < s; ++i) {
      a_terms_[i] = nonzero(table.a[i], s);
      a2_terms_[i] = nonzero(a2_[i], s);
    }
    b_terms_ = nonzero(table.b, s);
    w_terms_ = nonzero(w_, s);
    for (std::size_t i = 0; i < s; ++i) stage_pair_terms_[i] = union_terms(a_terms_[i], a2_terms_[i]);
    finish_pair_terms_ = union_terms(w_terms_, b_terms_);
    // the last stage's state is the step's end when its row of A is b (Dormand–Prince, Bogacki–Shampine: first
    // same as last): the same coefficients (A²'s last row is then w, computed in the same order) in the same sums
    if (table.is_explicit && s > 1) {
      const std::size_t l = s - 1;
      last_stage_is_end_ = row_sum_[l] == b_sum_ && a_terms_[l].n > 0;  // (a stage of its own: not y itself)
      for (std::size_t j = 0; j < s; ++j)
        last_stage_is_end_ = last_stage_is_end_ && table.a[l][j] == table.b[j] && a2_[l][j] == w_[j];
    }
    for (auto& k : k_) k = core::zero<V>();
    for (auto& k : kn_) k = core::zero<V>();
  }

  /// The table's order (what odeint's integrate functions read).
  order_type order() const { return static_cast<order_type>(table_->order); }
  const tableaus::RkTable& table() const { return *table_; }
  std::string_view name() const { return name_; }
  const TableRkParameters& parameters() const { return p_; }
  /// Newton iterations of the last step (0 for an explicit table).
  int last_iterations() const { return iterations_; }

  // For the error-controlled driver (toolkit/adaptive/embedded_runge_kutta.hpp), explicit tables only:
  /// The stage slopes Kᵢ of the last step (the stage accelerations Fᵢ in the second-order form).
  const std::array<V, kS>& stage_slopes() const { return k_; }
  /// f at the next step's start, to be written by the caller before reuse_first_slope().
  V& first_slope() { return k_[0]; }
  /// The next step takes first_slope() as its first stage (c₁ = 0, a₁ⱼ = 0) instead of evaluating f:
  /// a step retried from the same point after a rejection. One step only.
  void reuse_first_slope() { reuse_first_ = true; }
  /// First same as last (Dormand–Prince, Bogacki–Shampine: the last stage is f(t + h, y⁺)): the next
  /// step's first stage is this step's last.
  void carry_last_slope() {
    std::swap(k_[0], k_[stages() - 1]);
    reuse_first_ = true;
  }

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    prepare(x.q);
    if (table_->is_explicit)
      explicit_step(sys, x, t, dt, x);
    else if constexpr (core::dense_jacobian<Sys>())
      implicit_step(sys, x, t, dt);
    else
      refuse_implicit();
  }

  template <core::FirstOrderSystem<V> Sys>
  void do_step(const Sys& sys, V& y, double t, double dt) {
    prepare(y);
    if (table_->is_explicit)
      explicit_step(sys, y, t, dt, y);
    else if constexpr (core::dense_jacobian<Sys>())
      implicit_step(sys, y, t, dt);
    else
      refuse_implicit();
  }

  /// An explicit table's step from `x` (left unchanged) written into `out` (sized like x): the same arithmetic as
  /// do_step, without the copy of x that stepping a copy in place would take (the error-controlled driver).
  template <core::SecondOrderSystem<V> Sys>
  void step_from(const Sys& sys, const core::PhaseState<V>& x, double t, double dt, core::PhaseState<V>& out) {
    prepare(x.q);
    core::resize_like(out.q, x.q), core::resize_like(out.v, x.v);
    explicit_step(sys, x, t, dt, out);
  }
  template <core::FirstOrderSystem<V> Sys>
  void step_from(const Sys& sys, const V& y, double t, double dt, V& out) {
    prepare(y);
    core::resize_like(out, y);
    explicit_step(sys, y, t, dt, out);
  }

 private:
  using Terms = StageTerms;
  static Terms nonzero(const tableaus::StageVector<double>& row, std::size_t s) { return nonzero_terms(row, s); }

  std::size_t stages() const { return static_cast<std::size_t>(table_->stages); }

  void prepare(const V& like) {
    for (V* b : {&ys_, &vs_, &y0_, &v0_, &f0_, &fp_}) core::resize_like(*b, like);
    for (std::size_t i = 0; i < stages(); ++i) core::resize_like(k_[i], like), core::resize_like(kn_[i], like);
  }

  /// out ← x0 + extra + Σ_{j ∈ terms} (h·coef[j])·K[j], summed left to right (combine_stages). `out` may be x0.
  void combine(V& out, const V& x0, const core::Scaled<V>* extra, const Terms& terms,
               const tableaus::StageVector<double>& coef, double h, const std::array<V, kS>& K) const {
    combine_stages(out, &x0, extra, terms, coef, h, K);
  }

  // ---------------------------------------------------------------- explicit tables
  /// The stages from y, the step's end into out (which may be y).
  template <class Sys>
  void explicit_step(const Sys& sys, const V& y, double t, double h, V& out) {
    iterations_ = 0;
    const auto& tab = *table_;
    const bool reuse = std::exchange(reuse_first_, false);
    for (std::size_t i = 0; i < stages(); ++i) {
      if (a_terms_[i].n == 0) {
        if (i == 0 && reuse) continue;  // K₁ = f(t, y) known (first_slope())
        sys(y, k_[i], t + tab.c[i] * h);  // Yᵢ = y
      } else {
        combine(ys_, y, nullptr, a_terms_[i], tab.a[i], h, k_);  // Yᵢ = y + h Σⱼ aᵢⱼKⱼ
        sys(ys_, k_[i], t + tab.c[i] * h);
      }
    }
    if (last_stage_is_end_)
      out = ys_;  // y⁺, computed as the last stage (the same sum, to the bit)
    else
      combine(out, y, nullptr, b_terms_, tab.b, h, k_);  // y⁺ = y + h Σ bⱼKⱼ
  }

  template <class Sys>
  void explicit_step(const Sys& sys, const core::PhaseState<V>& x, double t, double h, core::PhaseState<V>& out) {
    iterations_ = 0;
    const auto& tab = *table_;
    const bool reuse = std::exchange(reuse_first_, false);
    for (std::size_t i = 0; i < stages(); ++i) {
      if (a_terms_[i].n == 0 && a2_terms_[i].n == 0 && row_sum_[i] == 0.0) {
        if (i == 0 && reuse) continue;  // F₁ = f(t, q, v) known (first_slope())
        sys(x.q, x.v, k_[i], t + tab.c[i] * h);  // (Qᵢ, Vᵢ) = (q, v)
        continue;
      }
      stage_pair(i, x.q, x.v, h);
      sys(ys_, vs_, k_[i], t + tab.c[i] * h);
    }
    if (last_stage_is_end_) {
      out.q = ys_, out.v = vs_;  // (q⁺, v⁺), computed as the last stage (the same sums, to the bit)
    } else {
      finish(out, x.q, x.v, h);
    }
  }

  /// Vᵢ = v + h Σⱼ aᵢⱼFⱼ into vs_, Qᵢ = q + h rᵢ v + h² Σⱼ (A²)ᵢⱼFⱼ into ys_: in one pass on vectors that fuse.
  void stage_pair(std::size_t i, const V& q, const V& v, double h) {
    const core::Scaled<V> drift = core::scaled(h * row_sum_[i], v);
    if constexpr (fuses_stage_terms<V>()) {
      combine_stage_pair(StageSum<V, const V&>{vs_, {v}, table_->a[i], h},
                         StageSum<V, const V&, core::Scaled<V>>{ys_, {q, drift}, a2_[i], h * h}, stage_pair_terms_[i], k_);
    } else {
      combine(vs_, v, nullptr, a_terms_[i], table_->a[i], h, k_);
      combine(ys_, q, &drift, a2_terms_[i], a2_[i], h * h, k_);
    }
  }

  /// q⁺ = q + h (Σb) v + h² Σ wⱼFⱼ, then v⁺ = v + h Σ bⱼFⱼ (from the stage accelerations in k_); q and v may be
  /// x's own.
  void finish(core::PhaseState<V>& x, const V& q, const V& v, double h) {
    const core::Scaled<V> drift = core::scaled(h * b_sum_, v);
    if constexpr (fuses_stage_terms<V>()) {
      combine_stage_pair(StageSum<V, const V&, core::Scaled<V>>{x.q, {q, drift}, w_, h * h},
                         StageSum<V, const V&>{x.v, {v}, table_->b, h}, finish_pair_terms_, k_);
    } else {
      combine(x.q, q, &drift, w_terms_, w_, h * h, k_);
      combine(x.v, v, nullptr, b_terms_, table_->b, h, k_);
    }
  }

  // ---------------------------------------------------------------- implicit tables
  [[noreturn]] void refuse_implicit() const {
    throw std::invalid_argument(fmt::format(
        "integrator '{}': an implicit table needs a dense Jacobian, and this system declares it has too many degrees "
        "of freedom for one (core::dense_jacobian): choose an explicit method", name_));
  }

  void check_dimension(Eigen::Index n) const {
    if (n > kMaxNewtonDimension)
      throw std::invalid_argument(fmt::format(
          "integrator '{}': its Newton solver takes systems of at most {} degrees of freedom (a dense "
          "({}·n)² matrix per step); this system has {}: choose an explicit method",
          name_, kMaxNewtonDimension, stages(), n));
  }

  void prepare_newton(Eigen::Index n) {
    const Eigen::Index sn = static_cast<Eigen::Index>(stages()) * n;
    if (jq_.rows() != n) jq_.resize(n, n), jv_.resize(n, n);
    if (m_.rows() != sn) m_.resize(sn, sn), g_.resize(sn), dk_.resize(sn);
  }

  /// Forward-difference column j of ∂f/∂x: perturb xⱼ by δⱼ = √ε·max(1, |xⱼ|), evaluate into fp_.
  template <class Eval>
  void jacobian(Eigen::MatrixXd& J, V& x, Eval&& eval) {
    for (Eigen::Index j = 0; j < x.size(); ++j) {
      const double saved = x[j];
      const double d = 1.4901161193847656e-08 * std::max(1.0, std::abs(saved));
      x[j] = saved + d;
      const double step = x[j] - saved;  // the perturbation as represented
      eval();
      x[j] = saved;
      J.col(j) = (fp_ - f0_) / step;
    }
  }

  template <class Sys>
  void implicit_step(const Sys& sys, V& y, double t, double h) {
    const Eigen::Index n = y.size();
    check_dimension(n);
    prepare_newton(n);
    const auto& tab = *table_;
    const std::size_t s = stages();
    y0_ = y;
    sys(y0_, f0_, t);  // f(t, y)
    ys_ = y0_;
    jacobian(jq_, ys_, [&] { sys(ys_, fp_, t); });  // J = ∂f/∂y at (t, y)
    // M = I − h A ⊗ J
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j) {
        auto blk = m_.block(static_cast<Eigen::Index>(i) * n, static_cast<Eigen::Index>(j) * n, n, n);
        blk = (-h * tab.a[i][j]) * jq_;
        if (i == j) blk.diagonal().array() += 1.0;
      }
    lu_.compute(m_);
    for (std::size_t i = 0; i < s; ++i) k_[i] = f0_;  // Kᵢ⁽⁰⁾ = f(t, y)
    newton(t, h, y0_.cwiseAbs().maxCoeff(), n, [&](std::size_t i) {
      combine(ys_, y0_, nullptr, a_terms_[i], tab.a[i], h, k_);  // Yᵢ = y + h Σⱼ aᵢⱼKⱼ
      sys(ys_, kn_[i], t + tab.c[i] * h);
    });
    combine(y, y0_, nullptr, b_terms_, tab.b, h, k_);  // y⁺ = y + h Σ bⱼKⱼ
  }

  template <class Sys>
  void implicit_step(const Sys& sys, core::PhaseState<V>& x, double t, double h) {
    const Eigen::Index n = x.q.size();
    check_dimension(n);
    prepare_newton(n);
    const auto& tab = *table_;
    const std::size_t s = stages();
    const double h2 = h * h;
    y0_ = x.q;
    v0_ = x.v;
    sys(y0_, v0_, f0_, t);  // f(t, q, v)
    ys_ = y0_;
    jacobian(jq_, ys_, [&] { sys(ys_, v0_, fp_, t); });  // J_q = ∂f/∂q
    constexpr bool kVelocityFree = core::velocity_independent<Sys>();
    if constexpr (!kVelocityFree) {
      vs_ = v0_;
      jacobian(jv_, vs_, [&] { sys(y0_, vs_, fp_, t); });  // J_v = ∂f/∂v
    }
    // M = I − h² A² ⊗ J_q − h A ⊗ J_v
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j) {
        auto blk = m_.block(static_cast<Eigen::Index>(i) * n, static_cast<Eigen::Index>(j) * n, n, n);
        blk = (-h2 * a2_[i][j]) * jq_;
        if constexpr (!kVelocityFree) blk -= (h * tab.a[i][j]) * jv_;
        if (i == j) blk.diagonal().array() += 1.0;
      }
    lu_.compute(m_);
    for (std::size_t i = 0; i < s; ++i) k_[i] = f0_;  // Fᵢ⁽⁰⁾ = f(t, q, v)
    newton(t, h, v0_.cwiseAbs().maxCoeff(), n, [&](std::size_t i) {
      stage_pair(i, y0_, v0_, h);  // Vᵢ = v + h Σⱼ aᵢⱼFⱼ, Qᵢ = q + h rᵢ v + h² Σⱼ (A²)ᵢⱼFⱼ
      sys(ys_, vs_, kn_[i], t + tab.c[i] * h);
    });
    finish(x, y0_, v0_, h);
  }

  /// The simplified Newton iteration on the stage slopes k_ (the top of this file): `stage(i)` writes
  /// f at stage i of the current K into kn_[i].
  template <class Stage>
  void newton(double t, double h, double state_scale, Eigen::Index n, Stage&& stage) {
    const std::size_t s = stages();
    double best = std::numeric_limits<double>::infinity(), previous = 0.0;
    double rel = std::numeric_limits<double>::infinity();
    int since_best = 0;
    for (iterations_ = 1; iterations_ <= p_.max_iterations; ++iterations_) {
      for (std::size_t i = 0; i < s; ++i) {
        stage(i);
        g_.segment(static_cast<Eigen::Index>(i) * n, n) = kn_[i] - k_[i];  // −G(K)ᵢ = f(stage i) − Kᵢ
      }
      dk_ = lu_.solve(g_);  // M ΔK = −G(K)
      double size = 0.0;
      for (std::size_t i = 0; i < s; ++i) {
        k_[i] += dk_.segment(static_cast<Eigen::Index>(i) * n, n);
        size = std::max(size, k_[i].cwiseAbs().maxCoeff());
      }
      const double change = dk_.cwiseAbs().maxCoeff();
      const double scale = state_scale + h * size;
      const double moved = h * change;
      rel = scale > 0.0 ? moved / scale : moved;
      if (!std::isfinite(rel)) break;
      if (moved <= p_.tolerance * scale) return;  // converged
      if (iterations_ > 1 && previous > 0.0) {
        const double theta = change / previous;  // the contraction (Hairer & Wanner II eq. (8.10))
        if (theta < 1.0 && theta / (1.0 - theta) * moved <= p_.tolerance * scale) return;  // eq. (8.11)
      }
      previous = change;
      if (change < best) {
        best = change, since_best = 0;
      } else if (++since_best >= kStalled && rel <= kRoundOff) {
        return;  // stagnated at round-off
      }
    }
    throw core::NonConvergence(std::string(name_) + " (simplified Newton on the stages)", t, h, rel, p_.max_iterations);
  }

  static constexpr int kStalled = 8;
  static constexpr double kRoundOff = 1e-12;

  const tableaus::RkTable* table_;
  std::string_view name_;
  TableRkParameters p_;
  int iterations_ = 0;
  bool reuse_first_ = false;  // the next explicit step's first stage is k_[0] as it stands
  tableaus::StageVector<double> row_sum_{}, w_{};
  tableaus::StageMatrix<double> a2_{};
  double b_sum_ = 0.0;
  std::array<Terms, kS> a_terms_{}, a2_terms_{};
  Terms b_terms_{}, w_terms_{};
  std::array<Terms, kS> stage_pair_terms_{};  // Vᵢ and Qᵢ in one pass (combine_stage_pair)
  Terms finish_pair_terms_{};                  // q⁺ and v⁺ in one pass
  bool last_stage_is_end_ = false;             // explicit, last row of A = b: y⁺ is the last stage's state
  // stage slopes (accelerations in the second-order form) and the Newton iterate's new values
  std::array<V, kS> k_{}, kn_{};
  // stage state (Yᵢ or Qᵢ), stage velocity, the step's start (q, v), f there, f at a perturbed state
  V ys_ = core::zero<V>(), vs_ = core::zero<V>(), y0_ = core::zero<V>(), v0_ = core::zero<V>();
  V f0_ = core::zero<V>(), fp_ = core::zero<V>();
  Eigen::MatrixXd jq_, jv_, m_;  // ∂f/∂y (∂f/∂q), ∂f/∂v, the Newton matrix
  Eigen::VectorXd g_, dk_;       // −G(K), ΔK (stacked by stage)
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
};

}  // namespace verisim::integrators
