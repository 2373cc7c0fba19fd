/*
 * sleep.pml -- a Promela model of rayon4j's sleep protocol (Rayon's sleep module, seed 000, and the
 * core latch of Rayon RFC #5, Appendix A).
 *
 * Scenario (small on purpose, so that the check is exhaustive):
 *   - NW workers (2 or 3). Worker 0 starts inside a join(A, B): it pushes B onto its own deque,
 *     posts it (internal post: no fence), runs A (a no-op), then waits for B on the join latch,
 *     which it owns. Whoever runs B sets that latch (latch-targeted wake-up of worker 0).
 *     Every other worker starts in its top-level loop, waiting on its own terminate latch,
 *     which is never set: at the end every worker must be asleep and every job run.
 *   - One external thread injects NINJ leaf jobs into the injector queue (external post: push,
 *     seq-cst fence, counters).
 *   - With -DBCAST, one more external thread broadcasts: a job into every worker's broadcast
 *     queue, then a targeted wake-up of each worker (Registry.injectBroadcast).
 *   - With -DSPARE, one blockInPlace spare worker (slot NW). It starts active, running a job that
 *     spawns a leaf job C onto its own deque (a shared post, with fence 1), then runs the worker
 *     loop on its retire latch, which a Retirer process (the blocked worker returning from its
 *     blocking call) sets at any moment. When the spare sees the latch set it leaves its search
 *     (the hand-off below), moves a job still on its deque (C, unless it or a thief took it) to
 *     the injector with a full injected post, and leaves the pool: it is counted nowhere
 *     afterwards and never looks at the injector again (it parks in the spare cache). With
 *     -DINJECT_OOM that
 *     injection may also fail (the injector's node not allocated): then nothing is queued and
 *     the spare runs C itself before it leaves.
 *
 *   - With -DBLOCKSPAWN, worker 0 starts inside a job (instead of the join) that spawns a leaf job
 *     S onto its own deque with a shared post (push, fence 1, counters: Sleep.newSharedJobs) and
 *     then blocks in plain user code until S has run (a latch of the user's, say): it never pops
 *     S back, stays counted active meanwhile, and goes to its top-level loop once S ran. Only the
 *     other threads can run S, so the protocol must not let them all sleep past it.
 *
 * Leaving idle (the hand-off). A worker that stops being idle, because it found a job or because
 * the latch it waits on was set, decrements the inactive count (one RMW that returns the old
 * counters) and then looks at the queues other threads take from: if the old counters showed a
 * sleeper and the injector or another worker's deque holds work, it wakes one sleeper
 * (Sleep.workFound, WorkerThread.hasSharedJobs: the injector in one step, the deques in the next).
 *
 * Memory model. Promela executes one statement at a time: every run is sequentially consistent.
 * Each shared access of the protocol is one statement (an RMW on the packed counters is one
 * `atomic` step, as an AtomicLong CAS/getAndUpdate is one atomic operation), so every
 * interleaving of those accesses is explored. The two seq-cst fences of seed 000 (after an
 * injector push, before reading the counters; after incrementing the sleeping count, before the
 * final injector check) are therefore "SC points": in this model the accesses on both sides are
 * already totally ordered, which is exactly what those fences buy on real hardware for the two
 * Dekker pairs (injector vs counters). An SC model cannot produce what happens WITHOUT the fences
 * by itself: MUT_NO_FENCES writes the store-load reorderings they forbid into the model by hand,
 * and the jcstress litmus tests in rayon4j-jcstress show those reorderings on real hardware.
 *
 * The jobs event counter (JEC) cannot roll over inside a run this small. Seed 000 keeps the final
 * injector check because a rolled-over or stale JEC may compare equal although a job was posted.
 * We model that as a "stale JEC" oracle: at most STALE_JEC times per run the comparison may
 * succeed although the counter changed (with -DROLLOVER_ONLY: only while the counter is even,
 * which is all that a genuine wrap-around can produce). The protocol must survive that lie; the
 * JEC property (P2 below) is only claimed for honest comparisons.
 *
 * Properties checked (spin -a; pan, safety mode):
 *   P1 no lost wake-up at quiescence: when nothing can move any more (Spin's `timeout`), no job is
 *      queued, every job ran exactly once, worker 0's join returned (its latch wake-up was not
 *      lost), every worker is blocked (parked, marked blocked under its lock) and the counters say so.
 *   P2 the JEC works: a worker never registers as sleeping after an honest JEC comparison while a
 *      job whose poster has already read the counters ("announced") is still queued.
 *   P3 invariants: counters never underflow, sleeping <= inactive <= NW (+1 with the spare), locks are released by
 *      their holder, each job runs once (checked where it runs).
 *   Plus Spin's own: no invalid end state (a process stuck on a lock is a deadlock).
 *
 * Mutants (build flags; run-spin.sh expects each to be caught):
 *   -DMUT_EARLY_UNBLOCK   a waker clears is_blocked before it decrements the sleeping count, so a
 *                         sleeper may run on while still counted asleep
 *   -DMUT_NO_FINAL_CHECK  the sleeper does not re-check the injector after the fence
 *   -DMUT_NO_JEC          the sleeper registers as sleeping without comparing the JEC
 *   -DMUT_NO_LATCH_WAKE   set() swaps SET but never wakes a SLEEPING owner
 *   -DMUT_LATE_LOCK       the sleeper takes its sleep lock after SLEEPY -> SLEEPING, not before
 *   -DMUT_NO_POST_WAKE    a poster never wakes a sleeper
 *   -DMUT_NO_BCAST_CHECK  (with -DBCAST) the final check ignores the worker's broadcast queue, as
 *                         Rayon did before PR #992
 *   -DMUT_NO_HANDOFF      (with -DSPARE) leaving idle wakes nobody: a poster that counted the
 *                         retiring spare as idle strands its job (the lost wake-up of issue 9)
 *   -DMUT_REINJECT_NO_POST (with -DSPARE) the retiring spare pushes its leftover job into the
 *                         injector without posting it (no fence, no counters, no wake-up)
 *   -DMUT_REINJECT_LOSE   (with -DSPARE -DINJECT_OOM) an injector add that fails loses the job the
 *                         retiring spare had popped (Spares.retired before Registry.tryInject)
 *   -DMUT_NO_FENCES       both seq-cst fences removed, modelled as the store-load reorderings they
 *                         forbid: the injector reads the counters before its push is visible, the
 *                         sleeper reads the injector and the deques before its increment is visible
 *   -DMUT_SPAWN_NO_FENCE  (with -DBLOCKSPAWN) S is posted as a join half is, without fence 1,
 *                         modelled as the reordering the fence forbids: the spawner reads the
 *                         counters before its push is visible (rayon4j before the thirty-third
 *                         session; jcstress SharedPostVsLeavingIdleNoFence)
 *   -DMUT_FINAL_NO_DEQUES (with -DBLOCKSPAWN) the sleeper's final check, and the one a guest makes
 *                         for the worker it puts back to sleep, read the injector (and the
 *                         broadcast queue) but not the other deques, as before the thirty-third
 *                         session (SleeperFinalCheckTest: with -DGUEST, caught with an honest JEC,
 *                         the release having no JEC handshake)
 *   -DMUT_HANDOFF_INJECTOR_ONLY (with -DBLOCKSPAWN -DSPARE) the hand-off looks at the injector
 *                         only: the retiring spare that S's poster counted on leaves without
 *                         waking anyone for S (BlockedOwnerHandOffTest)
 *
 * HINTED policy (-DHINTED; rayon4j-core/.../sleep/HintedSleep.java, seed 002): a poster (and the
 * hand-off) first CLAIMS a sleeper by decrementing the sleeping count if it is positive, then
 * looks for a blocked worker and wakes it without decrementing again; a claim that found nobody
 * is given back (+1) and, while the count is positive, claimed again. Targeted wake-ups (latch,
 * broadcast) and a sleeper backing out after its final check decrement unconditionally, so the
 * count (sleepers minus outstanding claims) may be negative for a while; it is a signed field.
 * Mutants of it (with -DHINTED):
 *   -DMUT_HINT_NO_RETRY   a claim that found nobody is given back, but not claimed again
 *   -DMUT_HINT_NO_GIVEBACK a claim that found nobody is dropped (the count stays lower)
 *
 * Reused join frames (-DREUSE; Join.Frame): after its join returns, worker 0 joins again on the
 * same frame, so on the same latch, resetting it to UNSET first; the runner of the first B may
 * still be between its swap and its wake-up of worker 0, which then reaches worker 0 late (awake,
 * or asleep in the second join: a spurious wake-up). The second join must return B2's result
 * and nothing may be lost. Mutant:
 *   -DMUT_REUSE_NO_RESET  (with -DREUSE) the owner reuses the frame without resetting its latch
 *
 * A guest (-DGUEST; callerRuns: Registry.inWorker, Sleep.holdSleeper/releaseHeld): an outside
 * caller in slot NW that first HOLDS a worker blocked at the top of its loop (under that
 * worker's lock: blocked, waiting on its terminate latch, not held; held = true, sleeping-- and
 * inactive-- in one atomic step), or finds none and just injects its job as an outside caller.
 * Holding, it runs as a worker: it pushes a join half G onto its own deque (an internal post),
 * takes G back unless a thief did, and waits until G ran; spawns a job into the injector (a
 * guest queues its spawns there: a full injected post, which finds no held worker to wake);
 * with -DBCAST it is the broadcaster and waits until every share ran (a targeted wake-up of a
 * held worker whose latch is set or whose broadcast queue holds a share releases the hold:
 * held = false, inactive++, then is_blocked cleared as usual; any other targeted wake-up of a
 * held worker is a late one for a latch it waited on before, and is dropped).
 * Then it releases: under the lock, if still held, held = false and sleeping++, inactive++ in
 * one step; then (fence 2, an SC point) the final check of a sleeper: the injector, the held
 * worker's broadcast queue or another deque non-empty wakes it (sleeping--, then is_blocked
 * cleared). A
 * non-targeted wake-up (a poster's) skips a held worker. At quiescence, besides P1: the guest
 * is done, nobody is held, and the guest's job ran. Mutants of it (with -DGUEST):
 *   -DMUT_GUEST_NO_RELEASE_CHECK  the release puts the worker back to sleep without the final
 *                                 check: the job the guest (or the injector) queued while the
 *                                 worker was held waits for ever
 *   -DMUT_GUEST_TARGETED_SKIPS    (with -DBCAST) targeted wake-ups skip a held worker too: the
 *                                 guest's broadcast waits for the share of the worker it holds
 *   -DMUT_GUEST_ANY_TARGETED      every targeted wake-up releases a held worker, also a late one
 *                                 for a latch it no longer waits on (worker 0's join latch, set
 *                                 while it still slept in the join, its wake-up arriving after
 *                                 worker 0 went back to its loop and was held): it runs beside
 *                                 its guest, more threads than workers
 *   -DMUT_GUEST_ANY_SLEEPER       the guest may hold a worker asleep inside its join (worker 0,
 *                                 waiting on its join latch): its latch's wake-up then finds it
 *                                 held, so the pool runs more threads than it has workers
 *
 * A polling caller (-DPOLLER; LockLatch.await, Sleep.newJoinJob/serveLeftWakes/pollerLeft): an
 * outside thread that polls its latch registers (pollers++), serves the wake-ups left to it any
 * number of times, then deregisters (pollers--) and serves once more. While it is registered,
 * worker 0's join post (B, and B2 with -DREUSE) that would wake a sleeper leaves the wake-up to
 * it instead: it reads pollers, sets its flag wakeLeft[0], reads pollers again, and if nobody
 * polls any more takes the flag back (a CAS; if the poller took it first, the poller serves it)
 * and wakes a sleeper itself. Serving clears a flag (the same CAS) and, if the pusher's deque
 * still holds a job, wakes a sleeper as the post would have. At quiescence, besides P1: the
 * poller is done and no flag is left set (a wake-up left is served or taken back, never lost).
 * Mutants of it (with -DPOLLER):
 *   -DMUT_LEFT_NO_RECHECK       the pusher does not read pollers again after setting its flag
 *   -DMUT_POLLER_NO_FINAL_SERVE the poller deregisters without serving what was left meanwhile
 *
 * Other switches: -DNW, -DNINJ, -DSTALE_JEC=n, -DROLLOVER_ONLY, -DNO_P2, -DBCAST, -DSPARE;
 *   -DNOJOIN   worker 0 starts at the top level like the others (no join, no B)
 *   -DBLOCKSPAWN worker 0 spawns S and blocks until it ran, instead of the join (implies -DNOJOIN;
 *              not with -DREUSE)
 *   -DNOSPAWN  (with -DSPARE) the spare starts idle with an empty deque (no C)
 *   -DGUEST_NOSPAWN (with -DGUEST) a guest that holds a worker makes no spawn into the injector,
 *              whose final check would otherwise always find that spawn at the release
 * (they keep the spare runs exhaustively checkable; see README.md)
 */

