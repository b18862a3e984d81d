"""Velocity Verlet (Swope et al. 1982): half kick, drift, half kick. Order 2, symplectic.
With a velocity-dependent force the last half kick is implicit in v; two fixed-point passes keep
order 2 (the second pass's error is O(dt^3) per step)."""
from protocol import axpy, main


def step(q, v, t, dt, a):
    vh = axpy(dt / 2, a(q, v, t), v)
    q1 = axpy(dt, vh, q)
    v1 = axpy(dt / 2, a(q1, vh, t + dt), vh)
    v1 = axpy(dt / 2, a(q1, v1, t + dt), vh)
    return q1, v1


main(step)
