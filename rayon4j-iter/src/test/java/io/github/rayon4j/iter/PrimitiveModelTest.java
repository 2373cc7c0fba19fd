package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The primitive iterators follow the object ones' model: a source or a one-to-one adaptor of
 * known length is an {@code Indexed*ParIter} by its static type (the assignments below are the
 * compile-time half of this test), everything else a plain {@code *ParIter}.
 */
class PrimitiveModelTest {

    @Test
    void oneToOneAdaptorsKeepTheIndexedType() {
        IndexedIntParIter ints = IntParIter.range(0, 10).map(x -> x * 2).peek(x -> { });
        IndexedLongParIter longs = ints.asLongParIter().map(x -> x + 1);
        IndexedDoubleParIter doubles = longs.asDoubleParIter().map(Math::sqrt);
        IndexedIntParIter back = doubles.mapToInt(x -> (int) x).withMinLen(2).withMaxLen(5);
        IndexedParIter<Integer> boxed = back.boxed();
        IndexedParIter<String> strings = LongParIter.of(1L, 2L).mapToObj(Long::toString);
        IndexedIntParIter fromObjects = ParIter.of("a", "bb").mapToInt(String::length);
        assertEquals(10, back.len());
        assertEquals(List.of(1, 1, 2, 2, 3, 3, 3, 3, 4, 4), boxed.toList(), "floor(sqrt(2x + 1))");
        assertEquals(List.of("1", "2"), strings.toList());
        assertArrayEquals(new int[] {1, 2}, fromObjects.toArray());
        assertEquals(4, IntParIter.of(1, 2).chain(IntParIter.of(3, 4)).len());
    }

    @Test
    void filterFlatMapAndStreamsGiveThePlainType() {
        assertFalse(IntParIter.range(0, 10).filter(x -> x > 2) instanceof IndexedIntParIter);
        assertFalse(LongParIter.of(1L, 2L).flatMap(x -> LongParIter.of(x, x)) instanceof IndexedLongParIter);
        assertFalse(DoubleParIter.fromStream(java.util.stream.DoubleStream.of(1, 2)) instanceof IndexedDoubleParIter);
        IntParIter unindexed = IntParIter.range(0, 4).filter(x -> x % 2 == 0);
        IntParIter chained = IntParIter.range(0, 2).chain(unindexed);
        assertFalse(chained instanceof IndexedIntParIter, "indexed chained with unindexed is unindexed");
        assertArrayEquals(new int[] {0, 1, 0, 2}, chained.toArray());
        IntParIter declaredPlain = IntParIter.of(5, 6);
        assertTrue(declaredPlain.chain(IntParIter.of(7)) instanceof IndexedIntParIter,
                "chain of two indexed iterators is indexed whatever their static type");
    }

    @Test
    void unindexedAdaptorsRejectNullsToo() {
        IntParIter i = IntParIter.range(0, 4).filter(x -> true);
        LongParIter l = LongParIter.range(0, 4).filter(x -> true);
        DoubleParIter d = DoubleParIter.of(1, 2).filter(x -> true);
        assertEquals("mapper", assertThrows(NullPointerException.class, () -> i.map((IntUnaryOperator) null)).getMessage());
        assertEquals("mapper", assertThrows(NullPointerException.class, () -> l.map((LongUnaryOperator) null)).getMessage());
        assertEquals("mapper", assertThrows(NullPointerException.class, () -> d.map((DoubleUnaryOperator) null)).getMessage());
        assertEquals("action", assertThrows(NullPointerException.class, () -> i.peek(null)).getMessage());
        assertEquals("mapper", assertThrows(NullPointerException.class, () -> i.mapToObj(null)).getMessage());
        assertEquals("mapper", assertThrows(NullPointerException.class, () -> i.mapToLong(null)).getMessage());
    }
}
