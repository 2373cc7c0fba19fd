#!/bin/bash
# A/B of one probe case: the base and new jars alternating, then the stream's case, one JVM per
# line, each followed by the cores the rest of the machine used meanwhile (issue10ap's run.sh).
#   BASE=/tmp/base.jar NEW=/tmp/new.jar bash ab.sh <rounds> <threads> <seconds> <probe class> <case> <stream case>
# The probes print the median call of the second half of their run. The stream runs on the
# common pool with parallelism threads - 1, plus the caller (one worker and the caller when
# threads is 1).
here=$(dirname "$0")
J="-Xms3g -Xmx3g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=$(( $2 > 1 ? $2 - 1 : 1 ))"
for r in $(seq "$1"); do
  for v in base new stream; do
    case $v in base) jar=$BASE; c=$5;; new) jar=$NEW; c=$5;; stream) jar=$NEW; c=$6;; esac
    echo "== round $r $v threads=$2"
    bash "$here/../2026-11-28-issue10ap/run.sh" java $J -Drayon4j.numThreads="$2" -cp "$jar:/tmp/probes" "$4" "$c" "$3"
  done
done
