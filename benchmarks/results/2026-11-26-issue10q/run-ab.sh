#!/usr/bin/env bash
# The in-flight search against the build before it, JVMs alternating (from the repository root):
#   benchmarks/results/2026-11-26-issue10q/run-ab.sh BEFORE.jar AFTER.jar OUTDIR
# Each pair runs before then after; vmstat runs beside everything (OUTDIR/vmstat.log).
set -euo pipefail
before="$1" after="$2" out="$3"
d="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$d/../../.." && pwd)"
mkdir -p "$out"
vmstat 5 > "$out/vmstat.log" & vm=$!
trap 'kill $vm' EXIT
bl="$(mktemp -d)"
javac -d "$bl" "$root/../shared/peers/java-baseline/Baseline.java"
pc=io.github.rayon4j.benchmarks.peers.PeerCases
ab() { # ab N command...: N pairs, each line prefixed with the build's name
    local n="$1"; shift
    for ((k = 1; k <= n; k++)); do
        for pair in "before:$before" "after:$after"; do
            "${@//JAR/${pair#*:}}" 2>&1 | grep -v '^#' | sed "s/^/${pair%%:*},/"
        done
    done
}
ab 6 java -cp JAR "$d/ShortJobAnatomy.java" rayon4j > "$out/anatomy.log"
ab 8 java -cp JAR $pc --threads 2 shortjob > "$out/shortjob.csv"
ab 3 java -cp JAR "$root/benchmarks/results/2026-11-25-issue10o/OutsideCalls.java" 2 > "$out/outside-calls.log"
ab 3 java -cp JAR io.github.rayon4j.benchmarks.harness.Interleaved --seconds 8 --warmup 3 --param polluted=false \
    --variants rayon4j,parallelStream IncrementAll SumOfSquares > "$out/interleaved.log"
ab 3 java -Dreps=30 -Dwarmup=20 -cp JAR $pc --threads 2 fib sumsq > "$out/fib-sumsq.csv"
ab 3 java -Dreps=30 -Dwarmup=20 -cp JAR $pc --threads 2 oversub > "$out/oversub.csv"
for ((k = 1; k <= 3; k++)); do
    for pair in "before:$before" "after:$after"; do
        java -cp "${pair#*:}" $pc --threads 2 idle | grep -v '^#' | sed "s/^/${pair%%:*},/"
    done
    java -cp "$bl" Baseline --pool 2 idle | grep -v '^#' | sed 's/^/forkjoin,/'
done > "$out/idle.csv"
