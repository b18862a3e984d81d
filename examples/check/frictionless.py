"""A collision law for `verisim check collision --law frictionless` (docs/check.md): two disks or
spheres, frictionless, restitution e (seed 000). One JSON line per case in, one out."""
import json
import sys

for text in sys.stdin:
    c = json.loads(text)
    m1, m2, e = float(c["m1"]), float(c["m2"]), c["e"]          # m2 may be "inf": an obstacle
    v1, v2, n = c["v1"], c["v2"], c["normal"]                     # normal: from centre 1 to centre 2
    length = sum(x * x for x in n) ** 0.5
    n = [x / length for x in n]
    s = sum((a - b) * x for a, b, x in zip(v1, v2, n))            # approach speed along n
    J = (1 + e) * s / (1 / m1 + 1 / m2) if s > 0 else 0.0         # impulse on 2 along n (1/inf = 0)
    print(json.dumps({"v1_after": [a - J / m1 * x for a, x in zip(v1, n)],
                      "v2_after": [b + J / m2 * x for b, x in zip(v2, n)]}))
