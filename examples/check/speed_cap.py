"""A student's bug (docs/check.md, issue 25 class 3): velocity Verlet that "protects" itself by capping
every velocity component at 1e6, a limit no ordinary case reaches. The scale check runs each case in
other units (lengths x 1e12: velocities ~1e12) and compares with the unscaled answer: it fails there."""
from protocol import axpy, main

CAP = 1e6


def capped(v):
    return [max(-CAP, min(CAP, x)) for x in v]


def step(q, v, t, dt, a):
    vh = capped(axpy(dt / 2, a(q, v, t), v))
    q1 = axpy(dt, vh, q)
    v1 = capped(axpy(dt / 2, a(q1, vh, t + dt), vh))
    v1 = capped(axpy(dt / 2, a(q1, v1, t + dt), vh))
    return q1, v1


main(step)
