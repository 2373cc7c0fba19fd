#!/usr/bin/env bash
# Device run 3 (an experiment, not committed): idle rounds while siblings are active scaled by
# their number (exp.jar) against the library as it is (bench.jar), JVMs alternating.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
JV=(-Xms2g -Xmx2g -XX:+AlwaysPreTouch)
for r in 1 2 3 4 5 6; do
  for v in bench:np exp:npx; do
    jar=${v%%:*}; cls=${v##*:}
    mark "nbody 16 $jar"; echo "### $jar" >> "$O/nbody.txt"
    timeout 60 $J "${JV[@]}" -cp $D/$jar.jar:$D/$cls io.github.rayon4j.benchmarks.peers.NbodyProbe 16 >> "$O/nbody.txt" 2>&1
  done
done
for r in 1 2; do
  for jar in bench exp; do
    mark "nbody 8 $jar"; echo "### $jar" >> "$O/nbody8.txt"
    cls=np; [ $jar = exp ] && cls=npx
    timeout 60 $J "${JV[@]}" -cp $D/$jar.jar:$D/$cls io.github.rayon4j.benchmarks.peers.NbodyProbe 8 >> "$O/nbody8.txt" 2>&1
    mark "peers 16 $jar"
    timeout 120 $J "${JV[@]}" -Dwarmup=5 -Dreps=10 -cp $D/$jar.jar io.github.rayon4j.benchmarks.peers.PeerCases --threads 16 idle increment fib sumsq 2>&1 | sed "s/^/$jar,/" >> "$O/peers.csv"
  done
done
mark end
cat "$log"; grep -h "rayon4j  call\|###" "$O/nbody.txt" | cut -c1-40; cat "$O/peers.csv" | grep -v "^#" | cut -c1-160
