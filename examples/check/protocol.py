"""The process protocol of `verisim check integrator` (docs/check.md), for the example steppers.

A stepper is a function step(q, v, t, dt, a) -> (q, v) on lists of floats, where a(q, v, t) is the
problem's acceleration. main(step) reads the case (one JSON line on stdin), runs it and prints one
CSV line t,q...,v... per state asked for.
"""
import json
import math
import sys


def acceleration(problem, p):
    """The six problems of the protocol: a(q, v, t) as a list."""
    if problem in ("oscillator", "damped"):      # m q'' = F - k q - b q'
        m, k, b, F = p["m"], p["k"], p["b"], p["F"]
        return lambda q, v, t: [(F - k * q[0] - b * v[0]) / m]
    if problem == "forced":                       # m q'' = F + A cos(Omega t) - k q - b q'
        m, k, b, F, A, W = p["m"], p["k"], p["b"], p["F"], p["A"], p["Omega"]
        return lambda q, v, t: [(F + A * math.cos(W * t) - k * q[0] - b * v[0]) / m]
    if problem == "pendulum":                     # q'' = -(g/L) sin q
        w2 = p["g"] / p["L"]
        return lambda q, v, t: [-w2 * math.sin(q[0])]
    if problem == "driven-pendulum":              # q'' = -(g/L) sin q - c q' + A cos(Omega t)
        w2, c, A, W = p["g"] / p["L"], p["c"], p["A"], p["Omega"]
        return lambda q, v, t: [-w2 * math.sin(q[0]) - c * v[0] + A * math.cos(W * t)]
    if problem == "kepler":                       # q'' = -mu q / |q|^3
        mu = p["mu"]

        def a(q, v, t):
            r3 = math.hypot(q[0], q[1]) ** 3
            return [-mu * q[0] / r3, -mu * q[1] / r3]
        return a
    sys.exit("unknown problem " + problem)


def axpy(s, x, y):
    """s*x + y, element by element."""
    return [s * xi + yi for xi, yi in zip(x, y)]


def line(t, q, v):
    return ",".join(repr(float(x)) for x in [t, *q, *v])  # repr: every digit, so the state reads back exactly


def main(step, accel=None):
    """Runs the case on stdin with step; accel(case) gives a(q, v, t) (default: the protocol's six problems;
    a program of its own system, problem "scene", reads case["scene"])."""
    case = json.loads(sys.stdin.readline())
    a = accel(case) if accel else acceleration(case["problem"], case["parameters"])
    t0, dt, n = case["t0"], case["dt"], case["dimension"]
    out = []
    if case["mode"] == "step":                    # one step from each state that follows, one line each
        for text in sys.stdin:
            z = [float(x) for x in text.split(",")]
            q, v = step(z[:n], z[n:], t0, dt, a)
            out.append(line(t0 + dt, q, v))
    else:                                         # a run: every stride-th state
        q, v = case["q"], case["v"]
        for k in range(1, case["steps"] + 1):
            q, v = step(q, v, t0 + (k - 1) * dt, dt, a)
            if k % case["stride"] == 0:
                out.append(line(t0 + k * dt, q, v))
    sys.stdout.write("".join(s + "\n" for s in out))
