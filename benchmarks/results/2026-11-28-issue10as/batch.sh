#!/bin/bash
# base.jar (0e12deb) vs new.jar (wake-ups left to a polling caller), alternating JVMs
H="-Xms2g -Xmx2g -XX:+AlwaysPreTouch"
echo "### idle (P4/P5) $(date +%T)"
./idle3.sh 6
echo "### shortjob (P3), fib, increment-all $(date +%T)"
for ((r = 1; r <= 4; r++)); do
  if ((r % 2)); then order="base new"; else order="new base"; fi
  for v in $order; do
    echo "== round $r $v $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
    java $H -cp $v.jar io.github.rayon4j.benchmarks.peers.PeerCases --threads 2 shortjob fib 2>&1 | grep -E "^(shortjob|fib)"
  done
done
echo "### P1 kernels $(date +%T)"
for ((r = 1; r <= 2; r++)); do
  if ((r % 2)); then order="base new"; else order="new base"; fi
  for v in $order; do
    echo "== round $r $v $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
    java -cp $v.jar io.github.rayon4j.benchmarks.harness.Interleaved --seconds 8 --warmup 3 --param polluted=false --variants rayon4j,parallelStream IncrementAll SumOfSquares NBodyStep MatMulBench LifeBench 2>&1 | grep -E "^\| (rayon4j|parallelStream)|^## "
  done
done
echo "### done $(date +%T)"
