#!/usr/bin/env bash
# Scaling beyond 2 cores: rayon4j (PeerCases --threads T), Java's ForkJoinPool (Baseline.java
# --pool T) and Rust Rayon (rayon-bench, RAYON_NUM_THREADS=T) on the peers' cases, T = 1 2 4 8 16,
# each configuration in its own process: every case with T ascending, then the cheaper cases again
# with T descending (a second process of each, to see the spread between JVMs), then the idle/wake
# and short-job cases at T = 16. Every process goes through the peers' quietrun.py
# (no waiting: the '#' line after each records the CPU other processes used meanwhile).
#
# Built on the project's machine, then run on a 16-core machine without a JDK:
#   D=.dev/dev16; mkdir -p $D/lib $D/baseline
#   $JDK17/bin/jlink --add-modules java.base,java.management,jdk.management,jdk.unsupported,jdk.jfr \
#       --strip-debug --no-man-pages --no-header-files --compress=2 --output $D/jrt
#   cp rayon4j-core/target/rayon4j-core-*-SNAPSHOT.jar rayon4j-iter/target/rayon4j-iter-*-SNAPSHOT.jar \
#       benchmarks/target/rayon4j-benchmarks-*-SNAPSHOT.jar $D/lib/
#   javac --release 17 -d $D/baseline ../shared/peers/java-baseline/Baseline.java
#   cp ../shared/peers/rayon-rs/target/release/rayon-bench ../shared/peers/rayon-rs/tools/quietrun.py $D/
#   cp benchmarks/results/2026-11-27-issue10ai/scaling.sh $D/
#   (there) OUT=/some/dir bash $D/scaling.sh
set -u
cd "$(dirname "$0")"
out="${OUT:-/tmp}"
csv="$out/scaling.csv"
java=jrt/bin/java
jvm=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
cp="$(ls lib/*.jar | tr '\n' ':')"
cases=(fib increment sumsq mapcollect nbody sort find)
export QUIET_NOWAIT=1
{ date -u; nproc; cat /proc/loadavg; lscpu; free -g; top -bn1 | head -20; } > "$out/machine.txt" 2>&1
echo "config,name,threads,size,median_ms,min_ms,max_ms,cpu_ms,cpu_util" > "$csv"
run() { python3 quietrun.py "$@" 2>&1 | tee -a "$csv"; }
one() { # one T [cases...]
    local t="$1"; shift
    run "rayon4j-t$t" "$*" "$java" "${jvm[@]}" -cp "$cp" io.github.rayon4j.benchmarks.peers.PeerCases --threads "$t" "$@"
    run "java-fj$t" "$*" "$java" "${jvm[@]}" -cp baseline Baseline --pool "$t" "$@"
    RAYON_NUM_THREADS="$t" run "rust-t$t" "$*" ./rayon-bench "$@"
}
for t in 1 2 4 8 16; do one "$t" "${cases[@]}"; done
for t in 16 8 4 2 1; do one "$t" fib increment sumsq nbody find; done
one 16 idle
run rayon4j-t16 shortjob "$java" "${jvm[@]}" -cp "$cp" io.github.rayon4j.benchmarks.peers.PeerCases --threads 16 shortjob
run java-fj16 shortjob "$java" "${jvm[@]}" -cp "$cp" io.github.rayon4j.benchmarks.peers.StreamCases --pool 16 shortjob
date -u >> "$out/machine.txt"; cat /proc/loadavg >> "$out/machine.txt"
