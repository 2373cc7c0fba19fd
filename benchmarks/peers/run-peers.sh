#!/usr/bin/env bash
# rayon4j beside the peers of issue 10 (Rust Rayon, Java parallel streams): the cases of
# $PEERS_DIR/rayon-rs/src/main.rs and $PEERS_DIR/java-baseline/Baseline.java, run case by case, each
# configuration in its own process, appended to benchmarks/results/peers/raw.csv. The same procedure
# and file as the peers' rayon-rs/run-all.sh, so that benchmarks/peers/table.py can put the rows
# beside Rayon's (from $PEERS_DIR/rayon-rs/results/raw.csv).
#
#   benchmarks/peers/run-peers.sh                  # every case (from the repository root or anywhere)
#   benchmarks/peers/run-peers.sh sort find        # a subset
#   FORCE=1 benchmarks/peers/run-peers.sh          # one more sample even of the clean cases
#   benchmarks/peers/run-peers.sh --smoke [case..] # a test of this script: tiny sizes, one run, no
#                                                  # waiting, into a temporary file, then the table
#   python3 benchmarks/peers/table.py              # the side-by-side Markdown table
#
# Cases: fib increment sumsq mapcollect nbody sort find idle (main.rs's and Baseline's),
#        shortjob (P3), oversub (P8), firstuse (P7).
# Configurations (the config column of raw.csv):
#   rayon4j-t1, rayon4j-t2   PeerCases --threads 1 / 2 (a ThreadPool entered with install; main waits)
#   rayon4j-t2-polluted      PeerCases --threads 2 --polluted (a dozen other pipelines first, P1c)
#   java-fj2                 java Baseline.java --pool 2, exactly as run-all.sh runs it
#   java-fj2-polluted        PollutedBaseline --polluted --pool 2 (Baseline.java itself, after the
#                            stream half of the same pollution)
#   shortjob: rayon4j-t2, rayon4j-t2-polluted; java-fj2, java-fj2-polluted (StreamCases --pool 2)
#   oversub:  rayon4j-t2-burn2 (PeerCases --threads 2 --burn 2 oversub: fib and sumsq beside 2
#             spinning threads of another process), java-fj2-burn2 (PollutedBaseline --burn 2 --pool 2
#             fib sumsq); the slowdown is against rayon4j-t2 / java-fj2's fib and sumsq rows
#   firstuse: rayon4j-first, java-first (first-use.sh: 10 whole processes each); the classes each
#             loads go to benchmarks/results/peers/first-use-classes.csv
#
# raw.csv columns: config,name,threads,size,median_ms,min_ms,max_ms,cpu_ms,cpu_util
# The machine is shared: before each group of processes the script waits for the rest of the
# machine to be quiet (quietrun.py --gate), and after each process a '#' line records how much CPU
# other processes used meanwhile (others_during, in cores). A (config, case) pair whose latest such
# line shows others_during < 0.10 counts as done and is skipped; re-run until everything is clean.
# Every timed JVM but the first-use ones, rayon4j's and the baseline's alike, runs with a fixed heap
# whose pages are touched at start-up, $BENCH_JVM_FLAGS (default -Xms2g -Xmx2g -XX:+AlwaysPreTouch,
# about 3 s of start-up each on this project's machine): there a page touched for the first time
# costs about 12 us, and a JVM whose heap grew during a case timed the growth (fib with a join at
# every level 150 ms instead of 18 in some JVMs; benchmarks/results/2026-11-26-issue10r). So the
# java-fj2 rows differ from the peers' own run-all.sh, which gives Baseline.java no flags.
# Env: PEERS_DIR (default: ../shared/peers from the repository root), JAVA (default: java),
#      BENCH_JVM_FLAGS (see above; empty for none; the default is KernelBench's HEAP_* constants,
#      which the JMH forks and Interleaved's kernel JVMs use).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
peers="$(cd "${PEERS_DIR:-$root/../shared/peers}" && pwd)"
export PEERS_DIR="$peers"
quietrun="$peers/rayon-rs/tools/quietrun.py"
baseline="$peers/java-baseline/Baseline.java"
jar="$root/benchmarks/target/benchmarks.jar"
java="${JAVA:-java}"
pkg=io.github.rayon4j.benchmarks.peers
for f in "$quietrun" "$baseline"; do
    [ -f "$f" ] || { echo "missing $f: set PEERS_DIR to the peers folder" >&2; exit 1; }
done

smoke=
if [ "${1:-}" = "--smoke" ]; then
    smoke=1
    shift
