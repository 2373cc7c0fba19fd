#!/usr/bin/env bash
# Guests (callerRuns) before and after, alternating JVM by JVM; run in a directory holding
# base.jar (the build before) and new.jar (the build with callerRuns), from the repository root's
# benchmarks/results/2026-11-26-issue10v/ or anywhere:
#   bash run-ab.sh calls     # CallerRuns.java (issue10r): outside calls, six ways, 2 x 2 JVMs
#   bash run-ab.sh peers     # PeerCases shortjob (P3) and idle (P4/P5): base, new, new --caller-runs,
#                            # three rounds; ForkJoinPool(2) (StreamCases, Baseline.java) once per round
# vmstat 5 runs beside each block (vmstat-<block>.log); every JVM has a fixed, pre-touched heap.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
peers="${PEERS_DIR:-$here/../../../../shared/peers}"
heap=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
block="${1:-calls}"
vmstat 5 > "vmstat-$block.log" & vm=$!
trap 'kill $vm' EXIT
case "$block" in
  calls)
    for k in 1 2; do
      for b in base new; do
        echo "== $b $k $(date +%T) $(cat /proc/loadavg)"
        java -Xss4m "${heap[@]}" -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 -cp $b.jar \
            "$here/../2026-11-26-issue10r/CallerRuns.java" 8 inc inc10m sumsq
      done
    done > caller-runs-ab.csv 2>&1
    ;;
  peers)
    pc=io.github.rayon4j.benchmarks.peers
    for k in 1 2 3; do
      echo "== round $k $(date +%T) $(cat /proc/loadavg)"
      java "${heap[@]}" -cp base.jar $pc.PeerCases --threads 2 shortjob idle | sed 's/^/base,/'
      java "${heap[@]}" -cp new.jar $pc.PeerCases --threads 2 shortjob idle | sed 's/^/new,/'
      java "${heap[@]}" -cp new.jar $pc.PeerCases --threads 2 --caller-runs shortjob idle | sed 's/^/new-callerRuns,/'
      java "${heap[@]}" -cp new.jar $pc.StreamCases --pool 2 shortjob | sed 's/^/fj2,/'
      java "${heap[@]}" "$peers/java-baseline/Baseline.java" --pool 2 idle | sed 's/^/fj2,/'
    done > peers-ab.csv 2>&1
    ;;
esac
echo "== end $(date +%T) $(cat /proc/loadavg)" >> "${block}-end.txt"
