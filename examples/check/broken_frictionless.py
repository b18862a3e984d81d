"""A classic mistake in a frictionless collision law: restitution applied to the whole relative
velocity instead of its normal component (the tangential motion is reversed too)."""
import json
import sys

for text in sys.stdin:
    c = json.loads(text)
    m1, m2, e = float(c["m1"]), float(c["m2"]), c["e"]
    v1, v2, n = c["v1"], c["v2"], c["normal"]
    s = sum((a - b) * x for a, b, x in zip(v1, v2, n))
    k = (1 + e) / (1 / m1 + 1 / m2) if s > 0 else 0.0
    rel = [a - b for a, b in zip(v1, v2)]                          # BUG: the whole relative velocity, not (rel.n) n
    print(json.dumps({"v1_after": [a - k / m1 * r for a, r in zip(v1, rel)],
                      "v2_after": [b + k / m2 * r for b, r in zip(v2, rel)]}))
