#!/usr/bin/env bash
# ShortTrace.java at 16, 8 and 2 threads (16 twice), each in its own JVM, on the many-core
# machine. Needs $JAVA (a JDK 17 runtime), $JAR (the benchmarks jar), $CLS (ShortTrace.java and
# io/github/rayon4j/core/ProbePools.java compiled with javac --release 17 -cp $JAR) and $OUT.
# cpu.log: vmstat 1 beside the run; log.txt: the load before each JVM.
set -u
java="${JAVA:?}"; jar="${JAR:?}"; cls="${CLS:?}"; out="${OUT:?}"
mkdir -p "$out"
if command -v vmstat > /dev/null; then vmstat 1 > "$out/cpu.log" 2>&1 &
else while :; do echo "$(date +%T) $(head -1 /proc/stat)"; sleep 1; done > "$out/cpu.log" & fi
sampler=$!
trap 'kill $sampler' EXIT
echo "# $(date -u +%FT%TZ) nproc=$(nproc) kernel $(uname -r)" > "$out/log.txt"
for t in ${THREADS:-16 8 2 16}; do
    echo "== t=$t $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"
    "$java" -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=$((t - 1)) \
        -cp "$jar:$cls" ShortTrace "$t" "${SECONDS_MEASURED:-8}" >> "$out/trace.csv" 2>&1
done
echo "== end $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"
