package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code broadcast} and {@code spawnBroadcast}: once per worker, in index order, asleep or not. */
class BroadcastTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void broadcastReturnsOneResultPerWorkerInIndexOrder() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(4).build()) {
            assertTimeoutPreemptively(LIMIT, () -> {
                List<Integer> indices = pool.broadcast(BroadcastContext::index);
                assertEquals(List.of(0, 1, 2, 3), indices);
                List<Integer> fromInside = pool.install(() -> Rayon.broadcast(ctx -> ctx.index() * 10));
                assertEquals(List.of(0, 10, 20, 30), fromInside);
            });
        }
    }

    @Test
    void broadcastRunsOnEachWorkerThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).threadName(i -> "bc-" + i).build()) {
            List<String> names = assertTimeoutPreemptively(LIMIT,
                    () -> pool.broadcast(ctx -> Thread.currentThread().getName()));
            assertEquals(List.of("bc-0", "bc-1", "bc-2"), names);
        }
    }

    @Test
    void broadcastWakesWorkersThatFellAsleepRepeatedly() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(1).build()) {
            assertTimeoutPreemptively(LIMIT, () -> {
                for (int round = 0; round < 300; round++) {
                    if (round % 3 == 0) {
                        PoolState.awaitAllAsleep(pool);
                    }
                    assertEquals(List.of(0, 1), pool.broadcast(BroadcastContext::index));
                }
            }, () -> PoolState.describe(pool));
        }
    }

    @Test
    void spawnBroadcastRunsOncePerWorker() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).build()) {
            LinkedBlockingQueue<Integer> seen = new LinkedBlockingQueue<>();
            List<Integer> got = new ArrayList<>();
            assertTimeoutPreemptively(LIMIT, () -> {
                pool.spawnBroadcast(ctx -> seen.add(ctx.index()));
                for (int i = 0; i < 3; i++) {
                    got.add(seen.poll(60, TimeUnit.SECONDS));
                }
            });
            Collections.sort(got);
            assertEquals(List.of(0, 1, 2), got);
        }
    }

    @Test
    void scopeSpawnBroadcastRunsOncePerWorkerBeforeScopeEnds() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).build()) {
            List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
            assertTimeoutPreemptively(LIMIT, () -> pool.scope(s -> s.spawnBroadcast((s1, ctx) -> seen.add(ctx.index()))));
            assertEquals(List.of(0, 1, 2), seen.stream().sorted().collect(Collectors.toList()));
        }
    }
}
