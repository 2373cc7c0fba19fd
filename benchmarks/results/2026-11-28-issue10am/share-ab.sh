#!/bin/bash
# issue10am section 4: the fused leaf's question "is work wanted?" against increment-all's speed.
# Build a worktree with share-mode.patch applied (it reads -Drayon4j.probe.shareMode: 0 as committed,
# 1 never share or ask, 2 ask as committed but never share, 3 a threshold no leaf reaches, so never
# ask), then from the repository root:
#   JAR=/path/to/worktree/benchmarks/target/benchmarks.jar bash benchmarks/results/2026-11-28-issue10am/share-ab.sh 3
J=${JAR:?JAR must name the patched benchmarks jar}
for r in $(seq 1 "${1:-3}"); do
  for m in 0 1 2 3; do
    echo "== round $r shareMode=$m $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
    java -cp "$J" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 8 --warmup 3 \
        --jvm-arg -Drayon4j.probe.shareMode=$m --variants rayon4j,parallelStream IncrementAll SumOfSquares 2>&1 \
        | grep -E "^## |^\| (rayon4j|parallelStream) "
  done
done