#ifndef NW
#define NW 3
#endif
#if defined(BLOCKSPAWN) && !defined(NOJOIN)
#define NOJOIN
#endif
#if defined(BLOCKSPAWN) && defined(REUSE)
#error "-DBLOCKSPAWN replaces worker 0's join: not combined with -DREUSE"
#endif
#ifndef NINJ
#define NINJ 1
#endif
#ifndef STALE_JEC
#define STALE_JEC 1
#endif

#ifdef MUT_NO_FENCES
#define INJ_SEEN injSeen
#else
#define INJ_SEEN inj
#endif

/* The final check also looks at the worker's own broadcast queue (Rayon PR #992); a broadcast
 * does not touch the JEC, so nothing else would stop the worker from sleeping past its share. */
#if defined(BCAST) && !defined(MUT_NO_BCAST_CHECK)
#define FINAL_BQ (bq[me] > 0)
#else
#define FINAL_BQ false
#endif

#if defined(SPARE) && defined(BCAST)
#error "-DSPARE and -DBCAST are not combined: spares receive no broadcast jobs, and the model has no broadcast queue for the spare's slot"
#endif

#if defined(SPARE) && defined(GUEST)
#error "-DSPARE and -DGUEST are not combined: both use slot NW"
#endif

#if defined(SPARE) || defined(GUEST)
#define NSLOT (NW + 1)   /* workers 0..NW-1, the spare or the guest in slot NW */
#else
#define NSLOT NW
#endif

