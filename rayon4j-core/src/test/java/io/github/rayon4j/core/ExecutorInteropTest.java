package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** ThreadPool as an Executor, spawnFuture / installAsync, and install with a timeout. */
class ExecutorInteropTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** Thrown by {@link #fail()}; its stack must reach the caller unchanged. */
    static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Boom() {
            super("boom");
        }
    }

    private static final AtomicReference<Boom> THROWN = new AtomicReference<>();

    private static <T> T fail() {
        Boom b = new Boom();
        THROWN.set(b);
        throw b;
    }

    private static void assertIsTheThrownBoom(Throwable t) {
        assertSame(THROWN.get(), t, "the exception object the operation threw");
        assertEquals("fail", t.getStackTrace()[0].getMethodName(), "stack trace from the throw site");
    }

    private static boolean isWorkerOf(ThreadPool pool) {
        return pool.currentThreadIndex().isPresent();
    }

    // ---- Executor ---------------------------------------------------------------------------

    @Test
    void executeIsSpawnAndRunsCompletableFutureStagesOnTheWorkers() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                Executor executor = pool;
                CountDownLatch ran = new CountDownLatch(1);
                AtomicBoolean onWorker = new AtomicBoolean();
                executor.execute(() -> {
                    onWorker.set(isWorkerOf(pool));
                    ran.countDown();
                });
                ran.await();
                assertTrue(onWorker.get());

                List<Boolean> stages = CompletableFuture.supplyAsync(() -> isWorkerOf(pool), pool)
                        .thenApplyAsync(first -> List.of(first, isWorkerOf(pool)), pool)
                        .get(30, TimeUnit.SECONDS);
                assertEquals(List.of(true, true), stages);
                assertThrows(NullPointerException.class, () -> pool.execute(null));
            }
        });
    }

    @Test
    void executeSendsExceptionsToThePanicHandlerLikeSpawn() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicReference<Throwable> handled = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).panicHandler(t -> {
                handled.set(t);
                done.countDown();
            }).build()) {
                pool.execute(ExecutorInteropTest::fail);
                done.await();
                assertIsTheThrownBoom(handled.get());
            }
        });
    }

    // ---- spawnFuture and installAsync -------------------------------------------------------

    @Test
    void spawnFutureCompletesWithTheResultFromAWorker() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                CompletableFuture<Boolean> f = pool.spawnFuture(() -> isWorkerOf(pool));
                assertTrue(f.get(30, TimeUnit.SECONDS));
                CompletableFuture<Long> fib = pool.spawnFuture(() -> JoinTest.fib(20));
                assertEquals(JoinTest.fib(20), fib.thenApply(x -> x).join());
                // From inside the pool too (pushed on the worker's own deque).
                long nested = pool.install(() -> pool.spawnFuture(() -> 7L).thenApply(x -> x * 6))
                        .get(30, TimeUnit.SECONDS);
                assertEquals(42L, nested);
            }
        });
    }

    @Test
    void futuresCompleteWithTheOperationsOwnExceptionAndNoPanicHandlerSeesIt() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicReference<Throwable> handled = new AtomicReference<>();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).panicHandler(handled::set).build()) {
                for (int form = 0; form < 2; form++) {
                    Supplier<Object> op = ExecutorInteropTest::fail;
                    CompletableFuture<Object> f = form == 0 ? pool.spawnFuture(op) : pool.installAsync(op);
                    ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
                    assertIsTheThrownBoom(e.getCause());
                    assertIsTheThrownBoom(f.handle((r, t) -> t).join());
                    assertTrue(f.isCompletedExceptionally());
                }
            }
            assertEquals(null, handled.get());
        });
    }

    @Test
    void aFutureCancelledBeforeItsJobStartsNeverRunsTheOperation() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean ran = new AtomicBoolean();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
                CountDownLatch blocking = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                pool.spawn(() -> {
                    blocking.countDown();
                    PoolState.awaitQuietly(release);
                });
                blocking.await(); // the only worker is busy: what follows stays queued
                CompletableFuture<Boolean> spawned = pool.spawnFuture(() -> ran.getAndSet(true));
                CompletableFuture<Boolean> installed = pool.installAsync(() -> ran.getAndSet(true));
                CompletableFuture<Integer> marker = pool.spawnFuture(() -> 1);
                assertTrue(spawned.cancel(true));
                assertTrue(installed.cancel(false));
                release.countDown();
                assertEquals(1, marker.get(30, TimeUnit.SECONDS)); // queued after both: they were dequeued
                assertThrows(CancellationException.class, spawned::join);
                assertThrows(CancellationException.class, installed::join);
            }
            assertFalse(ran.get(), "a cancelled operation ran");
        });
    }

    @Test
    void cancellingARunningOperationDoesNotInterruptItAndDropsItsResult() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean finished = new AtomicBoolean();
            AtomicBoolean interrupted = new AtomicBoolean();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
                CountDownLatch started = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                CompletableFuture<String> f = pool.spawnFuture(() -> {
                    started.countDown();
                    PoolState.awaitQuietly(release);
                    interrupted.set(Thread.currentThread().isInterrupted());
                    finished.set(true);
                    return "late";
                });
                started.await();
                assertTrue(f.cancel(true));
                release.countDown();
                assertEquals(42, pool.install(() -> 42)); // the worker came back: the operation ended
                assertTrue(f.isCancelled());
                assertThrows(CancellationException.class, f::join);
            }
            assertTrue(finished.get(), "the running operation ran to completion");
            assertFalse(interrupted.get(), "and was not interrupted");
        });
    }

    @Test
    void installAsyncQueuesFromOutsideAndRunsInlineOnThePoolsOwnWorker() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                CountDownLatch release = new CountDownLatch(1);
                CompletableFuture<Boolean> f = pool.installAsync(() -> {
                    PoolState.awaitQuietly(release);
                    return isWorkerOf(pool);
                });
                assertFalse(f.isDone(), "the caller did not wait");
                release.countDown();
                assertTrue(f.get(30, TimeUnit.SECONDS));

                List<Object> inline = pool.install(() -> {
                    Thread me = Thread.currentThread();
                    CompletableFuture<Thread> g = pool.installAsync(Thread::currentThread);
                    return List.of(g.isDone(), g.join() == me);
                });
                assertEquals(List.of(true, true), inline);
            }
        });
    }

    // ---- install with a timeout -------------------------------------------------------------

    @Test
    void timedInstallReturnsTheResultOrRethrowsTheSameException() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                assertEquals(JoinTest.fib(15), pool.install(() -> JoinTest.fib(15), Duration.ofSeconds(30)));
                assertTrue(pool.install(() -> isWorkerOf(pool), Duration.ofSeconds(30)));
                Boom b = assertThrows(Boom.class, () -> pool.install(ExecutorInteropTest::fail, Duration.ofSeconds(30)));
                assertIsTheThrownBoom(b);
                // A huge timeout does not overflow.
                assertEquals(1, pool.install(() -> 1, Duration.ofSeconds(Long.MAX_VALUE)));
                // On the pool's own worker: inline, timeout not applied.
                assertEquals(List.of(true, true), pool.install(() -> {
                    Thread me = Thread.currentThread();
                    try {
                        return List.of(pool.install(() -> Thread.currentThread() == me, Duration.ZERO), true);
                    } catch (TimeoutException e) {
                        throw new AssertionError(e);
                    }
                }));
            }
        });
    }

    @Test
    void timedInstallTimesOutAndTheRunningOperationCompletesInThePool() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean finished = new AtomicBoolean();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                CountDownLatch started = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                CompletableFuture<Object> caller = CompletableFuture.supplyAsync(() -> {
                    try {
                        return pool.install(() -> {
                            started.countDown();
                            PoolState.awaitQuietly(release);
                            Rayon.join(() -> { }, () -> { }); // still in its pool: join works
                            finished.set(true);
                            return "dropped";
                        }, Duration.ofMillis(100));
                    } catch (TimeoutException e) {
                        return e;
                    }
                });
                started.await();
                Object outcome = caller.get(30, TimeUnit.SECONDS);
                assertTrue(outcome instanceof TimeoutException, String.valueOf(outcome));
                assertFalse(finished.get());
                release.countDown();
            } // close waits for the timed-out operation: it is accepted work
            assertTrue(finished.get(), "the operation ran to completion after the timeout");
        });
    }

    @Test
    void timedInstallThatTimesOutBeforeItsJobStartsNeverRunsIt() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean ran = new AtomicBoolean();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
                CountDownLatch blocking = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                pool.spawn(() -> {
                    blocking.countDown();
                    PoolState.awaitQuietly(release);
                });
                blocking.await();
                assertThrows(TimeoutException.class, () -> pool.install(() -> ran.getAndSet(true), Duration.ofMillis(50)));
                assertThrows(TimeoutException.class, () -> pool.install(() -> ran.getAndSet(true), Duration.ZERO));
                release.countDown();
            }
            assertFalse(ran.get(), "an operation whose caller gave up before it started ran");
        });
    }

    @Test
    void timedInstallIsNotCutShortByAnInterruptButKeepsTheFlag() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
                CountDownLatch started = new CountDownLatch(1);
                Thread caller = Thread.currentThread();
                String r = pool.install(() -> {
                    started.countDown();
                    caller.interrupt();
                    sleepQuietly(100);
                    return "done";
                }, Duration.ofSeconds(30));
                assertEquals("done", r);
                assertTrue(Thread.interrupted(), "the interrupt flag was set again");
            }
        });
    }

    @Test
    void timedInstallFromAnotherPoolsWorkerWaitsWithoutStallingThatPool() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool a = new ThreadPoolBuilder().numThreads(1).build();
                 ThreadPool b = new ThreadPoolBuilder().numThreads(1).build()) {
                CountDownLatch release = new CountDownLatch(1);
                CompletableFuture<String> inA = a.spawnFuture(() -> {
                    try {
                        return b.install(() -> {
                            PoolState.awaitQuietly(release);
                            return "from b";
                        }, Duration.ofSeconds(30));
                    } catch (TimeoutException e) {
                        throw new AssertionError(e);
                    }
                });
                // a's only worker waits in b; a spare keeps a running meanwhile.
                assertEquals(7, a.install(() -> 7));
                release.countDown();
                assertEquals("from b", inA.get(30, TimeUnit.SECONDS));
            }
        });
    }

    // ---- rejection --------------------------------------------------------------------------

    @Test
    void everyFormIsRejectedAtTheCallAfterShutdown() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
            pool.close();
            assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
            assertThrows(RejectedExecutionException.class, () -> pool.spawnFuture(() -> 1));
            assertThrows(RejectedExecutionException.class, () -> pool.installAsync(() -> 1));
            assertThrows(RejectedExecutionException.class, () -> pool.install(() -> 1, Duration.ofSeconds(1)));
            assertThrows(RejectedExecutionException.class,
                    () -> CompletableFuture.runAsync(() -> { }, pool));
            assertThrows(NullPointerException.class, () -> pool.spawnFuture(null));
            assertThrows(NullPointerException.class, () -> pool.installAsync(null));
            assertThrows(NullPointerException.class, () -> pool.install(() -> 1, null));
        });
    }

    @Test
    void aSpawnFutureFromAWorkerIsAcceptedDuringShutdownLikeSpawn() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
            CountDownLatch shutDown = new CountDownLatch(1);
            CompletableFuture<CompletableFuture<Integer>> outer = pool.spawnFuture(() -> {
                PoolState.awaitQuietly(shutDown);
                return pool.spawnFuture(() -> 5);
            });
            pool.shutdown();
            shutDown.countDown();
            pool.close();
            CompletableFuture<Integer> inner = outer.join();
            assertNotSame(outer, inner);
            assertEquals(5, inner.join());
        });
    }

    private static void sleepQuietly(long millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < end) {
            try {
                Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
            } catch (InterruptedException e) {
                // keep sleeping
            }
        }
    }
}
