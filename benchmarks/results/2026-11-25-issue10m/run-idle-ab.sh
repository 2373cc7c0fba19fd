#!/usr/bin/env bash
# P4/P5 before and after the cut searches: the peers' idle case (a trivial install every 10 ms
# for 3 s windows; idle CPU by the process clock and the Java threads' clocks, wake latency),
# rayon4j before, rayon4j after and ForkJoinPool(2) taking turns, PAIRS times; then fib (a join at
# every level) and the short job, before and after, as a check that nothing else moved.
#   run-idle-ab.sh JAR_BEFORE JAR_AFTER [PAIRS]        (run from the repository root)
set -euo pipefail
before="$1" after="$2" pairs="${3:-6}"
bl="$(mktemp -d)"
trap 'rm -rf "$bl"' EXIT
javac -d "$bl" ../shared/peers/java-baseline/Baseline.java
for ((k = 1; k <= pairs; k++)); do
    for pair in "before:$before" "after:$after"; do
        java -cp "${pair#*:}" io.github.rayon4j.benchmarks.peers.PeerCases --threads 2 idle \
            | sed "s/^/${pair%%:*},/"
    done
    java -cp "$bl" Baseline --pool 2 idle | sed 's/^/forkjoin,/'
done
for ((k = 1; k <= 3; k++)); do
    for pair in "before:$before" "after:$after"; do
        java -Dreps=30 -Dwarmup=20 -cp "${pair#*:}" io.github.rayon4j.benchmarks.peers.PeerCases --threads 2 fib shortjob \
            | sed "s/^/${pair%%:*},/"
    done
done
