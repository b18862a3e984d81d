#pragma once
// A splitting method whose coefficients are known only at run time: a user's table read by
// `verisim check tableau` (experiments/check/tableau_file.hpp). The same composition as splitting.hpp's
// compile-time engine, stage by stage, kick first (Hairer, Lubich & Wanner, GNI §III.3–III.5):
//   kick:   v ← v + bᵢh·f(t + cᵢh, q, v)      cᵢ = a₀ + … + aᵢ₋₁   (skipped when bᵢ = 0)
//   drift:  q ← q + aᵢh·v                                          (skipped when aᵢ = 0)
// Velocity-dependent forces: the kick v′ = f(t, q, v) with q and t frozen is integrated over bᵢh by the
// library's explicit table of order ≥ the declared order (kick_solver.hpp's kick_table_for_order, the one rule;
// above order 6, Butcher's order-6 table: such a method keeps order 6 on velocity-dependent problems).
// The registered splitting methods keep the compile-time engine (unrolled stages, FSAL, compensated
// summation); this one is the plain loop, for tables that are data.
#include <array>
#include <span>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"
#include "toolkit/integrators/kick_solver.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::integrators {

template <class V>
class TableSplitting : public core::OdeintStepperTraits<TableSplitting<V>> {
 public:
  using state_type = core::PhaseState<V>;
  /// The engine's own description; the method's is the registry row that made it (its order is order()).
  static constexpr core::StepperInfo info{"table-splitting", "splitting method from a table", 1, true, false, 1,
                                          "Hairer, Lubich & Wanner, GNI §III.3–III.5", "coefficients read at run time"};

  TableSplitting() = default;
  /// drift aᵢ and kick bᵢ (same length; the caller keeps them alive), declared order p.
  TableSplitting(std::span<const double> drift, std::span<const double> kick, int order)
      : drift_(drift), kick_(kick), order_(order), kick_table_(&kick_table_for_order(order)) {}

  unsigned short order() const { return static_cast<unsigned short>(order_); }

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    core::resize_like(acc_, x.v);
    double c = 0.0;  // cᵢ = a₀ + … + aᵢ₋₁
    for (std::size_t i = 0; i < kick_.size(); ++i) {
      if (kick_[i] != 0.0) {
        const double ts = t + c * dt, tau = kick_[i] * dt;
        if constexpr (core::velocity_independent<Sys>()) {
          sys(x.q, x.v, acc_, ts);
          core::scale_sum(x.v, x.v, core::scaled(tau, acc_));  // v ← v + bᵢh·f(t + cᵢh, q)
        } else {
          kick_exactly(sys, x, ts, tau);
        }
      }
      if (drift_[i] != 0.0) {
        core::scale_sum(x.q, x.q, core::scaled(drift_[i] * dt, x.v));  // q ← q + aᵢh·v
        c += drift_[i];
      }
    }
  }

 private:
  /// v ← v + τ Σⱼ bⱼKⱼ,  Kⱼ = f(t, q, v + τ Σₗ aⱼₗKₗ): the kick table's explicit stages.
  template <class Sys>
  void kick_exactly(const Sys& sys, core::PhaseState<V>& x, double t, double tau) {
    const tableaus::RkTable& k = *kick_table_;
    const auto s = static_cast<std::size_t>(k.stages);
    core::resize_like(vs_, x.v);
    for (std::size_t j = 0; j < s; ++j) {
      core::resize_like(stages_[j], x.v);
      vs_ = x.v;
      for (std::size_t l = 0; l < j; ++l)
        if (k.a[j][l] != 0.0) core::scale_sum(vs_, vs_, core::scaled(tau * k.a[j][l], stages_[l]));
      sys(x.q, vs_, stages_[j], t);
    }
    for (std::size_t j = 0; j < s; ++j)
      if (k.b[j] != 0.0) core::scale_sum(x.v, x.v, core::scaled(tau * k.b[j], stages_[j]));
  }

  std::span<const double> drift_{}, kick_{};
  int order_ = 1;
  const tableaus::RkTable* kick_table_ = &tableaus::kEuler;
  V acc_ = core::zero<V>(), vs_ = core::zero<V>();
  std::array<V, tableaus::kMaxStages> stages_ = [] {
    std::array<V, tableaus::kMaxStages> out;
    for (auto& v : out) v = core::zero<V>();
    return out;
  }();
};

}  // namespace verisim::integrators
