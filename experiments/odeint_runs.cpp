#include "experiments/odeint_runs.hpp"

#include <stdexcept>
#include <string>

#include <boost/numeric/odeint/stepper/euler.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/symplectic_euler.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_mclachlan.hpp>
#include <boost/numeric/odeint/stepper/velocity_verlet.hpp>

#include "experiments/problems.hpp"

namespace verisim::experiments {

namespace odeint = boost::numeric::odeint;

int odeint_declared_order(std::string_view name) {
  using A1 = std::array<double, 1>;
  if (name == "euler") return odeint::euler<A1>::order_value;
  if (name == "runge_kutta4") return odeint::runge_kutta4<A1>::order_value;
  if (name == "symplectic_euler") return odeint::symplectic_euler<A1>::order_value;
  if (name == "velocity_verlet") return odeint::velocity_verlet<A1>::order_value;
  if (name == "symplectic_rkn_sb3a_mclachlan") return odeint::symplectic_rkn_sb3a_mclachlan<A1>::order_value;
  throw std::invalid_argument("unknown odeint stepper '" + std::string(name) + "'");
}

namespace {

template <class P>
constexpr int kDim = P::V::RowsAtCompileTime;

template <class P>
typename P::V to_vec(const double* p) {
  typename P::V v;
  for (int i = 0; i < kDim<P>; ++i) v[i] = p[i];
  return v;
}

template <class P>
std::optional<OdeintRun<P>> run(std::string_view name, const P& problem, double dt, long n) {
  constexpr int N = kDim<P>;
  using Half = std::array<double, N>;
  using Full = std::array<double, 2 * N>;
  long long count = 0;
  const auto x0 = problem.initial();
  OdeintRun<P> out;
  auto first_order = [&](auto stepper) {
    Full y;
    for (int i = 0; i < N; ++i) {
      y[i] = x0.q[i];
      y[N + i] = x0.v[i];
    }
    auto sys = [&](const Full& s, Full& d, double t) {
      ++count;
      const typename P::V q = to_vec<P>(s.data()), v = to_vec<P>(s.data() + N);
      typename P::V a;
      problem(q, v, a, t);
      for (int i = 0; i < N; ++i) {
        d[i] = s[N + i];
        d[N + i] = a[i];
      }
    };
    for (long k = 0; k < n; ++k) stepper.do_step(sys, y, static_cast<double>(k) * dt, dt);
    out.state = {to_vec<P>(y.data()), to_vec<P>(y.data() + N)};
  };
  auto split = [&](auto& q, auto& p) {
    for (int i = 0; i < N; ++i) {
      q[i] = x0.q[i];
      p[i] = x0.v[i];
    }
  };
  if (name == "euler") {
    first_order(odeint::euler<Full>{});
  } else if (name == "runge_kutta4") {
    first_order(odeint::runge_kutta4<Full>{});
  } else if (name == "velocity_verlet") {
    Half q, p;
    split(q, p);
    auto sys = [&](const Half& qq, const Half& vv, Half& a, double t) {
      ++count;
      typename P::V acc;
      problem(to_vec<P>(qq.data()), to_vec<P>(vv.data()), acc, t);
      for (int i = 0; i < N; ++i) a[i] = acc[i];
    };
    odeint::velocity_verlet<Half> stepper;
    for (long k = 0; k < n; ++k)
      stepper.do_step(sys, std::make_pair(std::ref(q), std::ref(p)), static_cast<double>(k) * dt, dt);
    out.state = {to_vec<P>(q.data()), to_vec<P>(p.data())};
  } else if (name == "symplectic_euler" || name == "symplectic_rkn_sb3a_mclachlan") {
    if constexpr (!P::velocity_independent) {
      return std::nullopt;  // odeint's symplectic steppers take ṗ = f(q) only
    } else {
      Half q, p;
      split(q, p);
      auto force = [&](const Half& qq, Half& dpdt) {
        ++count;
        typename P::V acc;
        const typename P::V zero = P::V::Zero();
        problem(to_vec<P>(qq.data()), zero, acc, 0.0);
        for (int i = 0; i < N; ++i) dpdt[i] = acc[i];
      };
      auto go = [&](auto stepper) {
        for (long k = 0; k < n; ++k)
          stepper.do_step(force, std::make_pair(std::ref(q), std::ref(p)), static_cast<double>(k) * dt, dt);
      };
      if (name == "symplectic_euler")
        go(odeint::symplectic_euler<Half>{});
      else
        go(odeint::symplectic_rkn_sb3a_mclachlan<Half>{});
      out.state = {to_vec<P>(q.data()), to_vec<P>(p.data())};
    }
  } else {
    throw std::invalid_argument("unknown odeint stepper '" + std::string(name) + "'");
  }
  out.evaluations = count;
  return out;
}

}  // namespace

template <class P>
std::optional<OdeintRun<P>> run_odeint(std::string_view odeint_name, const P& problem, double dt, long n) {
  return run(odeint_name, problem, dt, n);
}

template std::optional<OdeintRun<Oscillator>> run_odeint(std::string_view, const Oscillator&, double, long);
template std::optional<OdeintRun<DampedOscillator>> run_odeint(std::string_view, const DampedOscillator&, double, long);
template std::optional<OdeintRun<PendulumProblem>> run_odeint(std::string_view, const PendulumProblem&, double, long);
template std::optional<OdeintRun<KeplerProblem>> run_odeint(std::string_view, const KeplerProblem&, double, long);

}  // namespace verisim::experiments
