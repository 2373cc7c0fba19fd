package io.github.rayon4j.core;

import static io.github.rayon4j.core.PoolState.await;
import static io.github.rayon4j.core.PoolState.awaitAllAsleep;
import static io.github.rayon4j.core.PoolState.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.sleep.Sleep;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stress tests of the wake-up paths on real pools, with the sleep constants shrunk
 * ({@code roundsUntilSleepy(0..2)}; one case keeps the default and the workers' own cuts of it)
 * so that workers fall asleep within microseconds. Each test
 * makes the rare state (everyone asleep) the common one, acts, and repeats; a lost wake-up is a
 * hang, caught by {@code assertTimeoutPreemptively} with the pool's state in the message. Every
 * test runs once per {@link SleepPolicy}; the rounds are bounded by count and by a time budget
 * ({@code rayon4j.stress.seconds}, default 2 s per test and policy; the soak profile may raise it).
 */
class SleepWakeStressTest {
    private static final long BUDGET_NANOS =
            TimeUnit.SECONDS.toNanos(Long.getLong("rayon4j.stress.seconds", 2));

    private static ThreadPool pool(SleepPolicy policy, int threads, int rounds, String name) {
        return new ThreadPoolBuilder().numThreads(threads).roundsUntilSleepy(rounds).sleepPolicy(policy)
                .threadName(i -> name + "-" + i).build();
    }

    /** Every policy with 1, 2 and 4 threads. */
    static Stream<Arguments> policiesAndThreads() {
        return Arrays.stream(SleepPolicy.values())
                .flatMap(p -> Stream.of(1, 2, 4).map(n -> Arguments.of(p, n)));
    }

    @ParameterizedTest(name = "{0}, {1} threads")
    @MethodSource("policiesAndThreads")
    void anInjectedJobAlwaysWakesAPoolWhoseWorkersAllSleep(SleepPolicy policy, int threads) {
        // 1 and 2 threads: rounds 1 and 2; 4 threads: the default rounds, which each worker cuts
        // (32, 16, 8, 4, 2, 1) as its searches end asleep and restores when one pays off.
        int searchRounds = threads == 4 ? Sleep.DEFAULT_ROUNDS_UNTIL_SLEEPY : threads % 3;
        ThreadPool pool = pool(policy, threads, searchRounds, "inject-wakes");
        try (PoolState.Closer closerpool = PoolState.closing(pool)) {
            AtomicInteger rounds = new AtomicInteger();
            AtomicInteger ran = new AtomicInteger();
            assertTimeoutPreemptively(Duration.ofSeconds(40), () -> {
                long start = System.nanoTime();
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                while (rounds.get() < 10_000 && System.nanoTime() - start < BUDGET_NANOS) {
                    // Most rounds: inject only once every worker sleeps. Some rounds: inject while
                    // they are on their way to sleep, to hit the window of the final check.
                    if (rnd.nextInt(4) != 0) {
                        awaitAllAsleep(pool);
                    } else {
                        for (int i = rnd.nextInt(500); i > 0; i--) {
                            Thread.onSpinWait();
                        }
                    }
                    pool.install(() -> {
                        ran.incrementAndGet();
                    });
                    rounds.incrementAndGet();
                }
            }, () -> "install hung in round " + rounds.get() + ": " + describe(pool));
            assertEquals(rounds.get(), ran.get());
            System.out.println("anInjectedJobAlwaysWakes[" + policy + ", " + threads + "]: " + rounds.get() + " rounds");
        }
    }

    @ParameterizedTest
    @EnumSource(SleepPolicy.class)
    void twoPoolsInstallingIntoEachOtherAfterBothSleptComplete(SleepPolicy policy) {
        // pool b always RAYON, so that every policy also meets a pool of another policy
        ThreadPool a = pool(policy, 2, 0, "cross-a");
        ThreadPool b = pool(SleepPolicy.RAYON, 2, 1, "cross-b");
        try (PoolState.Closer ca = PoolState.closing(a); PoolState.Closer cb = PoolState.closing(b)) {
            AtomicInteger rounds = new AtomicInteger();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            assertTimeoutPreemptively(Duration.ofSeconds(40), () -> {
                long start = System.nanoTime();
                while (rounds.get() < 2_000 && System.nanoTime() - start < BUDGET_NANOS) {
                    awaitAllAsleep(a);
                    awaitAllAsleep(b);
                    // Two outside threads: a -> b and b -> a at the same time. The waiting worker of
                    // one pool keeps working (and may fall asleep) in its own pool until the other
                    // pool's worker sets the cross-pool latch.
                    Thread t = new Thread(() -> {
                        try {
                            int r = b.install(() -> a.install(() -> 7) + 1);
                            assertEquals(8, r);
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    }, "cross-installer");
                    t.setDaemon(true);
                    t.start();
                    int r = a.install(() -> b.install(() -> Rayon.join(() -> 3, () -> 4)).right() * 10);
                    assertEquals(40, r);
                    t.join();
                    if (failure.get() != null) {
                        throw failure.get();
                    }
                    rounds.incrementAndGet();
                }
                System.out.println("twoPoolsInstalling[" + policy + "]: " + rounds.get() + " rounds");
            }, () -> "cross-pool install hung in round " + rounds.get() + ": A " + describe(a) + " / B " + describe(b));
        }
    }

    @ParameterizedTest
    @EnumSource(SleepPolicy.class)
    void closingAPoolWhoseWorkersSleepEndsAllItsThreads(SleepPolicy policy) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int round = 0; round < 12; round++) {
                String prefix = "close-asleep-" + policy + "-" + round + "-";
                int threads = 1 + round % 4;
                ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).roundsUntilSleepy(round % 3)
                        .sleepPolicy(policy).threadName(i -> prefix + i).build();
                assertEquals(threads, (int) pool.install(Rayon::currentNumThreads));
                awaitAllAsleep(pool);
                String before = describe(pool);
                assertTimeoutPreemptively(Duration.ofSeconds(10), pool::close,
                        () -> "close() of a sleeping pool did not return: " + describe(pool));
                assertTrue(pool.isTerminated(), before);
                assertEquals(List.of(), PoolState.liveThreadsOf(pool), "after close, state before: " + before);
                assertEquals(List.of(), PoolState.liveThreadsNamed(prefix), before);
            }
        });
    }

    @ParameterizedTest
    @EnumSource(SleepPolicy.class)
    void aStolenRightSideFinishingWhileTheOwnerSleepsWakesTheOwner(SleepPolicy policy) {
        ThreadPool pool = pool(policy, 2, 0, "owner-sleeps");
        try (PoolState.Closer closerpool = PoolState.closing(pool)) {
            Sleep sleep = PoolState.sleep(pool);
            AtomicInteger rounds = new AtomicInteger();
            AtomicInteger ownerSeenAsleep = new AtomicInteger();
            assertTimeoutPreemptively(Duration.ofSeconds(40), () -> {
                long start = System.nanoTime();
                while (rounds.get() < 2_000 && System.nanoTime() - start < BUDGET_NANOS) {
                    Pair<Integer, Integer> r = pool.install(() -> {
                        int owner = Rayon.currentThreadIndex().getAsInt();
                        AtomicBoolean rightStarted = new AtomicBoolean();
                        return Rayon.join(() -> {
                            // Left side: returns as soon as the right side was stolen.
                            assertTrue(await(rightStarted::get, 10), () -> "right side never stolen: " + describe(pool));
                            return owner;
                        }, () -> {
                            int thief = Rayon.currentThreadIndex().getAsInt();
                            rightStarted.set(true);
                            // Right side: keeps running until the owner sleeps on the join's latch.
                            if (await(() -> sleep.isSleeping(owner), 10)) {
                                ownerSeenAsleep.incrementAndGet();
                            }
                            return thief;
                        });
                    });
                    assertNotEquals(r.left(), r.right(), "the right side must have been stolen");
                    rounds.incrementAndGet();
                }
            }, () -> "join owner never woke in round " + rounds.get() + " (owner seen asleep "
                    + ownerSeenAsleep.get() + " times): " + describe(pool));
            System.out.println("aStolenRightSide[" + policy + "]: " + rounds.get() + " rounds");
            assertEquals(rounds.get(), ownerSeenAsleep.get(),
                    "every round must have put the owner to sleep on the latch: " + describe(pool));
        }
    }

    @ParameterizedTest
    @EnumSource(SleepPolicy.class)
    void aBroadcastRacingTheWorkersSleepReachesEveryWorker(SleepPolicy policy) {
        ThreadPool pool = pool(policy, 3, 0, "bcast-race");
        try (PoolState.Closer closer = PoolState.closing(pool)) {
            AtomicInteger rounds = new AtomicInteger();
            assertTimeoutPreemptively(Duration.ofSeconds(40), () -> {
                long start = System.nanoTime();
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                while (rounds.get() < 5_000 && System.nanoTime() - start < BUDGET_NANOS) {
                    // Half the rounds: broadcast into a sleeping pool. The other half: right after
                    // a job, while the workers are on their way to sleep (the final check's window).
                    if (rnd.nextBoolean()) {
                        awaitAllAsleep(pool);
                    } else {
                        pool.install(() -> { });
                    }
                    List<Integer> seen = pool.broadcast(ctx -> ctx.index());
                    assertEquals(List.of(0, 1, 2), seen);
                    rounds.incrementAndGet();
                }
            }, () -> "broadcast hung in round " + rounds.get() + ": " + describe(pool));
            System.out.println("aBroadcastRacingSleep[" + policy + "]: " + rounds.get() + " rounds");
        }
    }
}
