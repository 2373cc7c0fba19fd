#!/bin/bash
# Issue 10's targets P1, P2, P3/P4/P5 (peers' cases beside ForkJoinPool), P3b and P7 on one build,
# one step after another; nothing else may run meanwhile. From the repository root:
#   JAR=benchmarks/target/benchmarks.jar OUT=/tmp/out bash benchmarks/results/2026-11-28-issue10al/targets.sh
# (issue10al ran it on 808a850's jar; the files here are its output.)
set -u
J=${JAR:-benchmarks/target/benchmarks.jar}
O=${OUT:-/tmp/targets}
mkdir -p "$O"
pc=io.github.rayon4j.benchmarks.peers
stamp() { echo "== $1 $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"; }
H="-Xms2g -Xmx2g -XX:+AlwaysPreTouch"
{
stamp P1
java -cp $J io.github.rayon4j.benchmarks.harness.Interleaved --seconds 8 --warmup 3 --param polluted=false --variants rayon4j,parallelStream,arraysParallelSort p1
stamp P1-end
} > $O/p1.md 2>&1
{
for r in 1 2 3; do
  stamp "peers round $r rayon4j-t2"
  java $H -Dwarmup=20 -Dreps=60 -cp $J $pc.PeerCases --threads 2 fib increment sumsq nbody shortjob idle 2>&1 | grep -v "^#"
  stamp "peers round $r java-fj2"
  java $H -Dwarmup=20 -Dreps=60 ${PEERS_DIR:-../shared/peers}/java-baseline/Baseline.java --pool 2 fib increment sumsq nbody idle 2>&1 | grep -v "^#"
done
stamp peers-end
} > $O/peers.csv 2>&1
{
stamp P2
java $H -cp $J io.github.rayon4j.benchmarks.harness.JoinOverheadHarness 300 2>&1 | tail -30
stamp P2-end
} > $O/p2.txt 2>&1
{
stamp P3b
BASE_JAR=$J NEW_JAR=$J bash benchmarks/results/2026-11-27-issue10af/p3b-ab.sh 2
stamp P3b-end
} > $O/p3b.txt 2>&1
{
stamp P7
JAR=$J bash benchmarks/peers/first-use.sh --runs 21
stamp P7-end
} > $O/p7.csv 2>&1
echo "done: $O"
