#pragma once
// One table row = one problem × one method, three benchmarks named
//   <problem>/<method>/ours, <problem>/<method>/odeint, <problem>/<method>/hand
// registered side by side in the same binary, so that scripts/bench can interleave their
// repetitions (--benchmark_enable_random_interleaving) and take the ratio within one run.
//
// Timing: one iteration = one step of the stepper's own do_step (no observer, no finiteness
// check), t advanced by dt; steps run in batches inside an out-of-line function per side. After every step the state escapes (see escape() below): the compiler
// must assume it is read and written, so the step can be neither dropped nor merged with the
// next, on every side alike. dt escapes once so that no side folds h·bᵢ at compile time.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include <benchmark/benchmark.h>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>

#include "bench/adapters.hpp"
#include "toolkit/integrators/euler.hpp"
#include "toolkit/integrators/mclachlan4.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/symplectic_euler.hpp"
#include "toolkit/integrators/verlet.hpp"

namespace verisim::bench {

namespace odeint = boost::numeric::odeint;

/// Makes the compiler assume that `x` is read and written behind its back: its address escapes
/// into an empty asm statement that clobbers memory (benchmark::DoNotOptimize on a pointer, an
/// input-only operand, then benchmark::ClobberMemory). Deliberately not DoNotOptimize(x) on the
/// value: for GCC, Google Benchmark 1.7.1 gives that overload the in-out constraint "+m,r", which GCC 12
/// miscompiles for a double (the value came back as pointer bits: a denormal time step).
template <class T>
inline void escape(T& x) {
  benchmark::DoNotOptimize(&x);
  benchmark::ClobberMemory();
}

/// `n` steps of one side, compiled as a function of its own (never inlined into the harness):
/// each side's loop gets its own code placement and register allocation, as in a program that
/// uses only that library, instead of inheriting the benchmark harness's context (docs/bench.md).
template <class State, class Step>
[[gnu::noinline]] void run_steps(State& x, double& t, double dt, std::int64_t n, Step& step) {
  for (std::int64_t i = 0; i < n; ++i) {
    step(x, t, dt);
    t += dt;
    escape(x);
  }
}

/// Times `step(x, t, dt)` in batches of kBatch steps; items = steps, so ns/step = 1e9 / items_per_second.
template <class State, class Step>
void time_steps(benchmark::State& st, State x, double dt, Step&& step) {
  constexpr std::int64_t kBatch = 64;
  escape(dt);  // dt unknown at compile time: no side folds h·bᵢ into constants
  double t = 0.0;
  while (st.KeepRunningBatch(kBatch)) run_steps(x, t, dt, kBatch, step);
  st.SetItemsProcessed(st.iterations());
  if (!(dt > 1e-12)) st.SkipWithError("the time step was lost: the benchmark harness is broken");
}

/// Registers the rows of every method on problem `p` under the name `problem`.
template <class P>
void register_rows(const std::string& problem, std::shared_ptr<const P> p) {
  using V = VecOf<P>;
  using Y = PhaseOf<P>;
  const double dt = p->dt;
  auto reg = [&](const std::string& method, const std::string& side, auto fn) {
    benchmark::RegisterBenchmark((problem + "/" + method + "/" + side).c_str(),
                                 [p, dt, fn](benchmark::State& st) { fn(st, *p, dt); });
  };
  auto phase = [](const P& q) { return core::PhaseState<V>{to_vec<V>(q.q0), to_vec<V>(q.v0)}; };
  auto pair = [](const P& q) { return std::pair<V, V>{to_vec<V>(q.q0), to_vec<V>(q.v0)}; };

  // ---- explicit Euler: ours on the second-order form; odeint has only the first-order one ----
  reg("euler", "ours", [phase](benchmark::State& st, const P& q, double h) {
    integrators::Euler<V> s;
    const SecondOrder<P> sys{&q};
    time_steps(st, phase(q), h, [&](auto& x, double t, double d) { s.do_step(sys, x, t, d); });
  });
  reg("euler", "odeint", [](benchmark::State& st, const P& q, double h) {
    odeint::euler<Y> s;
    const FirstOrder<P> sys{&q};
    time_steps(st, stacked(q), h, [&](auto& y, double t, double d) { s.do_step(sys, y, t, d); });
  });
  reg("euler", "hand", [](benchmark::State& st, const P& q, double h) {
    HandEuler<P> s{&q};
    time_steps(st, hand_state(q), h, [&](auto& x, double, double d) { s.step(x, d); });
  });
  // ---- explicit Euler, both on the first-order form ----
  reg("euler-1st", "ours", [](benchmark::State& st, const P& q, double h) {
    integrators::Euler<Y> s;
    const FirstOrder<P> sys{&q};
    time_steps(st, stacked(q), h, [&](auto& y, double t, double d) { s.do_step(sys, y, t, d); });
  });
  reg("euler-1st", "odeint", [](benchmark::State& st, const P& q, double h) {
    odeint::euler<Y> s;
    const FirstOrder<P> sys{&q};
    time_steps(st, stacked(q), h, [&](auto& y, double t, double d) { s.do_step(sys, y, t, d); });
  });
  reg("euler-1st", "hand", [](benchmark::State& st, const P& q, double h) {
    HandEuler1<P> s{&q};
    HandBuf2<P> y = make_buf<HandBuf2<P>>(2 * dim(q));
    const Y y0 = stacked(q);
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = y0[static_cast<Eigen::Index>(i)];
    time_steps(st, y, h, [&](auto& x, double, double d) { s.step(x, d); });
  });

  // ---- classical RK4: ours on the second-order form vs odeint's runge_kutta4 ----
  reg("rk4", "ours", [phase](benchmark::State& st, const P& q, double h) {
    integrators::Rk4<V> s;
    const SecondOrder<P> sys{&q};
    time_steps(st, phase(q), h, [&](auto& x, double t, double d) { s.do_step(sys, x, t, d); });
  });
  reg("rk4", "odeint", [](benchmark::State& st, const P& q, double h) {
    odeint::runge_kutta4<Y> s;
    const FirstOrder<P> sys{&q};
    time_steps(st, stacked(q), h, [&](auto& y, double t, double d) { s.do_step(sys, y, t, d); });
  });
  reg("rk4", "hand", [](benchmark::State& st, const P& q, double h) {
    HandRk4<P> s{&q};
    time_steps(st, hand_state(q), h, [&](auto& x, double, double d) { s.step(x, d); });
  });
  // ---- classical RK4, both on the first-order form ----
  reg("rk4-1st", "ours", [](benchmark::State& st, const P& q, double h) {
    integrators::Rk4<Y> s;
    const FirstOrder<P> sys{&q};
    time_steps(st, stacked(q), h, [&](auto& y, double t, double d) { s.do_step(sys, y, t, d); });
  });
  reg("rk4-1st", "odeint", [](benchmark::State& st, const P& q, double h) {
    odeint::runge_kutta4<Y> s;
    const FirstOrder<P> sys{&q};
    time_steps(st, stacked(q), h, [&](auto& y, double t, double d) { s.do_step(sys, y, t, d); });
  });
  reg("rk4-1st", "hand", [](benchmark::State& st, const P& q, double h) {
    HandRk41<P> s{&q};
    HandBuf2<P> y = make_buf<HandBuf2<P>>(2 * dim(q));
    const Y y0 = stacked(q);
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = y0[static_cast<Eigen::Index>(i)];
    time_steps(st, y, h, [&](auto& x, double, double d) { s.step(x, d); });
  });

  // ---- symplectic Euler, position first ----
  reg("symplectic-euler", "ours", [phase](benchmark::State& st, const P& q, double h) {
    integrators::SymplecticEuler<V> s;
    const SecondOrder<P> sys{&q};
    time_steps(st, phase(q), h, [&](auto& x, double t, double d) { s.do_step(sys, x, t, d); });
  });
  reg("symplectic-euler", "odeint", [pair](benchmark::State& st, const P& q, double h) {
    odeint::symplectic_euler<V> s;
    const Force<P> sys{&q};
    time_steps(st, pair(q), h, [&](auto& x, double t, double d) { s.do_step(sys, x, t, d); });
  });
  reg("symplectic-euler", "hand", [](benchmark::State& st, const P& q, double h) {
    HandSymplecticEuler<P> s{&q};
    time_steps(st, hand_state(q), h, [&](auto& x, double, double d) { s.step(x, d); });
  });

  // ---- velocity Verlet ----
  // Ours as integrators::integrate_n_steps runs it: from the second step on the state is the one
  // the stepper left (core::continuation), so the FSAL force is reused without its O(n) key check.
  // The "verlet-checked" row shows the cost of that check (do_step from arbitrary code).
  reg("verlet", "ours", [phase](benchmark::State& st, const P& q, double h) {
    integrators::VelocityVerlet<V> s;
    const SecondOrder<P> sys{&q};
    bool first = true;
    time_steps(st, phase(q), h, [&](auto& x, double t, double d) {
      if (first) {
        s.do_step(sys, x, t, d);
        first = false;
      } else {
        s.do_step(sys, x, t, d, core::continuation);
      }
    });
  });
  reg("verlet", "odeint", [pair](benchmark::State& st, const P& q, double h) {
    odeint::velocity_verlet<V> s;
    const SecondOrder<P> sys{&q};
    time_steps(st, pair(q), h, [&](auto& x, double t, double d) { s.do_step(sys, x, t, d); });
  });
  reg("verlet", "hand", [](benchmark::State& st, const P& q, double h) {
    HandVerlet<P> s{&q};
    time_steps(st, hand_state(q), h, [&](auto& x, double, double d) { s.step(x, d); });
  });

  // ---- McLachlan SB3A ----
  reg("mclachlan4", "ours", [phase](benchmark::State& st, const P& q, double h) {
    integrators::McLachlan4<V> s;
    const SecondOrder<P> sys{&q};
    time_steps(st, phase(q), h, [&](auto& x, double t, double d) { s.do_step(sys, x, t, d); });
  });
  reg("mclachlan4", "odeint", [pair](benchmark::State& st, const P& q, double h) {
    odeint::symplectic_rkn_sb3a_mclachlan<V> s;
    const Force<P> sys{&q};
    time_steps(st, pair(q), h, [&](auto& x, double t, double d) { s.do_step(sys, x, t, d); });
  });
  reg("mclachlan4", "hand", [](benchmark::State& st, const P& q, double h) {
    HandMcLachlan4<P> s{&q};
    time_steps(st, hand_state(q), h, [&](auto& x, double, double d) { s.step(x, d); });
  });
}

}  // namespace verisim::bench
