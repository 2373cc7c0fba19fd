#!/usr/bin/env bash
# Device run 9: the twenty-seventh session's core (failure paths that need no memory, a job's
# error contained by its worker) on 16 cores: the tests that touch it, then a 60 s soak.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
CPC="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/test-core"
mark "core tests"
timeout 200 $J -ea -Xss4m -Xmx4g -cp "$CPC" RunTests io.github.rayon4j.core.OutOfMemorySpawnTest \
  io.github.rayon4j.core.WorkerSurvivalTest io.github.rayon4j.core.ScopeTest io.github.rayon4j.core.JoinTest \
  io.github.rayon4j.core.StackOverflowTest io.github.rayon4j.core.ExceptionsNotLostTest io.github.rayon4j.core.BroadcastTest \
  io.github.rayon4j.core.MixedTreePropertyTest io.github.rayon4j.core.CloseTest > "$O/tests.txt" 2>&1
mark "core tests rc=$?"
timeout 90 $J -ea -Xmx4g -Drayon4j.soak.seconds=60 -cp "$CPC" RunTests io.github.rayon4j.core.SoakTest > "$O/soak.txt" 2>&1
mark "soak rc=$?"
cat "$log"; grep -E "ALL PASSED|FAILURES|tests, |FAIL" "$O/tests.txt" | head; tail -8 "$O/soak.txt"
