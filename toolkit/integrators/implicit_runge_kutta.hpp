#pragma once
// Implicit Runge-Kutta methods driven by their Butcher tableau (c, A, b) — the library's tables
// (toolkit/tableaus/library.hpp: kGauss1, kGauss2), the one tableau type —, solved by fixed-point
// iteration: the Gauss–Legendre collocation methods, implicit midpoint (s = 1, order 2) and the
// 2-stage Gauss method (order 4) (Hairer, Lubich & Wanner, GNI §II.1.3, the Gauss collocation methods).
//
// Seed 001 §G.1 says the Runge-Kutta methods are not symplectic and "exist in an implicit
// (non-symplectic) version": the Gauss methods are implicit Runge-Kutta methods AND symplectic —
// a Runge-Kutta method whose coefficients satisfy bᵢaᵢⱼ + bⱼaⱼᵢ = bᵢbⱼ for all i, j is symplectic
// (GNI Thm VI.4.3), which `irk::symplectic_defect` measures on the library's tables below (static_assert). The same condition makes them conserve every quadratic invariant (GNI Thm
// IV.2.2): the energy of a linear oscillator, the angular momentum q × v of a central force.
//
// First-order form y′ = f(t, y): stage slopes Kᵢ = f(t + cᵢh, y + h Σⱼ aᵢⱼKⱼ), y⁺ = y + h Σ bᵢKᵢ.
// Second-order form q̈ = f(t, q, q̇) (the same method on y = (q, q̇), written in the stage
// accelerations Fᵢ only, since the stage velocities are explicit in them):
//   Vᵢ = v + h Σⱼ aᵢⱼFⱼ,  Qᵢ = q + h Σⱼ aᵢⱼVⱼ = q + cᵢh·v + h² Σⱼ (A²)ᵢⱼFⱼ   (Σⱼ aᵢⱼ = cᵢ)
//   Fᵢ = f(t + cᵢh, Qᵢ, Vᵢ)
//   v⁺ = v + h Σ bᵢFᵢ,    q⁺ = q + h v + h² Σⱼ wⱼFⱼ,  wⱼ = Σᵢ bᵢaᵢⱼ
//
// The solver: fixed-point iteration on the stage slopes from Kᵢ⁽⁰⁾ = f(t, y) (one evaluation), each
// iteration s evaluations. It contracts when h·ρ(A)·L < 1 (L the Lipschitz constant of f in y; on
// the oscillator of pulsation ω, hω|λ(A)| < 1 with |λ(A)| the moduli of A's eigenvalues: ½ for the
// midpoint rule, 1/√12 for Gauss-2 — ω·Δt < 2 and < 2√3). Stopping rule (`ImplicitRkParameters`):
//  - converged when the last correction moves the step's increment by at most `tolerance` relative:
//    h·‖K⁽ᵏ⁺¹⁾ − K⁽ᵏ⁾‖∞ ≤ tolerance·(‖y‖∞ + h‖K⁽ᵏ⁺¹⁾‖∞) (second order: ‖v‖∞ + h‖F‖∞, the velocity update
//    against the velocity); tolerance = 1e-15 (≈ 4.5 ε) by default;
//  - or when the correction has not reached a new minimum for 16 iterations while below 1e-12 of that
//    scale: the iteration has reached round-off, where ‖ΔK‖ stagnates instead of reaching 1e-15 (GNI
//    §VIII.6.1 stops at ‖ΔZₖ‖ ≥ ‖ΔZₖ₋₁‖; that single test is fooled by the oscillating corrections of
//    complex iteration eigenvalues, see kStalled);
//  - after `max_iterations` (100), or at a NaN correction, core::NonConvergence naming t, Δt, the last
//    correction (relative to the scale) and the cap, as Newmark. Never an endless loop.
// So a converged step is the method's exact step to a few ulps, and the map stays symplectic to
// round-off (tested: tests/integrators/implicit_test.cpp, tests/studies/gauss_symplecticity_test.cpp).
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::integrators {

namespace irk {
/// A², the weights of the second-order form's stage positions (the first `stages` rows and columns).
constexpr tableaus::StageMatrix<double> a_squared(const tableaus::RkTable& t) {
  tableaus::StageMatrix<double> out{};
  const auto s = static_cast<std::size_t>(t.stages);
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j)
      for (std::size_t k = 0; k < s; ++k) out[i][j] += t.a[i][k] * t.a[k][j];
  return out;
}
/// wⱼ = Σᵢ bᵢaᵢⱼ, the weights of q⁺ in the second-order form.
constexpr tableaus::StageVector<double> w(const tableaus::RkTable& t) {
  tableaus::StageVector<double> out{};
  const auto s = static_cast<std::size_t>(t.stages);
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) out[j] += t.b[i] * t.a[i][j];
  return out;
}
/// The largest |bᵢaᵢⱼ + bⱼaⱼᵢ − bᵢbⱼ| (0: symplectic, GNI Thm VI.4.3).
constexpr double symplectic_defect(const tableaus::RkTable& t) {
  double worst = 0.0;
  const auto s = static_cast<std::size_t>(t.stages);
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) {
      const double d = t.b[i] * t.a[i][j] + t.b[j] * t.a[j][i] - t.b[i] * t.b[j];
      worst = d > worst ? d : (-d > worst ? -d : worst);
    }
  return worst;
}
}  // namespace irk

