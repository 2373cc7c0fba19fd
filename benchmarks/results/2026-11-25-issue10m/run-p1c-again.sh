#!/usr/bin/env bash
# P1c again for the kernels that were over 1.1x in the first run: clean and polluted JVMs
# alternating, two rounds.   run-p1c-again.sh JAR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for round in 1 2; do
    for polluted in false true; do
        java -cp "$1" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 15 --warmup 4 \
            --param polluted=$polluted --variants rayon4j,parallelStream \
            SumOfSquares FilterCount MatMulBench SieveBench Pythagorean > "$here/p1c-again-$round-polluted-$polluted.md"
    done
done
