package io.github.rayon4j.core;

/**
 * An operation that must run on a worker of a given registry ({@link Registry#inWorker}).
 *
 * @param <R> the result type
 */
@FunctionalInterface
interface WorkerOp<R> {
    /**
     * @param worker   the current worker
     * @param injected {@code true} if the operation was injected from another thread rather than
     *                 called directly on this worker
     * @return the result
     */
    R run(WorkerThread worker, boolean injected);

    /**
     * How many jobs the operation makes at once when it starts, the injected one included: a
     * {@code join} pushes its right side before it runs its left, so it is two. Injecting the
     * operation from outside the pool wakes that many sleeping workers (as far as idle ones
     * cannot take them), rather than leaving the second to be woken by the first once it runs.
     *
     * @return at least 1
     */
    default int width() {
        return 1;
    }
}
