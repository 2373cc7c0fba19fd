package io.github.rayon4j.core.sleep;

/**
 * The {@code HINTED} sleep policy: the {@code RAYON} protocol ({@link Sleep}) with two ideas of
 * seed 002 (EMPER's sleep strategy) on top: posters claim sleepers by decrementing the sleeping
 * count before they look for them, and a woken worker is told where the new work is.
 *
 * <h2>Protocol (seed 002: "notifier-side decrement", "CAS loops", "dispatch hint")</h2>
 * Everything about falling asleep is {@link Sleep}'s: the JEC, the two seq-cst fences, the final
 * check (injector, broadcast queue, deques), the latch states, the per-worker lock and park.
 * What changes is who takes a sleeper off the count and when.
 * <ul>
 *   <li><b>Claim.</b> A poster that must wake {@code n} sleepers first claims
 *       {@code k = min(n, sleeping)} of them with one CAS loop on the packed counters
 *       ({@link AtomicCounters#claimSleepers}): the sleeping field goes down by {@code k} before
 *       any sleeper is touched. Concurrent posters thus divide the sleepers between them instead
 *       of all scanning the sleep locks for the same ones (seed 002: otherwise several notifiers
 *       see the same sleepers and try to wake them all). Then it scans the slots and wakes up to
 *       {@code k} blocked sleepers without decrementing again.</li>
 *   <li><b>Give back and retry.</b> Claims are anonymous: by the time the poster looks, the
 *       sleeper it counted may have been woken by a latch, or backed out after its final check,
 *       and a thread that committed to sleep after the poster passed its slot is not seen. A
 *       poster that woke {@code j < k} gives the {@code k - j} claims back (adds them to the
 *       field) and, if the field is then positive, claims and scans again. A poster that read the
 *       field while the claim held it down relied on this one: the retry is what keeps the
 *       seq-cst fence argument of {@code RAYON} (a poster that reads after a sleeper's increment
 *       wakes it) true.</li>
 *   <li><b>Other ways off the count.</b> A targeted wake-up (latch owner, broadcast, termination)
 *       and a sleeper backing out after its final check decrement the field unconditionally, as
 *       under {@code RAYON}. So the field is <em>sleepers minus outstanding claims</em> and can be
 *       negative for a moment (seed 002 lets its count go negative too); it is a signed 16-bit
 *       field changed only field-wise ({@link AtomicCounters}, "The sleeping field under
 *       HINTED").</li>
 *   <li><b>Hint.</b> The waker writes, under the sleeper's lock and next to the wake cause, where
 *       the work is: the index of the worker whose deque received it, or
 *       {@link Sleep#HINT_INJECTOR}. The woken worker copies it into its {@link IdleState}, and
 *       its next search, after its own deque (seed 002: the hint is checked after the local
 *       queue), looks there before stealing from a random victim.</li>
 * </ul>
 *
 * <h2>Invariant</h2>
 * {@code sleeping + outstanding claims = threads counted asleep} (committed, blocked or about to
 * back out). A claim ends by waking a thread (both sides go down by one) or by being given back.
 * Hence no blocked thread is ever uncounted while no poster holds a claim for it, which is what
 * the fence argument needs. The Spin model checks this protocol with {@code -DHINTED}
 * ({@code verification/sleep.pml}).
 *
 * <h2>Who writes what, and ordering</h2>
 * The counters word: the sleeper (increment, under its lock, JEC-checked CAS; back-out), posters
 * (claims, give-backs), targeted wakers (decrement under the target's lock); all volatile CAS, so
 * sequentially consistent, with {@code RAYON}'s two fences in place. {@code isBlocked},
 * {@code hint}, {@code wakeCause}: written under the sleeper's lock, a waker's clear of
 * {@code isBlocked} last; the woken thread reads them after the volatile read of
 * {@code isBlocked} that ends its park loop.
 *
 * <p>The join hot path is {@code RAYON}'s ({@link Sleep#newInternalJobs} is not overridden):
 * a negative sleeping field reads as non-zero there and sends the poster to
 * {@link #wakeForNewJobs}, which reads it signed and returns.
 */
public final class HintedSleep extends Sleep {
    /** The signed sleeping field holds at most this many. */
    static final int MAX_SLOTS = Short.MAX_VALUE;

    private HintedSleep(String poolName, int slots, int workerCount, int roundsUntilSleepy,
                        Runnable deadlockHandler) {
        super(poolName, slots, workerCount, roundsUntilSleepy, deadlockHandler);
        if (slots > MAX_SLOTS) {
            throw new IllegalArgumentException("HINTED: at most " + MAX_SLOTS + " threads");
        }
    }

    /**
     * Creates the sleep state of a pool under this policy. A factory of this class, so that the
     * class is loaded only when a pool asks for it.
     *
     * @param poolName          the pool's name, for Flight Recorder events
     * @param slots             how many workers (and spare workers) can ever run
     * @param workerCount       how many of them start running
     * @param roundsUntilSleepy fruitless rounds before a worker gets sleepy
     * @param deadlockHandler   called when every running thread is blocked in user code; may be
     *                          {@code null}
     * @return the sleep module
     */
    public static Sleep create(String poolName, int slots, int workerCount, int roundsUntilSleepy,
                               Runnable deadlockHandler) {
        return new HintedSleep(poolName, slots, workerCount, roundsUntilSleepy, deadlockHandler);
    }

    @Override
    public int sleepingThreads() {
        return AtomicCounters.signedSleepingThreads(counters.load());
    }

    @Override
    public String describeState() {
        long c = counters.load();
        return "[sleeping-claims=" + AtomicCounters.signedSleepingThreads(c) + ", inactive="
                + AtomicCounters.inactiveThreads(c) + ", jec=" + AtomicCounters.jobsCounter(c) + "]";
    }

    @Override
    void wakeForNewJobs(long seen, int numJobs, boolean queueWasEmpty, int hint) {
        int sleeping = AtomicCounters.signedSleepingThreads(seen);
        if (sleeping <= 0) {
            return; // none, or every sleeper already claimed by another poster
        }
        int idleAwake = Math.min(AtomicCounters.inactiveThreads(seen) - sleeping, numJobs);
        if (!queueWasEmpty) {
            wakeAnyThreads(numJobs, hint);
        } else if (idleAwake < numJobs) {
            wakeAnyThreads(numJobs - idleAwake, hint);
        }
    }

    @Override
    void wakeAnyThreads(int count, int hint) {
        while (count > 0) {
            int claimed = counters.claimSleepers(count);
            if (claimed == 0) {
                return;
            }
            int woken = 0;
            int limit = slotLimit;
            for (int i = 0; i < limit && woken < claimed; i++) {
                if (wake(i, WakeCause.NEW_JOB, hint, false, false)) {
                    woken++;
                }
            }
            if (woken == claimed) {
                return;
            }
            // Some claims found nobody: give them back, and go on while sleepers are counted.
            counters.addSignedSleepers(claimed - woken);
            count -= woken;
        }
    }

    @Override
    boolean tryAddSleepingThread(long seen) {
        return counters.tryAddSignedSleeper(seen);
    }

    @Override
    void sleeperLeft() {
        counters.addSignedSleepers(-1);
    }

    /** No guests: this policy counts sleepers its own way. */
    @Override
    public boolean supportsGuests() {
        return false;
    }
}
