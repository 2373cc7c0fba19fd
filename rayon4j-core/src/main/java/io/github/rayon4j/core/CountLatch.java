package io.github.rayon4j.core;

import io.github.rayon4j.core.internal.VarHandles;
import io.github.rayon4j.core.sleep.CoreLatch;
import io.github.rayon4j.core.sleep.WakeCause;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A latch set when a counter falls to zero: a scope's "every spawned job has finished", or a
 * broadcast's "every worker ran its share". A scope's starts at one (the scope body itself);
 * each spawn {@link #increment(int) increment}s it (by one, or by a batch of spawn credits
 * that a worker hands out itself and {@link #release(long) release}s unused; see
 * {@link ScopeBase}), and each finished job, and the body when it ends, {@link #set()}s, which
 * decrements. A broadcast's starts at the number of workers, and each share sets it once. The
 * decrement to zero sets the underlying {@link CoreLatch}.
 *
 * <h2>Who waits</h2>
 * If the scope or broadcast was started on a worker (of this pool or, for {@code inPlaceScope}
 * and {@code ThreadPool.broadcast}, of another one), that worker is the owner: it waits with the
 * worker loop (stealing in its own pool meanwhile) and a set that finds it {@code SLEEPING} wakes
 * exactly it through its pool's sleep module. If it was started on an outside thread, that thread
 * parks and the final set unparks it.
 *
 * <h2>Ordering</h2>
 * The counter is changed with volatile read-modify-writes; the decrement to zero happens after
 * every other decrement in the counter's modification order, and it is followed by the release
 * swap of {@code setCore()}, so the owner that sees the latch set also sees every job's writes.
 */
final class CountLatch extends CoreLatch implements Latch {
    @SuppressWarnings("unused") // accessed through COUNTER
    private volatile long counter;
    private final Registry ownerRegistry;
    private final int ownerIndex;
    private final Thread outsideOwner;

    /**
     * @param owner the worker that waits, or {@code null} if the caller is an outside thread
     */
    CountLatch(WorkerThread owner) {
        this(owner, 1);
    }

    /**
     * @param owner the worker that waits, or {@code null} if the caller is an outside thread
     * @param count the initial count, at least 1
     */
    CountLatch(WorkerThread owner, long count) {
        this.counter = count;
        if (owner != null) {
            this.ownerRegistry = owner.registry();
            this.ownerIndex = owner.index();
            this.outsideOwner = null;
        } else {
            this.ownerRegistry = null;
            this.ownerIndex = -1;
            this.outsideOwner = Thread.currentThread();
        }
    }

    /** {@code n} more jobs to wait for. Only while the count is above zero (the waiter is not
     *  done). */
    void increment(int n) {
        long before = (long) COUNTER.getAndAdd(this, (long) n);
        assert before > 0 : "CountLatch incremented after it was set";
    }

    @Override
    public void set() {
        release(1);
    }

    /** {@code n} decrements at once: a worker's unused spawn credits given back
     *  ({@link ScopeBase}, "Spawn credits"). */
    void release(long n) {
        long after = (long) COUNTER.getAndAdd(this, -n) - n;
        if (after == 0) {
            boolean ownerWasSleeping = setCore();
            if (ownerRegistry != null) {
                ownerRegistry.sleep().latchSet(ownerWasSleeping, ownerIndex, WakeCause.LATCH);
            }
            if (outsideOwner != null) {
                LockSupport.unpark(outsideOwner);
            }
        }
    }

    /**
     * Waits until the count reaches zero: the owner worker runs the worker loop, an outside owner
     * parks.
     *
     * @param owner the current worker, or {@code null} on an outside thread
     */
    void await(WorkerThread owner) {
        if (owner != null) {
            owner.waitUntil(this);
            return;
        }
        boolean interrupted = false;
        while (!probe()) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static final VarHandle COUNTER =
            VarHandles.field(MethodHandles.lookup(), CountLatch.class, "counter", long.class);
}
