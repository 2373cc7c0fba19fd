package io.github.rayon4j.core.sleep;

import io.github.rayon4j.core.internal.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Padding that keeps the counters word away from whatever the allocator places before it.
 * Every worker reads the counters when it posts work, so a false-sharing neighbour would be
 * paid for on the join hot path.
 */
abstract class CountersPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** The counters word itself; see {@link AtomicCounters}. */
abstract class CountersValue extends CountersPadBefore {
    volatile long value;
}

/**
 * Three counters of the sleep module packed into one atomically updated {@code long}
 * (seed 000, "The counters").
 *
 * <h2>Layout</h2>
 * <pre>
 *  63                               32 31              16 15               0
 * +-----------------------------------+------------------+------------------+
 * |   jobs event counter (JEC)        | inactive threads | sleeping threads |
 * +-----------------------------------+------------------+------------------+
 * </pre>
 * <ul>
 *   <li><b>sleeping threads</b>: incremented by a thread that commits to sleep (a CAS that also
 *       checks the JEC, {@link #tryAddSleepingThread}); decremented ({@link #subSleepingThread})
 *       by one of two threads: the thread that <em>wakes</em> a blocked sleeper, so that posters
 *       of new work see the change as early as possible, or the sleeper itself when its final
 *       check (after committing) finds work, since nobody will wake it. A thread woken
 *       from its park never touches it. A guest that holds a sleeper takes it off this field and
 *       the inactive one in one step ({@link #subSleepingAndInactive}) and puts it back the same
 *       way ({@link #addSleepingAndInactive}; see {@code Sleep}, "Guests").</li>
 *   <li><b>inactive threads</b>: idle plus sleeping. Incremented when a worker starts looking for
 *       work, decremented when it stops being idle (it found work, or the latch it waits for was
 *       set); that decrement returns the old word, from which the leaving thread decides on the
 *       hand-off (see {@code Sleep}). Idle-but-awake threads are {@code inactive - sleeping}: one
 *       increment of the sleeping field moves a thread from idle to sleeping.</li>
 *   <li><b>JEC</b>: even means "no work posted since the last thread got sleepy", odd means "work
 *       was posted since". Posters make it odd only when it is even ({@link #markJobsPosted}), so
 *       the common case, many posts while nobody is getting sleepy, is a plain volatile read and
 *       no write: one counter bumped by every job is what made the first version of RFC #5 six
 *       times slower on {@code fib}. A thread that gets sleepy makes it even
 *       ({@link #announceSleepy}) and remembers the value; it sleeps only if the whole word still
 *       carries that value. The JEC wraps around after 2<sup>32</sup> changes: addition simply
 *       carries out of the top bit. Wrap-around can let a sleepy thread miss new work, which is
 *       why the sleep protocol ends with a final check of the injector and the deques (seed
 *       000, "The jobs event counter and deadlock").</li>
 * </ul>
 *
 * <h2>The sleeping field under the {@code HINTED} policy</h2>
 * {@code HINTED} ({@code HintedSleep}) lets posters claim sleepers before they look for them
 * (seed 002: the notifier decrements the count, in a CAS loop), so the field counts sleepers
 * minus outstanding claims and may dip below zero for a moment. There it is a 16-bit two's
 * complement number ({@link #signedSleepingThreads}) changed only by the field-wise CAS loops
 * {@link #tryAddSignedSleeper}, {@link #addSignedSleepers} and {@link #claimSleepers}, which never
 * carry or borrow into the inactive field; {@link #tryAddSleepingThread} and
 * {@link #subSleepingThread}, which add to the whole word, are for {@code RAYON} only. The
 * inactive field and the JEC are used as under {@code RAYON}; adding to them cannot disturb a
 * negative sleeping field.
 *
 * <h2>Memory ordering</h2>
 * Every access is volatile (sequentially consistent in the Java memory model). The proof of seed
 * 000 needs the increment of the sleeping field and the poster's read of it to take part in the
 * two seq-cst fences; the fences themselves are issued by {@link Sleep}.
 *
 * <p>Thread counts are limited to {@link #THREADS_MAX}; the registry rejects larger pools.
 */
public final class AtomicCounters extends CountersValue {
    long q00, q01, q02, q03, q04, q05, q06, q07;

