"""A student's bug (docs/check.md, issue 25 class 4): velocity Verlet reusing the acceleration computed at
the end of the previous step (first same as last), kept in a global that is never reset. In a run that is
right (the next step starts where the last ended); in the one-step mode, where every line is a fresh
state, each line after the first starts with the previous line's force. The one-step check compares the
one-step answers with the first step of a run from the same state, and a repeated request with the first."""
from protocol import axpy, main

cache = {}


def step(q, v, t, dt, a):
    a0 = cache.get("a") or a(q, v, t)  # the bug: a stale force when q is not where the last step ended
    vh = axpy(dt / 2, a0, v)
    q1 = axpy(dt, vh, q)
    a1 = a(q1, vh, t + dt)
    v1 = axpy(dt / 2, a1, vh)
    a1 = a(q1, v1, t + dt)
    v1 = axpy(dt / 2, a1, vh)
    cache["a"] = a1
    return q1, v1


main(step)
