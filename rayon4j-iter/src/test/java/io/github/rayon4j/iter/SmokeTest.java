package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SmokeTest {
    @Test
    void basicPipelinesGiveTheSequentialAnswers() {
        List<Integer> xs = IntStream.range(0, 100_000).boxed().toList();
        assertEquals(xs.stream().mapToLong(x -> x).sum(), ParIter.of(xs).mapToLong(x -> x).sum());
        assertEquals(xs.stream().map(x -> x * 2).toList(), ParIter.of(xs).map(x -> x * 2).toList());
        assertEquals(xs.stream().filter(x -> x % 3 == 0).toList(), ParIter.of(xs).filter(x -> x % 3 == 0).toList());
        assertEquals(4950, IntParIter.range(0, 100).sum());
        assertEquals(Pools.in(3, () -> IntParIter.range(0, 100_000).filter(x -> x % 7 == 1).count()),
                IntStream.range(0, 100_000).filter(x -> x % 7 == 1).count());
    }
}
