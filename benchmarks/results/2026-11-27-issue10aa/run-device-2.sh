#!/usr/bin/env bash
# The second device call of issue10aa: (1) the short collecting calls that looked slower on 16
# threads in the first (filter + joining, filter + toList), four JVMs per build alternating;
# (2) the peers' sum of squares and n-body on 16 threads, 61e499a's build (old.jar) against this
# session's (bench.jar), three JVMs each alternating, 30 warm-up runs and 20 timed. .dev/ as in
# run-device.sh.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
if command -v vmstat > /dev/null; then vmstat 1 > "$O/cpu.log" 2>&1 &
else while :; do echo "$(date +%T) $(head -1 /proc/stat)"; sleep 1; done > "$O/cpu.log" & fi
sampler=$!
for r in 1 2 3 4; do for b in old bench; do
  mark "collects filter round $r $b"
  echo "== round $r $b" >> "$O/collects.txt"
  timeout 60 $J -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=15 \
    -cp "$D/$b.jar:$D/colcls" Collects filter >> "$O/collects.txt" 2>&1
done; done
for r in 1 2 3; do for b in old bench; do
  mark "peers t=16 round $r $b"
  echo "# round $r $b" >> "$O/peers16.csv"
  timeout 90 $J -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Dwarmup=30 -Dreps=20 -cp "$D/$b.jar" \
    io.github.rayon4j.benchmarks.peers.PeerCases --threads 16 sumsq nbody >> "$O/peers16.csv" 2>&1
done; done
mark end
kill $sampler
cat "$log"; grep -E "^==|filter" "$O/collects.txt"; grep -E "^# round|sum_of|nbody" "$O/peers16.csv"
