package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.UnindexedProducer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * {@link ParSlices} does what Rayon's documentation shows for each slice method (and Rust's
 * {@code slice::split}, {@code split_inclusive} and {@code chunk_by} for the edge cases), in
 * pools of 1 to 4 threads; and the producer of {@code split} / {@code chunkBy} splits near the
 * middle, tests each element about once, and spreads the pieces over the threads.
 */
class ParSlicesRayonTest {
    private static final Duration BOUND = Duration.ofMinutes(2);

    private static IntSlice v(int... values) {
        return IntSlice.of(values);
    }

    private static void inPools(Runnable check) {
        assertTimeoutPreemptively(BOUND, () -> {
            for (int threads = 1; threads <= 4; threads++) {
                Pools.in(threads, () -> {
                    check.run();
                    return null;
                });
            }
        });
    }

    @Test
    void readOnlyExamples() {
        inPools(() -> {
            int[] a = {1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9};
            // par_split: products of the pieces
            assertEquals(List.of(6, 64, 162),
                    ParSlices.split(a, x -> x == 0).map(p -> p.stream().reduce(1, (x, y) -> x * y)).toList());
            // par_split_inclusive: lengths
            assertEquals(List.of(4, 4, 3), ParSlices.splitInclusive(a, x -> x == 0).map(IntSlice::length).toList());
            // par_windows
            assertEquals(List.of(v(1, 2), v(2, 3)), ParSlices.windows(new int[] {1, 2, 3}, 2).toList());
            int[] five = {1, 2, 3, 4, 5};
            assertEquals(List.of(v(1, 2), v(3, 4), v(5)), ParSlices.chunks(five, 2).toList());
            assertEquals(List.of(v(1, 2), v(3, 4)), ParSlices.chunksExact(five, 2).toList());
            assertEquals(v(5), ParSlices.remainder(five, 2));
            assertEquals(List.of(v(4, 5), v(2, 3), v(1)), ParSlices.rchunks(five, 2).toList());
            assertEquals(List.of(v(4, 5), v(2, 3)), ParSlices.rchunksExact(five, 2).toList());
            assertEquals(v(1), ParSlices.rremainder(five, 2));
            // par_chunk_by
            List<IntSlice> runs = ParSlices.chunkBy(new int[] {1, 2, 2, 3, 3, 3}, (x, y) -> x == y).toList();
            assertEquals(List.of(v(1), v(2, 2), v(3, 3, 3)), runs);
            // slice::chunk_by's example
            assertEquals(List.of(v(1, 1, 2, 3), v(2, 3), v(2, 3, 4)),
                    ParSlices.chunkBy(new int[] {1, 1, 2, 3, 2, 3, 2, 3, 4}, (x, y) -> x <= y).toList());
            // slice::split's edge cases: empty pieces are kept
            assertEquals(List.of(v(10, 40), v(20)), ParSlices.split(new int[] {10, 40, 33, 20}, x -> x % 3 == 0).toList());
            assertEquals(List.of(v(10), v(), v(20)), ParSlices.split(new int[] {10, 6, 33, 20}, x -> x % 3 == 0).toList());
            assertEquals(List.of(v(10, 40), v()), ParSlices.split(new int[] {10, 40, 33}, x -> x % 3 == 0).toList());
            assertEquals(List.of(v()), ParSlices.split(new int[0], x -> true).toList());
            assertEquals(List.of(v(), v()), ParSlices.split(new int[] {0}, x -> true).toList());
            // slice::split_inclusive's: a separator at the end ends the last piece
            assertEquals(List.of(v(10, 40, 33), v(20)),
                    ParSlices.splitInclusive(new int[] {10, 40, 33, 20}, x -> x % 3 == 0).toList());
            assertEquals(List.of(v(3), v(10, 40, 33)),
                    ParSlices.splitInclusive(new int[] {3, 10, 40, 33}, x -> x % 3 == 0).toList());
            assertEquals(List.of(), ParSlices.splitInclusive(new int[0], x -> true).toList());
            assertEquals(List.of(), ParSlices.chunkBy(new int[0], (x, y) -> true).toList());
            assertEquals(List.of(), ParSlices.windows(new int[] {1, 2}, 3).toList());
            assertEquals(List.of(), ParSlices.chunks(new int[0], 3).toList());
        });
    }

