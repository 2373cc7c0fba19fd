"""Slowdowns of p8.sh's output: per round and bench, loaded median / alone median for rayon4j
(r or rc) and ForkJoinPool(2) (f), and the medians over the rounds that have all four runs.
Lines starting with '#' (runs marked disturbed) are skipped.  python3 summarize.py p8.csv"""
import collections
import statistics as st
import sys

runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    f = line.strip().split(',')
    if line.startswith('#') or len(f) < 12:
        continue
    rnd, variant, bench = f[0], f[1].replace('rc', 'r'), f[4]
    runs[(bench, int(rnd))][variant] = (float(f[7]), float(f[11]))  # median ms, cpu_util

for bench in ('join_recursive_fib', 'sum_of_squares'):
    rs, fs = [], []
    for (b, rnd), m in sorted(runs.items()):
        if b != bench or len(m) < 4:
            continue
        sr, sf = m['r-burn'][0] / m['r'][0], m['f-burn'][0] / m['f'][0]
        rs.append(sr)
        fs.append(sf)
        print(f"{bench} round {rnd}: rayon4j {m['r'][0]:.1f} -> {m['r-burn'][0]:.1f} ms ({sr:.2f}x, "
              f"cpu_util {m['r-burn'][1]:.2f}); ForkJoinPool {m['f'][0]:.1f} -> {m['f-burn'][0]:.1f} ms "
              f"({sf:.2f}x, cpu_util {m['f-burn'][1]:.2f})")
    if rs:
        print(f"{bench}: {len(rs)} rounds; median slowdown rayon4j {st.median(rs):.2f} "
              f"({min(rs):.2f}-{max(rs):.2f}), ForkJoinPool {st.median(fs):.2f} ({min(fs):.2f}-{max(fs):.2f}); "
              f"rayon4j's at or under ForkJoinPool's in {sum(a <= b for a, b in zip(rs, fs))}")