#ifdef ROLLOVER_ONLY
#define STALE_OK ((jec % 2) == 0)
#else
#define STALE_OK true
#endif

/* CoreLatch states */
#define UNSET    0
#define SLEEPY   1
#define SLEEPING 2
#define SET      3

/* jobs */
#define NOJOB   0
#define JOB_B   1   /* the second half of worker 0's join */
#define JOB_INJ 2   /* an injected leaf job */
#define JOB_BC  3   /* a broadcast job (one per worker, -DBCAST) */
#define JOB_C   4   /* the leaf job that the spare spawns onto its own deque (-DSPARE) */
#define JOB_B2  5   /* -DREUSE: the second half of worker 0's second join, on the same frame */
#define JOB_G   6   /* -DGUEST: the second half of the guest's join, on the guest's deque */
#define JOB_S   7   /* -DBLOCKSPAWN: worker 0's spawn, which it waits for without popping it */

#ifdef BLOCKSPAWN
#define NS 1
#else
#define NS 0
#endif

#ifdef GUEST
#define NGINJ 1     /* the guest's spawn (or, without a worker to hold, its injected call) */
#else
#define NGINJ 0
#endif
/* How many injected jobs the guest made: -DGUEST_NOSPAWN leaves out the spawn of a guest that
 * holds a worker, so only a guest that held nobody (and injected its call) made one. */
#ifdef GUEST_NOSPAWN
#define GUEST_INJ (guestHeld == NOPOS -> 1 : 0)
#else
#define GUEST_INJ NGINJ
#endif

#ifdef SPARE
#define NC 1
#else
#define NC 0
#endif
#define NOPOS 255

/* latches 0..NW-1: each worker's terminate latch (never set); LJOIN: the join latch of worker 0;
 * LRET: the spare's retire latch (-DSPARE) */
#define LJOIN NW
#define LRET (NW + 1)
byte latch[NW + 2];

/* AtomicCounters, unpacked: in the Java class these three live in one long and every update below
 * that touches them is one atomic step on that long. */
#ifdef HINTED
short sleeping;  /* HINTED: sleepers minus outstanding claims (signed) */
#else
byte sleeping;   /* threads blocked (or about to block) on their condvar */
#endif
byte inactive;   /* idle + sleeping threads */
byte jec;        /* jobs event counter: even = a thread got sleepy since the last post */

/* per-worker sleep state: a mutex (0 = free, else holder id + 1) guarding is_blocked */
byte lk[NSLOT];
bool blocked[NSLOT];
bool held[NSLOT];     /* -DGUEST: a guest holds this blocked worker (under its lock) */
byte sleepL[NSLOT];   /* the latch the blocked worker waits on (written under its lock) */
bool gAnn;            /* -DGUEST: G's poster has read the counters */
byte ranG;
bool guestDone;
byte guestHeld = NOPOS; /* -DGUEST: the worker the guest holds, NOPOS if none (ghost) */
byte atWork;          /* threads running a job, or their own code after a join (ghost) */

/* -DGUEST, not with -DBCAST: the pool never runs more threads at once than it has workers (a
 * guest stands in for the worker it holds). Not with -DBCAST: a held worker woken for its
 * broadcast share runs beside its guest, as Sleep's class comment says. */
#if defined(GUEST) && !defined(BCAST)
#define AT_WORK
#define AT_WORK_IN atomic { atWork++; assert(atWork <= NW) }
#define AT_WORK_OUT atWork--
#else
#define AT_WORK_IN skip
#define AT_WORK_OUT skip
#endif

/* queues: in this scenario a deque never holds more than one job */
byte dq[NSLOT];
byte inj;        /* jobs in the injector queue (a FIFO) */

/* Whether a slot other than w holds a job on its deque: the deque half of
 * WorkerThread.hasSharedJobs (at most four slots: NW = 3 and a spare or a guest). */
#if NSLOT >= 2
#define DQ_AT1(w) ((w) != 1 && dq[1] != NOJOB)
#else
#define DQ_AT1(w) false
#endif
#if NSLOT >= 3
#define DQ_AT2(w) ((w) != 2 && dq[2] != NOJOB)
#else
#define DQ_AT2(w) false
#endif
#if NSLOT >= 4
#define DQ_AT3(w) ((w) != 3 && dq[3] != NOJOB)
#else
#define DQ_AT3(w) false
#endif
#define OTHER_DQ(w) (((w) != 0 && dq[0] != NOJOB) || DQ_AT1(w) || DQ_AT2(w) || DQ_AT3(w))

