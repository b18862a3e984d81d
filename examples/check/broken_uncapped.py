"""A BROKEN law for `verisim check contact --law hertz-mindlin` (docs/check.md): hertz_mindlin.py with the
tangential spring never capped by Coulomb (|F_t| may exceed mu F_n): no sliding, the spring sticks and
throws the sphere back. `verisim check contact` fails the Coulomb cap at the evaluations that exceed it,
the impulse theory of gross sliding and the agreement with verisim's law."""
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
    turned = in_plane(xi, n)
    length, now = math.sqrt(dot(xi, xi)), math.sqrt(dot(turned, turned))
    xi = [x * length / now for x in turned] if now > 0 else turned
    xi = [x + (a + b) / 2 * tau for x, a, b in zip(xi, in_plane(u_old, n), u)]
    ft = [-8 * c["G"] * math.sqrt(c["R"] * d) * x for x in xi]   # BUG: no cap at mu F_n
    force = [fn * a + b for a, b in zip(n, ft)]
    print(json.dumps({"force": force, "history": xi + u}), flush=True)
