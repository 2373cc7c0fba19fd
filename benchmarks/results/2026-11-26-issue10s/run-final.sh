#!/usr/bin/env bash
# Section 4's runs, one after another (about 20 minutes): NestedNbody.java with both builds, P3b's
# n-body in four pairs of processes, the P1 suite against the parallel stream twice per build.
#   run-final.sh BASE_JAR FINAL_JAR OUT_DIR
set -u
here="$(cd "$(dirname "$0")" && pwd)"
base="$1" final="$2" out="$3"
mkdir -p "$out"
vmstat 10 > "$out/vmstat-final.log" & VM=$!
"$here/run-nested.sh" "$base" "$final" 3 > "$out/nested-nbody-final.csv"
for k in 1 2 3 4; do
  if [ $((k % 2)) = 1 ]; then order="base final"; else order="final base"; fi
  for b in $order; do for t in 2 1; do
    jar=$base; [ $b = final ] && jar=$final
    echo "# $b pair $k $(date +%T) $(cat /proc/loadavg)"
    java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Dreps=60 -Dwarmup=40 -cp "$jar" \
        io.github.rayon4j.benchmarks.peers.PeerCases --threads $t nbody | sed "s/^\([a-z]\)/$b,\1/"
  done; done
done > "$out/p3b-nbody-final.csv" 2>&1
for k in 1 2; do
  for b in base final; do
    jar=$base; [ $b = final ] && jar=$final
    java -cp "$jar" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 8 --warmup 3 \
        --param polluted=false --variants rayon4j,parallelStream p1 > "$out/p1f-$b-$k.md" 2>&1
  done
done
kill $VM
