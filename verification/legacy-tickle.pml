/*
 * legacy-tickle.pml -- a Promela model of the LEGACY_TICKLE sleep policy
 * (rayon4j-core/.../sleep/LegacyTickleSleep.java), Rayon's previous sleep module (seed 003).
 *
 * Scenario: NW workers (2 or 3). Worker 0 starts inside a join(A, B): it pushes B onto its own
 * deque and tickles, runs A (a no-op), then waits for B's latch, working meanwhile. Whoever runs
 * B sets the latch (a seq-cst swap) and tickles. Every other worker runs its top-level loop on a
 * terminate latch that is never set. One external thread injects NINJ jobs (a seq-cst push,
 * then a tickle). The thresholds are shrunk as far as the protocol allows: a worker tries to get
 * sleepy after its first fruitless round and falls asleep after one more (ROUNDS_UNTIL_SLEEPY = 0,
 * ROUNDS_UNTIL_ASLEEP = 1), which keeps every interleaving of the protocol reachable.
 *
 * The protocol (seed 003): one word `state`: bit 0 "some worker is asleep", the bits above
 * (index + 1) of the one sleepy worker. Getting sleepy: CAS in our index if nobody is sleepy.
 * Falling asleep: read the word; if we are still the sleepy one, take THE lock and, holding it,
 * CAS the word to SLEEPING, then wait on the condition variable (releasing the lock atomically).
 * Tickle: read the word; if not AWAKE, swap AWAKE in, and if the sleeping bit was set, take the
 * lock and notify all. A woken worker starts over from round 0. Work found while sleepy tickles.
 * The port waits on a blocked mark per worker instead of the condition variable: set under the
 * lock, cleared (and the thread unparked) by the tickle under the lock, the parked thread leaving
 * once its mark is clear; `waiting[]` below is that mark. The woken port worker does not re-take
 * the lock as the seed's wait does (the model's re-take only adds waits), and the tickle clears
 * the marks one by one under the lock where the model clears them in one step: the woken worker
 * touches nothing else the tickle's critical section writes, so the orders commute.
 *
 * Memory model: Promela is sequentially consistent, which is what the seed's seq-cst orderings
 * buy (tickle's load, the CASes, the seq-cst latch and injector stores). -DMUT_NO_SC writes the
 * store-load reordering that acquire/release would allow into the model by hand (the tickle's
 * read of the word is satisfied before the work it announces is visible: scenarios 1 and 2 of
 * the seed).
 *
 * Properties (pan, safety):
 *   at quiescence (`timeout`: nothing can move), no job is queued, every job ran once, worker 0's
 *   join returned, and every worker waits (its mark set) with the sleeping bit set (no lost
 *   wake-up); the lock is released only by its holder; each job runs once.
 *
 * Mutants (run-spin.sh expects each to be caught):
 *   -DMUT_CAS_OUTSIDE_LOCK  the sleeper CASes the word to SLEEPING before taking the lock (the
 *                           re-check under the lock that the seed insists on is gone)
 *   -DMUT_NO_SC             the tickle's load is not seq-cst: it may read the word before the
 *                           post it announces is visible
 */

#ifndef NW
#define NW 2
#endif
#ifndef NINJ
#define NINJ 1
#endif

#define AWAKE    0
#define SLEEPING 1
#define NOJOB    0
#define JOB_B    1
#define JOB_INJ  2

byte state;            /* the single word */
byte lk;               /* THE lock: 0 free, else holder + 1 */
bool waiting[NW];      /* on the condition variable */
byte dq[NW];
byte inj;
bool joinLatch;        /* B's latch, owned by worker 0 */
byte ranB, ranInj;
bool joinDone;

inline lock(me)   { atomic { lk == 0 -> lk = me + 1 } }
inline unlock(me) { assert(lk == me + 1); lk = 0 }

/* tickle after the work was published: seq-cst load, then (cold) release swap, and notify all
 * under the lock if anyone slept. `w` holds the load (with MUT_NO_SC it was taken earlier). */
