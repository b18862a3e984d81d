"""A soft-contact force law for `verisim check contact --law hertz-mindlin` (docs/check.md, "Contact laws").

verisim writes one JSON line per force evaluation and reads one JSON line back. The law:
  normal      F_n = k d^(3/2) - alpha sqrt(m k) d^(1/4) (v_c . n),  k = (4/3) E sqrt(R)
              (Hertz; Tsuji, Tanaka & Ishida 1992), at the "force" end never negative
  tangential  a spring xi with history (Cundall & Strack 1979), Mindlin's stiffness k_t = 8 G sqrt(R d):
              xi is turned into the current tangent plane (keeping its length), grows by the slip u
              (xi' = u, the trapezoid rule over tau from the slip stored last time; --euler: xi + u tau),
              F_t = -k_t xi, and when |F_t| > mu F_n it is cut to mu F_n and xi to -F_t/k_t (sliding).
The history is xi and the slip u at the commit: six numbers (none at the first contact).
"""
import json
import math
import sys

EULER = "--euler" in sys.argv


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def in_plane(a, n):  # a without its part along n
    s = dot(a, n)
    return [x - s * y for x, y in zip(a, n)]


for line in sys.stdin:
    c = json.loads(line)
    n, d, vc, tau, h = c["n"], c["d"], c["vc"], c["tau"], c["history"]
    k = 4 / 3 * c["E"] * math.sqrt(c["R"])
    fn = k * d ** 1.5 - c["alpha"] * math.sqrt(c["m"] * k) * d ** 0.25 * dot(vc, n)
    if c["end"] == "force":
        fn = max(fn, 0.0)
    u = in_plane(vc, n)                                   # slip of the contact point
    xi, u_old = (h[:3], h[3:]) if h else ([0.0] * 3, [0.0] * 3)
    turned = in_plane(xi, n)                              # the spring, into the tangent plane
    length, now = math.sqrt(dot(xi, xi)), math.sqrt(dot(turned, turned))
    xi = [x * length / now for x in turned] if now > 0 else turned
    rate = u if EULER else [(a + b) / 2 for a, b in zip(in_plane(u_old, n), u)]
    xi = [x + r * tau for x, r in zip(xi, rate)]
    kt = 8 * c["G"] * math.sqrt(c["R"] * d)
    ft = [-kt * x for x in xi]
    size, cap = math.sqrt(dot(ft, ft)), c["mu"] * abs(fn)
    if size > cap:                                        # sliding: at the Coulomb limit
        ft = [x * cap / size for x in ft]
        xi = [-x / kt for x in ft]
    force = [fn * a + b for a, b in zip(n, ft)]
    print(json.dumps({"force": force, "history": xi + u}), flush=True)
