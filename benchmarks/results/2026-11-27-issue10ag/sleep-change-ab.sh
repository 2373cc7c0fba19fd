#!/usr/bin/env bash
# base (d1ee656) against new (6077a2d: the sleep and spare changes), /tmp/head.jar and /tmp/new30.jar: the
# peers' idle case (idle CPU, wake latency) and fib with a join at every level, one JVM each, alternating.
pc=io.github.rayon4j.benchmarks.peers
O="-Xms1g -Xmx1g -XX:+AlwaysPreTouch"
for r in 1 2 3; do
  for j in head new30; do
    [ $((r % 2)) = 0 ] && j=$([ $j = head ] && echo new30 || echo head)
    echo "# $r $j $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    java $O -cp /tmp/$j.jar $pc.PeerCases --threads 2 idle 2>&1 | grep -E '^(idle|wake)'
    java $O -Dreps=60 -Dwarmup=20 -cp /tmp/$j.jar $pc.PeerCases --threads 2 fib 2>&1 | grep -E '^join_recursive_fib(_long)?,'
  done
done