/* The sleeper's final check reads the other deques after the injector (hasSharedJobs); so does
 * the one a guest makes for the worker it puts back to sleep (RELEASE_DQ). */
#if defined(MUT_FINAL_NO_DEQUES)
#define FINAL_DQ false
#define RELEASE_DQ(w) false
#elif defined(MUT_NO_FENCES)
#define FINAL_DQ dqSeen
#define RELEASE_DQ(w) OTHER_DQ(w)
#else
#define FINAL_DQ OTHER_DQ(me)
#define RELEASE_DQ(w) OTHER_DQ(w)
#endif
byte cPos = NOPOS; /* -DSPARE: C's place in the injector FIFO (jobs ahead of it), NOPOS if absent */

/* ghost state, only read by assertions */
byte injPopped;  /* injected jobs taken */
byte injAnn;     /* injected jobs whose poster has read the counters */
bool bAnn;       /* B's poster has read the counters */
bool cAnn;       /* C's poster has read the counters */
bool b2Ann;      /* -DREUSE: B2's poster has read the counters */
bool sAnn;       /* -DBLOCKSPAWN: S's poster has read the counters */
byte ranB, ranInj, ranBc, ranC, ranB2, ranS;
byte bq[NW];     /* broadcast queues, one per worker (-DBCAST) */
bool joinDone;
bool joinDone2;  /* -DREUSE: worker 0's second join returned */
bool spareGone;  /* -DSPARE: the spare left the pool */
byte stale = STALE_JEC;
#ifdef POLLER
byte pollers;          /* -DPOLLER: outside callers polling their latch (Sleep.pollers) */
bool wakeLeft[NSLOT];  /* -DPOLLER: the worker left its join half's wake-up to a poller */
bool pollerDone;
#endif

/* ---------------------------------------------------------------------------------------------
 * Helpers. Every process that uses them declares the locals me, i, job, want, ok, honest, myjec.
 *
 * Step granularity. Each access to shared state that the protocol makes is its own step, except
 * where a reduction argument makes merging sound: a lock acquire is merged with the step after
 * it (an acquire is a right mover) and a lock release with the step before it (a release is a
 * left mover); a critical section whose only access to state that the lock does not protect is a
 * single atomic RMW is one step; updates of local variables are folded into neighbouring steps.
 * is_blocked is written only under its lock but read without it by its sleeper, so it counts as
 * state the lock does not protect: a wake-up, which also changes the counters, is two steps.
 * ------------------------------------------------------------------------------------------- */

inline unlock(w) {
  assert(lk[w] == me + 1);
  lk[w] = 0
}

/* Wake a specific worker if it is blocked: lock its sleep state, check is_blocked, decrement the
 * sleeping count (the waker does that, not the sleeper), clear is_blocked last, unlock (the
 * unpark after the unlock only ends a park that the flag already released). Two steps, not one:
 * the sleeper reads is_blocked without the lock (end_sleep below; rayon4j loops park() on the
 * volatile flag, and park() may return at any time), so it can tell the state between the
 * counter's RMW and the flag's clear apart; the lock is held across both, so no other waker can.
 * Like the mutex, the first step waits while anyone holds the lock; the second runs only if the
 * first took it (lk[w] == me + 1 says so, without another local: no caller holds a sleep lock
 * when it wakes a worker, so only this call can have set it). With -DMUT_EARLY_UNBLOCK the
 * flag is cleared in the first step and the count decremented in the second, the order this
 * port had until the fourteenth session. */
#ifdef BCAST
#define OWN_BQ(w) (bq[w] > 0)
#else
#define OWN_BQ(w) false
#endif

inline wake_specific(w, tg) {
  atomic {
    lk[w] == 0 ->
    if
#ifdef MUT_GUEST_TARGETED_SKIPS
    :: blocked[w] && !held[w] ->
#elif defined(MUT_GUEST_ANY_TARGETED)
    :: blocked[w] && (tg || !held[w]) ->
#else
    :: blocked[w] && (!held[w] || (tg && (latch[sleepL[w]] == SET || OWN_BQ(w)))) ->
#endif
       lk[w] = me + 1;
#ifdef MUT_EARLY_UNBLOCK
       blocked[w] = false
#else
       if
       :: held[w] ->
          /* a targeted wake-up of a held worker: the hold ends, the worker comes back idle */
          held[w] = false; inactive++
       :: else ->
#ifndef HINTED
          assert(sleeping > 0);
#endif
          sleeping--
       fi
#endif
    :: else
    fi
  };
  if
  :: lk[w] == me + 1 ->
     atomic {
#ifdef MUT_EARLY_UNBLOCK
#ifndef HINTED
       assert(sleeping > 0);
#endif
       sleeping--;
#else
       blocked[w] = false;
#endif
       want = false;           /* done: someone was woken */
       unlock(w)
     }
  :: else
  fi
}

#ifdef HINTED
/* HINTED: wake worker w if it is blocked, for a claim already taken off the count. */
inline wake_claimed(w) {
  atomic {
    lk[w] == 0 ->
    if
    :: blocked[w] -> blocked[w] = false; want = false
    :: else
    fi
  }
}

/* HINTED: claim one sleeper (CAS loop: decrement if positive), look for a blocked worker, give
 * the claim back and claim again if nobody was found (want is true on entry). */
inline wake_any_one() {
  do
  :: want ->
     atomic { if :: sleeping > 0 -> sleeping-- :: else -> want = false fi };
     if
     :: want ->
        i = 0;
        do
        :: want && i < NSLOT -> wake_claimed(i); i++
        :: else -> break
        od;
        i = 0;
        if
        :: want ->
#ifndef MUT_HINT_NO_GIVEBACK
           sleeping++;            /* give the claim back (one atomic add) */
#endif
#ifdef MUT_HINT_NO_RETRY
           want = false
#else
           skip                   /* and claim again while the count is positive */
#endif
        :: else
        fi
     :: else
     fi
  :: else -> break
  od;
  atomic { i = 0; want = false }
}
#else
/* Wake one sleeping worker: try each slot in turn, spares included (want is true on entry). */
inline wake_any_one() {
  i = 0;
  do
  :: want && i < NSLOT -> wake_specific(i, false); i++
  :: else -> break
  od;
  atomic { i = 0; want = false }
}
#endif

