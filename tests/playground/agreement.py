#!/usr/bin/env python3
"""Native/WASM agreement (docs/playground.md): the playground's engine, compiled natively by GCC and to WebAssembly
by em++, runs the studies' problems as scenes (spring: the harmonic oscillator; pendulum_large: the pendulum;
kepler_orbit: Kepler) with every integrator each accepts; the final state and energy must be the same bits.

Why bits can be asked: both builds use IEEE-754 binary64 with round-to-nearest, no x87 extended precision (x86-64
SSE2, wasm32), no contraction of a*b+c into an FMA (GCC in ISO C++ mode: -ffp-contract=off; WebAssembly 1.0 has
no FMA instruction), and the same source. What may differ is the C library's transcendental functions (glibc's
libm against emscripten's musl): sin, cos, exp, pow are not required to be correctly rounded, so a scene whose
forces call them (the pendulum: sin θ) may differ in the last bits of one call, and the difference then grows with
the dynamics. A mismatch is therefore allowed only where the bits differ AND the relative difference stays below
1e-9 (TOLERANCE): a few ulps (≈ 2e-16 each) of one libm call amplified over ≤ 15 000 steps of a pendulum, whose
nearby orbits separate at most linearly (an integrable system); every mismatch is printed with its size.
Exit 77 (skipped) when the WebAssembly module has not been built (the wasm preset)."""
import argparse
import os
import struct
import subprocess
import sys

TOLERANCE = 1e-9
SCENES = ["spring", "pendulum_large", "kepler_orbit"]

NODE_SCRIPT = r"""
const create = require(process.argv[1]);
create().then((m) => { for (const s of process.argv.slice(2)) process.stdout.write(m.agreement(s, '')); });
"""


def parse(text):
    rows = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 3:
            raise SystemExit(f"unreadable line: {line!r}")
        rows[(parts[0], parts[1])] = parts[2:]
    return rows


def to_double(h):
    return struct.unpack("<d", struct.pack("<Q", int(h, 16)))[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--native", required=True)
    ap.add_argument("--module", required=True)
    a = ap.parse_args()
    if not os.path.exists(a.module):
        print(f"SKIP: the WebAssembly module {a.module} is not built: cmake --preset wasm && cmake --build --preset wasm")
        return 77
    native = parse(subprocess.run([a.native] + SCENES, check=True, capture_output=True, text=True).stdout)
    env = dict(os.environ, NODE_PATH="/usr/share/nodejs")
    wasm = parse(subprocess.run(["node", "-e", NODE_SCRIPT, os.path.abspath(a.module)] + SCENES, check=True,
                                capture_output=True, text=True, env=env).stdout)
    if set(native) != set(wasm):
        print("different runs:", sorted(set(native) ^ set(wasm)))
        return 1
    same = differ = 0
    worst = {}
    failed = False
    for key in sorted(native):
        n, w = native[key], wasm[key]
        if n == w:
            same += 1
            continue
        differ += 1
        rel = 0.0
        for x, y in zip(n, w):
            dx, dy = to_double(x), to_double(y)
            scale = max(abs(dx), abs(dy), 1e-300)
            rel = max(rel, abs(dx - dy) / scale)
        worst[key] = rel
        status = "ok" if rel <= TOLERANCE else "FAIL"
        failed |= rel > TOLERANCE
        print(f"{key[0]} {key[1]}: bits differ, max relative difference {rel:.3g} ({status})")
    for scene in SCENES:
        runs = [k for k in native if k[0] == scene]
        bitwise = sum(1 for k in runs if native[k] == wasm[k])
        print(f"{scene}: {bitwise} of {len(runs)} integrators bit-identical")
    print(f"agreement: {same} runs bit-identical, {differ} differ (max relative {max(worst.values(), default=0):.3g}, "
          f"tolerance {TOLERANCE:g})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
