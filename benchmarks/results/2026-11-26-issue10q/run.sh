#!/usr/bin/env bash
# The anatomy and wake-cost runs of this directory (from the repository root):
#   benchmarks/results/2026-11-26-issue10q/run.sh BASE.jar WAKE2.jar JOINSPIN.jar OUTDIR
# BASE.jar is benchmarks/target/benchmarks.jar of cbda467; WAKE2.jar and JOINSPIN.jar the same with
# wake2.patch or joinspin.patch applied (each patch reads a system property, so one jar runs both
# sides of its A/B). Pairs alternate JVMs; vmstat runs beside everything.
set -euo pipefail
base="$1" wake2="$2" joinspin="$3" out="$4"
d="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out/anatomy" "$out/wake-costs"
vmstat 5 > "$out/anatomy/vmstat.log" & vm=$!
trap 'kill $vm' EXIT
for k in 1 2 3 4 5 6; do
    java -cp "$base" "$d/ShortJobAnatomy.java" rayon4j
    java -cp "$base" "$d/ShortJobAnatomy.java" stream
done > "$out/anatomy/rayon4j-vs-stream.log"
for k in 1 2 3 4 5 6; do
    echo -n "wake2=false "; java -Dproto.wake2=false -cp "$wake2" "$d/ShortJobAnatomy.java" rayon4j
    echo -n "wake2=true  "; java -Dproto.wake2=true -cp "$wake2" "$d/ShortJobAnatomy.java" rayon4j
done > "$out/anatomy/wake2.log"
for k in 1 2 3 4 5 6; do
    echo -n "joinspin=1 "; java -Dproto.joinspin=1 -cp "$joinspin" "$d/ShortJobAnatomy.java" rayon4j
    echo -n "joinspin=8 "; java -Dproto.joinspin=8 -cp "$joinspin" "$d/ShortJobAnatomy.java" rayon4j
done > "$out/anatomy/joinspin-prototype.log"
for k in 1 2 3 4; do
    for mode in "r4j" "fj" "r4j join" "fj join"; do java -cp "$base" "$d/WakeParts.java" $mode; done
done > "$out/wake-costs/wakeparts.log"
for k in 1 2 3; do
    for g in 10000 1000 200 50; do java "$d/UnparkCost.java" $g; done
done > "$out/wake-costs/unpark.log"