    /** Bits per thread counter. */
    static final int THREADS_BITS = 16;
    /** The largest number of threads a counter can hold. */
    public static final int THREADS_MAX = (1 << THREADS_BITS) - 1;

    private static final int SLEEPING_SHIFT = 0;
    private static final int INACTIVE_SHIFT = THREADS_BITS;
    private static final int JEC_SHIFT = 2 * THREADS_BITS;

    static final long ONE_SLEEPING = 1L << SLEEPING_SHIFT;
    static final long ONE_INACTIVE = 1L << INACTIVE_SHIFT;
    static final long ONE_JEC = 1L << JEC_SHIFT;

    /** Creates counters with every field zero. */
    public AtomicCounters() {
        this(0L);
    }

    /**
     * Creates counters with a given raw value; tests use it to start near a JEC wrap-around.
     *
     * @param initial the packed value
     */
    public AtomicCounters(long initial) {
        value = initial;
    }

    /**
     * A volatile read of the packed value.
     *
     * @return the packed counters
     */
    public long load() {
        return value;
    }

    /** A worker starts looking for work: one more inactive thread. */
    public void addInactiveThread() {
        VALUE.getAndAdd(this, ONE_INACTIVE);
    }

    /**
     * A worker stops being idle (it found work, or the latch it waits for was set): one inactive
     * thread fewer.
     *
     * @return the packed counters before the change, so the caller can see who was sleeping
     */
    public long subInactiveThread() {
        return (long) VALUE.getAndAdd(this, -ONE_INACTIVE);
    }

    /**
     * One thread off the sleeping count: the waker of a blocked sleeper, or a sleeper whose final
     * check found work backing itself out.
     */
    public void subSleepingThread() {
        VALUE.getAndAdd(this, -ONE_SLEEPING);
    }

    /** A sleeper's place is taken by a guest: one sleeping and one inactive thread fewer, at once. */
    public void subSleepingAndInactive() {
        VALUE.getAndAdd(this, -(ONE_SLEEPING + ONE_INACTIVE));
    }

    /** A held sleeper's guest left: one sleeping and one inactive thread more, at once. */
    public void addSleepingAndInactive() {
        VALUE.getAndAdd(this, ONE_SLEEPING + ONE_INACTIVE);
    }

    /**
     * Commits one thread to sleep, provided the word (and so the JEC) is still {@code expected}.
     *
     * @param expected a value read just before
     * @return whether the CAS succeeded
     */
    public boolean tryAddSleepingThread(long expected) {
        assert sleepingThreads(expected) < THREADS_MAX : "sleeping-thread counter overflow";
        return VALUE.compareAndSet(this, expected, expected + ONE_SLEEPING);
    }

    /**
     * Posting work: makes the JEC odd if it is even. A read and no write when it is already odd.
     *
     * @return the counters after the change (or as read, when no change was needed)
     */
    public long markJobsPosted() {
        while (true) {
            long old = value;
            if (!jecIsEven(old)) {
                return old;
            }
            long next = old + ONE_JEC;
            if (VALUE.compareAndSet(this, old, next)) {
                return next;
            }
        }
    }

    /**
     * Getting sleepy: makes the JEC even if it is odd.
     *
     * @return the counters after the change (or as read, when no change was needed); the
     *         caller remembers their JEC
     */
    public long announceSleepy() {
        while (true) {
            long old = value;
            if (jecIsEven(old)) {
                return old;
            }
            long next = old + ONE_JEC;
            if (VALUE.compareAndSet(this, old, next)) {
                return next;
            }
        }
    }

    /**
     * {@code HINTED}: as {@link #tryAddSleepingThread}, with the sleeping field read as a signed
     * number and changed field-wise.
     *
     * @param expected a value read just before
     * @return whether the CAS succeeded
     */
    public boolean tryAddSignedSleeper(long expected) {
        return VALUE.compareAndSet(this, expected, withSleeping(expected, signedSleepingThreads(expected) + 1));
    }

    /**
     * {@code HINTED}: adds {@code delta} to the signed sleeping field (a sleeper leaving without
     * a claim, or a poster giving back claims it could not use).
     *
     * @param delta the change
     */
    public void addSignedSleepers(int delta) {
        while (true) {
            long old = value;
            if (VALUE.compareAndSet(this, old, withSleeping(old, signedSleepingThreads(old) + delta))) {
                return;
            }
        }
    }

