#!/usr/bin/env bash
# P2 by join form: PAIRS alternating pairs of JVMs (Supplier, then joinLong), 6 s each, the load
# average before each. Run from the repository root after `mvn -B install -DskipTests`:
#   bash benchmarks/results/2026-11-26-issue10y/run-forms.sh [PAIRS]
set -euo pipefail
here=$(dirname "$0")
jar=benchmarks/target/benchmarks.jar
out=$(mktemp -d)
javac -cp "$jar" -d "$out" "$here/FibForms.java"
for i in $(seq "${1:-5}"); do
    for form in supplier long; do
        echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
        java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp "$jar:$out" FibForms 6 "$form"
    done
done
