#!/bin/bash
# P4/P5 A/B: the peers' idle case (a trivial install of a join every 10 ms, 3 s windows), one JVM
# per line, builds alternating with ForkJoinPool(2) (the peers' Baseline.java):
#   round,variant,Java threads' CPU ms per 3 s,median wake latency ms,load averages
# usage: JARS="base=/path/a.jar new=/path/b.jar" ROUNDS=6 idle-ab.sh   (add fj to VARIANTS for the baseline)
pc=io.github.rayon4j.benchmarks.peers; heap="-Xms2g -Xmx2g -XX:+AlwaysPreTouch"
peers="$(cd "$(dirname "$0")/../../../.." && pwd)/shared/peers"
jar_of() { for kv in $JARS; do [ "${kv%%=*}" = "$1" ] && echo "${kv#*=}"; done; }
for r in $(seq 1 "${ROUNDS:-4}"); do
  for v in ${VARIANTS:-base new fj}; do
    if [ "$v" = fj ]; then out=$(java $heap "${PEERS:-$peers}/java-baseline/Baseline.java" --pool 2 idle 2>&1)
    else out=$(java $heap -cp "$(jar_of "$v")" $pc.PeerCases --threads 2 idle 2>&1); fi
    cpu=$(echo "$out" | grep "^idle_cpu_javathreads" | cut -d, -f7); lat=$(echo "$out" | grep "^wake_latency" | cut -d, -f4)
    echo "$r,$v,$cpu,$lat,$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' '/')"
  done
done
