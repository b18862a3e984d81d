"""A classic mistake: velocity Verlet that uses the old acceleration for both half kicks. The new
acceleration a(q1) is never computed: order 1, and not symplectic."""
from protocol import axpy, main


def step(q, v, t, dt, a):
    a0 = a(q, v, t)
    vh = axpy(dt / 2, a0, v)
    q1 = axpy(dt, vh, q)
    v1 = axpy(dt / 2, a0, vh)   # BUG: a0 again, where a(q1, v1, t + dt) belongs
    return q1, v1


main(step)
