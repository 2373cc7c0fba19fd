package io.github.rayon4j.core;

/**
 * A job injected into a registry by a thread that is not one of its workers ({@code install},
 * {@code join} or {@code scope} called from outside, or from another pool's worker). The caller
 * waits on {@link #latch}: a {@link LockLatch} for an outside thread, a {@link SpinLatch} for a
 * worker of another pool (which keeps stealing in its own pool meanwhile).
 *
 * <p>Every install job holds one unit of its registry's termination count, taken before it was
 * injected and given back after it finished, so a pool never terminates with it queued.
 *
 * @param <R> the result type
 */
final class InstallJob<R> implements AcceptedJob {
    private final Registry registry;
    private final WorkerOp<R> op;
    final Latch latch;
    private R result;
    private Throwable error;

    InstallJob(Registry registry, WorkerOp<R> op, Latch latch) {
        this.registry = registry;
        this.op = op;
        this.latch = latch;
    }

    @Override
    public void execute() {
        try {
            result = op.run(WorkerThread.current(), true); // run by a worker, of any kind
        } catch (Throwable t) {
            error = t;
        }
        try {
            latch.set();
        } finally {
            registry.releaseTerminateCount(); // the job is over, even if waking its caller failed
        }
    }

    @Override
    public void reject() {
        registry.releaseTerminateCount(); // its caller did not wait: the latch stays unset
    }

    /** After the latch was seen set: the result, or the job's exception rethrown as it is. */
    R join() {
        if (error != null) {
            throw Unwind.rethrow(error);
        }
        return result;
    }
}
