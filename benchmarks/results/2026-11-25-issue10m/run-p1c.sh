#!/usr/bin/env bash
# P1c: the 13 kernels of P1, rayon4j and the parallel stream (and Arrays.parallelSort for the
# sort) interleaved in one JVM per kernel, first in clean JVMs, then in JVMs that first ran the
# suite's pollution.   [OUT=folder] run-p1c.sh JAR   (output into OUT, default this folder)
set -euo pipefail
here="${OUT:-$(cd "$(dirname "$0")" && pwd)}"
for polluted in false true; do
    java -cp "$1" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 15 --warmup 4 \
        --param polluted=$polluted --param position=middle --param input=random \
        --variants rayon4j,parallelStream,arraysParallelSort p1 > "$here/p1c-polluted-$polluted.md"
done
