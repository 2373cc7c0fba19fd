package io.github.rayon4j.core;

import static io.github.rayon4j.core.PoolState.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.sleep.AtomicCounters;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Builder validation, the pool's life cycle, and thread hygiene. */
class PoolLifecycleTest {

    @Test
    void builderRejectsZeroAndTooManyThreadsWithTheLimitInTheMessage() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> new ThreadPoolBuilder().numThreads(0));
        assertTrue(zero.getMessage().contains("numThreads"), zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ThreadPoolBuilder().numThreads(-1));
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> new ThreadPoolBuilder().numThreads(AtomicCounters.THREADS_MAX + 1));
        assertTrue(big.getMessage().contains(String.valueOf(AtomicCounters.THREADS_MAX)), big.getMessage());
    }

    @Test
    void builderRejectsNegativeStackSizeAndSpares() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ThreadPoolBuilder().stackSize(-1));
        assertTrue(e.getMessage().contains("stackSize"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ThreadPoolBuilder().maxBlockingSpares(-1));
        assertThrows(IllegalArgumentException.class, () -> new ThreadPoolBuilder().roundsUntilSleepy(-1));
    }

    @Test
    void builderRejectsNullHandlersWithTheArgumentName() {
        ThreadPoolBuilder b = new ThreadPoolBuilder();
        assertEquals("name", assertThrows(NullPointerException.class, () -> b.threadName(null)).getMessage());
        assertEquals("handler", assertThrows(NullPointerException.class, () -> b.startHandler(null)).getMessage());
        assertEquals("handler", assertThrows(NullPointerException.class, () -> b.exitHandler(null)).getMessage());
        assertEquals("handler", assertThrows(NullPointerException.class, () -> b.panicHandler(null)).getMessage());
        assertEquals("handler", assertThrows(NullPointerException.class, () -> b.deadlockHandler(null)).getMessage());
    }

    @Test
    void threadNameReturningNullIsRejectedAndStartsNoThread() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new ThreadPoolBuilder().numThreads(2).threadName(i -> i == 1 ? null : "null-name-" + i).build());
        assertTrue(e.getMessage().contains("1"), e.getMessage());
        assertEquals(List.of(), PoolState.liveThreadsNamed("null-name-"));
    }

    @Test
    void defaultSizeComesFromTheSystemPropertyAndZeroOrJunkMeanTheDefault() {
        String old = System.getProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY);
        int available = Math.min(Runtime.getRuntime().availableProcessors(), AtomicCounters.THREADS_MAX);
        try {
            System.setProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY, " 3 ");
            assertEquals(3, ThreadPoolBuilder.defaultNumThreads());
            System.setProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY, "0");
            assertEquals(available, ThreadPoolBuilder.defaultNumThreads()); // junk: DefaultNumThreadsTest
        } finally {
            if (old == null) {
                System.clearProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY);
            } else {
                System.setProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY, old);
            }
        }
    }

    @Test
    void buildGlobalFailsOnceTheGlobalPoolExists() {
        assertTrue(Rayon.currentNumThreads() >= 1); // creates the global pool if nobody did
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ThreadPoolBuilder().numThreads(1).buildGlobal());
        assertTrue(e.getMessage().contains("global"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> new ThreadPoolBuilder().buildGlobal());
    }

    @Test
    void installOnAShutDownOrClosedPoolIsRejected() {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        assertEquals(1, (int) pool.install(() -> 1));
        pool.shutdown();
        assertTrue(pool.isShutdown());
        assertThrows(RejectedExecutionException.class, () -> pool.install(() -> 2));
        assertTimeoutPreemptively(Duration.ofSeconds(10), pool::close, () -> describe(pool));
        assertThrows(RejectedExecutionException.class, () -> pool.install(() -> 3));
        assertThrows(RejectedExecutionException.class, () -> pool.install(() -> { }));
        assertThrows(RejectedExecutionException.class, () -> pool.join(() -> 1, () -> 2));
        assertTrue(pool.isTerminated());
        pool.close(); // idempotent
    }

    @Test
    void closeFromAWorkerOfThePoolThrowsAndLeavesThePoolUsable() {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        try (PoolState.Closer closerpool = PoolState.closing(pool)) {
            IllegalStateException e = pool.install(() -> assertThrows(IllegalStateException.class, pool::close));
            assertNotNull(e.getMessage());
            assertFalse(pool.isShutdown());
            assertEquals(5, (int) pool.install(() -> 5));
        }
    }

    @Test
    void afterCloseNoWorkerThreadOfThePoolIsAliveAndEveryHandlerRan() {
        AtomicInteger started = new AtomicInteger();
        AtomicInteger exited = new AtomicInteger();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        ThreadPool pool = new ThreadPoolBuilder().numThreads(4).threadName(i -> "hygiene-" + i)
                .startHandler(i -> started.incrementAndGet()).exitHandler(i -> exited.incrementAndGet()).build();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int i = 0; i < 50; i++) {
                pool.install(() -> Rayon.join(() -> seen.add(Thread.currentThread().getName()),
                        () -> seen.add(Thread.currentThread().getName())));
            }
            assertEquals(4, PoolState.liveThreadsNamed("hygiene-").size(), describe(pool));
            pool.close();
        }, () -> describe(pool));
        assertEquals(List.of(), PoolState.liveThreadsNamed("hygiene-"), "alive after close()");
        assertEquals(List.of(), PoolState.liveThreadsOf(pool), "alive after close()");
        assertEquals(4, started.get());
        assertEquals(4, exited.get());
        assertTrue(seen.stream().allMatch(n -> n.startsWith("hygiene-")), seen.toString());
    }

    @Test
    void installFromAVirtualThreadWorks() throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21+");
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(0).build();
        try (PoolState.Closer closerpool = PoolState.closing(pool)) {
            AtomicReference<Object> result = new AtomicReference<>();
            Runnable task = () -> result.set(pool.install(() -> Rayon.join(() -> 20, () -> 22)));
            // Thread.ofVirtual().start(task), reflectively: this module compiles with --release 17.
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
            Thread vt = (Thread) start.invoke(builder, task);
            vt.join(20_000);
            assertFalse(vt.isAlive(), () -> "virtual thread still waiting: " + describe(pool));
            assertEquals(new Pair<>(20, 22), result.get());
        }
    }

    @Test
    void installFromOutsideRethrowsTheSameExceptionAndThePoolStaysUsable() {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        try (PoolState.Closer closerpool = PoolState.closing(pool)) {
            IllegalStateException boom = new IllegalStateException("boom");
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> pool.install(() -> {
                throw boom;
            }));
            assertSame(boom, thrown);
            assertEquals(2, (int) pool.install(() -> 2));
        }
    }
}
