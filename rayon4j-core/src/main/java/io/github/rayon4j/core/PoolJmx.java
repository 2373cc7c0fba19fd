package io.github.rayon4j.core;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The {@link ThreadPoolMXBean} of one pool and its registration in the platform MBean server.
 * Registration never makes building a pool fail: if it cannot be done (a name clash with someone
 * else's bean, a restrictive MBean server) a warning is logged and the pool runs without it.
 */
final class PoolJmx implements ThreadPoolMXBean {
    /** The JMX domain of rayon4j's beans. */
    static final String DOMAIN = "io.github.rayon4j";

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Registry registry;
    private final ObjectName name;

    private PoolJmx(Registry registry, ObjectName name) {
        this.registry = registry;
        this.name = name;
    }

    /** Registers a pool built by {@link ThreadPoolBuilder#build()} as {@code name=pool-N}. */
    static PoolJmx register(Registry registry) {
        return register(registry, "pool-" + SEQUENCE.incrementAndGet());
    }

    /** Registers the global pool as {@code name=global}. */
    static PoolJmx registerGlobal(Registry registry) {
        return register(registry, "global");
    }

    private static PoolJmx register(Registry registry, String poolName) {
        try {
            PoolJmx bean = new PoolJmx(registry, objectName(poolName));
            ManagementFactory.getPlatformMBeanServer().registerMBean(bean, bean.name);
            return bean;
        } catch (JMException | RuntimeException e) {
            // RuntimeException too: a SecurityException, or a platform server that fails to start,
            // must not stop the pool from being built.
            System.getLogger(PoolJmx.class.getName()).log(System.Logger.Level.WARNING,
                    "rayon4j: thread pool " + poolName + " not registered in JMX: " + e);
            return null;
        }
    }

    static ObjectName objectName(String poolName) throws JMException {
        return new ObjectName(DOMAIN + ":type=ThreadPool,name=" + poolName); // pool-N or global: no quoting needed
    }

    /** The name this bean is registered under. */
    ObjectName name() {
        return name;
    }

    /** Removes the bean from the MBean server; quietly does nothing if it is already gone. */
    void unregister() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException | RuntimeException e) {
            System.getLogger(PoolJmx.class.getName()).log(System.Logger.Level.WARNING,
                    "rayon4j: " + name + " not unregistered from JMX: " + e);
        }
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
            if (w != null && w.isAlive()) {
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
            names[i] = w != null ? w.getName() : null;
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
}
