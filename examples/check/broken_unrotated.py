"""A BROKEN law for `verisim check contact --law hertz-mindlin` (docs/check.md): hertz_mindlin.py with the
spring's history kept in the world frame, never turned into the current tangent plane. Where the normal
does not turn (a sphere on the plane) it is right; where it turns (two spheres meeting off centre, test 8)
the spring keeps a part along n, and the "tangential" force pushes or pulls along the normal.
`verisim check contact` fails the normal force's form at those evaluations."""
import json
import math
import sys


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def in_plane(a, n):
    s = dot(a, n)
    return [x - s * y for x, y in zip(a, n)]


for line in sys.stdin:
    c = json.loads(line)
    n, d, vc, tau, h = c["n"], c["d"], c["vc"], c["tau"], c["history"]
    k = 4 / 3 * c["E"] * math.sqrt(c["R"])
    fn = k * d ** 1.5 - c["alpha"] * math.sqrt(c["m"] * k) * d ** 0.25 * dot(vc, n)
    if c["end"] == "force":
        fn = max(fn, 0.0)
    u = in_plane(vc, n)
    xi, u_old = (h[:3], h[3:]) if h else ([0.0] * 3, [0.0] * 3)
    xi = [x + (a + b) / 2 * tau for x, a, b in zip(xi, u_old, u)]   # BUG: xi not turned with the contact
    kt = 8 * c["G"] * math.sqrt(c["R"] * d)
    ft = [-kt * x for x in xi]
    size, cap = math.sqrt(dot(ft, ft)), c["mu"] * abs(fn)
    if size > cap:
        ft = [x * cap / size for x in ft]
        xi = [-x / kt for x in ft]
    force = [fn * a + b for a, b in zip(n, ft)]
    print(json.dumps({"force": force, "history": xi + u}), flush=True)
