#pragma once
// The solution between the two ends of an accepted step (dense output), from the step's own stages.
//  - A pair with a continuous extension in the library (tableaus::kDenseLibrary: Dormand–Prince's, of
//    order 4): u(t + θh) = y + h Σᵢ bᵢ(θ) Kᵢ (Hairer, Nørsett & Wanner I (1993) §II.6, eq. (6.1)); in the
//    second-order form, as table_runge_kutta.hpp writes the method on (q, v):
//      v(θ) = v + h Σᵢ bᵢ(θ) Fᵢ,   q(θ) = q + h (Σᵢ bᵢ(θ)) v + h² Σⱼ wⱼ(θ) Fⱼ,   wⱼ(θ) = Σᵢ bᵢ(θ) aᵢⱼ.
//    Error O(h⁵) within the step (p* = 4).
//  - Any other pair: Hermite's cubic through both ends and their slopes (Hairer I §II.6, eq. (6.7)):
//      u(θ) = (1 − θ) y₀ + θ y₁ + θ(θ − 1)((1 − 2θ)(y₁ − y₀) + (θ − 1) h f₀ + θ h f₁)
//    with f₀ the step's first stage and f₁ = f(t + h, y₁) (the last stage of a first-same-as-last pair,
//    else one evaluation that becomes the next step's first stage: no evaluation lost). Error O(h⁴)
//    (p* = 3). Second order: q through (q, v) at both ends, v through (v, F).
// An Interpolant is valid while the driver's observer runs on that step (integrate_adaptive.hpp).
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "toolkit/adaptive/embedded_runge_kutta.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/scale_sum.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::adaptive {

/// The continuous extension the library gives the table named `table_name`, or nullptr (Hermite).
constexpr const tableaus::DenseText* continuous_extension_text(std::string_view table_name) {
  for (const tableaus::DenseText* d : tableaus::kDenseLibrary)
    if (d->table == table_name) return d;
  return nullptr;
}

/// The order p* of the dense output a pair gets (its extension's, or Hermite's 3).
constexpr int dense_order(std::string_view table_name) {
  const tableaus::DenseText* d = continuous_extension_text(table_name);
  return d ? d->order : 3;
}

/// One accepted step's dense output.
template <class V, class State>
class Interpolant {
 public:
  Interpolant(const EmbeddedRungeKutta<V>& stepper, const tableaus::DenseTable* dense, const State& x0,
              const State& x1, const V& f_end, double t, double h)
      : stepper_(&stepper), dense_(dense), x0_(&x0), x1_(&x1), f_end_(&f_end), t_(t), h_(h) {}

  double t_begin() const { return t_; }
  double t_end() const { return t_ + h_; }
  /// h: the step's size (t_end() − t_begin() up to the rounding of t + h).
  double step_size() const { return h_; }
  /// The step's two ends (the states the stepper left: u(t_begin) and, to rounding, u(t_end)).
  const State& start() const { return *x0_; }
  const State& end() const { return *x1_; }

  /// The state at `t` (within the step), into `out`.
  void state_at(double t, State& out) const {
    const double theta = (t - t_) / h_;
    if (dense_)
      from_table(theta, out);
    else
      hermite(theta, out);
  }

 private:
  void from_table(double theta, State& out) const {
    const auto& tab = stepper_->table();
    const auto& k = stepper_->stage_slopes();
    const auto s = static_cast<std::size_t>(tab.stages);
    tableaus::StageVector<double> bt{};
    tableaus::dense_weights(*dense_, tab.stages, theta, bt);  // bᵢ(θ)
    const double h = h_;
    if constexpr (std::is_same_v<State, core::PhaseState<V>>) {
      double bsum = 0.0;
      for (std::size_t i = 0; i < s; ++i) bsum += bt[i];
      out.v = x0_->v;
      out.q = x0_->q;
      core::scale_sum(out.q, out.q, core::scaled(h * bsum, x0_->v));  // q + h (Σ bᵢ(θ)) v
      for (std::size_t j = 0; j < s; ++j) {
        double w = 0.0;
        for (std::size_t i = 0; i < s; ++i) w += bt[i] * tab.a[i][j];  // wⱼ(θ) = Σᵢ bᵢ(θ) aᵢⱼ
        if (bt[j] != 0.0) core::scale_sum(out.v, out.v, core::scaled(h * bt[j], k[j]));
        if (w != 0.0) core::scale_sum(out.q, out.q, core::scaled(h * h * w, k[j]));
      }
    } else {
      out = *x0_;
      for (std::size_t i = 0; i < s; ++i)
        if (bt[i] != 0.0) core::scale_sum(out, out, core::scaled(h * bt[i], k[i]));
    }
  }

  /// Hermite's cubic on one component pair: y₀, y₁ with slopes f₀, f₁ (eq. (6.7)), into out.
  template <class X>
  void cubic(const X& y0, const X& y1, const X& f0, const X& f1, double theta, X& out) const {
    const double th = theta, h = h_;
    // u = (1 − θ) y₀ + θ y₁ + θ(θ − 1)(1 − 2θ)(y₁ − y₀) + θ(θ − 1)² h f₀ + θ²(θ − 1) h f₁
    const double g = th * (th - 1.0);
    const double c1 = th + g * (1.0 - 2.0 * th);  // weight of y₁
    core::scale_sum(out, y0, core::scaled(-c1, y0));                    // (1 − c1) y₀
    core::scale_sum(out, out, core::scaled(c1, y1));                    // + c1 y₁
    core::scale_sum(out, out, core::scaled(g * (th - 1.0) * h, f0));    // + θ(θ−1)² h f₀
    core::scale_sum(out, out, core::scaled(g * th * h, f1));            // + θ²(θ−1) h f₁
  }

  void hermite(double theta, State& out) const {
    const auto& k = stepper_->stage_slopes();
    if constexpr (std::is_same_v<State, core::PhaseState<V>>) {
      cubic(x0_->q, x1_->q, x0_->v, x1_->v, theta, out.q);  // q′ = v
      cubic(x0_->v, x1_->v, k[0], *f_end_, theta, out.v);   // v′ = F
    } else {
      cubic(*x0_, *x1_, k[0], *f_end_, theta, out);
    }
  }

  const EmbeddedRungeKutta<V>* stepper_;
  const tableaus::DenseTable* dense_;
  const State* x0_;
  const State* x1_;
  const V* f_end_;
  double t_, h_;
};

}  // namespace verisim::adaptive
