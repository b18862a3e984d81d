"""A student's bug (docs/check.md, issue 25 class 2): velocity Verlet on an acceleration that forgets to
divide the oscillators' force by the mass, a = F - k q - b q' instead of (F - k q - b q')/m. With m = 1
(every case before parameters were drawn) it is right; with a drawn m it integrates another equation,
and the order check against the exact solution fails (the error no longer falls with dt)."""
from protocol import acceleration, axpy, main


def forgetful(problem, p):
    if problem in ("oscillator", "damped", "forced"):
        return acceleration(problem, dict(p, m=1.0))  # the bug: m taken as 1
    return acceleration(problem, p)


def step(q, v, t, dt, a):
    vh = axpy(dt / 2, a(q, v, t), v)
    q1 = axpy(dt, vh, q)
    v1 = axpy(dt / 2, a(q1, vh, t + dt), vh)
    v1 = axpy(dt / 2, a(q1, v1, t + dt), vh)
    return q1, v1


main(step, forgetful)
