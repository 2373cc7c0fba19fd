package io.github.rayon4j.core;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Run in a child JVM by {@link ThreadPoolJmxTest} (the test JVM's global pool already exists):
 * builds the global pool, with JMX unless the argument is {@code off}, runs a join in it, and
 * prints whether {@code name=global} is registered and, if so, its pool size and injected jobs.
 */
public final class GlobalJmxProbe {
    private GlobalJmxProbe() {
    }

    /**
     * Prints {@code registered <size> <injected>} or {@code absent}.
     *
     * @param args {@code on} or {@code off} (built by {@code buildGlobal}), or {@code implicit}
     *             (created by its first use)
     * @throws Exception if JMX fails
     */
    public static void main(String[] args) throws Exception {
        if ("implicit".equals(args[0])) {
            System.setProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY, "2"); // first use creates it
        } else {
            new ThreadPoolBuilder().numThreads(2).jmx(!"off".equals(args[0])).buildGlobal();
        }
        Rayon.join(() -> { }, () -> { });
        PoolJmx.awaitPending();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("io.github.rayon4j:type=ThreadPool,name=global");
        System.out.println(server.isRegistered(name)
                ? "registered " + server.getAttribute(name, "PoolSize") + " " + server.getAttribute(name, "JobsInjected")
                : "absent");
    }
}
