"""`verisim check integrator --scene`: a student's own simulation of a plane pendulum scene (docs/check.md).
The case's problem is "scene" and its field "scene" the scene file; this program reads the file itself
(Python's tomllib), takes the one pendulum's length L and the gravity's |g|, and steps
theta'' = -(g/L) sin(theta) (seed 001 §B.2, b = 0) with velocity Verlet; the state is the scene's
generalized one, (theta, theta_dot). Order 2. Given --wrong-order it is Euler-Cromer (order 1), which
`--declared-order 2` then fails on the scene."""
import math
import sys
import tomllib

from protocol import main

WRONG = "--wrong-order" in sys.argv


def pendulum(case):
    with open(case["scene"], "rb") as f:
        s = tomllib.load(f)
    (bob,) = [o for o in s["object"] if o["type"] == "pendulum"]
    (gravity,) = [f for f in s.get("force", []) if f["type"] == "gravity"]
    w2 = math.hypot(*gravity.get("g", [0, 0, -9.81])) / bob["length"]
    return lambda q, v, t: [-w2 * math.sin(q[0])]


def step(q, v, t, dt, a):
    if WRONG:  # Euler-Cromer
        v1 = [v[0] + dt * a(q, v, t)[0]]
        return [q[0] + dt * v1[0]], v1
    vh = [v[0] + dt / 2 * a(q, v, t)[0]]
    q1 = [q[0] + dt * vh[0]]
    return q1, [vh[0] + dt / 2 * a(q1, vh, t + dt)[0]]


main(step, pendulum)
