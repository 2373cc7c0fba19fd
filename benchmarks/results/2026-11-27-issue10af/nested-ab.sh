#!/usr/bin/env bash
# issue10s's NestedNbody.java on two threads, JVMs alternating between two builds, with the
# hypervisor's steal time (vmstat's st) beside each JVM. Prints per JVM: build, pair, median ms of
# par and reduce over 40 rounds, and how many of their calls took over 50 ms (a call that ran on
# one processor).
#   BASE_JAR=... NEW_JAR=... bash nested-ab.sh PAIRS
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
for ((p = 1; p <= ${1:-4}; p++)); do
    if ((p % 2)); then order="base new"; else order="new base"; fi
    for b in $order; do
        jar=$BASE_JAR; [ "$b" = new ] && jar=$NEW_JAR
        vmstat 1 > /tmp/nested-vmstat.$$ & vm=$!
        out=$(java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp "$jar" "$here/2026-11-26-issue10s/NestedNbody.java" 2)
        kill $vm; wait $vm 2>/dev/null || true
        st=$(awk 'NR>3 {s+=$17; n++} END {printf "%.1f", n ? s/n : 0}' /tmp/nested-vmstat.$$)
        echo "$out" | python3 -c "
import sys, statistics as st
d = {}
for l in sys.stdin:
    v = l.strip().split(',')
    if len(v) == 3: d.setdefault(v[0], []).append(float(v[2]))
print('$b,$p,' + ','.join('%s,%.1f,%d' % (k, st.median(d[k]), sum(x > 50 for x in d[k])) for k in ('par', 'reduce')) + ',steal_pct,$st,$(date +%T)')
"
    done
done
rm -f /tmp/nested-vmstat.$$
