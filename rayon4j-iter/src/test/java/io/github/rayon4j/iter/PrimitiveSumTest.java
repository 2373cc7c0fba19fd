package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.stream.DoubleStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the primitive iterators document beyond matching the streams (see the generated
 * {@code IntPropertyTest}, {@code LongPropertyTest} and {@code DoublePropertyTest} for that):
 * how sums overflow and round.
 */
class PrimitiveSumTest {

    @Test
    void sumDocumentedOverflowAndRounding() {
        assertEquals(Integer.MIN_VALUE, IntParIter.of(Integer.MAX_VALUE, 1).sum(), "int sum wraps around");
        assertEquals(2L * Integer.MAX_VALUE, IntParIter.of(Integer.MAX_VALUE, Integer.MAX_VALUE).asLongParIter().sum());
        assertEquals(Long.MIN_VALUE, LongParIter.of(Long.MAX_VALUE, 1).sum(), "long sum wraps around");
        assertEquals(Double.POSITIVE_INFINITY, DoubleParIter.of(Double.MAX_VALUE, Double.MAX_VALUE).sum());
        assertTrue(Double.isNaN(DoubleParIter.of(1, Double.NaN).sum()));
        double[] tenths = new double[100_000];
        Arrays.fill(tenths, 0.1);
        assertEquals(DoubleStream.of(tenths).sum(), DoubleParIter.of(tenths).sum(), 1e-9,
                "compensated summation stays next to DoubleStream.sum()");
    }

    @Test
    void closedRangesIncludeTheirEndEvenAtTheLimit() {
        assertEquals(5050, IntParIter.rangeClosed(1, 100).sum());
        assertEquals(0, IntParIter.rangeClosed(5, 4).count());
        assertEquals(2, IntParIter.rangeClosed(Integer.MAX_VALUE - 1, Integer.MAX_VALUE).count());
        assertEquals(Integer.MAX_VALUE, IntParIter.rangeClosed(Integer.MAX_VALUE - 1, Integer.MAX_VALUE).max().getAsInt());
        assertEquals(5050L, LongParIter.rangeClosed(1, 100).sum());
        assertEquals(2, LongParIter.rangeClosed(Long.MAX_VALUE - 1, Long.MAX_VALUE).count());
        assertEquals(Long.MAX_VALUE, LongParIter.rangeClosed(Long.MAX_VALUE - 1, Long.MAX_VALUE).max().getAsLong());
        assertEquals(0, LongParIter.empty().len());
        assertEquals(0, DoubleParIter.empty().count());
    }
}
