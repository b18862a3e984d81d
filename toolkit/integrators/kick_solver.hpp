#pragma once
// The kick sub-flow of a splitting method, v′ = f(t, q, v) with t and q frozen, over a time τ.
//
// A splitting method Π φᴬ(aᵢΔt) φᴮ(bᵢΔt) has its declared order p only if each sub-flow is exact
// or at least accurate to O(τ^(p+1)) (Hairer, Lubich & Wanner, Geometric Numerical Integration,
// 2nd ed., §III.3 and §III.5). The drift q′ = v is always exact. The kick is exact in one
// evaluation when f does not depend on v; with damping, drag or a magnetic force it is not, and
// taking it as a single Euler kick (what Boost.Odeint's velocity_verlet does) drops the method to
// order 1. So for velocity-dependent systems the kick is integrated by an explicit Runge-Kutta
// method of order ≥ p, chosen at compile time from the splitting method's order:
//   p = 1: Euler; p = 2: explicit midpoint (Runge 1895); p = 3, 4: classical RK4 (Kutta 1901);
//   p = 5, 6: Butcher's 7-stage order-6 method (Butcher, J. Austral. Math. Soc. 4 (1964) 179;
//   tableau as in Butcher, Numerical Methods for ODEs, 3rd ed. (2016), §325).
// The tables are the library's (toolkit/tableaus/library.hpp), compiled from their text at compile time.
#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/system.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::integrators {

/// The cheapest of the library's tables (toolkit/tableaus/library.hpp) whose order is at least p: the one rule,
/// used at compile time here and at run time by table_splitting.hpp.
constexpr const tableaus::RkTable& kick_table_for_order(int p) {
  if (p <= 1) return tableaus::kEuler;
  if (p == 2) return tableaus::kMidpoint;
  if (p <= 4) return tableaus::kRk4;
  return tableaus::kButcher6;
}

/// Integrates the kick v′ = f(t, q, v) over τ and writes the velocity increment Δv.
/// Holds its stage buffers so that a step allocates nothing (dynamic vectors: the first step only).
template <class V, int Order>
class KickSolver {
  static_assert(Order >= 1 && Order <= 6, "no kick tableau for this order");
  static constexpr const tableaus::RkTable& kTab = kick_table_for_order(Order);
  static constexpr std::size_t kS = static_cast<std::size_t>(kTab.stages);

  // The indices j of the nonzero entries of a tableau row (A's row I: j < I; b: all), in order, so
  // that each combination below is one scale_sum with the nonzero terms only.
  template <std::size_t I>
  static constexpr auto kStageTerms = [] {
    constexpr std::size_t n = [] {
      std::size_t c = 0;
      for (std::size_t j = 0; j < I; ++j) c += kTab.a[I][j] != 0.0 ? 1 : 0;
      return c;
    }();
    std::array<std::size_t, n> idx{};
    for (std::size_t j = 0, c = 0; j < I; ++j)
      if (kTab.a[I][j] != 0.0) idx[c++] = j;
    return idx;
  }();
  static constexpr auto kWeightTerms = [] {
    constexpr std::size_t n = [] {
      std::size_t c = 0;
      for (std::size_t j = 0; j < kS; ++j) c += kTab.b[j] != 0.0 ? 1 : 0;
      return c;
    }();
    std::array<std::size_t, n> idx{};
    for (std::size_t j = 0, c = 0; j < kS; ++j)
      if (kTab.b[j] != 0.0) idx[c++] = j;
    return idx;
  }();

 public:
  /// Number of f evaluations of one velocity-dependent kick.
  static constexpr int evaluations = static_cast<int>(kS);

  KickSolver() { k_.fill(core::zero<V>()); }

  template <class Sys>
  void operator()(const Sys& sys, const V& q, const V& v, double t, double tau, V& dv) {
    for (auto& k : k_) core::resize_like(k, v);
    core::resize_like(vs_, v);
    [&]<std::size_t... I>(std::index_sequence<I...>) { (stage<I>(sys, q, v, t, tau), ...); }(std::make_index_sequence<kS>{});
    // Δv = τ Σ bᵢ kᵢ
    [&]<std::size_t... N>(std::index_sequence<N...>) {
      core::scale_sum(dv, core::scaled(tau * kTab.b[kWeightTerms[N]], k_[kWeightTerms[N]])...);
    }(std::make_index_sequence<kWeightTerms.size()>{});
  }

 private:
  // kᵢ = f(t, q, v + τ Σⱼ Aᵢⱼ kⱼ)
  template <std::size_t I, class Sys>
  void stage(const Sys& sys, const V& q, const V& v, double t, double tau) {
    constexpr auto& terms = kStageTerms<I>;
    if constexpr (terms.empty()) {
      sys(q, v, k_[I], t);
    } else {
      [&]<std::size_t... N>(std::index_sequence<N...>) {
        core::scale_sum(vs_, v, core::scaled(tau * kTab.a[I][terms[N]], k_[terms[N]])...);
      }(std::make_index_sequence<terms.size()>{});
      sys(q, vs_, k_[I], t);
    }
  }

  std::array<V, kS> k_{};
  V vs_ = core::zero<V>();
};

}  // namespace verisim::integrators
