package io.github.rayon4j.core.sleep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The sleep module driven step by step by test threads standing in for workers, so that each
 * rule of seed 000 and RFC #5 is pinned on its own: the JEC check, the final injector check
 * (reached by simulating a JEC wrap-around), the waker's decrement, latch-targeted wake-ups and
 * deadlock detection.
 */
class SleepProtocolTest {

    static String state(Sleep sleep, int slots) {
        StringBuilder sb = new StringBuilder("counters=").append(AtomicCounters.describe(sleep.counters().load()));
        sb.append(" sleeping=[");
        for (int i = 0; i < slots; i++) {
            sb.append(i == 0 ? "" : ",").append(sleep.isSleeping(i));
        }
        return sb.append("] deadlockData{workers,active,blocked}=")
                .append(Arrays.toString(sleep.deadlockData())).toString();
    }

    /** Polls {@code condition} for at most 10 s. */
    static boolean await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.yield();
        }
        return true;
    }

    /** A stand-in worker: searches a queue, sleeps through the real protocol, until its latch is set. */
    static Thread worker(Sleep sleep, int index, CoreLatch latch, Queue<Runnable> injector) {
        return worker(sleep, new IdleState(index), latch, injector);
    }

    /** The same, with the idle state given, so that a test can read it after the thread ended. */
    static Thread worker(Sleep sleep, IdleState idle, CoreLatch latch, Queue<Runnable> injector) {
        int index = idle.workerIndex;
        Thread t = new Thread(() -> {
            sleep.startLooking(idle);
            while (!latch.probe()) {
                Runnable job = injector.poll();
                if (job != null) {
                    sleep.workFound(idle, () -> !injector.isEmpty());
                    job.run();
                    sleep.startLooking(idle);
                    continue;
                }
                sleep.noWorkFound(idle, latch, () -> !injector.isEmpty());
            }
            sleep.workFound(idle, () -> !injector.isEmpty());
        }, "sleep-test-worker-" + index);
        t.setDaemon(true);
        return t;
    }

    static void joinOrFail(Thread t, Sleep sleep, int slots) throws InterruptedException {
        t.join(10_000);
        if (t.isAlive()) {
            fail(t.getName() + " did not finish: " + state(sleep, slots));
        }
    }

    @Test
    void aJobPostedAfterGettingSleepyKeepsTheThreadAwakeForOneMoreSearch() {
        Sleep sleep = new Sleep(1, 1, 2, null);
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            sleep.startLooking(idle);
            sleep.noWorkFound(idle, latch, () -> false); // round 0
            sleep.noWorkFound(idle, latch, () -> false); // round 1
            assertEquals(2, idle.rounds());
            sleep.noWorkFound(idle, latch, () -> false); // gets sleepy
            long sleepy = sleep.counters().load();
            assertTrue(AtomicCounters.jecIsEven(sleepy), AtomicCounters.describe(sleepy));
            // Another worker pushes onto its own deque: no fence, no injector, only the JEC.
            sleep.newInternalJobs(0, 1, true);
            assertFalse(AtomicCounters.jecIsEven(sleep.counters().load()));
            sleep.noWorkFound(idle, latch, () -> false); // would sleep; must notice the JEC
            long after = sleep.counters().load();
            assertEquals(0, AtomicCounters.sleepingThreads(after), state(sleep, 1));
            assertEquals(1, AtomicCounters.inactiveThreads(after), state(sleep, 1));
            assertEquals(2, idle.rounds(), "back to just before getting sleepy");
            assertEquals(CoreLatch.UNSET, latch.state(), "the latch is left ready for the next attempt");
        }, () -> "the thread fell asleep although work was posted after it got sleepy: " + state(sleep, 1));
    }

    /**
     * Calls {@code noWorkFound} until the worker gets sleepy (the JEC, odd before, turns even);
     * returns the fruitless rounds before that.
     */
    private static int roundsUntilSleepy(Sleep sleep, IdleState idle, CoreLatch latch) {
        assertFalse(AtomicCounters.jecIsEven(sleep.counters().load()), "precondition: work was posted");
        for (int rounds = 0; rounds <= 100; rounds++) {
            sleep.noWorkFound(idle, latch, () -> false);
            if (AtomicCounters.jecIsEven(sleep.counters().load())) {
                return rounds;
            }
        }
        return fail("never got sleepy: " + state(sleep, 1));
    }

    /** A search that ends asleep halves the next, down to one round; one that pays off restores it. */
    @Test
    void aWorkersSearchIsHalvedPerFailureDownToOneRoundAndRestoredByAPayOff() {
        IdleState idle = new IdleState(0);
        int[] expected = {8, 4, 2, 1, 1};
        for (int e : expected) {
            assertEquals(e, idle.sleepyAt(8));
            idle.searchFailed(8);
        }
        idle.searchPaidOff();
        assertEquals(8, idle.sleepyAt(8), "whole again");
        // A pool configured with fewer rounds keeps them: none to cut.
        IdleState one = new IdleState(0);
        one.searchFailed(1);
        assertEquals(1, one.sleepyAt(1));
        IdleState none = new IdleState(0);
        none.searchFailed(0);
        assertEquals(0, none.sleepyAt(0));
    }

    /**
     * The cut decides when {@code noWorkFound} gets sleepy; {@code workFound} after a fruitless
     * round restores the whole search, and work found at once keeps the cut. One thread: the
     * rounds up to getting sleepy never block.
     */
    @Test
    void noWorkFoundGetsSleepyAtTheCutAndAPayOffRestoresTheWholeSearch() {
        Sleep sleep = new Sleep(1, 1, 8, null);
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            idle.searchFailed(8);
            idle.searchFailed(8); // as after two searches that ended asleep
            sleep.newInternalJobs(0, 1, true); // the JEC odd, as after any post
            sleep.startLooking(idle);
            sleep.workFound(idle, () -> false); // work at once: says nothing about the rounds
            assertEquals(2, idle.sleepyAt(8));
            sleep.startLooking(idle);
            assertEquals(2, roundsUntilSleepy(sleep, idle, latch));
            sleep.workFound(idle, () -> false); // work while sleepy: the search paid off
            assertEquals(8, idle.sleepyAt(8));
            sleep.newInternalJobs(0, 1, true); // the JEC odd again, so getting sleepy shows
            sleep.startLooking(idle);
            assertEquals(8, roundsUntilSleepy(sleep, idle, latch));
            sleep.workFound(idle, () -> false);
        }, () -> "the search got stuck: " + state(sleep, 1));
    }

    /**
     * While a sibling is active the rounds spin and the search is whole, however far the worker's
     * own searches were cut: that sibling may split off work at any moment.
     */
    @Test
    void aSearchWhileASiblingWorksIsWholeDespiteTheCut() {
        Sleep sleep = new Sleep(2, 2, 8, null);
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "idle rounds spin only with a processor per worker");
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (int i = 0; i < 3; i++) {
                idle.searchFailed(8);
            }
            assertEquals(1, idle.sleepyAt(8));
            sleep.newInternalJobs(1, 1, true); // the JEC odd, as after any post
            sleep.startLooking(idle); // worker 0 idle; worker 1 never was: it is active
            assertTrue(sleep.idleRoundSpins(), state(sleep, 2));
            assertEquals(8, roundsUntilSleepy(sleep, idle, latch));
            sleep.workFound(idle, () -> false);
        }, () -> "the search got stuck: " + state(sleep, 2));
    }

    /**
     * On the real blocking path: a worker that fell asleep twice, woken once for a job it found at
     * once and once by its latch, leaves with its search cut twice. Its idle state is read after
     * the thread ended.
     */
    @Test
    void fallingAsleepCutsTheNextSearchAndWakingDoesNotRestoreIt() throws Exception {
        Sleep sleep = new Sleep(1, 1, 8, null);
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        Queue<Runnable> injector = new ConcurrentLinkedQueue<>();
        AtomicInteger ran = new AtomicInteger();
        Thread t = worker(sleep, idle, latch, injector);
        t.start();
        try {
            assertTrue(await(() -> sleep.isSleeping(0)), state(sleep, 1));
            injector.add(ran::incrementAndGet);
            sleep.newInjectedJobs(1, true); // wakes it; it finds the job in its first round
            assertTrue(await(() -> ran.get() == 1 && sleep.isSleeping(0)), state(sleep, 1));
        } finally {
            if (latch.setCore()) {
                sleep.latchSet(true, 0, WakeCause.LATCH);
            }
            joinOrFail(t, sleep, 1);
        }
        assertEquals(2, idle.sleepyAt(8), "two searches ended asleep; neither wake-up paid off");
    }

    /** What a test does while worker 0 (a stand-in thread on the real protocol) sleeps. */
    interface WhileWorker0Sleeps {
        void run(Sleep sleep, Queue<Runnable> injector) throws Exception;
    }

    /**
     * A two-slot sleep module whose worker 0 runs the real protocol on {@code injector} and is
     * asleep when {@code body} starts; the test thread stands in for worker 1.
     */
    static void withWorker0Asleep(WhileWorker0Sleeps body) throws Exception {
        Sleep sleep = new Sleep(2, 2, 0, null);
        Queue<Runnable> injector = new ConcurrentLinkedQueue<>();
        CoreLatch latch0 = new CoreLatch();
        Thread worker0 = worker(sleep, 0, latch0, injector);
        worker0.start();
        try {
            assertTrue(await(() -> sleep.isSleeping(0)), state(sleep, 2));
            body.run(sleep, injector);
        } finally {
            if (latch0.setCore()) {
                sleep.latchSet(true, 0, WakeCause.LATCH);
            }
            joinOrFail(worker0, sleep, 2);
        }
    }

    /**
     * The hand-off (the lost wake-up of issue 9, item 1): a poster counts an awake idle thread
     * and wakes nobody; that thread then stops searching without having seen the job (its latch
     * was set: a join that completed, or a spare worker being retired). Leaving idle must wake a
     * sleeper for the job, or it stays queued while the only other worker sleeps.
     */
    @Test
    void anIdleThreadThatLeavesWithoutTheJobWakesASleeperForIt() throws Exception {
        withWorker0Asleep((sleep, injector) -> {
            AtomicInteger ran = new AtomicInteger();
            sleep.startLooking(new IdleState(1)); // worker 1: idle, awake, searching
            // An outside thread injects: one sleeper, one awake idle thread: nobody is woken.
            injector.add(ran::incrementAndGet);
            sleep.newInjectedJobs(1, true);
            assertTrue(sleep.isSleeping(0), "precondition: the poster relied on the idle thread");
            // Worker 1's latch is set before its next search: it leaves idle without the job.
            sleep.workFound(new IdleState(0), () -> !injector.isEmpty());
            assertTrue(await(() -> ran.get() == 1), "the job stayed queued while worker 0 slept: " + state(sleep, 2));
        });
    }

    /**
     * Posting into a queue that already held work wakes a sleeper even when an idle thread is
     * counted awake: that thread has not taken the first job yet, so it cannot be relied on for
     * the second. (Mutation testing left the whole suite green without this wake-up.)
     */
    @Test
    void aPostIntoANonEmptyQueueWakesASleeperDespiteAnAwakeIdleThread() throws Exception {
        withWorker0Asleep((sleep, injector) -> {
            AtomicInteger ran = new AtomicInteger();
            sleep.startLooking(new IdleState(1)); // worker 1: idle and awake, busy with something else
            injector.add(ran::incrementAndGet);
            sleep.newInjectedJobs(1, true); // one idle thread for one job: nobody woken
            assertTrue(sleep.isSleeping(0), state(sleep, 2));
            injector.add(ran::incrementAndGet);
            sleep.newInjectedJobs(1, false); // the queue held work: wake a sleeper
            assertTrue(await(() -> ran.get() == 2), "the second job waited for a busy idle thread: " + state(sleep, 2));
            sleep.workFound(new IdleState(0), () -> !injector.isEmpty());
        });
    }

    /**
     * While a caller outside the pool polls its latch, the wake-up for a join half is left to it
     * (Sleep, "Wake-ups left to a polling caller"): the pusher wakes nobody and sets its flag;
     * the caller serves the flag once, waking the sleeper because the half is still queued.
     */
    @Test
    void aJoinHalfPushedWhileACallerPollsLeavesItsWakeUpToTheCaller() throws Exception {
        withWorker0Asleep((sleep, injector) -> {
            long wakeUps = sleep.wakeUps();
            sleep.pollerArrived();
            sleep.newJoinJob(1, true); // worker 1 (this thread) pushed the half of a join
            assertTrue(sleep.wakeLeft(1), state(sleep, 2));
            assertEquals(wakeUps, sleep.wakeUps(), "the pusher woke a sleeper itself: " + state(sleep, 2));
            assertTrue(sleep.isSleeping(0), state(sleep, 2));
            sleep.serveLeftWakes(worker -> worker == 1); // the half is still on worker 1's deque
            assertFalse(sleep.wakeLeft(1), state(sleep, 2));
            assertEquals(wakeUps + 1, sleep.wakeUps(), "the caller did not wake the sleeper: " + state(sleep, 2));
            sleep.pollerLeft(worker -> true);
            assertEquals(wakeUps + 1, sleep.wakeUps(), "a wake-up left once was made twice");
        });
    }

    /** A wake-up left for a half that its pusher popped back before the caller looked wakes nobody. */
    @Test
    void aWakeUpLeftForAHalfPoppedBackWakesNobody() throws Exception {
        withWorker0Asleep((sleep, injector) -> {
            long wakeUps = sleep.wakeUps();
            sleep.pollerArrived();
            sleep.newJoinJob(1, true);
            sleep.serveLeftWakes(worker -> false); // worker 1's deque is empty again
            assertFalse(sleep.wakeLeft(1), state(sleep, 2));
            sleep.pollerLeft(worker -> false);
            assertEquals(wakeUps, sleep.wakeUps(), state(sleep, 2));
            assertTrue(sleep.isSleeping(0), state(sleep, 2));
        });
    }

    /**
     * A caller that stops polling serves what was left meanwhile, so that the last one to stop
     * leaves no wake-up behind (the Dekker pair's second half).
     */
    @Test
    void aCallerThatStopsPollingServesTheWakeUpsLeftMeanwhile() throws Exception {
        withWorker0Asleep((sleep, injector) -> {
            long wakeUps = sleep.wakeUps();
            sleep.pollerArrived();
            sleep.newJoinJob(1, true);
            assertEquals(wakeUps, sleep.wakeUps(), state(sleep, 2));
            sleep.pollerLeft(worker -> true);
            assertFalse(sleep.wakeLeft(1), state(sleep, 2));
            assertEquals(wakeUps + 1, sleep.wakeUps(), "the wake-up left was lost: " + state(sleep, 2));
        });
    }

    /**
     * With no caller polling, a join half wakes a sleeper at once, as in Rayon; and a pusher whose
     * last wake-up left to a caller is still unserved makes the next one itself, so a wake-up
     * waits for a caller at most until its pusher's next push.
     */
    @Test
    void aPusherWakesItselfWithoutAPollingCallerOrWhileItsLastWakeUpIsUnserved() throws Exception {
        withWorker0Asleep((sleep, injector) -> {
            long wakeUps = sleep.wakeUps();
            sleep.newJoinJob(1, true); // nobody polls
            assertEquals(wakeUps + 1, sleep.wakeUps(), state(sleep, 2));
            assertFalse(sleep.wakeLeft(1), state(sleep, 2));
            assertTrue(await(() -> sleep.isSleeping(0)), "worker 0 found nothing and sleeps again: " + state(sleep, 2));
            sleep.pollerArrived();
            sleep.newJoinJob(1, true); // left to the caller
            assertEquals(wakeUps + 1, sleep.wakeUps(), state(sleep, 2));
            sleep.newJoinJob(1, false); // the last one is still left: this one is made now
            assertEquals(wakeUps + 2, sleep.wakeUps(), state(sleep, 2));
            assertTrue(sleep.wakeLeft(1), "the earlier wake-up stays with the caller: " + state(sleep, 2));
            sleep.pollerLeft(worker -> true);
            assertFalse(sleep.wakeLeft(1), state(sleep, 2));
        });
    }

    /**
     * The hand-over between a pusher and a caller that stops polling at the same moment, raced
     * many times: whichever way the Dekker pair falls, no flag is left set once both are done
     * (the jcstress test JoinWakeLeftVsPollerLeft races the same two calls on real hardware).
     */
    @Test
    void aPusherRacingTheLastPollerNeverLeavesAWakeUpBehind() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> withWorker0Asleep((sleep, injector) -> {
            AtomicInteger round = new AtomicInteger();
            AtomicInteger pusherRound = new AtomicInteger();
            Thread pusher = new Thread(() -> {
                for (int r = 1; r <= 2_000; r++) {
                    while (round.get() != r) {
                        Thread.onSpinWait();
                    }
                    sleep.newJoinJob(1, true);
                    pusherRound.set(r);
                }
            }, "sleep-test-pusher");
            pusher.setDaemon(true);
            pusher.start();
            for (int r = 1; r <= 2_000; r++) {
                int rr = r;
                assertTrue(await(() -> sleep.isSleeping(0)), state(sleep, 2));
                sleep.pollerArrived();
                round.set(r); // both go
                sleep.pollerLeft(worker -> true);
                assertTrue(await(() -> pusherRound.get() == rr), state(sleep, 2));
                assertFalse(sleep.wakeLeft(1), "round " + r + " left a wake-up behind: " + state(sleep, 2));
            }
            pusher.join(10_000);
        }));
    }

    /** Leaving idle with nothing queued wakes nobody: the hand-off costs no needless wake-up. */
    @Test
    void leavingIdleWithNothingQueuedWakesNobody() throws Exception {
        withWorker0Asleep((sleep, injector) -> {
            long wakeUps = sleep.wakeUps();
            sleep.startLooking(new IdleState(1));
            sleep.workFound(new IdleState(0), () -> !injector.isEmpty());
            assertEquals(wakeUps, sleep.wakeUps(), state(sleep, 2));
            assertTrue(sleep.isSleeping(0), state(sleep, 2));
        });
    }

    @Test
    void finalInjectorCheckFindsAJobThatAWrappedAroundJecHides() {
        Sleep sleep = new Sleep(1, 1, 0, null);
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        Queue<Runnable> injector = new ConcurrentLinkedQueue<>();
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            sleep.startLooking(idle);
            sleep.noWorkFound(idle, latch, () -> !injector.isEmpty()); // sleepy at once
            long sleepyValue = sleep.counters().load();
            long remembered = AtomicCounters.jobsCounter(sleepyValue);
            // An outside thread injects: the JEC becomes odd, no sleeper yet, so nobody is woken.
            injector.add(() -> { });
            sleep.newInjectedJobs(1, true);
            assertEquals(remembered + 1, AtomicCounters.jobsCounter(sleep.counters().load()));
            // 2^32 - 1 further JEC changes happen (other threads posting and getting sleepy):
            // simulated by writing the wrapped value, the thread fields unchanged.
            long now = sleep.counters().load();
            sleep.counters().value = (now & 0xFFFF_FFFFL) | (remembered << 32);
            // The JEC check passes wrongly; only the final check of the injector saves the job.
            sleep.noWorkFound(idle, latch, () -> !injector.isEmpty());
            long after = sleep.counters().load();
            assertEquals(0, AtomicCounters.sleepingThreads(after),
                    "the thread took itself off the sleeping count: " + state(sleep, 1));
            assertEquals(CoreLatch.UNSET, latch.state());
            assertFalse(injector.isEmpty());
        }, () -> "the last awake thread slept with an injected job queued (final injector check missing?): "
                + state(sleep, 1));
    }

    @Test
    void injectedJobWakesTheSleepingWorkerAndTheWakerTakesItOffTheSleepingCount() throws Exception {
        Sleep sleep = new Sleep(1, 1, 0, null);
        CoreLatch latch = new CoreLatch();
        Queue<Runnable> injector = new ConcurrentLinkedQueue<>();
        Thread w = worker(sleep, 0, latch, injector);
        w.start();
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertTrue(await(() -> sleep.isSleeping(0)), () -> "worker never slept: " + state(sleep, 1));
            long asleep = sleep.counters().load();
            assertEquals(1, AtomicCounters.sleepingThreads(asleep), state(sleep, 1));
            assertEquals(1, AtomicCounters.inactiveThreads(asleep), state(sleep, 1));
            assertArrayEquals(new int[] {1, 0, 0}, sleep.deadlockData(), state(sleep, 1));
            AtomicInteger ran = new AtomicInteger();
            injector.add(() -> {
                ran.incrementAndGet();
                if (latch.setCore()) {
                    fail("the worker's own latch cannot be SLEEPING while it runs a job");
                }
            });
            sleep.newInjectedJobs(1, true);
            // The waker, not the woken thread, decrements: visible as soon as the post returns.
            assertEquals(0, AtomicCounters.sleepingThreads(sleep.counters().load()), state(sleep, 1));
            assertEquals(1, sleep.deadlockData()[1], "the waker counts the woken thread active: " + state(sleep, 1));
            joinOrFail(w, sleep, 1);
            assertEquals(1, ran.get());
            assertEquals(0, AtomicCounters.inactiveThreads(sleep.counters().load()), state(sleep, 1));
        }, () -> "injected job did not wake the only worker: " + state(sleep, 1));
    }

    @Test
    void settingALatchWhoseOwnerSleepsWakesExactlyThatOwner() throws Exception {
        Sleep sleep = new Sleep(2, 2, 0, null);
        CoreLatch latch0 = new CoreLatch();
        CoreLatch latch1 = new CoreLatch();
        Queue<Runnable> none = new ConcurrentLinkedQueue<>();
        Thread w0 = worker(sleep, 0, latch0, none);
        Thread w1 = worker(sleep, 1, latch1, none);
        w0.start();
        w1.start();
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertTrue(await(() -> sleep.isSleeping(0) && sleep.isSleeping(1)), () -> "workers never slept: " + state(sleep, 2));
            assertEquals(CoreLatch.SLEEPING, latch0.state());
            assertTrue(latch0.setCore(), "the setter of a latch whose owner sleeps must be told to wake it");
            sleep.latchSet(true, 0, WakeCause.LATCH);
            joinOrFail(w0, sleep, 2);
            assertTrue(sleep.isSleeping(1), "the other worker must sleep on: " + state(sleep, 2));
            assertEquals(1, AtomicCounters.sleepingThreads(sleep.counters().load()), state(sleep, 2));
            assertTrue(latch1.setCore());
            sleep.latchSet(true, 1, WakeCause.LATCH);
            joinOrFail(w1, sleep, 2);
            assertEquals(0L, sleep.counters().load() & 0xFFFF_FFFFL, state(sleep, 2));
        }, () -> "latch-targeted wake-up lost: " + state(sleep, 2));
    }

    @Test
    void aLatchSetRacingTheOwnersSleepIsNeverLost() {
        Sleep sleep = new Sleep(1, 1, 0, null);
        AtomicReference<CoreLatch> current = new AtomicReference<>();
        AtomicInteger rounds = new AtomicInteger();
        long budget = TimeUnit.SECONDS.toNanos(4);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            Thread setter = new Thread(() -> {
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                CoreLatch last = null;
                while (true) {
                    CoreLatch l = current.get();
                    if (l == null || l == last) {
                        if (Thread.currentThread().isInterrupted()) {
                            return;
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                    last = l;
                    switch (rnd.nextInt(3)) {
                        case 0:
                            break;
                        case 1:
                            for (int i = rnd.nextInt(2_000); i > 0; i--) {
                                Thread.onSpinWait();
                            }
                            break;
                        default:
                            await(() -> sleep.isSleeping(0));
                            break;
                    }
                    if (l.setCore()) {
                        sleep.latchSet(true, 0, WakeCause.LATCH);
                    }
                }
            }, "latch-setter");
            setter.setDaemon(true);
            setter.start();
            IdleState idle = new IdleState(0);
            long start = System.nanoTime();
            try {
                while (rounds.get() < 5_000 && System.nanoTime() - start < budget) {
                    CoreLatch latch = new CoreLatch();
                    current.set(latch);
                    sleep.startLooking(idle);
                    while (!latch.probe()) {
                        sleep.noWorkFound(idle, latch, () -> false);
                    }
                    sleep.workFound(idle, () -> false);
                    rounds.incrementAndGet();
                    assertEquals(0L, sleep.counters().load() & 0xFFFF_FFFFL, state(sleep, 1));
                }
            } finally {
                setter.interrupt();
            }
        }, () -> "owner slept through the set of its latch in round " + rounds.get() + ": " + state(sleep, 1));
    }

    /**
     * A sleeper polls its blocked flag without the lock (it loops {@code park()} on it, and
     * {@code park()} may return for no reason), so clearing the flag must be its waker's last
     * write under the lock: otherwise a sleeper that returns early runs on while its waker has not
     * yet taken it off the sleeping count (sleeping above inactive, so that posters see a negative
     * number of awake idle threads) nor counted it active (a blocking call of its then finds no
     * thread active and reports a deadlock that is not there). The test holds the deadlock lock,
     * which the waker takes inside its critical section, so the waker stops there; meanwhile the
     * sleeper is unparked over and over, as spurious wake-ups would. It must stay asleep until the
     * waker is through, and then find itself counted awake. Before the fix the sleeper ran on at
     * once; {@code aLatchSetRacingTheOwnersSleepIsNeverLost} had seen the count left behind once,
     * in a full build.
     */
    @Test
    void aSleeperRunsOnOnlyOnceItsWakerHasCountedItAwake() {
        Sleep sleep = new Sleep(1, 1, 0, null);
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        AtomicBoolean ranOn = new AtomicBoolean();
        AtomicLong countersWhenRunningOn = new AtomicLong();
        AtomicReference<int[]> deadlockDataWhenRunningOn = new AtomicReference<>();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            Thread owner = new Thread(() -> {
                sleep.startLooking(idle);
                while (!latch.probe()) {
                    sleep.noWorkFound(idle, latch, () -> false);
                }
                countersWhenRunningOn.set(sleep.counters().load());
                ranOn.set(true);
                deadlockDataWhenRunningOn.set(sleep.deadlockData());
                sleep.workFound(idle, () -> false);
            }, "sleeper");
            owner.setDaemon(true);
            owner.start();
            assertTrue(await(() -> sleep.isSleeping(0)), "never fell asleep: " + state(sleep, 1));
            Thread waker = new Thread(() -> {
                if (latch.setCore()) {
                    sleep.latchSet(true, 0, WakeCause.LATCH);
                }
            }, "waker");
            waker.setDaemon(true);
            sleep.deadlockLock.lock();
            try {
                waker.start();
                assertTrue(await(() -> sleep.deadlockLock.hasQueuedThread(waker)), "the waker never reached the deadlock lock");
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
                while (System.nanoTime() - end < 0) {
                    LockSupport.unpark(owner);
                    Thread.onSpinWait();
                }
                assertFalse(ranOn.get(), "the sleeper ran on while its waker was still waking it: "
                        + AtomicCounters.describe(countersWhenRunningOn.get()));
            } finally {
                sleep.deadlockLock.unlock();
            }
            waker.join();
            owner.join();
        }, () -> "stuck: " + state(sleep, 1));
        assertTrue(ranOn.get());
        assertEquals(0, AtomicCounters.sleepingThreads(countersWhenRunningOn.get()),
                AtomicCounters.describe(countersWhenRunningOn.get()));
        assertArrayEquals(new int[] {1, 1, 0}, deadlockDataWhenRunningOn.get(), "workers, active, blocked");
    }

    @Test
    void deadlockHandlerRunsWhenTheLastActiveThreadSleepsWithAnotherBlockedAndNotAgainAfterResume()
            throws Exception {
        AtomicInteger fired = new AtomicInteger();
        Sleep sleep = new Sleep(2, 2, 0, fired::incrementAndGet);
        CoreLatch latch0 = new CoreLatch();
        Thread w0 = worker(sleep, 0, latch0, new ConcurrentLinkedQueue<>());
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            // Worker 1 blocks in user code (a test thread stands in for it).
            sleep.markBlocked();
            assertArrayEquals(new int[] {2, 1, 1}, sleep.deadlockData());
            assertEquals(0, fired.get(), "worker 0 is still active");
            w0.start();
            assertTrue(await(() -> sleep.isSleeping(0)), () -> state(sleep, 2));
            assertTrue(await(() -> fired.get() > 0), () -> state(sleep, 2));
            assertArrayEquals(new int[] {2, 0, 1}, sleep.deadlockData());
            // Resume: mark unblocked first, then let threads run.
            sleep.markUnblocked();
            assertTrue(latch0.setCore());
            sleep.latchSet(true, 0, WakeCause.LATCH);
            joinOrFail(w0, sleep, 2);
            assertEquals(1, fired.get(), "handler must run exactly once: " + state(sleep, 2));
            assertArrayEquals(new int[] {2, 2, 0}, sleep.deadlockData());
        }, () -> "deadlock detection: fired=" + fired.get() + " " + state(sleep, 2));
    }

    @Test
    void markUnblockedWithoutMarkBlockedAndMarkBlockedWithNoActiveThreadAreRejected() {
        Sleep sleep = new Sleep(1, 1, 0, null);
        assertThrows(IllegalStateException.class, sleep::markUnblocked);
        sleep.markBlocked();
        assertThrows(IllegalStateException.class, sleep::markBlocked);
        sleep.markUnblocked();
        assertArrayEquals(new int[] {1, 1, 0}, sleep.deadlockData());
    }

    @Test
    void sleepRejectsMoreSlotsThanTheCountersHold() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Sleep(AtomicCounters.THREADS_MAX + 1, 1, 0, null));
        assertTrue(e.getMessage().contains(String.valueOf(AtomicCounters.THREADS_MAX)), e.getMessage());
    }

    /**
     * The pause between idle rounds: a spin while another worker is active (it may hand out work
     * at any moment), a yield once none is (the processor is worth more to a caller outside the
     * pool), and always a yield in a pool with more workers than processors.
     */
    @Test
    void idleRoundsSpinOnlyWhileAnotherWorkerIsActive() {
        int cores = Runtime.getRuntime().availableProcessors();
        int workers = Math.min(2, cores);
        Sleep sleep = new Sleep(workers, workers, Sleep.DEFAULT_ROUNDS_UNTIL_SLEEPY, null);
        IdleState me = new IdleState(0);
        sleep.startLooking(me);
        assertEquals(workers > 1, sleep.idleRoundSpins(), "worker 1 is active: " + state(sleep, workers));
        if (workers > 1) {
            IdleState other = new IdleState(1);
            sleep.startLooking(other);
            assertFalse(sleep.idleRoundSpins(), "nobody is active: " + state(sleep, workers));
            sleep.workFound(other, () -> false);
            assertTrue(sleep.idleRoundSpins(), "worker 1 is active again: " + state(sleep, workers));
        }
        sleep.workFound(me, () -> false);

        Sleep crowded = new Sleep(cores + 1, cores + 1, Sleep.DEFAULT_ROUNDS_UNTIL_SLEEPY, null);
        crowded.startLooking(new IdleState(0));
        assertFalse(crowded.idleRoundSpins(), "more workers than processors: " + state(crowded, cores + 1));
    }
}