/* Second half of posting a job: read the counters, turning an even JEC odd, in one atomic step
 * (AtomicCounters' CAS loop); then, if nobody is idle and somebody sleeps, wake one sleeper.
 * ANNOUNCE is the ghost update that marks the job as announced. POST_READ is the read alone,
 * shared with a join half's post (JOIN_POST below), which may leave the wake-up to a poller. */
#ifndef MUT_NO_POST_WAKE
#define POST_WANTS_WAKE want = (sleeping > 0 && inactive == sleeping)
#else
#define POST_WANTS_WAKE want = false
#endif

#define POST_READ(ANNOUNCE) \
  atomic { \
    if \
    :: (jec % 2) == 0 -> jec++ \
    :: else \
    fi; \
    POST_WANTS_WAKE; \
    ANNOUNCE \
  }

#define POST_COUNTERS(ANNOUNCE) \
  POST_READ(ANNOUNCE); \
  wake_any_one()

/* A join half's post (Sleep.newJoinJob): as POST_COUNTERS, but with -DPOLLER a wake-up it would
 * make is left to a polling caller: read pollers (with the own flag), set the flag, read pollers
 * again; nobody polls any more: take the flag back (CAS) and wake, unless the poller took it. */
#ifdef POLLER
#ifdef MUT_LEFT_NO_RECHECK
#define LEFT_RECHECK want = false
#else
#define LEFT_RECHECK \
     if \
     :: pollers > 0 -> want = false \
     :: else -> atomic { if :: wakeLeft[me] -> wakeLeft[me] = false :: else -> want = false fi } \
     fi
#endif
#define JOIN_POST(ANNOUNCE) \
  POST_READ(ANNOUNCE); \
  if \
  :: want && pollers > 0 && !wakeLeft[me] -> \
     wakeLeft[me] = true; \
     LEFT_RECHECK \
  :: else \
  fi; \
  wake_any_one()
#else
#define JOIN_POST(ANNOUNCE) POST_COUNTERS(ANNOUNCE)
#endif

/* CoreLatch.set(): swap SET; if the owner was SLEEPING, lock its sleep state and wake it. */
inline latch_set(l, owner) {
  atomic { want = (latch[l] == SLEEPING); latch[l] = SET };
#ifndef MUT_NO_LATCH_WAKE
  if
  :: want -> wake_specific(owner, true)
  :: else
  fi;
#endif
  want = false
}

inline execute(job) {
#ifdef AT_WORK
  AT_WORK_IN;
#endif
  if
  :: job == JOB_B -> ranB++; assert(ranB == 1); latch_set(LJOIN, 0)
  :: job == JOB_INJ -> ranInj++; assert(ranInj <= NINJ + NGINJ)
  :: job == JOB_C -> ranC++; assert(ranC == 1)
  :: job == JOB_B2 -> ranB2++; assert(ranB2 == 1); latch_set(LJOIN, 0)
  :: job == JOB_BC -> ranBc++; assert(ranBc <= NW)
  :: job == JOB_G -> ranG++; assert(ranG == 1)
  :: job == JOB_S -> ranS++; assert(ranS == 1)
  fi;
#ifdef AT_WORK
  AT_WORK_OUT;
#endif
  job = NOJOB
}

/* The worker's own jobs: its deque, then (-DBCAST) its broadcast queue: one step each. */
inline take_local() {
#ifdef BCAST
  atomic { job = dq[me]; dq[me] = NOJOB };
  if
  :: job == NOJOB -> atomic { if :: bq[me] > 0 -> bq[me]--; job = JOB_BC :: else fi }
  :: else
  fi
#else
  atomic { job = dq[me]; dq[me] = NOJOB }
#endif
}

/* One steal attempt on worker v's deque: one atomic step (the deque is linearizable; its
 * pop/steal race on the last element is the jcstress tests' business). */
inline steal_from(v) {
  atomic { if :: job == NOJOB && dq[v] != NOJOB -> job = dq[v]; dq[v] = NOJOB :: else fi }
}

/* Take the head of the injector FIFO: C if it is first in line, else an injected leaf. */
inline pop_injector() {
  atomic {
    if
    :: inj > 0 ->
       inj--; injPopped++;
       if
       :: cPos == 0 -> cPos = NOPOS; job = JOB_C
       :: cPos != NOPOS && cPos > 0 -> cPos--; job = JOB_INJ
       :: else -> job = JOB_INJ
       fi
    :: else
    fi
  }
}

/* One search round: own deque, the other deques, then the injector, each deque and the injector
 * in a step of its own. Only worker 0's deque (B) and the spare's (C) ever hold a job, so the
 * steal loop's reads of the other (always empty) deques are left out; the loop starts at a random
 * victim, so a worker that may steal from both tries them in either order. */
inline find_work() {
  take_local();
#ifdef SPARE
  if
  :: job != NOJOB
  :: job == NOJOB && me == 0 -> steal_from(NW)
  :: job == NOJOB && me == NW -> steal_from(0)
  :: job == NOJOB && me != 0 && me != NW -> steal_from(0); steal_from(NW)
  :: job == NOJOB && me != 0 && me != NW -> steal_from(NW); steal_from(0)
  fi;
#elif defined(GUEST)
  if
  :: job != NOJOB
  :: job == NOJOB && me == 0 -> steal_from(NW)
  :: job == NOJOB && me != 0 -> steal_from(0); steal_from(NW)
  :: job == NOJOB && me != 0 -> steal_from(NW); steal_from(0)
  fi;
#else
  if
  :: job == NOJOB && me != 0 -> steal_from(0)
  :: else
  fi;
#endif
  if
  :: job == NOJOB -> pop_injector()
  :: else
  fi
}

/* Getting sleepy: make the JEC even if it is odd, remember the result. */
inline get_sleepy() {
  atomic {
    if
    :: (jec % 2) == 1 -> jec++
    :: else
    fi;
    myjec = jec;
    sleepy = true
  }
}

/* The fall-asleep protocol, waiting on latch l. On every way out: sleepy = false, so that the
 * next failed search gets sleepy again (Rayon's wake_partly and wake_fully coincide once the
 * rounds before sleepy are shrunk to none). */