/// The fixed-point solver's stopping rule (the top of this file).
struct ImplicitRkParameters {
  double tolerance = 1e-15;  ///< relative: h‖ΔK‖∞ ≤ tolerance·(‖y‖∞ + h‖K‖∞)
  int max_iterations = 100;  ///< the cap
};

namespace irk {
/// The implicit midpoint rule: c = ½, a = ½, b = 1 (Gauss–Legendre, s = 1; GNI §II.1.3): the library's table.
struct ImplicitMidpoint {
  static constexpr const tableaus::RkTable& table = tableaus::kGauss1;
  static constexpr core::StepperInfo info{
      "implicit-midpoint", "implicit midpoint rule (Gauss–Legendre s = 1, fixed point)", 2, true, true, 2,
      "Hairer, Lubich & Wanner, GNI §II.1.3 and Thm VI.4.3; seed 001 §G.1 (corrected: docs/studies.md)",
      "implicit Runge-Kutta AND symplectic (b·a + b·a = b², GNI Thm VI.4.3), against seed 001 §G.1; "
      "conserves quadratic invariants; 1 + s·iterations evaluations per step, fixed point to 1e-15 "
      "relative (contracts for ω·Δt < 2)"};
};

/// The 2-stage Gauss–Legendre method (order 4): c = ½ ∓ √3/6,
/// A = [[¼, ¼ − √3/6], [¼ + √3/6, ¼]], b = (½, ½) (GNI §II.1.3): the library's table.
struct Gauss4 {
  static constexpr const tableaus::RkTable& table = tableaus::kGauss2;  // the library's table
  static constexpr core::StepperInfo info{
      "gauss4", "2-stage Gauss–Legendre collocation, order 4 (fixed point)", 4, true, true, 3,
      "Hairer, Lubich & Wanner, GNI §II.1.3 and Thm VI.4.3; seed 001 §G.1 (corrected: docs/studies.md)",
      "implicit Runge-Kutta AND symplectic (GNI Thm VI.4.3), against seed 001 §G.1; conserves quadratic "
      "invariants; 1 + s·iterations evaluations per step, fixed point to 1e-15 relative (contracts for "
      "ω·Δt < 2√3)"};
};
// Both tables satisfy the symplecticity condition up to the rounding of √3 (a few ulps) and the
// row sums Σⱼ aᵢⱼ = cᵢ the second-order form relies on.
static_assert(symplectic_defect(ImplicitMidpoint::table) == 0.0 && tableaus::row_sum_defect(ImplicitMidpoint::table) == 0.0);
static_assert(symplectic_defect(Gauss4::table) < 1e-16 && tableaus::row_sum_defect(Gauss4::table) < 1e-16);
}  // namespace irk

template <class V, class Method>
class ImplicitRungeKutta : public core::OdeintStepperTraits<ImplicitRungeKutta<V, Method>> {
 public:
  using state_type = core::PhaseState<V>;
  static constexpr const tableaus::RkTable& table = Method::table;
  static constexpr std::size_t S = static_cast<std::size_t>(table.stages);
  static constexpr core::StepperInfo info = Method::info;

