#pragma once
// One generic loop for every splitting (partitioned, symplectic Runge-Kutta-Nyström) method,
// driven by a table of coefficients — as Boost.Odeint's symplectic_nystroem_stepper_base and
// SUNDIALS ARKODE's SPRKStep do.
//
// A step of size h from (t, q, v) is the composition, in this order, for i = 0 … s−1 (kick first):
//   kick:   v ← v + bᵢh·f(t + cᵢh, q, v)      cᵢ = a₀ + … + aᵢ₋₁   (skipped when bᵢ = 0)
//   drift:  q ← q + aᵢh·v                                          (skipped when aᵢ = 0)
// With Σaᵢ = Σbᵢ = 1 this is order 1; each table in its own header states and cites its order,
// and tests/integrators checks it against the order conditions (composition of non-commuting
// linear flows against the exact exponential). Every such method is symplectic for separable
// Hamiltonians H = ½vᵀv + V(q) (Hairer, Lubich & Wanner, GNI, Thm VI.3.3).
//
// Velocity-dependent forces: see kick_solver.hpp; the kick is then integrated to the table's order.
// FSAL: for a velocity-independent system, when a step ends with a kick at (t + h, q) and the next
// begins with one at the same (t, q), the force is reused (velocity Verlet: 1 evaluation per step).
// The cache is keyed on the exact q and on t to round-off, so a state changed between steps (a
// collision) is safe; a loop that guarantees it did not change (integrate_n_steps, through
// core::Continuation) skips the key and its O(n) compare and copy.
// A two-stage FSAL method (velocity Verlet) on such a system with a state of dynamic size keeps the
// step's first force beside the new one (two buffers, swapped: the pointers) and writes v once:
// q⁺ = q + (h²·a₀b₀)·a + (a₀h)·v, then v⁺ = (v + b₀h·a) + b₁h·a⁺, the same sums as kick, drift, kick,
// to the bit (the half-step velocity is rounded where it was), with one stream of stores less per step
// (Boost.Odeint's velocity_verlet does the same). Fixed-size states keep the kick-drift-kick pass: there
// the extra buffer is copied, not swapped, and measured slower (docs/bench.md).
//
// Summation::compensated accumulates the step's increments (Δq, Δv) separately and adds them to
// the state with Kahan's compensated summation (Kahan, CACM 8 (1965) 40; as ARKODE's SPRKStep
// option), so that round-off in q and v grows like O(ε) instead of O(nε) over n steps.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "toolkit/core/scale_sum.hpp"
#include "toolkit/core/stepper.hpp"
#include "toolkit/core/system.hpp"
#include "toolkit/integrators/kick_solver.hpp"

namespace verisim::integrators {

enum class Summation { plain, compensated };

/// A splitting table: drift coefficients a, kick coefficients b (kick first in each stage).
template <std::size_t S>
struct SplittingTable {
  static constexpr std::size_t stages = S;
  std::array<double, S> a;
  std::array<double, S> b;
};

/// Kahan's compensated addition x ← x + d, carrying the lost low-order bits in c.
template <class V>
void compensated_add(V& x, const V& d, V& c) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double y = d[i] - c[i];
    const double s = x[i] + y;
    c[i] = (s - x[i]) - y;
    x[i] = s;
  }
}

/// Method: a type with `static constexpr SplittingTable<S> table;` and `static constexpr core::StepperInfo info;`.
template <class V, class Method, Summation Sum = Summation::plain>
class Splitting : public core::OdeintStepperTraits<Splitting<V, Method, Sum>> {
  static constexpr auto kTab = Method::table;
  static constexpr std::size_t kS = decltype(kTab)::stages;
  static constexpr bool kCompensated = Sum == Summation::compensated;
  static constexpr bool kEndsWithKick = kTab.a[kS - 1] == 0.0 && kTab.b[kS - 1] != 0.0;
  // FSAL pays only when the step also begins with a kick at (t, q): velocity Verlet, not symplectic
  // Euler (which ends with a kick but begins with a drift, so there is nothing to remember). Not
  // with compensated summation: the next step starts from the Kahan sum of q and Δq, not from the
  // q + Δq at which the last force was evaluated.
  static constexpr bool kFsal = !kCompensated && kEndsWithKick && kTab.b[0] != 0.0;
  static constexpr bool kDynamic = V::SizeAtCompileTime == Eigen::Dynamic;  // a state of run-time size (VecX)
  // cᵢ = a₀ + … + aᵢ₋₁, summed in table order (the kick times of the stages).
  static constexpr std::array<double, kS> kC = [] {
    std::array<double, kS> c{};
    double sum = 0.0;
    for (std::size_t i = 0; i < kS; ++i) {
      c[i] = sum;
      if (kTab.a[i] != 0.0) sum += kTab.a[i];
    }
    return c;
  }();

