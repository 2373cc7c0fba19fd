package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import io.github.rayon4j.core.sleep.AtomicCounters;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadPoolBuilder#callerRuns}: an outside call runs on the calling thread, as a guest
 * worker in a sleeping worker's place, and everything the protocol promises around that (see
 * "Guests" in {@code Sleep} and {@code Registry}): the held worker comes back asleep with the
 * counts as before; work queued while it was held wakes it when the guest leaves; a broadcast
 * from inside the call reaches it; the pool never runs more threads at once than it has
 * workers; a busy pool takes the call as before.
 */
class CallerRunsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static ThreadPool pool(int threads) {
        return new ThreadPoolBuilder().numThreads(threads).callerRuns(true).jmx(false).build();
    }

    /** Every worker asleep, none held, nobody counted active or blocked. */
    private static void assertQuiet(ThreadPool pool) {
        PoolState.awaitAllAsleep(pool);
        int[] data = PoolState.sleep(pool).deadlockData();
        assertEquals(0, data[1], () -> "active threads: " + PoolState.describe(pool));
        assertEquals(0, data[2], () -> "blocked threads: " + PoolState.describe(pool));
        long counters = PoolState.sleep(pool).counters().load();
        assertEquals(pool.currentNumThreads(), AtomicCounters.inactiveThreads(counters),
                () -> "every sleeper idle, no guest left counted: " + PoolState.describe(pool));
    }

    @Test
    void anOutsideCallRunsOnTheCallerWhileAWorkerSleeps() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = pool(2)) {
                PoolState.awaitAllAsleep(pool);
                Thread caller = Thread.currentThread();
                assertSame(caller, pool.install(Thread::currentThread));
                PoolState.awaitAllAsleep(pool);
                int index = pool.install(() -> pool.currentThreadIndex().getAsInt());
                assertTrue(index >= pool.currentNumThreads() && index < pool.maxThreads(),
                        "a guest's index is a spare slot's: " + index);
                assertFalse(pool.currentThreadIndex().isPresent(), "an outside thread again");
                // Both halves of a join on the guest, one perhaps stolen by the woken sibling.
                PoolState.awaitAllAsleep(pool);
                Pair<Long, Long> both = pool.join(() -> sum(0, 1_000_000), () -> sum(1_000_000, 2_000_000));
                assertEquals(sum(0, 2_000_000), both.left() + both.right());
                assertQuiet(pool);
                assertEquals(0, pool.metrics().jobsInjected(), "nothing was handed over");
            }
        });
    }

    @Test
    void withCallerRunsOffTheCallIsHandedToAWorker() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).jmx(false).build()) {
                PoolState.awaitAllAsleep(pool);
                Thread ran = pool.install(Thread::currentThread);
                assertNotSame(Thread.currentThread(), ran);
                assertTrue(ran instanceof WorkerThread);
                assertEquals(1, pool.metrics().jobsInjected());
            }
        });
    }

    @Test
    void aBusyPoolTakesTheCallAsBefore() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = pool(1)) {
                CountDownLatch started = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                pool.spawn(() -> {
                    started.countDown();
                    PoolState.awaitQuietly(release);
                });
                started.await();
                AtomicReference<Thread> ran = new AtomicReference<>();
                Thread outside = new Thread(() -> ran.set(pool.install(Thread::currentThread)), "outside");
                outside.start();
                // The only worker is busy, so the call is queued, not run by its caller.
                assertTrue(PoolState.await(() -> pool.registry().injectorDepth() == 1, 10));
                release.countDown();
                outside.join();
                assertTrue(ran.get() instanceof WorkerThread, "run by the worker: " + ran.get());
            }
        });
    }

    /**
     * The one worker is held while the guest spawns: the spawn goes to the injector and finds no
     * sleeper to wake. The guest's release must see it (the final check) and wake the worker.
     */
    @Test
    void workQueuedWhileTheWorkerWasHeldWakesItWhenTheGuestLeaves() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = pool(1)) {
                for (int round = 0; round < 200; round++) {
                    PoolState.awaitAllAsleep(pool);
                    CountDownLatch ran = new CountDownLatch(1);
                    Thread caller = pool.install(() -> {
                        pool.spawn(ran::countDown);
                        return Thread.currentThread();
                    });
                    assertSame(Thread.currentThread(), caller, "round " + round + " ran as a guest");
                    assertTrue(ran.await(10, TimeUnit.SECONDS), () -> "the spawn never ran: " + PoolState.describe(pool));
                }
                assertQuiet(pool);
            }
        });
    }

    /** A broadcast from inside the call needs the held worker's share: it wakes it. */
    @Test
    void aBroadcastFromInsideTheCallReachesTheHeldWorker() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = pool(2)) {
                for (int round = 0; round < 50; round++) {
                    PoolState.awaitAllAsleep(pool);
                    List<Integer> indexes = pool.install(() -> pool.broadcast(BroadcastContext::index));
                    assertEquals(List.of(0, 1), indexes);
                }
                assertQuiet(pool);
            }
        });
    }

    @Test
    void anExceptionReachesTheCallerAndThePoolGoesOn() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = pool(2)) {
                PoolState.awaitAllAsleep(pool);
                IllegalStateException boom = new IllegalStateException("boom");
                IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> pool.install(() -> {
                    throw boom;
                }));
                assertSame(boom, thrown);
                assertQuiet(pool);
                assertEquals(42, (int) pool.install(() -> 42));
                assertQuiet(pool);
            }
        });
    }

    /**
     * Outside threads call in at once, each call a tree of joins whose leaves count the threads
     * inside a leaf: never more than the pool's workers, guests included, and some calls ran as
     * guests. Afterwards every worker is asleep and nothing is counted held or active.
     */
    @Test
    void neverMoreThreadsAtWorkThanWorkers() {
        assertTimeoutPreemptively(LIMIT, () -> {
            int workers = 2;
            try (ThreadPool pool = pool(workers)) {
                AtomicInteger inLeaf = new AtomicInteger();
                AtomicInteger most = new AtomicInteger();
                AtomicInteger asGuest = new AtomicInteger();
                List<Thread> callers = new ArrayList<>();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                for (int c = 0; c < 4; c++) {
                    Thread t = new Thread(() -> {
                        try {
                            for (int call = 0; call < 300; call++) {
                                Thread me = Thread.currentThread();
                                Thread first = pool.install(() -> {
                                    leaves(0, 16, inLeaf, most);
                                    return Thread.currentThread();
                                });
                                if (first == me) {
                                    asGuest.incrementAndGet();
                                }
                                if (call % 50 == 0) {
                                    Thread.sleep(2); // let the workers fall asleep now and then
                                }
                            }
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    }, "outside-" + c);
                    callers.add(t);
                    t.start();
                }
                for (Thread t : callers) {
                    t.join();
                }
                if (failure.get() != null) {
                    throw failure.get();
                }
                assertTrue(most.get() <= workers, "threads in a leaf at once: " + most.get());
                assertTrue(asGuest.get() > 0, "no call ran as a guest");
                assertQuiet(pool);
            }
        });
    }

    private static void leaves(int lo, int hi, AtomicInteger inLeaf, AtomicInteger most) {
        if (hi - lo == 1) {
            int now = inLeaf.incrementAndGet();
            most.accumulateAndGet(now, Math::max);
            long spin = System.nanoTime() + 20_000;
            while (System.nanoTime() < spin) {
                Thread.onSpinWait();
            }
            inLeaf.decrementAndGet();
            return;
        }
        int mid = (lo + hi) >>> 1;
        Rayon.join(() -> leaves(lo, mid, inLeaf, most), () -> leaves(mid, hi, inLeaf, most));
    }

    /** Off unless set; a pool without spare slots, or under another sleep policy, has no guests. */
    @Test
    void defaults() {
        assertFalse(new ThreadPoolBuilder().callerRuns);
        assertTrue(new ThreadPoolBuilder().callerRuns(true).callerRuns);
        assertFalse(new ThreadPoolBuilder().callerRuns(true).callerRuns(false).callerRuns);
        try (ThreadPool off = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
            assertFalse(off.registry().callerRuns());
        }
        try (ThreadPool noSpares = new ThreadPoolBuilder().numThreads(1).callerRuns(true).maxBlockingSpares(0)
                .jmx(false).build()) {
            assertFalse(noSpares.registry().callerRuns(), "a guest needs a spare slot");
        }
        try (ThreadPool hinted = new ThreadPoolBuilder().numThreads(1).callerRuns(true).sleepPolicy(SleepPolicy.HINTED)
                .jmx(false).build()) {
            assertFalse(hinted.registry().callerRuns(), "only the RAYON policy has guests");
        }
    }

    private static long sum(long lo, long hi) {
        long s = 0;
        for (long i = lo; i < hi; i++) {
            s += i;
        }
        return s;
    }

    @Test
    void theCountersAreThoseOfAnIdlePoolAfterManyCalls() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = pool(2)) {
                long[] out = new long[1];
                for (int i = 0; i < 2_000; i++) {
                    out[0] += pool.install(() -> sum(0, 1000));
                }
                assertEquals(2_000 * sum(0, 1000), out[0]);
                assertQuiet(pool);
                assertArrayEquals(new int[] {2, 0, 0}, PoolState.sleep(pool).deadlockData());
            }
        });
    }
}
