package io.github.rayon4j.usage;

import io.github.rayon4j.iter.*;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.*;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a user's file looks like: both wildcard imports, and no name of the iterator package
 * clashes with {@code java.util.function} (the plumbing's {@code Consumer} lives in
 * {@code io.github.rayon4j.iter.plumbing}). This class compiling is half of the test; it sits
 * outside the library's packages so that only public names are visible.
 */
class WildcardImportsTest {
    @Test
    void streamStyleCodeCompilesWithBothWildcardImports() {
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        Consumer<String> record = seen::add;
        Function<String, Integer> length = String::length;
        Predicate<Integer> even = n -> n % 2 == 0;
        ParIter.of(List.of("ab", "cde", "fghi")).forEach(record);
        assertEquals(2, ParIter.of(List.of("ab", "cde", "fghi")).map(length).filter(even).count());
        assertEquals(List.of("a", "b", "c", "d"),
                ParIter.of(List.of("a b", "c d")).flatMapStream(s -> Stream.of(s.split(" "))).toList());
        IndexedIntParIter ints = ParIter.of(new int[] {1, 2, 3});
        IntUnaryOperator twice = x -> 2 * x;
        assertEquals(12, ints.map(twice).sum());
        assertEquals(3, seen.size());
    }
}
