#!/usr/bin/env python3
"""scripts/bench_report.py on hand-made measurements whose verdicts are derived here by hand from the goals
(issue 6: ours/odeint <= 1.0, ours/hand <= 1.5; issue 13: >= 4e6 particle-steps/s; issue 30: per core >= 2x
the peer, speed-up on 2 threads >= 1.8, 2 threads >= the peer on 2 processes, cost per contact flat within
10 % of the smallest box). Every expected number is worked out in the comment beside it, never copied from
the script's output. Bad input (an empty or malformed file) must end with a message naming the file and
exit status 2, not a traceback.
Usage: bench_report_test.py [--script PATH]   (default: ../../scripts/bench_report.py from this file)"""
import json, os, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(here, "..", "..", "scripts", "bench_report.py")
if "--script" in sys.argv:
    script = sys.argv[sys.argv.index("--script") + 1]

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


MACHINE = "\n".join(f"{k}|{v}" for k, v in {
    "reps": "3", "cpu": "test CPU", "cores": "2", "compiler": "g++ 12", "flags": "-O3", "boost": "1.74",
    "eigen": "3.4", "gbench": "1.7", "kernel": "6.1", "load": "0.00", "date": "2026-11-29", "commit": "abc1234"}.items()) + "\n"


def stepper_run(name, ns):
    return {"name": name, "run_name": name, "run_type": "iteration", "cpu_time": ns, "time_unit": "ns"}


# oscillator/rk4: ours 10 ns, odeint 12, hand 5 in each of 3 repetitions: ours/odeint = 10/12 = 0.83 <= 1.0: yes;
# ours/hand = 10/5 = 2.00, every bootstrap resample 2.00 too (identical repetitions), > 1.5: no (not a tie)
STEPPERS = {"benchmarks": [stepper_run(f"oscillator/rk4/{side}", ns)
                           for side, ns in (("ours", 10.0), ("odeint", 12.0), ("hand", 5.0)) for _ in range(3)]}


def contact_row(name, particles, ns, contacts):
    # bench_contact's counters; items_per_second = 1e9 / ns (ns chosen so that 1e9/ns is exact or harmless)
    return {"name": name, "run_name": name, "run_type": "iteration", "items_per_second": 1e9 / ns,
            "particles": particles, "contacts_per_particle": contacts, "bytes_per_particle": 700.0,
            "rss_per_particle": 0.0}


def peer_line(scene, peer, rounds):
    v = lambda i: sorted(r[i] for r in rounds)[1]  # the median of three
    return json.dumps({"scene": scene, "particles": 31200, "steps": 1000, "contacts_per_particle": 11.5, "peer": peer,
                       "verisim": v(0), "verisim_wall_1": v(1), "verisim_wall_2": v(2), "peer_cpu_1": v(3),
                       "peer_wall_1": v(4), "peer_wall_2": v(5), "rounds": rounds})


# rounds: [verisim cpu 1, verisim wall 1, verisim wall 2, peer cpu 1, peer wall 1, peer wall 2]
# fcc3d: per core 20.1/10, 20.5/10, 19.9/10 -> median 2.01 >= 2: yes; speed-up 36.4/20, 36.2/20, 35.8/20 = 1.82, 1.81,
# 1.79 -> median 1.81 >= 1.8: yes; 2 threads / peer 2: 36.4/18, 36.2/18, 35.8/18 = 2.02, 2.01, 1.99 -> 2.01 >= 1: yes
FCC = [[20.1, 20.0, 36.4, 10.0, 10.0, 18.0], [20.5, 20.0, 36.2, 10.0, 10.0, 18.0], [19.9, 20.0, 35.8, 10.0, 10.0, 18.0]]
# hex2d: per core 1.99, 1.98, 2.03 -> 1.99 < 2: no; speed-up 35.8/20, 35.6/20, 36.2/20 = 1.79, 1.78, 1.81 -> 1.79 < 1.8:
# no; 2 threads / peer 2: 35.8/40, 35.6/40, 36.2/40 = 0.895, 0.89, 0.905 -> 0.895 < 1: no
HEX = [[19.9, 20.0, 35.8, 10.0, 10.0, 40.0], [19.8, 20.0, 35.6, 10.0, 10.0, 40.0], [20.3, 20.0, 36.2, 10.0, 10.0, 40.0]]


