#!/usr/bin/env bash
# Device run 2: n-body probe at 16 threads under the three sleep policies (JVMs alternating),
# the primitive sorts at 16 threads (with runs merged), RadixSortTest.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
JV=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
for r in 1 2 3 4 5 6; do
  for p in RAYON HINTED LEGACY_TICKLE; do
    mark "nbody probe 16 $p"
    timeout 60 $J "${JV[@]}" -cp $D/bench.jar:$D/np io.github.rayon4j.benchmarks.peers.NbodyProbe 16 $p >> "$O/nbody.txt" 2>&1
  done
done
mark "sorts 16"
timeout 150 $J -Xms3g -Xmx3g -XX:+AlwaysPreTouch -Drayon4j.numThreads=16 -cp $D/bench.jar:$D/np PrimitiveSorts > "$O/sorts16.txt" 2>&1
mark "radix tests"
CPI="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/main-iter:$D/cp/test-iter"
timeout 120 $J -ea -Xss4m -Xmx4g -cp "$CPI" RunTests io.github.rayon4j.iter.RadixSortTest > "$O/tests.txt" 2>&1
mark "radix tests rc=$?"
tail -3 "$O/tests.txt"; cat "$log"; cat "$O/sorts16.txt"
