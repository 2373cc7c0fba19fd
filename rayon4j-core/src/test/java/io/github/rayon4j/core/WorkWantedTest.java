package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.testkit.HeldWorker;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * {@link Rayon#isWorkWanted()}: true only on a pool thread whose deque is empty while another
 * thread of its pool is idle or asleep; {@link Rayon#workWantedHint()}, the same answer for the
 * thread that got it; and {@link Rayon#isPoolSaturated()}, its negation on a
 * pool thread of a pool that counts idle threads. The states are set up so that each answer is
 * determined: another worker held in a job is active, one that has finished it goes idle.
 */
class WorkWantedTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void falseOutsideAPool() {
        assertFalse(Rayon.isWorkWanted());
    }

    @Test
    void falseInAOneThreadPool() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            assertFalse(assertTimeoutPreemptively(LIMIT, () -> pool.install(Rayon::isWorkWanted)));
        }
    }

    @Test
    void trueExactlyWhileTheOtherWorkerHasNothingToDo() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> {
                HeldWorker.whileAnotherIsHeld(() -> assertFalse(Rayon.isWorkWanted(), "the other worker is running a job"));
                // Once it has finished, it looks for work, then sleeps: either way it wants work.
                assertTrue(PoolState.await(Rayon::isWorkWanted, 30), "the other worker went idle");
            }));
        }
    }

    @Test
    void alwaysFalseUnderTheLegacyPolicyWhichCountsNoIdleThreads() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).sleepPolicy(SleepPolicy.LEGACY_TICKLE).build()) {
            assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> {
                // the other worker idles, then sleeps, all through these 50 ms
                long end = System.nanoTime() + 50_000_000L;
                while (System.nanoTime() < end) {
                    assertFalse(Rayon.isWorkWanted());
                }
            }));
        }
    }

    @Test
    void theHintGotOutsideAPoolIsAlwaysFalse() {
        BooleanSupplier hint = Rayon.workWantedHint();
        assertFalse(hint.getAsBoolean());
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            // asked on a worker, a hint got outside still answers for no worker
            assertFalse(assertTimeoutPreemptively(LIMIT, () -> pool.install(hint::getAsBoolean)));
        }
    }

    @Test
    void theHintGotOnAWorkerAnswersAsIsWorkWantedThere() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> {
                BooleanSupplier hint = Rayon.workWantedHint();
                assertSame(hint, Rayon.workWantedHint(), "one hint per worker, made with it");
                HeldWorker.whileAnotherIsHeld(() -> assertFalse(hint.getAsBoolean(), "the other worker is running a job"));
                assertTrue(PoolState.await(hint, 30), "the other worker went idle");
            }));
        }
    }

    @Test
    void theHintOfAOneThreadPoolIsAlwaysFalse() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            assertFalse(assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> Rayon.workWantedHint().getAsBoolean())));
        }
    }

    @Test
    void saturatedIsFalseOutsideAPoolAndTrueInAOneThreadPool() {
        assertFalse(Rayon.isPoolSaturated());
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
            assertTrue(assertTimeoutPreemptively(LIMIT, () -> pool.install(Rayon::isPoolSaturated)),
                    "no other thread could take a job");
        }
    }

    @Test
    void saturatedExactlyWhileTheOtherWorkerIsBusy() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> {
                HeldWorker.whileAnotherIsHeld(() -> assertTrue(Rayon.isPoolSaturated(), "the other worker is running a job"));
                assertTrue(PoolState.await(() -> !Rayon.isPoolSaturated(), 30), "the other worker went idle");
            }));
        }
    }

    @Test
    void saturatedIsAlwaysFalseUnderTheLegacyPolicy() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).sleepPolicy(SleepPolicy.LEGACY_TICKLE).build()) {
            assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> HeldWorker.whileAnotherIsHeld(() ->
                    assertFalse(Rayon.isPoolSaturated(), "no count of idle threads, so no claim"))));
        }
    }

    @Test
    void anEmptyDequeIsSeenAsEmptyByItsOwnerUntilItPushes() {
        WorkStealingDeque<Integer> deque = new WorkStealingDeque<>(2);
        assertTrue(deque.looksEmpty());
        Integer one = 1;
        deque.push(one);
        assertFalse(deque.looksEmpty());
        assertSame(one, deque.pop());
        assertTrue(deque.looksEmpty());
        deque.push(one);
        assertSame(one, deque.steal());
        assertTrue(deque.looksEmpty(), "a thief took the last element");
        assertNull(deque.pop());
        assertTrue(deque.looksEmpty());
    }
}
