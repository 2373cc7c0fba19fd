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
}
