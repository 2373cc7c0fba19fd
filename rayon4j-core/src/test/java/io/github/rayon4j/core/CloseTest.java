package io.github.rayon4j.core;

import static io.github.rayon4j.core.PoolState.awaitQuietly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Shutting a pool down while work arrives and runs: every submission runs or is rejected, running
 * work may still spawn, and close() returns only once every thread, spares included, has ended.
 * (Builder checks, close from a worker and thread hygiene: {@link PoolLifecycleTest}; closing a
 * pool whose workers sleep: {@link SleepWakeStressTest}.)
 */
class CloseTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

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

    /**
     * A scope is accepted as a whole when it opens: it holds its pool open until its last job
     * ended, so its spawns are accepted after a shutdown, also from an outside thread's
     * {@code inPlaceScope} body, and run; a scope opened after the shutdown is rejected before
     * its body runs. (Before scopes held a unit of their own, each spawn took one and the outside
     * thread's spawns after the shutdown were rejected one by one.)
     */
    @Test
    void anOpenScopeHoldsItsPoolOpenAndOneOpenedAfterShutdownIsRejected() {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        AtomicInteger ran = new AtomicInteger();
        assertTimeoutPreemptively(LIMIT, () -> {
            pool.inPlaceScope(s -> {
                s.spawn(x -> ran.incrementAndGet());
                pool.shutdown();
                for (int i = 0; i < 100; i++) {
                    s.spawn(x -> ran.incrementAndGet());
                }
            });
            assertEquals(101, ran.get(), "the scope returned before its jobs ran");
            AtomicInteger bodies = new AtomicInteger();
            assertThrows(RejectedExecutionException.class, () -> pool.inPlaceScope(s -> bodies.incrementAndGet()));
            assertEquals(0, bodies.get(), "the body of a rejected scope ran");
            assertTrue(pool.awaitTermination(Duration.ofSeconds(30)));
        });
    }

    @Test
    void workSpawnedByRunningJobsAfterShutdownStillRuns() {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        AtomicInteger children = new AtomicInteger();
        try (PoolState.Closer closer = PoolState.closing(pool)) {
            pool.spawn(() -> {
                started.countDown();
                awaitQuietly(proceed);
                for (int i = 0; i < 10; i++) {
                    Rayon.spawn(children::incrementAndGet);
                }
            });
            assertTimeoutPreemptively(LIMIT, () -> {
                started.await();
                pool.shutdown();
                assertThrows(RejectedExecutionException.class, () -> pool.spawn(() -> { }));
                assertThrows(RejectedExecutionException.class, () -> pool.install(() -> 1));
                proceed.countDown();
                assertTrue(pool.awaitTermination(Duration.ofSeconds(60)));
            });
            assertEquals(10, children.get());
        } finally {
            proceed.countDown();
        }
    }

    @Test
    void closeAlsoWaitsForASpareThatStartedWhileItWasWaiting() {
        // close() used to join a snapshot of the threads taken when it began to wait; a
        // blockInPlace spare started after that snapshot could still be alive when close()
        // returned, so the pool was not terminated yet.
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int round = 0; round < 50; round++) {
                String prefix = "late-spare-" + round + "-";
                ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1).jmx(false)
                        .threadName(i -> prefix + i).build();
                CountDownLatch go = new CountDownLatch(1);
                pool.spawn(() -> {
                    awaitQuietly(go);
                    Rayon.blockInPlace(() -> null);
                });
                Thread closer = new Thread(pool::close, "closer");
                closer.start();
                // close() joins the worker, which waits for go: a wait with or without a limit.
                while (closer.getState() != Thread.State.WAITING && closer.getState() != Thread.State.TIMED_WAITING) {
                    Thread.onSpinWait();
                }
                go.countDown();
                closer.join();
                assertEquals(List.of(), PoolState.liveThreadsNamed(prefix), "round " + round);
                assertTrue(pool.isTerminated(), "round " + round);
            }
        });
    }
}
