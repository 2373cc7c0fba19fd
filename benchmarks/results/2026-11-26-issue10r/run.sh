#!/usr/bin/env bash
# CallerRuns in three JVMs, vmstat beside (from the repository root), each with a fixed heap
# touched at start-up (see section 3 of this folder's README):
#   benchmarks/results/2026-11-26-issue10r/run.sh JAR OUTDIR
set -euo pipefail
jar="$1" out="$2"
d="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
vmstat 5 > "$out/vmstat.log" & vm=$!
trap 'kill $vm' EXIT
for k in 1 2 3; do
    java -Xss4m -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 -cp "$jar" \
        "$d/CallerRuns.java" 15 inc inc10m sumsq life
done > "$out/caller-runs.csv"
