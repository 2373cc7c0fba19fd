#!/usr/bin/env bash
# The second device call of issue10z (the join fix in): see run-device-1.sh for what .dev/ holds.
# The fix's check on 16 cores: four soaks (burners 0, 2, 12, 12) beside the core and iterator
# test suites, as in the run that failed (plus a second soak with 12 burners).
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}; SOAK=${SOAK:-300}
CPC="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/test-core"
CPI="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/main-iter:$D/cp/test-iter"
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
if command -v vmstat > /dev/null; then vmstat 1 > "$O/cpu.log" 2>&1 &
else while :; do echo "$(date +%T) $(head -1 /proc/stat)"; sleep 1; done > "$O/cpu.log" & fi
sampler=$!
mark "soaks ${SOAK}s + tests"
pids=(); burners=(0 2 12 12)
for i in 0 1 2 3; do
  timeout $((SOAK + 150)) $J -ea -Xss4m -Xmx2g -Drayon4j.soak.seconds=$SOAK -Drayon4j.soak.burners=${burners[$i]} \
    -cp "$CPC" RunTests io.github.rayon4j.core.SoakTest > /tmp/soak-$i.txt 2>&1 &
  pids+=($!)
done
timeout 400 $J -ea -Xss4m -Xmx4g -XX:+EnableDynamicAgentLoading -Djdk.attach.allowAttachSelf=true -cp "$CPC" \
  RunTests pkg:io.github.rayon4j.core > "$O/tests.txt" 2>&1; mark "core tests rc=$?"
timeout 300 $J -ea -Xss4m -Xmx4g -cp "$CPI" RunTests pkg:io.github.rayon4j.iter >> "$O/tests.txt" 2>&1
mark "iter tests rc=$?"
for i in 0 1 2 3; do wait "${pids[$i]}"; mark "soak $i burners=${burners[$i]} rc=$?"; done
for i in 0 1 2 3; do echo "######## soak $i burners=${burners[$i]}"; cat /tmp/soak-$i.txt; done > "$O/soak.txt"
mark end
kill $sampler
grep -E "ALL PASSED|FAILURES|tests, " "$O/tests.txt" "$O/soak.txt"; grep -h "^SOAK" "$O/soak.txt"; cat "$log"
