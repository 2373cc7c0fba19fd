package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Primitive pipelines allocate per leaf, never per item (performance target P6): ten million
 * values go through with far less than one byte allocated per value. Bytes are counted with the
 * JVM's per-thread allocation counters over all threads, so it is a count, not a timing.
 */
class AllocationTest {
    private static final int N = 10_000_000;

    /** Through reflection: the test sources are compiled inside the module, which does not read java.management. */
    static long allocatedByAllThreads() {
        try {
            Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            Class<?> api = Class.forName("com.sun.management.ThreadMXBean");
            long[] ids = (long[]) Class.forName("java.lang.management.ThreadMXBean").getMethod("getAllThreadIds").invoke(mx);
            long[] bytes = (long[]) api.getMethod("getThreadAllocatedBytes", long[].class).invoke(mx, (Object) ids);
            return Arrays.stream(bytes).filter(b -> b > 0).sum();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("no per-thread allocation counters in this JVM", e);
        }
    }

    private static long bytesFor(LongSupplier run, long expected) {
        for (int i = 0; i < 5; i++) {
            assertEquals(expected, run.getAsLong());
        }
        long before = allocatedByAllThreads();
        assertEquals(expected, run.getAsLong());
        return allocatedByAllThreads() - before;
    }

    @Test
    void primitivePipelinesDoNotAllocatePerItem() {
        int[] values = new int[N];
        Arrays.setAll(values, i -> i % 1000);
        long sumOfSquares = 0;
        for (int i = 0; i < N; i++) {
            sumOfSquares += (long) i * i;
        }
        long expectedSquares = sumOfSquares;
        long expectedCount = Arrays.stream(values).filter(x -> x % 3 == 0).count();
        long expectedSum = Arrays.stream(values).asLongStream().sum();
        for (int threads = 1; threads <= 2; threads++) {
            int t = threads;
            long squares = bytesFor(() -> Pools.in(t, () -> LongParIter.range(0, N).map(x -> x * x).sum()), expectedSquares);
            long count = bytesFor(() -> Pools.in(t, () -> IntParIter.of(values).filter(x -> x % 3 == 0).count()), expectedCount);
            long sum = bytesFor(() -> Pools.in(t, () -> IntParIter.of(values).asLongParIter().sum()), expectedSum);
            long doubles = bytesFor(() -> Pools.in(t, () -> (long) IntParIter.of(values).asDoubleParIter().map(x -> x * 2).sum()),
                    2 * expectedSum);
            String why = "bytes allocated for " + N + " values on " + t + " threads: squares " + squares + ", filter-count "
                    + count + ", widened sum " + sum + ", double map-sum " + doubles;
            assertTrue(squares < N / 10 && count < N / 10 && sum < N / 10 && doubles < N / 10, why);
        }
    }
}
