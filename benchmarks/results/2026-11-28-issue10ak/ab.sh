#!/usr/bin/env bash
# A/B of two builds, alternating JVMs: ab.sh OLD.jar NEW.jar PAIRS OUT -- CMD...
# CMD is run as `java -cp JAR CMD...` (use @JAR@ inside it to place the jar yourself); each run's
# output goes to OUT with the build's label and the load average read just before it.
set -euo pipefail
old="$1" new="$2" pairs="$3" out="$4"; shift 5
for ((p = 1; p <= pairs; p++)); do
    for side in old new; do
        jar=$old; [ $side = new ] && jar=$new
        args=("${@//@JAR@/$jar}")
        echo "## pair $p $side load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out"
        java "${args[@]}" >> "$out" 2>&1
    done
done
