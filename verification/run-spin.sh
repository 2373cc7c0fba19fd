#!/usr/bin/env bash
# Runs the Spin models of the sleep policies and their mutants: verification/sleep.pml (RAYON,
# and HINTED with -DHINTED) and verification/legacy-tickle.pml (LEGACY_TICKLE).
#
#   verification/run-spin.sh          the model (2 and 3 workers, with a retiring spare, with a
#                                     guest), the livelock check, every mutant, and the three
#                                     informational runs (about 13 minutes; the largest runs take
#                                     about 3 GiB)
#   verification/run-spin.sh --full   also 3 workers with 2 injected jobs, the livelock check with
#                                     3 workers, and larger spare and guest runs (about 15 more
#                                     minutes, up to about 6.3 GiB for NW=3 NINJ=2)
#
# Exits non-zero if the model fails a check, a search is incomplete (memory or depth), or a
# mutant survives. The informational runs never change the exit status; they print whether
# their outcome is the documented one.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
model="$here/sleep.pml"
full=0
[[ "${1:-}" == "--full" ]] && full=1

if ! command -v spin >/dev/null 2>&1; then
  echo "spin not found: installing the Debian package"
  if [[ $(id -u) -eq 0 ]]; then
    apt-get update -qq && apt-get install -y -qq spin >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq spin >/dev/null
  fi
fi
command -v spin >/dev/null 2>&1 || { echo "spin is not available"; exit 2; }
command -v gcc  >/dev/null 2>&1 || { echo "gcc is not available"; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/rayon4j-spin.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp "$model" "$work/sleep.pml"
cp "$here/legacy-tickle.pml" "$work/legacy-tickle.pml"

MEMLIM_MB=${MEMLIM_MB:-4096}   # per run; a run that reaches it is reported INCOMPLETE
status=0

# run NAME MODE EXPECT FLAGS...
#   MODE:   safety | np (non-progress cycles)
#   EXPECT: pass | fail | info-pass | info-fail
run() {
  local name="$1" mode="$2" expect="$3"; shift 3
  local dir="$work/$name" ccflags panflags out t0 t1 secs errors verdict detail
  local pml="${PML:-sleep.pml}"
  mkdir -p "$dir" && cp "$work/$pml" "$dir/"
  if [[ "$mode" == np ]]; then
    ccflags="-DNP"; panflags="-l"
  else
    ccflags="-DSAFETY"; panflags=""
  fi
  t0=$(date +%s.%N)
  out=$(cd "$dir" && spin -a "$@" "$pml" 2>&1 \
        && gcc -O2 $ccflags -DCOLLAPSE -DMEMLIM=$MEMLIM_MB -w -o pan pan.c 2>&1 \
        && ./pan $panflags -m1000000 -w${HASHW:-24} 2>&1)
  t1=$(date +%s.%N)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
  errors=$(grep -o 'errors: [0-9]*' <<<"$out" | awk '{print $2}')
  states=$(grep -o '[0-9e+.]* states, stored' <<<"$out" | awk '{print $1}')
  mem=$(grep 'total actual memory usage' <<<"$out" | awk '{printf "%.0f MB", $1}')
  # pan says "Search not completed" when it stops at an error too; with no error it means the
  # search ran out of memory (-DMEMLIM, possibly while resizing its hash table) or depth.
  if [[ -z "$errors" ]] || grep -q -e 'out of memory' -e 'max search depth too small' -e 'reached -DMEMLIM bound' <<<"$out" \
     || { [[ "$errors" == 0 ]] && grep -q 'Search not completed' <<<"$out"; }; then
    verdict="INCOMPLETE"
    detail=$(grep -m1 -e 'out of memory' -e 'max search depth' -e 'MEMLIM' -e 'not completed' -e 'rror' <<<"$out")
  elif [[ "$errors" == 0 ]]; then
    verdict="no error"
    detail="$states states, $mem"
  else
    verdict="error found"
    detail=$(grep -m1 -e '^pan:[0-9]*:' -e 'acceptance cycle' -e 'non-progress cycle' <<<"$out" | sed 's/^pan:[0-9]*: *//')
  fi
  local ok
  case "$expect:$verdict" in
    pass:"no error")          ok="OK";;
    fail:"error found")       ok="OK (caught)";;
    info-pass:"no error")     ok="as documented";;
    info-fail:"error found")  ok="as documented";;
    info-*)                   ok="NOT AS DOCUMENTED";;
    fail:"no error")          ok="FAILED: mutant survived"; status=1;;
    *)                        ok="FAILED"; status=1;;
  esac
  printf '%-44s %6ss  %-12s %-22s %s\n' "$name" "$secs" "$verdict" "$ok" "$detail"
}

