#!/bin/bash
# Where the kernel runs each pool's workers in the idle case: one JVM per line,
#   round,library,Java threads' CPU ms per 3 s,median wake latency ms,worker switch-outs per CPU in 1 s,load
# The switch-outs come from a 1 s scheduler trace (perf sched record, as root) taken inside the
# JVM's measured windows (about 100 jobs). usage: JAR=benchmarks/target/benchmarks.jar ROUNDS=5 placement.sh
pc=io.github.rayon4j.benchmarks.peers; heap="-Xms2g -Xmx2g -XX:+AlwaysPreTouch"
peers="$(cd "$(dirname "$0")/../../../.." && pwd)/shared/peers"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for r in $(seq 1 "${ROUNDS:-4}"); do
  for v in ${VARIANTS:-rayon4j fj}; do
    if [ "$v" = fj ]; then java $heap "${PEERS:-$peers}/java-baseline/Baseline.java" --pool 2 idle > "$tmp/out" 2>&1 & p=$!; pat=ForkJoinPool-1-
    else java $heap -cp "${JAR:-benchmarks/target/benchmarks.jar}" $pc.PeerCases --threads 2 idle > "$tmp/out" 2>&1 & p=$!; pat=rayon4j-pool-1-; fi
    sleep 9; perf sched record -o "$tmp/sched.data" -- sleep 1 >/dev/null 2>&1; wait $p
    c=$(perf sched script -i "$tmp/sched.data" 2>/dev/null | grep sched_switch | grep "prev_comm=$pat" | awk '{print $3}' | sort | uniq -c | awk '{printf "%s=%s ", $2, $1}')
    cpu=$(grep "^idle_cpu_javathreads" "$tmp/out" | cut -d, -f7); lat=$(grep "^wake_latency" "$tmp/out" | cut -d, -f4)
    echo "$r,$v,$cpu,$lat,$c,$(cut -d' ' -f1 /proc/loadavg)"
  done
done
