#!/usr/bin/env bash
# P1 kernels, rayon4j against the parallel stream, two builds alternating, two runs each; run in
# a directory holding base.jar and new.jar (copies of benchmarks/target/benchmarks.jar).
set -u
for k in 1 2; do
  for b in base new; do
    echo "== $b $k $(date +%T) $(cat /proc/loadavg)"
    java -cp $b.jar io.github.rayon4j.benchmarks.harness.Interleaved --seconds 8 --warmup 3 \
        --param polluted=false --variants rayon4j,parallelStream p1 > p1-$b-$k.md 2>&1
  done
done
echo "== end $(date +%T) $(cat /proc/loadavg)"
