#!/bin/bash
# P4/P5, the peers' idle case: base.jar and new.jar (PeerCases --threads 2) and ForkJoinPool(2) (Baseline --pool 2), rotating order per round
B=${PEERS_DIR:-../shared/peers}/java-baseline/Baseline.java
H="-Xms2g -Xmx2g -XX:+AlwaysPreTouch"
for ((r = 1; r <= $1; r++)); do
  case $((r % 3)) in 1) order="base new fj";; 2) order="new fj base";; 0) order="fj base new";; esac
  for v in $order; do
    echo "== round $r $v $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
    if [ $v = fj ]; then java $H $B --pool 2 idle 2>&1 | grep -E "^(idle_cpu|wake)"
    else java $H -cp $v.jar io.github.rayon4j.benchmarks.peers.PeerCases --threads 2 idle 2>&1 | grep -E "^(idle_cpu|wake)"; fi
  done
done
