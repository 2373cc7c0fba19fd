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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ScopeTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void scopeSpawnsRunLifoFromTheSpawningWorkerOnOneThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            pool.scope(s -> {
                for (int i = 0; i < 5; i++) {
                    int n = i;
                    s.spawn(s1 -> order.add(n));
                }
            });
            assertEquals(List.of(4, 3, 2, 1, 0), order);
        }
    }

    @Test
    void scopeFifoSpawnsRunFifoOnOneThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            pool.scopeFifo(s -> {
                for (int i = 0; i < 5; i++) {
                    int n = i;
                    s.spawnFifo(s1 -> order.add(n));
                }
            });
            assertEquals(List.of(0, 1, 2, 3, 4), order);
        }
    }

    @Test
    void spawnFifoRunsInSpawnOrderOnOneThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch done = new CountDownLatch(5);
            pool.install(() -> {
                for (int i = 0; i < 5; i++) {
                    int n = i;
                    Rayon.spawnFifo(() -> {
                        order.add(n);
                        done.countDown();
                    });
                }
            });
            assertTimeoutPreemptively(LIMIT, () -> done.await());
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
        }
    }

    @Test
    void scopeResultReturnsTheBodysValue() {
        assertEquals("x", Rayon.scopeResult(s -> "x"));
    }

    @Test
    void inPlaceScopeRunsBodyOnCallingThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).threadName(i -> "ips-" + i).build()) {
            Thread me = Thread.currentThread();
            List<String> where = Collections.synchronizedList(new ArrayList<>());
            pool.inPlaceScope(s -> {
                assertSame(me, Thread.currentThread());
                s.spawn(s1 -> where.add(Thread.currentThread().getName()));
            });
            assertEquals(1, where.size());
            assertTrue(where.get(0).startsWith("ips-"), where.toString());
        }
    }

    @Test
    void spawnExceptionGoesToPanicHandler() throws InterruptedException {
        LinkedBlockingQueue<Throwable> seen = new LinkedBlockingQueue<>();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).panicHandler(seen::add).build()) {
            RuntimeException boom = new RuntimeException("boom");
            pool.spawn(() -> {
                throw boom;
            });
            assertSame(boom, seen.poll(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void spawnExceptionWithoutPanicHandlerGoesToUncaughtExceptionHandler() throws InterruptedException {
        LinkedBlockingQueue<Throwable> seen = new LinkedBlockingQueue<>();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            pool.install(() -> Thread.currentThread().setUncaughtExceptionHandler((t, e) -> seen.add(e)));
            RuntimeException boom = new RuntimeException("boom");
            pool.spawn(() -> {
                throw boom;
            });
            assertSame(boom, seen.poll(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void broadcastReturnsOneResultPerWorkerInIndexOrder() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(4).build()) {
            List<Integer> indices = pool.broadcast(BroadcastContext::index);
            assertEquals(List.of(0, 1, 2, 3), indices);
            List<Integer> fromInside = pool.install(() -> Rayon.broadcast(ctx -> ctx.index() * 10));
            assertEquals(List.of(0, 10, 20, 30), fromInside);
        }
    }

    @Test
    void broadcastRunsOnEachWorkerThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).threadName(i -> "bc-" + i).build()) {
            List<String> names = pool.broadcast(ctx -> Thread.currentThread().getName());
            assertEquals(List.of("bc-0", "bc-1", "bc-2"), names);
        }
    }

    @Test
    void broadcastWakesWorkersThatFellAsleepRepeatedly() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(1).build()) {
            assertTimeoutPreemptively(LIMIT, () -> {
                for (int round = 0; round < 300; round++) {
                    if (round % 3 == 0) {
                        waitUntilAllAsleep(pool);
                    }
                    assertEquals(List.of(0, 1), pool.broadcast(BroadcastContext::index));
                }
            });
        }
    }

    @Test
    void spawnBroadcastRunsOncePerWorker() throws InterruptedException {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).build()) {
            LinkedBlockingQueue<Integer> seen = new LinkedBlockingQueue<>();
            pool.spawnBroadcast(ctx -> seen.add(ctx.index()));
            List<Integer> got = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                got.add(seen.poll(60, TimeUnit.SECONDS));
            }
            Collections.sort(got);
            assertEquals(List.of(0, 1, 2), got);
        }
    }

    @Test
    void scopeSpawnBroadcastRunsOncePerWorkerBeforeScopeEnds() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).build()) {
            List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
            pool.scope(s -> s.spawnBroadcast((s1, ctx) -> seen.add(ctx.index())));
            assertEquals(List.of(0, 1, 2), seen.stream().sorted().collect(Collectors.toList()));
        }
    }

    @Test
    void blockInPlaceKeepsPoolWorkingWithSpareWhileAllWorkersBlock() {
        AtomicInteger deadlocks = new AtomicInteger();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(2)
                .deadlockHandler(deadlocks::incrementAndGet).build()) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch blocked = new CountDownLatch(2);
            // Two workers block in user code; their spares keep running new work.
            pool.spawnBroadcast(ctx -> Rayon.blockInPlace(() -> {
                blocked.countDown();
                awaitQuietly(release);
                return null;
            }));
            assertTimeoutPreemptively(LIMIT, () -> {
                blocked.await();
                assertEquals(JoinTest.fibSeq(18), pool.install(() -> JoinTest.fib(18)));
            });
            release.countDown();
            assertEquals(0, deadlocks.get(), "spares were available: no deadlock");
        }
    }

    @Test
    void deadlockHandlerFiresOnlyBeyondSpareLimit() {
        CountDownLatch deadlock = new CountDownLatch(1);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1)
                .deadlockHandler(deadlock::countDown).build()) {
            CountDownLatch release = new CountDownLatch(1);
            // The worker blocks: a spare starts. The spare blocks too: no spare left, deadlock.
            pool.spawn(() -> Rayon.blockInPlace(() -> {
                Rayon.spawn(() -> Rayon.blockInPlace(() -> {
                    awaitQuietly(release);
                    return null;
                }));
                awaitQuietly(release);
                return null;
            }));
            assertTimeoutPreemptively(LIMIT, () -> deadlock.await());
            int[] data = pool.registry().sleep().deadlockData();
            assertEquals(0, data[1], "no active thread at the deadlock");
            release.countDown();
        }
    }

    @Test
    void blockInPlaceOutsidePoolJustRuns() {
        assertEquals(5, (int) Rayon.blockInPlace(() -> 5));
    }

    @Test
    void spawnsInstallsScopesAndBroadcastsRacingCloseEitherRunOrAreRejected() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int round = 0; round < 200; round++) {
                ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(round % 3).build();
                AtomicInteger ran = new AtomicInteger();
                AtomicInteger rejected = new AtomicInteger();
                int submitted = 200;
                Thread spawner = new Thread(() -> {
                    for (int i = 0; i < submitted; i++) {
                        try {
                            switch (i % 5) {
                                case 0:
                                    pool.spawn(ran::incrementAndGet);
                                    break;
                                case 1:
                                    pool.spawnFifo(ran::incrementAndGet);
                                    break;
                                case 2:
                                    pool.install(() -> {
                                        ran.incrementAndGet();
                                    });
                                    break;
                                case 3:
                                    // A broadcast runs once per worker; count it once.
                                    pool.broadcast(ctx -> ctx.index() == 0 ? ran.incrementAndGet() : 0);
                                    break;
                                default:
                                    pool.scope(s -> s.spawn(s1 -> ran.incrementAndGet()));
                                    break;
                            }
                        } catch (RejectedExecutionException e) {
                            rejected.incrementAndGet();
                        }
                    }
                });
                spawner.start();
                if (round % 2 == 0) {
                    Thread.yield();
                }
                pool.close();
                spawner.join();
                assertEquals(submitted, ran.get() + rejected.get(),
                        "round " + round + ": ran " + ran + ", rejected " + rejected);
                assertTrue(pool.isTerminated());
            }
        });
    }

    @Test
    void workSpawnedByRunningJobsAfterShutdownStillRuns() throws InterruptedException {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        AtomicInteger children = new AtomicInteger();
        pool.spawn(() -> {
            started.countDown();
            awaitQuietly(proceed);
            for (int i = 0; i < 10; i++) {
                Rayon.spawn(children::incrementAndGet);
            }
        });
        started.await();
        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.spawn(() -> { }));
        assertThrows(RejectedExecutionException.class, () -> pool.install(() -> 1));
        proceed.countDown();
        assertTrue(pool.awaitTermination(Duration.ofSeconds(60)));
        assertEquals(10, children.get());
    }

    @Test
    void closeFromOwnWorkerThrows() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            assertThrows(IllegalStateException.class, () -> pool.install(pool::close));
        }
    }

    @Test
    void closeWhileWorkersSleepEndsAllThreadsPromptly() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int round = 0; round < 20; round++) {
                ThreadPool pool = new ThreadPoolBuilder().numThreads(3).roundsUntilSleepy(0)
                        .threadName(i -> "sleepclose-" + i).build();
                waitUntilAllAsleep(pool);
                pool.close();
                assertTrue(pool.isTerminated());
                assertTrue(Thread.getAllStackTraces().keySet().stream()
                        .noneMatch(t -> t.getName().startsWith("sleepclose-") && t.isAlive()));
            }
        });
    }

    @Test
    void mixedTreesRunEveryJobExactlyOnce() {
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

    static void waitUntilAllAsleep(ThreadPool pool) {
        io.github.rayon4j.core.sleep.Sleep sleep = pool.registry().sleep();
        int n = pool.currentNumThreads();
        while (true) {
            boolean all = true;
            for (int i = 0; i < n; i++) {
                all &= sleep.isSleeping(i);
            }
            if (all) {
                return;
            }
            Thread.onSpinWait();
        }
    }

    static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