echo "Spin $(spin -V | awk '{print $3}'); model $model"
printf '%-44s %7s  %-12s %-22s %s\n' "run" "time" "result" "verdict" "detail"

echo "-- the protocol (must pass)"
run "model NW=2 NINJ=1"                       safety pass -DNW=2 -DNINJ=1
run "model NW=2 NINJ=2"                       safety pass -DNW=2 -DNINJ=2
run "model NW=3 NINJ=1"                       safety pass -DNW=3 -DNINJ=1
run "model NW=2 NINJ=2 stale JEC twice"       safety pass -DNW=2 -DNINJ=2 -DSTALE_JEC=2
run "no livelock (non-progress cycles) NW=2"  np     pass -DNW=2 -DNINJ=1
run "model NW=2 NINJ=1 + broadcast"           safety pass -DNW=2 -DNINJ=1 -DBCAST
run "spare: NW=1 (join) NINJ=1"               safety pass -DNW=1 -DNINJ=1 -DSPARE
run "spare: NW=1 (join) NINJ=2"               safety pass -DNW=1 -DNINJ=2 -DSPARE
run "spare: NW=2 (no join) NINJ=1, honest JEC" safety pass -DNW=2 -DNINJ=1 -DSPARE -DNOJOIN -DSTALE_JEC=0
run "spare, injection may fail: NW=1 NINJ=1"  safety pass -DNW=1 -DNINJ=1 -DSPARE -DINJECT_OOM
run "reused join frame NW=2 NINJ=1"           safety pass -DNW=2 -DNINJ=1 -DREUSE
run "reused join frame NW=2 NINJ=2"           safety pass -DNW=2 -DNINJ=2 -DREUSE
run "no livelock, reused join frame NW=2"     np     pass -DNW=2 -DNINJ=1 -DREUSE
if [[ $full == 1 ]]; then
  # Since a wake-up became two steps (the sleeper reads is_blocked without the lock), and a
  # worker searches once before it goes idle, and the final check and the hand-off read the
  # deques, these searches outgrow the default 4 GB (3.2-6.3 GB each); each gets up to 8 GB and a 2^27-slot hash table.
  full_run() { MEMLIM_MB=${FULL_MEMLIM_MB:-8192} HASHW=27 run "$@"; }
  full_run "reused join frame NW=3 NINJ=1"         safety pass -DNW=3 -DNINJ=1 -DREUSE
  full_run "model NW=3 NINJ=2"                     safety pass -DNW=3 -DNINJ=2
  full_run "no livelock (non-progress cycles) NW=3" np    pass -DNW=3 -DNINJ=1
  full_run "spare: NW=2 (no join) NINJ=1"          safety pass -DNW=2 -DNINJ=1 -DSPARE -DNOJOIN
  full_run "spare: NW=2 (join), no C, honest JEC"  safety pass -DNW=2 -DNINJ=1 -DSPARE -DNOSPAWN -DSTALE_JEC=0
  full_run "guest NW=2 NINJ=1"                     safety pass -DGUEST -DNW=2 -DNINJ=1
  full_run "poller NW=3 NINJ=1"                    safety pass -DPOLLER -DNW=3 -DNINJ=1
  full_run "guest NW=2 NINJ=1 + broadcast, honest JEC" safety pass -DGUEST -DNW=2 -DNINJ=1 -DBCAST -DSTALE_JEC=0
fi

echo "-- guests: an outside caller in a sleeping worker's place (callerRuns; must pass)"
run "guest NW=1 NINJ=1"                       safety pass -DGUEST -DNW=1 -DNINJ=1
run "guest NW=1 NINJ=2"                       safety pass -DGUEST -DNW=1 -DNINJ=2
run "guest NW=2 NINJ=1, honest JEC"           safety pass -DGUEST -DNW=2 -DNINJ=1 -DSTALE_JEC=0
run "guest NW=2 (no join) NINJ=1"             safety pass -DGUEST -DNW=2 -DNINJ=1 -DNOJOIN
run "guest NW=2 (no join) + broadcast"        safety pass -DGUEST -DNW=2 -DNINJ=1 -DNOJOIN -DBCAST

