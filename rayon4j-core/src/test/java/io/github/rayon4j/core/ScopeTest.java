package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Scopes: the order their jobs start in, waiting for every job, exceptions, in-place bodies. */
class ScopeTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void scopeSpawnsRunLifoFromTheSpawningWorkerOnOneThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            assertTimeoutPreemptively(LIMIT, () -> pool.scope(s -> {
                for (int i = 0; i < 5; i++) {
                    int n = i;
                    s.spawn(s1 -> order.add(n));
                }
            }));
            assertEquals(List.of(4, 3, 2, 1, 0), order);
        }
    }

    @Test
    void scopeFifoSpawnsRunFifoOnOneThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            assertTimeoutPreemptively(LIMIT, () -> pool.scopeFifo(s -> {
                for (int i = 0; i < 5; i++) {
                    int n = i;
                    s.spawnFifo(s1 -> order.add(n));
                }
            }));
            assertEquals(List.of(0, 1, 2, 3, 4), order);
        }
    }

    @Test
    void nestedSpawnsAllFinishBeforeScopeReturns() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).build()) {
            AtomicInteger count = new AtomicInteger();
            assertTimeoutPreemptively(LIMIT, () -> pool.scope(s -> spawnTree(s, 8, count)));
            assertEquals((1 << 9) - 1, count.get());
        }
    }

    /**
     * Spawn credits ({@link ScopeBase}) stay with their scope: a worker that holds credits of
     * one scope (its body, or a job of it, spawned into it) and then opens another scope inside
     * and spawns there must take that scope's own; each scope returns only after its own jobs
     * ran, and the credits left over give back their termination units too, so the pool still
     * terminates. Using the outer scope's credits for the inner one let the inner scope return
     * before its jobs ran, and the outer one wait for ever.
     */
    @Test
    void eachScopeSpawnsWithItsOwnCredits() throws InterruptedException {
        for (int threads : new int[] {1, 2, 3}) {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build();
            assertTimeoutPreemptively(LIMIT, () -> {
                for (int round = 0; round < 20; round++) {
                    AtomicInteger outerRan = new AtomicInteger();
                    pool.scope(outer -> {
                        outer.spawn(x -> outerRan.incrementAndGet()); // the body takes credits of outer
                        assertEquals(100, innerScope(100));
                        for (int j = 0; j < 4; j++) {
                            outer.spawn(x -> {
                                outerRan.incrementAndGet();
                                x.spawn(y -> outerRan.incrementAndGet()); // a job takes credits of outer
                                assertEquals(30, innerScope(30));
                            });
                        }
                    });
                    assertEquals(9, outerRan.get(), "the outer scope returned before its jobs ran");
                }
            });
            pool.shutdown();
            assertTrue(pool.awaitTermination(LIMIT), "credits kept termination units after their scopes ended");
        }
    }

    /** Opens a scope, spawns {@code n} jobs into it, and returns how many had run when it returned. */
    private static int innerScope(int n) {
        AtomicInteger ran = new AtomicInteger();
        Rayon.scope(inner -> {
            for (int i = 0; i < n; i++) {
                inner.spawn(x -> ran.incrementAndGet());
            }
        });
        return ran.get();
    }

    private static void spawnTree(Scope s, int depth, AtomicInteger count) {
        count.incrementAndGet();
        if (depth > 0) {
            s.spawn(s1 -> spawnTree(s1, depth - 1, count));
            s.spawn(s1 -> spawnTree(s1, depth - 1, count));
        }
    }

    @Test
    void firstExceptionLeavesScopeAfterAllJobsWithLaterOnesSuppressed() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            assertTimeoutPreemptively(LIMIT, () -> {
                AtomicInteger finished = new AtomicInteger();
                RuntimeException e = assertThrows(RuntimeException.class, () -> pool.scope(s -> {
                    for (int i = 0; i < 10; i++) {
                        int n = i;
                        s.spawn(s1 -> {
                            finished.incrementAndGet();
                            if (n % 3 == 0) {
                                throw new IllegalStateException("job " + n);
                            }
                        });
                    }
                }));
                assertEquals(10, finished.get(), "every job ran before the scope rethrew");
                assertTrue(e.getMessage().startsWith("job "));
                assertEquals(3, e.getSuppressed().length);
                assertEquals(7, (int) pool.scopeResult(s -> 7), "the pool stays usable");
            });
        }
    }

    @Test
    void scopeResultReturnsTheBodysValue() {
        assertEquals("x", assertTimeoutPreemptively(LIMIT, () -> Rayon.scopeResult(s -> "x")));
    }

    @Test
    void inPlaceScopeRunsBodyOnCallingThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).threadName(i -> "ips-" + i).build()) {
            List<String> where = Collections.synchronizedList(new ArrayList<>());
            assertTimeoutPreemptively(LIMIT, () -> {
                Thread me = Thread.currentThread();
                pool.inPlaceScope(s -> {
                    assertSame(me, Thread.currentThread());
                    s.spawn(s1 -> where.add(Thread.currentThread().getName()));
                });
            });
            assertEquals(1, where.size());
            assertTrue(where.get(0).startsWith("ips-"), where.toString());
        }
    }

    @Test
    void mixedTreesOfScopeJobsAndJoinsRunEveryJobExactlyOnce() {
        for (int threads = 1; threads <= 4; threads++) {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
                int[] hits = new int[1000];
                assertTimeoutPreemptively(LIMIT, () -> pool.scope(s -> IntStream.range(0, 1000).forEach(i ->
                        s.spawn(s1 -> {
                            if (i % 2 == 0) {
                                Rayon.join(() -> {
                                    synchronized (hits) {
                                        hits[i]++;
                                    }
                                }, () -> { });
                            } else {
                                synchronized (hits) {
                                    hits[i]++;
                                }
                            }
                        }))));
                for (int i = 0; i < hits.length; i++) {
                    assertEquals(1, hits[i], "job " + i + " on " + threads + " threads");
                }
            }
        }
    }
}
