package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The unboxed {@code distinct()} of the primitive iterators ({@link DistinctValues} segments)
 * against the boxed stream's, value for value and bit for bit: few or many distinct values, NaNs
 * with different payloads (one value, the first one's bits kept), 0.0 and -0.0 (two values), the
 * extremes; on pools of 1-4 threads, split as usual or into parts of one value
 * ({@code withMaxLen(1)}: past 32 segments the merge joins neighbours), indexed and unindexed.
 */
class PrimitiveDistinctTest {

    private static long[] values(int size, Random rnd) {
        int range = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 4 * size + 1);
        long[] a = new long[size];
        for (int i = 0; i < size; i++) {
            a[i] = switch (rnd.nextInt(40)) {
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE;
                case 2 -> Integer.MIN_VALUE;
                default -> rnd.nextInt(range) - range / 2;
            };
        }
        return a;
    }

    private static double[] doubles(long[] a, Random rnd) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = switch (rnd.nextInt(30)) {
                case 0 -> Double.longBitsToDouble(0x7ff0000000000000L | (1 + rnd.nextInt(1 << 20))); // a NaN, payload varies
                case 1 -> -0.0;
                case 2 -> 0.0;
                case 3 -> Double.NEGATIVE_INFINITY;
                default -> a[i] / 4.0;
            };
        }
        return d;
    }

    private static long[] bits(double[] d) {
        return Arrays.stream(d).mapToLong(Double::doubleToRawLongBits).toArray();
    }

    @Test
    void distinctIsTheBoxedStreamsDistinctBitForBit() {
        qt().withExamples(150).forAll(integers().between(0, 3000), longs().all(), integers().between(1, 4), integers().between(0, 3))
                .checkAssert((size, seed, threads, shape) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    long[] longs = values(size, rnd);
                    int[] ints = Arrays.stream(longs).mapToInt(x -> (int) x).toArray();
                    double[] doubles = doubles(longs, rnd);
                    String why = size + " values, " + threads + " threads, shape " + shape + ", seed " + seed;

                    assertArrayEquals(IntStream.of(ints).boxed().distinct().mapToInt(x -> x).toArray(),
                            shaped(IntParIter.of(ints), shape).distinct().toArray(), why + " (int)");
                    assertArrayEquals(LongStream.of(longs).boxed().distinct().mapToLong(x -> x).toArray(),
                            shaped(LongParIter.of(longs), shape).distinct().toArray(), why + " (long)");
                    double[] expected = DoubleStream.of(doubles).boxed().distinct().mapToDouble(x -> x).toArray();
                    double[] actual = shaped(DoubleParIter.of(doubles), shape).distinct().toArray();
                    assertArrayEquals(bits(expected), bits(actual), why + " (double, raw bits: the first NaN's payload)");
                    return null;
                }));
    }

    private static IntParIter shaped(IndexedIntParIter it, int shape) {
        return switch (shape) {
            case 0 -> it;
            case 1 -> it.withMaxLen(1);
            case 2 -> it.filter(x -> true);
            default -> it.withMaxLen(1).filter(x -> true);
        };
    }

    private static LongParIter shaped(IndexedLongParIter it, int shape) {
        return switch (shape) {
            case 0 -> it;
            case 1 -> it.withMaxLen(1);
            case 2 -> it.filter(x -> true);
            default -> it.withMaxLen(1).filter(x -> true);
        };
    }

    private static DoubleParIter shaped(IndexedDoubleParIter it, int shape) {
        return switch (shape) {
            case 0 -> it;
            case 1 -> it.withMaxLen(1);
            case 2 -> it.filter(x -> true);
            default -> it.withMaxLen(1).filter(x -> true);
        };
    }

    @Test
    void aSetKeepsOrderAndTheFirstBitsAndForgetsWhatItRemoves() {
        DistinctValues s = new DistinctValues(true);
        long nan1 = 0x7ff0000000000001L;
        long nan2 = 0xfff8000000000123L;
        long zero = Double.doubleToRawLongBits(0.0);
        long minusZero = Double.doubleToRawLongBits(-0.0);
        assertTrue(s.add(nan1));
        assertFalse(s.add(nan2), "every NaN is one value");
        assertTrue(s.add(minusZero));
        assertTrue(s.add(zero), "0.0 and -0.0 are two values");
        for (long i = 1; i <= 1000; i++) { // grows the array and the table several times
            assertTrue(s.add(Double.doubleToRawLongBits(i)));
        }
        assertEquals(1003, s.size());
        assertEquals(nan1, s.get(0), "the first NaN's bits kept");
        assertTrue(s.contains(nan2));

        DistinctValues other = new DistinctValues(true);
        other.add(nan2);
        for (long i = 2; i <= 1000; i += 2) {
            other.add(Double.doubleToRawLongBits(i));
        }
        s.removeAll(other);
        assertEquals(2 + 500, s.size());
        assertEquals(minusZero, s.get(0));
        assertEquals(zero, s.get(1));
        assertEquals(Double.doubleToRawLongBits(1), s.get(2));
        assertEquals(Double.doubleToRawLongBits(999), s.get(501));
        assertFalse(s.contains(nan1), "removed by another NaN");
        assertFalse(s.contains(Double.doubleToRawLongBits(500)));
        assertTrue(s.add(Double.doubleToRawLongBits(500)), "a removed value can come back, last");
        assertEquals(Double.doubleToRawLongBits(500), s.get(s.size() - 1));

        DistinctValues ints = new DistinctValues(false);
        ints.add(nan1);
        assertTrue(ints.add(nan2), "as longs, two NaN bit patterns are two values");
        ints.addAll(s);
        assertEquals(2 + s.size(), ints.size());
    }
}
