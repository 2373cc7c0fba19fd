#!/bin/bash
# dis.sh MODE TAG: run the IncrementAll harness in mode MODE, dump the compiled fused leaf(s) of the child JVM
m=$1; tag=$2
java -cp /tmp/wt/benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.harness.Interleaved --seconds 14 --warmup 2 --jvm-arg -Drayon4j.probe.shareMode=$m --variants rayon4j,parallelStream IncrementAll > /tmp/probe/dis-$tag.out 2>&1 &
sleep 10
pid=$(pgrep -f "XX:\+AlwaysPreTouch.*shareMode=$m" | while read p; do if grep -q "harness.Interleaved" /proc/$p/cmdline 2>/dev/null && ! tr '\0' ' ' < /proc/$p/cmdline | grep -q -- "--jvm-arg"; then echo $p; fi; done | head -1)
[ -z "$pid" ] && pid=$(jps -l | grep -v Jps | awk '{print $1}' | while read p; do tr '\0' ' ' < /proc/$p/cmdline | grep -q -- "-Drayon4j.probe.shareMode=$m " && ! tr '\0' ' ' < /proc/$p/cmdline | grep -q -- "--jvm-arg" && echo $p; done | head -1)
echo "child pid $pid"
jcmd $pid Compiler.perfmap >/dev/null
grep "IntRange/.*leaf" /tmp/perf-$pid.map > /tmp/probe/dis-$tag.map
cat /tmp/probe/dis-$tag.map
i=0
while read start size rest; do
  i=$((i+1)); end=$(printf "0x%x" $((0x$start + 0x$size)))
  gdb -p $pid -batch -ex "dump memory /tmp/probe/dis-$tag-$i.bin 0x$start $end" >/dev/null 2>&1
  objdump -D -b binary -m i386:x86-64 --adjust-vma=0x$start /tmp/probe/dis-$tag-$i.bin > /tmp/probe/dis-$tag-$i.s
  echo "$i: $(wc -l < /tmp/probe/dis-$tag-$i.s) lines"
done < <(sed "s/0x//g" /tmp/probe/dis-$tag.map)
wait
grep -E "^\| (rayon4j|parallelStream)" /tmp/probe/dis-$tag.out
