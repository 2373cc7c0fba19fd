#!/bin/bash
# P4/P5: the peers' idle case, rayon4j (PeerCases --threads 2) and ForkJoinPool(2) (Baseline --pool 2), alternating JVMs.
# issue10al: JAR=<808a850's benchmarks.jar> bash benchmarks/results/2026-11-28-issue10al/idle.sh 6 (output: idle.txt)
#   JAR=benchmarks/target/benchmarks.jar bash idle.sh ROUNDS
J=${JAR:-benchmarks/target/benchmarks.jar}
B=${PEERS_DIR:-../shared/peers}/java-baseline/Baseline.java
H="-Xms2g -Xmx2g -XX:+AlwaysPreTouch"
for ((r = 1; r <= ${1:-6}; r++)); do
  if ((r % 2)); then order="r4j fj"; else order="fj r4j"; fi
  for v in $order; do
    echo "== round $r $v $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
    if [ $v = r4j ]; then java $H -cp $J io.github.rayon4j.benchmarks.peers.PeerCases --threads 2 idle 2>&1 | grep -E "^(idle|wake)"
    else java $H $B --pool 2 idle 2>&1 | grep -E "^(idle|wake)"; fi
  done
done
