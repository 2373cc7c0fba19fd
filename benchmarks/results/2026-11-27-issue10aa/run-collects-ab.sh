#!/usr/bin/env bash
# A/B of Collects.java: old = 61e499a's benchmarks jar, new = this change's; alternating JVMs.
for r in 1 2 3; do for b in old new; do
  echo "== round $r $b $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  timeout 300 java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp /tmp/$b.jar:/tmp/co Collects
  echo "-- after: load $(cut -d' ' -f1-3 /proc/loadavg)"
done; done
