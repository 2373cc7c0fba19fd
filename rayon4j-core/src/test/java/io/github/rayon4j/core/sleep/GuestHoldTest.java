package io.github.rayon4j.core.sleep;

import static io.github.rayon4j.core.sleep.SleepProtocolTest.await;
import static io.github.rayon4j.core.sleep.SleepProtocolTest.joinOrFail;
import static io.github.rayon4j.core.sleep.SleepProtocolTest.state;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A guest's hold on a sleeper, rule by rule ({@link Sleep#holdSleeper}, {@link Sleep#releaseHeld},
 * "Guests" in {@link Sleep}), with a stand-in worker 0 on the real protocol and the test thread as
 * the guest: the hold takes the sleeper off both counts and counts the guest active; a poster's
 * wake-up skips a held sleeper; a targeted wake-up releases it only for work of its own (its latch
 * set, its own queue), not a late one; the release puts it back to sleep, or wakes it for work
 * queued meanwhile.
 */
class GuestHoldTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    /** A stand-in worker: own queue, then the injector, sleeping at the top of its loop on {@code top}. */
    static final class Worker implements Sleep.InjectionCheck {
        final Queue<Runnable> own = new ConcurrentLinkedQueue<>();
        final Queue<Runnable> injector;
        final CoreLatch top = new CoreLatch();
        final Thread thread;

        Worker(Sleep sleep, Queue<Runnable> injector) {
            this.injector = injector;
            IdleState idle = new IdleState(0);
            thread = new Thread(() -> {
                sleep.startLooking(idle);
                while (!top.probe()) {
                    Runnable job = own.poll();
                    if (job == null) {
                        job = injector.poll();
                    }
                    if (job != null) {
                        sleep.workFound(idle, this);
                        job.run();
                        sleep.startLooking(idle);
                        continue;
                    }
                    sleep.noWorkFound(idle, top, this);
                }
                sleep.workFound(idle, this);
            }, "guest-hold-test-worker-0");
            thread.setDaemon(true);
        }

        @Override
        public boolean hasInjectedJobs() {
            return !own.isEmpty() || !injector.isEmpty();
        }

        @Override
        public boolean hasSharedJobs() {
            return !injector.isEmpty();
        }

        @Override
        public boolean waitsAtTop(CoreLatch latch) {
            return latch == top;
        }

        @Override
        public boolean hasOwnJobs() {
            return !own.isEmpty();
        }
    }

    interface Body {
        void run(Sleep sleep, Worker w0) throws Exception;
    }

    /** Two workers: worker 0 the stand-in, asleep when {@code body} starts; the test thread is worker 1. */
    private static void withWorker0Asleep(Body body) {
        assertTimeoutPreemptively(LIMIT, () -> {
            Sleep sleep = new Sleep(2, 2, 0, null);
            Worker w0 = new Worker(sleep, new ConcurrentLinkedQueue<>());
            w0.thread.start();
            try {
                assertTrue(await(() -> sleep.isSleeping(0) && sleep.sleepingThreads() == 1), state(sleep, 2));
                body.run(sleep, w0);
            } finally {
                if (w0.top.setCore()) {
                    sleep.latchSet(true, 0, WakeCause.LATCH);
                }
                joinOrFail(w0.thread, sleep, 2);
            }
        });
    }

    private static void assertHeld(Sleep sleep) {
        long c = sleep.counters().load();
        assertEquals(0, AtomicCounters.sleepingThreads(c), () -> state(sleep, 2));
        assertEquals(0, AtomicCounters.inactiveThreads(c), () -> state(sleep, 2));
        assertTrue(sleep.isSleeping(0), "still parked");
        assertArrayEquals(new int[] {2, 2, 0}, sleep.deadlockData(), "the guest counted active");
    }

    private static void assertAsleepAgain(Sleep sleep) {
        assertTrue(await(() -> sleep.isSleeping(0) && sleep.sleepingThreads() == 1), state(sleep, 2));
        assertEquals(1, AtomicCounters.inactiveThreads(sleep.counters().load()), () -> state(sleep, 2));
        assertArrayEquals(new int[] {2, 1, 0}, sleep.deadlockData(), "only worker 1 (the test thread) active");
    }

    @Test
    void aHeldSleeperLeavesBothCountsAndComesBackToThemAsleep() {
        withWorker0Asleep((sleep, w0) -> {
            assertArrayEquals(new int[] {2, 1, 0}, sleep.deadlockData());
            assertEquals(0, sleep.holdSleeper(2));
            assertHeld(sleep);
            assertEquals(-1, sleep.holdSleeper(2), "held already");
            sleep.releaseHeld(0);
            assertAsleepAgain(sleep);
        });
    }

    /** A poster's wake-up skips the held worker; the release finds the job and wakes it. */
    @Test
    void workInjectedWhileHeldWakesTheWorkerAtTheRelease() {
        withWorker0Asleep((sleep, w0) -> {
            AtomicInteger ran = new AtomicInteger();
            assertEquals(0, sleep.holdSleeper(2));
            w0.injector.add(ran::incrementAndGet);
            sleep.newInjectedJobs(1, true);
            assertHeld(sleep);
            assertEquals(0, ran.get(), "a held worker is not woken for new jobs");
            sleep.releaseHeld(0);
            assertTrue(await(() -> ran.get() == 1), state(sleep, 2));
            assertAsleepAgain(sleep);
        });
    }

    /**
     * A targeted wake-up that finds the held worker's latch unset and its own queue empty is a late
     * one for a latch it waited on before: it is dropped, and the worker stays held. One for work
     * of its own releases the hold and wakes it, the guest still counted active beside it.
     */
    @Test
    void aTargetedWakeUpReleasesAHeldWorkerOnlyForWorkOfItsOwn() {
        withWorker0Asleep((sleep, w0) -> {
            assertEquals(0, sleep.holdSleeper(2));
            assertFalse(sleep.wakeSpecificThread(0, WakeCause.LATCH), "a late wake-up must not release the hold");
            assertHeld(sleep);
            AtomicInteger ran = new AtomicInteger();
            w0.own.add(ran::incrementAndGet); // as a broadcast share
            assertTrue(sleep.wakeSpecificThread(0, WakeCause.NEW_JOB));
            assertTrue(await(() -> ran.get() == 1), state(sleep, 2));
            // Awake beside the guest: once asleep again only the guest is active (2 - 1 + 1).
            assertTrue(await(() -> sleep.isSleeping(0) && sleep.sleepingThreads() == 1), state(sleep, 2));
            assertArrayEquals(new int[] {2, 2, 0}, sleep.deadlockData());
            sleep.releaseHeld(0); // no longer held: the guest only leaves the active count
            assertAsleepAgain(sleep);
        });
    }
}
