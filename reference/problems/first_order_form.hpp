#pragma once
// The first-order form of a second-order problem (seed 001 §3.2.2, §3.4.2): the stacked state
// y = (q, v) and y′ = (v, f(t, q, v)), for the first-order steppers (ours: Euler, Euler-Cromer's
// first-order form, RK4; Boost.Odeint's euler, runge_kutta4, runge_kutta_fehlberg78).
#include <Eigen/Core>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

/// The stacked state (q, v) of a vector type V (fixed size 2N, or dynamic).
template <class V>
using Stacked =
    Eigen::Matrix<double, V::SizeAtCompileTime == Eigen::Dynamic ? Eigen::Dynamic : 2 * V::SizeAtCompileTime, 1>;

/// y′ = (v, f(t, q, v)) from the second-order system *sys (not owned: it must outlive the form).
/// The split state is copied into buffers, sized on the first call (fixed-size V: never allocated),
/// so one form must not be shared between threads.
template <class V, class Sys>
struct FirstOrderForm {
  const Sys* sys;
  mutable V q = core::zero<V>(), v = core::zero<V>(), a = core::zero<V>();

  void operator()(const Stacked<V>& y, Stacked<V>& dydt, double t) const {
    const Eigen::Index n = y.size() / 2;
    q = y.head(n);
    v = y.tail(n);
    core::resize_like(a, q);
    (*sys)(q, v, a, t);
    dydt.head(n) = v;
    dydt.tail(n) = a;
  }
};

template <class V, class Sys>
FirstOrderForm<V, Sys> first_order_form(const Sys& sys) {
  return {&sys};
}

template <class V>
Stacked<V> stack(const core::PhaseState<V>& x) {
  Stacked<V> y(2 * x.q.size());
  y << x.q, x.v;
  return y;
}

template <class V>
core::PhaseState<V> unstack(const Stacked<V>& y) {
  const Eigen::Index n = y.size() / 2;
  return {V(y.head(n)), V(y.tail(n))};
}

}  // namespace verisim::reference::problems