def run(files):
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for name in ("steppers.json", "machine.txt", "study.txt", "contact.json", "peer.jsonl"):
            p = os.path.join(d, name)
            with open(p, "w") as f:
                f.write(files[name])
            paths.append(p)
        r = subprocess.run([sys.executable, script] + paths, capture_output=True, text=True, timeout=60)
        return r.returncode, r.stdout, r.stderr


def inputs(scale_rows, peer_lines=("",), **over):
    files = {"steppers.json": json.dumps(STEPPERS), "machine.txt": MACHINE, "study.txt": "skipped (--no-studies)\n",
             "contact.json": json.dumps({"benchmarks": scale_rows}), "peer.jsonl": "\n".join(peer_lines) + "\n"}
    files.update(over)
    return files


def table_after(text, heading_start):
    """The rows of the first markdown table after the line starting with heading_start, as lists of cells."""
    lines = text.splitlines()
    i = next((k for k, l in enumerate(lines) if l.startswith(heading_start)), None)
    if i is None:
        return None
    rows = []
    for l in lines[i if lines[i].startswith("|") else i + 1:]:  # the heading may be the table's own header
        if l.startswith("|"):
            rows.append([c.strip() for c in l.strip("|").split("|")])
        elif rows:
            break
    return rows[2:]  # without the header and the separator


def number(cell):
    return float(cell.split("(")[-1].split(")")[0]) if "(" in cell else float(cell.split()[0].replace(",", ""))


def near(a, b, tol=0.005 + 1e-9):  # the report rounds its ratios to 2 decimals
    return abs(a - b) <= tol


# --- 1. scaling flat per contact: yes -----------------------------------------------------------------------------
# per contact: 80/8 = 10.0, 94.5/9 = 10.5, 100/10 = 10.0, 109/10 = 10.9 -> x smallest 1.00, 1.05, 1.00, 1.09 <= 1.10: yes.
# Per particle-step the 10^5 row is 100/80 = 1.25 and 10^6 109/80 = 1.36: the per-particle reading would say no, which is
# why the verdict is per contact (more contacts per sphere in the larger boxes). The verlet row (1 000 ns) is not a
# dem-verlet scale row and must not count.
flat_rows = [contact_row("scale1e3/dem-verlet", 1000, 80.0, 8.0), contact_row("scale1e3/verlet", 1000, 1000.0, 8.0),
             contact_row("scale1e4/dem-verlet", 10000, 94.5, 9.0), contact_row("scale1e5/dem-verlet", 100000, 100.0, 10.0),
             contact_row("scale1e6/dem-verlet/iterations:1/repeats:1", 1000000, 109.0, 10.0),
             contact_row("lammps/dem-verlet", 31200, 1e9 / 3.9e6, 11.5)]
rc, out, err = run(inputs(flat_rows, [peer_line("fcc3d", "lammps", FCC), peer_line("hex2d", "lammps", HEX)]))
check(rc == 0, f"exit status 0 on good input (got {rc}: {err.strip()[-300:]})")
scal = table_after(out, "Scaling (issue 30") or []
check([number(r[0]) for r in scal] == [1000, 10000, 100000, 1000000], f"the four dem-verlet scale rows in size order: {scal}")
if len(scal) == 4:
    for r, per_step, per_contact in zip(scal, (1.00, 94.5 / 80, 1.25, 109 / 80), (1.00, 1.05, 1.00, 1.09)):
        check(near(number(r[2]), per_step), f"x smallest per particle-step {r[2]} = {per_step:.3f}")
        check(near(number(r[4]), per_contact), f"x smallest per contact {r[4]} = {per_contact:.2f}")
