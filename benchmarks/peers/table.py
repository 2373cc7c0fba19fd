#!/usr/bin/env python3
"""rayon4j beside Rust Rayon and Java parallel streams (issue 10), as Markdown tables.

    python3 benchmarks/peers/table.py [RAW_CSV] [--rust RUST_RAW_CSV] [--classes CLASSES_CSV]

RAW_CSV      benchmarks/results/peers/raw.csv, written by run-peers.sh (default)
RUST_RAW_CSV $PEERS_DIR/rayon-rs/results/raw.csv (default; PEERS_DIR defaults to ../shared/peers
             from the repository root): the Rust rows (rust-t1, rust-t2); its java-fj2 rows fill in,
             marked †, a case that RAW_CSV has no java-fj2 row for
CLASSES_CSV  benchmarks/results/peers/first-use-classes.csv (first-use.sh --classes)

As the peers' results/table.py: each process reports a median over its own runs; a cell is the median
of those medians over the undisturbed processes (other processes used < 0.1 core meanwhile), or, marked
⚠, the least disturbed process when none was undisturbed. Cell = "median wall ms / median CPU ms" (CPU:
Rust = getrusage of the process; Java = sum over Java threads, or the process clock for idle_cpu).
Ratios are time ÷ time: rayon4j ÷ peer below 1.00 means rayon4j took less time.
Python 3 standard library only.
"""
import csv
import math
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
peers = os.environ.get("PEERS_DIR", os.path.join(root, "..", "shared", "peers"))

args = sys.argv[1:]
raw = os.path.join(root, "benchmarks", "results", "peers", "raw.csv")
rust_raw = os.path.join(peers, "rayon-rs", "results", "raw.csv")
classes_csv = os.path.join(root, "benchmarks", "results", "peers", "first-use-classes.csv")
i = 0
while i < len(args):
    if args[i] == "--rust":
        rust_raw = args[i + 1]
        i += 2
    elif args[i] == "--classes":
        classes_csv = args[i + 1]
        i += 2
    elif args[i].startswith("-"):
        sys.exit(__doc__)
    else:
        raw = args[i]
        i += 1

CLEAN = 0.10  # others_during below this (cores): an undisturbed process


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def load(path):
    """(config, name) -> (median wall ms, median cpu ms, processes used, clean?)"""
    runs = {}
    pending = []  # rows of the current process; its '#' line follows them
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        for line in f:
            if line.startswith("config,"):
                continue
            if line.startswith("#"):
                m = re.search(r"others_during=([0-9.]+)", line)
                others = float(m.group(1)) if m else 9.0
                for key, val in pending:
                    runs.setdefault(key, []).append(val + (others,))
                pending = []
                continue
            r = next(csv.reader([line]), [])
            if len(r) != 9:
                continue
            cfg, name, _thr, _size, med, _mn, _mx, cpu, _util = r
            pending.append(((cfg, name), (float(med), float(cpu))))
    rows = {}
    for key, rs in runs.items():
        clean = [r for r in rs if r[2] < CLEAN]
        if clean:
            rows[key] = (median([r[0] for r in clean]), median([r[1] for r in clean]), len(clean), True)
        else:
            best = min(rs, key=lambda r: r[2])
            rows[key] = (best[0], best[1], 1, False)
    return rows


ours = load(raw)
rust = load(rust_raw)


def get(cfg, name):
    """The row and its mark: '' ours or Rust's, ' †' java-fj2 from the Rust results, ⚠ disturbed."""
    mark = ""
    r = ours.get((cfg, name))
    if r is None and (cfg.startswith("rust-") or cfg == "java-fj2"):
        r = rust.get((cfg, name))
        if r is not None and not cfg.startswith("rust-"):
            mark = " †"
    if r is None:
        return None, ""
    return r, mark + ("" if r[3] else " ⚠")


def fmt(v):
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    if v >= 1:
        return f"{v:.2f}"
    return f"{v:.3f}"


def kind(case):
    if case.startswith("idle_cpu"):
        return "idle"
    if case.startswith("wake_latency"):
        return "latency"
    return "time"


def value(cfg, case):
    """The figure compared: wall ms, CPU ms per 3 s window (idle), or latency ms."""
    r, _ = get(cfg, case)
    if r is None:
        return None
    return r[1] if kind(case) == "idle" else r[0]


def cell(cfg, case):
    r, mark = get(cfg, case)
    if r is None:
        return "–"
    med, cpu = r[0], r[1]
    k = kind(case)
    if k == "latency":
        return f"{med * 1000:.0f} µs{mark}" if med >= 0.0005 else f"{med * 1000:.1f} µs{mark}"
    if k == "idle":
        return f"cpu {fmt(cpu)}{mark}"
    return f"{fmt(med)} / {fmt(cpu)}{mark}"


def ratio(a, b):
    if a is None or b is None or b <= 0:
        return "–"
    return f"{a / b:.2f}"


