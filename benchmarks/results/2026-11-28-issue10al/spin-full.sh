#!/bin/bash
# run-spin.sh --full's seven extra runs, built and run as run-spin.sh does, with -DMEMLIM=16000 to see each one's size.
# SPF_DIR (default /tmp/spf) must hold a copy of verification/sleep.pml:
#   mkdir -p /tmp/spf && cp verification/sleep.pml /tmp/spf/ && bash benchmarks/results/2026-11-28-issue10al/spin-full.sh
one() {
  name="$1"; mode=$2; shift 2
  d=${SPF_DIR:-/tmp/spf}/$(echo "$name" | tr ' ,()=' '_____'); rm -rf "$d"; mkdir -p "$d"; cp ${SPF_DIR:-/tmp/spf}/sleep.pml "$d/"; cd "$d"
  if [ $mode = np ]; then cc=-DNP; pf=-l; else cc=-DSAFETY; pf=; fi
  t0=$(date +%s)
  spin -a "$@" sleep.pml >/dev/null 2>&1 && gcc -O2 $cc -DCOLLAPSE -DMEMLIM=16000 -w -o pan pan.c && ./pan $pf -m1000000 -w27 > out.txt 2>&1
  t1=$(date +%s)
  echo "$name | $((t1-t0)) s | $(grep -o 'errors: [0-9]*' out.txt) | $(grep -o '[0-9e+.]* states, stored' out.txt) | $(grep 'total actual memory' out.txt | awk '{print $1" MB"}') | $(grep -m1 -e '^pan:[0-9]*:' -e 'out of memory' -e 'not completed' out.txt)"
  rm -f pan pan.c pan.h pan.m pan.b pan.p pan.t
}
one "reused join frame NW=3 NINJ=1" safety -DNW=3 -DNINJ=1 -DREUSE
one "model NW=3 NINJ=2" safety -DNW=3 -DNINJ=2
one "no livelock NW=3" np -DNW=3 -DNINJ=1
one "spare NW=2 (no join) NINJ=1" safety -DNW=2 -DNINJ=1 -DSPARE -DNOJOIN
one "spare NW=2 (join), no C, honest JEC" safety -DNW=2 -DNINJ=1 -DSPARE -DNOSPAWN -DSTALE_JEC=0
one "guest NW=2 NINJ=1" safety -DGUEST -DNW=2 -DNINJ=1
one "guest NW=2 NINJ=1 + broadcast, honest JEC" safety -DGUEST -DNW=2 -DNINJ=1 -DBCAST -DSTALE_JEC=0
echo FULL-DONE
