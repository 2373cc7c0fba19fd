#!/usr/bin/env bash
# Leaves that share on a batch too short to time (base: $BASE_JAR) against the minimum batch
# (new: $NEW_JAR) on the many-core machine, 16 threads: ShareCount.java (jobs, steals, sleeps per
# call) once per build, then ShortCalls.java alternating, two rounds. Needs $JAVA, $CLS (both
# probes compiled with javac --release 17), $OUT. cpu.log: vmstat 1; log.txt: load before each JVM.
set -u
java="${JAVA:?}"; cls="${CLS:?}"; out="${OUT:?}"; t="${T:-16}"
heap=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
. "$(dirname "$0")/sampler.sh"
for b in base new; do
    jar="$BASE_JAR"; [ "$b" = new ] && jar="$NEW_JAR"
    mark "$b sharecount"
    "$java" "${heap[@]}" -cp "$jar:$cls" ShareCount "$t" | sed "s/^/$b,/" >> "$out/sharecount.txt" 2>&1
done
for k in 1 2; do
    for b in base new; do
        jar="$BASE_JAR"; [ "$b" = new ] && jar="$NEW_JAR"
        mark "$b $k shortcalls"
        "$java" "${heap[@]}" -Djava.util.concurrent.ForkJoinPool.common.parallelism=$((t - 1)) \
            -cp "$jar:$cls" ShortCalls "$t" 6 inc sumsq | sed "s/^/$b,/" >> "$out/shortcalls.csv" 2>&1
    done
done
mark end
