#!/bin/bash
# base2 = deef98d, list = deef98d + the ArrayList leaf through its sub-list spliterators
J="-Xms3g -Xmx3g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=1"
echo "# $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg)"
for c in max reduce count sum; do for n in 1000000 10000000; do for j in base2 list base2 list; do
  java $J -Drayon4j.numThreads=2 -cp $j.jar:. Obj $c $n | sed "s/^/$j /"; done; done; done
echo "# one thread, in cache (MaxVar 100000: r = ParIter.of(list).max, array = ParIter.of(Integer[]).max)"
for j in base2 list base2 list; do java $J -Drayon4j.numThreads=1 -cp $j.jar:. MaxVar 100000 | sed "s/^/$j /"; done
echo "# $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg)"
