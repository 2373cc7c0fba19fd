#!/bin/bash
# A/B of Collectors.joining over 200,000 short strings (JN.java of issue10ap), base and new jars
# alternating, one JVM per line; each line followed by the cores the rest of the machine used.
#   javac -d /tmp/probes -cp benchmarks/target/benchmarks.jar benchmarks/results/2026-11-28-issue10ap/JN.java
#   BASE=/tmp/base.jar NEW=/tmp/new.jar bash ab-joining.sh <rounds> <threads> <seconds>
here=$(dirname "$0")
J="-Xms3g -Xmx3g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=$(( $2 > 1 ? $2 - 1 : 1 ))"
for r in $(seq "$1"); do
  for v in base new stream; do
    case $v in base) jar=$BASE; c=r;; new) jar=$NEW; c=r;; stream) jar=$NEW; c=s;; esac
    echo "== round $r $v threads=$2"
    bash "$here/../2026-11-28-issue10ap/run.sh" java $J -Drayon4j.numThreads="$2" -cp "$jar:/tmp/probes" JN $c "$3"
  done
done
