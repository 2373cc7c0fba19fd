package io.github.rayon4j.core;

/**
 * A unit of work a worker can run: the right side of a {@code join} ({@link Join.Frame}), an
 * injected {@code install}, a spawned task or scope job, a broadcast share, the indirection of a
 * FIFO spawn ({@link JobFifo}). {@link #execute()} is called exactly once each time the job is
 * queued (a join's frame is queued again by its owner's later joins), on a worker thread, and
 * must not throw: each implementation captures its own exceptions and delivers them to whoever
 * waits for it (a latch owner, a scope, the panic handler). Delivering must not need memory the
 * first time it runs either (no class to load, no {@code VarHandle} call site to link), since a
 * job's failure often comes with a full heap; {@code OutOfMemoryJobErrorProbe} checks each kind.
 * Should a job throw all the same, the worker hands the error to the panic handler
 * ({@code WorkerThread.execute}) rather than let it unwind the work below it.
 */
interface Job {
    /** Runs the job on the current worker. */
    void execute();
}
