#pragma once
// One error-controlled step of an explicit embedded pair (c, A, b, b̂) of the table library
// (toolkit/tableaus/library.hpp): the stages are those of TableRungeKutta (the one Runge–Kutta engine),
// the solution propagated is b's, and the error estimate is the difference of the two weightings
// (Hairer, Nørsett & Wanner I (1993) §II.4, eq. (4.10)):
//   first order:   e = h Σⱼ (bⱼ − b̂ⱼ) Kⱼ
//   second order:  e_v = h Σⱼ dⱼ Fⱼ,   e_q = h (Σ d) v + h² Σⱼ (dA)ⱼ Fⱼ,   d = b − b̂
// (the second-order form of table_runge_kutta.hpp applied to both weightings). It is O(h^(q+1)) with
// q = min(p, p̂): the error order the controllers use (controller.hpp).
// Evaluations: f(t, y) is computed once per point, and reused when a rejected step is retried from it;
// a first-same-as-last table (last row of A equal to b, c_s = 1, b_s = 0: Dormand–Prince, Bogacki–
// Shampine) takes its next first stage from this step's last: s − 1 evaluations per accepted step.
// Dense output: dense_output.hpp, from the stages this step left (valid until accept()).
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/integrators/table_runge_kutta.hpp"
#include "toolkit/tableaus/dense_table.hpp"
#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::adaptive {

/// True when `t`'s last stage is f(t + h, y⁺): c_s = 1, a_sⱼ = bⱼ for every j, b_s = 0.
constexpr bool first_same_as_last(const tableaus::RkTable& t) {
  if (t.stages < 2) return false;
  const auto s = static_cast<std::size_t>(t.stages - 1);
  if (t.c[s] != 1.0 || t.b[s] != 0.0) return false;
  for (std::size_t j = 0; j < s; ++j)
    if (t.a[s][j] != t.b[j]) return false;
  return true;
}

template <class V>
class EmbeddedRungeKutta {
  static constexpr std::size_t kS = tableaus::kMaxStages;

 public:
  /// A stepper for the explicit embedded pair `table` (which must outlive it), called `name` in messages,
  /// with its continuous extension `dense` (nullptr: Hermite's cubic, dense_output.hpp).
  /// std::invalid_argument unless the table is explicit and has embedded weights.
  EmbeddedRungeKutta(const tableaus::RkTable& table, std::string_view name, const tableaus::DenseText* dense = nullptr)
      : rk_(table, name), table_(&table), dense_(dense), name_(name), fsal_(first_same_as_last(table)) {
    if (!table.is_explicit || table.embedded_order <= 0)
      throw std::invalid_argument(fmt::format(
          "'{}' is not an explicit embedded pair (its table has {}): error control needs b̂", name,
          table.is_explicit ? "no embedded weights b̂" : "an implicit A"));
    const auto s = static_cast<std::size_t>(table.stages);
    for (std::size_t i = 0; i < s; ++i) {
      d_[i] = table.b[i] - table.bhat[i];
      d_sum_ += d_[i];
    }
    for (std::size_t j = 0; j < s; ++j)
      for (std::size_t i = 0; i < s; ++i) da_[j] += d_[i] * table.a[i][j];  // (dA)ⱼ = Σᵢ dᵢaᵢⱼ
    d_terms_ = integrators::nonzero_terms(d_, s);
    da_terms_ = integrators::nonzero_terms(da_, s);
    pair_terms_ = integrators::union_terms(d_terms_, da_terms_);
    error_order_ = std::min(table.order, table.embedded_order);
  }

  const tableaus::RkTable& table() const { return *table_; }
  std::string_view name() const { return name_; }
  int order() const { return table_->order; }
  /// q: the estimate is O(h^(q+1)).
  int error_order() const { return error_order_; }
  bool fsal() const { return fsal_; }
  /// The continuous extension its dense output uses, or nullptr (Hermite).
  const tableaus::DenseText* dense_text() const { return dense_; }
  int stages() const { return table_->stages; }
  /// The stage slopes of the last step tried (valid until accept()).
  const std::array<V, kS>& stage_slopes() const { return rk_.stage_slopes(); }

  /// f at the start point, known before the first step (the starting-step algorithm evaluates it).
  template <class Slope>
  void set_first_slope(const Slope& f0) {
    rk_.first_slope() = f0;
    first_known_ = true;
  }

  /// One step of size h from (t, x): `out` the propagated solution, `err` the estimate (same shape).
  template <class Sys, class State>
  void try_step(const Sys& sys, const State& x, double t, double h, State& out, State& err) {
    if (first_known_) rk_.reuse_first_slope();
    rk_.step_from(sys, x, t, h, out);
    first_known_ = true;  // f(t, x) now sits in the first stage, for a retry from x
    estimate(x, h, err);
  }

  /// The step just tried is accepted: the next starts from its end.
  void accept() {
    if (fsal_) {
      rk_.carry_last_slope();  // K₁ ← K_s = f(t + h, y⁺)
      first_known_ = true;
    } else {
      first_known_ = false;
    }
  }
  /// The step just tried is accepted and f at its end is `f_end` (evaluated for dense output): it becomes
  /// the next first stage.
  template <class Slope>
  void accept_with_end_slope(const Slope& f_end) {
    if (fsal_) return accept();
    rk_.first_slope() = f_end;
    first_known_ = true;
  }

 private:
  template <class State>
  void estimate(const State& x, double h, State& err) const {
    const auto& k = rk_.stage_slopes();
    if constexpr (std::is_same_v<State, core::PhaseState<V>>) {
      core::resize_like(err.q, x.q), core::resize_like(err.v, x.v);
      const core::Scaled<V> drift = core::scaled(h * d_sum_, x.v);
      if constexpr (integrators::fuses_stage_terms<V>()) {  // both in one pass
        integrators::combine_stage_pair(integrators::StageSum<V>{err.v, {}, d_, h},
                                        integrators::StageSum<V, core::Scaled<V>>{err.q, {drift}, da_, h * h},
                                        pair_terms_, k);
      } else {
        integrators::combine_stages(err.v, nullptr, nullptr, d_terms_, d_, h, k);  // h Σ dⱼFⱼ
        integrators::combine_stages(err.q, nullptr, &drift, da_terms_, da_, h * h, k);  // h(Σd)v + h²Σ(dA)ⱼFⱼ
      }
    } else {
      core::resize_like(err, x);
      integrators::combine_stages(err, nullptr, nullptr, d_terms_, d_, h, k);  // h Σ dⱼKⱼ
    }
  }

  integrators::TableRungeKutta<V> rk_;
  const tableaus::RkTable* table_;
  const tableaus::DenseText* dense_ = nullptr;
  std::string_view name_;
  bool fsal_ = false;
  bool first_known_ = false;
  int error_order_ = 1;
  tableaus::StageVector<double> d_{}, da_{};
  integrators::StageTerms d_terms_{}, da_terms_{}, pair_terms_{};  // their nonzero entries, and either's
  double d_sum_ = 0.0;
};

}  // namespace verisim::adaptive
