package io.github.rayon4j.core;

import static io.github.rayon4j.core.PoolState.await;
import static io.github.rayon4j.core.PoolState.awaitAllAsleep;
import static io.github.rayon4j.core.PoolState.describe;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Deadlock detection (seed 000, last section) on real pools: the handler runs once when no worker
 * is active and at least one is blocked in user code, never while a worker still runs, and a pool
 * resumed the documented way (every thread marked unblocked before any is released) does not
 * report a second, false, deadlock. Every sleep policy supports it; each test runs once per policy.
 */
class DeadlockDetectionTest {

    @ParameterizedTest
    @EnumSource(SleepPolicy.class)
    void handlerFiresOnceWhenEveryWorkerIsBlockedNeverBeforeAndNotAgainAfterResume(SleepPolicy policy) {
        AtomicInteger fired = new AtomicInteger();
        AtomicReference<String> stateAtFire = new AtomicReference<>();
        AtomicReference<ThreadPool> self = new AtomicReference<>();
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(0).sleepPolicy(policy)
                .deadlockHandler(() -> {
                    fired.incrementAndGet();
                    stateAtFire.set(Arrays.toString(PoolState.sleep(self.get()).deadlockData()));
                }).build();
        try (PoolState.Closer closer = PoolState.closing(pool)) {
            self.set(pool);
            awaitAllAsleep(pool);
            CountDownLatch release = new CountDownLatch(1);
            AtomicBoolean leftBlocked = new AtomicBoolean();
            AtomicInteger firedWhileRightActive = new AtomicInteger(-1);
            AtomicInteger firedRightAfterLastBlock = new AtomicInteger(-1);
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                Thread helper = new Thread(() -> {
                    // The handler's helper: resume by marking both unblocked, then releasing.
                    if (await(() -> fired.get() > 0, 20)) {
                        pool.markUnblocked();
                        pool.markUnblocked();
                    }
                    release.countDown();
                }, "deadlock-helper");
                helper.setDaemon(true);
                helper.start();
                pool.join(() -> {
                    Rayon.markBlocked();
                    leftBlocked.set(true);
                    awaitUninterruptibly(release);
                }, () -> {
                    // The other worker stays active for a while after the first one blocked.
                    await(leftBlocked::get, 10);
                    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
                    while (System.nanoTime() - until < 0) {
                        Thread.onSpinWait();
                    }
                    firedWhileRightActive.set(fired.get());
                    Rayon.markBlocked();
                    // The handler runs inside the call that made the last active thread blocked.
                    firedRightAfterLastBlock.set(fired.get());
                    awaitUninterruptibly(release);
                });
                helper.join();
                assertEquals(0, firedWhileRightActive.get(), "fired while a worker was still active");
                assertEquals(1, firedRightAfterLastBlock.get(), "did not fire when every worker blocked: " + describe(pool));
                assertEquals("[2, 0, 2]", stateAtFire.get(), "deadlockData{workers,active,blocked} seen by the handler");
                // Both workers go back to sleep with nobody blocked: no second deadlock.
                awaitAllAsleep(pool);
                assertArrayEquals(new int[] {2, 0, 0}, PoolState.sleep(pool).deadlockData(), describe(pool));
                assertEquals(1, fired.get(), "fired again after the resume: " + describe(pool));
                // The pool still works.
                assertEquals(3, (int) pool.install(() -> 3));
            }, () -> "deadlock test hung: fired=" + fired.get() + " " + describe(pool));
        }
    }

    @ParameterizedTest
    @EnumSource(SleepPolicy.class)
    void handlerNeverFiresWhileAnyWorkerIsActiveAndFiresWhenTheLastOneSleeps(SleepPolicy policy) {
        AtomicInteger fired = new AtomicInteger();
        ThreadPool pool = new ThreadPoolBuilder().numThreads(3).roundsUntilSleepy(1).sleepPolicy(policy)
                .deadlockHandler(fired::incrementAndGet).build();
        try (PoolState.Closer closerpool = PoolState.closing(pool)) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger blocked = new AtomicInteger();
            AtomicInteger firedWhileActive = new AtomicInteger(-1);
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                Thread outside = new Thread(() -> pool.install(() -> Rayon.join(
                        () -> Rayon.join(() -> {
                            Rayon.markBlocked();
                            blocked.incrementAndGet();
                            awaitUninterruptibly(release);
                        }, () -> {
                            await(() -> blocked.get() == 1, 10);
                            Rayon.markBlocked();
                            blocked.incrementAndGet();
                            awaitUninterruptibly(release);
                        }),
                        () -> {
                            // A worker that stays active while the two others are blocked.
                            await(() -> blocked.get() == 2, 10);
                            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
                            while (System.nanoTime() - until < 0) {
                                Thread.onSpinWait();
                            }
                            firedWhileActive.set(fired.get());
                        })), "installer");
                outside.setDaemon(true);
                outside.start();
                // Once the active worker is done and falls asleep, no worker is active: Rayon's
                // rule calls that a deadlock (two blocked, the third has nothing to do).
                assertTrue(await(() -> fired.get() > 0, 20), () -> "never fired: " + describe(pool));
                assertEquals(0, firedWhileActive.get(), "fired while a worker was active");
                // Resume as documented: every blocked thread marked unblocked before any runs.
                pool.markUnblocked();
                pool.markUnblocked();
                release.countDown();
                outside.join();
                awaitAllAsleep(pool);
                assertEquals(1, fired.get(), describe(pool));
            }, () -> "hung: fired=" + fired.get() + " blocked=" + blocked.get() + " " + describe(pool));
        }
    }

    @Test
    void markBlockedOutsideAPoolIsRejected() {
        assertThrows(IllegalStateException.class, Rayon::markBlocked);
        assertThrows(IllegalStateException.class, Rayon::markUnblocked);
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
        try (PoolState.Closer closerpool = PoolState.closing(pool)) {
            assertThrows(IllegalStateException.class, pool::markUnblocked, "no matching markBlocked");
        }
    }

    static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            if (!latch.await(20, TimeUnit.SECONDS)) {
                throw new AssertionError("release never came");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