fi
benches=("$@")
[ ${#benches[@]} -eq 0 ] && benches=(fib increment sumsq mapcollect nbody sort find idle shortjob oversub firstuse)

if [ ! -f "$jar" ]; then
    (cd "$root" && mvn -B -q -pl benchmarks -am package -DskipTests)
fi

if [ -n "$smoke" ]; then
    out="$(mktemp --suffix=.csv)"
    classes="$(mktemp --suffix=.csv)"
    export QUIET_NOWAIT=1
    r4j=(--smoke)                  # PeerCases / StreamCases / PollutedBaseline
    base=(-Dreps=1 -Dwarmup=0)     # Baseline.java (its sizes are fixed)
    first=(--smoke)
    jvm=()                         # tiny sizes: no pre-touched heap
else
    out="$root/benchmarks/results/peers/raw.csv"
    classes="$root/benchmarks/results/peers/first-use-classes.csv"
    r4j=()
    base=()
    first=()
    read -r -a jvm <<< "${BENCH_JVM_FLAGS--Xms2g -Xmx2g -XX:+AlwaysPreTouch}"
fi
mkdir -p "$(dirname "$out")"
[ -s "$out" ] || echo "config,name,threads,size,median_ms,min_ms,max_ms,cpu_ms,cpu_util" > "$out"

is_clean() { # is_clean CONFIG BENCH
    [ -n "${FORCE:-}" ] || [ -n "$smoke" ] && return 1
    grep -E "^# .* $1 $2 rc=0 " "$out" | tail -1 |
        awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^others_during=/) { v = $i; sub(/others_during=/, "", v); sub(/cores/, "", v); exit !(v + 0 < 0.10) } exit 1 }'
}

run() { # run CONFIG BENCH CMD...
    local cfg="$1" b="$2"; shift 2
    is_clean "$cfg" "$b" && return 0
    QUIET_NOWAIT=1 python3 "$quietrun" "$cfg" "$b" "$@" | tee -a "$out"
}

gate() { # wait for a quiet machine unless every CONFIG of the group is already clean
    local b="$1"; shift
    [ -n "$smoke" ] && return 0
    for cfg in "$@"; do
        is_clean "$cfg" "$b" || { python3 "$quietrun" --gate; return 0; }
    done
}

cd "$root"
peer=("$java" "${jvm[@]}" -cp "$jar" "$pkg.PeerCases" "${r4j[@]}")
polluted_baseline=("$java" "${jvm[@]}" "${base[@]}" -cp "$jar" "$pkg.PollutedBaseline" --baseline "$baseline" "${r4j[@]}")
for b in "${benches[@]}"; do
    case "$b" in
        fib|increment|sumsq|mapcollect|nbody|sort|find|idle)
            gate "$b" rayon4j-t1 rayon4j-t2 rayon4j-t2-polluted
            run rayon4j-t1          "$b" "${peer[@]}" --threads 1 "$b"
            run rayon4j-t2          "$b" "${peer[@]}" --threads 2 "$b"
            run rayon4j-t2-polluted "$b" "${peer[@]}" --threads 2 --polluted "$b"
            gate "$b" java-fj2 java-fj2-polluted
            run java-fj2            "$b" "$java" "${jvm[@]}" "${base[@]}" "$baseline" --pool 2 "$b"
            run java-fj2-polluted   "$b" "${polluted_baseline[@]}" --polluted --pool 2 "$b"
            ;;
        shortjob)
            gate "$b" rayon4j-t2 rayon4j-t2-polluted java-fj2 java-fj2-polluted
            run rayon4j-t2          "$b" "${peer[@]}" --threads 2 shortjob
            run rayon4j-t2-polluted "$b" "${peer[@]}" --threads 2 --polluted shortjob
            run java-fj2            "$b" "$java" "${jvm[@]}" -cp "$jar" "$pkg.StreamCases" "${r4j[@]}" --pool 2 shortjob
            run java-fj2-polluted   "$b" "$java" "${jvm[@]}" -cp "$jar" "$pkg.StreamCases" "${r4j[@]}" --pool 2 --polluted shortjob
            ;;
        oversub)
            gate "$b" rayon4j-t2-burn2 java-fj2-burn2
            run rayon4j-t2-burn2    "$b" "${peer[@]}" --threads 2 --burn 2 oversub
            run java-fj2-burn2      "$b" "${polluted_baseline[@]}" --burn 2 --pool 2 fib sumsq
            ;;
        firstuse)
            gate "$b" rayon4j-first java-first
            run rayon4j-first       "$b" "$root/benchmarks/peers/first-use.sh" "${first[@]}" --impl rayon4j
            run java-first          "$b" "$root/benchmarks/peers/first-use.sh" "${first[@]}" --impl stream
            "$root/benchmarks/peers/first-use.sh" --classes > "$classes"
            cat "$classes"
            ;;
        *)
            echo "unknown case: $b" >&2
            exit 2
            ;;
    esac
done

if [ -n "$smoke" ]; then
    echo "--- smoke run: $out (not kept); the table from it:"
    python3 "$root/benchmarks/peers/table.py" "$out" --classes "$classes"
    rm -f "$out" "$classes"
fi