CONFIGS = [
    ("rust-t1", "Rayon 1T"), ("rust-t2", "Rayon 2T"),
    ("rayon4j-t1", "rayon4j 1T"), ("rayon4j-t2", "rayon4j 2T"), ("rayon4j-t2-polluted", "rayon4j 2T polluted"),
    ("java-fj2", "Java FJP(2)"), ("java-fj2-polluted", "Java FJP(2) polluted"),
]
RATIOS = [
    ("rayon4j 2T ÷ Java FJP(2)", "rayon4j-t2", "java-fj2"),
    ("rayon4j 2T ÷ Rayon 2T", "rayon4j-t2", "rust-t2"),
    ("rayon4j polluted ÷ clean", "rayon4j-t2-polluted", "rayon4j-t2"),
    ("streams polluted ÷ clean", "java-fj2-polluted", "java-fj2"),
]
CASES = [
    "join_recursive_fib", "join_recursive_fib_long", "join_recursive_fib_cutoff20", "increment_all", "sum_of_squares",
    "map_collect", "map_collect_boxed", "nbody_3steps_par", "nbody_3steps_par_reduce",
    "par_sort_unstable", "par_sort_stable", "par_sort_stream",
    "find_first", "find_any", "any", "any_nomatch",
    "idle_cpu", "idle_cpu_javathreads", "wake_latency",
]

print("## rayon4j, Rust Rayon and Java parallel streams, side by side")
print()
print("Median wall ms / median CPU ms per run (idle_cpu: CPU ms per 3 s window; wake_latency: round trip).")
print("Ratios are time ÷ time (idle: CPU ÷ CPU): below 1.00 the first took less.")
print()
print("| case | " + " | ".join(h for _, h in CONFIGS) + " | " + " | ".join(h for h, _, _ in RATIOS) + " |")
print("|---|" + "---:|" * (len(CONFIGS) + len(RATIOS)))
logs = {h: [] for h, _, _ in RATIOS}
for case in CASES:
    cells = [cell(cfg, case) for cfg, _ in CONFIGS]
    if all(c == "–" for c in cells):
        continue
    rs = []
    for h, a, b in RATIOS:
        va, vb = value(a, case), value(b, case)
        rs.append(ratio(va, vb))
        if kind(case) == "time" and va and vb:
            logs[h].append(math.log(va / vb))
    print(f"| {case} | " + " | ".join(cells) + " | " + " | ".join(rs) + " |")
print()
means = [f"{h}: {math.exp(sum(v) / len(v)):.2f} over {len(v)} cases" for h, v in logs.items() if v]
if means:
    print("Geometric means of the timed cases (idle rows left out): " + "; ".join(means) + ".")
    print()
if any(get("java-fj2", c)[1].startswith(" †") for c in CASES):
    print("† from $PEERS_DIR/rayon-rs/results/raw.csv (the peers' own run), no java-fj2 row here.")
    print()

# ------------------------------------------------------------------ P3: short jobs
SHORT = [("rayon4j-t2", "rayon4j 2T"), ("rayon4j-t2-polluted", "rayon4j 2T polluted"),
         ("java-fj2", "Java FJP(2)"), ("java-fj2-polluted", "Java FJP(2) polluted")]
if any(get(cfg, "shortjob")[0] for cfg, _ in SHORT):
    print("### Short jobs (P3): increment_all of 10^7 longs every 20 ms into a pool that fell asleep")
    print()
    print("| config | wall ms | CPU ms | cpu_util (target ≥ 1.6) |")
    print("|---|---:|---:|---:|")
    for cfg, label in SHORT:
        r, mark = get(cfg, "shortjob")
        if r:
            print(f"| {label}{mark} | {fmt(r[0])} | {fmt(r[1])} | {r[1] / r[0]:.2f} |")
    print()

# ------------------------------------------------------------------ P8: oversubscription
OVER = ["join_recursive_fib", "join_recursive_fib_cutoff20", "sum_of_squares"]
if any((cfg, c) in ours for cfg in ("rayon4j-t2-burn2", "java-fj2-burn2") for c in OVER):
    print("### Oversubscription (P8): 2 threads spinning in another process during the run")
    print()
    print("| case | rayon4j 2T | + burn 2 | slowdown | Java FJP(2) | + burn 2 | slowdown |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for case in OVER:
        row = [case]
        for base in ("rayon4j-t2", "java-fj2"):
            row += [cell(base, case), cell(base + "-burn2", case),
                    ratio(value(base + "-burn2", case), value(base, case))]
        print("| " + " | ".join(row) + " |")
    print()

# ------------------------------------------------------------------ P7: first use
if any(get(cfg, "first_use")[0] for cfg in ("rayon4j-first", "java-first")):
    classes = {}
    if os.path.exists(classes_csv):
        with open(classes_csv) as f:
            for r in csv.DictReader(f):
                classes[r["impl"]] = r
    print("### First use (P7): a whole JVM process running one 10^6-element pipeline")
    print()
    print("| process | wall ms | CPU ms (whole process) | classes loaded (from CDS; rayon4j's; java.util.stream's) |")
    print("|---|---:|---:|---:|")
    for cfg, impl, label in (("rayon4j-first", "rayon4j", "FirstUse (rayon4j)"),
                             ("java-first", "stream", "FirstUseStream (parallel stream)")):
        r, mark = get(cfg, "first_use")
        c = classes.get(impl)
        cl = (f"{c['classes']} ({c['from_cds']}; {c['rayon4j_classes']}; {c['java_util_stream_classes']})"
              if c else "–")
        if r:
            print(f"| {label}{mark} | {fmt(r[0])} | {fmt(r[1])} | {cl} |")
    print()
