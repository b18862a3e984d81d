"""Classical Runge-Kutta 4 (seed 001 §3.4) on y = (q, v), y' = (v, a). Order 4, not symplectic."""
from protocol import axpy, main

WEIGHTS = (1 / 6, 2 / 6, 2 / 6, 1 / 6)


def rk4_step(q, v, t, dt, a, w):
    k1q, k1v = v, a(q, v, t)
    q2, v2 = axpy(dt / 2, k1q, q), axpy(dt / 2, k1v, v)
    k2q, k2v = v2, a(q2, v2, t + dt / 2)
    q3, v3 = axpy(dt / 2, k2q, q), axpy(dt / 2, k2v, v)
    k3q, k3v = v3, a(q3, v3, t + dt / 2)
    q4, v4 = axpy(dt, k3q, q), axpy(dt, k3v, v)
    k4q, k4v = v4, a(q4, v4, t + dt)
    q = [x + dt * (w[0] * a1 + w[1] * a2 + w[2] * a3 + w[3] * a4) for x, a1, a2, a3, a4 in zip(q, k1q, k2q, k3q, k4q)]
    v = [x + dt * (w[0] * a1 + w[1] * a2 + w[2] * a3 + w[3] * a4) for x, a1, a2, a3, a4 in zip(v, k1v, k2v, k3v, k4v)]
    return q, v


if __name__ == "__main__":
    main(lambda q, v, t, dt, a: rk4_step(q, v, t, dt, a, WEIGHTS))
