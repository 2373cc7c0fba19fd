#!/usr/bin/env bash
# New pipeline shapes in a warm JVM (harness NewShapes): BEFORE and AFTER builds alternate, one
# JVM per line, PAIRS pairs for each run count, then the parallel stream once per run count for
# reference; vmstat beside it. The harness class is taken from AFTER's jar when BEFORE lacks it
# (BEFORE first on the class path, so its rayon4j classes are the ones that run).
#   run-new-shapes.sh BEFORE.jar AFTER.jar [PAIRS [RUNS...]]   (defaults: 4 pairs; 10, 40 and 100 runs)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
before="$1" after="$2" pairs="${3:-4}"
counts=("${@:4}")
[ ${#counts[@]} -gt 0 ] || counts=(10 40 100)
main=io.github.rayon4j.benchmarks.harness.NewShapes
vmstat 2 > "$here/vmstat-new-shapes.log" & vm=$!
trap 'kill $vm' EXIT
for runs in "${counts[@]}"; do
    for ((p = 0; p < pairs; p++)); do
        echo "before $(java -cp "$before:$after" $main --runs "$runs")"
        echo "after  $(java -cp "$after" $main --runs "$runs")"
    done
    echo "stream $(java -cp "$after" $main --runs "$runs" --impl stream)"
done
