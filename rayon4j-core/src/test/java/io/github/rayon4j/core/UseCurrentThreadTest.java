package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadPoolBuilder#useCurrentThread()}: the building thread is worker 0, runs pool work
 * only while it is inside a call to the pool, is stolen from meanwhile, and stops being a worker
 * when it closes the pool (or the pool terminates); a thread can be worker 0 of one pool at a time.
 */
class UseCurrentThreadTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** Runs {@code body} on a new thread and waits for it: a fresh thread to make worker 0. */
    private static void onFreshThread(ThrowingRunnable body) throws Throwable {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "use-current-thread-test");
        t.start();
        t.join();
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    interface ThrowingRunnable {
        void run() throws Throwable;
    }

    /** What another thread submits: done on whichever worker runs it, recording the thread. */
    private static CompletableFuture<Thread> spawnFromElsewhere(ThreadPool pool) throws Exception {
        return CompletableFuture.supplyAsync(() -> pool.spawnFuture(Thread::currentThread)).get();
    }

    @Test
    void inAOneThreadPoolWorkRunsOnlyWhenTheBuilderIsInsideThePool() throws Throwable {
        assertTimeoutPreemptively(LIMIT, () -> onFreshThread(() -> {
            Thread me = Thread.currentThread();
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).useCurrentThread().build();
            assertEquals(OptionalInt.of(0), pool.currentThreadIndex());
            assertEquals(OptionalInt.of(0), Rayon.currentThreadIndex());
            assertEquals(1, Rayon.currentNumThreads(), "Rayon's statics on this thread use the pool");
            assertSame(me, pool.install(Thread::currentThread), "install from worker 0 runs inline");

            // Work from elsewhere waits: the only worker is this thread, which is outside the pool.
            CompletableFuture<Thread> first = spawnFromElsewhere(pool);
            Thread.sleep(200);
            assertFalse(first.isDone(), "ran while worker 0 was outside the pool");
            assertEquals(Optional.of(Yield.EXECUTED), Rayon.yieldNow(), "a yield runs it");
            assertSame(me, first.get());

            // join and scopes on this thread run in the pool, inline
            assertEquals(JoinTest.fibSeq(20), JoinTest.fib(20));
            Set<Thread> scoped = ConcurrentHashMap.newKeySet();
            Rayon.scope(s -> {
                for (int i = 0; i < 10; i++) {
                    s.spawn(s1 -> scoped.add(Thread.currentThread()));
                }
            });
            assertEquals(Set.of(me), scoped);

            // close() on this thread runs what is queued, then this thread is an outside thread
            CompletableFuture<Thread> second = spawnFromElsewhere(pool);
            me.interrupt();
            pool.close();
            assertTrue(Thread.interrupted(), "close() keeps the interrupt flag");
            assertSame(me, second.get(), "close ran the queued job on worker 0");
            assertTrue(pool.isTerminated());
            assertEquals(OptionalInt.empty(), Rayon.currentThreadIndex());
            assertEquals(OptionalInt.empty(), pool.currentThreadIndex());
        }));
    }

    @Test
    void theOtherWorkersStealFromWorkerZeroButNeverRunOnIt() throws Throwable {
        assertTimeoutPreemptively(LIMIT, () -> onFreshThread(() -> {
            Thread me = Thread.currentThread();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).useCurrentThread().build()) {
                // outside the pool: work from elsewhere runs on workers 1 and 2 only
                List<CompletableFuture<Thread>> outside = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    outside.add(spawnFromElsewhere(pool));
                }
                for (CompletableFuture<Thread> f : outside) {
                    assertNotEquals(me, f.get(), "a job ran on worker 0 while it was outside the pool");
                }
                // a spawn on worker 0 while it is outside the pool is run by another worker
                CompletableFuture<Thread> spawned = new CompletableFuture<>();
                Rayon.spawn(() -> spawned.complete(Thread.currentThread()));
                assertNotEquals(me, spawned.get(30, TimeUnit.SECONDS));

                // inside: a join tree with slow leaves is shared between worker 0 and thieves
                Set<Thread> leaves = ConcurrentHashMap.newKeySet();
                pool.install(() -> slowTree(6, leaves));
                assertTrue(leaves.contains(me), "worker 0 ran leaves itself");
                assertTrue(leaves.size() > 1, "other workers stole from worker 0's deque: " + leaves);

                // broadcast from worker 0: index 0 runs on this thread
                List<Thread> onEach = pool.broadcast(ctx -> Thread.currentThread());
                assertSame(me, onEach.get(0));
                assertEquals(3, Set.copyOf(onEach).size());

                // a broadcast from elsewhere waits for worker 0's share until it enters the pool
                CompletableFuture<List<Integer>> fromElsewhere = CompletableFuture.supplyAsync(
                        () -> pool.broadcast(BroadcastContext::index));
                Thread.sleep(200);
                assertFalse(fromElsewhere.isDone(), "worker 0's share ran while it was outside the pool");
                while (!fromElsewhere.isDone()) {
                    Rayon.yieldNow(); // runs worker 0's share
                }
                assertEquals(List.of(0, 1, 2), fromElsewhere.get());
            }
            assertEquals(OptionalInt.empty(), Rayon.currentThreadIndex(), "no longer a worker after close");
        }));
    }

    private static void slowTree(int depth, Set<Thread> leaves) {
        if (depth == 0) {
            leaves.add(Thread.currentThread());
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        Rayon.join(() -> slowTree(depth - 1, leaves), () -> slowTree(depth - 1, leaves));
    }

    @Test
    void aThreadIsWorkerZeroOfOnePoolAtATime() throws Throwable {
        assertTimeoutPreemptively(LIMIT, () -> onFreshThread(() -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(2).useCurrentThread().build();
            IllegalStateException twice = assertThrows(IllegalStateException.class,
                    () -> new ThreadPoolBuilder().numThreads(2).useCurrentThread().build());
            assertTrue(twice.getMessage().contains("already is worker 0"), twice.getMessage());
            pool.close();
            // after close it may build again
            ThreadPool again = new ThreadPoolBuilder().numThreads(2).useCurrentThread().build();
            assertEquals(OptionalInt.of(0), again.currentThreadIndex());
            // closed from another thread: the pool terminates without this thread, which is then
            // an outside thread again at its next look-up
            CompletableFuture.runAsync(again::close).get(30, TimeUnit.SECONDS);
            assertTrue(again.isTerminated());
            assertEquals(OptionalInt.empty(), Rayon.currentThreadIndex());
            new ThreadPoolBuilder().numThreads(1).useCurrentThread().build().close();
        }));
        // on a worker of another pool (its own threads, or a spawn handler's)
        try (ThreadPool other = new ThreadPoolBuilder().numThreads(1).build()) {
            IllegalStateException onWorker = assertThrows(IllegalStateException.class,
                    () -> other.install(() -> new ThreadPoolBuilder().numThreads(1).useCurrentThread().build()));
            assertTrue(onWorker.getMessage().contains("already is worker 0 of " + other.registry().name()), onWorker.getMessage());
        }
        try (ThreadPool handled = new ThreadPoolBuilder().numThreads(1).spawnHandler(w -> {
            Thread t = new Thread(w::run, w.name());
            t.setDaemon(true);
            t.start();
        }).build()) {
            assertThrows(IllegalStateException.class,
                    () -> handled.install(() -> new ThreadPoolBuilder().numThreads(1).useCurrentThread().build()));
        }
    }

    @Test
    void closeFromAJobThatWorkerZeroRunsIsRefused() throws Throwable {
        assertTimeoutPreemptively(LIMIT, () -> onFreshThread(() -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).useCurrentThread().build();
            AtomicReference<Throwable> refused = new AtomicReference<>();
            CountDownLatch queued = new CountDownLatch(1);
            CompletableFuture.runAsync(() -> {
                pool.spawn(() -> {
                    try {
                        pool.close();
                    } catch (Throwable e) {
                        refused.set(e);
                    }
                });
                queued.countDown();
            });
            queued.await();
            assertEquals(Optional.of(Yield.EXECUTED), Rayon.yieldNow());
            assertTrue(refused.get() instanceof IllegalStateException, String.valueOf(refused.get()));
            pool.close(); // outside any job: fine
            assertTrue(pool.isTerminated());
        }));
    }

    @Test
    void aSpawnHandlerMakesEveryWorkerButZeroAndNoHandlersRunForZero() throws Throwable {
        assertTimeoutPreemptively(LIMIT, () -> onFreshThread(() -> {
            List<Integer> spawned = new ArrayList<>();
            Set<Integer> started = ConcurrentHashMap.newKeySet();
            Set<Integer> exited = ConcurrentHashMap.newKeySet();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).useCurrentThread()
                    .startHandler(started::add).exitHandler(exited::add)
                    .spawnHandler(w -> {
                        spawned.add(w.index());
                        Thread t = new Thread(w::run, w.name());
                        t.setDaemon(true);
                        t.start();
                    }).build()) {
                assertEquals(List.of(1, 2), spawned);
                assertEquals(List.of(0, 1, 2), pool.broadcast(BroadcastContext::index));
            }
            assertEquals(Set.of(1, 2), started);
            assertEquals(Set.of(1, 2), exited);
        }));
    }
}
