package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.CoreLatch;

/**
 * A worker's termination latch (RFC #5, "The thread-pool is terminating": one latch per worker,
 * set in turn). The worker's main loop waits on it; once the registry has no accepted work left,
 * the registry sets every worker's latch, which wakes the worker if it sleeps on it.
 */
final class OnceLatch extends CoreLatch implements Latch {
    private final Registry registry;
    private final int ownerIndex;

    OnceLatch(Registry registry, int ownerIndex) {
        this.registry = registry;
        this.ownerIndex = ownerIndex;
    }

    @Override
    public void set() {
        if (setCore()) {
            registry.sleep().notifyWorkerLatchIsSet(ownerIndex);
        }
    }
}
