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
}