inline tickle_cold(me) {
  if
  :: w != AWAKE ->
     atomic { old = state; state = AWAKE };
     if
     :: (old & SLEEPING) != 0 ->
        lock(me);
        atomic { i = 0; do :: i < NW -> waiting[i] = false; i++ :: else -> break od; i = 0; unlock(me) }
     :: else
     fi
  :: else
  fi;
  w = 0; old = 0
}

#ifdef MUT_NO_SC
/* read the word first, publish second (the reordering an acquire/release load allows) */
#define POST(PUBLISH, me) atomic { w = state }; PUBLISH; tickle_cold(me)
#else
#define POST(PUBLISH, me) PUBLISH; atomic { w = state }; tickle_cold(me)
#endif

inline execute(job, me) {
  if
  :: job == JOB_B -> ranB++; assert(ranB == 1); POST(joinLatch = true, me)
  :: job == JOB_INJ -> ranInj++; assert(ranInj <= NINJ)
  fi;
  job = NOJOB
}

inline find_work(me) {
  atomic { job = dq[me]; dq[me] = NOJOB };
  if
  :: job == NOJOB && me != 0 -> atomic { if :: dq[0] != NOJOB -> job = dq[0]; dq[0] = NOJOB :: else fi }
  :: else
  fi;
  if
  :: job == NOJOB -> atomic { if :: inj > 0 -> inj--; job = JOB_INJ :: else fi }
  :: else
  fi
}

/* the sleep of a sleepy worker */
inline sleep(me) {
  do
  :: atomic { w = state };
     if
     :: (w >> 1) != me + 1 -> break                 /* tickled: awake */
     :: else ->
#ifndef MUT_CAS_OUTSIDE_LOCK
        lock(me);
        atomic { ok = (state == w); if :: ok -> state = SLEEPING :: else fi };
#else
        atomic { ok = (state == w); if :: ok -> state = SLEEPING :: else fi };
        lock(me);
#endif
        if
        :: !ok -> unlock(me)                          /* re-read */
        :: else ->
           atomic { waiting[me] = true; unlock(me) };  /* wait releases the lock */
end_wait:  !waiting[me];                             /* notify_all */
           lock(me); unlock(me);                     /* the wait re-takes the lock */
           break
        fi
     fi
  od;
  w = 0; ok = false
}

/* waitUntil(latch): the worker loop with the seed's yields */
#define WAIT_UNTIL(LATCHSET, me) \
  yields = 0; \
  do \
  :: LATCHSET -> break \
  :: else -> \
     find_work(me); \
     if \
     :: job != NOJOB -> \
        if :: yields > 0 -> atomic { w = state }; tickle_cold(me) :: else fi; \
        yields = 0; execute(job, me) \
     :: else -> \
        if \
        :: yields == 0 -> \
           atomic { if :: (state >> 1) == 0 -> state = state | ((me + 1) << 1); yields = 1 :: else fi } \
        :: else -> sleep(me); yields = 0 \
        fi \
     fi \
  od

proctype Worker(byte me) {
  byte job, yields, w, old, i;
  bool ok;
  if
  :: me == 0 ->
     POST(dq[0] = JOB_B, me);                       /* join: push B, tickle; A is a no-op */
     WAIT_UNTIL(joinLatch, me);
     joinDone = true
  :: else
  fi;
  WAIT_UNTIL(false, me)
}

proctype Injector() {
  byte n, w, old, i;
  byte me = NW;                                      /* lock holder id */
  do
  :: n < NINJ -> POST(inj++, me); n++
  :: else -> break
  od
}

init {
  byte k;
  atomic {
    k = 0;
    do :: k < NW -> run Worker(k); k++ :: else -> break od;
    run Injector()
  }
  timeout ->
  assert(inj == 0 && dq[0] == NOJOB && ranB == 1 && ranInj == NINJ && joinDone);
  k = 0;
  do :: k < NW -> assert(waiting[k]); k++ :: else -> break od;
  assert((state & SLEEPING) != 0)
}
