"""A plausible mistake in seed 004's ball bounce (examples/check/ball_bounce.py otherwise): a "round-off
guard" with an absolute threshold, |vy| < 1e-6 taken as no impact (the ball keeps its velocity and
spin), instead of vy >= 0. It is right for speeds of order 1 and wrong for a slow or small ball (in
other units, the same bounce)."""
import json
import sys

for text in sys.stdin:
    c = json.loads(text)
    vx, vy, w = c["vx"], c["vy"], c["omega"]
    g, a, R, mu = c["gamma"], c["inertia_factor"], c["R"], c["mu"]
    if vy > -1e-6:                                               # BUG: an absolute threshold in m/s
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
