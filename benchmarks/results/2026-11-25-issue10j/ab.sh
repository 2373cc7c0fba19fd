#!/usr/bin/env bash
# A/B of two builds of benchmarks.jar, whole processes taking turns, three rounds, on the peers'
# cases that the idle-round pause can move: fib and sum of squares alone and beside two spinning
# threads of another process (P8), ForkJoinPool(2) on the same cases (Baseline.java through
# PollutedBaseline), idle CPU and wake latency (P4/P5), increment-all and the short job (P3).
# Steady state: 40 timed calls after 20 untimed ones (the peers' default is 10 after 5, which on
# fib(30) times the JIT's warm-up more than the pool).
#
#   ab.sh NAME_A JAR_A NAME_B JAR_B        (from the repository root; writes ab-<time>.log/.vmstat here,
#                                           or in the folder OUT names)
#
# The two jars: git worktree add /tmp/a <commit>; (cd /tmp/a && mvn -B -q -pl benchmarks -am
# package -DskipTests); the same for the other commit.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: ab.sh NAME_A JAR_A NAME_B JAR_B" >&2; exit 2; }
here="$(cd "$(dirname "$0")" && pwd)"
baseline="${PEERS_DIR:-../shared/peers}/java-baseline/Baseline.java"
declare -A jar=([$1]=$2 [$3]=$4)
names=("$1" "$3")
out="${OUT:-$here}/ab-$(date +%H%M)"
vmstat 5 > "$out.vmstat" &
vm=$!
trap 'kill $vm' EXIT
pc() { # pc NAME args...: PeerCases of that jar
    local n=$1; shift
    java -Dreps="${REPS:-40}" -Dwarmup="${WARM:-20}" -cp "${jar[$n]}" io.github.rayon4j.benchmarks.peers.PeerCases "$@" 2>&1 \
        | grep -v '^#' | grep ',' | sed "s/^/$n /"
}
fj() { # fj LABEL args...: Baseline.java's ForkJoinPool(2) cases
    local label=$1; shift
    java -Dreps=40 -Dwarmup=20 -cp "${jar[${names[0]}]}" io.github.rayon4j.benchmarks.peers.PollutedBaseline \
        --baseline "$baseline" "$@" --pool 2 fib sumsq 2>&1 | grep -v '^#' | grep ',' | sed "s/^/$label /"
}
for round in 1 2 3; do
    for n in "${names[@]}"; do pc "$n" --threads 2 fib sumsq; done
    for n in "${names[@]}"; do pc "$n" --threads 2 --burn 2 oversub; done
    fj fjp
    fj fjpburn --burn 2
    for n in "${names[@]}"; do REPS=10 WARM=5 pc "$n" --threads 2 idle increment shortjob; done
done | tee "$out.log"
