package io.github.rayon4j.core;

import static io.github.rayon4j.core.PoolState.awaitQuietly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadPoolBuilder#spawnHandler}: workers (and spares) on threads a handler makes run
 * every kind of pool work, find themselves wherever the pool looks for the current worker, and
 * leave the pool as its own threads do; a handler that fails, or that does not start its
 * thread, fails {@code build()} instead of leaving a hung pool.
 */
class SpawnHandlerTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** A handler's thread, which remembers the stack size it was asked for. */
    static final class SizedThread extends Thread {
        final long requested;
        final int workerIndex;

        SizedThread(ThreadGroup group, WorkerStart w, String name, long stackSize) {
            super(group, w::run, name, stackSize);
            this.requested = stackSize;
            this.workerIndex = w.index();
            setDaemon(true);
        }
    }

    /** Starts one daemon thread per worker in {@code group}, and records every thread it made. */
    static ThreadSpawn inGroup(ThreadGroup group, List<SizedThread> made) {
        return w -> {
            SizedThread t = new SizedThread(group, w, "handler-" + w.name(), w.stackSize());
            synchronized (made) {
                made.add(t);
            }
            t.start();
        };
    }

    private static int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }

    @Test
    void workersOnHandlerThreadsRunJoinsScopesBroadcastsSpawnsAndYields() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadGroup group = new ThreadGroup("spawn-handler-test");
            List<SizedThread> made = new ArrayList<>();
            ThreadPool pool = new ThreadPoolBuilder().numThreads(3).spawnHandler(inGroup(group, made)).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                assertEquals(3, made.size(), "one thread per worker");
                for (int i = 0; i < 3; i++) {
                    assertEquals(i, made.get(i).workerIndex, "called in index order");
                }
                // install from outside runs on a handler thread, which is a worker of the pool
                Thread installer = pool.install(() -> Thread.currentThread());
                assertSame(group, installer.getThreadGroup());
                assertTrue(made.contains(installer));
                OptionalInt index = pool.install(() -> Rayon.currentThreadIndex());
                assertTrue(index.isPresent());
                assertEquals(3, (int) pool.install(() -> Rayon.currentNumThreads()));
                // join trees: every leaf on a handler thread, correct result
                Set<Thread> ran = ConcurrentHashMap.newKeySet();
                long fib = pool.install(() -> fibRecording(22, ran));
                assertEquals(JoinTest.fibSeq(22), fib);
                assertTrue(made.containsAll(ran), "every join leaf on a handler thread: " + ran);
                // scope with spawns
                AtomicInteger spawned = new AtomicInteger();
                pool.scope(s -> {
                    for (int i = 0; i < 100; i++) {
                        s.spawn(s1 -> {
                            assertTrue(Rayon.currentThreadIndex().isPresent());
                            spawned.incrementAndGet();
                        });
                    }
                });
                assertEquals(100, spawned.get());
                // broadcast: once on each worker, in index order, each on its handler thread
                List<Integer> indices = pool.broadcast(ctx -> {
                    SizedThread t = (SizedThread) Thread.currentThread();
                    assertEquals(t.workerIndex, Rayon.currentThreadIndex().getAsInt());
                    return ctx.index();
                });
                assertEquals(List.of(0, 1, 2), indices);
                // spawn from outside and from a worker; panic-free
                CountDownLatch done = new CountDownLatch(2);
                pool.spawn(() -> {
                    Rayon.spawn(done::countDown); // on the worker's own deque
                    done.countDown();
                });
                assertTrue(done.await(30, TimeUnit.SECONDS));
                // yields and scopes from inside a worker
                Optional<Yield> y = pool.install(Rayon::yieldLocal);
                assertTrue(y.isPresent(), "a handler thread is a pool thread for yieldLocal");
                assertEquals(7, (int) pool.install(() -> Rayon.scopeResult(s -> 7)));
                // inPlaceScope and scopeFifo on a worker
                AtomicInteger fifo = new AtomicInteger();
                pool.install(() -> Rayon.scopeFifo(s -> {
                    for (int i = 0; i < 10; i++) {
                        s.spawnFifo(s1 -> fifo.incrementAndGet());
                    }
                }));
                assertEquals(10, fifo.get());
                // an installAsync from a worker of the pool runs inline
                assertTrue(pool.install(() -> pool.installAsync(() -> 1).isDone()));
                // JMX sees the handler's thread names
                for (int i = 0; i < 3; i++) {
                    String n = pool.registry().worker(i).threadName();
                    assertTrue(n.startsWith("handler-rayon4j-pool-"), n);
                }
            }
            for (SizedThread t : made) {
                t.join(TimeUnit.SECONDS.toMillis(10));
                assertFalse(t.isAlive(), t.getName() + " outlived the pool");
            }
        });
    }

    private static long fibRecording(int n, Set<Thread> ran) {
        if (n < 12) {
            ran.add(Thread.currentThread());
            return JoinTest.fibSeq(n);
        }
        Pair<Long, Long> r = Rayon.join(() -> fibRecording(n - 1, ran), () -> fibRecording(n - 2, ran));
        return r.left() + r.right();
    }

    @Test
    void aJobSeesTheHandlersThreadGroupAndStackSize() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadGroup group = new ThreadGroup("big-stacks");
            long big = 256L << 20;
            List<SizedThread> made = new ArrayList<>();
            ThreadPool pool = new ThreadPoolBuilder().numThreads(2).stackSize(big).spawnHandler(inGroup(group, made)).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                List<String> seen = pool.broadcast(ctx -> {
                    SizedThread t = (SizedThread) Thread.currentThread();
                    return t.getThreadGroup().getName() + "/" + t.requested;
                });
                assertEquals(List.of("big-stacks/" + big, "big-stacks/" + big), seen);
                // The stack really is that big: a recursion that needs several MB (far beyond the
                // default 1 MB, or the 256 KB asked for below) runs inside a job.
                assertEquals(300_000, (int) pool.install(() -> depth(300_000)));
            }
            List<SizedThread> small = new ArrayList<>();
            ThreadPool tiny = new ThreadPoolBuilder().numThreads(1).stackSize(256 << 10).spawnHandler(inGroup(group, small)).build();
            try (PoolState.Closer c = PoolState.closing(tiny)) {
                assertThrows(StackOverflowError.class, () -> tiny.install(() -> depth(300_000)),
                        "the control: the same recursion overflows a 256 KB handler thread");
                assertEquals(3, (int) tiny.install(() -> 1 + 2), "and the worker survives it");
            }
        });
    }

    @Test
    void blockInPlaceStartsSparesThroughTheHandler() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadGroup group = new ThreadGroup("spares");
            List<SizedThread> made = new ArrayList<>();
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(2)
                    .spawnHandler(inGroup(group, made)).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                CountDownLatch release = new CountDownLatch(1);
                CountDownLatch blocked = new CountDownLatch(1);
                AtomicReference<Thread> spareThread = new AtomicReference<>();
                pool.spawn(() -> Rayon.blockInPlace(() -> {
                    blocked.countDown();
                    awaitQuietly(release);
                    return null;
                }));
                blocked.await();
                // the only worker blocks: the spare (a handler thread) runs new work
                int index = pool.install(() -> {
                    spareThread.set(Thread.currentThread());
                    return Rayon.currentThreadIndex().getAsInt();
                });
                assertEquals(1, index, "the spare's index follows the workers'");
                assertTrue(spareThread.get() instanceof SizedThread, "the spare's thread is the handler's");
                assertEquals(JoinTest.fibSeq(18), (long) pool.install(() -> JoinTest.fib(18)));
                release.countDown();
                assertEquals(2, made.size(), "the worker and one spare");
            }
        });
    }

    @Test
    void aSpareHandlerThatThrowsLeavesBlockInPlaceWithoutASpare() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
            IOException refused = new IOException("no thread for spares");
            ThreadPool pool = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(1).panicHandler(panics::add)
                    .spawnHandler(w -> {
                        if (w.isSpare()) {
                            throw refused;
                        }
                        Thread t = new Thread(w::run, w.name());
                        t.setDaemon(true);
                        t.start();
                    }).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                int[] before = pool.registry().sleep().deadlockData();
                assertEquals("ran", pool.<String>install(() -> Rayon.blockInPlace(() -> "ran")));
                assertEquals(1, panics.size());
                assertSame(refused, panics.peek().getCause());
                assertEquals(List.of(before[0], before[2]), List.of(pool.registry().sleep().deadlockData()[0],
                        pool.registry().sleep().deadlockData()[2]), "the activation was undone: worker count and blocked count as before");
                assertEquals(0, pool.metrics().spareActivations());
                assertEquals(42, (int) pool.install(() -> Rayon.blockInPlace(() -> 42)), "and again");
            }
        });
    }

    @Test
    void aSpareWhoseThreadNeverStartsIsGivenUpWhenTheOperationReturns() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<WorkerStart> neverRun = new ArrayList<>();
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1)
                    .spawnHandler(w -> {
                        if (w.isSpare()) {
                            neverRun.add(w); // returns without starting anything
                            return;
                        }
                        Thread t = new Thread(w::run, w.name());
                        t.setDaemon(true);
                        t.start();
                    }).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                assertEquals(5, (int) pool.install(() -> Rayon.blockInPlace(() -> 5)));
                assertEquals(1, neverRun.size());
                assertEquals(5, (int) pool.install(() -> Rayon.blockInPlace(() -> 5)), "the slot is free again");
                assertEquals(2, neverRun.size(), "a new spare was asked for in the same slot");
                // a late run() of a given-up spare returns at once
                Thread late = new Thread(neverRun.get(0)::run);
                late.start();
                late.join(TimeUnit.SECONDS.toMillis(10));
                assertFalse(late.isAlive());
            }
        });
    }

    @Test
    void aHandlerThatThrowsFailsBuildAndStopsTheWorkersItStarted() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<SizedThread> made = new ArrayList<>();
            ThreadSpawn good = inGroup(new ThreadGroup("partial"), made);
            IOException refused = new IOException("out of threads (test)");
            ThreadPoolBuilder b = new ThreadPoolBuilder().numThreads(4).spawnHandler(w -> {
                if (w.index() == 2) {
                    throw refused;
                }
                good.spawn(w);
            });
            IllegalStateException e = assertThrows(IllegalStateException.class, b::build);
            assertSame(refused, e.getCause());
            assertTrue(e.getMessage().contains("worker 2"), e.getMessage());
            assertEquals(2, made.size());
            for (Thread t : made) {
                t.join(TimeUnit.SECONDS.toMillis(10));
                assertFalse(t.isAlive(), t.getName() + " outlived the failed build");
            }
            // an Error (no native thread) comes out as it is
            OutOfMemoryError oom = new OutOfMemoryError("unable to create native thread (test)");
            ThreadPoolBuilder b2 = new ThreadPoolBuilder().numThreads(2).spawnHandler(w -> {
                throw oom;
            });
            assertSame(oom, assertThrows(OutOfMemoryError.class, b2::build));
        });
    }

    @Test
    void aHandlerThatNeverStartsAThreadFailsBuildInsteadOfHanging() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<WorkerStart> kept = new ArrayList<>();
            List<SizedThread> made = new ArrayList<>();
            ThreadSpawn good = inGroup(new ThreadGroup("forgetful"), made);
            ThreadPoolBuilder b = new ThreadPoolBuilder().numThreads(3).spawnTimeout(TimeUnit.MILLISECONDS.toNanos(300))
                    .spawnHandler(w -> {
                        if (w.index() == 1) {
                            kept.add(w); // forgot to start it
                        } else {
                            good.spawn(w);
                        }
                    });
            IllegalStateException e = assertThrows(IllegalStateException.class, b::build);
            assertTrue(e.getMessage().contains("without starting a thread that runs worker 1"), e.getMessage());
            for (Thread t : made) {
                t.join(TimeUnit.SECONDS.toMillis(10));
                assertFalse(t.isAlive(), t.getName() + " outlived the failed build");
            }
            // the forgotten worker, started late, returns at once
            Thread late = new Thread(kept.get(0)::run);
            late.start();
            late.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(late.isAlive());
        });
    }

    @Test
    void runOnTheBuildingThreadOrAWorkerOrTwiceIsRefused() {
        assertTimeoutPreemptively(LIMIT, () -> {
            // synchronously, in the handler: would never return
            IllegalStateException sync = assertThrows(IllegalStateException.class,
                    () -> new ThreadPoolBuilder().numThreads(1).spawnHandler(WorkerStart::run).build());
            assertInstanceOf(IllegalStateException.class, sync.getCause());
            assertTrue(sync.getCause().getMessage().contains("building the pool"), sync.getCause().getMessage());

            // on another pool's worker: refused there, and the build says why at once
            try (ThreadPool other = new ThreadPoolBuilder().numThreads(1).build()) {
                IllegalStateException onWorker = assertThrows(IllegalStateException.class,
                        () -> new ThreadPoolBuilder().numThreads(1).spawnHandler(w -> other.spawn(() -> {
                            try {
                                w.run();
                            } catch (IllegalStateException expected) {
                                // reported to build() through the worker's state
                            }
                        })).build());
                assertTrue(onWorker.getMessage().contains("already is a worker"), onWorker.getMessage());
            }

            // twice
            List<WorkerStart> starts = new ArrayList<>();
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).spawnHandler(w -> {
                starts.add(w);
                Thread t = new Thread(w::run, w.name());
                t.setDaemon(true);
                t.start();
            }).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                AtomicReference<Throwable> second = new AtomicReference<>();
                Thread t = new Thread(() -> {
                    try {
                        starts.get(0).run();
                    } catch (Throwable e) {
                        second.set(e);
                    }
                });
                t.start();
                t.join();
                assertInstanceOf(IllegalStateException.class, second.get());
                assertTrue(second.get().getMessage().contains("twice"), second.get().getMessage());
                assertEquals(1, (int) pool.install(() -> 1));
            }
        });
    }

    @Test
    void closeWaitsForRunToReturnNotForTheHandlersThreadsToEnd() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ExecutorService executor = Executors.newFixedThreadPool(2);
            try {
                AtomicInteger exits = new AtomicInteger();
                ThreadPool pool = new ThreadPoolBuilder().numThreads(2).exitHandler(i -> exits.incrementAndGet())
                        .spawnHandler(w -> executor.execute(w::run)).build();
                assertEquals(JoinTest.fibSeq(15), (long) pool.install(() -> JoinTest.fib(15)));
                pool.close();
                assertTrue(pool.isTerminated());
                assertEquals(2, exits.get(), "the exit handler ran on both executor threads");
                // the executor's threads are free again, and no longer workers
                assertEquals(OptionalInt.empty(), executor.submit(Rayon::currentThreadIndex).get());
            } finally {
                executor.shutdownNow();
                assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
            }
        });
    }

    @Test
    void theHandlerIsRequired() {
        assertThrows(NullPointerException.class, () -> new ThreadPoolBuilder().spawnHandler(null));
        WorkerStart[] seen = new WorkerStart[1];
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).threadName(i -> "named-by-builder-" + i).stackSize(1 << 20)
                .spawnHandler(w -> {
                    seen[0] = w;
                    Thread t = new Thread(null, w::run, w.name(), w.stackSize());
                    t.setDaemon(true);
                    t.start();
                }).build();
        try (PoolState.Closer c = PoolState.closing(pool)) {
            assertNotNull(seen[0]);
            assertEquals("named-by-builder-0", seen[0].name());
            assertEquals(1 << 20, seen[0].stackSize());
            assertEquals(0, seen[0].index());
            assertFalse(seen[0].isSpare());
            assertTrue(seen[0].toString().contains("index 0"), seen[0].toString());
        }
    }
}
