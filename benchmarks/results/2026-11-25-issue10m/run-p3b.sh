#!/usr/bin/env bash
# P3b: n-body (flat and nested) on 1 and 2 threads, alternating, in separate JVMs.
#   run-p3b.sh JAR
set -euo pipefail
jar="$1"
for t in 2 1 2 1; do
    java -Dreps=60 -Dwarmup=40 -cp "$jar" io.github.rayon4j.benchmarks.peers.PeerCases --threads "$t" nbody
done
