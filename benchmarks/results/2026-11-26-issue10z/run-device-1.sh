#!/usr/bin/env bash
# The first device call of issue10z (at 092877f): (1) reliability on 16 cores: three soaks
# (burners 0, 2, 12) beside the core and iterator test suites; (2) the peers' cases at 1-16
# threads (issue10u's run-scaling.sh); (3) short calls on 16 threads (issue10x's SplitCalls).
# Run in the repository root with .dev/ holding (see README.md, "How it ran"): jrt/ (a jlinked
# JDK 17), cp/ (the JUnit jars, QuickTheories, main-core, test-core, main-iter, test-iter),
# launcher/ (RunTests.java compiled), bench.jar (the benchmarks jar cut to io/github/rayon4j),
# basecls/ (the peers' Baseline.java compiled), bin/rayon-bench (the peers' Rust build),
# splitcls/ (SplitCalls.java compiled), run-scaling.sh (issue10u's).
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}; SOAK=${SOAK:-240}
CPC="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/test-core"
CPI="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/main-iter:$D/cp/test-iter"
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
$J -version >> "$log" 2>&1
if command -v vmstat > /dev/null; then vmstat 1 > "$O/cpu.log" 2>&1 &
else while :; do echo "$(date +%T) $(head -1 /proc/stat)"; sleep 1; done > "$O/cpu.log" & fi
sampler=$!
mark "phase 1: soaks ${SOAK}s + tests"
pids=()
for b in 0 2 12; do
  timeout $((SOAK + 150)) $J -ea -Xss4m -Xmx2g -Drayon4j.soak.seconds=$SOAK -Drayon4j.soak.burners=$b \
    -cp "$CPC" RunTests io.github.rayon4j.core.SoakTest > /tmp/soak-b$b.txt 2>&1 &
  pids+=($!)
done
timeout 400 $J -ea -Xss4m -Xmx4g -XX:+EnableDynamicAgentLoading -Djdk.attach.allowAttachSelf=true -cp "$CPC" \
  RunTests pkg:io.github.rayon4j.core > "$O/tests.txt" 2>&1; mark "core tests rc=$?"
timeout 300 $J -ea -Xss4m -Xmx4g -cp "$CPI" RunTests pkg:io.github.rayon4j.iter >> "$O/tests.txt" 2>&1
mark "iter tests rc=$?"
i=0; for b in 0 2 12; do wait "${pids[$i]}"; mark "soak burners=$b rc=$?"; i=$((i + 1)); done
for b in 0 2 12; do echo "######## soak burners=$b"; cat /tmp/soak-b$b.txt; done > "$O/soak.txt"
mark "phase 2: scaling"
mkdir -p /tmp/scal
CASES="sumsq nbody fib increment" THREADS="1 2 4 8 16" EXTRA16= P1_THREADS= WARMUP=5 REPS=10 \
  JAVA=$J JAR=$D/bench.jar BASELINE_CP=$D/basecls RUST=$D/bin/rayon-bench OUT=/tmp/scal \
  timeout 200 bash $D/run-scaling.sh
cat /tmp/scal/log.txt >> "$log"
cat /tmp/scal/rust.csv /tmp/scal/java.csv /tmp/scal/rayon4j.csv > "$O/scaling.csv"
mark "phase 3: short calls, 16 threads"
timeout 120 $J -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=15 \
  -cp "$D/bench.jar:$D/splitcls" SplitCalls 16 2 > "$O/split.csv" 2>&1
mark "end"
kill $sampler
grep -E "ALL PASSED|FAILURES|tests, " "$O/tests.txt" "$O/soak.txt"; grep -h "^SOAK" "$O/soak.txt"; cat "$log"
