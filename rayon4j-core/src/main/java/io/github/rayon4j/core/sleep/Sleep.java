package io.github.rayon4j.core.sleep;

import io.github.rayon4j.core.internal.VarHandles;
import io.github.rayon4j.core.jfr.Events;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Decides when workers sleep and whom to wake: the sleep module of seed 000, built on RFC #5. This
 * class is the {@code RAYON} sleep policy, the default; {@link HintedSleep} and
 * {@link LegacyTickleSleep} are the other two policies, as subclasses.
 *
 * <h2>Why a concrete class with subclasses, not an interface</h2>
 * Every {@code join} tells the sleep module about the job it pushed
 * ({@link #newInternalJobs}), so that call is on the join hot path. It stays an ordinary call of a
 * concrete class's method: while only {@code RAYON} pools exist, the subclasses are never loaded
 * (the registry creates them through their own static factories, so nothing resolves them until a
 * pool asks for one), class hierarchy analysis sees no overrider, and the JIT inlines the call
 * without even a type guard: the same machine code as before the policies existed. Once a process
 * builds pools of another policy, the call site is guarded by the receiver type its profile saw
 * (one compare when a site only ever sees one policy). Within this class the fast path of posting
 * (one volatile read of the counters and a test of the sleeping field) is unchanged; everything a
 * subclass changes for {@code HINTED} lies behind that test ({@link #wakeForNewJobs}, the claim of
 * sleepers, the sleeping-count updates), where sleepers exist and a lock is taken anyway. Only
 * {@code LEGACY_TICKLE}, whose fast path is a different word, overrides the posting methods
 * themselves.
 *
 * <h2>Thread states</h2>
 * A worker is <em>active</em> while it runs a job, and while it makes one search right after (its
 * own queue, one steal, the injector: {@code WorkerThread.waitUntil}, so that a thread taking
 * many small jobs in a row does not update the counters around each). With nothing found it
 * becomes <em>idle</em>
 * ({@link #startLooking}: one more inactive thread) and searches in rounds: its own queue, every
 * other worker's deque, the injector. After its search's fruitless rounds ({@code
 * roundsUntilSleepy}, or fewer: see below) it gets <em>sleepy</em>: it makes the JEC even and
 * remembers it ({@link AtomicCounters#announceSleepy}), then searches once more. Still nothing: it
 * tries to fall <em>asleep</em> on the latch it waits for ({@link #noWorkFound}). Finding work at
 * any point makes it active again ({@link #workFound}: one inactive thread fewer, and the hand-off
 * described below).
 *
 * <h2>How many rounds: a search that keeps failing is cut</h2>
 * The rounds keep an idle worker available for work that comes soon after its own ran out: the
 * other half of a join, the next {@code install} of a caller that submits in a loop. When work
 * comes seldom (a trivial job every 10 ms, the peers' idle case), every search fails, and both
 * workers of a two-worker pool spend their rounds yielding to each other and to the caller: about
 * three involuntary context switches per worker per job where ForkJoinPool's workers, which park
 * after one scan, have 0.3. So each worker halves its next search after a search that ended
 * asleep ({@link IdleState#searchFailed}, down to one round before sleepy), and restores the
 * whole search as soon as one pays off, that is, finds work or sees its latch set after at least
 * one fruitless round ({@link IdleState#searchPaidOff}, from {@link #workFound}); finding work at
 * once says nothing either way. The cut applies only to rounds that yield: while a sibling is
 * active (the rounds spin, see below), it may split off work at any moment and the search is
 * whole, so a worker inside a long computation keeps the rounds it had. Measured on two cores
 * (peers' idle case, a trivial {@code install} every 10 ms): the workers' involuntary context
 * switches over the run went from 6,464 and 5,702 to 1,201 and 2,068 (ForkJoinPool's 535 and
 * 567); the CPU saved is smaller than the case's run-to-run noise of ± 40 % but shows in the
 * medians: Java threads' CPU per 3 s over nine alternating pairs of JVMs, 75 ms before and 62
 * after, lower in seven (ForkJoinPool 39 in six of them; a first version that cut the spinning
 * rounds too: twelve pairs, 84 and 68); wake latency 0.093-0.121 ms before, 0.095-0.097 after.
 * {@code fib} with a join at every level, the short job into a sleeping pool and P8's loaded
 * runs moved within their noise (benchmarks/results/2026-11-25-issue10m). The count is per
 * worker and owner-only, a delay like the pause: no step of the protocol depends on it; a worker
 * gets sleepy once its rounds reach the limit of the moment, whichever it is.
 *
 * <p>Cutting further, to no rounds and no pause before the final look (so that a worker whose
 * searches keep failing sleeps as soon as ForkJoinPool's does), was tried and left out: it took
 * every yield out of the idle case's workers and halved their context switches, and their CPU
 * stayed the same (ten alternating pairs of JVMs, medians 53.5 and 52.2 ms per 3 s). The case's
 * remaining gap to ForkJoinPool is mostly where the kernel places a woken sibling, not the rounds
 * (benchmarks/results/2026-11-27-issue10ae). Nor did it help fib's slowdown beside another
 * process's spinning threads, where a yield hands the processor away: medians 2.31 against 2.45
 * over six rounds, within their spread (issue10af).
 *
 * <p>The converse, doubling a worker's next search (up to four times the whole one) after a
 * sleep shorter than 50 µs, was tried and left out. A caller that submits increment-all of 10^6
 * longs from outside the pool in a loop saw a third to a half fewer sleeps (40,000 calls: 30,264
 * sleeps with growth, 46,631 and 60,713 in two runs without) and that P1 kernel ran 10-15 %
 * faster, but the short job into a sleeping pool (target P3) lost its second worker more often:
 * median CPU/wall over eight alternating pairs of JVMs 1.50 without, 1.23 with growth of every
 * search; in eight more pairs 1.57 without, 1.36 with growth of yielding searches only
 * (benchmarks/results/2026-11-25-issue10o).
 *
 * <p>A longer search for a worker that waits for work in flight (the latch of a join whose right
 * side was stolen, of a scope: any latch but its loop's) while a sibling works was tried and
 * left out too. Such a wait ends when a running thread sets the latch; if the waiter slept, that
 * set pays for a wake-up and the waiter waits for it, 18-49 µs and 13-71 µs on this project's
 * machine, so searching about that long first (eight times the whole search) should never cost
 * more than twice the better choice. It did what it was meant to: in P3's short job cut into
 * stamped chunks, 1.55 sleeps a job instead of 2.35, the end of the job waiting 111 µs for the
 * caller's return instead of 176, wall 2.94 against 3.40 ms over six pairs of JVMs. But the short
 * job itself (target P3) did not follow: CPU/wall 1.24 and 1.31 against 1.53 and 1.39, wall
 * 3.37 and 3.44 against 2.75 and 3.39 ms, over 8 and 16 pairs; P1's increment-all and sum of
 * squares, fib, P8's loaded runs and the idle case moved within their noise
 * (benchmarks/results/2026-11-26-issue10q, with the patch).
 *
 * <h2>The pause between rounds: spin while a sibling works, yield when none does</h2>
 * Rayon yields the processor after each fruitless round. That costs next to nothing on a machine
 * where nobody else wants the processor, but where another process does, a yield hands it a
 * whole time slice (milliseconds under Linux's CFS), and the idle worker sees the work that an
 * active sibling splits off for it only when the slice is over: with two spinning threads of
 * another process beside a two-worker pool, fib(30) with a join at every level ran with 0.70-0.79
 * of the processor it is due. So a round pauses by spinning ({@link Thread#onSpinWait()},
 * {@link #SPINS} times, about what a yield costs when nobody else runs) while some other worker
 * of the pool is active, which a read of the counters and of {@code workerCount} tells
 * ({@link #idleRoundSpins}): that worker may hand out work at any moment, and the processor is
 * worth keeping until it does. Once no
 * worker is active, nothing inside the pool will make work, and the thread that does want the
 * processor is usually the caller outside, waiting to see its job finished and to submit the
 * next: the round yields to it, as Rayon's does. (Spinning then too kept short {@code install}
 * calls of 60 µs waiting for a spinning worker to give up its processor: 34-49 % slower.) Beside
 * the spinning process, fib's slowdown went from 2.54 to 2.06 (ForkJoinPool's 2.24), with
 * nothing moved on a quiet machine (benchmarks/results/2026-11-25-issue10j). A pool with more
 * workers than the machine has processors always yields, so that an idle worker never holds a
 * processor that an active sibling needs. The pause is only a delay: no step of the protocol
 * depends on which one a round takes.
 *
 * <h2>Falling asleep (seed 000, "Protocol for a worker thread to fall asleep")</h2>
 * <ol>
 *   <li>Latch UNSET to SLEEPY; if the latch was set meanwhile, do not sleep.</li>
 *   <li>Take the worker's own sleep lock; latch SLEEPY to SLEEPING (fails only if set).</li>
 *   <li>Atomically: if the JEC differs from the remembered value, work was posted: go back to
 *       the pre-sleepy state and search once more; else add one sleeping thread (one CAS on the
 *       packed word checks the JEC and increments, {@link AtomicCounters#tryAddSleepingThread}).</li>
 *   <li><b>Fence 2</b> (seq-cst): after the sleeping increment, before reading the queues.</li>
 *   <li>Final check for injected jobs (and this worker's broadcast queue, rayon PR #992), and
 *       for jobs on the other workers' deques, where spawns wait
 *       ({@link InjectionCheck#hasSharedJobs}). If any, take itself off the sleeping count
 *       (nobody else will) and search again.</li>
 *   <li>Otherwise mark itself blocked (under the lock), release the lock and park until a waker
 *       clears the mark; spurious wake-ups loop, because only a waker clears
 *       {@code isBlocked}.</li>
 * </ol>
 *
 * <h2>Posting work (seed 000, "Protocol for a worker thread to post work")</h2>
 * After pushing a job: if it went to the injector, or onto a deque whose owner may not pop it
 * (a spawned job; the jobs of a worker about to block: {@link #newSharedJobs}), <b>fence 1</b>
 * (seq-cst) before reading the counters; then make the JEC odd if it is even
 * ({@link AtomicCounters#markJobsPosted}); if there are sleepers and not enough awake idle
 * threads for the new jobs (or the queue already held work, so the idle threads are evidently
 * not keeping up), wake that many sleepers, one at a time. The wake-up for a join's half may
 * instead be left to a caller polling outside the pool ("Wake-ups left to a polling caller").
 *
 * <h2>Why the two fences</h2>
 * A poster does PushJob; Fence1; ReadSleepers. A sleeper does IncSleepers; Fence2; ReadJob. The
 * fences are totally ordered: if Fence1 comes first, ReadJob sees the job; if Fence2 comes first,
 * ReadSleepers sees the sleeper and wakes it. Either way an injected job is never stranded, even
 * when the JEC wrapped around and the sleeper's JEC check passed wrongly.
 *
 * <p>The half of a join that a worker pushes onto its own deque gets no fence, so that a join's
 * push stays cheap: its worker pops it back itself unless a thief took it, so a sibling that
 * overlooks it costs time, never the job (seed 000 accepts this). Without fence 1 the push is a
 * release store followed by a read of the counters, which the processor may reorder: the poster
 * can read counters from before a sibling got sleepy while the sibling's last search misses the
 * push (jcstress {@code InternalPostVsSleepy}: 751 times in 4.6 million tries), or count as idle
 * a sibling that then leaves idle and misses the push in its hand-off look
 * ({@code SharedPostVsLeavingIdleNoFence}). Every other job pushed onto a deque has no such
 * owner, and is posted with fence 1 ({@link #newSharedJobs}): a spawned job, whose spawner may
 * then block until it ran (in {@code Rayon.blockInPlace}, in {@code markBlocked}, or in plain
 * user code); and, when a worker is about to block, whatever its deque still holds, join halves
 * included, which it posts again. For these the final check reads the deques too, so fence 1
 * and fence 2 pair exactly as for the injector; the JEC and the hand-off cover them as well: a
 * sleepy thread whose announcement follows the poster's fence 1 sees the job in its last
 * search; a poster that reads the counters between
 * the announcement and the commit finds the JEC changed (or changes it), which fails the
 * commit, and the sleeper's next announcement follows that read; a poster that reads after the
 * commit sees the sleeper and wakes it, unless it counts enough awake idle threads, each of
 * which leaves idle after that read and so sees the job in its hand-off look (or finds it by
 * searching). The final check is what makes a JEC that wraps around harmless here too, and it
 * is the only guard on the one way onto the sleeping count that has no JEC handshake: a guest
 * putting back the sleeper it held ("Guests" below). Spawns were once posted as join halves
 * are, and a spawner that blocked waiting for its job could leave it to a pool that had gone to
 * sleep ({@code QueuedJobsOnBlockingTest} builds the state that the reordering leaves); and the
 * final check read only the injector and the broadcast queue, so a sleeper put back by its guest
 * slept past a spawn on another worker's deque whose spawner then blocked
 * ({@code SleeperFinalCheckTest}).
 *
 * <p>For the injector, whose accesses are volatile and so already sequentially consistent in the
 * Java memory model, {@link VarHandle#fullFence()} mostly documents the proof; for a deque,
 * whose push is a release store, it is needed. It costs one barrier per injection, per spawn and
 * per fall asleep, none on the join hot path.
 *
 * <h2>Leaving idle: the hand-off</h2>
 * A poster wakes nobody when it counts enough awake idle threads, trusting them to find its job.
 * An idle thread may stop searching before it saw that job: its latch was set (it returns to the
 * code that waited, and a retiring spare worker leaves the pool's search altogether), or it
 * found another job, which may keep it busy for long. So leaving idle is one atomic decrement of
 * the inactive count that returns the old counters ({@link #workFound}); if they show a sleeper,
 * the thread then looks at the queues other threads take from (the injector, and every other
 * worker's deque: {@link InjectionCheck#hasSharedJobs}) and, if one holds work, wakes one
 * sleeper. Why that is enough: a poster that counted this thread read the counters before the
 * decrement, and its push (followed by fence 1 for the injector and for a spawn) came before
 * that read, so the look after the decrement sees the job unless somebody already took it (for
 * a deque, when the job was posted with fence 1: a join's half is not, see "Why the two
 * fences"); a poster that
 * read after the decrement did not count this thread and wakes a sleeper itself. Rayon's
 * {@code work_found} wakes up to two sleepers whenever a thread leaves idle and anyone sleeps;
 * waking only when a queue holds work keeps the guarantee without waking threads that will find
 * nothing.
 *
 * <p>The deques are in the look because their owners are not always awake to pop what they
 * pushed: a worker blocked in {@code Rayon.blockInPlace} hands its place to a spare, and a job it
 * pushed before or during the call (one its operation then waits for) waits on its deque for
 * another thread. Before the deques were looked at, such a job could wait while a thread slept:
 * the push counted on an idle spare, that spare left idle because its own blocked worker came
 * back (its retire latch), and the one thread left awake was busy elsewhere; the job then waited
 * until that thread next searched (about a second in 52 rounds of 200 of
 * {@code BlockedOwnerHandOffTest}), for ever if it never did.
 *
 * <h2>Waking</h2>
 * The waker takes the target's sleep lock, and only if the target is blocked: decrements the
 * sleeping count itself (seed 000: so that other posters see the change at once rather than when
 * the woken thread gets scheduled), counts the target active for deadlock detection, and clears
 * {@code isBlocked}, last; after releasing the lock it unparks the target. There is no condition
 * variable: RFC #5 has the sleeper wait on one, this port parks the thread instead, so the woken
 * thread does not have to re-acquire the lock before it runs, which shortens the wake-up, and the
 * lock still orders "sleeper decided to block" before "waker looks at isBlocked". The price is
 * that the sleeper reads {@code isBlocked} without the lock, and {@code park()} may return at any
 * time: the sleeper can run on the moment the flag is clear, while its waker is still in the
 * critical section. Hence the flag last: its volatile write follows every other write of the
 * wake-up, so a sleeper that sees it clear sees itself off the sleeping count and counted active.
 * (Cleared first, as this port did until the fourteenth session, a sleeper that returned early
 * ran on still counted asleep, so that posters computed a negative number of awake idle threads,
 * and not yet counted active, so that a blocking call of its could report a deadlock that was not
 * there; {@code SleepProtocolTest.aSleeperRunsOnOnlyOnceItsWakerHasCountedItAwake} freezes a
 * waker inside the critical section to show it, and verification/sleep.pml models the wake-up
 * in the two steps that the sleeper can tell apart.) The sleeping count is thus decremented by
 * the waker, or, when the final check finds work after the increment, by the sleeper
 * itself; never by a woken thread. (A guest that holds a sleeper also takes it off the count,
 * and puts it back when it lets go: see "Guests" below.) Latch-targeted wake-ups
 * ({@link #latchSet}) wake exactly the latch's owner.
 *
 * <h2>Wake-ups left to a polling caller</h2>
 * A thread outside the pool that waits for its call polls its latch for a while before it parks
 * ({@code LockLatch}), and has nothing else to do meanwhile. While at least one such caller
 * polls ({@link #pollerArrived}, {@link #pollerLeft}), a worker that pushes the half of a join
 * and finds a sleeper to wake leaves that wake-up to the caller instead of making it
 * ({@link #newJoinJob}): it sets a flag of its own ({@code wakeLeft}) and goes on with the other
 * half. The caller looks at the flags between polls ({@link #serveLeftWakes}): it clears one
 * (a CAS, so each flag is served once) and wakes a sleeper as the pusher would have, provided
 * the pusher's deque still holds a job ({@link QueuedJobs}); if the pusher popped its half back
 * meanwhile, nobody is woken. Two things come of it. The system call of the wake-up (a futex
 * wake, 5-16 µs on this project's virtual machine) leaves the worker's path for the caller's,
 * which was only yielding; and a join whose halves are both short, such as a trivial job
 * submitted to a sleeping pool, no longer wakes a sibling that would find nothing, search,
 * and fall asleep again. In the peers' idle case (such a job every 10 ms; three sets of six
 * rounds) that took the Java threads' CPU from 1.20-1.40 times ForkJoinPool's to 1.00-1.06, and
 * the wake latency from 1.12-1.14 times to 0.93-1.05 (benchmarks/results/2026-11-28-issue10as).
 *
 * <p>Only join halves are left this way: their pusher pops them back itself unless a thief took
 * them, so a wake-up served late, or skipped because the deque looked empty, costs time, never
 * the job, as for the unfenced join post above. Jobs that another thread may have to run
 * (spawns, a blocking worker's queued jobs, injections) are always woken for at once. And a
 * worker whose flag is still set when it pushes again wakes for the new half itself, so a
 * wake-up waits for a caller at most until its pusher's next push or the end of the caller's
 * poll, whichever comes first.
 *
 * <p>The hand-over between a pusher and the last caller to stop polling is a Dekker pair of
 * volatile accesses: the pusher writes its flag, then reads the number of polling callers; a
 * caller that stops decrements that number, then reads every flag. In the Java memory model
 * volatile accesses are totally ordered, so either the pusher sees the caller still polling
 * and the caller, reading later, sees the flag and serves it; or the pusher sees no caller and
 * takes its flag back (the same CAS), and wakes the sleeper itself. A flag is therefore never
 * left set with no caller polling, and it is cleared exactly once, by one side or the other,
 * which then makes the wake-up or finds it no longer needed ({@code SleepProtocolTest}, jcstress
 * {@code JoinWakeLeftVsPollerLeft}, the {@code POLLER} option of verification/sleep.pml).
 *
 * <h2>Guests: an outside caller in a sleeping worker's place</h2>
 * A call from outside the pool is handed to a worker: injected, a sleeper woken, the caller
 * parked until the worker sets its latch and wakes it in turn. On a pool that sleeps between
 * short calls, those two wake-ups are most of a call's cost. With {@code callerRuns} the caller
 * instead runs the call itself as a <em>guest</em> worker (a spare slot, its own deque and sleep
 * state), in the place of a blocked sleeper that it <em>holds</em> asleep meanwhile, so the pool
 * never has more threads running than workers, but for a held worker woken for its share of a
 * broadcast ({@link #holdSleeper}, {@link #releaseHeld}):
 * <ul>
 *   <li><b>Hold</b>, under the sleeper's lock: it must be blocked at the top of its loop (a worker
 *       asleep inside a join of its own would be needed as soon as that join's latch is set) and
 *       not held. It is marked
 *       {@code held}; it leaves the sleeping and the idle count in one atomic step (its guest is
 *       an active thread, and no poster may see a sleeper gone but still idle: that phantom
 *       awake thread would be trusted with a job); the guest is counted active for deadlock
 *       detection. Its {@code isBlocked} stays set, so the sleeper stays parked.</li>
 *   <li><b>Wake-ups while held.</b> One for new jobs ({@link #wakeAnyThreads}) skips a held
 *       sleeper and looks for another: the guest, active in its place, is the thread it would
 *       have woken. A targeted one ({@link #wakeSpecificThread}, {@link #latchSet}: a latch the
 *       sleeper owns, its broadcast share) may be for something only that worker can do, which
 *       the guest may be waiting for (a broadcast from inside the guest's call): if the latch it
 *       sleeps on is set or its broadcast queue holds a share, the wake-up releases the hold and
 *       wakes the sleeper, which comes back on the idle count, active beside its guest, as a
 *       worker woken for a latch (deferring it to the guest's return could deadlock); if not, the
 *       wake-up is a late one for a latch the worker waited on before (a join's, whose setter
 *       was slow to wake it) and is dropped, as the spurious wake-up it would otherwise be.
 *       (Verification/sleep.pml -DGUEST found that case: releasing the hold for it let the
 *       worker run beside its guest.)</li>
 *   <li><b>Release</b>, when the call returns: if still held, the sleeper goes back on the
 *       sleeping and idle counts in one step, then fence 2 and the final check of a thread
 *       falling asleep (its broadcast queue, the injector, the other deques): work there,
 *       queued while the guest held it by posters that found no sleeper to wake, wakes it at
 *       once, in the guest's place among the active threads; else the guest leaves the active
 *       count and the deadlock check runs, as when a thread falls asleep. Why nothing is
 *       stranded: a poster that read the
 *       counters while the sleeper was held found it neither asleep nor idle, only active
 *       threads, and those are the guest and awake workers; a join's half it pushed on its own
 *       deque it pops itself, and an injected job or a spawn (both posted with fence 1) is
 *       either seen by the release's check or its poster reads the counters after the release
 *       and finds the sleeper there to wake (the fences' argument above).</li>
 * </ul>
 * Only this policy has guests ({@link #supportsGuests}). A guest holds only pool workers, never
 * a spare or another guest.
 *
 * <h2>Stack overflow</h2>
 * Each step above is several method calls, and a {@code StackOverflowError} is thrown at a call.
 * The sleep protocol runs only inside the worker loop, whose caller reserved the stack for it
 * ({@link StackGuard}); a wake-up reserves its own small share first, so it happens whole or not
 * at all; the posting path's only multi-step part is that wake-up.
 *
 * <h2>The heap full</h2>
 * Nor may a step be cut by an {@code OutOfMemoryError}, so nothing between its first change and
 * its last allocates (a sleep's Flight Recorder event is begun before and committed after; the
 * deadlock handler's failures are caught): the counts are
 * fields and compare-and-sets, the wake-up metrics are fields of each worker's sleep state,
 * incremented under its lock, and the locks are {@link SleepLock}s, which on JDK 17 (where
 * {@code ReentrantLock.lock()} allocates the waiter's node when the lock is held) take the lock
 * by barging when that allocation fails. Before, a wake-up that found the deadlock lock held
 * with the heap full threw after taking the sleeper off the sleeping count and before clearing
 * {@code isBlocked}: the sleeper stayed parked, counted awake, and no post woke it again
 * ({@code OutOfMemorySpawnTest.aWakeUpWithTheHeapFullWakesItsSleeper}).
 *
 * <h2>Deadlock detection (seed 000, last section)</h2>
 * {@code workerCount}, {@code activeThreads} and {@code blockedThreads} live under one lock.
 * A thread going to sleep or marking itself blocked decrements {@code activeThreads}; a waker
 * (for the thread it wakes) or {@link #markUnblocked} increments it; so does a guest that
 * holds a sleeper (for itself), and it decrements it again when it lets go, unless it wakes the
 * held worker then, which takes its place among the active threads. When no thread is active and
 * at least one is blocked in user code, the deadlock handler is called while the lock is held.
 * Lock order: a worker's sleep lock, then the deadlock lock; never the reverse, so the handler
 * must not wake pool threads or mark threads itself; it hands the problem to another thread.
 */
public class Sleep {

    static {
        // What a worker's first sleep uses, loaded and initialized with the first sleep module
        // (on the thread that builds a pool, where a failure fails the build) rather than then:
        // a worker may fall asleep for the first time just after a job filled the heap, and
        // loading a class allocates, so its loop got an OutOfMemoryError of its own
        // (OutOfMemoryJobErrorProbe's firstSleep, and its broadcast kind on the CI of 2026-11-28).
        Events.on();
        LockSupport.unpark(null); // initializes LockSupport; unparks nobody
    }

    /** A wake-up hint: none (the woken worker searches as usual). */
    public static final int NO_HINT = -1;
    /** A wake-up hint: the new work is in the registry's injector. */
    public static final int HINT_INJECTOR = -2;

    /** The most worker slots (workers plus spares) one registry can have. */
    public static final int MAX_SLOTS = AtomicCounters.THREADS_MAX;

    /**
     * Fruitless search rounds before a worker gets sleepy: 32, as Rayon, each followed by a spin
     * or a yield (see the class comment). A first measurement on two cores, before workers cut
     * their own failing searches, chose 8 (a trivial {@code install} every 10 ms: 32 rounds cost
     * 1.63 % of a core, 8 rounds 1.36 %, ForkJoinPool 1.39 %, the same wake latency). Since the
     * cut ("How many rounds"), a worker whose searches keep ending asleep comes down to one round
     * whatever this number is (from 32 after five such searches), so the idle case hardly depends
     * on it; what it still decides is how long a worker stays available while work keeps coming,
     * and there 8 was too short on a machine with more cores. On 16 processors, outside calls of
     * increment-all (10^6 ints in 256 chunks) back to back into a pool of 16: 102-118 µs a call
     * with 8 rounds, workers asleep 17 times a call and the second thread starting 37-42 µs in;
     * 64-72 µs with 32 (1.7-2.3 sleeps, 5-7 µs), 63-69 with 128; the parallel stream 52-59 µs; the
     * same CPU per call (1.19-1.40 ms) and the same idle cost (a call every 10 ms) for all three.
     * On 8 workers 83 against 76 µs. The library's default changed from 8 to 32, alternating
     * builds: on 16 cores increment-all of 10^6 called back to back from outside 298-309 → 237-238
     * µs, sum of squares of 10^7 822-846 → 605-645 µs; on two cores P1, P3, P4 and P5 moved within
     * their noise (benchmarks/results/2026-11-26-issue10w).
     */
    public static final int DEFAULT_ROUNDS_UNTIL_SLEEPY = 32;

    /** Lets the sleep module look at the queues without knowing about them. */
    public interface InjectionCheck {
        /**
         * Whether work was injected from outside for the calling worker: the registry's
         * injector, or this worker's broadcast queue.
         *
         * @return {@code true} if such work is queued
         */
        boolean hasInjectedJobs();

        /**
         * Whether a queue that any worker may take from holds work: the registry's injector, or
         * another worker's deque (its owner may be blocked in {@code blockInPlace} and not pop
         * it). What a thread leaving idle must not leave behind ("Leaving idle: the hand-off"),
         * and what a thread's final check before it blocks asleep reads besides
         * {@link #hasInjectedJobs()} ("Falling asleep").
         * By default, for a caller that knows of no deques (the sleep module's own tests), the
         * same as {@link #hasInjectedJobs()}.
         *
         * @return {@code true} if such work is queued
         */
        default boolean hasSharedJobs() {
            return hasInjectedJobs();
        }

        /**
         * Whether a sleep on {@code latch} is at the top of this worker's loop, with no job of
         * its own on its stack: only such a sleeper may be held by a guest ({@link #holdSleeper}).
         *
         * @param latch the latch the worker is about to sleep on
         * @return {@code true} for a pool worker waiting on its termination latch
         */
        default boolean waitsAtTop(CoreLatch latch) {
            return false;
        }

        /**
         * Whether this worker has work queued that only it may run (its broadcast shares): a
         * reason for a targeted wake-up to release a held worker ({@link #wake}).
         *
         * @return whether such work is queued
         */
        default boolean hasOwnJobs() {
            return false;
        }
    }

    static final class WorkerSleepState {
        final ReentrantLock lock = new SleepLock();
        /**
         * Written under {@code lock} (under the deadlock lock in {@link LegacyTickleSleep}, which
         * leaves {@code lock} alone): set by the sleeper, cleared only by a waker, as the last
         * write of its wake-up (see "Waking"). Volatile so the sleeper can re-check it after
         * releasing the lock, while parked ({@link Sleep#parkWhileBlocked}).
         */
        volatile boolean isBlocked;
        /** The sleeping thread, written under the same lock as {@code isBlocked}, before it is set. */
        Thread sleeper;
        /** Written under {@code lock} by the waker, read by the woken thread for its event. */
        WakeCause wakeCause = WakeCause.NEW_JOB;
        /** Written under {@code lock} by the waker, read by the woken thread after the park loop:
         *  where to look first ({@link #NO_HINT} but under {@code HINTED}). */
        int hint = NO_HINT;
        /**
         * The blocked sleeper's place is taken by a guest ({@link #holdSleeper}); guarded by
         * {@link #lock}. A held sleeper stays parked and is not counted asleep or idle.
         */
        boolean held;
        /** The latch the blocked sleeper waits on, and its final check (the worker itself);
         *  written by the sleeper under {@link #lock} before it blocks. */
        CoreLatch sleepLatch;
        InjectionCheck sleepCheck;
        /**
         * Metrics: this worker's wake-ups, and those of them that went back to sleep without
         * work. Incremented under {@link #lock} (so they allocate nothing and cannot fail inside
         * a step of the protocol, as a {@code LongAdder} under contention could with the heap
         * full), read without it.
         */
        volatile long wakeUps;
        volatile long fruitlessWakeUps;
        /**
         * Set by this worker when it left the wake-up for a join half it pushed to a polling
         * caller; cleared by a CAS of whoever serves it (a caller, or the worker taking it back):
         * see "Wake-ups left to a polling caller".
         */
        volatile boolean wakeLeft;
    }

    /**
     * Whether a worker's deque holds a job: asked by a caller that serves a wake-up left to it
     * ({@link #serveLeftWakes}). The registry answers it; any thread may ask.
     */
    public interface QueuedJobs {
        /**
         * Whether the deque of worker {@code worker} holds a job now.
         *
         * @param worker a worker index
         * @return whether its deque looks non-empty
         */
        boolean hasQueuedJobs(int worker);
    }

    final AtomicCounters counters = new AtomicCounters();
    final WorkerSleepState[] states;
    /**
     * Callers outside the pool polling their latch now (see "Wake-ups left to a polling
     * caller"). Changed by the callers with atomic adds, read by pushers.
     */
    private volatile int pollers;
    /** One past the highest slot that ever held a thread; bounds the search for sleepers. */
    volatile int slotLimit;
    final int roundsUntilSleepy;

    final String poolName;
    final ReentrantLock deadlockLock = new SleepLock();
    private final Runnable deadlockHandler;
    /**
     * Running workers, spares included. Written under deadlockLock; read without it by
     * {@link #idleRoundSpins}, for which a value a moment old only picks the other pause.
     */
    volatile int workerCount;
    /**
     * Whether idle rounds may spin: the pool started with no more workers than the machine has
     * processors (see the class comment).
     */
    private final boolean maySpin;
    /** Guarded by deadlockLock. */
    int activeThreads;
    /** Guarded by deadlockLock. */
    int blockedThreads;

    /**
     * Creates the sleep state of a registry.
     *
     * @param slots           how many workers (and spare workers) can ever run
     * @param workerCount     how many of them start running
     * @param roundsUntilSleepy fruitless rounds of a whole search before a worker gets sleepy
     * @param deadlockHandler called when every running thread is blocked in user code; may be
     *                        {@code null}
     */
    public Sleep(int slots, int workerCount, int roundsUntilSleepy, Runnable deadlockHandler) {
        this("unnamed", slots, workerCount, roundsUntilSleepy, deadlockHandler);
    }

    /**
     * Creates the sleep state of a named pool.
     *
     * @param poolName        the pool's name, for Flight Recorder events
     * @param slots           how many workers (and spare workers) can ever run
     * @param workerCount     how many of them start running
     * @param roundsUntilSleepy fruitless rounds of a whole search before a worker gets sleepy
     *                        (a pause after each; a worker may cut its search: see the class
     *                        comment)
     * @param deadlockHandler called when every running thread is blocked in user code; may be
     *                        {@code null}
     */
    public Sleep(String poolName, int slots, int workerCount, int roundsUntilSleepy,
                 Runnable deadlockHandler) {
        this.poolName = poolName;
        if (slots > AtomicCounters.THREADS_MAX) {
            throw new IllegalArgumentException("at most " + AtomicCounters.THREADS_MAX + " threads");
        }
        this.states = new WorkerSleepState[slots];
        for (int i = 0; i < slots; i++) {
            states[i] = new WorkerSleepState();
        }
        this.slotLimit = workerCount;
        this.roundsUntilSleepy = roundsUntilSleepy;
        this.deadlockHandler = deadlockHandler;
        this.workerCount = workerCount;
        this.activeThreads = workerCount;
        this.maySpin = workerCount <= Runtime.getRuntime().availableProcessors();
    }

    /**
     * The packed counters, for tests and diagnostics.
     *
     * @return the counters object
     */
    public AtomicCounters counters() {
        return counters;
    }

    /**
     * How many sleeping workers have been woken so far.
     *
     * @return the count
     */
    public long wakeUps() {
        long sum = 0;
        for (WorkerSleepState state : states) {
            sum += state.wakeUps;
        }
        return sum;
    }

    /**
     * How many workers woken for new work went back to sleep without running a job: wake-ups
     * that bought nothing (another thread took the work first).
     *
     * @return the count
     */
    public long fruitlessWakeUps() {
        long sum = 0;
        for (WorkerSleepState state : states) {
            sum += state.fruitlessWakeUps;
        }
        return sum;
    }

    /**
     * Threads this policy counts as asleep now, for tests, metrics and diagnostics.
     *
     * @return the sleeping field of the counters
     */
    public int sleepingThreads() {
        return AtomicCounters.sleepingThreads(counters.load());
    }

    /**
     * Whether any worker of the pool is idle or asleep for want of work: the inactive field of
     * the counters is not zero. One volatile read; the answer may be stale by the time it is
     * used, so it is a hint (see {@code Rayon.isWorkWanted}), never a condition of the protocol.
     * {@link LegacyTickleSleep} does not keep the inactive field, so there it is always false.
     *
     * @return whether a worker is looking for work or sleeping
     */
    public boolean anyInactive() {
        return AtomicCounters.inactiveThreads(counters.load()) != 0;
    }

    /**
     * Whether this policy keeps the inactive field of the counters, so that {@link #anyInactive}
     * tells idle workers from busy ones: {@code RAYON} and {@code HINTED} do,
     * {@link LegacyTickleSleep} does not.
     *
     * @return whether {@link #anyInactive} answers
     */
    public boolean countsInactive() {
        return true;
    }

    /**
     * The policy's shared sleep state in words, for test failures and diagnostics.
     *
     * @return e.g. {@code [sleeping=1, inactive=2, jec=7]}
     */
    public String describeState() {
        return counters.toString();
    }

    /**
     * A worker found nothing to run (its own queue, one steal, the injector) and starts searching.
     *
     * @param idle the worker's reusable idle state, reset here
     */
    public void startLooking(IdleState idle) {
        counters.addInactiveThread();
        idle.wakeFully();
        idle.wokenForWork = false; // it ran a job (or is new) since any wake-up
    }

    /**
     * A searching worker stops being idle: it found a job, or the latch it waits for was set. It
     * is active again, and hands off what a poster may have left to it (see "Leaving idle" in
     * the class comment): if anyone sleeps and a queue that others take from (the injector, a
     * deque) holds work, one sleeper is woken.
     * A search that had fruitless rounds before this paid off: the worker's next one is whole
     * (see "How many rounds").
     *
     * @param idle  the worker's idle state
     * @param check where the queues are looked at, after the inactive count went down
     */
    public void workFound(IdleState idle, InjectionCheck check) {
        if (idle.rounds > 0) {
            idle.searchPaidOff();
        }
        long before = counters.subInactiveThread();
        if (AtomicCounters.sleepingThreads(before) != 0 && check.hasSharedJobs()) {
            wakeAnyThreads(1, HINT_INJECTOR);
        }
    }

    /**
     * One fruitless round: once sleepy, try to sleep; otherwise get sleepy if the rounds so far
     * reached this search's limit (the whole search while a sibling is active, else this worker's
     * cut of it, see "How many rounds"), and pause (spin or yield, the same choice).
     *
     * @param idle  the worker's idle state
     * @param latch the latch the worker waits for
     * @param check the queues of the final check (injected work, the other deques)
     */
    public void noWorkFound(IdleState idle, CoreLatch latch, InjectionCheck check) {
        if (idle.jobsCounter != IdleState.NO_JEC) {
            sleep(idle, latch, check); // sleepy, and this search found nothing either
            return;
        }
        boolean spin = idleRoundSpins();
        // The whole search while a sibling works; once none does, this worker's own cut of it.
        int sleepyAt = spin ? roundsUntilSleepy : idle.sleepyAt(roundsUntilSleepy);
        if (idle.rounds >= sleepyAt) {
            idle.jobsCounter = AtomicCounters.jobsCounter(counters.announceSleepy());
        }
        idle.rounds++;
        idlePause(spin);
    }

    /**
     * How many {@link Thread#onSpinWait()} one spinning pause makes: about 0.5 µs on this
     * project's machine (AMD EPYC, 25 ns each), what a {@link Thread#yield()} that finds nobody
     * to yield to costs there; about 1 µs where the instruction is slower (Intel since Skylake).
     * A count, not a deadline: a loop bounded by the clock never ends where time stands still,
     * as it does under Lincheck's model checker.
     */
    static final int SPINS = 20;

    /** The pause after a fruitless round: a spin while another worker is active, else a yield. */
    private static void idlePause(boolean spin) {
        if (spin) {
            for (int i = 0; i < SPINS; i++) {
                Thread.onSpinWait();
            }
        } else {
            Thread.yield();
        }
    }

    /**
     * Whether an idle round, now, pauses by spinning: the pool may spin ({@link #maySpin}) and
     * some worker other than the caller, which counts as inactive while it searches, is active.
     * The two reads are not one snapshot, and "active" is the counters' word: a worker blocked in
     * user code without a spare ({@code markBlocked}) counts as active, so its idle siblings spin
     * through their rounds and then sleep as they would have; a worker that handed its place to a
     * spare is out of {@code workerCount} and the spare is counted instead. Either way a wrong
     * answer costs one round's pause of the other kind, never a step of the protocol.
     *
     * @return {@code true} to spin, {@code false} to yield
     */
    public boolean idleRoundSpins() {
        return maySpin && AtomicCounters.inactiveThreads(counters.load()) < workerCount;
    }

    /** Rayon's pause, a yield after every round; kept by {@link LegacyTickleSleep}. */
    static void pause() {
        Thread.yield();
    }

    private void sleep(IdleState idle, CoreLatch latch, InjectionCheck check) {
        // The event is begun before any state changes (getSleepy is the first): from there on
        // nothing may throw until the thread is awake and accounted for (recordSleep swallows).
        Object event = Events.beginSleep();
        if (!latch.getSleepy()) {
            return;
        }
        WorkerSleepState state = states[idle.workerIndex];
        state.lock.lock();
        try {
            if (!latch.fallAsleep()) {
                idle.wakeFully();
                return;
            }
            while (true) {
                long seen = counters.load();
                if (AtomicCounters.jobsCounter(seen) != idle.jobsCounter) {
                    idle.wakePartly(roundsUntilSleepy);
                    latch.wakeUp();
                    return;
                }
                if (tryAddSleepingThread(seen)) {
                    break;
                }
            }
            VarHandle.fullFence(); // fence 2: IncSleepers before ReadJob
            if (check.hasInjectedJobs() || check.hasSharedJobs()) {
                sleeperLeft(); // the sleeper backs itself out: nobody will wake it
                idle.wakeFully();
                latch.wakeUp();
                return;
            }
            state.sleeper = Thread.currentThread();
            state.sleepLatch = latch;
            state.sleepCheck = check;
            state.isBlocked = true;
            idle.countSleep();
            idle.searchFailed(roundsUntilSleepy);
            if (idle.wokenForWork) {
                state.fruitlessWakeUps++; // woken for work, found none, back to sleep
            }
            threadSleeping();
        } finally {
            state.lock.unlock();
        }
        // Blocked. The lock is released, so a waker can get in; it clears isBlocked under the
        // lock and then unparks.
        parkWhileBlocked(state);
        idle.wakeFully();
        idle.wokenForWork = state.wakeCause == WakeCause.NEW_JOB;
        idle.hint = state.hint; // written by the waker before it cleared isBlocked, as wakeCause
        latch.wakeUp();
        recordSleep(event, idle.workerIndex, state);
    }

    /**
     * Parks the calling thread, the sleeper of {@code state}, until a waker clears
     * {@code isBlocked}. An unpark that comes before the park leaves a permit, so the park returns
     * at once: no wake-up is lost; a park that returns early (spuriously, or for a stale unpark)
     * loops on the flag. An interrupt meanwhile is kept for the thread, not acted on: parking
     * would not block with the flag set.
     */
    final void parkWhileBlocked(WorkerSleepState state) {
        boolean interrupted = false;
        while (state.isBlocked) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Commits the sleep's Flight Recorder event, if a recording wants it; after all state changes. */
    private void recordSleep(Object event, int worker, WorkerSleepState state) {
        try {
            // wakeCause was written by the waker before it cleared isBlocked, which we saw clear
            Events.endSleep(event, poolName, worker, state.wakeCause.label());
        } catch (Throwable eventFailed) {
            // an event lost (no stack, no memory); the protocol is complete and stays so
        }
    }

    /**
     * New jobs were pushed onto a worker's own deque: the join hot path. One volatile read of the
     * counters (a CAS only when the JEC is even) and, unless the sleeping field is zero, the slow
     * path.
     *
     * @param pusher        the index of the worker that pushed (its deque holds the jobs)
     * @param numJobs       how many
     * @param queueWasEmpty whether the deque was empty before the push
     */
    public void newInternalJobs(int pusher, int numJobs, boolean queueWasEmpty) {
        long seen = counters.markJobsPosted();
        if (AtomicCounters.sleepingThreads(seen) != 0) {
            wakeForNewJobs(seen, numJobs, queueWasEmpty, pusher);
        }
    }

    /**
     * New jobs on a worker's own deque that another thread may have to run, because their
     * pusher may not pop them: a spawned job (its spawner owes it nothing, and may go on to
     * block in {@code blockInPlace}, in {@code markBlocked}, or in plain user code, waiting for
     * it), or the jobs still queued by a worker that is about to block. Posted like an
     * injection, with fence 1 between the push and the read of the counters, so that neither a
     * thread getting sleepy nor one leaving idle overlooks them (see "Why the two fences").
     *
     * @param pusher        the index of the worker whose deque holds the jobs
     * @param numJobs       how many
     * @param queueWasEmpty whether the deque was empty before the push
     */
    public void newSharedJobs(int pusher, int numJobs, boolean queueWasEmpty) {
        VarHandle.fullFence(); // fence 1: PushJob before ReadSleepers
        newInternalJobs(pusher, numJobs, queueWasEmpty);
    }

    /**
     * The half of a join was pushed onto its worker's own deque: posted as {@link
     * #newInternalJobs} posts it, except that while a caller outside the pool polls, the wake-up
     * of a sleeper is left to that caller (see "Wake-ups left to a polling caller").
     *
     * @param pusher        the index of the worker that pushed (it pops the half back itself
     *                      unless a thief took it)
     * @param queueWasEmpty whether the deque was empty before the push
     */
    public void newJoinJob(int pusher, boolean queueWasEmpty) {
        long seen = counters.markJobsPosted();
        if (AtomicCounters.sleepingThreads(seen) != 0 && !leftToPoller(pusher)) {
            wakeForNewJobs(seen, 1, queueWasEmpty, pusher);
        }
    }

    /**
     * Leaves the wake-up for a join half of worker {@code pusher} to a polling caller, if one
     * polls and no wake-up of this worker waits for one already.
     *
     * @return whether a caller will serve it (else the pusher wakes a sleeper itself)
     */
    private boolean leftToPoller(int pusher) {
        if (pollers == 0) {
            return false;
        }
        WorkerSleepState state = states[pusher];
        if (state.wakeLeft) {
            return false; // the last one is not served yet: this one is made now
        }
        state.wakeLeft = true; // Dekker with pollerLeft: write the flag, then read the pollers
        if (pollers != 0) {
            return true;
        }
        // The callers stopped polling meanwhile: take the flag back, unless one of them took it
        // (then it serves it).
        return !WAKE_LEFT.compareAndSet(state, true, false);
    }

    /**
     * A caller outside the pool starts polling its latch: wake-ups may be left to it until
     * {@link #pollerLeft}.
     */
    public void pollerArrived() {
        POLLERS.getAndAdd(this, 1);
    }

    /**
     * A caller outside the pool stops polling (its job is done, or it is about to park): it
     * serves every wake-up left so far, since the last caller to leave must not leave one
     * behind (the Dekker pair of "Wake-ups left to a polling caller").
     *
     * @param queues the workers' deques
     */
    public void pollerLeft(QueuedJobs queues) {
        POLLERS.getAndAdd(this, -1);
        serveLeftWakes(queues);
    }

    /**
     * Serves the wake-ups left to polling callers: for each worker whose flag this call clears,
     * wakes a sleeper as a push onto an empty deque would have ({@link #wakeForNewJobs}: none if
     * an awake idle thread is counted), if its deque still holds a job and a sleeper is counted.
     * Called by a polling caller between polls.
     *
     * @param queues the workers' deques
     */
    public void serveLeftWakes(QueuedJobs queues) {
        for (int i = 0, n = slotLimit; i < n; i++) {
            WorkerSleepState state = states[i];
            if (state.wakeLeft && WAKE_LEFT.compareAndSet(state, true, false)
                    && queues.hasQueuedJobs(i)) {
                long seen = counters.load();
                if (AtomicCounters.sleepingThreads(seen) != 0) {
                    wakeForNewJobs(seen, 1, true, i);
                }
            }
        }
    }

    /**
     * Whether worker {@code index} left a wake-up that no caller served yet, for tests.
     *
     * @param index a worker index
     * @return its flag
     */
    public boolean wakeLeft(int index) {
        return states[index].wakeLeft;
    }

    /**
     * New jobs were pushed onto the injector from any thread.
     *
     * @param numJobs       how many
     * @param queueWasEmpty whether the queue was empty before the push
     */
    public void newInjectedJobs(int numJobs, boolean queueWasEmpty) {
        VarHandle.fullFence(); // fence 1: PushJob before ReadSleepers
        long seen = counters.markJobsPosted();
        if (AtomicCounters.sleepingThreads(seen) != 0) {
            wakeForNewJobs(seen, numJobs, queueWasEmpty, HINT_INJECTOR);
        }
    }

    /**
     * The slow path of posting: the counters {@code seen} show a sleeping field that is not zero.
     * Wakes as many sleepers as there are new jobs that the awake idle threads cannot take (all
     * of them when the queue already held work).
     *
     * @param seen          the counters after the post
     * @param numJobs       how many jobs were posted
     * @param queueWasEmpty whether their queue was empty before
     * @param hint          where they are, for {@code HINTED}
     */
    void wakeForNewJobs(long seen, int numJobs, boolean queueWasEmpty, int hint) {
        int idleAwake = Math.min(AtomicCounters.awakeButIdleThreads(seen), numJobs);
        if (!queueWasEmpty) {
            wakeAnyThreads(numJobs, hint);
        } else if (idleAwake < numJobs) {
            wakeAnyThreads(numJobs - idleAwake, hint);
        }
    }

    /**
     * Wakes up to {@code count} blocked sleepers, trying each slot in turn; each waker takes its
     * sleeper off the count.
     *
     * @param count how many
     * @param hint  where the work is ({@code HINTED} only passes it on)
     */
    void wakeAnyThreads(int count, int hint) {
        if (count <= 0) {
            return;
        }
        int limit = slotLimit;
        for (int i = 0; i < limit; i++) {
            if (wake(i, WakeCause.NEW_JOB, hint, true, false) && --count == 0) {
                return;
            }
        }
    }

    /**
     * Commits the calling sleeper to the sleeping count, provided the counters are still
     * {@code seen} (so the JEC did not change). Under its sleep lock.
     *
     * @param seen the counters just read
     * @return whether the CAS succeeded
     */
    boolean tryAddSleepingThread(long seen) {
        return counters.tryAddSleepingThread(seen);
    }

    /** One thread leaves the sleeping count: its waker (under its lock), or itself backing out. */
    void sleeperLeft() {
        counters.subSleepingThread();
    }

    /**
     * A latch owned by worker {@code index} was set; {@code ownerWasSleeping} is what
     * {@link CoreLatch#setCore()} returned. Under this policy: wake exactly the owner, and only
     * if it slept on that latch.
     *
     * @param ownerWasSleeping whether the latch was {@code SLEEPING} when it was set
     * @param index            the owner's index
     * @param cause            what setting the latch means (a join's latch, termination)
     */
    public void latchSet(boolean ownerWasSleeping, int index, WakeCause cause) {
        if (ownerWasSleeping) {
            wakeSpecificThread(index, cause);
        }
    }

    /**
     * Wakes worker {@code index} if it is blocked in {@link #sleep}; the waker takes it off the
     * sleeping count.
     *
     * @param index a worker index
     * @return whether the worker was asleep
     */
    public boolean wakeSpecificThread(int index) {
        return wakeSpecificThread(index, WakeCause.NEW_JOB);
    }

    /**
     * Wakes worker {@code index} if it is blocked in {@link #sleep}, saying why: a targeted
     * wake-up (a latch's owner, a broadcast's target), which may release a guest's hold on it.
     *
     * @param index a worker index
     * @param cause why, for the woken worker's Flight Recorder event
     * @return whether the worker was asleep
     */
    public boolean wakeSpecificThread(int index, WakeCause cause) {
        return wake(index, cause, NO_HINT, true, true);
    }

    /**
     * Wakes worker {@code index} if it is blocked: under its lock, takes it off the sleeping count
     * if {@code decrement} (a {@code HINTED} claim took it off before), counts it active, and
     * clears {@code isBlocked} last; unparks it after the lock is released. A worker held by a
     * guest is woken only by a {@code targeted} wake-up that finds its latch set or a share of its
     * own queued; it then comes back on the idle count, not off the sleeping one (the hold took it
     * off both; see "Guests" in the class comment).
     */
    final boolean wake(int index, WakeCause cause, int hint, boolean decrement, boolean targeted) {
        // Clearing isBlocked, the counts and the unpark must happen all or none: a wake-up cut
        // by a stack overflow after isBlocked was cleared would leave the sleeper parked for ever.
        StackGuard.reserveSmall();
        WorkerSleepState state = states[index];
        Thread sleeper;
        state.lock.lock();
        try {
            if (!state.isBlocked) {
                return false;
            }
            if (state.held) {
                if (!targeted || !(state.sleepLatch.probe() || state.sleepCheck.hasOwnJobs())) {
                    // A guest works in its place: a wake-up for new jobs looks for another
                    // sleeper; a targeted one that finds neither its latch set nor a job of its
                    // own is a late one for a latch it waited on before (a join's, set before it
                    // went back to its loop): nothing for it to do, as a spurious wake-up.
                    return false;
                }
                // Something only this worker can do (its latch set, its broadcast share): it
                // wakes after all, beside its guest. Holding took it off the sleeping and idle
                // counts; it comes back as an idle thread that searches.
                state.held = false;
                counters.addInactiveThread();
                decrement = false;
            }
            state.wakeCause = cause;
            state.hint = hint;
            sleeper = state.sleeper;
            state.wakeUps++;
            if (decrement) {
                sleeperLeft();
            }
            deadlockLock.lock();
            try {
                activeThreads++;
            } finally {
                deadlockLock.unlock();
            }
            // Last: the sleeper reads isBlocked without the lock (park() may return at any time,
            // and it loops on the flag), so it may run on the moment the flag is clear; this
            // volatile write after everything else makes it see the counts, the cause and the
            // hint done. Cleared first, a sleeper that returned early ran on still counted
            // asleep and not counted active (SleepProtocolTest.aSleeperRunsOnOnlyOnceItsWaker...).
            state.isBlocked = false;
        } finally {
            state.lock.unlock();
        }
        LockSupport.unpark(sleeper);
        return true;
    }

    /**
     * Whether this policy lets an outside caller take a sleeping worker's place
     * ({@link #holdSleeper}). {@code RAYON} does; the other policies count sleepers their own
     * way and do not.
     *
     * @return whether {@link #holdSleeper} may be called
     */
    public boolean supportsGuests() {
        return true;
    }

    /**
     * A guest (an outside caller that runs its call itself, as a worker of the pool) takes the
     * place of a blocked sleeper among {@code [0, limit)}: see "Guests" in the class comment.
     * Under the sleeper's lock: it must be blocked at the top of its loop (no job of its own on its
     * stack, so only a targeted wake-up can need it before the guest leaves) and not held already;
     * it is marked held, and
     * leaves the sleeping and the idle count in one atomic step (so that no poster ever sees it
     * asleep but not idle, a phantom awake thread it would trust with a job), and the guest is
     * counted active for deadlock detection. The caller has reserved the stack.
     *
     * @param limit one past the highest worker index that may be held
     * @return the held worker's index, or {@code -1} if none sleeps
     */
    public int holdSleeper(int limit) {
        if (AtomicCounters.sleepingThreads(counters.load()) == 0) {
            return -1;
        }
        for (int i = 0; i < limit; i++) {
            WorkerSleepState state = states[i];
            if (!state.isBlocked) {
                continue; // a hint only: decided under the lock
            }
            state.lock.lock();
            try {
                if (!state.isBlocked || state.held || !state.sleepCheck.waitsAtTop(state.sleepLatch)) {
                    continue;
                }
                state.held = true;
                counters.subSleepingAndInactive();
                deadlockLock.lock();
                try {
                    activeThreads++;
                } finally {
                    deadlockLock.unlock();
                }
                return i;
            } finally {
                state.lock.unlock();
            }
        }
        return -1;
    }

    /**
     * The guest that holds worker {@code index} leaves. If the worker is still held, it goes
     * back on the sleeping and idle counts in one step, then, after fence 2, the final check of
     * a thread falling asleep: if the worker's own check (the one it gave when it fell asleep)
     * finds work in the injector, its broadcast queue or another worker's deque, the worker is
     * woken at once, taking over
     * the guest's place among the active threads; otherwise the guest leaves the active count. If
     * a targeted wake-up already released the worker ({@link #wake}), the guest only leaves the
     * active count. Either way the deadlock check runs as when a thread falls asleep. The caller
     * has reserved the stack.
     *
     * @param index the index {@link #holdSleeper} returned
     */
    public void releaseHeld(int index) {
        WorkerSleepState state = states[index];
        Thread sleeper = null;
        state.lock.lock();
        try {
            if (state.held) {
                state.held = false;
                counters.addSleepingAndInactive();
                VarHandle.fullFence(); // fence 2: IncSleepers before ReadJob, as a sleeper's
                if (state.sleepCheck.hasInjectedJobs() || state.sleepCheck.hasSharedJobs()) {
                    // Wake it: off the sleeping count again, active in the guest's stead.
                    state.wakeCause = WakeCause.NEW_JOB;
                    state.hint = HINT_INJECTOR;
                    sleeper = state.sleeper;
                    state.wakeUps++;
                    sleeperLeft();
                    state.isBlocked = false; // last, as in wake
                    return;
                }
            }
            threadSleeping(); // the guest leaves the active threads
        } finally {
            state.lock.unlock();
            if (sleeper != null) {
                LockSupport.unpark(sleeper);
            }
        }
    }

    /**
     * Whether worker {@code index} is blocked asleep, read without its sleep lock: for a deadlock
     * report made while the deadlock lock is held (taking a sleep lock then would reverse the
     * lock order). A snapshot that may be stale by the time it is used.
     *
     * @param index a worker index
     * @return {@code true} while it is blocked asleep
     */
    public boolean isSleepingWithoutLock(int index) {
        return states[index].isBlocked;
    }

    /**
     * Whether worker {@code index} is blocked asleep, for tests and diagnostics.
     *
     * @param index a worker index
     * @return {@code true} while it is blocked asleep
     */
    public boolean isSleeping(int index) {
        WorkerSleepState state = states[index];
        state.lock.lock();
        try {
            return state.isBlocked;
        } finally {
            state.lock.unlock();
        }
    }

    void threadSleeping() {
        deadlockLock.lock();
        try {
            activeThreads--;
            deadlockCheck();
        } finally {
            deadlockLock.unlock();
        }
    }

    /** The calling pool thread is about to block in user code. */
    public void markBlocked() {
        StackGuard.reserve();
        deadlockLock.lock();
        try {
            if (activeThreads <= 0) {
                throw new IllegalStateException("markBlocked: no active thread to mark blocked");
            }
            activeThreads--;
            blockedThreads++;
            deadlockCheck();
        } finally {
            deadlockLock.unlock();
        }
    }

    /** A pool thread that was marked blocked is running again (may be called from any thread). */
    public void markUnblocked() {
        StackGuard.reserve();
        deadlockLock.lock();
        try {
            if (blockedThreads <= 0) {
                throw new IllegalStateException("markUnblocked without a matching markBlocked");
            }
            activeThreads++;
            blockedThreads--;
        } finally {
            deadlockLock.unlock();
        }
    }

    /**
     * Lets wake-ups search slots up to {@code limit} (a spare slot came into use).
     *
     * @param limit one past the highest slot in use
     */
    public void raiseSlotLimit(int limit) {
        if (limit > slotLimit) {
            slotLimit = limit;
        }
    }

    /**
     * Adjusts the number of running workers (spare workers starting or ending). A new worker
     * counts as active until it sleeps.
     *
     * @param delta +1 when a worker starts, -1 when one ends
     */
    public void addWorkers(int delta) {
        deadlockLock.lock();
        try {
            workerCount += delta;
            activeThreads += delta;
        } finally {
            deadlockLock.unlock();
        }
    }

    /**
     * The deadlock bookkeeping, for tests and diagnostics.
     *
     * @return {@code {workerCount, activeThreads, blockedThreads}}
     */
    public int[] deadlockData() {
        deadlockLock.lock();
        try {
            return new int[] {workerCount, activeThreads, blockedThreads};
        } finally {
            deadlockLock.unlock();
        }
    }

    final void deadlockCheck() {
        if (activeThreads == 0 && blockedThreads > 0 && deadlockHandler != null) {
            try {
                deadlockHandler.run();
            } catch (Throwable t) {
                try {
                    Thread current = Thread.currentThread();
                    current.getUncaughtExceptionHandler().uncaughtException(current, t);
                } catch (Throwable ignored) {
                    // as the JVM ignores an uncaught-exception handler's own exception
                }
            }
        }
    }

    private static final VarHandle POLLERS =
            VarHandles.field(MethodHandles.lookup(), Sleep.class, "pollers", int.class);
    private static final VarHandle WAKE_LEFT =
            VarHandles.field(MethodHandles.lookup(), WorkerSleepState.class, "wakeLeft", boolean.class);
}
