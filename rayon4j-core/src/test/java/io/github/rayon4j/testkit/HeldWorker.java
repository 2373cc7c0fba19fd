package io.github.rayon4j.testkit;

import io.github.rayon4j.core.Rayon;
import java.util.concurrent.CountDownLatch;

/**
 * Keeps another worker of the calling thread's pool busy, for tests that need a pool whose
 * other threads are not idle ({@code Rayon.isWorkWanted}, {@code Rayon.isPoolSaturated}, the
 * bridge's split budget): rayon4j-core's {@code WorkWantedTest} and rayon4j-iter's
 * {@code SaturatedPoolSplitTest} (through rayon4j-core's test jar).
 *
 * <pre>{@code
 * pool.install(() -> HeldWorker.whileAnotherIsHeld(() -> assertTrue(Rayon.isPoolSaturated())));
 * }</pre>
 */
public final class HeldWorker {
    private HeldWorker() {
    }

    /**
     * Spawns a job that holds the worker that takes it, waits until it runs, then runs
     * {@code whileHeld} on the calling thread and lets the job go, however {@code whileHeld} ends.
     * Call it on a worker of a pool of two or more threads: the job is pushed on the caller's
     * deque and another worker steals it while the caller waits.
     *
     * @param whileHeld what to run while the other worker is held
     */
    public static void whileAnotherIsHeld(Runnable whileHeld) {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Rayon.spawn(() -> {
            started.countDown();
            awaitQuietly(release);
        });
        awaitQuietly(started);
        try {
            whileHeld.run();
        } finally {
            release.countDown();
        }
    }

    /** Waits for {@code latch}; an interrupt ends the wait and is kept for the thread. */
    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
