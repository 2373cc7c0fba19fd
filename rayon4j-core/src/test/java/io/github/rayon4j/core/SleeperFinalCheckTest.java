package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A thread's last look before it blocks asleep (after fence 2) covers the other workers' deques,
 * not only the injector: a job spawned onto a deque is posted with fence 1, so that look is the
 * other half of its Dekker pair ({@code Sleep}, "Why the two fences").
 *
 * <p>The one path onto the sleeping count without the JEC's handshake is a guest letting go of the
 * sleeper it held ({@code Sleep.releaseHeld}): the sleeper goes back on the count, then fence 2,
 * then the final check. Here a pool of two workers with {@code callerRuns}: the caller's
 * {@code install} runs as a guest in sleeping worker W0's place (W0 off the counts), and spawns T,
 * which wakes W1. T spawns J onto W1's deque (its post sees nobody asleep and nobody idle, so it
 * wakes nobody), then blocks with {@code markBlocked} (no spare) waiting for J, and only then
 * lets the guest finish. The guest puts W0 back to sleep: J is on W1's deque, and W0 is the only
 * thread that can run it. When the final check read only the injector and the broadcast queue,
 * W0 slept and T's 2 s wait ran out: this test failed.
 */
class SleeperFinalCheckTest {

    @Test
    void aSleeperPutBackByItsGuestSeesAJobOnAnotherWorkersDeque() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).callerRuns(true).maxBlockingSpares(1)
                    .deadlockHandler(() -> { }).build()) { // a guest takes a free spare slot; W0 asleep, W1 blocked: reported before the fix
                assertTrue(PoolState.await(() -> PoolState.sleep(pool).sleepingThreads() == 2, 10),
                        () -> "both workers asleep: " + PoolState.describe(pool));
                Thread caller = Thread.currentThread();
                AtomicReference<Thread> ranOn = new AtomicReference<>();
                CountDownLatch tBlocked = new CountDownLatch(1);
                CountDownLatch tDone = new CountDownLatch(1);
                AtomicBoolean jRanInTime = new AtomicBoolean();
                pool.install(() -> {
                    ranOn.set(Thread.currentThread()); // the caller, as a guest in W0's place
                    Rayon.spawn(() -> { // T: from a guest, into the injector; wakes W1
                        CountDownLatch jStarted = new CountDownLatch(1);
                        Rayon.spawn(jStarted::countDown); // J: onto W1's deque
                        Rayon.markBlocked();
                        try {
                            tBlocked.countDown();
                            jRanInTime.set(jStarted.await(2, TimeUnit.SECONDS));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } finally {
                            Rayon.markUnblocked();
                            tDone.countDown();
                        }
                    });
                    PoolState.awaitQuietly(tBlocked);
                });
                assertSame(caller, ranOn.get(), "the install ran as a guest on its caller");
                assertTrue(tDone.await(10, TimeUnit.SECONDS), "T finished");
                assertTrue(jRanInTime.get(), "J started within 2 s while T waited for it blocked");
            }
        });
    }
}
