#!/usr/bin/env python3
"""Tables from scaling.csv (scaling.sh's output): for each case and library, the median time per
thread count (each process's median where a case ran twice; the speed-ups use the lower) and the speed-up
over the same library on 1 thread. Rows after a '#' line whose others_during is >= 0.10 cores are
marked '*' (disturbed)."""
import re, sys, collections
rows = collections.defaultdict(list)   # (lib, name, T) -> [(ms, util, disturbed)]
pending = []
for line in open(sys.argv[1] if len(sys.argv) > 1 else "scaling.csv"):
    line = line.strip()
    if line.startswith("config,") or not line:
        continue
    if line.startswith("#"):
        m = re.search(r"others_during=([0-9.]+)cores", line)
        bad = m is not None and float(m.group(1)) >= 0.10
        for key, ms, util in pending:
            rows[key].append((ms, util, bad))
        pending = []
        continue
    f = line.split(",")
    cfg, name = f[0], f[1]
    m = re.match(r"(rayon4j|java|rust)-(?:t|fj)(\d+)$", cfg)
    if not m:
        continue
    pending.append(((m.group(1), name, int(m.group(2))), float(f[4]), float(f[8])))
libs = ["rayon4j", "java", "rust"]
names = []
for (lib, name, t) in rows:
    if name not in names:
        names.append(name)
ts = sorted({t for (_, _, t) in rows})
def best(key):
    v = rows.get(key)
    if not v:
        return None
    return min(v, key=lambda r: r[0])
print("| case | library | " + " | ".join(f"T={t} ms" for t in ts) + " | " + " | ".join(f"x{t}" for t in ts[1:]) + " | CPU/wall at T=16 |")
print("|" + " --- |" * (2 + 2 * len(ts)))
for name in names:
    for lib in libs:
        cells, speed = [], []
        base = best((lib, name, 1))
        for t in ts:
            v = rows.get((lib, name, t))
            if not v:
                cells.append("")
                continue
            cells.append(" / ".join(f"{ms:.3g}{'*' if bad else ''}" for ms, _, bad in v))
        for t in ts[1:]:
            b = best((lib, name, t))
            speed.append(f"{base[0] / b[0]:.2f}" if b and base else "")
        b16 = best((lib, name, 16))
        if any(cells):
            util = f"{b16[1]:.1f}" if b16 else ""
            print(f"| {name} | {lib} | " + " | ".join(cells) + " | " + " | ".join(speed) + f" | {util} |")
