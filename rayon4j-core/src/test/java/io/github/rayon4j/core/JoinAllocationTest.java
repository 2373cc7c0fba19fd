package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A join allocates nothing of its own, whatever its form: its frame comes from the worker's free
 * list ({@link Join}). The object forms allocate the {@link Pair} they return, and nothing else;
 * the primitive forms ({@code joinLong}, {@code joinDouble}) nothing at all.
 * Bytes are counted with the JVM's per-thread allocation counter of the worker that runs the
 * joins, in a one-thread pool, so that no right side is stolen: it is a count, not a timing.
 * (Before frames were reused, each join allocated its job too: about 40 bytes.)
 */
class JoinAllocationTest {
    private static final int WARM_UP = 200_000;
    private static final int JOINS = 200_000;
    /**
     * Per join, for the allocation counter's own reads (a few reflective calls around 200,000
     * joins): far under one byte. One object per join would be 16 or more.
     */
    private static final double NOTHING_BOUND = 1;
    /** A {@code Pair}: 24 bytes with compressed references, at most 32 without. */
    private static final long PAIR_BOUND = 32;

    private static final Object LEFT = new Object();
    private static final Object RIGHT = new Object();
    private static final Runnable NOTHING = () -> { };
    private static final Supplier<Object> SUPPLY_LEFT = () -> LEFT;
    private static final Supplier<Object> SUPPLY_RIGHT = () -> RIGHT;
    private static final Function<FnContext, Object> CONTEXT_LEFT = ctx -> LEFT;
    private static final Function<FnContext, Object> CONTEXT_RIGHT = ctx -> RIGHT;
    private static final LongSupplier LONG_LEFT = () -> 1_000_000_007L;
    private static final LongSupplier LONG_RIGHT = () -> 1_000_000_009L;
    private static final LongBinaryOperator LONG_COMBINE = (a, b) -> a * 31 + b;
    private static final DoubleSupplier DOUBLE_LEFT = () -> 1e10 + 0.5;
    private static final DoubleSupplier DOUBLE_RIGHT = () -> 1e10 + 0.25;
    private static final DoubleBinaryOperator DOUBLE_COMBINE = (a, b) -> a - b;

    /** The current thread's allocated bytes, through reflection: the module does not read jdk.management. */
    private static long allocatedByThisThread() {
        try {
            Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            Method bytes = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
            @SuppressWarnings("deprecation") // Thread.getId: threadId() is JDK 19+, this module compiles for 17
            long id = Thread.currentThread().getId();
            return (long) bytes.invoke(mx, id);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("no per-thread allocation counters in this JVM", e);
        }
    }

    private static void runnableJoins(int n) {
        for (int i = 0; i < n; i++) {
            Rayon.join(NOTHING, NOTHING);
        }
    }

    private static void supplierJoins(int n) {
        for (int i = 0; i < n; i++) {
            Pair<Object, Object> p = Rayon.join(SUPPLY_LEFT, SUPPLY_RIGHT);
            assertSame(RIGHT, p.right());
        }
    }

    private static void contextJoins(int n) {
        for (int i = 0; i < n; i++) {
            Pair<Object, Object> p = Rayon.joinContext(CONTEXT_LEFT, CONTEXT_RIGHT);
            assertSame(LEFT, p.left());
        }
    }

    private static void longJoins(int n) {
        for (int i = 0; i < n; i++) {
            long v = Rayon.joinLong(LONG_LEFT, LONG_RIGHT, LONG_COMBINE);
            if (v != 1_000_000_007L * 31 + 1_000_000_009L) {
                throw new AssertionError(v);
            }
        }
    }

    private static void doubleJoins(int n) {
        for (int i = 0; i < n; i++) {
            double v = Rayon.joinDouble(DOUBLE_LEFT, DOUBLE_RIGHT, DOUBLE_COMBINE);
            if (v != 0.25) {
                throw new AssertionError(v);
            }
        }
    }

    /** Bytes per join of {@code joins}, measured on the worker after a warm-up. */
    private static double bytesPerJoin(ThreadPool pool, java.util.function.IntConsumer joins) {
        return pool.install(() -> {
            joins.accept(WARM_UP);
            long before = allocatedByThisThread();
            joins.accept(JOINS);
            return (allocatedByThisThread() - before) / (double) JOINS;
        });
    }

    @Test
    void joinsAllocateNothingButTheObjectFormsPair() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
            assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
                double runnable = bytesPerJoin(pool, JoinAllocationTest::runnableJoins);
                double supplier = bytesPerJoin(pool, JoinAllocationTest::supplierJoins);
                double context = bytesPerJoin(pool, JoinAllocationTest::contextJoins);
                double longs = bytesPerJoin(pool, JoinAllocationTest::longJoins);
                double doubles = bytesPerJoin(pool, JoinAllocationTest::doubleJoins);
                String why = String.format("bytes per join: Runnable %.1f, Supplier %.1f, joinContext %.1f,"
                        + " joinLong %.1f, joinDouble %.1f", runnable, supplier, context, longs, doubles);
                System.out.println("JoinAllocationTest: " + why);
                assertTrue(runnable < NOTHING_BOUND, why);
                assertTrue(supplier <= PAIR_BOUND, why);
                assertTrue(context <= PAIR_BOUND, why);
                assertTrue(longs < NOTHING_BOUND, why);
                assertTrue(doubles < NOTHING_BOUND, why);
            });
        }
    }
}
