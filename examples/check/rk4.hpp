// Classical Runge-Kutta 4 (seed 001 §3.4) on y = (q, v), y' = (v, a), with stage weights w and stage
// times c (the tableau's 0, 1/2, 1/2, 1 unless a broken example says otherwise).
#pragma once
#include "protocol.hpp"

inline void rk4_step(check::State& q, check::State& v, double t, double dt, const check::Accel& a, const double (&w)[4],
                     const double (&c)[4] = {0.0, 0.5, 0.5, 1.0}) {
  using check::axpy;
  const check::State k1q = v, k1v = a(q, v, t + c[0] * dt);
  const check::State q2 = axpy(dt / 2, k1q, q), v2 = axpy(dt / 2, k1v, v);
  const check::State k2q = v2, k2v = a(q2, v2, t + c[1] * dt);
  const check::State q3 = axpy(dt / 2, k2q, q), v3 = axpy(dt / 2, k2v, v);
  const check::State k3q = v3, k3v = a(q3, v3, t + c[2] * dt);
  const check::State q4 = axpy(dt, k3q, q), v4 = axpy(dt, k3v, v);
  const check::State k4q = v4, k4v = a(q4, v4, t + c[3] * dt);
  for (std::size_t i = 0; i < q.size(); ++i) {
    q[i] += dt * (w[0] * k1q[i] + w[1] * k2q[i] + w[2] * k3q[i] + w[3] * k4q[i]);
    v[i] += dt * (w[0] * k1v[i] + w[1] * k2v[i] + w[2] * k3v[i] + w[3] * k4v[i]);
  }
}
