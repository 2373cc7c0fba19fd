package io.github.rayon4j.core.sleep;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The {@code LEGACY_TICKLE} sleep policy: Rayon's previous sleep module (seed 003), the baseline
 * that the current module was measured against. At most one worker is <em>sleepy</em> at a time,
 * the whole protocol lives in one atomic word, and {@code tickle} wakes every sleeper.
 *
 * <h2>Protocol (seed 003: "Getting sleepy and falling asleep", "Tickling workers", "The global
 * state")</h2>
 * The word {@code state}: bit 0 says "some workers are asleep (or hold the lock on their way
 * there)"; the bits above hold {@code (index + 1)} of the one sleepy worker, 0 for none. So
 * {@code 0} is AWAKE, {@code 1} is SLEEPING with nobody sleepy, {@code (i + 1) << 1} is "worker
 * {@code i} is sleepy".
 * <ul>
 *   <li><b>Rounds.</b> A worker's fruitless rounds ({@code IdleState.rounds}, the seed's
 *       {@code yields}) each end with a {@code yield}. At {@code roundsUntilSleepy} it tries to
 *       become the sleepy worker (a CAS that fails while another worker is sleepy: it then tries
 *       again next round). Sleepy, it keeps searching until {@code 2 * roundsUntilSleepy + 1}
 *       rounds, checking each round that it is still the sleepy one (a tickle takes that away:
 *       back to round 0). Then it falls asleep.</li>
 *   <li><b>Falling asleep.</b> Read the word; if this worker is still the sleepy one, take the
 *       pool's one lock and, <em>holding it</em>, CAS the word from the value read to SLEEPING;
 *       on success mark itself blocked, release the lock and park until a tickle clears the
 *       mark; on failure re-read (a tickle cleared the sleepy worker: return awake). The CAS is
 *       under the lock so that a tickle cannot fall between the CAS and the mark: the tickle
 *       clears the marks under the lock.</li>
 *   <li><b>Tickle</b>, after every post of work (own deque, injector, broadcast), every latch set
 *       and when a sleepy worker finds work: read the word; if it is not AWAKE, swap in AWAKE and,
 *       if the old word had the sleeping bit, take the lock, count every non-blocked worker
 *       active again, clear every blocked mark and unpark its thread. Everyone wakes, whatever
 *       the event was.</li>
 *   <li><b>Woken</b>, a worker starts over from round 0.</li>
 * </ul>
 * The seed waits on one condition variable that the tickle notifies; a blocked mark per worker
 * with {@code park}/{@code unpark} is the same handshake (the model, verification/legacy-tickle.pml,
 * has exactly these marks), and it allocates nothing: on JDK 17 a condition's wait and a
 * {@code signalAll} on a lock that never had a queued thread allocate queue nodes, which with the
 * heap full threw out of a tickle after it had cleared the sleeping bit, leaving the sleepers
 * waiting for a notify that never came ({@code OutOfMemorySpawnTest}, kind {@code legacy}; see
 * {@link SleepLock} for the lock itself). A park that returns early loops on the mark.
 *
 * <h2>Invariant</h2>
 * A worker can be blocked only if, when it took the lock, the word still named it sleepy and no
 * tickle had run since it became sleepy; and every tickle that reads the word after that CAS
 * sees the sleeping bit and clears the marks under the same lock. So no tickle is lost.
 *
 * <h2>Who writes what, and ordering (seed 003: "Beyond seq-cst")</h2>
 * The word is written by the sleepy worker (its CASes) and by tickles (the swap). The orderings
 * are the seed's, spelled with {@link VarHandle} modes:
 * <ul>
 *   <li>tickle's load: <b>seq-cst</b> (volatile), so a tickle after a worker got sleepy surely
 *       sees it (scenario 1, get-sleepy-then-get-tickled);</li>
 *   <li>tickle's swap: release ({@code getAndSetRelease}): all writes to the word are totally
 *       ordered anyway;</li>
 *   <li>getting sleepy: acquire load, then a <b>seq-cst</b> CAS;</li>
 *   <li>still sleepy: a <b>seq-cst</b> load;</li>
 *   <li>falling asleep: acquire load, then a <b>seq-cst</b> CAS under the lock.</li>
 * </ul>
 * Scenario 2 (tickle-then-get-sleepy) needs the work to be published with a seq-cst store before
 * the tickle and read with a seq-cst load by the search. The injector and the broadcast queues
 * ({@code ConcurrentLinkedQueue}) and the latch swap ({@link CoreLatch#setCore()}) are volatile
 * read-modify-writes, so seq-cst. The owner's latch probe is an acquire load, so this port adds
 * one full fence right after a successful get-sleepy CAS: every later probe then sees a latch set
 * that a tickle ordered before that CAS (the effect of the seed's seq-cst latch load). Pushes onto
 * a worker's own deque are not seq-cst, as in the seed (a missed wake-up for them costs speed,
 * not progress: the pusher is awake and pops its own job).
 *
 * <h2>Deadlock detection (seed 003, last section)</h2>
 * The one lock is {@link Sleep}'s deadlock lock, guarding the deadlock counts as the seed's
 * {@code SleepData} mutex does. Falling asleep decrements the active count and runs the deadlock
 * check; a tickle sets it to {@code workerCount - blockedThreads}. (A worker leaves its wait only
 * when a tickle cleared its mark, so it never has to count itself active again, as the seed's
 * worker does after a spurious return from the condition's wait.)
 *
 * <h2>Not used here</h2>
 * The packed counters, the per-worker sleep locks and the latch states SLEEPY and SLEEPING
 * belong to the {@code RAYON} protocol; this policy leaves them alone (latches stay UNSET until
 * set, so {@code setCore()} never reports a sleeping owner and every set tickles). The join hot
 * path is one volatile load of the word and a compare.
 */
public final class LegacyTickleSleep extends Sleep {
    static final long AWAKE = 0;
    static final long SLEEPING = 1;

    @SuppressWarnings("unused") // accessed through STATE
    private volatile long state;
    /** Threads blocked (marked and parked, or about to park). Guarded by the deadlock lock. */
    private int waiting;
    /**
     * Metrics: the waiting threads that tickles released. Written under the deadlock lock (a
     * plain field: nothing in a tickle may allocate, see {@link SleepLock}), read without it.
     */
    private volatile long tickledSleepers;
    private final int roundsUntilAsleep;

    private LegacyTickleSleep(String poolName, int slots, int workerCount, int roundsUntilSleepy,
                              Runnable deadlockHandler) {
        super(poolName, slots, workerCount, roundsUntilSleepy, deadlockHandler);
        this.roundsUntilAsleep = 2 * roundsUntilSleepy + 1;
    }

    /**
     * Creates the sleep state of a pool under this policy. A factory of this class, so that the
     * class is loaded only when a pool asks for it.
     *
     * @param poolName          the pool's name, for Flight Recorder events
     * @param slots             how many workers (and spare workers) can ever run
     * @param workerCount       how many of them start running
     * @param roundsUntilSleepy fruitless rounds before a worker tries to get sleepy
     * @param deadlockHandler   called when every running thread is blocked in user code; may be
     *                          {@code null}
     * @return the sleep module
     */
    public static Sleep create(String poolName, int slots, int workerCount, int roundsUntilSleepy,
                               Runnable deadlockHandler) {
        return new LegacyTickleSleep(poolName, slots, workerCount, roundsUntilSleepy, deadlockHandler);
    }

    private static long sleepyValue(int index) {
        return (long) (index + 1) << 1;
    }

    private static boolean isSleepy(long word, int index) {
        return (word >>> 1) == index + 1;
    }

    /**
     * The raw word, for tests and diagnostics.
     *
     * @return AWAKE (0), SLEEPING (bit 0), the sleepy worker in the bits above
     */
    long word() {
        return (long) STATE.getVolatile(this);
    }

    // ---- the worker loop -----------------------------------------------------------------------

    @Override
    public void startLooking(IdleState idle) {
        idle.wakeFully();
        idle.wokenForWork = false;
    }

    @Override
    public void workFound(IdleState idle, InjectionCheck check) {
        if (idle.rounds > roundsUntilSleepy) {
            tickle(); // it was the sleepy one: release that (the seed wakes everyone here too)
        }
        idle.rounds = 0;
    }

    @Override
    public void noWorkFound(IdleState idle, CoreLatch latch, InjectionCheck check) {
        int index = idle.workerIndex;
        if (idle.rounds < roundsUntilSleepy) {
            pause();
            idle.rounds++;
        } else if (idle.rounds == roundsUntilSleepy) {
            pause();
            if (getSleepy(index)) {
                idle.rounds++;
            }
        } else if (idle.rounds < roundsUntilAsleep) {
            pause();
            if ((long) STATE.getVolatile(this) >>> 1 == index + 1) { // still sleepy: seq-cst load
                idle.rounds++;
            } else {
                idle.rounds = 0;
            }
        } else {
            sleep(idle);
            idle.rounds = 0;
        }
    }

    private boolean getSleepy(int index) {
        while (true) {
            long word = (long) STATE.getAcquire(this);
            if ((word >>> 1) != 0) {
                return false; // somebody else is sleepy: wait for our turn
            }
            if (STATE.compareAndSet(this, word, word | sleepyValue(index))) { // seq-cst
                VarHandle.fullFence(); // the seed's seq-cst latch load, for the acquire probes
                return true;
            }
        }
    }

    private void sleep(IdleState idle) {
        int index = idle.workerIndex;
        WorkerSleepState ws = states[index];
        while (true) {
            long word = (long) STATE.getAcquire(this);
            if (!isSleepy(word, index)) {
                return; // tickled: awake
            }
            deadlockLock.lock();
            try {
                // The CAS under the lock: a tickle clears the marks under this lock, so it cannot
                // fall between the CAS and the mark.
                if (!STATE.compareAndSet(this, word, SLEEPING)) { // seq-cst
                    continue; // re-read: tickled, or the sleeping bit changed
                }
                ws.sleeper = Thread.currentThread();
                ws.isBlocked = true;
                idle.countSleep();
                waiting++;
                activeThreads--;
                deadlockCheck();
            } finally {
                deadlockLock.unlock();
            }
            // Blocked until a tickle clears the mark (with the counts, under the lock) and unparks
            // this thread.
            parkWhileBlocked(ws);
            return;
        }
    }

    // ---- posting work, latches ---------------------------------------------------------------

    @Override
    public void newInternalJobs(int pusher, int numJobs, boolean queueWasEmpty) {
        tickle();
    }

    /** Every post tickles: no wake-up is left to a polling caller under this policy. */
    @Override
    public void newJoinJob(int pusher, boolean queueWasEmpty) {
        tickle();
    }

    @Override
    public void newInjectedJobs(int numJobs, boolean queueWasEmpty) {
        tickle();
    }

    @Override
    public void latchSet(boolean ownerWasSleeping, int index, WakeCause cause) {
        tickle();
    }

    @Override
    public boolean wakeSpecificThread(int index, WakeCause cause) {
        boolean asleep = states[index].isBlocked;
        tickle();
        return asleep;
    }

    /** Wakes every sleeper if anyone is sleepy or asleep. */
    void tickle() {
        if ((long) STATE.getVolatile(this) != AWAKE) { // seq-cst load
            tickleCold();
        }
    }

    private void tickleCold() {
        long old = (long) STATE.getAndSetRelease(this, AWAKE);
        if ((old & SLEEPING) != 0) {
            StackGuard.reserveSmall();
            deadlockLock.lock();
            try {
                activeThreads = workerCount - blockedThreads;
                int limit = slotLimit;
                for (int i = 0; i < limit; i++) {
                    WorkerSleepState ws = states[i];
                    if (ws.isBlocked) {
                        ws.isBlocked = false;
                        LockSupport.unpark(ws.sleeper);
                    }
                }
                tickledSleepers += waiting;
                waiting = 0;
            } finally {
                deadlockLock.unlock();
            }
        }
    }

    // ---- diagnostics ---------------------------------------------------------------------------

    @Override
    public long wakeUps() {
        return tickledSleepers;
    }

    @Override
    public int sleepingThreads() {
        deadlockLock.lock();
        try {
            return waiting;
        } finally {
            deadlockLock.unlock();
        }
    }

    @Override
    public String describeState() {
        long w = word();
        return "[word=" + w + " (sleeping bit " + (w & SLEEPING) + ", sleepy worker "
                + ((w >>> 1) - 1) + "), waiting=" + sleepingThreads() + "]";
    }

    @Override
    public boolean isSleeping(int index) {
        deadlockLock.lock();
        try {
            return states[index].isBlocked;
        } finally {
            deadlockLock.unlock();
        }
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(LegacyTickleSleep.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** No count of idle workers: {@link #anyInactive()} is always false here. */
    @Override
    public boolean countsInactive() {
        return false;
    }

    /** No guests: this policy counts sleepers its own way. */
    @Override
    public boolean supportsGuests() {
        return false;
    }
}
