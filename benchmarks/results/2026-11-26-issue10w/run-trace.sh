#!/usr/bin/env bash
# ShortTrace.java at 16, 8 and 2 threads (16 twice), each in its own JVM, on the many-core
# machine. Needs $JAVA (a JDK 17 runtime), $JAR (the benchmarks jar), $CLS (ShortTrace.java and
# io/github/rayon4j/core/ProbePools.java compiled with javac --release 17 -cp $JAR) and $OUT.
# cpu.log: vmstat 1 beside the run; log.txt: the load before each JVM.
set -u
java="${JAVA:?}"; jar="${JAR:?}"; cls="${CLS:?}"; out="${OUT:?}"
. "$(dirname "$0")/sampler.sh"
for t in ${THREADS:-16 8 2 16}; do
    mark "t=$t"
    "$java" -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=$((t - 1)) \
        -cp "$jar:$cls" ShortTrace "$t" "${SECONDS_MEASURED:-8}" >> "$out/trace.csv" 2>&1
done
mark end
