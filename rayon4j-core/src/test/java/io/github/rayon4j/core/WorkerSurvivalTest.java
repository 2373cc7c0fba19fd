package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Issue 9's smaller promises: a worker survives whatever handlers throw; no stale interrupt
 * reaches an unrelated job; a failed {@code build()} stops what it started; a dropped pool ends
 * its threads; spare workers have their own index and the builder's names; long timeouts do
 * not overflow; handler exceptions go to the panic handler. Each test failed before its fix.
 */
class WorkerSurvivalTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    /** Runs {@code body} with a default uncaught-exception handler, restoring the old one. */
    private static void withDefaultHandler(Thread.UncaughtExceptionHandler h, Runnable body) {
        Thread.UncaughtExceptionHandler old = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler(h);
        try {
            body.run();
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(old);
        }
    }

    /**
     * A job must not throw; one that does (the pool's own code failing, as an
     * {@code OutOfMemoryError} did in a scope job's recording) goes to the panic handler, and
     * the scope that was waiting while its worker ran it completes as if nothing happened. Before,
     * the error unwound the scope's wait: the scope's caller got it in place of the scope's own
     * outcome, and the scope's termination unit was never given back, so {@code close()} hung.
     */
    @Test
    void aJobThatThrowsDoesNotUnwindTheScopeWaitingBelowIt() {
        Error broken = new Error("a job broke its contract");
        List<Throwable> panics = new java.util.concurrent.CopyOnWriteArrayList<>();
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).panicHandler(panics::add).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                AtomicInteger ran = new AtomicInteger();
                pool.install(() -> Rayon.scope(s -> {
                    s.spawn(x -> ran.incrementAndGet());
                    Job thrower = () -> {
                        throw broken;
                    };
                    WorkerThread.current().push(thrower); // run by the scope's wait, on this worker
                }));
                assertEquals(1, ran.get());
                assertEquals(List.of(broken), panics);
                assertEquals(42, (int) pool.install(() -> 42));
            } // the closer checks that the pool terminates
        });
    }

    @Test
    void aPanicHandlerThatRethrowsDoesNotKillTheOnlyWorker() {
        AtomicInteger handled = new AtomicInteger();
        AtomicInteger uncaught = new AtomicInteger();
        withDefaultHandler((t, e) -> uncaught.incrementAndGet(), () -> assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).panicHandler(e -> {
                handled.incrementAndGet();
                throw (RuntimeException) e; // rethrows the very exception it was given
            }).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                for (int i = 0; i < 3; i++) {
                    pool.spawn(() -> {
                        throw new IllegalStateException("boom");
                    });
                }
                assertEquals(42, (int) pool.install(() -> 42), "the worker died: " + PoolState.describe(pool));
                assertTrue(PoolState.await(() -> uncaught.get() == 3, 10), "uncaught=" + uncaught);
                assertEquals(3, handled.get());
                assertEquals(1, PoolState.liveThreadsOf(pool).size());
            }
        }));
    }

    @Test
    void aThrowingDefaultUncaughtExceptionHandlerDoesNotKillTheWorker() {
        AtomicInteger calls = new AtomicInteger();
        withDefaultHandler((t, e) -> {
            calls.incrementAndGet();
            throw new IllegalStateException("handler fails too");
        }, () -> assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                pool.spawn(() -> {
                    throw new IllegalStateException("boom");
                });
                assertEquals(7, (int) pool.install(() -> 7), PoolState.describe(pool));
                AtomicInteger ran = new AtomicInteger();
                pool.spawn(ran::incrementAndGet);
                assertTrue(PoolState.await(() -> ran.get() == 1, 10));
                assertEquals(1, calls.get());
            }
        }));
    }

    @Test
    void startAndExitHandlerExceptionsGoToThePanicHandler() {
        ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
        RuntimeException atStart = new RuntimeException("start");
        RuntimeException atExit = new RuntimeException("exit");
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(2)
                    .startHandler(i -> {
                        throw atStart;
                    })
                    .exitHandler(i -> {
                        throw atExit;
                    })
                    .panicHandler(panics::add).build();
            assertEquals(3, (int) pool.install(() -> 3));
            pool.close();
            assertEquals(List.of(atStart, atStart, atExit, atExit),
                    panics.stream().sorted((a, b) -> a.getMessage().compareTo(b.getMessage()) * -1).toList());
        });
    }

    @Test
    void anInterruptRestoredByOneJobDoesNotReachTheNext() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                for (int i = 0; i < 100; i++) {
                    pool.spawn(() -> Thread.currentThread().interrupt()); // the restore idiom
                    boolean seen = pool.install(() -> {
                        try {
                            Thread.sleep(0, 1);
                            return false;
                        } catch (InterruptedException e) {
                            return true;
                        }
                    });
                    assertFalse(seen, "round " + i + ": a stale interrupt failed an unrelated job");
                }
            }
        });
    }

    @Test
    void aStrayInterruptOfAnIdleWorkerDoesNotReachTheNextJob() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                Thread worker = pool.install(Thread::currentThread);
                PoolState.awaitAllAsleep(pool);
                worker.interrupt();
                assertFalse(pool.install(() -> Thread.currentThread().isInterrupted()));
            }
        });
    }

    @Test
    void anInterruptMeantForAWaitingJobSurvivesTheJobsItRunsMeanwhile() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                AtomicBoolean nestedSawIt = new AtomicBoolean(true);
                boolean kept = pool.install(() -> {
                    Thread.currentThread().interrupt(); // meant for this job
                    Rayon.scope(s -> s.spawn(s1 -> nestedSawIt.set(Thread.currentThread().isInterrupted())));
                    return Thread.interrupted();
                });
                assertTrue(kept, "the waiting job lost its own interrupt");
                assertFalse(nestedSawIt.get(), "the job run while waiting saw the waiting job's interrupt");
            }
        });
    }

    @Test
    void aBuildThatFailsPartWayStopsTheWorkersItStarted() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ConcurrentLinkedQueue<Thread> started = new ConcurrentLinkedQueue<>();
            ThreadPoolBuilder b = new ThreadPoolBuilder().numThreads(4).threadName(i -> "partial-build-" + i);
            OutOfMemoryError refused = new OutOfMemoryError("unable to create native thread (test)");
            b.threadStarter = t -> {
                if (started.size() == 2) {
                    throw refused;
                }
                started.add(t);
                t.start();
            };
            OutOfMemoryError thrown = assertThrows(OutOfMemoryError.class, b::build);
            assertSame(refused, thrown);
            for (Thread t : started) {
                t.join(TimeUnit.SECONDS.toMillis(10));
                assertFalse(t.isAlive(), t.getName() + " outlived the failed build");
            }
            assertEquals(List.of(), PoolState.liveThreadsNamed("partial-build-"));
        });
    }

    @Test
    void aPoolDroppedWithoutCloseEndsItsThreads() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(2).threadName(i -> "dropped-pool-" + i).build();
            AtomicInteger ran = new AtomicInteger();
            pool.install(() -> Rayon.join(ran::incrementAndGet, ran::incrementAndGet));
            WeakReference<ThreadPool> ref = new WeakReference<>(pool);
            pool = null;
            while (ref.get() != null || !PoolState.liveThreadsNamed("dropped-pool-").isEmpty()) {
                System.gc();
                Thread.sleep(10);
            }
            assertEquals(2, ran.get());
        });
    }

    @Test
    void aSpareHasItsOwnIndexBelowMaxThreadsAndTheBuildersName() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(2)
                    .threadName(i -> "named-" + i).build();
            try (PoolState.Closer c = PoolState.closing(pool)) {
                assertEquals(3, pool.maxThreads());
                AtomicReference<String> spareName = new AtomicReference<>();
                AtomicInteger spareIndex = new AtomicInteger(-1);
                AtomicInteger bound = new AtomicInteger();
                CountDownLatch ranOnSpare = new CountDownLatch(1);
                pool.install(() -> Rayon.scope(s -> {
                    s.spawn(s1 -> {
                        spareName.set(Thread.currentThread().getName());
                        spareIndex.set(Rayon.currentThreadIndex().getAsInt());
                        bound.set(Rayon.currentMaxThreads());
                        ranOnSpare.countDown();
                    });
                    // The worker blocks until the spawned job ran: only a spare can run it.
                    Rayon.blockInPlace(() -> {
                        try {
                            return ranOnSpare.await(10, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            throw new AssertionError(e);
                        }
                    });
                }));
                assertEquals("named-1", spareName.get());
                assertEquals(1, spareIndex.get());
                assertEquals(3, bound.get());
            }
        });
    }

    @Test
    void awaitTerminationAcceptsDurationsTooLongForNanoseconds() throws InterruptedException {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
        assertFalse(pool.awaitTermination(Duration.ofMillis(1)));
        pool.shutdown();
        assertTrue(pool.awaitTermination(Duration.ofSeconds(Long.MAX_VALUE)));
        assertTrue(pool.isTerminated());
    }
}
