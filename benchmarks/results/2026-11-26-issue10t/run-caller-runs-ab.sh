#!/usr/bin/env bash
# CallerRuns (issue10r) with two builds alternating, two pairs of JVMs; run in a folder holding
# base.jar and new.jar (copies of benchmarks/target/benchmarks.jar of the two builds).
set -u
src="$(cd "$(dirname "$0")/.." && pwd)/2026-11-26-issue10r/CallerRuns.java"
for k in 1 2; do
  for b in base new; do
    echo "== $b $k $(date +%T) $(cat /proc/loadavg)"
    java -Xss4m -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 \
        -cp $b.jar $src 6 inc inc10m sumsq life 2>&1 | grep -v '^#'
  done
done
echo "== end $(date +%T) $(cat /proc/loadavg)"
