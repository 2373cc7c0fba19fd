#!/usr/bin/env bash
# The core tests (no Lincheck: its agent needs modules the jlinked runtime lacks) and then the
# soak, with a jlinked JDK 17 on a machine without a JDK. In the repository root, with .dev/ holding
# jrt/ (the runtime), cp/ (the test classpath: JUnit 5.14.1 with junit-platform-launcher 1.14.1,
# QuickTheories, rayon4j-core/target/classes as cp/main, target/test-classes as cp/test) and
# launcher/ (RunTests.java, compiled against cp/*). Exits with 1 if either run failed.
set -uo pipefail
rc=0
J=.dev/jrt/bin/java; CP=".dev/launcher:.dev/cp/*:.dev/cp/main:.dev/cp/test"; P=io.github.rayon4j.core
echo "# $(date -u +%FT%TZ) nproc=$(nproc) load $(cat /proc/loadavg)"
$J -ea -cp "$CP" RunTests $P.JoinTest $P.ScopeTest $P.SpawnTest $P.BroadcastTest $P.CloseTest $P.PoolLifecycleTest \
  $P.DeadlockDetectionTest $P.ExceptionsNotLostTest $P.ExecutorInteropTest $P.JoinFrameTest $P.JoinTreePropertyTest \
  $P.MixedTreePropertyTest $P.PoolMetricsTest $P.SleepWakeStressTest $P.SpawnHandlerTest $P.UseCurrentThreadTest \
  $P.WorkWantedTest $P.WorkerSurvivalTest $P.BlockInPlaceTest $P.OutOfMemorySpawnTest $P.sleep.SleepProtocolTest \
  $P.sleep.AtomicCountersPropertyTest $P.sleep.CoreLatchPropertyTest $P.StackOverflowTest 2>&1 \
  | grep -v "^\s*at \|WARNING" || rc=1
echo "# soak $(date -u +%T) load $(cat /proc/loadavg)"
$J -ea -Drayon4j.soak.seconds=90 -cp "$CP" RunTests $P.SoakTest 2>&1 \
  | grep -E "^SOAK|SoakTest: |ALL PASSED|FAILURES|HUNG|expected" || rc=1
echo "# end $(date -u +%T) load $(cat /proc/loadavg)"
exit $rc
