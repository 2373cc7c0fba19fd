package io.github.rayon4j.core.sleep;

import io.github.rayon4j.core.internal.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The latch state machine that every rayon4j latch a worker can wait on is built from (RFC #5,
 * Appendix A).
 *
 * <h2>Protocol</h2>
 * A latch has exactly one <em>owner</em>: the worker thread that waits for it. Its state is one
 * {@code int} that moves through four values:
 * <pre>
 *   UNSET --getSleepy()--> SLEEPY --fallAsleep()--> SLEEPING --wakeUp()--> UNSET
 *     \                      \                        \
 *      +---------------------+------------------------+--set()--> SET --reset()--> UNSET
 * </pre>
 * {@code SET} is final for every latch but a join's frame, which its owner reuses for a later join
 * ({@code Join.Frame}); {@link #reset()} is called only by the owner, only once it saw the latch
 * set (or took the frame back before anyone else could see it), and only before it publishes the
 * latch again.
 * <ul>
 *   <li>{@link #probe()}, {@link #getSleepy()}, {@link #fallAsleep()} and {@link #wakeUp()} are
 *       called only by the owner. The two middle ones are compare-and-set transitions; a failure
 *       means another thread set the latch in the meantime, and the owner must not block.</li>
 *   <li>{@link #setCore()} may be called by any thread, once or more. It swaps in {@code SET}
 *       unconditionally and reports whether the previous state was {@code SLEEPING}: only then
 *       must the setter wake the owner (the latch-targeted wake-up of RFC #5). {@code SLEEPY}
 *       needs no wake-up: the owner's next CAS to {@code SLEEPING} fails and it stays awake.</li>
 * </ul>
 * The owner calls {@code fallAsleep()} while holding its own sleep lock (see {@link Sleep}), and
 * a setter that sees {@code SLEEPING} acquires that same lock before it wakes the owner. So
 * either the setter's swap comes first and the owner's CAS fails, or the owner has marked itself
 * blocked under the lock before the setter gets the lock; the setter then clears the mark and
 * unparks it, and an unpark that comes before the owner's park leaves a permit, so the park
 * returns at once: no wake-up is lost. (The {@code LEGACY_TICKLE} policy waits on a condition
 * variable under the same lock instead; the argument is the same.)
 *
 * <h2>Memory ordering</h2>
 * All transitions are volatile read-modify-writes on the same word, so they are totally ordered;
 * {@code probe()} is an acquire load, so an owner that sees {@code SET} also sees everything the
 * setter wrote before setting (a join's result, for instance). The setter publishes with the
 * volatile swap, which has release semantics.
 *
 * <p>Subclasses (the spin latch of {@code join}, the count latch of scopes, the termination latch)
 * decide whom to wake when {@code setCore()} returns {@code true}.
 */
public class CoreLatch {
    /** Not set; the owner is not about to sleep. */
    public static final int UNSET = 0;
    /** The owner announced that it is about to sleep on this latch. */
    public static final int SLEEPY = 1;
    /** The owner is asleep (or holds its sleep lock on its way there). */
    public static final int SLEEPING = 2;
    /** Set; final. */
    public static final int SET = 3;

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    /** Creates an unset latch. */
    public CoreLatch() {
    }

    /**
     * Owner only: UNSET to SLEEPY.
     *
     * @return {@code false} if the latch was set meanwhile, so the owner must not sleep
     */
    public final boolean getSleepy() {
        return STATE.compareAndSet(this, UNSET, SLEEPY);
    }

    /**
     * Owner only, under its sleep lock: SLEEPY to SLEEPING.
     *
     * @return {@code false} if the latch was set meanwhile, so the owner must not sleep
     */
    public final boolean fallAsleep() {
        return STATE.compareAndSet(this, SLEEPY, SLEEPING);
    }

    /**
     * Owner only, after waking or after giving up on sleep: back to UNSET unless the latch was
     * set. A failed CAS means the latch is SET, which is what the owner wants to see next.
     */
    public final void wakeUp() {
        if (!probe()) {
            STATE.compareAndSet(this, SLEEPING, UNSET);
        }
    }

    /**
     * Sets the latch. Any thread. Subclasses that know their owner wrap this in a {@code set()}
     * that also wakes the owner when this returns {@code true}.
     *
     * @return {@code true} if the owner was asleep on this latch and must be woken by the caller
     */
    public final boolean setCore() {
        return (int) STATE.getAndSet(this, SET) == SLEEPING;
    }

    /**
     * Owner only, for a latch it reuses (a join's frame): back to UNSET, after the owner saw the
     * latch SET (so the setter's swap, its last write here, is ordered before this store) or
     * after it took the latch back before anyone else could reach it. A plain store: the next
     * setter reaches the latch only through a publication with release semantics (the owner's
     * deque push), which orders this store before anything that setter does. (A frame is reset
     * only off the join's hot path, after a steal or after a side threw, where the heap may be
     * full: the class's initializer has linked this call site, as every other of its own.)
     */
    public final void reset() {
        STATE.set(this, UNSET);
    }

    /**
     * Whether the latch is set. Acquire load, so the setter's prior writes are visible.
     *
     * @return {@code true} once set
     */
    public final boolean probe() {
        return (int) STATE.getAcquire(this) == SET;
    }

    /**
     * The raw state, for tests and diagnostics.
     *
     * @return one of {@link #UNSET}, {@link #SLEEPY}, {@link #SLEEPING}, {@link #SET}
     */
    public final int state() {
        return (int) STATE.getVolatile(this);
    }

    private static final VarHandle STATE =
            VarHandles.field(MethodHandles.lookup(), CoreLatch.class, "state", int.class);

    static {
        // Each VarHandle call site of this class once, on a latch of our own, so that all are
        // linked now: a site links the first time it runs, which allocates, and a latch may be
        // set for the first time by a job whose failure has just filled the heap (a join's right
        // side run as a job); a set that failed so would leave its owner waiting for ever
        // (OutOfMemoryJobErrorProbe, joinBothFail). Here an error fails the class's
        // initialization: the pool is not built.
        CoreLatch l = new CoreLatch();
        l.getSleepy();
        l.fallAsleep();
        l.wakeUp();
        l.setCore();
        l.reset();
        if (l.probe() || l.state() != UNSET) {
            throw new AssertionError("the latch's link-up left it set");
        }
    }
}