check("from 1,000 to 1,000,000 particles: yes (largest ratio 1.09)" in out, "scaling verdict yes, largest ratio 1.09")
# issue 13's goal: 1e9/80 = 12.5e6 >= 4e6: yes; the LAMMPS box at 3.9e6 < 4e6: no
soft = {(r[0], r[1]): r for r in table_after(out, "| scene | stepper |") or [] if len(r) > 6}
check(soft.get(("scale1e3", "dem-verlet"), [""] * 7)[6] == "yes", "12.5e6 particle-steps/s meets the 4e6 goal")
check(soft.get(("lammps", "dem-verlet"), [""] * 7)[6] == "no", "3.9e6 particle-steps/s misses the 4e6 goal")
check(("scale1e6", "dem-verlet") in soft, "the run-once row's name is cut at its first two parts")
# issue 30's goals
goals = {r[0]: r for r in table_after(out, "Goals of issue 30") or []}
fcc, hexr = goals.get("fcc3d"), goals.get("hex2d")
check(fcc is not None and fcc[2].startswith("yes") and near(number(fcc[2]), 1.81), f"fcc3d speed-up yes (1.81): {fcc}")
check(fcc is not None and fcc[3].startswith("yes") and near(number(fcc[3]), 2.01), f"fcc3d 2 threads / peer 2 yes (2.01): {fcc}")
check(fcc is not None and fcc[4].startswith("yes") and near(number(fcc[4]), 2.01), f"fcc3d per core yes (2.01): {fcc}")
check(hexr is not None and hexr[2].startswith("no") and near(number(hexr[2]), 1.79), f"hex2d speed-up no (1.79): {hexr}")
check(hexr is not None and hexr[3].startswith("no") and near(number(hexr[3]), 0.895), f"hex2d 2 threads / peer 2 no (0.895): {hexr}")
check(hexr is not None and hexr[4].startswith("no") and near(number(hexr[4]), 1.99), f"hex2d per core no (1.99): {hexr}")
# issue 6's goals on the steppers' table
osc = {r[0]: r for r in table_after(out, "| method (ours) |") or []}.get("rk4")
check(osc is not None and near(number(osc[4]), 10 / 12) and osc[5] == "yes", f"ours/odeint 0.83: yes ({osc})")
check(osc is not None and near(number(osc[7]), 2.0) and osc[8] == "no", f"ours/hand 2.00: no, not a tie ({osc})")

# --- 2. scaling not flat ----------------------------------------------------------------------------------------
# the 10^6 row at 112 ns and 10 contacts: 11.2 per contact, 11.2/10 = 1.12 > 1.10: no
rows = flat_rows[:-2] + [contact_row("scale1e6/dem-verlet/iterations:1/repeats:1", 1000000, 112.0, 10.0)]
rc, out, err = run(inputs(rows))
check(rc == 0 and "particles: no (largest ratio 1.12)" in out, "scaling verdict no, largest ratio 1.12")
# flat per particle-step but not per contact: 80 ns at 8 and at 6 contacts per sphere, 10.0 and 13.3 ns per contact:
# 13.33/10 = 1.33 > 1.10: no, although the per-particle cost is the same
rows = [contact_row("scale1e3/dem-verlet", 1000, 80.0, 8.0), contact_row("scale1e5/dem-verlet", 100000, 80.0, 6.0)]
rc, out, err = run(inputs(rows))
check(rc == 0 and "particles: no (largest ratio 1.33)" in out, "per contact 1.33 although per particle-step 1.00")
# one scale row: nothing to compare, no verdict; no peer lines: no peer section
rc, out, err = run(inputs([contact_row("scale1e3/dem-verlet", 1000, 80.0, 8.0)]))
check(rc == 0 and "Scaling (issue 30" not in out and "Goals of issue 30" not in out, "one scale row and no peer: no verdicts")

# --- 3. bad input: a message naming the file, exit status 2 -----------------------------------------------------
for name, text in (("contact.json", ""), ("contact.json", "{\"benchmarks\": ["), ("steppers.json", ""),
                   ("peer.jsonl", "{not json}\n")):
    rc, out, err = run(inputs([], **{name: text}))
    check(rc == 2 and name in err and "Traceback" not in err and out == "",
          f"{name} = {text!r}: exit 2 with a message naming it (got {rc}, {err.strip()[-200:]!r})")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("bench_report.py: every verdict as derived by hand")
