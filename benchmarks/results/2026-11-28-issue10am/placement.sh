#!/bin/bash
# issue10am section 3: increment-all of 10^6 from main, and where the kernel puts the three threads.
# Linux only (taskset, /proc). From the repository root, after building the benchmarks jar:
#   bash benchmarks/results/2026-11-28-issue10am/placement.sh > /tmp/placement.txt
# JAR may name a jar built with starve-hint.patch; JARGS adds JVM arguments (-Drayon4j.probe.starve=true).
set -u
R=$(dirname "$0"); J=${JAR:-benchmarks/target/benchmarks.jar}; T=$(mktemp -d)
javac --release 17 -cp "$J" -d "$T" "$R/Modes.java" "$R/PerCall.java" "$R/Dist.java" || exit 1
stamp() { echo "== $1 $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"; }
ARGS="-Xms1g -Xmx1g -Drayon4j.numThreads=2 ${JARGS:-}"
for i in 1 2; do stamp "PerCall 160000, run $i"; java $ARGS -cp "$J:$T" PerCall 160000 | tail -8; done
stamp "Modes 40"; java $ARGS -cp "$J:$T" Modes 40
# Dist runs in the background; its threads are pinned in three phases of about 2 s each.
stamp "Dist, pinned"
java $ARGS -cp "$J:$T" Dist 1000000 > "$T/dist.out" 2>&1 &
sleep 5
P=$(pgrep -f "Dist 1000000" | head -1)
MAIN=$(ls /proc/$P/task | sed -n 2p)
W=$(for t in /proc/$P/task/*; do grep -q rayon4j "$t/comm" && basename "$t"; done)
W0=$(echo $W | cut -d' ' -f1); W1=$(echo $W | cut -d' ' -f2)
phase() { sleep 2.2; echo "-- $1"; tail -3 "$T/dist.out"; }
phase "unpinned"
taskset -p -c 1 "$MAIN" >/dev/null; taskset -p -c 0 "$W0" >/dev/null; taskset -p -c 0 "$W1" >/dev/null
phase "main alone on cpu 1, both workers on cpu 0"
taskset -p -c 1 "$W1" >/dev/null
phase "main and one worker on cpu 1, the other worker on cpu 0"
kill "$P"
stamp end
