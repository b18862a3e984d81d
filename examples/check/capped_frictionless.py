"""A plausible mistake in a frictionless collision law (examples/check/frictionless.py otherwise): the
answer is clamped to a "safe" speed range, |v| <= 100 per component, against runaway values. Every
case of the old ranges (speeds up to 5) stays below the cap; a fast case is silently wrong."""
import json
import sys

CAP = 100.0


def clamp(v):
    return [max(-CAP, min(CAP, x)) for x in v]                   # BUG: min(v, 100) saturates a fast answer


for text in sys.stdin:
    c = json.loads(text)
    m1, m2, e = float(c["m1"]), float(c["m2"]), c["e"]          # m2 may be "inf": an obstacle
    v1, v2, n = c["v1"], c["v2"], c["normal"]                     # normal: from centre 1 to centre 2
    length = sum(x * x for x in n) ** 0.5
    n = [x / length for x in n]
    s = sum((a - b) * x for a, b, x in zip(v1, v2, n))            # approach speed along n
    J = (1 + e) * s / (1 / m1 + 1 / m2) if s > 0 else 0.0         # impulse on 2 along n (1/inf = 0)
    print(json.dumps({"v1_after": clamp([a - J / m1 * x for a, x in zip(v1, n)]),
                      "v2_after": clamp([b + J / m2 * x for b, x in zip(v2, n)])}))
