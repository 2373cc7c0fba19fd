#!/usr/bin/env bash
# NestedNbody.java with two builds, alternating JVMs: for each pair, a JVM per build on one thread,
# then a JVM per build on two; pre-touched heaps. Prints build,pair,variant,threads,ms.
#   run-nested.sh BASE_JAR NEW_JAR [PAIRS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
base="$1" new="$2" pairs="${3:-3}"
for ((p = 1; p <= pairs; p++)); do
    for t in 1 2; do
        for build in base new; do
            jar=$base; [ $build = new ] && jar=$new
            java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp "$jar" "$here/NestedNbody.java" $t | sed "s/^/$build,$p,/"
        done
    done
done