echo "-- a polling caller serving the wake-ups left to it (LockLatch, Sleep.newJoinJob; must pass)"
run "poller NW=2 NINJ=1"                      safety pass -DPOLLER -DNW=2 -DNINJ=1
run "poller, reused join frame NW=2 NINJ=1"   safety pass -DPOLLER -DNW=2 -DNINJ=1 -DREUSE
run "hinted poller NW=2 NINJ=1"               safety pass -DPOLLER -DHINTED -DNW=2 -DNINJ=1

echo "-- a worker blocked in user code with its spawn on its deque (must pass)"
run "blocked spawner NW=2 NINJ=1"             safety pass -DBLOCKSPAWN -DNW=2 -DNINJ=1
run "blocked spawner NW=3 NINJ=1"             safety pass -DBLOCKSPAWN -DNW=3 -DNINJ=1
run "blocked spawner + retiring spare NW=2"   safety pass -DBLOCKSPAWN -DSPARE -DNOSPAWN -DNW=2 -DNINJ=0
run "hinted blocked spawner NW=2 NINJ=1"      safety pass -DHINTED -DBLOCKSPAWN -DNW=2 -DNINJ=1
run "blocked spawner + guest (no spawn) NW=2"  safety pass -DGUEST -DGUEST_NOSPAWN -DBLOCKSPAWN -DNW=2 -DNINJ=0 -DSTALE_JEC=0

echo "-- mutants (must be caught)"
run "mutant: no final injector check"         safety fail -DNW=2 -DMUT_NO_FINAL_CHECK
run "mutant: left wake-up without a re-read"   safety fail -DPOLLER -DNW=2 -DNINJ=1 -DMUT_LEFT_NO_RECHECK
run "mutant: poller leaves without serving"    safety fail -DPOLLER -DNW=2 -DNINJ=1 -DMUT_POLLER_NO_FINAL_SERVE
run "mutant: waker unblocks before counting"  safety fail -DNW=2 -DMUT_EARLY_UNBLOCK
run "mutant: reused frame's latch not reset"  safety fail -DNW=2 -DREUSE -DMUT_REUSE_NO_RESET
run "mutant: no JEC comparison"               safety fail -DNW=2 -DMUT_NO_JEC
run "mutant: no latch wake-up"                safety fail -DNW=2 -DMUT_NO_LATCH_WAKE
run "mutant: sleep lock taken after SLEEPING" safety fail -DNW=2 -DMUT_LATE_LOCK
run "mutant: poster never wakes"              safety fail -DNW=2 -DMUT_NO_POST_WAKE
run "mutant: no seq-cst fences"               safety fail -DNW=2 -DMUT_NO_FENCES
run "mutant: no seq-cst fences, honest JEC"   safety fail -DNW=2 -DMUT_NO_FENCES -DSTALE_JEC=0 -DNO_P2
run "mutant: final check ignores broadcasts"   safety fail -DNW=2 -DBCAST -DMUT_NO_BCAST_CHECK -DSTALE_JEC=0
run "mutant: spawn posted without fence 1"    safety fail -DBLOCKSPAWN -DNW=2 -DNINJ=0 -DMUT_SPAWN_NO_FENCE -DSTALE_JEC=0
run "mutant: final check ignores the deques"  safety fail -DBLOCKSPAWN -DNW=2 -DNINJ=0 -DMUT_FINAL_NO_DEQUES
run "mutant: guest release ignores the deques" safety fail -DGUEST -DGUEST_NOSPAWN -DBLOCKSPAWN -DNW=2 -DNINJ=0 -DSTALE_JEC=0 -DMUT_FINAL_NO_DEQUES
run "mutant: hand-off looks at the injector only" safety fail -DBLOCKSPAWN -DSPARE -DNOSPAWN -DNW=2 -DNINJ=0 -DMUT_HANDOFF_INJECTOR_ONLY -DSTALE_JEC=0
run "mutant: no hand-off on leaving idle"     safety fail -DNW=1 -DNINJ=1 -DSPARE -DMUT_NO_HANDOFF -DSTALE_JEC=0
run "mutant: no hand-off, NW=2 (no join)"     safety fail -DNW=2 -DNINJ=1 -DSPARE -DNOJOIN -DMUT_NO_HANDOFF -DSTALE_JEC=0
run "mutant: spare re-injects without posting" safety fail -DNW=1 -DNINJ=1 -DSPARE -DMUT_REINJECT_NO_POST -DSTALE_JEC=0
run "mutant: failed re-injection loses the job" safety fail -DNW=1 -DNINJ=1 -DSPARE -DINJECT_OOM -DMUT_REINJECT_LOSE -DSTALE_JEC=0

