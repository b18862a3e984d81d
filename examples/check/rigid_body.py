"""A collision law for `verisim check collision --law rigid2d` (docs/check.md): two rigid bodies in 2D,
frictionless impulse at the contact point, restitution e (seed 002 §4). omega counter-clockwise, r_i from
body i's centre of mass to the contact point, the normal pointing into body 1; m2, I2 may be "inf"."""
import json
import sys

for text in sys.stdin:
    c = json.loads(text)
    m1, m2, I1, I2 = (float(c[k]) for k in ("m1", "m2", "I1", "I2"))
    v1, v2, w1, w2, r1, r2, e = c["v1"], c["v2"], c["w1"], c["w2"], c["r1"], c["r2"], c["e"]
    length = (c["normal"][0] ** 2 + c["normal"][1] ** 2) ** 0.5
    n = [x / length for x in c["normal"]]
    cross = lambda a, b: a[0] * b[1] - a[1] * b[0]
    u1 = [v1[0] - w1 * r1[1], v1[1] + w1 * r1[0]]                 # contact point velocities, v + w x r
    u2 = [v2[0] - w2 * r2[1], v2[1] + w2 * r2[0]]
    vrn = (u1[0] - u2[0]) * n[0] + (u1[1] - u2[1]) * n[1]
    J = 0.0
    if vrn < 0:                                                    # approaching
        J = -(1 + e) * vrn / (1 / m1 + 1 / m2 + cross(r1, n) ** 2 / I1 + cross(r2, n) ** 2 / I2)
    print(json.dumps({"v1_after": [v1[0] + J * n[0] / m1, v1[1] + J * n[1] / m1], "w1_after": w1 + J * cross(r1, n) / I1,
                      "v2_after": [v2[0] - J * n[0] / m2, v2[1] - J * n[1] / m2], "w2_after": w2 - J * cross(r2, n) / I2}))
