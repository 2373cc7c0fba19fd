package io.github.rayon4j.core;

import java.util.Objects;

/**
 * One worker of a pool, waiting for a thread to run it (Rayon's {@code ThreadBuilder}): a
 * {@link ThreadSpawn} handler receives it, creates a thread however it likes, and calls
 * {@link #run()} in that thread.
 *
 * <pre>{@code
 * .spawnHandler(w -> {
 *     Thread t = new Thread(group, w::run, w.name(), w.stackSize());
 *     t.setPriority(Thread.MAX_PRIORITY);
 *     t.start();
 * })
 * }</pre>
 *
 * <p>{@link #run()} must be called once, on a thread of its own: not on the thread that builds the
 * pool (the build would never return; {@link ThreadPoolBuilder#useCurrentThread()} is the way to
 * make that thread a worker), and not on a thread that already is a worker of a pool. It returns
 * when the pool has terminated (for a spare: when the spare retires for good), after which the
 * thread may go on with other work: a handler may run workers on threads of its own executor.
 */
public final class WorkerStart {
    private final WorkerThread worker;
    private final long stackSize;

    WorkerStart(WorkerThread worker, long stackSize) {
        this.worker = Objects.requireNonNull(worker);
        this.stackSize = stackSize;
    }

    /**
     * The worker's index in its pool: {@code [0, numThreads)} for a worker,
     * {@code [numThreads, numThreads + maxBlockingSpares)} for a spare (see {@link #isSpare()}).
     *
     * <pre>{@code Thread t = new Thread(w::run, "render-" + w.index());}</pre>
     *
     * @return the index, which {@link Rayon#currentThreadIndex()} returns on the thread
     */
    public int index() {
        return worker.index();
    }

    /**
     * The name the builder gives this worker's thread: its {@link ThreadPoolBuilder#threadName}
     * for this index, else the pool's default name. The handler may use it or not.
     *
     * <pre>{@code new Thread(group, w::run, w.name(), w.stackSize())}</pre>
     *
     * @return the thread name
     */
    public String name() {
        return worker.getName();
    }

    /**
     * The builder's {@link ThreadPoolBuilder#stackSize(long)}, in bytes; 0 when it was not set
     * (the JVM's default). The handler may use it or not.
     *
     * <pre>{@code new Thread(null, w::run, w.name(), Math.max(w.stackSize(), 16L << 20))}</pre>
     *
     * @return the stack size, {@code >= 0}
     */
    public long stackSize() {
        return stackSize;
    }

    /**
     * Whether this is a spare that {@link Rayon#blockInPlace} starts while a worker blocks,
     * rather than one of the pool's {@code numThreads} workers. A spare's thread is asked for on
     * the blocking worker's thread, while the pool runs; its {@link #run()} returns when the spare
     * has been idle for a minute or the pool terminated.
     *
     * <pre>{@code if (w.isSpare()) log.debug("spare {} for a blocked worker", w.index());}</pre>
     *
     * @return {@code true} for a spare
     */
    public boolean isSpare() {
        return worker.index() >= worker.registry().numThreads();
    }

    /**
     * Runs the worker on the calling thread until the pool no longer needs it. Call it once, on
     * the thread the handler made for it.
     *
     * <pre>{@code executor.execute(w::run);}</pre>
     *
     * <p>If the pool gave up on this worker before the call (a {@code build()} that failed or
     * timed out, a spare whose blocking operation already returned), it returns at once.
     *
     * @throws IllegalStateException if called a second time, on the thread that is building the
     *                               pool, or on a thread that already is a worker of a pool
     */
    public void run() {
        worker.runStarted();
    }

    @Override
    public String toString() {
        return "WorkerStart[" + worker.registry().name() + ", index " + index() + ", " + name() + "]";
    }
}
