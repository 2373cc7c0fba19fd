#!/usr/bin/env bash
# Device run 6: scope spawn bursts: spawn credits (bench.jar, c6a2dcb) against credits kept at the top of the loop (lazy.jar),
# JVMs alternating, at 2-16 threads; scope tests and a 30 s soak on 16 cores.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
for r in 1 2; do
  for jar in bench lazy; do
    mark "burst $jar"; echo "### $jar" >> "$O/burst.txt"
    timeout 70 $J -Xms1g -Xmx1g -cp $D/$jar.jar:$D/bp BurstProbe 2 4 8 16 >> "$O/burst.txt" 2>&1
  done
done
CPC="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/test-core"
mark "core tests"
timeout 150 $J -ea -Xss4m -Xmx4g -cp "$CPC" RunTests io.github.rayon4j.core.ScopeTest \
  io.github.rayon4j.core.MixedTreePropertyTest io.github.rayon4j.core.StackOverflowTest \
  io.github.rayon4j.core.CloseTest io.github.rayon4j.core.BlockInPlaceTest io.github.rayon4j.core.SpareRetireTest io.github.rayon4j.core.OutOfMemorySpawnTest > "$O/tests.txt" 2>&1
mark "core tests rc=$?"
timeout 60 $J -ea -Xmx4g -Drayon4j.soak.seconds=30 -cp "$CPC" RunTests io.github.rayon4j.core.SoakTest > "$O/soak.txt" 2>&1
mark "soak rc=$?"
cat "$log"; cat "$O/burst.txt"; grep -E "ALL PASSED|FAILURES|tests, |FAIL" "$O/tests.txt" | head; tail -5 "$O/soak.txt"
