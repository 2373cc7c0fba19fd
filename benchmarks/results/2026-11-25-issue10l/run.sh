#!/usr/bin/env bash
# P1 before/after this session: the 13 kernels interleaved with their peers, one JVM per kernel,
# for two builds one after the other.   run.sh JAR_BEFORE JAR_AFTER
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for pair in "before:$1" "after:$2"; do
    name="${pair%%:*}"; jar="${pair#*:}"
    java -cp "$jar" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 15 --warmup 4 \
        --param polluted=false --param position=middle --param input=random p1 > "$here/p1-$name.md"
done