  ImplicitRungeKutta() = default;
  explicit ImplicitRungeKutta(ImplicitRkParameters p) : p_(p) {}
  const ImplicitRkParameters& parameters() const { return p_; }
  /// Iterations taken by the last step.
  int last_iterations() const { return iterations_; }

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    prepare(x.q);
    static constexpr auto a2 = irk::a_squared(table);
    static constexpr auto w = irk::w(table);
    y0_ = x.q;
    v0_ = x.v;
    sys(y0_, v0_, k_[0], t);  // Fᵢ⁽⁰⁾ = f(t, q, v)
    for (std::size_t i = 1; i < S; ++i) k_[i] = k_[0];
    const double h = dt, h2 = dt * dt;
    const double vscale = v0_.cwiseAbs().maxCoeff();
    solve(t, dt, vscale, [&](std::size_t i) {
      // Vᵢ = v + h Σⱼ aᵢⱼFⱼ,  Qᵢ = q + cᵢh v + h² Σⱼ (A²)ᵢⱼFⱼ,  Fᵢ ← f(t + cᵢh, Qᵢ, Vᵢ)
      combine(vs_, v0_, table.a[i], h, std::make_index_sequence<S>{});
      combine(qs_, y0_, core::scaled(table.c[i] * h, v0_), a2[i], h2, std::make_index_sequence<S>{});
      sys(qs_, vs_, kn_[i], t + table.c[i] * h);
    });
    // q⁺ = q + h v + h² Σ wⱼFⱼ,  v⁺ = v + h Σ bⱼFⱼ
    combine(x.q, y0_, core::scaled(h, v0_), w, h2, std::make_index_sequence<S>{});
    combine(x.v, v0_, table.b, h, std::make_index_sequence<S>{});
  }

  template <core::FirstOrderSystem<V> Sys>
  void do_step(const Sys& sys, V& y, double t, double dt) {
    prepare(y);
    y0_ = y;
    sys(y0_, k_[0], t);  // Kᵢ⁽⁰⁾ = f(t, y)
    for (std::size_t i = 1; i < S; ++i) k_[i] = k_[0];
    const double h = dt;
    solve(t, dt, y0_.cwiseAbs().maxCoeff(), [&](std::size_t i) {
      combine(qs_, y0_, table.a[i], h, std::make_index_sequence<S>{});  // Yᵢ = y + h Σⱼ aᵢⱼKⱼ
      sys(qs_, kn_[i], t + table.c[i] * h);
    });
    combine(y, y0_, table.b, h, std::make_index_sequence<S>{});  // y⁺ = y + h Σ bⱼKⱼ
  }

 private:
  void prepare(const V& like) {
    for (V* b : {&y0_, &v0_, &qs_, &vs_}) core::resize_like(*b, like);
    for (std::size_t i = 0; i < S; ++i) core::resize_like(k_[i], like), core::resize_like(kn_[i], like);
  }

  /// y ← x₀ + Σⱼ (h·cⱼ)·Kⱼ.
  template <std::size_t... J>
  void combine(V& y, const V& x0, const tableaus::StageVector<double>& c, double h, std::index_sequence<J...>) const {
    core::scale_sum(y, x0, core::scaled(h * c[J], k_[J])...);
  }
  /// y ← x₀ + extra + Σⱼ (h·cⱼ)·Kⱼ.
  template <std::size_t... J>
  void combine(V& y, const V& x0, core::Scaled<V> extra, const tableaus::StageVector<double>& c, double h,
               std::index_sequence<J...>) const {
    core::scale_sum(y, x0, extra, core::scaled(h * c[J], k_[J])...);
  }

  /// The fixed point K ← g(K): `stage(i)` writes the new slope of stage i into kn_[i] from k_.
  template <class Stage>
  void solve(double t, double dt, double state_scale, Stage&& stage) {
    double best = std::numeric_limits<double>::infinity(), rel = std::numeric_limits<double>::infinity();
    int since_best = 0;
    for (iterations_ = 1; iterations_ <= p_.max_iterations; ++iterations_) {
      for (std::size_t i = 0; i < S; ++i) stage(i);
      double change = 0.0, size = 0.0;
      for (std::size_t i = 0; i < S; ++i) {
        change = std::max(change, (kn_[i] - k_[i]).cwiseAbs().maxCoeff());
        size = std::max(size, kn_[i].cwiseAbs().maxCoeff());
      }
      for (std::size_t i = 0; i < S; ++i) std::swap(k_[i], kn_[i]);
      const double scale = state_scale + dt * size;
      const double moved = dt * change;
      rel = scale > 0.0 ? moved / scale : moved;
      if (!std::isfinite(rel)) break;
      if (moved <= p_.tolerance * scale) return;  // converged
      if (change < best) {
        best = change, since_best = 0;
      } else if (++since_best >= kStalled && rel <= kRoundOff) {
        return;  // stagnated at round-off
      }
    }
    throw core::NonConvergence(std::string(info.name) + " (fixed point on the stages)", t, dt, rel, p_.max_iterations);
  }

  // Round-off reached: no smaller correction for kStalled iterations while it is at most kRoundOff of the
  // scale. Not "the correction grew once": with complex eigenvalues of the iteration (Gauss-2's are
  // λ(A)² = (¼ ± i/√48)², turning by 60° an iteration) the corrections shrink along an oscillating envelope,
  // and that test stopped gauss4 at 1e-10 near its contraction limit.
  static constexpr int kStalled = 16;
  static constexpr double kRoundOff = 1e-12;

  ImplicitRkParameters p_{};
  int iterations_ = 0;
  V y0_ = core::zero<V>(), v0_ = core::zero<V>(), qs_ = core::zero<V>(), vs_ = core::zero<V>();
  std::array<V, S> k_ = filled(), kn_ = filled();  // the stage slopes (current, next iterate)
  static std::array<V, S> filled() {
    std::array<V, S> out;
    for (auto& v : out) v = core::zero<V>();
    return out;
  }
};

template <class V>
using ImplicitMidpoint = ImplicitRungeKutta<V, irk::ImplicitMidpoint>;
template <class V>
using Gauss4 = ImplicitRungeKutta<V, irk::Gauss4>;

}  // namespace verisim::integrators
