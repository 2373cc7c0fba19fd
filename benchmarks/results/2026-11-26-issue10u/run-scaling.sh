#!/usr/bin/env bash
# Scaling beyond two cores: rayon4j, Java parallel streams / ForkJoinPool and Rust Rayon on the
# same cases at 1, 2, 4, 8 and 16 threads, and the P1 kernels on 16 threads (P1_THREADS), on one machine
# with 16 cores, in one run. Every process's CSV or Markdown goes to $OUT (at most eight files); the
# machine's CPU counters are sampled every second beside it (cpu.log: vmstat, or /proc/stat where
# there is no vmstat) and the load average is printed before each group (log.txt).
#
#   JAVA=path/to/bin/java JAR=benchmarks.jar BASELINE_CP=dir-with-Baseline.class \
#   RUST=path/to/rayon-bench OUT=dir bash run-scaling.sh
#
# JAR: benchmarks/target/benchmarks.jar; BASELINE_CP: `javac --release 17 -d DIR
# ../shared/peers/java-baseline/Baseline.java`; RUST: the peers' rayon-bench (`cargo build
# --release --offline` in ../shared/peers/rayon-rs). Every JVM gets the timed JVMs' fixed,
# pre-touched heap (KernelBench.HEAP_*).
# Optional: WARMUP and REPS (runs per case, default 5 and 10 as the peers' own scripts),
# CASES (default "sumsq nbody fib increment find"), THREADS (default "1 2 4 8 16"), EXTRA16
# (cases run on 16 threads only, default "sort mapcollect idle"), P1_THREADS (default "16"),
# P1_SECONDS (default 4).
set -u
java="${JAVA:-java}"
out="${OUT:?set OUT}"
jvm=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
warmup="${WARMUP:-5}"
reps="${REPS:-10}"
read -r -a cases <<< "${CASES:-sumsq nbody fib increment find}"
read -r -a extra16 <<< "${EXTRA16-sort mapcollect idle}"
# The same runs per case for all three: the peers' properties and Rust's variables.
export BENCH_WARMUP="$warmup" BENCH_REPS="$reps"
jvm+=("-Dwarmup=$warmup" "-Dreps=$reps")
mkdir -p "$out"
if command -v vmstat > /dev/null; then
    vmstat 1 > "$out/cpu.log" 2>&1 &
else
    while :; do echo "$(date +%T) $(head -1 /proc/stat)"; sleep 1; done > "$out/cpu.log" &
fi
sampler=$!
{
    echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)"
    "$java" -version 2>&1 | head -1
} > "$out/log.txt"
mark() { echo "== $* $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log.txt"; }

# Sequential references, once.
mark seq
"$RUST" --seq-only "${cases[@]}" > "$out/rust.csv" 2>&1
"$java" "${jvm[@]}" -cp "$BASELINE_CP" Baseline --seq-only "${cases[@]}" > "$out/java.csv" 2>&1

# The peers' cases at each thread count: Rust Rayon, a dedicated ForkJoinPool(T), rayon4j ThreadPool(T).
for t in ${THREADS:-1 2 4 8 16}; do
    mark "peers t=$t"
    RAYON_NUM_THREADS=$t "$RUST" "${cases[@]}" >> "$out/rust.csv" 2>&1
    "$java" "${jvm[@]}" -cp "$BASELINE_CP" Baseline --pool "$t" "${cases[@]}" >> "$out/java.csv" 2>&1
    "$java" "${jvm[@]}" -cp "$JAR" io.github.rayon4j.benchmarks.peers.PeerCases --threads "$t" \
        "${cases[@]}" >> "$out/rayon4j.csv" 2>&1
done
# Sort, map-collect and the idle case (P4/P5) on all 16.
if [ ${#extra16[@]} -gt 0 ]; then
    mark "peers t=16 ${extra16[*]}"
    RAYON_NUM_THREADS=16 "$RUST" "${extra16[@]}" >> "$out/rust.csv" 2>&1
    "$java" "${jvm[@]}" -cp "$BASELINE_CP" Baseline --pool 16 "${extra16[@]}" >> "$out/java.csv" 2>&1
    "$java" "${jvm[@]}" -cp "$JAR" io.github.rayon4j.benchmarks.peers.PeerCases --threads 16 \
        "${extra16[@]}" >> "$out/rayon4j.csv" 2>&1
fi

# The P1 kernels against the parallel stream (common pool of T-1 plus the caller) and the
# hand-written ForkJoin peers (ForkJoinPool(T)), each kernel in its own JVM.
for t in ${P1_THREADS-16}; do
    mark "p1 t=$t"
    "$java" -cp "$JAR" io.github.rayon4j.benchmarks.harness.Interleaved --seconds "${P1_SECONDS:-4}" --warmup 2 \
        --param polluted=false --variants rayon4j,parallelStream,forkJoin \
        --jvm-arg "-Drayon4j.numThreads=$t" \
        --jvm-arg "-Djava.util.concurrent.ForkJoinPool.common.parallelism=$((t - 1))" \
        p1 > "$out/p1-t$t.md" 2>&1
done
mark end
kill "$sampler"
