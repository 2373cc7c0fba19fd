package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The join frames a worker reuses ({@link Join}, "Frames are reused"): one frame per join depth,
 * the depth given back on every way out of a join, a frame reused at once after its thief set its
 * latch (while the thief may still be waking the owner), joins deeper than the frame array.
 * White-box: it reads the worker's {@code frames} and {@code frameDepth} on the worker's own
 * thread, inside {@code install}.
 */
class JoinFrameTest {
    private static final Duration BOUND = Duration.ofSeconds(60);

    private static ThreadPool pool(int threads) {
        return new ThreadPoolBuilder().numThreads(threads).roundsUntilSleepy(1).jmx(false).build();
    }

    private static WorkerThread me() {
        return WorkerThread.current();
    }

    /** A complete join tree of the given depth; returns its number of leaves. */
    private static long tree(int depth) {
        if (depth == 0) {
            return 1;
        }
        Pair<Long, Long> p = Rayon.join(() -> tree(depth - 1), () -> tree(depth - 1));
        return p.left() + p.right();
    }

    @Test
    void aJoinTreeRunsOnOneFramePerDepthAndGivesTheDepthBack() {
        try (ThreadPool pool = pool(1)) {
            assertTimeoutPreemptively(BOUND, () -> pool.install(() -> {
                WorkerThread w = me();
                int d0 = w.frameDepth;
                assertEquals(64, tree(6));
                assertEquals(d0, w.frameDepth, "depth after the tree");
                Join.Frame[] first = new Join.Frame[6];
                for (int d = 0; d < 6; d++) {
                    first[d] = w.frames[d0 + d];
                    assertNotNull(first[d], "frame at depth " + d);
                }
                assertNull(w.frames[d0 + 6], "no frame below the deepest join");
                assertEquals(64, tree(6));
                for (int d = 0; d < 6; d++) {
                    assertSame(first[d], w.frames[d0 + d], "the second tree reuses the frame at depth " + d);
                }
                return null;
            }));
        }
    }

    @Test
    void everyWayOutOfAJoinGivesTheDepthBack() {
        for (int threads = 1; threads <= 2; threads++) {
            try (ThreadPool pool = pool(threads)) {
                assertTimeoutPreemptively(BOUND, () -> pool.install(() -> {
                    WorkerThread w = me();
                    int d0 = w.frameDepth;
                    // The left side throws: the right side still runs, the depth comes back.
                    AtomicInteger rightRan = new AtomicInteger();
                    assertThrows(IllegalStateException.class, () -> Rayon.join(
                            () -> { throw new IllegalStateException("left"); }, rightRan::incrementAndGet));
                    assertEquals(1, rightRan.get());
                    assertEquals(d0, w.frameDepth, "after the left side threw");
                    // The right side throws (taken back inline on one thread, maybe stolen on two).
                    assertThrows(IllegalArgumentException.class, () -> Rayon.join(
                            () -> { }, () -> { throw new IllegalArgumentException("right"); }));
                    assertEquals(d0, w.frameDepth, "after the right side threw");
                    // Both throw, in a join nested in the left side of another.
                    Rayon.join(() -> assertThrows(IllegalArgumentException.class, () -> Rayon.join(
                            () -> { throw new IllegalArgumentException("left"); },
                            () -> { throw new IllegalStateException("right"); })), () -> { });
                    assertEquals(d0, w.frameDepth, "after the enclosing join");
                    // The same ways out of the primitive forms.
                    assertThrows(IllegalStateException.class, () -> Rayon.joinLong(
                            () -> { throw new IllegalStateException("left"); }, () -> rightRan.incrementAndGet(), Long::sum));
                    assertEquals(2, rightRan.get());
                    assertEquals(d0, w.frameDepth, "after joinLong's left side threw");
                    assertThrows(IllegalArgumentException.class, () -> Rayon.joinDouble(
                            () -> 1, () -> { throw new IllegalArgumentException("right"); }, Double::sum));
                    assertEquals(d0, w.frameDepth, "after joinDouble's right side threw");
                    assertThrows(ArithmeticException.class, () -> Rayon.joinLong(() -> 1, () -> 0, (a, b) -> a / b));
                    assertEquals(d0, w.frameDepth, "after joinLong's combine threw");
                    // A normal join reuses the frame at d0, and its latch is unset.
                    assertEquals(2, tree(1));
                    Join.Frame f = w.frames[d0];
                    assertNotNull(f);
                    assertEquals(io.github.rayon4j.core.sleep.CoreLatch.UNSET, f.state());
                    return null;
                }));
            }
        }
    }

