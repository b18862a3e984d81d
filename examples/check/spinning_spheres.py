"""A collision law for `verisim check collision --law spinning-spheres` (docs/check.md): two solid
spheres with spin and Coulomb friction (seed 001 §F). The normal points INTO body 1; m2 may be
"inf" (an obstacle: no R2, v2 = w2 = 0). With --wrong-spin-sign it makes a classic mistake: the
spin change along v_c ∧ n instead of n ∧ v_c, which `check` catches (angular momentum)."""
import json
import sys


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


sign = -1.0 if "--wrong-spin-sign" in sys.argv[1:] else 1.0

for text in sys.stdin:
    c = json.loads(text)
    m1, m2, mu, alpha = float(c["m1"]), float(c["m2"]), c["mu"], c["alpha"]
    obstacle = m2 == float("inf")
    R1, R2 = c["R1"], (0.0 if obstacle else c["R2"])
    v1, v2, w1, w2 = c["v1"], c["v2"], c["w1"], c["w2"]
    length = sum(x * x for x in c["normal"]) ** 0.5
    n = [x / length for x in c["normal"]]
    share = 1.0 if obstacle else m2 / (m1 + m2)                       # m2/(m1 + m2); lambda = (1 + alpha) share
    v_star = sum((b - a) * x for a, b, x in zip(v1, v2, n))            # step 2: > 0 when approaching
    spin = cross(n, [R1 * a + R2 * b for a, b in zip(w1, w2)])
    v_c = [a - b + v_star * x + s for a, b, x, s in zip(v1, v2, n, spin)]
    vc = sum(x * x for x in v_c) ** 0.5
    dv, dw = [0.0] * 3, [0.0] * 3
    if v_star > 0:
        lam = (1 + alpha) * share
        if 7 * mu * (1 + alpha) * v_star >= 2 * vc:                    # step 3: the contact points stick
            dv = [lam * v_star * x - 2 * share / 7 * y for x, y in zip(n, v_c)]
            dw = [5 * share / (7 * R1) * y for y in cross(n, v_c)]
        else:                                                          # step 4: they slip
            t = [y / vc for y in v_c]
            dv = [lam * v_star * (x - mu * y) for x, y in zip(n, t)]
            dw = [5 / (2 * R1) * mu * lam * v_star * y for y in cross(n, t)]
    dw = [sign * d for d in dw]
    out = {"v1_after": [a + d for a, d in zip(v1, dv)], "w1_after": [a + d for a, d in zip(w1, dw)]}
    # step 5; an obstacle (m1/m2 = 0) keeps v2 = w2 = 0
    out["v2_after"] = v2 if obstacle else [b - m1 / m2 * d for b, d in zip(v2, dv)]
    out["w2_after"] = w2 if obstacle else [b + m1 * R1 / (m2 * R2) * d for b, d in zip(w2, dw)]
    print(json.dumps(out))
