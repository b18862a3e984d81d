"""A plausible mistake in seed 001 §E.1's spheres (examples/check/coulomb_spheres.py otherwise): the
approach test v* > 0 written with an absolute "round-off" margin, v* > 1e-8 m/s. Slow approaches are
taken as separating (nothing changes): right in the old ranges, wrong for a slow impact."""
import json
import sys

for text in sys.stdin:
    c = json.loads(text)
    m1, m2, mu, alpha = float(c["m1"]), float(c["m2"]), c["mu"], c["alpha"]
    v1, v2 = c["v1"], c["v2"]
    length = sum(x * x for x in c["normal"]) ** 0.5
    n = [x / length for x in c["normal"]]
    v_star = sum((b - a) * x for a, b, x in zip(v1, v2, n))            # step 2: > 0 when approaching
    v_c = [a - b + v_star * x for a, b, x in zip(v1, v2, n)]           # tangential relative velocity
    q = [0.0, 0.0, 0.0]
    vc = sum(x * x for x in v_c) ** 0.5
    if v_star > 1e-8:                                                  # BUG: an absolute margin in m/s
        if 7 * mu * (1 + alpha) * v_star >= 2 * vc:                    # step 3: stick
            q = [(1 + alpha) * v_star * x - 2 / 7 * y for x, y in zip(n, v_c)]
        else:                                                          # step 4: slip
            q = [(1 + alpha) * v_star * (x - mu * y / vc) for x, y in zip(n, v_c)]
    s1 = 1.0 if m2 == float("inf") else m2 / (m1 + m2)                 # shares of the change (step 5)
    s2 = 0.0 if m2 == float("inf") else m1 / (m1 + m2)
    print(json.dumps({"v1_after": [a + s1 * x for a, x in zip(v1, q)], "v2_after": [b - s2 * x for b, x in zip(v2, q)]}))
