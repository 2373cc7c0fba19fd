package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The iterators whose items are an array made afresh for each terminal ({@code sorted},
 * {@code distinct}, {@code limit}, {@code takeWhile} without indices): {@code toList} and
 * {@code toArray} hand that array out uncopied, so each terminal must get its own, of the class
 * {@code toArray()} promises, and the list must stay unmodifiable.
 */
class FreshArrayTest {
    private static final List<Integer> ITEMS = new Random(9).ints(50_000, 0, 5_000).boxed().toList();

    private static void check(String what, Function<ParIter<Integer>, ParIter<Integer>> op,
                              Function<Stream<Integer>, Stream<Integer>> model) {
        List<Integer> expected = model.apply(ITEMS.stream()).toList();
        ParIter<Integer> it = op.apply(ParIter.of(ITEMS).filter(x -> x != 7));
        Object[] first = Pools.in(2, it::toArray);
        assertEquals(Object[].class, first.getClass(), what + ": toArray() gives an Object[]");
        assertArrayEquals(expected.toArray(), first, what);
        first[0] = -1; // the caller owns it: the next terminal must not see this
        Object[] second = Pools.in(2, it::toArray);
        assertNotSame(first, second, what + ": each terminal makes its own array");
        assertArrayEquals(expected.toArray(), second, what);
        List<Integer> list = Pools.in(2, it::toList);
        assertEquals(expected, list, what);
        assertThrows(UnsupportedOperationException.class, () -> list.set(0, 1), what + ": the list is unmodifiable");
        assertArrayEquals(expected.toArray(new Integer[0]), Pools.in(2, () -> it.toArray(Integer[]::new)), what);
        assertEquals(expected.size(), Pools.in(2, it::count), what + ": other terminals drive the array");
    }

    @Test
    void eachTerminalGetsItsOwnArray() {
        check("sorted", ParIter::sorted, s -> s.filter(x -> x != 7).sorted());
        check("distinct", ParIter::distinct, s -> s.filter(x -> x != 7).distinct());
        check("limit", it -> it.limit(30_000), s -> s.filter(x -> x != 7).limit(30_000));
        check("takeWhile", it -> it.takeWhile(x -> x < 4_990), s -> s.filter(x -> x != 7).takeWhile(x -> x < 4_990));
    }

    private static void checkInts(String what, Function<IntParIter, IntParIter> op,
                                  Function<java.util.stream.IntStream, java.util.stream.IntStream> model) {
        int[] values = ITEMS.stream().mapToInt(Integer::intValue).toArray();
        int[] expected = model.apply(java.util.stream.IntStream.of(values).filter(x -> x != 7)).toArray();
        IntParIter it = op.apply(IntParIter.of(values).filter(x -> x != 7));
        int[] first = Pools.in(2, it::toArray);
        assertArrayEquals(expected, first, what);
        first[0] = -1; // the caller owns it: the next terminal must not see this
        int[] second = Pools.in(2, it::toArray);
        assertNotSame(first, second, what + ": each terminal makes its own array");
        assertArrayEquals(expected, second, what);
        long sum = Pools.in(2, it::sum);
        assertEquals(java.util.stream.IntStream.of(expected).asLongStream().sum(), sum, what);
    }

    @Test
    void eachPrimitiveTerminalGetsItsOwnArray() {
        checkInts("sorted", IntParIter::sorted, java.util.stream.IntStream::sorted);
        checkInts("distinct", IntParIter::distinct, java.util.stream.IntStream::distinct);
        checkInts("limit", it -> it.limit(30_000), s -> s.limit(30_000));
        checkInts("takeWhile", it -> it.takeWhile(x -> x < 4_990), s -> s.takeWhile(x -> x < 4_990));
    }

    @Test
    void anEmptyResultIsAnEmptyArray() {
        ParIter<Integer> none = ParIter.of(IntStream.range(0, 10).boxed().toList()).filter(x -> x > 99).sorted();
        assertEquals(0, none.toArray().length);
        assertEquals(List.of(), none.toList());
    }
}
