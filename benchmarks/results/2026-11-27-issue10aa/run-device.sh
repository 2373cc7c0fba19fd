#!/usr/bin/env bash
# The device call of issue10aa (16 vCPUs): (1) the peers' cases at 1-16 threads in steady state
# (issue10u's run-scaling.sh, 30 warm-up runs, 20 timed), at this session's build; (2) the
# collecting terminals on 16 threads, 61e499a's build against this one, alternating JVMs
# (Collects.java); (3) the iterator module's test suite on 16 cores (the carry protocol with
# real steals). Run in the repository root with .dev/ holding: jrt/ (a jlinked JDK 17), cp/ (the
# JUnit jars, QuickTheories, main-core, main-iter, test-iter), launcher/ (RunTests.java of
# issue10z, compiled), bench.jar and old.jar (the benchmarks jars of this build and of 61e499a,
# cut to io/github/rayon4j), basecls/ (the peers' Baseline.java compiled), bin/rayon-bench (the
# peers' Rust build), colcls/ (Collects.java compiled), run-scaling.sh (issue10u's).
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
$J -version >> "$log" 2>&1
mark "phase 1: scaling, steady state"
mkdir -p /tmp/scal
CASES="sumsq nbody fib increment" THREADS="1 2 4 8 16" EXTRA16= P1_THREADS= WARMUP=30 REPS=20 \
  JAVA=$J JAR=$D/bench.jar BASELINE_CP=$D/basecls RUST=$D/bin/rayon-bench OUT=/tmp/scal \
  timeout 240 bash $D/run-scaling.sh > /dev/null 2>&1
cat /tmp/scal/log.txt >> "$log"
cp /tmp/scal/cpu.log "$O/cpu-scaling.log"
cat /tmp/scal/rust.csv /tmp/scal/java.csv /tmp/scal/rayon4j.csv > "$O/scaling.csv"
mark "phase 2: collects, 16 threads"
if command -v vmstat > /dev/null; then vmstat 1 > "$O/cpu-rest.log" 2>&1 &
else while :; do echo "$(date +%T) $(head -1 /proc/stat)"; sleep 1; done > "$O/cpu-rest.log" & fi
sampler=$!
for r in 1 2; do for b in old bench; do
  mark "collects round $r $b"
  echo "== round $r $b" >> "$O/collects.txt"
  timeout 100 $J -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=15 \
    -cp "$D/$b.jar:$D/colcls" Collects >> "$O/collects.txt" 2>&1
done; done
mark "phase 3: iter tests"
CPI="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/main-iter:$D/cp/test-iter"
timeout 200 $J -ea -Xss4m -Xmx4g -cp "$CPI" RunTests pkg:io.github.rayon4j.iter > "$O/tests.txt" 2>&1
mark "iter tests rc=$?"
kill $sampler
grep -E "ALL PASSED|FAILURES|tests, " "$O/tests.txt"; cat "$log"; grep -E "^==|containers|toMap|groupingBy|distinct|toSet" "$O/collects.txt"
