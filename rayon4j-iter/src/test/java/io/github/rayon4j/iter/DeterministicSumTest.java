package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import java.util.stream.DoubleStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * {@code sumDeterministic} and {@code reduceDeterministic} give the same bits on pools of 1 to 4
 * threads, whatever leaf bounds the iterator carries, and the same bits as a sequential model of
 * the documented fixed tree.
 */
class DeterministicSumTest {

    /** Values whose sum rounds differently in different orders: magnitudes from 1e-8 to 1e12. */
    private static double[] hardToSum(int size, Random rnd) {
        double[] a = new double[size];
        for (int i = 0; i < size; i++) {
            a[i] = rnd.nextGaussian() * Math.pow(10, rnd.nextInt(21) - 8);
        }
        return a;
    }

    /** The fixed tree of FixedBlocks' class comment, computed sequentially. */
    private static double model(double[] a, int lo, int hi, double identity, DoubleBinaryOperator leaf,
                                DoubleBinaryOperator combine) {
        int block = (int) FixedBlocks.BLOCK;
        int blocks = Math.max(1, (hi - lo + block - 1) / block);
        if (blocks == 1) {
            double acc = identity;
            for (int i = lo; i < hi; i++) {
                acc = leaf.applyAsDouble(acc, a[i]);
            }
            return acc;
        }
        int mid = lo + blocks / 2 * block;
        return combine.applyAsDouble(model(a, lo, mid, identity, leaf, combine), model(a, mid, hi, identity, leaf, combine));
    }

    private static long bits(double d) {
        return Double.doubleToRawLongBits(d);
    }

    @Test
    void sameBitsOnEveryPoolAndLeafBound() {
        qt().withExamples(40).forAll(integers().between(0, 60_000), longs().all())
                .checkAssert((size, seed) -> {
                    Random rnd = new Random(seed);
                    double[] a = hardToSum(size, rnd);
                    long sumBits = bits(Pools.in(1, () -> DoubleParIter.of(a).sumDeterministic()));
                    DoubleBinaryOperator op = (x, y) -> x * 0.5 + y;
                    long reduceBits = bits(model(a, 0, a.length, 0.0, op, op));
                    for (int threads = 1; threads <= 4; threads++) {
                        long min = 1 + rnd.nextInt(5000);
                        long max = 1 + rnd.nextInt(5000);
                        String why = size + " values, " + threads + " threads, seed " + seed;
                        assertEquals(sumBits, bits(Pools.in(threads, () -> DoubleParIter.of(a).withMinLen(min).sumDeterministic())), why);
                        assertEquals(sumBits, bits(Pools.in(threads, () -> DoubleParIter.of(a).withMaxLen(max).sumDeterministic())), why);
                        assertEquals(sumBits, bits(Pools.in(threads, () -> DoubleParIter.of(a).filter(x -> true).sumDeterministic())),
                                why + " (unindexed)");
                        assertEquals(reduceBits, bits(Pools.in(threads, () -> DoubleParIter.of(a).withMaxLen(max).reduceDeterministic(0.0, op))),
                                why + " (a non-associative op)");
                    }
                    double exact = DoubleStream.of(a).sum();
                    double scale = Math.max(1, DoubleStream.of(a).map(Math::abs).sum());
                    assertEquals(exact, Double.longBitsToDouble(sumBits), 1e-12 * scale, "close to DoubleStream.sum()");
                });
    }

    @Test
    void blockSumsFollowTheDocumentedTree() {
        Random rnd = new Random(42);
        for (int size : new int[] {0, 1, 4095, 4096, 4097, 3 * 4096 + 5, 50_000}) {
            double[] a = hardToSum(size, rnd);
            DoubleBinaryOperator minus = (x, y) -> x - y;  // order-sensitive: catches a swapped tree
            assertEquals(bits(model(a, 0, a.length, 0.0, minus, minus)),
                    bits(Pools.in(3, () -> DoubleParIter.of(a).reduceDeterministic(0.0, minus))), "size " + size);
        }
        assertEquals(0.0, DoubleParIter.of().sumDeterministic());
        assertEquals(7.0, DoubleParIter.of().reduceDeterministic(7.0, Double::sum));
        double[] tenths = new double[100_000];
        Arrays.fill(tenths, 0.1);
        assertEquals(DoubleStream.of(tenths).sum(), DoubleParIter.of(tenths).sumDeterministic(), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, DoubleParIter.of(Double.MAX_VALUE, Double.MAX_VALUE).sumDeterministic());
    }

    @Test
    void anExceptionReachesTheCallerAndThePoolStaysUsable() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            IllegalStateException boom = new IllegalStateException("boom");
            double[] a = new double[200_000];
            IllegalStateException seen = assertThrows(IllegalStateException.class, () -> Pools.in(4,
                    () -> DoubleParIter.of(a).map(x -> {
                        throw boom;
                    }).sumDeterministic()));
            assertSame(boom, seen);
            assertEquals(NullPointerException.class,
                    assertThrows(NullPointerException.class, () -> DoubleParIter.of(a).reduceDeterministic(0, null)).getClass());
            assertEquals(200_000.0, Pools.in(4, () -> DoubleParIter.of(a).map(x -> 1).sumDeterministic()));
        });
    }
}
