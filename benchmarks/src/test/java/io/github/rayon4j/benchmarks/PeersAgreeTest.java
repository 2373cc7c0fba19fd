package io.github.rayon4j.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Every peer of a kernel computes the same answer as rayon4j's method, at small sizes (this is a
 * correctness check of the benchmark code, not a timing). The methods are called directly, with the
 * {@code @Setup} methods JMH would call.
 */
class PeersAgreeTest {
    @Test
    void sumOfSquares() {
        SumOfSquares b = start(new SumOfSquares());
        b.size = 100_003;
        try {
            long expected = b.sequential();
            assertEquals(expected, b.rayon4j());
            assertEquals(expected, b.parallelStream());
            assertEquals(expected, b.forkJoin());
            assertEquals(expected, b.parallelIterate());
        } finally {
            b.stopForkJoinPool();
        }
    }

    @Test
    void filterCount() {
        FilterCount b = start(new FilterCount());
        b.size = 100_003;
        b.fill();
        try {
            long expected = b.sequential();
            assertEquals(expected, b.rayon4j());
            assertEquals(expected, b.parallelStream());
            assertEquals(expected, b.forkJoin());
            assertEquals(expected, b.parallelIterate());
        } finally {
            b.stopForkJoinPool();
        }
    }

    @Test
    void nBodyEnergy() {
        NBodyEnergy b = start(new NBodyEnergy());
        b.bodies = 300;
        b.create();
        try {
            double expected = b.sequential();
            double tolerance = Math.abs(expected) * 1e-9;
            assertEquals(expected, b.rayon4j(), tolerance);
            assertEquals(expected, b.parallelStream(), tolerance);
            assertEquals(expected, b.forkJoin(), tolerance);
            assertEquals(expected, b.parallelIterate(), tolerance);
        } finally {
            b.stopForkJoinPool();
        }
    }

    @Test
    void life() {
        LifeBench b = start(new LifeBench());
        b.side = 64;
        b.create();
        try {
            byte[] expected = b.sequential();
            assertArrayEquals(expected, b.rayon4j());
            assertArrayEquals(expected, b.parallelStream());
            assertArrayEquals(expected, b.forkJoin());
            assertArrayEquals(expected, b.parallelIterate());
        } finally {
            b.stopForkJoinPool();
        }
    }

    @Test
    void sieve() {
        SieveBench b = start(new SieveBench());
        b.limit = 2_000_003;
        try {
            long expected = b.sequential();
            assertEquals(148_933, expected);
            assertEquals(expected, b.rayon4j());
            assertEquals(expected, b.parallelStream());
            assertEquals(expected, b.forkJoin());
            assertEquals(expected, b.parallelIterate());
        } finally {
            b.stopForkJoinPool();
        }
    }

    @Test
    void pythagorean() {
        Pythagorean b = start(new Pythagorean());
        b.n = 300;
        try {
            long expected = b.sequential();
            assertEquals(expected, b.rayon4j());
            assertEquals(expected, b.parallelStream());
            assertEquals(expected, b.forkJoin());
            assertEquals(expected, b.parallelIterate());
        } finally {
            b.stopForkJoinPool();
        }
    }

    @Test
    void findFirst() {
        for (String position : new String[] {"first", "middle", "last", "missing"}) {
            FindFirst b = start(new FindFirst());
            b.position = position;
            b.size = 200_003;
            b.create();
            try {
                OptionalInt expected = b.sequential();
                assertEquals(expected, b.rayon4j(), position);
                assertEquals(expected, b.rayon4jFindAny(), position);
                assertEquals(expected, b.parallelStream(), position);
                assertEquals(expected, b.forkJoin(), position);
            } finally {
                b.stopForkJoinPool();
            }
        }
    }

    @Test
    void tsp() {
        TspBench b = start(new TspBench());
        b.cities = 9;
        b.create();
        try {
            int expected = b.sequential();
            assertEquals(expected, b.rayon4j());
            assertEquals(expected, b.forkJoin());
        } finally {
            b.stopForkJoinPool();
        }
    }

    @Test
    void wordFrequency() {
        WordFrequency b = start(new WordFrequency());
        b.words = 20_003;
        b.create();
        try {
            java.util.Map<String, Long> expected = b.sequential();
            assertEquals(20_003L, expected.values().stream().mapToLong(Long::longValue).sum());
            assertEquals(expected, b.rayon4j());
            assertEquals(expected, b.rayon4jConcurrent());
            assertEquals(expected, b.parallelStream());
            assertEquals(expected, b.forkJoin());
        } finally {
            b.stopForkJoinPool();
        }
    }

    private static <B extends KernelBench> B start(B bench) {
        bench.startForkJoinPool();
        return bench;
    }
}
