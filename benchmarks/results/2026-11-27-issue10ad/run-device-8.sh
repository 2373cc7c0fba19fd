#!/usr/bin/env bash
# Device run 8: a worker that runs out of local work steals once before it counts itself idle
# (new.jar) against f1df0ec (base.jar), JVMs alternating: the peers' fib, sum of squares and
# n-body on 16 threads, scope spawn bursts at 2-16 threads, and PhaseTrace on 16.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
for r in 1 2 3; do
  for jar in base new; do
    mark "peers $jar"; echo "### $jar round $r" >> "$O/peers.txt"
    timeout 60 $J -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Dwarmup=30 -Dreps=20 -cp $D/$jar.jar io.github.rayon4j.benchmarks.peers.PeerCases --threads 16 fib sumsq nbody >> "$O/peers.txt" 2>&1
  done
done
for r in 1 2; do
  for jar in base new; do
    mark "burst $jar"; echo "### $jar round $r" >> "$O/burst.txt"
    timeout 70 $J -Xms1g -Xmx1g -cp $D/$jar.jar:$D/bp BurstProbe 2 4 8 16 >> "$O/burst.txt" 2>&1
  done
done
for jar in base new; do
  mark "trace $jar"; echo "### $jar" >> "$O/trace.txt"
  timeout 60 $J -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp $D/$jar.jar:$D/pt io.github.rayon4j.benchmarks.peers.PhaseTrace 16 40 >> "$O/trace.txt" 2>&1
done
mark end
cat "$log"; grep -v "^#" "$O/peers.txt" | grep -iE "###|fib|sumsq|nbody" | head -60; grep -E "###|threads" "$O/burst.txt"; grep -E "###|rayon4j|stream|per rep" "$O/trace.txt"
