"""Heun's method (explicit trapezoid, Runge-Kutta 2): order 2, not symplectic. On the oscillator its
stability function has |R(i theta)|^2 = 1 + theta^4/4 > 1 for every theta > 0 (Hairer & Wanner II
section IV.2): it grows at every step size, slowly (rho - 1 = 1.25e-9 per step at theta = 0.01).
Claimed symplectic (issue 25 class 5) it fails the stability check: no stable interval."""
from protocol import axpy, main


def step(q, v, t, dt, a):
    k1q, k1v = v, a(q, v, t)
    q2, v2 = axpy(dt, k1q, q), axpy(dt, k1v, v)
    k2q, k2v = v2, a(q2, v2, t + dt)
    q1 = [x + dt / 2 * (y + z) for x, y, z in zip(q, k1q, k2q)]
    v1 = [x + dt / 2 * (y + z) for x, y, z in zip(v, k1v, k2v)]
    return q1, v1


main(step)
