package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code blockInPlace} called again right after the last call returned gets a spare, though the
 * spare of the last call may still be on its way out ({@link Spares}, "Taking a retiring spare
 * back"). Before, the slot of a spare told to retire stayed unusable until the spare had left it,
 * so with {@code maxBlockingSpares(1)} the next call found no spare and marked its worker
 * blocked: in a pool of one worker, the job its operation waited for had no thread to run it
 * (the deadlock detector fired, and the operation waited out its timeout). The CI saw it in
 * {@code OutOfMemorySpareProbe}; before the fix both tests here failed at their second call.
 * {@code RegistryLincheckTest.ModelChecking#aSecondBlockingCallGetsTheRetiringSpareBack} has
 * the model checker look for it among the interleavings.
 */
class SpareTakeBackTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final int CALLS = 3_000;

    /** A blocking operation that waits for a job spawned from it: true only if another thread ran that job. */
    private static boolean waitsForAJob() {
        return PoolState.awaitASpawnedJob(10);
    }

    @Test
    void blockingCallsBackToBackEachGetASpare() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger deadlocks = new AtomicInteger();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1)
                    .deadlockHandler(deadlocks::incrementAndGet).jmx(false).build()) {
                // A loop of blocking calls on one worker: each returns while its spare may still
                // be finishing, and the next call must find it.
                int served = pool.install(() -> {
                    int n = 0;
                    for (int i = 0; i < CALLS; i++) {
                        if (Rayon.blockInPlace(SpareTakeBackTest::waitsForAJob)) {
                            n++;
                        } else {
                            break;
                        }
                    }
                    return n;
                });
                assertEquals(CALLS, served, "blocking calls whose spare ran the job they waited for");
                assertEquals(0, deadlocks.get(), "deadlocks reported");
                assertEquals(CALLS, pool.registry().spares().activations(), "activations, one per call");
                assertEquals(1, pool.registry().spares().live().size(), "spare threads made");
                // Every spare leaves the count once its last activation is over.
                assertTrue(PoolState.await(() -> pool.registry().worker(1) == null, 10), "the spare left its slot");
                assertArrayEquals(new int[] {1, 0, 0}, awaitCounts(pool, new int[] {1, 0, 0}),
                        "{workers, active, blocked} with the worker asleep");
            }
        });
    }

    @Test
    void blockingCallsFromSeparateInstallsEachFindAThreadForTheirJob() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1)
                    .deadlockHandler(() -> { }).jmx(false).build()) {
                // Each call from a new install: a spare told to retire may take the next install
                // itself (it is a worker until it leaves); its blockInPlace must not take itself
                // back (it then has no spare, and the worker runs the job), and no call may find
                // the pool without a thread for its job. (Such a call marks its thread blocked
                // while the worker may still sleep, which the detector reports until the spawn
                // wakes it: that report is the detector's, not a deadlock, so it is not counted.)
                for (int i = 0; i < CALLS / 3; i++) {
                    assertTrue(pool.install(() -> Rayon.blockInPlace(SpareTakeBackTest::waitsForAJob)),
                            "call " + i + ": the spawned job ran");
                }
                assertEquals(42, pool.install(() -> 42), "the pool afterwards");
            }
        });
    }

    private static int[] awaitCounts(ThreadPool pool, int[] expected) {
        int[][] last = new int[1][];
        PoolState.await(() -> java.util.Arrays.equals(last[0] = pool.registry().sleep().deadlockData(), expected), 10);
        return last[0];
    }
}