inline sleep(l) {
  /* CoreLatch.getSleepy(): UNSET -> SLEEPY; if it fails the latch is SET: return */
  atomic { ok = (latch[l] == UNSET); if :: ok -> latch[l] = SLEEPY :: else fi };
  if
  :: !ok
  :: else ->
     /* lock our sleep state, then CoreLatch.fallAsleep(): SLEEPY -> SLEEPING (else SET: return) */
#ifndef MUT_LATE_LOCK
     atomic { lk[me] == 0 -> lk[me] = me + 1; ok = (latch[l] == SLEEPY); if :: ok -> latch[l] = SLEEPING :: else fi };
#else
     atomic { ok = (latch[l] == SLEEPY); if :: ok -> latch[l] = SLEEPING :: else fi };
     atomic { lk[me] == 0 -> lk[me] = me + 1 };
#endif
     if
     :: !ok -> unlock(me)
     :: else ->
#ifdef MUT_NO_FENCES
        /* without SleepFence the final injector read may be satisfied before our increment of the
         * sleeping count is visible: model it as reading the injector first */
        injSeen = inj;
        dqSeen = OTHER_DQ(me);
#endif
        /* The CAS loop on the counters, as one atomic step: if the JEC still equals the value
         * remembered when getting sleepy, sleeping++; else go back to just before sleepy. */
        atomic {
          if
#ifdef MUT_NO_JEC
          :: true -> sleeping++; ok = true; honest = true
#else
          :: jec == myjec -> sleeping++; ok = true; honest = true
          :: jec != myjec && stale > 0 && STALE_OK -> stale--; sleeping++; ok = true; honest = false
          :: jec != myjec -> ok = false
#endif
          fi;
          assert(sleeping <= inactive);
          /* P2: an honest JEC comparison never lets a worker sleep past an announced job */
#ifndef NO_P2
          assert(!ok || !honest || (injPopped >= injAnn && !(bAnn && dq[0] == JOB_B) && !(b2Ann && dq[0] == JOB_B2)
#ifdef SPARE
                                    && !(cAnn && dq[NW] == JOB_C)
#endif
#ifdef GUEST
                                    && !(gAnn && dq[NW] == JOB_G)
#endif
#ifdef BLOCKSPAWN
                                    && !(sAnn && dq[0] == JOB_S)
#endif
                                   ));
#endif
          honest = false;
          myjec = 0
        };
        if
        :: !ok ->
           /* JEC changed: CoreLatch.wakeUp() (SLEEPING -> UNSET unless SET), unlock */
           atomic { if :: latch[l] == SLEEPING -> latch[l] = UNSET :: else fi; unlock(me) }
        :: else ->
           /* seq-cst fence (SleepFence): an SC point here; pairs with fence 1 of the injector's
            * posts and of the shared posts onto a deque. The final check reads the broadcast
            * queue and the injector in one step (hasInjectedJobs), then every other deque in
            * the next (hasSharedJobs, which reads the injector once more first: left out, a
            * read that can only find more). */
#ifndef MUT_NO_FINAL_CHECK
           atomic { found = (INJ_SEEN > 0 || FINAL_BQ) };
           if
           :: !found -> atomic { found = FINAL_DQ }
           :: else
           fi;
           if
           :: found ->
              /* work after all: undo our own registration, CoreLatch.wakeUp(), unlock
               * (the lock is released last, when Sleep.sleep's finally block runs) */
#ifndef HINTED
              atomic { assert(sleeping > 0); sleeping--; found = false };
#else
              atomic { sleeping--; found = false };
#endif
              atomic { if :: latch[l] == SLEEPING -> latch[l] = UNSET :: else fi; unlock(me) }
           :: else ->
#endif
              /* is_blocked = true under the lock, release the lock, park until a waker has
               * cleared is_blocked under the lock. rayon4j loops park() on the volatile flag,
               * without the lock, so this read may come between the two steps of a wake-up
               * (wake_specific); Rayon waits on a condvar and reacquires the lock, which would
               * wait for both. Spurious returns loop, so are not modelled. */
#ifdef GUEST
              atomic { sleepL[me] = l; blocked[me] = true; unlock(me) };
#else
              atomic { blocked[me] = true; unlock(me) };
#endif
end_sleep:    !blocked[me];
              /* CoreLatch.wakeUp() (rayon4j: after the park loop, outside the lock) */
              atomic { if :: latch[l] == SLEEPING -> latch[l] = UNSET :: else fi }
#ifndef MUT_NO_FINAL_CHECK
           fi
#endif
        fi
     fi
  fi;
  atomic { ok = false; sleepy = false }
}

/* Sleep.workFound: leave idle with one RMW that returns the old counters; then, in a step of its
 * own, the hand-off: if a thread was sleeping and the injector holds work, wake one sleeper. */
inline leave_idle() {
  atomic { assert(inactive > sleeping); inactive--; want = (sleeping > 0); sleepy = false; myjec = 0 };
#ifndef MUT_NO_HANDOFF
  /* hasSharedJobs: the injector in one step, then (if it is empty) the other deques */
  if
  :: want ->
     atomic { want = (inj > 0); found = !want };
#ifndef MUT_HANDOFF_INJECTOR_ONLY
     if
     :: found -> atomic { want = OTHER_DQ(me); found = false }
     :: else
     fi
#else
     found = false
#endif
  :: else
  fi;
  wake_any_one();
#endif
  want = false
}

/* WorkerThread.waitUntil(latch l): the busy loop of RFC #5 with the idle states of seed 000.
 * Rounds before sleepy are shrunk to 0: after one failed search a worker gets sleepy, after one
 * more it tries to sleep (extra rounds only repeat a search that changes no state). So the model
 * also covers the Java side's varying count: a worker cuts its own yielding search to 4, 2 or 1
 * rounds after searches that ended asleep (Sleep, "How many rounds"), which changes only how
 * often that stateless search repeats. */
inline wait_until(l) {
  do
  :: latch[l] == SET -> break
  :: else ->
     /* own deque first, then one steal and the injector, before touching the shared sleep
      * state (still counted active: a poster that sees this worker active does not rely on it,
      * and wakes a sleeper if nobody is idle; it searches again once idle) */
     find_work();
     if
     :: job != NOJOB -> execute(job)
     :: else ->
        atomic { inactive++; assert(inactive <= NSLOT) };   /* start looking: idle */
        do
        :: latch[l] == SET ->
           leave_idle();
           break
        :: else ->
           find_work();
           if
           :: job != NOJOB ->
              /* work found: no longer idle */
              leave_idle();
              execute(job);
              break
           :: else ->
              if
              :: !sleepy -> get_sleepy()
              :: else -> sleep(l)
              fi
           fi
        od
     fi
  od
}

