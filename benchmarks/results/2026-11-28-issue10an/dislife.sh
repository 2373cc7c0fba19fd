#!/bin/bash
# dislife.sh TAG: LifeBench in the harness (rayon4j, parallelStream); dump the compiled code of rayon4j's fused
# leaf copy and of the stream's ForEachTask.compute / forEachRemaining from the child JVM
tag=$1; J=${J:-/work/main/benchmarks/target/benchmarks.jar}
java -cp $J io.github.rayon4j.benchmarks.harness.Interleaved --seconds 20 --warmup 3 --variants rayon4j,parallelStream LifeBench > /tmp/probe/dl-$tag.out 2>&1 &
sleep 16
pid=$(jps -l | awk '{print $1}' | while read p; do c=$(tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null); case "$c" in *AlwaysPreTouch*Interleaved*) case "$c" in *--jvm-arg*) ;; *) echo $p;; esac;; esac; done | head -1)
echo "child $pid"
jcmd $pid Compiler.perfmap >/dev/null
grep -E "IntRange/.*leaf|ForEachTask.compute|RangeIntSpliterator.forEachRemaining|Life.row" /tmp/perf-$pid.map > /tmp/probe/dl-$tag.map
cat /tmp/probe/dl-$tag.map | awk '{print $1, $2, $NF, $(NF-1), $(NF-2)}' | cut -c1-160
i=0
while read start size rest; do
  i=$((i+1)); end=$(printf "0x%x" $((0x$start + 0x$size)))
  gdb -p $pid -batch -ex "dump memory /tmp/probe/dl-$tag-$i.bin 0x$start $end" >/dev/null 2>&1
  objdump -D -b binary -m i386:x86-64 --adjust-vma=0x$start /tmp/probe/dl-$tag-$i.bin > /tmp/probe/dl-$tag-$i.s
done < <(sed "s/0x//g" /tmp/probe/dl-$tag.map)
wait
grep -E "^\| (rayon4j|parallelStream)" /tmp/probe/dl-$tag.out
