"""A classic mistake: Euler-Cromer with its two updates swapped. The drift uses the OLD velocity,
which makes it explicit Euler: still order 1, but not symplectic (energy grows)."""
from protocol import axpy, main


def step(q, v, t, dt, a):
    acc = a(q, v, t)
    q = axpy(dt, v, q)      # BUG: drift first, with the old velocity
    v = axpy(dt, acc, v)
    return q, v


main(step)
