package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Misuse fails at the call with an exception that says what was wrong. */
class BadInputTest {
    private static void npeNaming(String argument, Executable call) {
        NullPointerException e = assertThrows(NullPointerException.class, call);
        assertEquals(argument, e.getMessage(), "the NPE names the argument");
    }

    private static void iae(String mentions, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(mentions), "message '" + e.getMessage() + "' mentions " + mentions);
    }

    @Test
    void nullFunctionsAreRejectedNamingTheArgument() {
        IndexedParIter<Integer> it = ParIter.of(1, 2, 3);
        npeNaming("mapper", () -> it.map((Function<Integer, Integer>) null));
        npeNaming("mapper", () -> it.filter(x -> true).map((Function<Integer, Integer>) null));
        npeNaming("predicate", () -> it.filter(null));
        npeNaming("mapper", () -> it.flatMap(null));
        npeNaming("mapper", () -> it.flatMapIter(null));
        npeNaming("mapper", () -> it.flatMapStream(null));
        npeNaming("action", () -> it.forEach(null));
        npeNaming("action", () -> it.peek(null));
        npeNaming("op", () -> it.reduce(0, null));
        npeNaming("collector", () -> it.collect(null));
        npeNaming("comparator", () -> it.min(null));
        npeNaming("key", () -> it.minByKey(null));
        npeNaming("predicate", () -> it.anyMatch(null));
        npeNaming("init", () -> it.mapInit(null, (s, x) -> x));
        npeNaming("identity", () -> it.fold(null, (a, x) -> a));
        npeNaming("other", () -> it.zip(null));
        npeNaming("list", () -> ParIter.of((List<Integer>) null));
        npeNaming("array", () -> ParIter.of((Integer[]) null));
        npeNaming("mapper", () -> IntParIter.range(0, 3).map(null));
        npeNaming("predicate", () -> LongParIter.range(0, 3).filter(null));
        npeNaming("mapper", () -> DoubleParIter.of(1.0).mapToObj(null));
        npeNaming("values", () -> IntParIter.of((int[]) null));
        npeNaming("a", () -> ParSort.sort((int[]) null));
        npeNaming("comparator", () -> ParSort.sort(new Integer[0], null));
        npeNaming("key", () -> ParSort.sortByCachedKey(new String[0], null));
    }

    @Test
    void negativeLengthsAndChunkSizesAreRejected() {
        IndexedParIter<Integer> it = ParIter.of(1, 2, 3);
        iae("chunk size", () -> it.chunks(0));
        iae("chunk size", () -> it.chunks(-1));
        iae("chunk size", () -> it.foldChunks(-2, () -> 0, (a, x) -> a));
        iae("skip", () -> it.skip(-1));
        iae("take", () -> it.take(-1));
        iae("step", () -> it.stepBy(0));
        iae("min length", () -> it.withMinLen(-1));
        iae("max length", () -> it.withMaxLen(0));
        iae("min length", () -> IntParIter.range(0, 10).withMinLen(-5));
        iae("max length", () -> LongParIter.range(0, 10).withMaxLen(-5));
    }

    @Test
    void zipEqOfUnequalLengthsIsRejectedAtTheCall() {
        iae("unequal lengths: 3 and 2", () -> ParIter.of(1, 2, 3).zipEq(ParIter.of("a", "b")));
        assertEquals(2, ParIter.of(1, 2, 3).zip(ParIter.of("a", "b")).count(), "zip takes the shorter length");
    }

    @Test
    void aSpliteratorSourceIsSingleUse() {
        ParIter<Integer> once = ParIter.fromSpliterator(List.of(1, 2).spliterator());
        assertEquals(2, once.count());
        assertThrows(IllegalStateException.class, once::count);
    }

    @Test
    void errorsSayWhatToDo() {
        java.util.List<Integer> fixed = java.util.List.of(3, 1, 2);
        UnsupportedOperationException u = assertThrows(UnsupportedOperationException.class, () -> ParSort.sort(fixed));
        assertTrue(u.getMessage().contains("cannot be modified") && u.getMessage().contains("new ArrayList<>(list)"),
                u.getMessage());
        assertEquals(java.util.List.of(3, 1, 2), fixed);
        java.util.stream.Stream<String> stream = java.util.stream.Stream.of("a", "b");
        ParIter<String> once = ParIter.fromStream(stream);
        assertEquals(2, once.count());
        IllegalStateException e = assertThrows(IllegalStateException.class, once::count);
        assertTrue(e.getMessage().startsWith("ParIter.fromStream(" + stream.getClass().getName() + "@"), e.getMessage());
        assertTrue(e.getMessage().contains("collect it first"), e.getMessage());
        java.util.Iterator<Integer> it = java.util.List.of(1).iterator();
        ParIter<Integer> fromIt = ParIter.fromIterator(it);
        fromIt.count();
        assertTrue(assertThrows(IllegalStateException.class, fromIt::count).getMessage().startsWith("ParIter.fromIterator("));
        IntParIter ints = IntParIter.fromStream(java.util.stream.IntStream.of(1, 2));
        ints.sum();
        assertTrue(assertThrows(IllegalStateException.class, ints::sum).getMessage().startsWith("IntParIter.fromStream("));
    }
}
