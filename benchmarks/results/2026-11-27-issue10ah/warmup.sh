#!/usr/bin/env bash
# issue10ah: a program's first calls of P7's pipeline, by call (Cold), by rounds of 50 calls with
# each thread's CPU (Steady), and the optimizing compiler's time over 300 calls (c2time.py).
#   JAR=benchmarks/target/benchmarks.jar PAIRS=8 benchmarks/results/2026-11-27-issue10ah/warmup.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="${JAR:-$here/../../target/benchmarks.jar}"
pairs="${PAIRS:-8}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
javac --release 17 -cp "$jar" -d "$tmp" "$here/Cold.java" "$here/Steady.java"
cp="$jar:$tmp"
load() { cut -d' ' -f1 /proc/loadavg; }
# the compiler may not inline the splitter's halves into the join (a diagnostic, not a fix)
noinline="-XX:CompileCommand=quiet -XX:CompileCommand=dontinline,io.github.rayon4j.iter.plumbing.Bridge\$Half::run"
echo "## Cold: per call, ms (12 calls after a prelude that loads the library and starts the pool)"
for ((i = 0; i < pairs; i++)); do
    echo "load $(load) $(java -cp "$cp" Cold r 12)"
    echo "load $(load) $(java -cp "$cp" Cold s 12)"
done
echo "## Steady: ms per call by rounds of 50 calls (400 calls), then each thread's CPU / wall"
for ((i = 0; i < pairs / 2; i++)); do
    echo "load $(load) rayon4j: $(java -cp "$cp" Steady r 400 | head -8 | awk '{printf "%s ", $3}')"
    [ "$i" = 0 ] && { echo "  by thread, one JVM:"; java -cp "$cp" Steady r 400 | head -8 | sed 's/^/  /'; }
    echo "load $(load) rayon4j, halves not inlined: $(java $noinline -cp "$cp" Steady r 400 | head -8 | awk '{printf "%s ", $3}')"
    echo "load $(load) stream: $(java -cp "$cp" Steady s 400 | head -8 | awk '{printf "%s ", $3}')"
    [ "$i" = 0 ] && { echo "  by thread, one JVM:"; java -cp "$cp" Steady s 400 | head -8 | sed 's/^/  /'; }
done
echo "## C2 time over 300 calls"
for v in r s noinline; do
    flags=""; impl=$v
    [ "$v" = noinline ] && flags="$noinline" && impl=r
    # shellcheck disable=SC2086
    java $flags -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile="$tmp/c2.log" -cp "$cp" Steady "$impl" 300 >/dev/null
    echo "# $v (load $(load))"
    python3 "$here/c2time.py" "$tmp/c2.log"
done
