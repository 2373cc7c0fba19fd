package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A fused leaf hands the rest of its range to an idle thread ({@link Fuse#share}). The pipelines
 * here put all their cost in the first {@link #HOT} positions, which the adaptive splitter gives
 * to a single leaf, the leftmost, run by the thread that starts the pipeline: without sharing, no
 * other thread ever runs one of those items. Hot items park for {@link #PARK_NANOS}, so the test
 * needs no free core to make its point.
 */
@ExtendWith(CopyOnSecondRun.class)
class LeafSharingTest {
    private static final int N = 2000;
    private static final int HOT = 200;
    private static final long PARK_NANOS = 50_000;
    private static final Duration BOUND = Duration.ofSeconds(60);
    /** Runs of each shape: the first on the shared classes, the later ones on copies. */
    private static final int RUNS = 4;

    private static void hot(int i, Set<Thread> runners) {
        if (i < HOT) {
            runners.add(Thread.currentThread());
            LockSupport.parkNanos(PARK_NANOS);
        }
    }

    @Test
    void aLongLeafIsSharedWithAnIdleThread() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            boolean shared = assertTimeoutPreemptively(BOUND, () -> {
                for (int attempt = 0; attempt < 50; attempt++) {
                    Set<Thread> runners = ConcurrentHashMap.newKeySet();
                    long sum = pool.install(() -> IntParIter.range(0, N).mapToLong(i -> {
                        hot(i, runners);
                        return i;
                    }).sum());
                    assertEquals((long) N * (N - 1) / 2, sum);
                    if (runners.size() == 2) {
                        return true;
                    }
                }
                return false;
            });
            assertTrue(shared, "in 50 runs, no thread but the first ran an item of the leftmost leaf");
        }
    }

    /**
     * The same hot prefix under each fused terminal and source shape, on two and three threads,
     * on the shared classes and on the copies: the answers are the sequential ones whether or not
     * a leaf was shared (the first test shows that leaves are shared).
     */
    @Test
    void sharedLeavesGiveEveryTerminalsAnswer() {
        int[] ints = IntStream.range(0, N).map(i -> (i * 7919) % 1000 - 500).toArray();
        long[] longs = IntStream.range(0, N).mapToLong(i -> (long) ints[i] << 20).toArray();
        double[] doubles = IntStream.range(0, N).mapToDouble(i -> ints[i] / 8.0).toArray();
        Set<Thread> runners = ConcurrentHashMap.newKeySet();
        for (int threads = 2; threads <= 3; threads++) {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
                assertTimeoutPreemptively(BOUND, () -> {
                    for (int run = 0; run < RUNS; run++) {
                        pool.install(() -> {
                            checkInts(ints, runners);
                            checkLongs(longs, runners);
                            checkDoubles(doubles, runners);
                        });
                    }
                });
            }
        }
    }

    private static void checkInts(int[] a, Set<Thread> runners) {
        IntStream seq = IntStream.range(0, N);
        assertEquals(seq.map(i -> a[i] * 3).sum(), IntParIter.range(0, N).map(i -> {
            hot(i, runners);
            return a[i] * 3;
        }).sum());
        assertEquals(IntStream.of(a).filter(x -> x > 0).count(), IntParIter.range(0, N).filter(i -> {
            hot(i, runners);
            return a[i] > 0;
        }).count());
        assertArrayEquals(IntStream.of(a).map(x -> x - 1).toArray(), IntParIter.range(0, N).map(i -> {
            hot(i, runners);
            return a[i] - 1;
        }).toArray());
        assertEquals(180, IntParIter.range(0, N).filter(i -> {
            hot(i, runners);
            return i >= 180 && i % 20 == 0;
        }).findFirst().getAsInt());
        assertEquals(HOT - 1, IntParIter.range(0, N).filter(i -> {
            hot(i, runners);
            return i < HOT;
        }).findLast().getAsInt());
        assertTrue(IntParIter.range(0, N).anyMatch(i -> {
            hot(i, runners);
            return i == HOT / 2;
        }));
        assertEquals(IntStream.of(a).max().getAsInt(), IntParIter.range(0, N).map(i -> {
            hot(i, runners);
            return a[i];
        }).reduce(Math::max).getAsInt());
    }

    private static void checkLongs(long[] a, Set<Thread> runners) {
        assertEquals(LongStream.of(a).sum(), LongParIter.range(0, N).map(i -> {
            hot((int) i, runners);
            return a[(int) i];
        }).sum());
        assertArrayEquals(LongStream.of(a).map(x -> x ^ 5).toArray(), LongParIter.range(0, N).map(i -> {
            hot((int) i, runners);
            return a[(int) i] ^ 5;
        }).toArray());
        assertEquals(LongStream.of(a).min().getAsLong(), LongParIter.of(a).map(x -> x).reduce(Long.MAX_VALUE, Math::min));
        assertEquals(HOT - 1, LongParIter.range(0, N).filter(i -> {
            hot((int) i, runners);
            return i < HOT;
        }).findLast().getAsLong());
        long[] seen = new long[N];
        LongParIter.range(0, N).forEach(i -> {
            hot((int) i, runners);
            seen[(int) i] = i + 1;
        });
        assertArrayEquals(LongStream.rangeClosed(1, N).toArray(), seen);
    }

    private static void checkDoubles(double[] a, Set<Thread> runners) {
        // eighths: every partial sum is exact, so any grouping gives the same sum
        assertEquals(DoubleStream.of(a).sum(), IntParIter.range(0, N).mapToDouble(i -> {
            hot(i, runners);
            return a[i];
        }).sum());
        assertArrayEquals(DoubleStream.of(a).map(x -> x * 2).toArray(), IntParIter.range(0, N).mapToDouble(i -> {
            hot(i, runners);
            return a[i] * 2;
        }).toArray());
        assertEquals(DoubleStream.of(a).filter(x -> x < 0).count(), DoubleParIter.of(a).filter(x -> x < 0).count());
    }

    @Test
    void anExceptionInTheSharedRestReachesTheCaller() {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            assertTimeoutPreemptively(BOUND, () -> {
                Set<Thread> runners = ConcurrentHashMap.newKeySet();
                for (int run = 0; run < RUNS; run++) {
                    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.install(() ->
                            IntParIter.range(0, N).mapToLong(i -> {
                                hot(i, runners);
                                if (i == HOT - 10) {
                                    throw new IllegalStateException("at " + i);
                                }
                                return i;
                            }).sum()));
                    assertEquals("at " + (HOT - 10), e.getMessage());
                }
                assertEquals((long) N * (N - 1) / 2, pool.install(() -> IntParIter.range(0, N).asLongParIter().sum()));
            });
        }
    }
}