proctype Worker(byte me) {
  byte i, job, myjec, injSeen;
  byte l = me;          /* the latch this worker is waiting on */
  bool want, ok, honest, sleepy, found, dqSeen;

#ifdef BLOCKSPAWN
  if
  :: me == 0 ->
     /* a job that spawns S (Registry.spawn on a worker: push onto its own deque, then
      * Sleep.newSharedJobs: fence 1 and the counters) and then waits for S in plain user code,
      * never popping it; it stays counted active meanwhile (and at work, for a guest's bound) */
#ifdef AT_WORK
     AT_WORK_IN;
#endif
#ifndef MUT_SPAWN_NO_FENCE
     dq[0] = JOB_S;
     /* seq-cst fence (fence 1): an SC point here */
     POST_COUNTERS(sAnn = true);
#else
     /* without fence 1 the counters may be read before the push is visible: read them first */
     POST_COUNTERS(sAnn = true);
     dq[0] = JOB_S;
#endif
     ranS == 1;  /* blocked until another thread ran S; then to the top-level loop */
#ifdef AT_WORK
     AT_WORK_OUT
#endif
  :: else
  fi;
#endif

#ifndef NOJOIN
  if
  :: me == 0 ->
     /* join(A, B): push B (no fence: internal work may be overlooked), post it, run A */
     dq[0] = JOB_B;
     JOIN_POST(bAnn = true);
     /* ... A runs here ...; then wait for B: pop it back or wait on the join latch */
     l = LJOIN
  :: else
  fi;
#endif

  /* One expansion of the busy loop (labels inside must be unique): first on the join latch
   * (worker 0), then on the worker's terminate latch, which is never set. */
  do
  :: wait_until(l);
     assert(l == LJOIN);
     /* the join returned: worker 0 runs its own code after it (at work, for the guest's bound) */
#ifdef AT_WORK
     AT_WORK_IN;
     AT_WORK_OUT;
#endif
#ifdef REUSE
     if
     :: !joinDone ->
        joinDone = true;
        /* Join.Frame reused: a second join on the same frame, hence the same latch, the moment
         * the first one's latch was seen SET, while B's runner may still be between its swap
         * and its wake-up of worker 0. The owner resets the latch (a plain store, before the
         * push publishes the frame), pushes B2, posts it, runs A, and waits again. */
#ifndef MUT_REUSE_NO_RESET
        latch[LJOIN] = UNSET;
#endif
        dq[0] = JOB_B2;
        JOIN_POST(b2Ann = true)
     :: else ->
        assert(ranB2 == 1);     /* the second join returns with B2's result */
        joinDone2 = true;
        l = me
     fi
#else
     joinDone = true;
     l = me
#endif
  od
}

#ifdef SPARE
/* A blockInPlace spare (Spares.start, WorkerThread.run). It starts active, inside a job
 * that spawns C (Registry.spawn on a worker: push onto its own deque, then a shared post: fence 1),
 * then runs the worker loop on its retire latch. Once the latch is set and it has left idle
 * (hand-off), Spares.retired pops what is left on its deque and injects it
 * (Registry.inject: push, fence 1, counters, wake a sleeper if none is idle), clears its slot and
 * parks in the spare cache: counted nowhere, it never searches again. */
proctype Spare() {
  byte me = NW;
  byte i, job, myjec, injSeen;
  byte l = LRET;
  bool want, ok, honest, sleepy, found, dqSeen;

#ifndef NOSPAWN
  dq[NW] = JOB_C;
  POST_COUNTERS(cAnn = true);
#else
  ranC = 1;   /* -DNOSPAWN: no C; the spare starts with an empty deque */
#endif
  wait_until(l);
  /* Spares.retired: while ((left = deque.pop()) != null) if (!tryInject(left)) run it here */
  take_local();
  if
  :: job != NOJOB ->
     assert(job == JOB_C);
#ifdef INJECT_OOM
     if
     :: true ->   /* the injector's add throws (no memory for its node): nothing queued */
#ifndef MUT_REINJECT_LOSE
        execute(job)   /* Registry.tryInject returned false: the spare runs C itself */
#else
        job = NOJOB    /* the error leaves retired() and the spare's thread: C is lost */
#endif
     :: true ->
#endif
#ifndef MUT_REINJECT_NO_POST
     atomic { cPos = inj; inj++; job = NOJOB };   /* injector.add (a CAS in the queue) */
     /* seq-cst fence (fence 1): an SC point here */
     POST_COUNTERS(injAnn++)
#else
     atomic { cPos = inj; inj++; job = NOJOB }
#endif
#ifdef INJECT_OOM
     fi
#endif
  :: else
  fi;
  spareGone = true
}

/* The blocked worker returns from its blocking call and retires the spare: set its retire latch
 * (CoreLatch.set, waking the spare if it sleeps on it). */
proctype Retirer() {
  byte me = NW + 2;   /* lock holder id */
  byte i;
  bool want;
  latch_set(LRET, NW)
}
#endif

