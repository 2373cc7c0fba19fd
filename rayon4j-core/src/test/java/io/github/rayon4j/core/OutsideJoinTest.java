package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link Rayon#joinContext} called from a thread outside every pool ({@link OutsideJoin}): the
 * caller runs the left side, and the right side runs exactly once, taken back by the caller if no
 * worker of the global pool started it, else on that worker while the caller waits.
 */
class OutsideJoinTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /**
     * Holds every worker of the global pool inside a job until {@link #close()}, so that nothing
     * injected meanwhile can start.
     */
    private static final class Occupied implements AutoCloseable {
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch done;

        Occupied() throws InterruptedException {
            int n = Rayon.currentNumThreads();
            CountDownLatch inside = new CountDownLatch(n);
            done = new CountDownLatch(n);
            Rayon.spawnBroadcast(ctx -> {
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
            assertTrue(inside.await(30, TimeUnit.SECONDS), "every global worker holds a share");
        }

        @Override
        public void close() throws InterruptedException {
            release.countDown();
            assertTrue(done.await(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void theCallerRunsTheLeftSideItself() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Thread caller = Thread.currentThread();
            Pair<Thread, Long> r = Rayon.joinContext(ctx -> {
                assertFalse(ctx.migrated());
                return Thread.currentThread();
            }, ctx -> 7L);
            assertSame(caller, r.left());
            assertEquals(7L, r.right());
        });
    }

    @Test
    void aRightSideNoWorkerStartedIsTakenBackAndRunOnTheCaller() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Thread caller = Thread.currentThread();
            try (Occupied busy = new Occupied()) {
                Pair<Integer, Thread> r = Rayon.joinContext(ctx -> 1, ctx -> {
                    assertFalse(ctx.migrated(), "taken back: run on the calling thread");
                    return Thread.currentThread();
                });
                assertEquals(1, r.left());
                assertSame(caller, r.right());
            }
        });
    }

    @Test
    void aRightSideAWorkerStartedIsAwaited() {
        assertTimeoutPreemptively(LIMIT, () -> {
            CountDownLatch rightStarted = new CountDownLatch(1);
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            Pair<Boolean, Long> r = Rayon.joinContext(ctx -> {
                try {
                    // The left side returns only once a worker runs the right side, so the caller
                    // cannot take it back and must wait for it.
                    return rightStarted.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }, ctx -> {
                assertTrue(ctx.migrated(), "run by a worker");
                ranOn.set(Thread.currentThread());
                rightStarted.countDown();
                sleep(20); // still running when the caller arrives: it parks on the latch
                return 42L;
            });
            assertTrue(r.left(), "a worker started the right side");
            assertEquals(42L, r.right());
            assertTrue(ranOn.get() instanceof WorkerThread, ranOn.get().toString());
        });
    }

    @Test
    void aLeftExceptionLeavesAfterTheRightSideRanWithItsExceptionSuppressed() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (boolean takenBack : new boolean[] {true, false}) {
                RuntimeException left = new IllegalStateException("left");
                RuntimeException right = new IllegalArgumentException("right");
                AtomicInteger rightRuns = new AtomicInteger();
                CountDownLatch rightStarted = new CountDownLatch(1);
                Function<FnContext, Object> b = ctx -> {
                    rightRuns.incrementAndGet();
                    rightStarted.countDown();
                    throw right;
                };
                Function<FnContext, Object> a = ctx -> {
                    if (!takenBack) {
                        await(rightStarted);
                    }
                    throw left;
                };
                RuntimeException thrown;
                if (takenBack) {
                    try (Occupied busy = new Occupied()) {
                        thrown = assertThrows(RuntimeException.class, () -> Rayon.joinContext(a, b));
                    }
                } else {
                    thrown = assertThrows(RuntimeException.class, () -> Rayon.joinContext(a, b));
                }
                assertSame(left, thrown);
                assertEquals(1, rightRuns.get(), "the right side ran once before the exception left");
                assertEquals(List.of(right), List.of(thrown.getSuppressed()));
            }
        });
    }

    @Test
    void aRightExceptionReachesTheCallerWithTheStackWhereItWasThrown() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (boolean takenBack : new boolean[] {true, false}) {
                CountDownLatch rightStarted = new CountDownLatch(1);
                Function<FnContext, Object> b = ctx -> {
                    rightStarted.countDown();
                    throw new IllegalStateException("right");
                };
                Function<FnContext, Object> a = ctx -> {
                    if (!takenBack) {
                        await(rightStarted);
                    }
                    return null;
                };
                IllegalStateException e;
                if (takenBack) {
                    try (Occupied busy = new Occupied()) {
                        e = assertThrows(IllegalStateException.class, () -> Rayon.joinContext(a, b));
                    }
                } else {
                    e = assertThrows(IllegalStateException.class, () -> Rayon.joinContext(a, b));
                }
                assertEquals("right", e.getMessage());
                assertTrue(e.getStackTrace()[0].getMethodName().contains("lambda"), e.getStackTrace()[0].toString());
            }
        });
    }

    /**
     * Outside threads split trees with {@code joinContext} while others keep the global pool
     * busy with plain joins: every leaf of every tree runs exactly once, and the caller returns
     * only after all of its tree ran. The race this widens is the take-back: a worker's poll of
     * the injector against the caller's removal of the same job.
     */
    @Test
    void manyOutsideCallersSplittingAtOnceRunEveryLeafExactlyOnce() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int callers = 4;
            int rounds = 300;
            int depth = 6;
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int c = 0; c < callers; c++) {
                Thread t = new Thread(() -> {
                    try {
                        for (int round = 0; round < rounds; round++) {
                            AtomicIntegerArray runs = new AtomicIntegerArray(1 << depth);
                            long sum = tree(runs, 0, 1 << depth);
                            assertEquals((long) ((1 << depth) - 1) * (1 << depth) / 2, sum);
                            for (int i = 0; i < runs.length(); i++) {
                                assertEquals(1, runs.get(i), "leaf " + i + " of round " + round);
                            }
                            if (round % 10 == 0) {
                                JoinTest.fib(12); // a plain join from outside: the whole join in the pool
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "outside-" + c);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
        });
    }

    static volatile long sink;

    private static long tree(AtomicIntegerArray runs, int from, int to) {
        if (to - from == 1) {
            runs.incrementAndGet(from);
            long x = from;
            for (int i = 0; i < 200; i++) {
                x = x * 6364136223846793005L + 1; // a little work, so that workers take some right sides
            }
            sink = x;
            return from;
        }
        int mid = (from + to) >>> 1;
        Pair<Long, Long> p = Rayon.joinContext(ctx -> tree(runs, from, mid), ctx -> tree(runs, mid, to));
        return p.left() + p.right();
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