    @Test
    void mutableExamples() {
        inPools(() -> {
            int[] a = {1, 2, 3, 4, 5};
            ParSlices.chunks(a, 2).forEach(IntSlice::reverse);                 // par_chunks_mut
            assertArrayEquals(new int[] {2, 1, 4, 3, 5}, a);
            a = new int[] {1, 2, 3, 4, 5};
            ParSlices.chunksExact(a, 3).forEach(IntSlice::reverse);            // par_chunks_exact_mut
            assertArrayEquals(new int[] {3, 2, 1, 4, 5}, a);
            a = new int[] {1, 2, 3, 4, 5};
            ParSlices.rchunks(a, 2).forEach(IntSlice::reverse);                // par_rchunks_mut
            assertArrayEquals(new int[] {1, 3, 2, 5, 4}, a);
            a = new int[] {1, 2, 3, 4, 5};
            ParSlices.rchunksExact(a, 3).forEach(IntSlice::reverse);           // par_rchunks_exact_mut
            assertArrayEquals(new int[] {1, 2, 5, 4, 3}, a);
            a = new int[] {1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9};
            ParSlices.split(a, x -> x == 0).forEach(IntSlice::reverse);       // par_split_mut
            assertArrayEquals(new int[] {3, 2, 1, 0, 8, 4, 2, 0, 9, 6, 3}, a);
            a = new int[] {1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9};
            ParSlices.splitInclusive(a, x -> x == 0).forEach(IntSlice::reverse);   // par_split_inclusive_mut
            assertArrayEquals(new int[] {0, 3, 2, 1, 0, 8, 4, 2, 9, 6, 3}, a);
            a = new int[] {1, 2, 2, 3, 3, 3};
            ParSlices.chunkBy(a, (x, y) -> x == y).forEach(r -> r.fill(r.length()));  // par_chunk_by_mut
            assertArrayEquals(new int[] {1, 2, 2, 3, 3, 3}, a);

            // the same on the other element types
            long[] l = {1, 2, 3, 4, 5};
            ParSlices.chunks(l, 2).forEach(LongSlice::reverse);
            assertArrayEquals(new long[] {2, 1, 4, 3, 5}, l);
            double[] d = {1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9};
            ParSlices.split(d, x -> x == 0).forEach(DoubleSlice::reverse);
            assertArrayEquals(new double[] {3, 2, 1, 0, 8, 4, 2, 0, 9, 6, 3}, d);
            Integer[] boxed = {1, 2, 3, 4, 5};
            ParSlices.rchunks(boxed, 2).forEach(Slice::reverse);
            assertArrayEquals(new Integer[] {1, 3, 2, 5, 4}, boxed);
            List<Integer> list = new ArrayList<>(List.of(1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9));
            ParSlices.splitInclusive(list, x -> x == 0).forEach(Slice::reverse);
            assertEquals(List.of(0, 3, 2, 1, 0, 8, 4, 2, 9, 6, 3), list);
            assertEquals(List.of(List.of(1), List.of(2, 2), List.of(3, 3, 3)),
                    ParSlices.chunkBy(List.of(1, 2, 2, 3, 3, 3), Integer::equals).toList());
        });
    }

    @Test
    void bigArraysInPlaceAndTheParallelPrefixSumOfChunks() {
        inPools(() -> {
            int n = 1_000_003;
            long[] a = new long[n];
            ParSlices.chunks(a, 4096).forEach(c -> c.setAll(i -> c.offset() + i));
            for (int i = 0; i < n; i++) {
                assertEquals(i, a[i]);
            }
            // a two-pass parallel prefix sum over chunks, the usual use of par_chunks_mut
            long[] sums = ParSlices.chunks(a, 10_000).mapToLong(c -> c.stream().sum()).toArray();
            long[] starts = new long[sums.length];
            for (int k = 1; k < sums.length; k++) {
                starts[k] = starts[k - 1] + sums[k - 1];
            }
            ParSlices.chunks(a, 10_000).forEach(c -> {
                long s = starts[c.offset() / 10_000];
                for (int i = 0; i < c.length(); i++) {
                    s += c.get(i);
                    c.set(i, s);
                }
            });
            long expected = 0;
            for (int i = 0; i < n; i++) {
                expected += i;
                assertEquals(expected, a[i]);
            }
        });
    }

    // ------------------------------------------------------------------ the producer of split / chunkBy

    /** The pieces of a producer split as far as {@code depth} allows, at random, in order. */
    private static void splitAll(UnindexedProducer<ObjSink<IntSlice>> p, int depth, Random rnd, List<IntSlice> out,
                                 int[] leaves) {
        UnindexedProducer<ObjSink<IntSlice>> left = depth > 0 && rnd.nextInt(8) != 0 ? p.split() : null;
        if (left != null) {
            splitAll(left, depth - 1, rnd, out, leaves);
            splitAll(p, depth - 1, rnd, out, leaves);
            return;
        }
        leaves[0]++;
        p.foldWith(new ObjSink<>() {
            @Override
            public void accept(IntSlice s) {
                out.add(s);
            }

            @Override
            public boolean full() {
                return false;
            }
        });
    }

