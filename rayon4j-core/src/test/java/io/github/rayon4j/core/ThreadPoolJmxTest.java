package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.management.JMX;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** The ThreadPoolMXBean's life cycle in the platform MBean server. */
class ThreadPoolJmxTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    private static Set<ObjectName> poolBeans() throws Exception {
        return SERVER.queryNames(new ObjectName("io.github.rayon4j:type=ThreadPool,*"), null);
    }

    /** The one bean that appeared since {@code before} (registration runs in the background). */
    private static ObjectName newBean(Set<ObjectName> before) throws Exception {
        PoolJmx.awaitPending();
        Set<ObjectName> added = new HashSet<>(poolBeans());
        added.removeAll(before);
        assertEquals(1, added.size(), "one bean registered: " + added);
        return added.iterator().next();
    }

    @Test
    void aPoolIsRegisteredWhileOpenWithSensibleAttributesAndUnregisteredOnClose() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Set<ObjectName> before = poolBeans();
            ObjectName name;
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).threadName(i -> "jmx-test-" + i).build()) {
                name = newBean(before);
                assertEquals("io.github.rayon4j", name.getDomain());
                assertEquals("ThreadPool", name.getKeyProperty("type"));
                assertTrue(name.getKeyProperty("name").matches("pool-\\d+"), name.toString());
                assertTrue(SERVER.isRegistered(name));
                assertTrue(JMX.isMXBeanInterface(ThreadPoolMXBean.class));

                assertEquals(2, SERVER.getAttribute(name, "PoolSize"));
                assertEquals(0L, SERVER.getAttribute(name, "JobsInjected"));

                pool.install(() -> JoinTest.fib(20));
                pool.scope(s -> {
                    for (int i = 0; i < 50; i++) {
                        s.spawn(s1 -> JoinTest.fib(10));
                    }
                });
                pool.install(() -> Rayon.blockInPlace(() -> 1));

                ThreadPoolMXBean bean = JMX.newMXBeanProxy(SERVER, name, ThreadPoolMXBean.class);
                PoolMetrics m = pool.metrics();
                assertEquals(2, bean.getPoolSize());
                assertEquals(3L, bean.getJobsInjected(), "two installs and a scope");
                assertEquals(m.jobsInjected(), bean.getJobsInjected());
                assertTrue(bean.getJobsExecuted() >= 53, "the injected jobs and 50 spawns: " + bean.getJobsExecuted());
                assertTrue(bean.getJobsExecuted() >= m.jobsExecuted(), "counters only grow");
                assertTrue(bean.getJobsStolen() <= bean.getJobsExecuted());
                assertEquals(1L, bean.getSpareActivations());
                assertTrue(bean.getSleeps() >= 0 && bean.getWakeUps() >= 0);
                int threads = bean.getThreadCount();
                assertTrue(threads >= 2 && threads <= 3, "two workers, perhaps a spare still retiring: " + threads);
                assertArrayEquals(new String[] {"jmx-test-0", "jmx-test-1"}, bean.getWorkerThreadNames());
                assertTrue(bean.getFruitlessWakeUps() >= 0 && bean.getFruitlessWakeUps() <= bean.getWakeUps());
                int active = bean.getActiveThreads();
                assertTrue(active >= 0 && active <= threads, "active " + active + " of " + threads);
                assertEquals(0, bean.getInjectorDepth(), "nothing queued between calls");
                int[] depths = bean.getDequeDepths();
                assertTrue(depths.length >= 2 && java.util.Arrays.stream(depths).allMatch(d -> d == 0),
                        java.util.Arrays.toString(depths));
                assertEquals(List.of("ActiveThreads", "DequeDepths", "FruitlessWakeUps", "InjectorDepth",
                        "JobsExecuted", "JobsInjected", "JobsStolen", "PoolSize", "Sleeps",
                        "SpareActivations", "ThreadCount", "WakeUps", "WorkerThreadNames"),
                        attributeNames(name));
            }
            assertFalse(SERVER.isRegistered(name), "unregistered on close");
        });
    }

    @Test
    void shutdownUnregistersToo() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Set<ObjectName> before = poolBeans();
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
            ObjectName name = newBean(before);
            pool.shutdown();
            PoolJmx.awaitPending();
            assertFalse(SERVER.isRegistered(name));
            pool.close();
            assertEquals(before, poolBeans());
        });
    }

    @Test
    void poolsOpenAtTheSameTimeHaveDistinctNames() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Set<ObjectName> before = poolBeans();
            try (ThreadPool a = new ThreadPoolBuilder().numThreads(1).build()) {
                ObjectName na = newBean(before);
                Set<ObjectName> withA = poolBeans();
                try (ThreadPool b = new ThreadPoolBuilder().numThreads(1).build()) {
                    ObjectName nb = newBean(withA);
                    assertNotEquals(na, nb);
                    assertTrue(SERVER.isRegistered(na) && SERVER.isRegistered(nb));
                }
                assertTrue(SERVER.isRegistered(na), "closing b leaves a's bean");
            }
            assertEquals(before, poolBeans());
        });
    }

    @Test
    void jmxFalseRegistersNothing() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Set<ObjectName> before = poolBeans();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
                assertEquals(1, (int) pool.install(() -> 1));
                PoolJmx.awaitPending();
                assertEquals(before, poolBeans());
            }
            assertEquals(before, poolBeans());
        });
    }

    @Test
    void theGlobalPoolBuiltByBuildGlobalRegistersAsGlobalUnlessJmxIsOff() {
        assertTimeoutPreemptively(LIMIT, () -> {
            assertEquals("registered 2 1", runProbe("on"));
            assertEquals("absent", runProbe("off"));
        });
    }

    @Test
    void theGlobalPoolCreatedByItsFirstUseRegistersToo() {
        assertTimeoutPreemptively(LIMIT, () -> assertEquals("registered 2 1", runProbe("implicit")));
    }

    /**
     * The {@code rayon4j-jmx} thread exists only while a registration or an unregistration is
     * outstanding: after a pool closed before its registration ran (cancelled), and after one
     * registered and then closed (unregistered), it ends.
     */
    @Test
    void theJmxThreadEndsWhenNothingIsOutstanding() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
                assertTrue(jmxThreadAlive(), "a registration is outstanding");
                pool.install(() -> 1);
            }
            awaitNoJmxThread("the registration was cancelled");

            Set<ObjectName> before = poolBeans();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
                ObjectName name = newBean(before);
                assertTrue(SERVER.isRegistered(name));
                pool.install(() -> 1);
            }
            assertEquals(before, poolBeans(), "unregistered on close");
            awaitNoJmxThread("registered, then unregistered");
        });
    }

    private static boolean jmxThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("rayon4j-jmx") && t.isAlive());
    }

    /** Waits (up to 10 s) until no {@code rayon4j-jmx} thread is alive; fails if one still is. */
    private static void awaitNoJmxThread(String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (jmxThreadAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertFalse(jmxThreadAlive(), "the rayon4j-jmx thread ended: " + what);
    }

    private static List<String> attributeNames(ObjectName name) throws Exception {
        return Arrays.stream(SERVER.getMBeanInfo(name).getAttributes())
                .map(MBeanAttributeInfo::getName).sorted().toList();
    }

    private static String runProbe(String arg) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                GlobalJmxProbe.class.getName(), arg).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        String text = out.toString(StandardCharsets.UTF_8).trim();
        assertEquals(0, p.exitValue(), text);
        return text;
    }
}
