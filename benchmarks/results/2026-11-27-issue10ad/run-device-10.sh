#!/usr/bin/env bash
# Device run 10: rayon4j-iter's whole test suite on 16 cores with the twenty-seventh session's core.
set -u
D=.dev; J=$D/jrt/bin/java; O=${OUT:?}
log=$O/log.txt
mark() { echo "== $* $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"; }
echo "# $(date -u +%FT%TZ) nproc=$(nproc) $(grep -m1 'model name' /proc/cpuinfo) kernel $(uname -r)" > "$log"
CPI="$D/launcher:$D/cp/*:$D/cp/main-core:$D/cp/main-iter:$D/cp/test-iter"
mark "iter tests"
timeout 420 $J -ea -Xss4m -Xmx4g -cp "$CPI" RunTests pkg:io.github.rayon4j.iter > "$O/iter-tests.txt" 2>&1
mark "iter tests rc=$?"
cat "$log"; grep -E "ALL PASSED|FAILURES|FAIL" "$O/iter-tests.txt" | head; grep -c "succeeded" "$O/iter-tests.txt"; tail -3 "$O/iter-tests.txt"
