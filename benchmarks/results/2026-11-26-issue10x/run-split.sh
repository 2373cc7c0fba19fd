#!/usr/bin/env bash
# Splitter variants: SplitCalls.java, one JVM per variant, in the order given. $JAR: the
# experiment build, whose Bridge, Fuse and Sleep read the exp.* properties (exp-patch.diff beside
# this script); $CLS: SplitCalls compiled; $JAVA: a JDK 17 runtime; $OUT: where split.csv, the
# load log and vmstat go; $SECS: measured seconds per kernel (default 3). Each argument is one
# JVM: THREADS[,PROPERTY=VALUE...], e.g. 16,exp.split=2 or 2,exp.split=5,exp.cap=4.
#   exp.split=0 Rayon's rule (a migrated half's budget is reset to the thread count)
#   exp.split=1 no reset: a migrated half's budget halves like any other
#   exp.split=2 no reset, but a part whose budget ran out still splits while Rayon.isWorkWanted()
#   exp.split=3 Rayon's reset only for parts at least len / (T * exp.floorK) long
#   exp.split=4 as 2, and a fused leaf's shared rest starts with a budget of 1, not T
#   exp.split=5 Rayon's reset, but to at most exp.cap (default 2), and 2's lazy split
#   exp.split=6 Rayon's reset to at most exp.cap, no lazy split
#   exp.share=0 fused leaves never share their rest; exp.spin=0 idle rounds always yield
set -u
java="${JAVA:?}"; jar="${JAR:?}"; cls="${CLS:?}"; out="${OUT:?}"; secs="${SECS:-3}"
. "$(dirname "$0")/../2026-11-26-issue10w/sampler.sh"
echo "mode,threads,kernel,variant,calls,median_us,p90_us,cpu_us_per_call,jobs_per_call,steals_per_call" > "$out/split.csv"
for v in "$@"; do
    t="${v%%,*}"; props=()
    IFS=, read -ra kv <<< "${v#*,}"
    [ "$v" != "$t" ] && for p in "${kv[@]}"; do props+=("-D$p"); done
    mark "$v"
    "$java" -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=$((t - 1)) \
        "${props[@]}" -cp "$jar:$cls" SplitCalls "$t" "$secs" | sed "s/^/$(echo "$v" | tr , ' ')|/" >> "$out/split.csv" 2>&1
done
mark end
