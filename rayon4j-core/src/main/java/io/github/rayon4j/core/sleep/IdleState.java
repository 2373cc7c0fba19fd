package io.github.rayon4j.core.sleep;

/**
 * What one worker remembers while it searches for work (seed 000, "Protocol for a worker thread to
 * fall asleep"): how many fruitless rounds it has done and, once sleepy, the JEC value it saw;
 * and, across searches, how far its searches are cut (see "How many rounds" in {@link Sleep}).
 *
 * <p>Owned and touched by one worker thread only; each worker reuses one instance, reset by
 * {@link Sleep#startLooking}, so searching allocates nothing.
 */
public final class IdleState {
    /** Marks "not sleepy": no real JEC value is negative. */
    static final long NO_JEC = -1L;

    final int workerIndex;
    int rounds;
    /**
     * How far this worker's search is cut: while no sibling is active (its rounds yield) it gets
     * sleepy after {@code roundsUntilSleepy >> cut} fruitless rounds (see "How many rounds" in
     * {@link Sleep}). Owner only; starts at 0, the whole search.
     */
    int cut;
    long jobsCounter = NO_JEC;
    /** Times this worker blocked asleep; written by the owner only, read by metrics. */
    private volatile long sleeps;
    /** Woken for new work and has not run a job since: set on such a wake-up, cleared when the
     *  worker starts looking again after a job; owner only. */
    boolean wokenForWork;
    /** Where a {@code HINTED} waker said the new work is; {@link Sleep#NO_HINT} otherwise. Set by
     *  the owner from what the waker wrote under the sleep lock, taken by the owner's search. */
    int hint = Sleep.NO_HINT;

    /**
     * Creates the idle state of one worker.
     *
     * @param workerIndex the worker's index in its registry
     */
    public IdleState(int workerIndex) {
        this.workerIndex = workerIndex;
    }

    /** Found work or woke up from sleep: start the rounds again. */
    void wakeFully() {
        rounds = 0;
        jobsCounter = NO_JEC;
    }

    /**
     * New work was posted while sleepy: go back to just before getting sleepy, so one more
     * search is done before trying to sleep again, not a whole new series of rounds.
     */
    void wakePartly(int roundsUntilSleepy) {
        rounds = roundsUntilSleepy;
        jobsCounter = NO_JEC;
    }

    /**
     * Fruitless rounds after which this worker gets sleepy while its rounds yield:
     * {@code roundsUntilSleepy} halved once per cut.
     *
     * @param roundsUntilSleepy the pool's whole search
     * @return the rounds of this worker's yielding search
     */
    int sleepyAt(int roundsUntilSleepy) {
        return roundsUntilSleepy >> cut;
    }

    /**
     * A search ended without work and the owner is going to block: halve its next yielding
     * search, down to one round (a pool configured with fewer rounds keeps them).
     */
    void searchFailed(int roundsUntilSleepy) {
        if ((roundsUntilSleepy >> (cut + 1)) >= 1) {
            cut++;
        }
    }

    /**
     * Work came (or the awaited latch was set) after at least one fruitless round: the search
     * paid off, so the next one is whole again.
     */
    void searchPaidOff() {
        cut = 0;
    }

    /** The owner is about to block asleep. A volatile write, on the sleep path only. */
    void countSleep() {
        sleeps = sleeps + 1;
    }

    /**
     * How many times this worker has gone to sleep.
     *
     * @return the count
     */
    public long sleeps() {
        return sleeps;
    }

    /**
     * Where to look first, once: a worker index whose deque got the work, or
     * {@link Sleep#HINT_INJECTOR}, or {@link Sleep#NO_HINT}. Only {@code HINTED} wake-ups leave a
     * hint. Owner only.
     *
     * @return the hint, which is cleared
     */
    public int takeHint() {
        int h = hint;
        hint = Sleep.NO_HINT;
        return h;
    }

    /**
     * Rounds searched so far in this idle period.
     *
     * @return the round count
     */
    public int rounds() {
        return rounds;
    }
}