    /**
     * {@code HINTED}: a poster claims up to {@code max} sleepers by taking them off the count
     * before it looks for them (seed 002), so that concurrent posters do not all go for the same
     * sleepers.
     *
     * @param max how many the poster wants
     * @return how many it claimed: {@code min(max, sleeping)}, 0 when the field is not positive
     */
    public int claimSleepers(int max) {
        while (true) {
            long old = value;
            int sleeping = signedSleepingThreads(old);
            if (sleeping <= 0 || max <= 0) {
                return 0;
            }
            int claim = Math.min(sleeping, max);
            if (VALUE.compareAndSet(this, old, withSleeping(old, sleeping - claim))) {
                return claim;
            }
        }
    }

    private static long withSleeping(long counters, int sleeping) {
        return (counters & ~((long) THREADS_MAX << SLEEPING_SHIFT))
                | (((long) sleeping & THREADS_MAX) << SLEEPING_SHIFT);
    }

    /**
     * {@code HINTED}: the sleeping field read as a 16-bit two's complement number.
     *
     * @param counters a packed value
     * @return sleepers minus outstanding claims
     */
    public static int signedSleepingThreads(long counters) {
        return (short) (counters >>> SLEEPING_SHIFT);
    }

    /**
     * The sleeping-threads field of a packed value.
     *
     * @param counters a packed value
     * @return threads asleep
     */
    public static int sleepingThreads(long counters) {
        return (int) ((counters >>> SLEEPING_SHIFT) & THREADS_MAX);
    }

    /**
     * The inactive-threads field (idle plus sleeping) of a packed value.
     *
     * @param counters a packed value
     * @return threads not running a job
     */
    public static int inactiveThreads(long counters) {
        return (int) ((counters >>> INACTIVE_SHIFT) & THREADS_MAX);
    }

    /**
     * Idle threads that are awake: {@code inactive - sleeping}.
     *
     * @param counters a packed value
     * @return threads searching for work
     */
    public static int awakeButIdleThreads(long counters) {
        return inactiveThreads(counters) - sleepingThreads(counters);
    }

    /**
     * The jobs event counter of a packed value, as an unsigned 32-bit number.
     *
     * @param counters a packed value
     * @return the JEC
     */
    public static long jobsCounter(long counters) {
        return counters >>> JEC_SHIFT;
    }

    /**
     * Whether the JEC is even: threads got sleepy since work was last posted.
     *
     * @param counters a packed value
     * @return {@code true} when even
     */
    public static boolean jecIsEven(long counters) {
        return (counters & ONE_JEC) == 0;
    }

    /**
     * A readable form of a packed value, for test failures and diagnostics.
     *
     * @param counters a packed value
     * @return e.g. {@code [sleeping=1, inactive=2, jec=7]}
     */
    public static String describe(long counters) {
        return "[sleeping=" + sleepingThreads(counters) + ", inactive=" + inactiveThreads(counters)
                + ", jec=" + jobsCounter(counters) + "]";
    }

    @Override
    public String toString() {
        return describe(load());
    }

    private static final VarHandle VALUE =
            VarHandles.field(MethodHandles.lookup(), CountersValue.class, "value", long.class);

    static {
        // Each VarHandle call site of this class once, on counters of our own, so that all are
        // linked now (after VALUE, which they use): a site links the first time it runs, which
        // allocates, and a worker may first go idle or fall asleep just after a job filled the
        // heap, which made its loop throw an OutOfMemoryError of its own
        // (OutOfMemoryJobErrorProbe, firstSleep). Here an error fails the class's
        // initialization: the pool is not built. (As CoreLatch and WorkStealingDeque do.)
        AtomicCounters c = new AtomicCounters();
        c.addInactiveThread();
        c.subInactiveThread();
        c.addSleepingAndInactive();
        c.subSleepingAndInactive();
        c.tryAddSleepingThread(c.load());
        c.subSleepingThread();
        c.markJobsPosted(); // the JEC odd: its CAS
        c.announceSleepy(); // and even again: its CAS
        c.tryAddSignedSleeper(c.load());
        c.claimSleepers(1); // the signed sleeper just added
        c.addSignedSleepers(0);
        if (c.load() != 2 * ONE_JEC) {
            throw new AssertionError("the counters' link-up left " + describe(c.load()));
        }
    }
}