 public:
  using state_type = core::PhaseState<V>;
  static constexpr core::StepperInfo info = Method::info;

  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    step<false>(sys, x, t, dt);
  }

  /// The same step when the caller guarantees the state is the one the previous step left
  /// (core::Continuation): the FSAL force is reused without checking its key.
  template <core::SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt, core::Continuation) {
    step<true>(sys, x, t, dt);
  }

  /// Forget the FSAL cache and the running compensation (call when switching to another system;
  /// integrate_n_steps calls it after a system remaps its state).
  void reset() {
    acc_current_ = key_valid_ = false;
    if constexpr (kCompensated) sum_.ready = false;
  }

 private:
  // The stages are unrolled at compile time (one stage<I> per table column), so every coefficient is
  // a constant, a zero coefficient costs nothing, and the FSAL test exists only in the first stage
  // of a table that has one. The same compositions as the textbook loop
  //   for i: if bᵢ ≠ 0 kick(t + cᵢh, bᵢh); if aᵢ ≠ 0 drift(aᵢh)
  // with one rewriting, exact in real arithmetic: a kick followed by a drift in the same stage
  // moves q with the expanded form of kick_drift below (results differ by round-off only).
  // Plain and compensated summation run this same code; they differ only in where a kick or a
  // drift lands (on x, or on the step's increments Δ with the stages seeing x + Δ): kick(),
  // drift(), kick_drift(), position(), velocity().
  // Trusted: the state is the one the previous step left (core::Continuation), so the FSAL force
  // is reused as is and no key is kept; otherwise the key (t, q) is checked and written.
  template <bool Trusted, class Sys>
  void step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    core::resize_like(acc_, x.v);
    if constexpr (kFsal && kS == 2 && core::velocity_independent<Sys>() && kDynamic) {
      two_force_step<Trusted>(sys, x, t, dt);
      return;
    }
    if constexpr (kCompensated) sum_.begin(x);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (stage<I, Trusted>(sys, x, t, dt), ...);
    }(std::make_index_sequence<kS>{});
    if constexpr (kCompensated) sum_.end(x);
  }

  /// Velocity Verlet's step with the first force kept (see the top of this file).
  template <bool Trusted, class Sys>
  void two_force_step(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    using core::into, core::scaled;
    constexpr double a0 = kTab.a[0], b0 = kTab.b[0], b1 = kTab.b[1];
    static_assert(kTab.a[1] == 0.0 && a0 != 0.0);
    if (!reuse_force<0, Trusted>(x.q, t, dt)) sys(x.q, x.v, acc_, t);
    const double ka = a0 * dt, kb0 = b0 * dt, kab = ka * kb0, kb1 = b1 * dt;
    const auto q_new = [&](V& out) { return into(out, x.q, scaled(kab, acc_), scaled(ka, x.v)); };  // as kick_drift
    if constexpr (Trusted) {
      core::scale_sum(x.q, x.q, scaled(kab, acc_), scaled(ka, x.v));
    } else {
      core::resize_like(q_cache_, x.q);
      core::scale_sum(q_new(x.q), q_new(q_cache_));  // q⁺ to the key as well
    }
    core::resize_like(acc_next_, x.v);
    const double ts = t + kC[1] * dt;
    sys(x.q, x.v, acc_next_, ts);  // velocity-independent: v is not read
    core::scale_sum(x.v, x.v, scaled(kb0, acc_), scaled(kb1, acc_next_));  // (v + b₀h·a) + b₁h·a⁺
    acc_.swap(acc_next_);  // dynamic size: the pointers
    remember(ts, !Trusted);
  }

  template <std::size_t I, bool Trusted, class Sys>
  void stage(const Sys& sys, core::PhaseState<V>& x, double t, double dt) {
    constexpr double a = kTab.a[I], b = kTab.b[I];
    constexpr bool kCacheQ = !Trusted && kFsal && I + 2 == kS;  // this stage's drift is the step's last
    if constexpr (b != 0.0) {
      const double ts = t + kC[I] * dt;
      if constexpr (core::velocity_independent<Sys>()) {
        if (!reuse_force<I, Trusted>(x.q, ts, dt)) sys(position(x), x.v, acc_, ts);
        if constexpr (a != 0.0) {
          kick_drift<I, kCacheQ>(x, b * dt, a * dt);  // this stage's kick and drift in one pass
          return;
        }
        kick(x, core::scaled(b * dt, acc_));
        if constexpr (kFsal && I == kS - 1) {
          if constexpr (!Trusted && (kS < 2 || kTab.a[kS - 2] == 0.0)) q_cache_ = x.q;  // no drift wrote it
          remember(ts, !Trusted);
        }
      } else {
        core::resize_like(dvk_, x.v);
        kick_(sys, position(x), velocity(x), ts, b * dt, dvk_);
        kick(x, dvk_);
      }
    }
    if constexpr (a != 0.0) drift<kCacheQ && core::velocity_independent<Sys>()>(x, a * dt);
  }

  // --- where the stages land: on x (plain), or on the increments Δq, Δv (compensated) ----------

  // The position and the velocity a stage sees: x, or x + Δ.
  const V& position(const core::PhaseState<V>& x) {
    if constexpr (kCompensated) {
      core::scale_sum(sum_.qs, x.q, sum_.dq);
      return sum_.qs;
    } else {
      return x.q;
    }
  }
  const V& velocity(const core::PhaseState<V>& x) {
    if constexpr (kCompensated) {
      core::scale_sum(sum_.vs, x.v, sum_.dv);
      return sum_.vs;
    } else {
      return x.v;
    }
  }

  // kick: v ← v + term (term = bᵢh·f, or the kick solver's Δv).
  template <class Term>
  void kick(core::PhaseState<V>& x, const Term& term) {
    if constexpr (kCompensated)
      core::scale_sum(sum_.dv, sum_.dv, term);
    else
      core::scale_sum(x.v, x.v, term);
  }

  // drift: q ← q + c·v (compensated: Δq ← Δq + c·v + c·Δv); CacheQ: q is final, copy it to the FSAL key.
  template <bool CacheQ>
  void drift(core::PhaseState<V>& x, double c) {
    using core::into, core::scaled;
    if constexpr (kCompensated) {
      core::scale_sum(sum_.dq, sum_.dq, scaled(c, x.v), scaled(c, sum_.dv));
    } else if constexpr (CacheQ) {
      core::resize_like(q_cache_, x.q);
      core::scale_sum(into(x.q, x.q, scaled(c, x.v)), into(q_cache_, x.q, scaled(c, x.v)));  // the same q⁺ twice
    } else {
      core::scale_sum(x.q, x.q, scaled(c, x.v));
    }
  }

  // Kick then drift, v⁺ = v + bᵢh·a and q⁺ = q + aᵢh·v⁺, with the drift expanded:
  //   q⁺ = (q + aᵢh·v) + aᵢbᵢh²·a
  // — the form of velocity Verlet of Swope, Andersen, Berens & Wilson (J. Chem. Phys. 76 (1982)
  // 637: q⁺ = q + Δt·v + ½Δt²·f(q)), which Boost.Odeint uses too. Exact in real arithmetic, it
  // differs from q + aᵢh·v⁺ by round-off only, and q⁺ and v⁺ both come from the old (q, v, a): one
  // pass over memory, and q⁺ does not wait for v⁺ (a 1-DOF step is latency bound). In the FSAL
  // stage the remembered force, ready before v, is added first: (q + aᵢbᵢh²·a) + aᵢh·v. No FMA
  // contraction (the build is ISO C++). When it is the step's last drift before an FSAL kick, q⁺
  // is written to the key in the same pass. Compensated: Δq ← Δq + aᵢh·(v + Δv) + aᵢbᵢh²·a and
  // Δv ← Δv + bᵢh·a.
  template <std::size_t I, bool CacheQ>
  void kick_drift(core::PhaseState<V>& x, double kb, double ka) {
    using core::into, core::scaled;
    const double kab = ka * kb;
    if constexpr (kCompensated) {
      core::scale_sum(into(sum_.dq, sum_.dq, scaled(ka, x.v), scaled(ka, sum_.dv), scaled(kab, acc_)),
                      into(sum_.dv, sum_.dv, scaled(kb, acc_)));
    } else {
      constexpr bool kForceFirst = kFsal && I == 0;
      const auto q_new = [&](V& out) {
        if constexpr (kForceFirst)
          return into(out, x.q, scaled(kab, acc_), scaled(ka, x.v));
        else
          return into(out, x.q, scaled(ka, x.v), scaled(kab, acc_));
      };
      if constexpr (CacheQ) {
        core::resize_like(q_cache_, x.q);
        core::scale_sum(q_new(x.q), into(x.v, x.v, scaled(kb, acc_)), q_new(q_cache_));  // q⁺ to the key as well
      } else {
        core::scale_sum(q_new(x.q), into(x.v, x.v, scaled(kb, acc_)));
      }
    }
  }

  // --- FSAL ------------------------------------------------------------------------------------

  // May stage I take the remembered force instead of evaluating f at (ts, q)?
  template <std::size_t I, bool Trusted>
  bool reuse_force(const V& q, double ts, double dt) const {
    if constexpr (kFsal && I == 0) {
      if constexpr (Trusted)
        return acc_current_;
      else
        return acc_current_ && key_valid_ && same_time(ts, t_cache_, dt) && same_coordinates(q, q_cache_);
    } else {
      return false;
    }
  }

  // The next step's t = t₀ + (k+1)Δt and this step's t + Σaᵢ·Δt agree only to round-off: a force
  // evaluated at times that close is the same force to round-off.
  static bool same_time(double a, double b, double dt) {
    return std::abs(a - b) <= 8.0 * std::numeric_limits<double>::epsilon() * (std::abs(a) + std::abs(dt));
  }

  // The FSAL key on q: bitwise equality (std::memcmp), stricter than ==, so a reused force is
  // exactly the one f would return; one vectorised pass even for dynamic vectors.
  static bool same_coordinates(const V& a, const V& b) {
    return a.size() == b.size() &&
           std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
  }

  // acc_ now holds f at the state this step leaves; with a key, q_cache_ was written by the
  // step's last drift and the key becomes valid with the time.
  void remember(double t, bool with_key) {
    acc_current_ = true;
    key_valid_ = with_key;
    t_cache_ = t;
  }

  // --- compensated summation --------------------------------------------------------------------

  // The step's increments Δq, Δv, the state x + Δ the stages see, and the running compensation of
  // q and v (Kahan's c), kept from step to step.
  struct Increments {
    V dq = core::zero<V>(), dv = core::zero<V>(), qs = core::zero<V>(), vs = core::zero<V>();
    V cq = core::zero<V>(), cv = core::zero<V>();
    bool ready = false;

    void begin(const core::PhaseState<V>& x) {
      for (V* b : {&dq, &dv, &qs, &vs}) core::resize_like(*b, x.v);
      if (!ready || cq.size() != x.q.size()) {
        core::resize_like(cq, x.q);
        core::resize_like(cv, x.v);
        cq.setZero();
        cv.setZero();
        ready = true;
      }
      dq.setZero();
      dv.setZero();
    }
    void end(core::PhaseState<V>& x) {
      compensated_add(x.q, dq, cq);
      compensated_add(x.v, dv, cv);
    }
  };
  struct NoIncrements {};

  V acc_ = core::zero<V>(), dvk_ = core::zero<V>();  // f at the kick; a velocity-dependent kick's Δv
  V acc_next_ = core::zero<V>();                      // two_force_step's new force
  KickSolver<V, Method::info.order> kick_{};
  // FSAL cache (velocity-independent systems whose table begins and ends with a kick):
  // acc_current_: acc_ is f at the state the last step left; key_valid_: (t_cache_, q_cache_) name it.
  V q_cache_ = core::zero<V>();
  double t_cache_ = 0.0;
  bool acc_current_ = false, key_valid_ = false;
  [[no_unique_address]] std::conditional_t<kCompensated, Increments, NoIncrements> sum_{};
};

}  // namespace verisim::integrators
