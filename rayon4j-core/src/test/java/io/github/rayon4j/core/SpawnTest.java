package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Fire-and-forget jobs: FIFO order, and where their exceptions go. */
class SpawnTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void spawnFifoRunsInSpawnOrderOnOneThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch done = new CountDownLatch(5);
            assertTimeoutPreemptively(LIMIT, () -> {
                pool.install(() -> {
                    for (int i = 0; i < 5; i++) {
                        int n = i;
                        Rayon.spawnFifo(() -> {
                            order.add(n);
                            done.countDown();
                        });
                    }
                });
                done.await();
            });
            assertEquals(List.of(0, 1, 2, 3, 4), order);
        }
    }

    @Test
    void spawnExceptionGoesToPanicHandler() {
        LinkedBlockingQueue<Throwable> seen = new LinkedBlockingQueue<>();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).panicHandler(seen::add).build()) {
            RuntimeException boom = new RuntimeException("boom");
            assertTimeoutPreemptively(LIMIT, () -> {
                pool.spawn(() -> {
                    throw boom;
                });
                assertSame(boom, seen.poll(60, TimeUnit.SECONDS));
            });
        }
    }

    @Test
    void spawnExceptionWithoutPanicHandlerGoesToUncaughtExceptionHandler() {
        LinkedBlockingQueue<Throwable> seen = new LinkedBlockingQueue<>();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            RuntimeException boom = new RuntimeException("boom");
            assertTimeoutPreemptively(LIMIT, () -> {
                pool.install(() -> Thread.currentThread().setUncaughtExceptionHandler((t, e) -> seen.add(e)));
                pool.spawn(() -> {
                    throw boom;
                });
                assertSame(boom, seen.poll(60, TimeUnit.SECONDS));
            });
        }
    }
}
