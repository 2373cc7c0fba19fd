#!/usr/bin/env bash
# The search of 8 rounds (base: $BASE_JAR) against 32 (new: $NEW_JAR) on the many-core machine,
# JVM by JVM alternating, two rounds: PeerCases shortjob and idle (P3, P4/P5) and ShortCalls.java
# (short calls back to back) on $T threads (default 16); ForkJoinPool(T) once (StreamCases
# shortjob, Baseline idle). Needs $JAVA (JDK 17 runtime), $CLS (ShortCalls compiled), $BASE
# (Baseline.java compiled), $OUT. cpu.log: vmstat 1; log.txt: load before each JVM.
set -u
java="${JAVA:?}"; cls="${CLS:?}"; out="${OUT:?}"; t="${T:-16}"
heap=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
pc=io.github.rayon4j.benchmarks.peers
. "$(dirname "$0")/sampler.sh"
for k in 1 2; do
    for b in base new; do
        jar="$BASE_JAR"; [ "$b" = new ] && jar="$NEW_JAR"
        mark "$b $k peers"
        "$java" "${heap[@]}" -cp "$jar" $pc.PeerCases --threads "$t" shortjob idle | sed "s/^/$b,/" >> "$out/peers.csv" 2>&1
        mark "$b $k shortcalls"
        "$java" "${heap[@]}" -Djava.util.concurrent.ForkJoinPool.common.parallelism=$((t - 1)) \
            -cp "$jar:$cls" ShortCalls "$t" 6 inc sumsq | sed "s/^/$b,/" >> "$out/shortcalls.csv" 2>&1
    done
done
mark fj
"$java" "${heap[@]}" -cp "$NEW_JAR" $pc.StreamCases --pool "$t" shortjob | sed "s/^/fj$t,/" >> "$out/peers.csv" 2>&1
"$java" "${heap[@]}" -cp "$BASE" Baseline --pool "$t" idle | sed "s/^/fj$t,/" >> "$out/peers.csv" 2>&1
mark end
