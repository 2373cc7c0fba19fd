#!/bin/bash
# dis.sh TAG: run one kernel in the harness, and while it runs dump the compiled versions of the methods that
# PATTERN names from the child JVM (jcmd Compiler.perfmap, gdb's dump memory, objdump). Writes TAG.out,
# TAG.map and TAG-I.s (one listing per compiled version, in the map's order) into the current directory.
#   JAR        the benchmarks jar (default benchmarks/target/benchmarks.jar)
#   KERNEL     the harness kernel (default IncrementAll)
#   PATTERN    an extended regex over the perf map's method names (default: the fused leaf, 'IntRange/.*leaf')
#   MODE       -Drayon4j.probe.shareMode for a probe.patch build (default: none)
# Section 3:  JAR=/tmp/wt/benchmarks/target/benchmarks.jar MODE=3 bash dis.sh dis-m3   (and MODE=9 ... dis-m9)
# Section 7:  KERNEL=LifeBench PATTERN='IntRange/.*leaf|ForEachTask.compute|RangeIntSpliterator.forEachRemaining|Life.row' \
#                 bash dis.sh dl-a
# Needs gdb, objdump and jcmd; the attach disturbs the run's own timing.
set -u
tag=$1; jar=${JAR:-benchmarks/target/benchmarks.jar}; kernel=${KERNEL:-IncrementAll}
pattern=${PATTERN:-'IntRange/.*leaf'}; mode=${MODE:+--jvm-arg -Drayon4j.probe.shareMode=$MODE}
java -cp "$jar" io.github.rayon4j.benchmarks.harness.Interleaved --seconds 20 --warmup 3 $mode \
    --variants rayon4j,parallelStream "$kernel" > "$tag.out" 2>&1 &
sleep 16
# the child JVM: the harness's main class with the heap flags, and no --jvm-arg (the parent's arguments)
pid=$(jps -q | while read p; do c=$(tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null)
    case "$c" in *AlwaysPreTouch*Interleaved*) case "$c" in *--jvm-arg*) ;; *) echo $p ;; esac ;; esac; done | head -1)
echo "child $pid"
jcmd "$pid" Compiler.perfmap > /dev/null
grep -E "$pattern" "/tmp/perf-$pid.map" > "$tag.map"
i=0
while read -r start size rest; do
    i=$((i + 1)); end=$(printf "0x%x" $((0x$start + 0x$size)))
    gdb -p "$pid" -batch -ex "dump memory $tag-$i.bin 0x$start $end" > /dev/null 2>&1
    objdump -D -b binary -m i386:x86-64 --adjust-vma=0x$start "$tag-$i.bin" > "$tag-$i.s"
    echo "$i: $(wc -l < "$tag-$i.s") lines: $rest"
done < <(sed 's/0x//g' "$tag.map")
wait
grep -E '^\| (rayon4j|parallelStream)' "$tag.out"
