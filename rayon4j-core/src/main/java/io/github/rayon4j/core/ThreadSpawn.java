package io.github.rayon4j.core;

/**
 * Creates the thread that runs one worker of a pool (Rayon's {@code spawn_handler}): set it with
 * {@link ThreadPoolBuilder#spawnHandler(ThreadSpawn)} to choose the threads' group, stack size,
 * priority, context class loader, or anything else a thread of your own may need. The handler
 * must start a thread that calls {@link WorkerStart#run()}, or throw.
 *
 * <pre>{@code
 * ThreadGroup group = new ThreadGroup("render");
 * ThreadPool pool = new ThreadPoolBuilder()
 *         .numThreads(4)
 *         .stackSize(64L << 20)
 *         .spawnHandler(w -> {
 *             Thread t = new Thread(group, w::run, w.name(), w.stackSize());
 *             t.setDaemon(true);
 *             t.start();
 *         })
 *         .build();
 * }</pre>
 *
 * <p>Virtual threads are a bad idea here: pool jobs are CPU-bound and do not yield, so a worker
 * on a virtual thread holds a carrier of the JDK's scheduler as long as it has work (starving the
 * other virtual threads), the pool's size no longer gives its parallelism (the carriers do), the
 * stack size is ignored, and a deep {@code join} recursion is copied off and on the carrier each
 * time its worker parks.
 *
 * @see WorkerStart
 */
@FunctionalInterface
public interface ThreadSpawn {
    /**
     * Starts a thread that calls {@code worker.run()}. Called on the thread that builds the pool
     * for each worker (index {@code 0} to {@code numThreads - 1}, in order), and, while the pool
     * runs, on a worker that calls {@link Rayon#blockInPlace} for each spare it starts (see
     * {@link WorkerStart#isSpare()}).
     *
     * @param worker what the new thread must run, with the name and stack size the builder asks
     *               for
     * @throws Exception if no thread could be started: {@code build()} then fails with an
     *                   {@link IllegalStateException} that has it as its cause (a spare's
     *                   {@code blockInPlace} goes on without a spare, and the exception goes to
     *                   the panic handler)
     */
    void spawn(WorkerStart worker) throws Exception;
}
