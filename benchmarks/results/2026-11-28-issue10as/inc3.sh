#!/bin/bash
for ((r = 1; r <= $1; r++)); do
  if ((r % 2)); then order="true false"; else order="false true"; fi
  for v in $order; do
    echo "== round $r nodeleg=$v $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
    java -cp probe3.jar io.github.rayon4j.benchmarks.harness.Interleaved --seconds 6 --warmup 3 --param polluted=false --variants rayon4j,parallelStream --jvm-arg -Dprobe.nodeleg=$v IncrementAll 2>&1 | grep -E "^\| (rayon4j|parallelStream)"
  done
done
