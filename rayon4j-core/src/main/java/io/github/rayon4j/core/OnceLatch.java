package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.WakeCause;

/**
 * A worker's termination latch (RFC #5, "The thread-pool is terminating": one latch per worker,
 * set in turn), and a spare worker's retire latch. It is a {@link SpinLatch} that is created
 * before its owner thread exists, from the owner's registry and index: the worker's top-level
 * loop waits on it, and setting it wakes the worker if it sleeps on it. The registry sets a
 * worker's termination latch once no accepted work is left.
 */
final class OnceLatch extends SpinLatch {
    OnceLatch(Registry registry, int ownerIndex) {
        super(registry, ownerIndex);
    }

    @Override
    WakeCause wakeCause() {
        return WakeCause.TERMINATION;
    }
}
