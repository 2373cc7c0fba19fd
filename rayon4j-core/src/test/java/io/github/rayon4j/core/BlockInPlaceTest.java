package io.github.rayon4j.core;

import static io.github.rayon4j.core.PoolState.awaitQuietly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code blockInPlace}: spares keep the pool working, and deadlock detection sees past them. */
class BlockInPlaceTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void blockInPlaceKeepsPoolWorkingWithSpareWhileAllWorkersBlock() {
        AtomicInteger deadlocks = new AtomicInteger();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(2)
                .deadlockHandler(deadlocks::incrementAndGet).build()) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch blocked = new CountDownLatch(2);
            try {
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
            } finally {
                release.countDown();
            }
            assertEquals(0, deadlocks.get(), "spares were available: no deadlock");
        }
    }

    @Test
    void deadlockHandlerFiresOnlyBeyondSpareLimit() {
        CountDownLatch deadlock = new CountDownLatch(1);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1)
                .deadlockHandler(deadlock::countDown).build()) {
            CountDownLatch release = new CountDownLatch(1);
            try {
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
            } finally {
                release.countDown();
            }
        }
    }

    @Test
    void blockInPlaceOutsidePoolJustRuns() {
        assertEquals(5, (int) Rayon.blockInPlace(() -> 5));
    }
}
