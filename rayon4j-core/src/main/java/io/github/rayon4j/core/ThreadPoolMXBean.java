package io.github.rayon4j.core;

/**
 * What a pool shows in JMX (JConsole, VisualVM, Mission Control, any JMX exporter): the counters
 * of {@link PoolMetrics} and the thread count, as read-only attributes. Every pool registers one
 * in the platform MBean server from {@link ThreadPoolBuilder#build()} until it is shut down or
 * closed, under {@code io.github.rayon4j:type=ThreadPool,name=pool-N} (N a sequence number per
 * JVM); the global pool, when created by {@link ThreadPoolBuilder#buildGlobal()}, under
 * {@code name=global}. {@link ThreadPoolBuilder#jmx(boolean) jmx(false)} turns it off.
 *
 * <pre>{@code
 * MBeanServer server = ManagementFactory.getPlatformMBeanServer();
 * for (ObjectName name : server.queryNames(new ObjectName("io.github.rayon4j:type=ThreadPool,*"), null)) {
 *     ThreadPoolMXBean pool = JMX.newMXBeanProxy(server, name, ThreadPoolMXBean.class);
 *     System.out.println(name.getKeyProperty("name") + ": " + pool.getJobsExecuted() + " jobs");
 * }
 * }</pre>
 *
 * <p>Each read takes a fresh {@link ThreadPool#metrics()} snapshot, with the same precision.
 */
public interface ThreadPoolMXBean {
    /**
     * The number of worker threads the pool was built with.
     *
     * @return {@link PoolMetrics#threads()}
     */
    int getPoolSize();

    /**
     * Live threads working for the pool now: its workers, plus the spare workers active while
     * workers block in {@link Rayon#blockInPlace} (parked spares waiting for reuse are not
     * counted).
     *
     * @return the live worker and active spare threads
     */
    int getThreadCount();

    /**
     * The names of the pool's worker threads, index order, to match this bean with thread dumps.
     *
     * @return one name per worker
     */
    String[] getWorkerThreadNames();

    /**
     * Jobs run from a queue.
     *
     * @return {@link PoolMetrics#jobsExecuted()}
     */
    long getJobsExecuted();

    /**
     * Jobs taken from another worker's deque.
     *
     * @return {@link PoolMetrics#jobsStolen()}
     */
    long getJobsStolen();

    /**
     * Jobs submitted from outside the pool.
     *
     * @return {@link PoolMetrics#jobsInjected()}
     */
    long getJobsInjected();

    /**
     * Times a worker went to sleep.
     *
     * @return {@link PoolMetrics#sleeps()}
     */
    long getSleeps();

    /**
     * Times a sleeping worker was woken.
     *
     * @return {@link PoolMetrics#wakeUps()}
     */
    long getWakeUps();

    /**
     * Spare workers activated by {@link Rayon#blockInPlace}.
     *
     * @return {@link PoolMetrics#spareActivations()}
     */
    long getSpareActivations();

    /**
     * Workers woken for new work that went back to sleep without running a job.
     *
     * @return {@link PoolMetrics#fruitlessWakeUps()}
     */
    long getFruitlessWakeUps();

    /**
     * Threads running a job now: live workers and active spares that are neither searching for
     * work nor asleep (a snapshot).
     *
     * @return the active threads, at least 0
     */
    int getActiveThreads();

    /**
     * Jobs waiting in the pool's injector (work submitted from outside, not yet taken).
     *
     * @return the injector's length now
     */
    int getInjectorDepth();

    /**
     * Jobs waiting in each worker's deque, worker index order (spares after the workers, 0 for
     * a spare slot not in use).
     *
     * @return one length per slot in use
     */
    int[] getDequeDepths();
}
