package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.WakeCause;
import io.github.rayon4j.core.sleep.CoreLatch;

/**
 * The latch a worker waits on inside {@code join} (and, across pools, inside {@code install}): it
 * knows its owner worker, so setting it wakes exactly that worker, and only if the owner went to
 * sleep on this very latch (RFC #5, "A latch has been set"). While the owner waits it keeps
 * stealing and running other jobs (the worker loop), so nothing blocks a pool thread.
 *
 * <p>Ordering: whatever the setter wrote before {@link #set()} (a job's result) is visible to an
 * owner whose {@link #probe()} returned {@code true}: the swap in {@link CoreLatch#setCore()} is a
 * volatile write and {@code probe()} an acquire read of the same word.
 *
 * <p>After the swap, {@link #set()} reads only final fields (the owner's registry and index) and
 * calls {@link #wakeCause()}, which returns a constant: an owner that saw the latch set may
 * already be reusing it (a join's frame, {@code Join.Frame}), as Rayon's owner may already have
 * popped the stack frame that held its latch.
 */
class SpinLatch extends CoreLatch implements Latch {
    private final Registry ownerRegistry;
    private final int ownerIndex;

    /**
     * @param owner the worker that will wait on this latch
     */
    SpinLatch(WorkerThread owner) {
        this(owner.registry(), owner.index());
    }

    /**
     * @param ownerRegistry the registry of the worker that will wait on this latch
     * @param ownerIndex    that worker's index
     */
    SpinLatch(Registry ownerRegistry, int ownerIndex) {
        this.ownerRegistry = ownerRegistry;
        this.ownerIndex = ownerIndex;
    }

    /** The registry of the worker that waits on this latch. */
    final Registry ownerRegistry() {
        return ownerRegistry;
    }

    @Override
    public final void set() {
        boolean ownerWasSleeping = setCore();
        ownerRegistry.sleep().latchSet(ownerWasSleeping, ownerIndex, wakeCause());
    }

    /** What setting this latch means to a sleeping owner, for its Flight Recorder event. */
    WakeCause wakeCause() {
        return WakeCause.LATCH;
    }
}
