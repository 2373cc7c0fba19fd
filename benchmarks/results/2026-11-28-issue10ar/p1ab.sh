#!/bin/bash
# usage: p1ab.sh rounds kernels...   alternates base.jar and new.jar, one JVM per kernel per build
R=$1; shift
for r in $(seq 1 $R); do for b in base new; do
  echo "=== round $r build $b $(date +%T)"
  java -cp $b.jar io.github.rayon4j.benchmarks.harness.Interleaved --seconds 8 --warmup 3 --param polluted=false --variants rayon4j,parallelStream "$@" 2>&1 | grep -E "^\| (rayon4j|parallelStream)|other|^## |^# kernel|Kernel|kernel" 
done; done
