#!/bin/bash
# Runs one command and prints, after it, how many cores the rest of the machine used meanwhile:
# (busy jiffies of the whole machine - the command's user+sys) / wall time.
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
echo "# $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg) cmd: $*"
b0=$(busy); t0=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o /tmp/run.time.$$ "$@"
b1=$(busy); t1=$(date +%s.%N)
read u s < /tmp/run.time.$$; rm -f /tmp/run.time.$$
hz=$(getconf CLK_TCK)
awk -v b0=$b0 -v b1=$b1 -v t0=$t0 -v t1=$t1 -v u=$u -v s=$s -v hz=$hz 'BEGIN{w=t1-t0; o=((b1-b0)/hz-(u+s))/w; printf "# wall %.1f s, command %.2f cores, rest of the machine %.2f cores\n", w, (u+s)/w, o}'
