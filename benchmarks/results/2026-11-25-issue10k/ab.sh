#!/usr/bin/env bash
# Before/after of the long range's leaf loop: two builds of benchmarks.jar, one after the other,
# each kernel interleaved with its peers in one JVM (harness.Interleaved), on two threads and on one.
#   ab.sh JAR_BEFORE JAR_AFTER > ab.log
set -euo pipefail
for jar in "$1" "$2"; do
    echo "=== $jar"
    java -cp "$jar" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 12 --warmup 4 --param polluted=false \
        --variants rayon4j,parallelStream,sequential SumOfSquares FindFirst Pythagorean NBodyStep
    java -cp "$jar" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 12 --warmup 4 --param polluted=false \
        --variants rayon4j,sequential --jvm-arg -Drayon4j.numThreads=1 SumOfSquares
done
