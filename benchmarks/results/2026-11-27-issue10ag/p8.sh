#!/usr/bin/env bash
# Target P8: rayon4j (PeerCases, a ThreadPool of 2 entered by install) and ForkJoinPool(2) (the peers'
# Baseline.java through PollutedBaseline), each alone and beside two busy-spinning threads of another
# process (--burn 2), one JVM per line, -Dreps=60 -Dwarmup=20 unless REPS/WARMUP say otherwise.
# Each round runs every variant once per bench, the order rotated from round to round.
#
#   JAR=benchmarks/target/benchmarks.jar BASELINE=../shared/peers/java-baseline/Baseline.java \
#     [VARIANTS="r r-burn f f-burn"] [BENCHES="fib sumsq"] p8.sh ROUNDS > p8.csv
#   python3 summarize.py p8.csv
#
# Variants: r, r-burn (rayon4j); rc, rc-burn (rayon4j with --caller-runs: `callerRuns(true)`);
# f, f-burn (ForkJoinPool(2)). A line: round,variant,load average,time,<the harness's CSV line>.
# Run nothing else meanwhile.
set -euo pipefail
rounds=${1:-6}
jar=${JAR:-benchmarks/target/benchmarks.jar}
base=${BASELINE:-../shared/peers/java-baseline/Baseline.java}
pc=io.github.rayon4j.benchmarks.peers
O="-Xms1g -Xmx1g -XX:+AlwaysPreTouch -Dreps=${REPS:-60} -Dwarmup=${WARMUP:-20}"
run() { # variant bench
    case "$1" in
        r) java $O -cp "$jar" $pc.PeerCases --threads 2 --burn 0 "$2" ;;
        r-burn) java $O -cp "$jar" $pc.PeerCases --threads 2 --burn 2 "$2" ;;
        rc) java $O -cp "$jar" $pc.PeerCases --threads 2 --burn 0 --caller-runs "$2" ;;
        rc-burn) java $O -cp "$jar" $pc.PeerCases --threads 2 --burn 2 --caller-runs "$2" ;;
        f) java $O -cp "$jar" $pc.PollutedBaseline --baseline "$base" --pool 2 "$2" ;;
        f-burn) java $O -cp "$jar" $pc.PollutedBaseline --baseline "$base" --burn 2 --pool 2 "$2" ;;
        *) echo "unknown variant $1" >&2; exit 2 ;;
    esac 2>&1 | grep -E '^(join_recursive_fib|sum_of_squares),'
}
read -r -a variants <<< "${VARIANTS:-r r-burn f f-burn}"
for ((k = 1; k <= rounds; k++)); do
    for bench in ${BENCHES:-fib sumsq}; do
        for ((i = 0; i < ${#variants[@]}; i++)); do
            v=${variants[$(( (i + k) % ${#variants[@]} ))]}
            echo "$k,$v,$(cut -d' ' -f1 /proc/loadavg),$(date +%T),$(run "$v" "$bench")"
        done
    done
done
