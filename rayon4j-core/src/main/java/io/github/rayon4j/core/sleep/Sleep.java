package io.github.rayon4j.core.sleep;

import io.github.rayon4j.core.jfr.Events;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Decides when workers sleep and whom to wake: the sleep module of seed 000, built on RFC #5.
 *
 * <h2>Thread states</h2>
 * A worker is <em>active</em> while it runs a job. With nothing to run it becomes <em>idle</em>
 * ({@link #startLooking}: one more inactive thread) and searches in rounds: its own queue, every
 * other worker's deque, the injector. After {@code roundsUntilSleepy} fruitless rounds it gets
 * <em>sleepy</em>: it makes the JEC even and remembers it ({@link AtomicCounters#announceSleepy}),
 * then searches once more. Still nothing: it tries to fall <em>asleep</em> on the latch it waits
 * for ({@link #noWorkFound}). Finding work at any point makes it active again
 * ({@link #workFound}: one inactive thread fewer, and the hand-off described below).
 *
 * <h2>Falling asleep (seed 000, "Protocol for a worker thread to fall asleep")</h2>
 * <ol>
 *   <li>Latch UNSET to SLEEPY; if the latch was set meanwhile, do not sleep.</li>
 *   <li>Take the worker's own sleep lock; latch SLEEPY to SLEEPING (fails only if set).</li>
 *   <li>Atomically: if the JEC differs from the remembered value, work was posted: go back to
 *       the pre-sleepy state and search once more; else add one sleeping thread (one CAS on the
 *       packed word checks the JEC and increments, {@link AtomicCounters#tryAddSleepingThread}).</li>
 *   <li><b>Fence 2</b> (seq-cst): after the sleeping increment, before reading the injector.</li>
 *   <li>Final check for injected jobs (and this worker's broadcast queue, rayon PR #992). If
 *       any, take itself off the sleeping count (nobody else will) and search again.</li>
 *   <li>Otherwise mark itself blocked (under the lock), release the lock and park until a waker
 *       clears the mark; spurious wake-ups loop, because only a waker clears
 *       {@code isBlocked}.</li>
 * </ol>
 *
 * <h2>Posting work (seed 000, "Protocol for a worker thread to post work")</h2>
 * After pushing a job: if it went to the injector, <b>fence 1</b> (seq-cst) before reading the
 * counters; then make the JEC odd if it is even ({@link AtomicCounters#markJobsPosted}); if there
 * are sleepers and not enough awake idle threads for the new jobs (or the queue already held
 * work, so the idle threads are evidently not keeping up), wake that many sleepers, one at a time.
 *
 * <h2>Why the two fences</h2>
 * A poster does PushJob; Fence1; ReadSleepers. A sleeper does IncSleepers; Fence2; ReadJob. The
 * fences are totally ordered: if Fence1 comes first, ReadJob sees the job; if Fence2 comes first,
 * ReadSleepers sees the sleeper and wakes it. Either way an injected job is never stranded, even
 * when the JEC wrapped around and the sleeper's JEC check passed wrongly. Jobs pushed to a
 * worker's own deque need no fence: the pushing worker is awake and will pop the job itself.
 * In the Java memory model the volatile accesses involved are already sequentially consistent,
 * so {@link VarHandle#fullFence()} mostly documents the proof; it costs one barrier on the
 * injection path and one on the way to sleep, neither of them on the join hot path.
 *
 * <h2>Leaving idle: the hand-off</h2>
 * A poster wakes nobody when it counts enough awake idle threads, trusting them to find its job.
 * An idle thread may stop searching before it saw that job: its latch was set (it returns to the
 * code that waited, and a retiring spare worker leaves the pool's search altogether), or it
 * found another job, which may keep it busy for long. So leaving idle is one atomic decrement of
 * the inactive count that returns the old counters ({@link #workFound}); if they show a sleeper,
 * the thread then looks at the injector and, if it holds work, wakes one sleeper. Why that is
 * enough: a poster that counted this thread read the counters before the decrement, and its push
 * (followed by fence 1) came before that read, so the look after the decrement sees the job
 * unless somebody already took it; a poster that read after the decrement did not count this
 * thread and wakes a sleeper itself. Rayon's {@code work_found} wakes up to two sleepers
 * whenever a thread leaves idle and anyone sleeps; waking only when the shared queue holds work
 * keeps the guarantee without waking threads that will find nothing. Jobs on a worker's own
 * deque need no hand-off: the worker that pushed them is awake and pops them itself.
 *
 * <h2>Waking</h2>
 * The waker takes the target's sleep lock, and only if the target is blocked: clears
 * {@code isBlocked} and decrements the sleeping count itself (seed 000: so that other posters see
 * the change at once rather than when the woken thread gets scheduled); after releasing the lock
 * it unparks the target. RFC #5 uses a condition variable; parking instead means the woken thread
 * does not have to re-acquire the lock before it runs, which shortens the wake-up, and the lock
 * still orders "sleeper decided to block" before "waker looks at isBlocked". Latch-targeted
 * wake-ups ({@link #notifyWorkerLatchIsSet}) wake exactly the latch's owner.
 *
 * <h2>Stack overflow</h2>
 * Each step above is several method calls, and a {@code StackOverflowError} is thrown at a call.
 * The sleep protocol runs only inside the worker loop, whose caller reserved the stack for it
 * ({@link StackGuard}); a wake-up reserves its own small share first, so it happens whole or not
 * at all; the posting path's only multi-step part is that wake-up.
 *
 * <h2>Deadlock detection (seed 000, last section)</h2>
 * {@code workerCount}, {@code activeThreads} and {@code blockedThreads} live under one lock.
 * A thread going to sleep or marking itself blocked decrements {@code activeThreads}; a waker
 * (for the thread it wakes) or {@link #markUnblocked} increments it. When no thread is active and
 * at least one is blocked in user code, the deadlock handler is called while the lock is held.
 * Lock order: a worker's sleep lock, then the deadlock lock; never the reverse, so the handler
 * must not wake pool threads or mark threads itself; it hands the problem to another thread.
 */
public final class Sleep {

    /** The most worker slots (workers plus spares) one registry can have. */
    public static final int MAX_SLOTS = AtomicCounters.THREADS_MAX;

    /**
     * Fruitless search rounds before a worker gets sleepy. Rayon uses 32, each followed by a
     * {@code yield}. Measured here (2 cores, a trivial {@code install} every 10 ms, CPU of the
     * pool's threads and the caller): 32 rounds cost 1.63 % of a core against ForkJoinPool's
     * 1.39 %, 8 rounds 1.36 %, 2 rounds 1.38 %, with the same wake latency (38-40 µs) and no loss
     * on {@code fib} or on bursts of short joins; so 8. The search phase keeps a worker available
     * for about 10-20 µs after its work ran out, which is about what a wake-up costs.
     */
    public static final int DEFAULT_ROUNDS_UNTIL_SLEEPY = 8;

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
         * Whether the queue that every worker takes from (the registry's injector) holds work:
         * what a thread leaving idle must not leave behind. By default the same as
         * {@link #hasInjectedJobs()}.
         *
         * @return {@code true} if such work is queued
         */
        default boolean hasSharedJobs() {
            return hasInjectedJobs();
        }
    }

    private static final class WorkerSleepState {
        final ReentrantLock lock = new ReentrantLock();
        /**
         * Written under {@code lock}: set by the sleeper, cleared only by a waker. Volatile so the
         * sleeper can re-check it after releasing the lock, while parked.
         */
        volatile boolean isBlocked;
        /** The sleeping thread, written under {@code lock} before {@code isBlocked} is set. */
        Thread sleeper;
        /** Written under {@code lock} by the waker, read by the woken thread for its event. */
        WakeCause wakeCause = WakeCause.NEW_JOB;
    }

    private final AtomicCounters counters = new AtomicCounters();
    private final LongAdder wakeUps = new LongAdder();
    private final LongAdder fruitlessWakeUps = new LongAdder();
    private final WorkerSleepState[] states;
    /** One past the highest slot that ever held a thread; bounds the search for sleepers. */
    private volatile int slotLimit;
    private final int roundsUntilSleepy;
    private final boolean spinWithYield;

    private final String poolName;
    private final ReentrantLock deadlockLock = new ReentrantLock();
    private final Runnable deadlockHandler;
    /** Guarded by deadlockLock. */
    private int workerCount;
    /** Guarded by deadlockLock. */
    private int activeThreads;
    /** Guarded by deadlockLock. */
    private int blockedThreads;

    /**
     * Creates the sleep state of a registry.
     *
     * @param slots           how many workers (and spare workers) can ever run
     * @param workerCount     how many of them start running
     * @param roundsUntilSleepy fruitless rounds before a worker gets sleepy
     * @param spinWithYield   {@code true} to {@link Thread#yield()} between rounds,
     *                        {@code false} to {@link Thread#onSpinWait()}
     * @param deadlockHandler called when every running thread is blocked in user code; may be
     *                        {@code null}
     */
    public Sleep(int slots, int workerCount, int roundsUntilSleepy, boolean spinWithYield,
                 Runnable deadlockHandler) {
        this("unnamed", slots, workerCount, roundsUntilSleepy, spinWithYield, deadlockHandler);
    }

    /**
     * Creates the sleep state of a named pool.
     *
     * @param poolName        the pool's name, for Flight Recorder events
     * @param slots           how many workers (and spare workers) can ever run
     * @param workerCount     how many of them start running
     * @param roundsUntilSleepy fruitless rounds before a worker gets sleepy
     * @param spinWithYield   {@code true} to {@link Thread#yield()} between rounds,
     *                        {@code false} to {@link Thread#onSpinWait()}
     * @param deadlockHandler called when every running thread is blocked in user code; may be
     *                        {@code null}
     */
    public Sleep(String poolName, int slots, int workerCount, int roundsUntilSleepy, boolean spinWithYield,
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
        this.spinWithYield = spinWithYield;
        this.deadlockHandler = deadlockHandler;
        this.workerCount = workerCount;
        this.activeThreads = workerCount;
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
        return wakeUps.sum();
    }

    /**
     * How many workers woken for new work went back to sleep without running a job: wake-ups
     * that bought nothing (another thread took the work first).
     *
     * @return the count
     */
    public long fruitlessWakeUps() {
        return fruitlessWakeUps.sum();
    }

    /**
     * A worker found nothing in its own queue and starts searching.
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
     * the class comment): if anyone sleeps and the shared queue holds work, one sleeper is woken.
     *
     * @param check where the shared queue is looked at, after the inactive count went down
     */
    public void workFound(InjectionCheck check) {
        long before = counters.subInactiveThread();
        if (AtomicCounters.sleepingThreads(before) > 0 && check.hasSharedJobs()) {
            wakeAnyThreads(1);
        }
    }

    /**
     * One fruitless round: spin, get sleepy, or try to sleep, depending on the rounds so far.
     *
     * @param idle  the worker's idle state
     * @param latch the latch the worker waits for
     * @param check the final check for injected work
     */
    public void noWorkFound(IdleState idle, CoreLatch latch, InjectionCheck check) {
        if (idle.rounds < roundsUntilSleepy) {
            pause();
            idle.rounds++;
        } else if (idle.rounds == roundsUntilSleepy) {
            idle.jobsCounter = AtomicCounters.jobsCounter(counters.announceSleepy());
            idle.rounds++;
            pause();
        } else {
            sleep(idle, latch, check);
        }
    }

    private void pause() {
        if (spinWithYield) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
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
                if (counters.tryAddSleepingThread(seen)) {
                    break;
                }
            }
            VarHandle.fullFence(); // fence 2: IncSleepers before ReadJob
            if (check.hasInjectedJobs()) {
                counters.subSleepingThread();
                idle.wakeFully();
                latch.wakeUp();
                return;
            }
            state.sleeper = Thread.currentThread();
            state.isBlocked = true;
            idle.countSleep();
            if (idle.wokenForWork) {
                fruitlessWakeUps.increment(); // woken for work, found none, back to sleep
            }
            threadSleeping();
        } finally {
            state.lock.unlock();
        }
        // Blocked. The lock is released, so a waker can get in; it clears isBlocked under the
        // lock and then unparks. An unpark that comes before the park leaves a permit, so the
        // park returns at once: no wake-up is lost. Spurious returns loop on isBlocked.
        boolean interrupted = false;
        while (state.isBlocked) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true; // parking would not block with the flag set
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        idle.wakeFully();
        idle.wokenForWork = state.wakeCause == WakeCause.NEW_JOB;
        latch.wakeUp();
        recordSleep(event, idle.workerIndex, state);
    }

    /** Commits the sleep's Flight Recorder event, if a recording wants it; after all state changes. */
    private void recordSleep(Object event, int worker, WorkerSleepState state) {
        try {
            // wakeCause was written under the lock before the unpark
            Events.endSleep(event, poolName, worker, state.wakeCause.label());
        } catch (Throwable eventFailed) {
            // an event lost (no stack, no memory); the protocol is complete and stays so
        }
    }

    /**
     * New jobs were pushed onto a worker's own deque.
     *
     * @param numJobs       how many
     * @param queueWasEmpty whether the deque was empty before the push
     */
    public void newInternalJobs(int numJobs, boolean queueWasEmpty) {
        newJobs(numJobs, queueWasEmpty);
    }

    /**
     * New jobs were pushed onto the injector (or a broadcast queue) from any thread.
     *
     * @param numJobs       how many
     * @param queueWasEmpty whether the queue was empty before the push
     */
    public void newInjectedJobs(int numJobs, boolean queueWasEmpty) {
        VarHandle.fullFence(); // fence 1: PushJob before ReadSleepers
        newJobs(numJobs, queueWasEmpty);
    }

    private void newJobs(int numJobs, boolean queueWasEmpty) {
        long seen = counters.markJobsPosted();
        int sleeping = AtomicCounters.sleepingThreads(seen);
        if (sleeping == 0) {
            return;
        }
        int idleAwake = Math.min(AtomicCounters.awakeButIdleThreads(seen), numJobs);
        if (!queueWasEmpty) {
            wakeAnyThreads(numJobs);
        } else if (idleAwake < numJobs) {
            wakeAnyThreads(numJobs - idleAwake);
        }
    }

    private void wakeAnyThreads(int count) {
        if (count <= 0) {
            return;
        }
        int limit = slotLimit;
        for (int i = 0; i < limit; i++) {
            if (wakeSpecificThread(i, WakeCause.NEW_JOB) && --count == 0) {
                return;
            }
        }
    }

    /**
     * A latch owned by worker {@code index} was set while the owner slept on it: wake exactly
     * that worker.
     *
     * @param index the owner's index
     */
    public void notifyWorkerLatchIsSet(int index) {
        wakeSpecificThread(index, WakeCause.LATCH);
    }

    /**
     * As {@link #notifyWorkerLatchIsSet(int)}, for a latch whose setting means something more
     * specific (termination, a broadcast).
     *
     * @param index the owner's index
     * @param cause what setting the latch means
     */
    public void notifyWorkerLatchIsSet(int index, WakeCause cause) {
        wakeSpecificThread(index, cause);
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
     * Wakes worker {@code index} if it is blocked in {@link #sleep}, saying why.
     *
     * @param index a worker index
     * @param cause why, for the woken worker's Flight Recorder event
     * @return whether the worker was asleep
     */
    public boolean wakeSpecificThread(int index, WakeCause cause) {
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
            state.isBlocked = false;
            state.wakeCause = cause;
            sleeper = state.sleeper;
            wakeUps.increment();
            counters.subSleepingThread();
            deadlockLock.lock();
            try {
                activeThreads++;
            } finally {
                deadlockLock.unlock();
            }
        } finally {
            state.lock.unlock();
        }
        LockSupport.unpark(sleeper);
        return true;
    }

    /**
     * Whether worker {@code index} is blocked asleep, read without its sleep lock: for a deadlock
     * report made while the deadlock lock is held (taking a sleep lock then would reverse the
     * lock order). A snapshot that may be stale by the time it is used.
     *
     * @param index a worker index
     * @return {@code true} while it waits on its condition
     */
    public boolean isSleepingWithoutLock(int index) {
        return states[index].isBlocked;
    }

    /**
     * Whether worker {@code index} is blocked asleep, for tests and diagnostics.
     *
     * @param index a worker index
     * @return {@code true} while it waits on its condition
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

    private void threadSleeping() {
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

    private void deadlockCheck() {
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
}
