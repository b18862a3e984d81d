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
//
// Summation::compensated accumulates the step's increments (Δq, Δv) separately and adds them to
// the state with Kahan's compensated summation (Kahan, CACM 8 (1965) 40; as ARKODE's SPRKStep
// option), so that round-off in q and v grows like O(ε) instead of O(nε) over n steps.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <utility>

#include "toolkit/core/assign.hpp"
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

/// Method: a type with `static constexpr SplittingTable<S> table;` and `static constexpr StepperInfo info;`.
template <class V, class Method, Summation Sum = Summation::plain>
class Splitting : public core::OdeintStepperTraits<Method::info.order> {
  static constexpr auto kTab = Method::table;
  static constexpr std::size_t kS = decltype(kTab)::stages;
  static constexpr bool kEndsWithKick = kTab.a[kS - 1] == 0.0 && kTab.b[kS - 1] != 0.0;
  // FSAL pays only when the step also begins with a kick at (t, q): velocity Verlet, not symplectic
  // Euler (which ends with a kick but begins with a drift, so there is nothing to remember).
  static constexpr bool kFsal = kEndsWithKick && kTab.b[0] != 0.0;
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
  using state_type = PhaseState<V>;
  static constexpr StepperInfo info = Method::info;

  template <SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, PhaseState<V>& x, double t, double dt) {
    core::resize_like(acc_, x.v);
    if constexpr (Sum == Summation::plain) {
      step_in_place<false>(sys, x, t, dt);
    } else {
      step_compensated(sys, x, t, dt);
    }
  }

  /// The same step when the caller guarantees the state is the one the previous step left
  /// (core::Continuation): the FSAL force is reused without checking its key.
  template <SecondOrderSystem<V> Sys>
  void do_step(const Sys& sys, PhaseState<V>& x, double t, double dt, core::Continuation) {
    core::resize_like(acc_, x.v);
    if constexpr (Sum == Summation::plain) {
      step_in_place<true>(sys, x, t, dt);
    } else {
      step_compensated(sys, x, t, dt);
    }
  }

  /// Forget the FSAL cache and the running compensation (call when switching to another system).
  void reset() {
    acc_current_ = key_valid_ = false;
    compensation_ready_ = false;
  }

 private:
  // The stages are unrolled at compile time (one stage<I> per table column), so every coefficient is
  // a constant, a zero coefficient costs nothing, and the FSAL test exists only in the first stage
  // of a table that has one. The same compositions as the textbook loop
  //   for i: if bᵢ ≠ 0 kick(t + cᵢh, bᵢh); if aᵢ ≠ 0 drift(aᵢh)
  // with one rewriting, exact in real arithmetic: a kick followed by a drift in the same stage
  // moves q with the expanded form of kick_drift below (results differ by round-off only).
  // Trusted: the state is the one the previous step left (core::Continuation), so the FSAL force
  // is reused as is and no key is kept; otherwise the key (t, q) is checked and written.
  template <bool Trusted, class Sys>
  void step_in_place(const Sys& sys, PhaseState<V>& x, double t, double dt) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (stage<I, Trusted>(sys, x, t, dt), ...);
    }(std::make_index_sequence<kS>{});
  }

  template <std::size_t I, bool Trusted, class Sys>
  void stage(const Sys& sys, PhaseState<V>& x, double t, double dt) {
    if constexpr (kTab.b[I] != 0.0) {
      const double ts = t + kC[I] * dt;
      if constexpr (core::velocity_independent<Sys>()) {
        bool reuse = false;
        if constexpr (kFsal && I == 0) {
          if constexpr (Trusted)
            reuse = acc_current_;
          else
            reuse = acc_current_ && key_valid_ && same_time(ts, t_cache_, dt) && same_coordinates(x.q, q_cache_);
        }
        if (!reuse) sys(x.q, x.v, acc_, ts);
        if constexpr (kTab.a[I] != 0.0) {
          kick_drift<I, Trusted>(x, dt);  // this stage's kick and drift in one pass
          return;
        }
        core::add_assign(x.v, (kTab.b[I] * dt) * acc_);
        if constexpr (kFsal && I == kS - 1) {
          if constexpr (!Trusted && (kS < 2 || kTab.a[kS - 2] == 0.0)) q_cache_ = x.q;  // no drift wrote it
          remember(ts, !Trusted);
        }
      } else {
        core::resize_like(dv_, x.v);
        kick_(sys, x.q, x.v, ts, kTab.b[I] * dt, dv_);
        core::add_assign(x.v, dv_);
      }
    }
    if constexpr (kTab.a[I] != 0.0) {
      core::add_assign(x.q, (kTab.a[I] * dt) * x.v);
      if constexpr (!Trusted && kFsal && I + 2 == kS && core::velocity_independent<Sys>())
        q_cache_ = x.q;  // the last drift: q is final
    }
  }

  // Kick then drift, v⁺ = v + bᵢh·a and q⁺ = q + aᵢh·v⁺, with the drift expanded:
  //   q⁺ = (q + aᵢh·v) + aᵢbᵢh²·a
  // — the form of velocity Verlet of Swope, Andersen, Berens & Wilson (J. Chem. Phys. 76 (1982)
  // 637: q⁺ = q + Δt·v + ½Δt²·f(q)), which Boost.Odeint uses too. Exact in real arithmetic, it
  // differs from q + aᵢh·v⁺ by round-off only, and q⁺ no longer waits for v⁺: a 1-DOF step is
  // latency bound, and its dependency chain is one multiply-add shorter. In the FSAL stage the
  // remembered force is added first, (q + aᵢbᵢh²·a) + aᵢh·v: it is ready before v, the last value
  // the previous step wrote. And since the two lanes are no longer the same expression, GCC 12's
  // SLP vectoriser stops packing (q, v) into one 16-byte load right after the 8-byte store of v (a
  // store-forwarding stall). Together: velocity Verlet on the oscillator went from 1.3× odeint to
  // 0.9× (docs/bench.md). One pass over memory (no FMA contraction: the build is ISO C++,
  // -ffp-contract=off). When it is the step's last drift before an FSAL kick, the final q is also
  // written to the cache in the same pass.
  template <std::size_t I, bool Trusted>
  void kick_drift(PhaseState<V>& x, double dt) {
    const double kb = kTab.b[I] * dt;
    const double ka = kTab.a[I] * dt;
    constexpr bool kCache = !Trusted && kFsal && I + 2 == kS;
    if constexpr (kCache) core::resize_like(q_cache_, x.q);
    double* __restrict q = x.q.data();
    double* __restrict v = x.v.data();
    const double* __restrict a = acc_.data();
    double* __restrict qc = kCache ? q_cache_.data() : nullptr;
    const Eigen::Index n = x.q.size();
    const double kab = ka * kb;
    constexpr bool kForceFirst = kFsal && I == 0;
    for (Eigen::Index k = 0; k < n; ++k) {
      const double vk = v[k];
      v[k] = vk + kb * a[k];
      const double qk = kForceFirst ? (q[k] + kab * a[k]) + ka * vk : (q[k] + ka * vk) + kab * a[k];
      q[k] = qk;
      if constexpr (kCache) qc[k] = qk;
    }
  }

  template <class Sys>
  void step_compensated(const Sys& sys, PhaseState<V>& x, double t, double dt) {
    for (V* b : {&dq_, &dv_, &dvk_, &qs_, &vs_}) core::resize_like(*b, x.v);
    if (!compensation_ready_ || cq_.size() != x.q.size()) {
      core::resize_like(cq_, x.q);
      core::resize_like(cv_, x.v);
      cq_.setZero();
      cv_.setZero();
      compensation_ready_ = true;
    }
    dq_.setZero();
    dv_.setZero();
    double c = 0.0;
    for (std::size_t i = 0; i < kS; ++i) {
      if (kTab.b[i] != 0.0) {
        qs_ = x.q + dq_;
        vs_ = x.v + dv_;
        const double ts = t + c * dt;
        if constexpr (core::velocity_independent<Sys>()) {
          sys(qs_, vs_, acc_, ts);
          dv_ += (kTab.b[i] * dt) * acc_;
        } else {
          kick_(sys, qs_, vs_, ts, kTab.b[i] * dt, dvk_);
          dv_ += dvk_;
        }
      }
      if (kTab.a[i] != 0.0) {
        dq_ += (kTab.a[i] * dt) * (x.v + dv_);
        c += kTab.a[i];
      }
    }
    compensated_add(x.q, dq_, cq_);
    compensated_add(x.v, dv_, cv_);
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

  V acc_ = core::zero<V>(), dv_ = core::zero<V>();
  KickSolver<V, Method::info.order> kick_{};
  // FSAL cache (velocity-independent systems whose table begins and ends with a kick):
  // acc_current_: acc_ is f at the state the last step left; key_valid_: (t_cache_, q_cache_) name it.
  V q_cache_ = core::zero<V>();
  double t_cache_ = 0.0;
  bool acc_current_ = false, key_valid_ = false;
  // compensated summation: step increments and the running compensation of q and v
  V dq_ = core::zero<V>(), dvk_ = core::zero<V>(), qs_ = core::zero<V>(), vs_ = core::zero<V>();
  V cq_ = core::zero<V>(), cv_ = core::zero<V>();
  bool compensation_ready_ = false;
};

}  // namespace verisim::integrators
