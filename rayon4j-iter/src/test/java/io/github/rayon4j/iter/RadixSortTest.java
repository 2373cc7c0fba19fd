package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.IntToLongFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The primitive sorts from {@link ParSort#RADIX_MIN} items on (the radix sort) agree with
 * {@link Arrays#sort}: lengths around the threshold and a few up to 10^6, pools of 1-4 threads,
 * and skewed keys (all equal, few distinct values, only negatives, extremes, values that vary in
 * one byte only or in an odd number of bytes, so that passes are skipped and the result has to be
 * copied back from the buffer); for {@code double}, arrays full of -0.0, 0.0, NaNs of several
 * payloads, infinities and subnormals, compared bit for bit.
 */
class RadixSortTest {
    private static final Duration BOUND = Duration.ofSeconds(120);

    /** Lengths: mostly within 40 of the threshold, one in four up to 10^6. */
    private static int length(int v) {
        return v < 300 ? ParSort.RADIX_MIN - 40 + v % 81 : v < 390 ? ParSort.RADIX_MIN + (v - 300) * 997 : 100_000 + (v - 390) * 90_000;
    }

    /** Shapes of long keys; each is also narrowed to int. */
    private static long[] shaped(int n, int shape, Random rnd) {
        long[] pool = rnd.longs(1 + rnd.nextInt(5)).toArray();
        int byteAt = rnd.nextInt(8);
        IntToLongFunction f = switch (shape) {
            case 0 -> i -> rnd.nextLong();
            case 1 -> i -> 42;                                                    // all equal: no pass
            case 2 -> i -> pool[rnd.nextInt(pool.length)];                       // few distinct values
            case 3 -> i -> -1 - (rnd.nextLong() >>> 1);                          // only negatives
            case 4 -> i -> switch (rnd.nextInt(4)) {                             // extremes
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE;
                case 2 -> Integer.MIN_VALUE;
                default -> Integer.MAX_VALUE;
            };
            case 5 -> i -> (long) rnd.nextInt(256) << (8 * byteAt);            // one byte varies: one pass
            case 6 -> i -> rnd.nextInt(1 << 24) - (1 << 23);                    // small range around 0
            case 7 -> i -> (long) rnd.nextInt(1 << 24) << 40;                   // three bytes vary: odd passes
            default -> i -> n - i;                                               // descending
        };
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = f.applyAsLong(i);
        }
        return a;
    }

    @Test
    void intAndLongAgreeWithArraysSort() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(40)
                .forAll(integers().between(0, 399), integers().between(0, 8), longs().all(), integers().between(1, 4))
                .checkAssert((v, shape, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    long[] l = shaped(length(v), shape, rnd);
                    String why = "shape " + shape + ", " + l.length + " items, " + threads + " threads";
                    long[] le = l.clone();
                    Arrays.sort(le);
                    long[] l1 = l.clone();
                    ParSort.sort(l1);
                    assertArrayEquals(le, l1, why + " (sort long)");
                    ParSort.sortUnstable(l);
                    assertArrayEquals(le, l, why + " (sortUnstable long)");
                    int shift = shape == 5 || shape == 7 ? 32 * rnd.nextInt(2) : 0;
                    int[] a = Arrays.stream(shaped(l.length, shape, rnd)).mapToInt(x -> (int) (x >>> shift)).toArray();
                    int[] ae = a.clone();
                    Arrays.sort(ae);
                    int[] a1 = a.clone();
                    ParSort.sort(a1);
                    assertArrayEquals(ae, a1, why + " (sort int)");
                    ParSort.sortUnstable(a);
                    assertArrayEquals(ae, a, why + " (sortUnstable int)");
                    return null;
                })));
    }

    private static final long[] SPECIAL_BITS = {
        Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(-0.0),
        Double.doubleToRawLongBits(Double.POSITIVE_INFINITY), Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY),
        Double.doubleToRawLongBits(Double.MIN_VALUE), Double.doubleToRawLongBits(-Double.MIN_VALUE),
        Double.doubleToRawLongBits(Double.MAX_VALUE), Double.doubleToRawLongBits(-Double.MAX_VALUE),
        Double.doubleToRawLongBits(Double.MIN_NORMAL), Double.doubleToRawLongBits(-Double.MIN_NORMAL),
        Double.doubleToRawLongBits(1.0), Double.doubleToRawLongBits(-1.0),
        0x7ff8_0000_0000_0000L, 0x7ff0_0000_0000_0001L, 0x7fff_ffff_ffff_ffffL,   // NaNs, sign bit clear
        0xfff8_0000_0000_0000L, 0xfff0_0000_0000_0001L, 0xffff_ffff_ffff_ffffL,   // NaNs, sign bit set
    };

    private static double[] specials(int n, int shape, Random rnd) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = switch (shape) {
                case 0 -> Double.longBitsToDouble(SPECIAL_BITS[rnd.nextInt(SPECIAL_BITS.length)]);
                case 1 -> rnd.nextBoolean() ? -0.0 : 0.0;
                case 2 -> Double.longBitsToDouble(SPECIAL_BITS[12 + rnd.nextInt(6)]);       // only NaNs
                case 3 -> rnd.nextInt(8) == 0 ? Double.longBitsToDouble(SPECIAL_BITS[rnd.nextInt(SPECIAL_BITS.length)])
                        : Double.longBitsToDouble(rnd.nextLong());                        // any bits, NaNs included
                case 4 -> -rnd.nextDouble() * Math.pow(10, rnd.nextInt(40) - 20);          // only negatives
                default -> rnd.nextGaussian();
            };
        }
        return d;
    }

    /**
     * Bit for bit the array of Arrays.sort, except that NaNs, all at the end, may come in another
     * order (Arrays.sort does not say in which): there the same bit patterns, as many of each.
     */
    private static void assertSameAsArraysSort(double[] input, double[] actual, String why) {
        double[] expected = input.clone();
        Arrays.sort(expected);
        long[] e = Arrays.stream(expected).mapToLong(Double::doubleToRawLongBits).toArray();
        long[] a = Arrays.stream(actual).mapToLong(Double::doubleToRawLongBits).toArray();
        int nans = (int) Arrays.stream(input).filter(Double::isNaN).count();
        int numbers = input.length - nans;
        assertArrayEquals(Arrays.copyOf(e, numbers), Arrays.copyOf(a, numbers), why + ": numbers, bit for bit");
        long[] en = Arrays.copyOfRange(e, numbers, e.length);
        long[] an = Arrays.copyOfRange(a, numbers, a.length);
        Arrays.sort(en);
        Arrays.sort(an);
        assertArrayEquals(en, an, why + ": the NaNs at the end, payloads kept");
    }

    @Test
    void doubleOrderIsArraysSortsOnSpecialValues() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(40)
                .forAll(integers().between(0, 399), integers().between(0, 5), longs().all(), integers().between(1, 4))
                .checkAssert((v, shape, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    double[] d = specials(length(v), shape, rnd);
                    String why = "shape " + shape + ", " + d.length + " items, " + threads + " threads";
                    double[] s = d.clone();
                    ParSort.sort(s);
                    assertSameAsArraysSort(d, s, why + " (sort)");
                    double[] u = d.clone();
                    ParSort.sortUnstable(u);
                    assertSameAsArraysSort(d, u, why + " (sortUnstable)");
                    if (d.length < ParSort.RADIX_MIN) {
                        return null;
                    }
                    // The radix sort is stable: NaNs in input order, and sort == sortUnstable bit for bit.
                    long[] inputNans = Arrays.stream(d).filter(Double::isNaN).mapToLong(Double::doubleToRawLongBits).toArray();
                    long[] tail = Arrays.stream(u, d.length - inputNans.length, d.length).mapToLong(Double::doubleToRawLongBits).toArray();
                    assertArrayEquals(inputNans, tail, why + ": NaNs in input order");
                    assertArrayEquals(Arrays.stream(s).mapToLong(Double::doubleToRawLongBits).toArray(),
                            Arrays.stream(u).mapToLong(Double::doubleToRawLongBits).toArray(), why + ": sort == sortUnstable");
                    return null;
                })));
    }

    @Test
    void theRadixSortItselfOnSmallArrays() {
        // Below the threshold ParSort does not use it; called directly it must still be right,
        // down to one block per item and a single item.
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(300)
                .forAll(integers().between(0, 3000), integers().between(0, 8), longs().all(), integers().between(1, 4))
                .checkAssert((n, shape, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    long[] l = shaped(n, shape, rnd);
                    long[] le = l.clone();
                    Arrays.sort(le);
                    LongSorts.radixSort(l);
                    assertArrayEquals(le, l, "long, shape " + shape);
                    int[] a = Arrays.stream(l).mapToInt(x -> (int) (x ^ x >>> 32)).toArray();
                    int[] ae = a.clone();
                    Arrays.sort(ae);
                    IntSorts.radixSort(a);
                    assertArrayEquals(ae, a, "int, shape " + shape);
                    double[] d = specials(n, shape % 6, rnd);
                    double[] ds = d.clone();
                    DoubleSorts.radixSort(ds);
                    assertSameAsArraysSort(d, ds, "double, shape " + shape % 6);
                    return null;
                })));
    }

    /**
     * Arrays in order, or nearly: ascending with ties, strictly descending, descending with ties,
     * and each of those with one pair out of place wherever blocks of up to 16 per array could
     * meet (the pair that straddles two blocks is checked by the later block, which reaches back
     * one item for it: a check that missed it would leave such an array unsorted).
     */
    @Test
    void arraysInOrderOrOnePairOff() {
        int n = 100_003;
        long[] ascending = new long[n];
        long[] descending = new long[n];
        long[] descendingTies = new long[n];
        for (int i = 0; i < n; i++) {
            ascending[i] = i / 3 - n / 2;
            descending[i] = (long) (n - i) * 1000 - 7;
            descendingTies[i] = (n - i) / 2;
        }
        TreeSet<Integer> meets = new TreeSet<>(List.of(0, n - 2));
        for (int blocks = 2; blocks <= 16; blocks++) {
            for (int b = 1; b < blocks; b++) {
                meets.add((int) ((long) n * b / blocks) - 1);
            }
        }
        assertTimeoutPreemptively(BOUND, () -> {
            for (int threads = 1; threads <= 4; threads++) {
                int t = threads;
                for (long[] ordered : new long[][] {ascending, descending, descendingTies}) {
                    checkLongAndInt(ordered, t, "in order");
                    for (int k : meets) {
                        long[] off = ordered.clone();
                        long x = off[k];
                        off[k] = off[k + 1];
                        off[k + 1] = x;
                        checkLongAndInt(off, t, "pair " + k + " swapped");
                        long[] tie = ordered.clone();
                        tie[k + 1] = tie[k];
                        checkLongAndInt(tie, t, "pair " + k + " equal");
                    }
                }
            }
        });
    }

    private static void checkLongAndInt(long[] input, int threads, String why) {
        long[] expected = input.clone();
        Arrays.sort(expected);
        int[] ints = Arrays.stream(input).mapToInt(x -> (int) x).toArray();
        int[] expectedInts = ints.clone();
        Arrays.sort(expectedInts);
        Pools.in(threads, () -> {
            long[] l = input.clone();
            ParSort.sortUnstable(l);
            assertArrayEquals(expected, l, why + ", long, " + threads + " threads");
            int[] a = ints.clone();
            ParSort.sort(a);
            assertArrayEquals(expectedInts, a, why + ", int, " + threads + " threads");
            return null;
        });
    }

    /**
     * Arrays made of a few ascending runs, which are merged rather than radix-sorted when there
     * are at most {@code MAX_RUNS} of them: 2 to 20 runs (so both sides of the limit), with the
     * runs' starts spread over the array or bunched in a window of a few hundred items (so that
     * one block holds every descent, up to its limit and one past it), runs of random values or
     * of a few values with ties, pools of 1-4 threads; {@code long}, {@code int} and
     * {@code double} with NaNs, whose input order both the merge and the radix sort keep.
     */
    @Test
    void arraysOfAFewAscendingRuns() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(120)
                .forAll(integers().between(2, 20), integers().between(0, 3), longs().all(), integers().between(1, 4))
                .checkAssert((runs, mode, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    int n = ParSort.RADIX_MIN + rnd.nextInt(200_000);
                    int[] cuts = new int[runs + 1];
                    int window = (mode & 1) == 0 ? n - 1 : 50 + rnd.nextInt(500);
                    int from = 1 + rnd.nextInt(n - window);
                    TreeSet<Integer> set = new TreeSet<>();
                    while (set.size() < runs - 1) {
                        set.add(from + rnd.nextInt(window));
                    }
                    int r = 1;
                    for (int c : set) {
                        cuts[r++] = c;
                    }
                    cuts[runs] = n;
                    long[] l = new long[n];
                    for (int k = 0; k < runs; k++) {
                        for (int i = cuts[k]; i < cuts[k + 1]; i++) {
                            l[i] = (mode & 2) == 0 ? rnd.nextLong() : rnd.nextInt(7) - 3;
                        }
                        Arrays.sort(l, cuts[k], cuts[k + 1]);
                    }
                    String why = runs + " runs, mode " + mode + ", " + n + " items, " + threads + " threads";
                    long[] le = l.clone();
                    Arrays.sort(le);
                    long[] l1 = l.clone();
                    ParSort.sortUnstable(l1);
                    assertArrayEquals(le, l1, why + " (long)");
                    int[] a = new int[n];
                    for (int k = 0; k < runs; k++) {
                        for (int i = cuts[k]; i < cuts[k + 1]; i++) {
                            a[i] = (int) (l[i] >> 32);
                        }
                    }
                    int[] ae = a.clone();
                    Arrays.sort(ae);
                    ParSort.sort(a);
                    assertArrayEquals(ae, a, why + " (int)");
                    double[] d = new double[n];
                    for (int k = 0; k < runs; k++) {
                        for (int i = cuts[k]; i < cuts[k + 1]; i++) {
                            d[i] = rnd.nextInt(50) == 0 ? Double.longBitsToDouble(SPECIAL_BITS[12 + rnd.nextInt(6)]) : rnd.nextGaussian();
                        }
                        Arrays.sort(d, cuts[k], cuts[k + 1]);
                    }
                    double[] ds = d.clone();
                    ParSort.sortUnstable(ds);
                    assertSameAsArraysSort(d, ds, why + " (double)");
                    long[] inputNans = Arrays.stream(d).filter(Double::isNaN).mapToLong(Double::doubleToRawLongBits).toArray();
                    long[] tail = Arrays.stream(ds, n - inputNans.length, n).mapToLong(Double::doubleToRawLongBits).toArray();
                    assertArrayEquals(inputNans, tail, why + ": NaNs in input order");
                    return null;
                })));
    }

    /**
     * Doubles in order by {@link Arrays#sort}'s order but not by {@code <}: -0.0 and 0.0
     * alternating in descending runs, NaNs of different payloads (equal in that order, so an
     * array of them is not strictly descending and keeps its NaNs in input order).
     */
    @Test
    void doublesInOrderWithZerosAndNaNs() {
        int n = ParSort.RADIX_MIN + 5;
        double[] descending = new double[n];
        double[] nansFirst = new double[n];
        for (int i = 0; i < n; i++) {
            descending[i] = i == n / 2 ? 0.0 : i == n / 2 + 1 ? -0.0 : n / 2 - i;
            nansFirst[i] = i < 3 ? Double.longBitsToDouble(SPECIAL_BITS[12 + i]) : n - i;
        }
        double[] ascending = descending.clone();
        Arrays.sort(ascending);
        for (double[] d : new double[][] {descending, nansFirst, ascending}) {
            for (int threads = 1; threads <= 3; threads++) {
                int t = threads;
                double[] s = d.clone();
                assertTimeoutPreemptively(BOUND, () -> Pools.in(t, () -> {
                    ParSort.sort(s);
                    return null;
                }));
                assertSameAsArraysSort(d, s, threads + " threads");
                long[] nans = Arrays.stream(s, n - 3, n).mapToLong(Double::doubleToRawLongBits).toArray();
                if (d == nansFirst) {
                    assertArrayEquals(Arrays.copyOfRange(SPECIAL_BITS, 12, 15), nans, "NaNs in input order");
                }
            }
        }
    }

    /**
     * A sort of an array in order, ascending or strictly descending, allocates no buffer: the
     * radix sort's first read finds the order and no pass runs. Counted with the JVM's
     * per-thread allocation counters (a count, not a timing): far less than one buffer of the
     * input's size (8 MB here), which every sort of such an array allocated before.
     */
    @Test
    void anArrayInOrderAllocatesNoBuffer() {
        int n = 1_000_000;
        long[] ascending = new long[n];
        Arrays.setAll(ascending, i -> 3L * i - n);
        long[] descending = ascending.clone();
        Arrays.setAll(descending, i -> ascending[n - 1 - i]);
        for (int threads = 1; threads <= 2; threads++) {
            int t = threads;
            for (long[] input : new long[][] {ascending, descending}) {
                long[] a = input.clone();
                long[] b = input.clone();
                assertTimeoutPreemptively(BOUND, () -> Pools.in(t, () -> {
                    ParSort.sortUnstable(a); // warm-up: classes loaded, the pool started
                    return null;
                }));
                long before = AllocationTest.allocatedByAllThreads();
                assertTimeoutPreemptively(BOUND, () -> Pools.in(t, () -> {
                    ParSort.sort(b);
                    return null;
                }));
                long bytes = AllocationTest.allocatedByAllThreads() - before;
                assertArrayEquals(ascending, a, t + " threads");
                assertArrayEquals(ascending, b, t + " threads");
                assertTrue(bytes < n, bytes + " bytes allocated to sort " + n + " longs in order on " + t + " threads");
            }
        }
    }

    @Test
    void aMillionItemsOnEveryPoolSize() {
        Random rnd = new Random(7);
        long[] l = rnd.longs(1_000_000).toArray();
        long[] le = l.clone();
        Arrays.sort(le);
        double[] d = specials(1_000_000, 3, rnd);
        for (int threads = 1; threads <= 4; threads++) {
            int t = threads;
            long[] got = assertTimeoutPreemptively(BOUND, () -> Pools.in(t, () -> {
                long[] c = l.clone();
                ParSort.sortUnstable(c);
                return c;
            }));
            assertArrayEquals(le, got, threads + " threads");
            double[] dd = assertTimeoutPreemptively(BOUND, () -> Pools.in(t, () -> {
                double[] c = d.clone();
                ParSort.sort(c);
                return c;
            }));
            assertSameAsArraysSort(d, dd, threads + " threads");
        }
        assertEquals(1 << 16, ParSort.RADIX_MIN, "the javadoc of ParSort says 65536");
    }
}
