"""Euler-Cromer (seed 001 §3.2): kick, then drift with the new velocity. Order 1, symplectic."""
from protocol import axpy, main


def step(q, v, t, dt, a):
    v = axpy(dt, a(q, v, t), v)
    q = axpy(dt, v, q)
    return q, v


main(step)