    @Test
    void splittingToAnyDepthGivesTheSamePiecesAndTestsEachElementAboutOnce() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(300)
                .forAll(integers().between(0, 3000), longs().all())
                .checkAssert((n, seed) -> {
                    Random rnd = new Random(seed);
                    int[] a = new int[n];
                    int density = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 2000);
                    for (int i = 0; i < n; i++) {
                        a[i] = rnd.nextInt(density) == 0 ? 0 : 1 + rnd.nextInt(3);
                    }
                    for (SliceSources.Mode mode : SliceSources.Mode.values()) {
                        AtomicLong tests = new AtomicLong();
                        // a separator at each 0 (SPLIT*), a run starting at each 0 (CHUNK_BY)
                        IntPredicate cut = i -> {
                            tests.incrementAndGet();
                            return a[i] == 0;
                        };
                        List<IntSlice> expected = switch (mode) {
                            case SPLIT -> ParSlices.split(a, x -> x == 0).toList();
                            case SPLIT_INCLUSIVE -> ParSlices.splitInclusive(a, x -> x == 0).toList();
                            case CHUNK_BY -> ParSlices.chunkBy(a, (x, y) -> y != 0).toList();
                        };
                        List<Integer> offsets = expected.stream().map(IntSlice::offset).toList();
                        List<IntSlice> out = new ArrayList<>();
                        int[] leaves = {0};
                        splitAll(new SliceSources.Pieces<>(0, n, mode, cut, (f, t) -> new IntSlice(a, f, t, null)),
                                rnd.nextInt(40), rnd, out, leaves);
                        String why = mode + ", " + n + " elements, density " + density + ", seed " + seed;
                        assertEquals(expected, out, why);
                        assertEquals(offsets, out.stream().map(IntSlice::offset).toList(), why);
                        // each candidate is scanned by one split or one leaf; a leaf may test its last cut twice
                        assertTrue(tests.get() <= n + leaves[0], why + ": " + tests.get() + " tests for "
                                + leaves[0] + " leaves");
                    }
                }));
    }

    @Test
    void aBigRangeSplitsNearItsMiddleAndANoCutRangeIsScannedOnce() {
        int n = 1_000_000;
        int[] a = new int[n];
        for (int i = 0; i < n; i += 100) {
            a[i] = 1;
        }
        SliceSources.Pieces<IntSlice> p = new SliceSources.Pieces<>(0, n, SliceSources.Mode.SPLIT, i -> a[i] == 1,
                (f, t) -> new IntSlice(a, f, t, null));
        SliceSources.Pieces<IntSlice> left = (SliceSources.Pieces<IntSlice>) p.split();
        assertNotNull(left);
        assertEquals(0, left.lo());
        assertTrue(Math.abs(left.hi() - n / 2) <= 100, "cut at " + left.hi());
        assertEquals(left.hi() + 1, p.lo());

        AtomicLong tests = new AtomicLong();
        int[] zeros = new int[n];
        SliceSources.Pieces<IntSlice> none = new SliceSources.Pieces<>(0, n, SliceSources.Mode.SPLIT,
                i -> { tests.incrementAndGet(); return zeros[i] == 1; }, (f, t) -> new IntSlice(zeros, f, t, null));
        assertNull(none.split());
        assertNull(none.split());
        List<IntSlice> pieces = new ArrayList<>();
        none.foldWith(new ObjSink<>() {
            @Override
            public void accept(IntSlice s) {
                pieces.add(s);
            }

            @Override
            public boolean full() {
                return false;
            }
        });
        assertEquals(1, pieces.size());
        assertEquals(n, pieces.get(0).length());
        assertEquals(n, tests.get(), "every element tested once, by the failed split");
    }

    @Test
    void thePiecesOfABigSplitRunOnSeveralThreads() {
        int[] a = new int[200_000];
        for (int i = 0; i < a.length; i += 1000) {
            a[i] = -1;
        }
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        long pieces = assertTimeoutPreemptively(BOUND, () -> Pools.in(4, () -> ParSlices.split(a, x -> x < 0)
                .map(p -> {
                    threads.add(Thread.currentThread());
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return p;
                }).count()));
        assertEquals(201, pieces);
        assertTrue(threads.size() > 1, "all " + pieces + " pieces ran on " + threads);
    }

    @Test
    void viewsOfAnArrayWriteTheArray() {
        double[] d = {3, 1, 2, Double.NaN, -0.0, 0.0};
        DoubleSlice all = DoubleSlice.of(d);
        all.sort();
        assertArrayEquals(new double[] {-0.0, 0.0, 1, 2, 3, Double.NaN}, d);
        assertEquals(DoubleSlice.of(new double[] {Double.NaN}), all.slice(5, 6));
        assertEquals(Arrays.hashCode(d), all.hashCode());
        assertEquals(Arrays.toString(d), all.toString());
    }
}
