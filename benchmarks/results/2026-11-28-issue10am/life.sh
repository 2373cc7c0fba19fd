#!/bin/bash
# issue10am section 2: where Life's gap to the parallel stream comes from (JDK 17 unless JAVA is set).
# From the repository root, after `mvn -B -q package -DskipTests -pl benchmarks -am`:
#   bash benchmarks/results/2026-11-28-issue10am/life.sh > /tmp/life.txt
set -eu
R=$(dirname "$0"); J=${JAR:-benchmarks/target/benchmarks.jar}; JAVA=${JAVA:-java}; T=$(mktemp -d)
javac --release 17 -cp "$J" -d "$T" "$R/LifeProbe.java" "$R/Life1.java"
stamp() { echo "== $1 $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"; }
ARGS="-Xms2g -Xmx2g -XX:+AlwaysPreTouch -Drayon4j.numThreads=2 -Djava.util.concurrent.ForkJoinPool.common.parallelism=1"
for i in 1 2; do stamp "two threads, run $i"; $JAVA $ARGS -cp "$J:$T" LifeProbe 40; done
stamp "two threads, Life.row never inlined"
$JAVA -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,io.github.rayon4j.examples.Life::row $ARGS -cp "$J:$T" LifeProbe 40
for i in 1 2; do stamp "one thread, run $i"; $JAVA -Xms1g -Xmx1g -cp "$J:$T" Life1; done
stamp end
