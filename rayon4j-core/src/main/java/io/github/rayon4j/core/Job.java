package io.github.rayon4j.core;

/**
 * A unit of work a worker can run: the stolen half of a {@code join}, an injected {@code install},
 * a spawned task, a broadcast share. {@link #execute()} is called exactly once, on a worker
 * thread, and must not throw: each implementation captures its own exceptions and delivers them
 * to whoever waits for it (a latch owner, a scope, the panic handler).
 */
interface Job {
    /** Runs the job on the current worker. */
    void execute();
}
