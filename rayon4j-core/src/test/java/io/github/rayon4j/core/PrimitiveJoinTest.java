package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * {@code joinLong} and {@code joinDouble}: the values of both sides, combined on the caller's
 * thread, whichever way the right side ran (taken back inline, stolen, or from outside the
 * pool); exceptions as from {@code join}, with {@code combine} not called; null arguments
 * rejected by name.
 */
class PrimitiveJoinTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    static long fib(int n) {
        return n < 2 ? n : Rayon.joinLong(() -> fib(n - 1), () -> fib(n - 2), Long::sum);
    }

    static long fibSeq(int n) {
        return n < 2 ? n : fibSeq(n - 1) + fibSeq(n - 2);
    }

    /** The midpoint sum of {@code 1 / (1 + x^2)} over [lo, hi), split in halves down to 64 points. */
    static double integral(double lo, double hi, int points, boolean parallel) {
        if (points <= 64) {
            double h = (hi - lo) / points;
            double sum = 0;
            for (int i = 0; i < points; i++) {
                double x = lo + (i + 0.5) * h;
                sum += 1 / (1 + x * x);
            }
            return sum * h;
        }
        double mid = (lo + hi) / 2;
        int half = points / 2;
        if (!parallel) {
            return integral(lo, mid, half, false) + integral(mid, hi, points - half, false);
        }
        return Rayon.joinDouble(() -> integral(lo, mid, half, true), () -> integral(mid, hi, points - half, true),
                Double::sum);
    }

    @Test
    void joinLongComputesFibFromOutsideAndInACustomPool() {
        assertTimeoutPreemptively(LIMIT, () -> {
            assertEquals(fibSeq(22), fib(22), "from outside: the global pool");
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).jmx(false).build()) {
                assertEquals(fibSeq(22), (long) pool.install(() -> fib(22)));
                assertEquals(fibSeq(18) - fibSeq(17), pool.joinLong(() -> fib(18), () -> fib(17), (a, b) -> a - b),
                        "combine takes the left value first");
            }
        });
    }

    @Test
    void joinDoubleGivesTheSequentialSumOfTheSameTree() {
        assertTimeoutPreemptively(LIMIT, () -> {
            double expected = integral(0, 1, 1 << 16, false);
            assertEquals(Math.PI / 4, expected, 1e-9);
            for (int threads = 1; threads <= 3; threads++) {
                try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).jmx(false).build()) {
                    // The same additions in the same tree: the same bits, whoever ran each side.
                    assertEquals(expected, pool.install(() -> integral(0, 1, 1 << 16, true)), 0.0);
                    assertEquals(expected, pool.joinDouble(() -> integral(0, 0.5, 1 << 15, true),
                            () -> integral(0.5, 1, 1 << 15, true), Double::sum), 0.0);
                }
            }
            assertEquals(-0.5, Rayon.joinDouble(() -> 0.5, () -> 1.0, (a, b) -> a - b), 0.0, "from outside");
        });
    }

    /**
     * The left side waits for the right side to start, so that a thief often runs it: a stolen
     * right side hands its value back through the frame, boxed. Each join's values are its own.
     */
    @Test
    void stolenRightSidesHandTheirValuesBack() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(1).jmx(false).build()) {
            int[] stolen = assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> {
                Thread owner = Thread.currentThread();
                int[] counts = new int[2];
                for (int i = 0; i < 2_000; i++) {
                    long k = i;
                    AtomicInteger started = new AtomicInteger();
                    long l = Rayon.joinLong(() -> {
                        awaitStart(started);
                        return -k;
                    }, () -> {
                        started.set(Thread.currentThread() == owner ? 1 : 2);
                        return 3 * k;
                    }, (a, b) -> 10 * a + b);
                    assertEquals(-7 * k, l);
                    counts[0] += started.get() == 2 ? 1 : 0;
                    AtomicInteger startedD = new AtomicInteger();
                    double d = Rayon.joinDouble(() -> {
                        awaitStart(startedD);
                        return k + 0.25;
                    }, () -> {
                        startedD.set(Thread.currentThread() == owner ? 1 : 2);
                        return k + 0.5;
                    }, (a, b) -> a - b);
                    assertEquals(-0.25, d, 0.0);
                    counts[1] += startedD.get() == 2 ? 1 : 0;
                }
                return counts;
            }));
            System.out.printf("PrimitiveJoinTest: right sides stolen: joinLong %d, joinDouble %d of 2000 each%n",
                    stolen[0], stolen[1]);
            assertTrue(stolen[0] > 0 && stolen[1] > 0, "a form's right side was never stolen");
        }
    }

    @Test
    void exceptionsLeaveAsFromJoinAndCombineIsNotCalled() {
        for (int threads = 1; threads <= 2; threads++) {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).jmx(false).build()) {
                int n = threads;
                assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> {
                    AtomicInteger combined = new AtomicInteger();
                    LongBinaryOperator countL = (a, b) -> combined.incrementAndGet();
                    DoubleBinaryOperator countD = (a, b) -> combined.incrementAndGet();
                    IllegalStateException left = new IllegalStateException("left");
                    IllegalArgumentException right = new IllegalArgumentException("right");
                    AtomicInteger rightRan = new AtomicInteger();
                    // The left side throws: the right side still runs, and its exception is attached.
                    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Rayon.joinLong(
                            () -> { throw left; }, () -> { rightRan.incrementAndGet(); throw right; }, countL));
                    assertSame(left, e);
                    assertSame(right, e.getSuppressed()[0]);
                    IllegalStateException leftD = new IllegalStateException("leftD");
                    e = assertThrows(IllegalStateException.class, () -> Rayon.joinDouble(
                            () -> { throw leftD; }, () -> { rightRan.incrementAndGet(); return 1; }, countD));
                    assertSame(leftD, e);
                    assertEquals(2, rightRan.get(), "the right side runs when the left one throws");
                    // The right side throws.
                    IllegalArgumentException rightL = new IllegalArgumentException("rightL");
                    assertSame(rightL, assertThrows(IllegalArgumentException.class,
                            () -> Rayon.joinLong(() -> 1, () -> { throw rightL; }, countL)));
                    IllegalArgumentException rightD = new IllegalArgumentException("rightD");
                    assertSame(rightD, assertThrows(IllegalArgumentException.class,
                            () -> Rayon.joinDouble(() -> 1, () -> { throw rightD; }, countD)));
                    assertEquals(0, combined.get(), "combine ran after a side threw");
                    // combine's own exception reaches the caller; the pool stays usable.
                    assertThrows(ArithmeticException.class, () -> Rayon.joinLong(() -> 1, () -> 0, (a, b) -> a / b));
                    assertEquals(fibSeq(15), fib(15), "on " + n + " threads after the exceptions");
                    return null;
                }));
            }
        }
    }

    @Test
    void nullArgumentsAreRejectedWithTheirName() {
        LongSupplier one = () -> 1;
        DoubleSupplier half = () -> 0.5;
        assertEquals("a", assertThrows(NullPointerException.class, () -> Rayon.joinLong(null, one, Long::sum)).getMessage());
        assertEquals("b", assertThrows(NullPointerException.class, () -> Rayon.joinLong(one, null, Long::sum)).getMessage());
        assertEquals("combine", assertThrows(NullPointerException.class, () -> Rayon.joinLong(one, one, null)).getMessage());
        assertEquals("a", assertThrows(NullPointerException.class, () -> Rayon.joinDouble(null, half, Double::sum)).getMessage());
        assertEquals("b", assertThrows(NullPointerException.class, () -> Rayon.joinDouble(half, null, Double::sum)).getMessage());
        assertEquals("combine", assertThrows(NullPointerException.class, () -> Rayon.joinDouble(half, half, null)).getMessage());
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
            assertEquals("combine", assertThrows(NullPointerException.class, () -> pool.joinLong(one, one, null)).getMessage());
            assertEquals("a", assertThrows(NullPointerException.class, () -> pool.joinDouble(null, half, Double::sum)).getMessage());
        }
    }

    /** Waits at most 1 ms for the right side to start, yielding so that a thief can run on a small machine. */
    private static void awaitStart(AtomicInteger started) {
        long deadline = System.nanoTime() + 1_000_000;
        while (started.get() == 0 && System.nanoTime() < deadline) {
            Thread.yield();
        }
    }
}
