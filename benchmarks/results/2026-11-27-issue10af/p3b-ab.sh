#!/usr/bin/env bash
# P3b, the peers' n-body (flat and nested-reduce forms), two builds in alternating order:
# BASE_JAR and NEW_JAR (benchmarks.jar of each build), pools of two and of one thread, ROUNDS rounds.
#   BASE_JAR=/tmp/base.jar NEW_JAR=/tmp/new.jar bash p3b-ab.sh 6
set -euo pipefail
pc=io.github.rayon4j.benchmarks.peers
O="-Xms1g -Xmx1g -XX:+AlwaysPreTouch -Dreps=60 -Dwarmup=40"
for ((r = 1; r <= ${1:-6}; r++)); do
    if ((r % 2)); then order="base new"; else order="new base"; fi
    for t in 2 1; do
        for v in $order; do
            jar=$BASE_JAR; [ "$v" = new ] && jar=$NEW_JAR
            echo "== round $r $v threads $t $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
            java $O -cp "$jar" $pc.PeerCases --threads $t nbody 2>&1 | grep nbody
        done
    done
done