    @Test
    void aRightSideThatThrowsLeavesItsFrameReusable() {
        try (ThreadPool pool = pool(2)) {
            assertTimeoutPreemptively(BOUND, () -> pool.install(() -> {
                WorkerThread w = me();
                int d0 = w.frameDepth;
                int stolen = 0;
                for (int i = 0; i < 200; i++) {
                    AtomicInteger started = new AtomicInteger();
                    Thread owner = Thread.currentThread();
                    RuntimeException e = assertThrows(RuntimeException.class, () -> Rayon.join(
                            () -> awaitStart(started),
                            () -> {
                                started.set(Thread.currentThread() == owner ? 1 : 2);
                                throw new RuntimeException("right");
                            }));
                    assertEquals("right", e.getMessage());
                    stolen += started.get() == 2 ? 1 : 0;
                    assertEquals(d0, w.frameDepth, "after a stolen right side threw");
                    assertEquals(io.github.rayon4j.core.sleep.CoreLatch.UNSET, w.frames[d0].state());
                }
                assertTrue(stolen > 0, "no right side was stolen in 200 joins");
                // The same with the right side taken back inline (the left side does not wait).
                for (int i = 0; i < 200; i++) {
                    assertThrows(RuntimeException.class, () -> Rayon.join(() -> { }, () -> {
                        throw new RuntimeException("right");
                    }));
                    assertEquals(d0, w.frameDepth, "after a right side taken back threw");
                    assertEquals(io.github.rayon4j.core.sleep.CoreLatch.UNSET, w.frames[d0].state());
                }
                return null;
            }));
        }
    }

    @Test
    void joinsDeeperThanTheFrameArrayAllocateTheirOwnAndGiveTheDepthBack() {
        int depth = Join.MAX_FRAMES + 40;
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).stackSize(16 << 20).jmx(false).build()) {
            assertTimeoutPreemptively(BOUND, () -> pool.install(() -> {
                WorkerThread w = me();
                int d0 = w.frameDepth;
                assertEquals(depth, chain(depth));
                assertEquals(d0, w.frameDepth);
                for (int d = d0; d < Join.MAX_FRAMES; d++) {
                    assertNotNull(w.frames[d], "frame at depth " + d);
                }
                assertEquals(depth, chain(depth));
                return null;
            }));
        }
    }

    /** A chain of {@code n} nested joins (the left side recurses): returns {@code n}. */
    private static int chain(int n) {
        if (n == 0) {
            return 0;
        }
        Pair<Integer, Integer> p = Rayon.join(() -> chain(n - 1), () -> 1);
        return p.left() + p.right();
    }

    /**
     * The owner reuses a frame as soon as it saw the latch set, while the thief may still be in
     * its wake-up of the owner ({@code SpinLatch.set} after the swap); some right sides run long
     * enough for the owner to fall asleep on the latch, so the wake-up is a real one. Every result
     * must come back to its own join: an owner that reuses a stolen frame without resetting its
     * latch takes the old result for the new one, and this test fails at once (tried).
     */
    @Test
    void framesReusedRightAfterTheirThievesSetThemKeepEveryResult() {
        int joins = 20_000;
        try (ThreadPool pool = pool(2)) {
            int[] stolen = assertTimeoutPreemptively(BOUND, () -> pool.install(() -> {
                Thread owner = Thread.currentThread();
                int[] counts = new int[2];
                for (int i = 0; i < joins; i++) {
                    int expected = i;
                    long rightNanos = i % 64 == 0 ? 200_000 : i % 7 * 300;
                    AtomicInteger started = new AtomicInteger();
                    Pair<Integer, Integer> p = Rayon.join(
                            () -> {
                                awaitStart(started);
                                return -expected;
                            },
                            () -> {
                                started.set(Thread.currentThread() == owner ? 1 : 2);
                                spin(rightNanos);
                                return expected;
                            });
                    assertEquals(-expected, p.left());
                    assertEquals(expected, p.right());
                    counts[started.get() - 1]++;
                }
                return counts;
            }));
            System.out.printf("JoinFrameTest: %d joins, right side stolen %d times, taken back %d%n",
                    joins, stolen[1], stolen[0]);
            assertTrue(stolen[1] > joins / 100, "too few right sides were stolen: " + stolen[1]);
        }
    }

    /**
     * The left side waits (at most 1 ms) for the right side to start, so that it is often stolen;
     * it yields, so that a thief gets the processor even where the machine has fewer cores than
     * the pool has threads.
     */
    private static void awaitStart(AtomicInteger started) {
        long deadline = System.nanoTime() + 1_000_000;
        while (started.get() == 0 && System.nanoTime() < deadline) {
            Thread.yield();
        }
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