run "mutant: guest release without final check" safety fail -DGUEST -DNW=1 -DNINJ=1 -DSTALE_JEC=0 -DMUT_GUEST_NO_RELEASE_CHECK
run "mutant: targeted wake skips a held worker" safety fail -DGUEST -DNW=2 -DNINJ=1 -DNOJOIN -DBCAST -DSTALE_JEC=0 -DMUT_GUEST_TARGETED_SKIPS
run "mutant: any targeted wake releases a hold" safety fail -DGUEST -DNW=2 -DNINJ=1 -DSTALE_JEC=0 -DMUT_GUEST_ANY_TARGETED
run "mutant: guest holds a worker inside a join" safety fail -DGUEST -DNW=2 -DNINJ=1 -DSTALE_JEC=0 -DMUT_GUEST_ANY_SLEEPER

echo "-- HINTED: claims before waking (sleep.pml -DHINTED; must pass)"
run "hinted NW=2 NINJ=1"                      safety pass -DHINTED -DNW=2 -DNINJ=1
run "hinted NW=2 NINJ=2"                      safety pass -DHINTED -DNW=2 -DNINJ=2
run "hinted NW=2 NINJ=1 + broadcast"          safety pass -DHINTED -DNW=2 -DNINJ=1 -DBCAST
run "hinted reused join frame NW=2 NINJ=1"    safety pass -DHINTED -DNW=2 -DNINJ=1 -DREUSE
run "hinted spare: NW=1 (join) NINJ=1"        safety pass -DHINTED -DNW=1 -DNINJ=1 -DSPARE
echo "-- HINTED mutants (must be caught)"
run "mutant: hinted claim never given back"   safety fail -DHINTED -DNW=2 -DMUT_HINT_NO_GIVEBACK
run "mutant: hinted give-back without retry"  safety fail -DHINTED -DNW=1 -DNINJ=1 -DSPARE -DMUT_HINT_NO_RETRY -DSTALE_JEC=0

echo "-- LEGACY_TICKLE (legacy-tickle.pml; must pass)"
PML=legacy-tickle.pml run "legacy NW=2 NINJ=1"              safety pass -DNW=2 -DNINJ=1
PML=legacy-tickle.pml run "legacy NW=2 NINJ=2"              safety pass -DNW=2 -DNINJ=2
PML=legacy-tickle.pml run "legacy NW=3 NINJ=1"              safety pass -DNW=3 -DNINJ=1
echo "-- LEGACY_TICKLE mutants (must be caught)"
PML=legacy-tickle.pml run "mutant: legacy CAS before the lock"  safety fail -DNW=2 -DMUT_CAS_OUTSIDE_LOCK
PML=legacy-tickle.pml run "mutant: legacy tickle load not SC"   safety fail -DNW=2 -DMUT_NO_SC

echo "-- informational (see README: what an SC model can and cannot show)"
run "no final check, JEC stale only by wrap"  safety info-pass -DNW=3 -DMUT_NO_FINAL_CHECK -DROLLOVER_ONLY
run "no JEC comparison, deadlock check only"  safety info-pass -DNW=3 -DMUT_NO_JEC -DNO_P2
run "no hand-off, no spare (NW=3)"            safety info-pass -DNW=3 -DMUT_NO_HANDOFF -DSTALE_JEC=0

if [[ $status == 0 ]]; then
  echo "spin: the model passes and every mutant is caught"
else
  echo "spin: FAILED"
fi
exit $status
