package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.AtomicCounters;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The {@link ThreadPoolMXBean} of one pool and its registration in the platform MBean server.
 *
 * <h2>Off the caller's path</h2>
 * Starting the platform MBean server costs about 150 ms the first time in a JVM (measured: a
 * first {@code build()} took 180 ms with registration done in place, 30 ms without), which
 * would make every application that touches rayon4j pay it at start-up. So registration and
 * unregistration are tasks of one background daemon thread ({@code rayon4j-jmx}), run in the
 * order they were asked for: a pool's bean is unregistered after it was registered, even when
 * a pool is closed right after it was built. {@code close()} waits for its unregistration;
 * {@code shutdown()} and a {@code Cleaner} only ask for it. Registration never makes building a
 * pool fail: if it cannot be done (a name clash with someone else's bean, a restrictive MBean
 * server) a warning is logged and the pool runs without it.
 */
final class PoolJmx implements ThreadPoolMXBean {
    /** The JMX domain of rayon4j's beans. */
    static final String DOMAIN = "io.github.rayon4j";

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    /** One daemon thread, started on first use and ended after 10 s idle; tasks run in order. */
    private static final class Tasks {
        static final ThreadPoolExecutor EXECUTOR = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "rayon4j-jmx");
                    t.setDaemon(true);
                    return t;
                });

        static {
            EXECUTOR.allowCoreThreadTimeOut(true);
        }
    }

    private final Registry registry;
    private final String poolName;

    private PoolJmx(Registry registry, String poolName) {
        this.registry = registry;
        this.poolName = poolName;
    }

    /** Asks for a pool built by {@link ThreadPoolBuilder#build()} to be registered as {@code name=pool-N}. */
    static PoolJmx register(Registry registry) {
        return register(registry, "pool-" + SEQUENCE.incrementAndGet());
    }

    /** Asks for the global pool to be registered as {@code name=global}. */
    static PoolJmx registerGlobal(Registry registry) {
        return register(registry, "global");
    }

    private static PoolJmx register(Registry registry, String poolName) {
        PoolJmx bean = new PoolJmx(registry, poolName);
        Tasks.EXECUTOR.execute(bean::registerNow);
        return bean;
    }

    private void registerNow() {
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, objectName(poolName));
        } catch (JMException | RuntimeException e) {
            // RuntimeException too: a SecurityException, or a platform server that fails to start,
            // must not stop the pool from working.
            System.getLogger(PoolJmx.class.getName()).log(System.Logger.Level.WARNING,
                    "rayon4j: thread pool " + poolName + " not registered in JMX: " + e);
        }
    }

    static ObjectName objectName(String poolName) throws JMException {
        return new ObjectName(DOMAIN + ":type=ThreadPool,name=" + poolName); // pool-N or global: no quoting needed
    }

    /**
     * Asks for the bean to be removed from the MBean server (quietly nothing if it is not there).
     *
     * @return done when it was removed
     */
    Future<?> unregister() {
        return Tasks.EXECUTOR.submit(this::unregisterNow);
    }

    private void unregisterNow() {
        try {
            ObjectName name = objectName(poolName);
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException | RuntimeException e) {
            System.getLogger(PoolJmx.class.getName()).log(System.Logger.Level.WARNING,
                    "rayon4j: " + poolName + " not unregistered from JMX: " + e);
        }
    }

    /** Waits until every registration and unregistration asked for so far is done (tests). */
    static void awaitPending() throws InterruptedException, ExecutionException {
        Tasks.EXECUTOR.submit(() -> { }).get();
    }

    @Override
    public int getPoolSize() {
        return registry.numThreads();
    }

    @Override
    public int getThreadCount() {
        int live = 0;
        int limit = registry.slotLimit();
        for (int i = 0; i < limit; i++) {
            WorkerThread w = registry.worker(i);
            if (w != null && w.isRunning()) {
                live++;
            }
        }
        return live;
    }

    @Override
    public String[] getWorkerThreadNames() {
        String[] names = new String[registry.numThreads()];
        for (int i = 0; i < names.length; i++) {
            WorkerThread w = registry.worker(i);
            names[i] = w != null ? w.threadName() : null;
        }
        return names;
    }

    @Override
    public long getJobsExecuted() {
        return registry.metrics().jobsExecuted();
    }

    @Override
    public long getJobsStolen() {
        return registry.metrics().jobsStolen();
    }

    @Override
    public long getJobsInjected() {
        return registry.metrics().jobsInjected();
    }

    @Override
    public long getSleeps() {
        return registry.metrics().sleeps();
    }

    @Override
    public long getWakeUps() {
        return registry.metrics().wakeUps();
    }

    @Override
    public long getSpareActivations() {
        return registry.metrics().spareActivations();
    }

    @Override
    public long getFruitlessWakeUps() {
        return registry.metrics().fruitlessWakeUps();
    }

    @Override
    public int getActiveThreads() {
        int inactive = AtomicCounters.inactiveThreads(registry.sleep().counters().load());
        return Math.max(0, getThreadCount() - inactive);
    }

    @Override
    public int getInjectorDepth() {
        return registry.injectorDepth();
    }

    @Override
    public int[] getDequeDepths() {
        int[] depths = new int[registry.slotLimit()];
        for (int i = 0; i < depths.length; i++) {
            WorkerThread w = registry.worker(i);
            depths[i] = w != null ? w.deque().size() : 0;
        }
        return depths;
    }
}