#ifdef GUEST
/* An outside caller with callerRuns (Registry.inWorker, runAsGuest). */
proctype Guest() {
  byte me = NW;       /* its slot, and its lock holder id */
  byte i, job, hw = NOPOS;
  bool want;

  /* Sleep.holdSleeper: the workers in order, each under its lock (one step: lock, check, the
   * counters' one RMW, unlock). */
  for (i : 0 .. NW - 1) {
    atomic {
      lk[i] == 0 ->
#ifdef MUT_GUEST_ANY_SLEEPER
      if
      :: hw == NOPOS && blocked[i] && !held[i] ->
#else
      if
      :: hw == NOPOS && blocked[i] && sleepL[i] == i && !held[i] ->
#endif
         held[i] = true; assert(sleeping > 0 && inactive > 0); sleeping--; inactive--; hw = i;
         guestHeld = i
      :: else
      fi
    }
  };
  i = 0;
  if
  :: hw == NOPOS ->
     /* no sleeper to hold: the call is handed over (injected, as an outside call) */
     inj++;
     POST_COUNTERS(injAnn++)
  :: else ->
     /* as a worker: join(A, G): push G, post it (internal), run A, take G back or wait for it */
     AT_WORK_IN;
     dq[NW] = JOB_G;
     POST_COUNTERS(gAnn = true);
     atomic { job = dq[NW]; dq[NW] = NOJOB };
     if
     :: job == JOB_G -> ranG++; assert(ranG == 1); job = NOJOB
     :: else -> ranG == 1    /* stolen: wait until its thief ran it */
     fi;
#ifndef GUEST_NOSPAWN
     /* a spawn: into the injector (a guest's spawns go there), a full injected post */
     inj++;
     POST_COUNTERS(injAnn++);
#endif
#ifdef BCAST
     /* Registry.broadcast from inside the call: the shares, the targeted wake-ups, the wait */
     for (i : 0 .. NW - 1) {
       bq[i]++
     }
     for (i : 0 .. NW - 1) {
       wake_specific(i, true)
     }
     i = 0;
     ranBc == NW;
#endif
     AT_WORK_OUT;
     /* Sleep.releaseHeld: under the lock; if still held, back on both counts in one RMW ... */
     atomic {
       lk[hw] == 0 -> lk[hw] = me + 1;
       if
       :: held[hw] -> held[hw] = false; sleeping++; inactive++; want = true
       :: else -> want = false
       fi
     };
     /* ... fence 2 (an SC point), then the sleeper's final check: work wakes it at once. Its
      * reads (the broadcast queue, the injector, the other deques) are merged into one step
      * here: a job leaves those queues only into the hands of a thread that runs it. */
#ifdef MUT_GUEST_NO_RELEASE_CHECK
     atomic { want = false; unlock(hw) };
#else
#ifdef BCAST
     atomic { want = want && (inj > 0 || bq[hw] > 0 || RELEASE_DQ(hw)); if :: want -> sleeping-- :: else -> unlock(hw) fi };
#else
     atomic { want = want && (inj > 0 || RELEASE_DQ(hw)); if :: want -> sleeping-- :: else -> unlock(hw) fi };
#endif
#endif
     if
     :: want -> atomic { blocked[hw] = false; want = false; unlock(hw) }
     :: else
     fi
  fi;
  guestDone = true
}
#endif

proctype Injector() {
  byte me = NW + 3;   /* lock holder id: its own, since a wake-up holds the target's lock */
  byte n, i;
  bool want;

  do
  :: n < NINJ ->
#ifndef MUT_NO_FENCES
     inj++;       /* PushJob (a release write in Rayon) */
     /* seq-cst fence (PushFence): an SC point here */
     POST_COUNTERS(injAnn++);
#else
     /* without PushFence the counters may be read before the push is visible (store-load
      * reordering): model it as reading them first */
     POST_COUNTERS(injAnn++);
     inj++;
#endif
     n++
  :: else -> break
  od
}

#ifdef POLLER
/* Serve the wake-ups left to a polling caller (Sleep.serveLeftWakes): for each slot, clear its
 * flag with a CAS; if this call cleared it and the pusher's deque still holds a job, read the
 * counters and wake a sleeper as the post would have (wakeForNewJobs for one job). */
inline serve_left() {
  w = 0;
  do
  :: w < NSLOT ->
     atomic { if :: wakeLeft[w] -> wakeLeft[w] = false; want = true :: else -> want = false fi };
     if
     :: want ->
        atomic { want = (dq[w] != NOJOB) };
        if
        :: want ->
           atomic { want = (sleeping > 0 && inactive == sleeping) };
           wake_any_one()
        :: else
        fi
     :: else
     fi;
     w++
  :: else -> break
  od;
  atomic { w = 0; want = false }
}

/* -DPOLLER: an outside caller waiting for its call in LockLatch.await: registers, serves any
 * number of times between polls, deregisters and serves once more (pollerLeft). */
proctype Poller() {
  byte me = NW + 4;   /* lock holder id */
  byte i, w;
  bool want;
  pollers++;
  do
  :: serve_left()
  :: break
  od;
  pollers--;
#ifndef MUT_POLLER_NO_FINAL_SERVE
  serve_left();
#endif
  pollerDone = true
}
#endif

/* -DBCAST: Registry.injectBroadcast: one job into each worker's broadcast queue, then wake each
 * worker that is blocked (Sleep.notifyWorkerLatchIsSet, i.e. wakeSpecificThread). No fence and no
 * JEC update: the target's sleep lock and its final check are what make this safe. */
proctype Broadcaster() {
  byte me = NW + 1;   /* lock holder id */
  byte i;
  bool want;
  for (i : 0 .. NW - 1) {
    bq[i]++
  }
  for (i : 0 .. NW - 1) {
    wake_specific(i, true)
  }
}

/* P1: when the whole system is stuck, nothing may be left to do. */
proctype Monitor() {
  byte w;
  timeout ->
    assert(inj == 0);
    for (w : 0 .. NW - 1) {
      assert(dq[w] == NOJOB);
      assert(blocked[w])        /* asleep on its condvar, not stuck on a lock */
    }
    assert(ranInj == NINJ + GUEST_INJ);
    assert(ranC == NC);
    assert(ranS == NS);
#ifdef GUEST
    assert(guestDone);
    for (w : 0 .. NW - 1) {
      assert(!held[w])
    }
    assert(ranG == 1 || guestHeld == NOPOS);
#endif
#ifdef BCAST
    for (w : 0 .. NW - 1) {
      assert(bq[w] == 0)
    }
#ifdef GUEST
    assert(ranBc == NW || guestHeld == NOPOS);   /* the guest broadcasts only while it holds */
#else
    assert(ranBc == NW);
#endif
#endif
#ifndef NOJOIN
    assert(ranB == 1);
    assert(joinDone);           /* the join latch's wake-up reached worker 0 */
#endif
#ifdef REUSE
    assert(ranB2 == 1);
    assert(joinDone2);          /* and the second join on the reused frame returned too */
#endif
#ifdef SPARE
    assert(spareGone);          /* the retire latch's wake-up reached the spare */
#endif
#ifdef POLLER
    assert(pollerDone && pollers == 0);
    for (w : 0 .. NSLOT - 1) {
      assert(!wakeLeft[w])      /* a wake-up left to the poller was served or taken back */
    }
#endif
    assert(sleeping == NW && inactive == NW)
}


init {
  byte w;
  atomic {
    for (w : 0 .. NW - 1) {
      run Worker(w)
    }
    run Injector();
#ifdef POLLER
    run Poller();
#endif
#ifdef SPARE
    run Spare();
    run Retirer();
#endif
#ifdef GUEST
    run Guest();
#endif
#if defined(BCAST) && !defined(GUEST)
    run Broadcaster();
#endif
    run Monitor()
  }
}
