package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A worker that blocks in user code stops popping its own deque, so what it queued must reach a
 * sibling even when the sibling overlooked the post: {@code blockInPlace} and
 * {@code markBlocked} post the queued jobs again, with fence 1 ({@code Sleep}, "Why the two
 * fences"; {@code WorkerThread.shareQueuedJobs}).
 *
 * <p>A post without fence 1 may read the counters from before its own push is visible (the
 * processor's store buffer; jcstress {@code InternalPostVsSleepy} sees it), so that it finds
 * nobody asleep while its sibling, getting sleepy at that moment, searches without seeing the
 * job and falls asleep. The state that leaves is the one built here, deterministically: a job on
 * the worker's deque that no post told anybody about, and the sibling asleep. Before the fix the
 * job then waited for its owner's blocking call to return: these tests timed out their 2 s wait
 * (the blocking call waits for that very job) and failed.
 */
class QueuedJobsOnBlockingTest {

    @Test
    void blockInPlaceWithoutASpareWakesASleeperForTheQueuedJob() {
        assertEquals(true, runWhileBlocked(ran -> Rayon.blockInPlace(() -> await(ran))));
    }

    @Test
    void markBlockedWakesASleeperForTheQueuedJob() {
        assertEquals(true, runWhileBlocked(ran -> {
            Rayon.markBlocked();
            try {
                return await(ran);
            } finally {
                Rayon.markUnblocked();
            }
        }));
    }

    @Test
    void blockInPlaceWithASpareStillRunsTheQueuedJob() {
        // With a spare slot the new spare finds the job by itself; the post must not get in its way.
        assertEquals(true, runWhileBlocked(1, ran -> Rayon.blockInPlace(() -> await(ran))));
    }

    @Test
    void aWorkerWithNothingQueuedWakesNobodyWhenItBlocks() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(0)
                    .deadlockHandler(() -> { }).build()) { // blocked with the sibling asleep: reported
                long wakeUps = pool.install(() -> {
                    awaitSiblingAsleep(pool);
                    long before = PoolState.sleep(pool).wakeUps();
                    Rayon.blockInPlace(() -> null);
                    return PoolState.sleep(pool).wakeUps() - before;
                });
                assertEquals(0, wakeUps, "an empty deque needs no sibling");
            }
        });
    }

    /** {@link #runWhileBlocked(int, Function)} in a pool without spares. */
    static boolean runWhileBlocked(Function<CountDownLatch, Boolean> block) {
        return runWhileBlocked(0, block);
    }

    /**
     * In a pool of two workers, on one of them: waits until the other sleeps, queues a job on its
     * own deque without posting it (the overlooked post), then calls {@code block}, which blocks
     * until the job ran or 2 s passed; returns what {@code block} returned.
     */
    static boolean runWhileBlocked(int spares, Function<CountDownLatch, Boolean> block) {
        return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(spares)
                    .deadlockHandler(() -> { }).build()) { // a sibling back asleep before the return counts as one
                return pool.install(() -> {
                    awaitSiblingAsleep(pool);
                    CountDownLatch ran = new CountDownLatch(1);
                    Job job = ran::countDown;
                    WorkerThread.current().deque().push(job); // no post: the one overlooked
                    return block.apply(ran);
                });
            }
        });
    }

    static void awaitSiblingAsleep(ThreadPool pool) {
        assertTrue(PoolState.await(() -> PoolState.sleep(pool).sleepingThreads() == 1, 10),
                () -> "the sibling did not fall asleep: " + PoolState.describe(pool));
    }

    static boolean await(CountDownLatch latch) {
        try {
            return latch.await(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
