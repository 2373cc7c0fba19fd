#!/usr/bin/env python3
"""Markdown table of a 13-kernel JMH run (clean and polluted): rayon4j, parallel stream, hand-written ForkJoin."""
import json, math, sys
rows = json.load(open(sys.argv[1]))
t = {}
for r in rows:
    k, m = r["benchmark"].split(".")[-2:]
    p = r.get("params", {}).get("polluted", "false")
    t[(k, m, p)] = r["primaryMetric"]["score"]
def g(k, m, p):
    return t.get((k, m, p))
def f(x):
    return "–" if x is None else ("%.3g" % x)
kernels = sorted({k for k, _, _ in t})
print("| kernel | rayon4j clean | rayon4j polluted | polluted/clean | stream clean | stream polluted | stream polluted/clean | ForkJoin clean / polluted | stream÷rayon4j clean / polluted | ForkJoin÷rayon4j clean / polluted |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
gm = {"sc": [], "sp": [], "fc": [], "fp": []}
for k in kernels:
    rc, rp = g(k, "rayon4j", "false"), g(k, "rayon4j", "true")
    if rc is None and rp is None:
        continue  # a class the regex caught that has no rayon4j method (JoinSortBench)
    peer = "arraysParallelSort" if (k, "arraysParallelSort", "false") in t else "parallelStream"
    sc, sp = g(k, peer, "false"), g(k, peer, "true")
    fc, fp = g(k, "forkJoin", "false"), g(k, "forkJoin", "true")
    ratio = lambda a, b: None if a is None or b is None else a / b
    vals = [ratio(sc, rc), ratio(sp, rp), ratio(fc, rc), ratio(fp, rp)]
    for key, v in zip(["sc", "sp", "fc", "fp"], vals):
        if v is not None:
            gm[key].append(v)
    name = k + (" (vs `Arrays.parallelSort`)" if peer != "parallelStream" else "")
    print(f"| {name} | {f(rc)} | {f(rp)} | {f(ratio(rp, rc))} | {f(sc)} | {f(sp)} | {f(ratio(sp, sc))} | {f(fc)} / {f(fp)} | {f(vals[0])} / {f(vals[1])} | {f(vals[2])} / {f(vals[3])} |")
geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
print()
print("Geometric means: stream÷rayon4j %.2f clean (%d kernels), %.2f polluted; ForkJoin÷rayon4j %.2f clean, %.2f polluted (%d kernels)"
      % (geo(gm["sc"]), len(gm["sc"]), geo(gm["sp"]), geo(gm["fc"]), geo(gm["fp"]), len(gm["fp"])))
