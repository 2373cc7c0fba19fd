#!/usr/bin/env bash
# Device run 7: where a parallel call's threads spend its wall time on 16 cores (PhaseTrace),
# rayon4j (three sleep policies) against parallel streams in a ForkJoinPool(T), T = 16 and 8.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
lscpu > "$O/lscpu.txt" 2>&1
for r in 1 2; do
  for t in 16 8; do
    for p in RAYON LEGACY_TICKLE; do
      mark "trace $t $p"
      echo "### round $r" >> "$O/trace-$t-$p.txt"
      timeout 60 $J -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp $D/bench.jar:$D/pt io.github.rayon4j.benchmarks.peers.PhaseTrace $t 40 $p >> "$O/trace-$t-$p.txt" 2>&1
    done
  done
done
mark end
cat "$log"; grep -E "Thread|Core|Socket|NUMA|L[123]|Model name" "$O/lscpu.txt"; for f in $O/trace-*.txt; do echo "## $f"; cat $f; done
