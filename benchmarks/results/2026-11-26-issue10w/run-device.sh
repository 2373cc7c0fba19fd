#!/usr/bin/env bash
# Guests (callerRuns) on a machine with 16 processors: where the woken worker starts (StampProbe),
# P3/P4/P5 on 2 and 16 threads (PeerCases with and without --caller-runs, ForkJoinPool(T) beside
# them), and short calls back to back (ShortCalls.java) on 2 and 16 threads. Needs a JDK 17
# runtime ($JAVA), the benchmarks jar ($JAR), the probes compiled with `javac --release 17 -cp
# $JAR` ($CLS: ShortCalls.java here, StampProbe.java of issue10v) and Baseline.java of the peers
# compiled ($BASE). Output in $OUT: one file per block, cpu.log (vmstat 1), log.txt (load per block).
set -u
java="${JAVA:?}"; jar="${JAR:?}"; cls="${CLS:?}"; base="${BASE:?}"; out="${OUT:?}"
heap=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
pc=io.github.rayon4j.benchmarks.peers
. "$(dirname "$0")/sampler.sh"
{
    echo "# $(grep -m1 'model name' /proc/cpuinfo)"
    "$java" -version 2>&1 | head -1
    echo "# cache topology: $(ls /sys/devices/system/cpu/cpu0/cache 2>&1 | tr '\n' ' ')"
    echo "# cpu0 topology: $(grep -H . /sys/devices/system/cpu/cpu0/topology/* 2>&1 | tr '\n' ' ')"
    echo "# sched domains: $(ls /proc/sys/kernel/sched_domain/cpu0 2>&1 | tr '\n' ' ') $(ls /sys/kernel/debug/sched/domains/cpu0 2>&1 | tr '\n' ' ')"
    lscpu 2>&1 | grep -iE "socket|core|thread|cache|numa" 
} >> "$out/log.txt"

mark stamp
for m in on off on off; do
    for s in iter join; do
        echo "== $m $s"; "$java" "${heap[@]}" -cp "$jar:$cls" StampProbe "$m" "$s"
    done
done > "$out/stamp.txt" 2>&1
mark stamp-taskset-0-1
for m in on off; do
    echo "== taskset 0,1 $m iter"; taskset -c 0,1 "$java" "${heap[@]}" -cp "$jar:$cls" StampProbe "$m" iter
done > "$out/stamp-taskset.txt" 2>&1

for t in 2 16; do
    mark "peers t=$t"
    {
        "$java" "${heap[@]}" -cp "$jar" $pc.PeerCases --threads $t shortjob idle | sed 's/^/pool,/'
        "$java" "${heap[@]}" -cp "$jar" $pc.PeerCases --threads $t --caller-runs shortjob idle | sed 's/^/guest,/'
        "$java" "${heap[@]}" -cp "$jar" $pc.StreamCases --pool $t shortjob | sed "s/^/fj$t,/"
        "$java" "${heap[@]}" -cp "$base" Baseline --pool $t idle | sed "s/^/fj$t,/"
    } > "$out/peers-t$t.csv" 2>&1
    mark "shortcalls t=$t"
    "$java" "${heap[@]}" -Djava.util.concurrent.ForkJoinPool.common.parallelism=$((t - 1)) \
        -cp "$jar:$cls" ShortCalls $t 8 inc sumsq > "$out/shortcalls-t$t.csv" 2>&1
done
mark end
