#!/usr/bin/env bash
# Device run: n-body probe at 16 and 8 threads in several JVMs, the primitive sorts at 16
# threads, and the iterator test suite.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
JV=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
for t in 16 16 16 16 16 16 16 16 8 8 8 8; do
  mark "nbody probe $t"
  timeout 60 $J "${JV[@]}" -cp $D/bench.jar:$D/np io.github.rayon4j.benchmarks.peers.NbodyProbe $t >> "$O/nbody.txt" 2>&1
done
mark "sorts 16"
timeout 150 $J -Xms3g -Xmx3g -XX:+AlwaysPreTouch -Drayon4j.numThreads=16 -cp $D/bench.jar:$D/np PrimitiveSorts > "$O/sorts16.txt" 2>&1
mark "iter tests"
CPI="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/main-iter:$D/cp/test-iter"
timeout 300 $J -ea -Xss4m -Xmx4g -cp "$CPI" RunTests pkg:io.github.rayon4j.iter > "$O/tests.txt" 2>&1
mark "iter tests rc=$?"
grep -E "ALL PASSED|FAILURES|tests, " "$O/tests.txt"; cat "$log"; cat "$O/nbody.txt"; cat "$O/sorts16.txt"
