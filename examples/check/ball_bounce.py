"""A collision law for `verisim check collision --law ball` (docs/check.md): seed 004's ball bouncing
on the plane y = 0 with Coulomb friction — slip, or stick once mu reaches mu_e. omega is clockwise
positive, per unit mass, I = alpha m R^2."""
import json
import sys

for text in sys.stdin:
    c = json.loads(text)
    vx, vy, w = c["vx"], c["vy"], c["omega"]
    g, a, R, mu = c["gamma"], c["inertia_factor"], c["R"], c["mu"]
    if vy >= 0:                                                  # not approaching: unchanged
        after = (vx, vy, w)
    else:
        u = vx - w * R                                           # sliding velocity of the contact point
        mu_e = -a * abs(u) / (vy * (1 + g) * (1 + a))            # seed 004 eq. (10)
        if mu >= mu_e:                                           # stick, eq. (8): rolls off
            vx1 = (a * w * R + vx) / (1 + a)
            after = (vx1, -g * vy, vx1 / R)
        else:                                                    # slip, eqs. (5) and (7)
            k = (1 if u > 0 else -1) * mu * (1 + g)
            after = (vx + k * vy, -g * vy, w - k * vy / (R * a))
    print(json.dumps({"vx_after": after[0], "vy_after": after[1], "omega_after_clockwise": after[2]}))
