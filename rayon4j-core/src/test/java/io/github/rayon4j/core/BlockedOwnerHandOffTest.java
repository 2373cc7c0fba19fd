package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A job spawned by a worker that then waits for it inside {@code blockInPlace} sits on that
 * worker's deque, and its owner will not pop it. When the spawn relied on an idle thread that then
 * left without it, a sleeping thread must still be woken for the job ({@code Sleep}, "Leaving
 * idle: the hand-off", which now looks at the deques as well as the injector).
 *
 * <p>The scenario, in a pool of two workers with two spare slots: W1 calls {@code blockInPlace}
 * (spare S1 takes its place) around a wait; W0 calls it too (spare S0) and, inside, waits for a
 * signal; both spares find nothing and sleep. Then the test releases W1's operation and, a few
 * spins later, W0's: W1 comes back and tells S1 to retire (its latch, which wakes it), then works
 * for a second without searching; W0 spawns a job and waits for it. A spawn that lands while S1 is
 * awake but not yet gone counts on S1 and wakes nobody; S1 then leaves for its latch. Before the
 * fix the job waited for W1's second of work while S0 slept. Each round is judged 250 ms after
 * the spawn: the job not started and a thread of the pool asleep is a stranded job. Timing
 * decides which rounds hit the window, so there are 200 rounds with the releases staggered by
 * 0-39 spins.
 */
class BlockedOwnerHandOffTest {
    static final int ROUNDS = 200;
    static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    @Test
    void aJobOnABlockedWorkersDequeDoesNotWaitForABusyWorkerWhileASpareSleeps() {
        assertTimeoutPreemptively(Duration.ofSeconds(150), () -> {
            int stranded = 0;
            for (int round = 0; round < ROUNDS; round++) {
                if (strandedRound(ThreadLocalRandom.current().nextInt(40))) {
                    stranded++;
                }
            }
            assertEquals(0, stranded, "rounds whose job had not started " + TimeUnit.NANOSECONDS.toMillis(LATE_NANOS)
                    + " ms after its spawn while a thread of the pool slept, of " + ROUNDS);
        });
    }

    static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * One round; whether its job was stranded: not started 250 ms after its spawn while a thread
     * of the pool slept. {@code spins} staggers the two releases.
     */
    static boolean strandedRound(int spins) throws Exception {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(2).build()) {
            CountDownLatch release1 = new CountDownLatch(1);
            CountDownLatch go = new CountDownLatch(1);
            CountDownLatch spare1Started = new CountDownLatch(1);
            AtomicLong spawnedAt = new AtomicLong();
            AtomicLong startedAt = new AtomicLong();
            Thread t = new Thread(() -> pool.broadcast(ctx -> {
                if (ctx.index() == 1) {
                    // W1: a blocking call whose spare S1 takes its place; when it returns, S1 is
                    // told to retire; then W1 is busy (plain work, no search) for up to 1 s.
                    Rayon.blockInPlace(() -> {
                        spare1Started.countDown();
                        await(release1);
                        return null;
                    });
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                    while (startedAt.get() == 0 && System.nanoTime() - end < 0) {
                        Thread.onSpinWait();
                    }
                } else {
                    // W0: a blocking call (spare S0) that spawns a job and waits for it.
                    await(spare1Started);
                    Rayon.blockInPlace(() -> {
                        await(go);
                        spawnedAt.set(System.nanoTime());
                        CountDownLatch started = new CountDownLatch(1);
                        Rayon.spawn(() -> {
                            startedAt.compareAndSet(0, System.nanoTime());
                            started.countDown();
                        });
                        try {
                            started.await(2, TimeUnit.SECONDS); // parked: the processors stay free
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return null;
                    });
                }
                return null;
            }));
            t.start();
            // Both spares asleep: S0 and S1 found nothing to do.
            if (!PoolState.await(() -> PoolState.sleep(pool).sleepingThreads() == 2, 10)) {
                throw new AssertionError("spares not asleep: " + PoolState.describe(pool));
            }
            release1.countDown();
            for (int i = 0; i < spins; i++) {
                Thread.onSpinWait();
            }
            go.countDown();
            // The verdict: 250 ms after the spawn, the job has not started and a thread sleeps.
            // (W1 spins for a second, so a job left to it starts only then.)
            if (!PoolState.await(() -> spawnedAt.get() != 0, 10)) {
                throw new AssertionError("no spawn: " + PoolState.describe(pool));
            }
            while (startedAt.get() == 0 && System.nanoTime() - spawnedAt.get() < LATE_NANOS) {
                Thread.sleep(1);
            }
            boolean stranded = startedAt.get() == 0 && PoolState.sleep(pool).sleepingThreads() > 0;
            String state = stranded ? PoolState.describe(pool) : "";
            t.join();
            if (stranded) {
                System.out.println("stranded round: " + state + "; the job started "
                        + TimeUnit.NANOSECONDS.toMillis(startedAt.get() - spawnedAt.get()) + " ms after its spawn");
            }
            return stranded;
        }
    }
}
