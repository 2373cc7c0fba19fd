#!/usr/bin/env python3
"""Sums the optimizing compiler's (C2, level 4) time per method from a HotSpot compilation log
(-XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=FILE): total, by group, and the
longest compiles. Times come from the log's millisecond stamps (start and end of each task)."""
import collections
import re
import sys

groups = [("rayon4j-iter", "io.github.rayon4j.iter"), ("rayon4j-core", "io.github.rayon4j.core"),
          ("java.util.stream", "java.util.stream"), ("java.lang.invoke", "java.lang.invoke")]
text = open(sys.argv[1]).read()
total, rows, by = 0.0, [], collections.defaultdict(lambda: [0, 0.0])
for m in re.finditer(r"<task ([^>]*)>(.*?)<task_done([^>]*)/>", text, re.S):
    attrs = m.group(1)
    level = re.search(r"level='(\d)'", attrs)
    if level and level.group(1) != "4":
        continue
    start = float(re.search(r"stamp='([\d.]+)'", attrs).group(1))
    end = float(re.search(r"stamp='([\d.]+)'", m.group(3)).group(1))
    method = re.search(r"method='([^']*)'", attrs).group(1).split(" ")
    name = method[0].replace("/", ".") + "::" + method[1]
    osr = " (on-stack)" if "osr_bci" in attrs else ""
    group = next((g for g, p in groups if name.startswith(p)), "other")
    by[group][0] += 1
    by[group][1] += end - start
    total += end - start
    rows.append((end - start, name + osr))
print(f"C2 compiles {len(rows)}, {total * 1000:.0f} ms")
for g, (n, t) in sorted(by.items(), key=lambda x: -x[1][1]):
    print(f"  {g:18} {n:4} compiles {t * 1000:6.0f} ms")
for t, name in sorted(rows, reverse=True)[:6]:
    print(f"    {t * 1000:5.0f} ms  {name}")
