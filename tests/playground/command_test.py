#!/usr/bin/env python3
"""`verisim playground --out DIR` (docs/playground.md): writes DIR/index.html, byte for byte the page the wasm preset
built; keeps a file of the user's in DIR; and, when the page has not been built, exits 2 naming the command that
builds it, leaving DIR as it was. Exit 77 (skipped) when the page has not been built."""
import argparse
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--verisim", required=True)
    ap.add_argument("--page", required=True)
    a = ap.parse_args()
    if not os.path.exists(a.page):
        print(f"SKIP: the playground page {a.page} is not built: cmake --preset wasm && cmake --build --preset wasm")
        return 77
    page = open(a.page, "rb").read()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "pg")
        r = subprocess.run([a.verisim, "playground", "--out", out], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert open(os.path.join(out, "index.html"), "rb").read() == page, "index.html is the built page"
        with open(os.path.join(out, "notes.txt"), "w") as f:
            f.write("mine")
        r = subprocess.run([a.verisim, "playground", "--out", out], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert open(os.path.join(out, "notes.txt")).read() == "mine", "the user's file is kept"
        env = dict(os.environ, VERISIM_PLAYGROUND_PAGE=os.path.join(tmp, "not-built.html"))
        before = sorted(os.listdir(out))
        r = subprocess.run([a.verisim, "playground", "--out", out], capture_output=True, text=True, env=env)
        assert r.returncode == 2, (r.returncode, r.stderr)
        assert "cmake --preset wasm" in r.stderr and "not built" in r.stderr, r.stderr
        assert sorted(os.listdir(out)) == before and open(os.path.join(out, "index.html"), "rb").read() == page
        print("verisim playground: writes the page, keeps the user's file, exit 2 without a page:", r.stderr.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
