package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * {@code limit(n)} on an iterator without indices, and {@code takeWhile} on any, collect with
 * early exit ({@link Terminal.Prefix}): each part keeps at most {@code n} items (or stops at its
 * first failing item) and a part that has what it needs stops the parts after it. The result
 * must still be exactly the stream's, whatever the selectivity, the pool and the source; and the
 * work must stay near what the answer needs (counted in predicate calls: a count, not a timing).
 * Before, the whole upstream was collected first: {@code filter(..).limit(10)} over a million
 * items tested all of them, and {@code takeWhile} collected ten million values for a prefix of
 * a thousand.
 */
class PrefixEarlyExitTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);

    @Test
    void theFirstNMatchesAreTheStreamsWhateverTheSelectivity() {
        assertTimeoutPreemptively(LIMIT, () -> qt().withExamples(150)
                .forAll(integers().between(0, 30_000), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    int every = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 400);
                    List<Integer> items = new ArrayList<>(size);
                    for (int i = 0; i < size; i++) {
                        items.add(rnd.nextInt(1_000_000));
                    }
                    long matches = items.stream().filter(x -> x % every == 0).count();
                    long n = rnd.nextBoolean() ? rnd.nextInt(12) : rnd.nextInt((int) matches + 3);
                    String why = size + " items, 1 in " + every + " matches, limit " + n + ", " + threads
                            + " threads, seed " + seed;
                    assertEquals(items.stream().filter(x -> x % every == 0).limit(n).toList(),
                            ParIter.of(items).filter(x -> x % every == 0).limit(n).toList(), why);
                    // A collection without indices: its spliterator splits it.
                    assertEquals(items.stream().filter(x -> x % every == 0).limit(n).toList(),
                            ParIter.of(new ArrayDeque<>(items)).filter(x -> x % every == 0).limit(n).toList(),
                            why + " (ArrayDeque)");
                    long[] longs = items.stream().mapToLong(x -> x).toArray();
                    assertArrayEquals(LongStream.of(longs).filter(x -> x % every == 0).limit(n).toArray(),
                            LongParIter.of(longs).filter(x -> x % every == 0).limit(n).toArray(), why + " (long[])");
                    assertArrayEquals(IntStream.range(0, size).filter(x -> x % every == 0).limit(n).toArray(),
                            IntParIter.range(0, size).filter(x -> x % every == 0).limit(n).toArray(), why + " (range)");
                    assertArrayEquals(LongStream.of(longs).asDoubleStream().filter(x -> x % every == 0).limit(n).toArray(),
                            DoubleParIter.of(LongStream.of(longs).asDoubleStream().toArray()).filter(x -> x % every == 0)
                                    .limit(n).toArray(), why + " (double[])");
                    // takeWhile: a prefix that ends at a random item (or runs to the end).
                    int bound = size == 0 || rnd.nextInt(8) == 0 ? Integer.MAX_VALUE : items.get(rnd.nextInt(size));
                    String whyTw = why + ", takeWhile below " + bound;
                    assertEquals(items.stream().takeWhile(x -> x != bound).toList(),
                            ParIter.of(items).takeWhile(x -> x != bound).toList(), whyTw);
                    assertEquals(items.stream().filter(x -> x % every == 0).takeWhile(x -> x != bound).toList(),
                            ParIter.of(new ArrayDeque<>(items)).filter(x -> x % every == 0).takeWhile(x -> x != bound).toList(),
                            whyTw + " (ArrayDeque)");
                    assertArrayEquals(LongStream.of(longs).filter(x -> x % every == 0).takeWhile(x -> x != bound).toArray(),
                            LongParIter.of(longs).filter(x -> x % every == 0).takeWhile(x -> x != bound).toArray(),
                            whyTw + " (long[])");
                    assertArrayEquals(IntStream.range(0, size).takeWhile(x -> x < bound / 30).toArray(),
                            IntParIter.range(0, size).takeWhile(x -> x < bound / 30).toArray(), whyTw + " (range)");
                    assertArrayEquals(LongStream.of(longs).asDoubleStream().takeWhile(x -> x != bound).toArray(),
                            DoubleParIter.of(LongStream.of(longs).asDoubleStream().toArray()).takeWhile(x -> x != bound)
                                    .toArray(), whyTw + " (double[])");
                    return null;
                })));
    }

    @Test
    void frequentMatchesAreFoundWithoutTestingEveryItem() {
        int size = 1_000_000;
        List<Integer> items = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            items.add(i);
        }
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int threads = 1; threads <= 4; threads++) {
                int t = threads;
                AtomicLong tested = new AtomicLong();
                List<Integer> first = Pools.in(t, () -> ParIter.of(items).filter(x -> {
                    tested.incrementAndGet();
                    return x % 3 == 0;
                }).limit(10).toList());
                assertEquals(List.of(0, 3, 6, 9, 12, 15, 18, 21, 24, 27), first);
                assertTrue(tested.get() < size / 10, t + " threads tested " + tested.get() + " of " + size + " items");
                AtomicLong testedL = new AtomicLong();
                long[] firstL = Pools.in(t, () -> LongParIter.range(0, 10L * size).filter(x -> {
                    testedL.incrementAndGet();
                    return x % 3 == 0;
                }).limit(10).toArray());
                assertArrayEquals(new long[] {0, 3, 6, 9, 12, 15, 18, 21, 24, 27}, firstL);
                assertTrue(testedL.get() < size, t + " threads tested " + testedL.get() + " of " + 10 * size + " values");
                System.out.printf("PrefixEarlyExitTest: limit, %d threads: %d of %d items tested, %d of %d values%n",
                        t, tested.get(), size, testedL.get(), 10 * size);
            }
        });
    }

    @Test
    void aShortPrefixIsFoundWithoutTestingEveryValue() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int threads = 1; threads <= 4; threads++) {
                int t = threads;
                AtomicLong tested = new AtomicLong();
                long count = Pools.in(t, () -> LongParIter.range(0, 10_000_000).filter(x -> {
                    tested.incrementAndGet(); // upstream of the takeWhile: what it had to produce
                    return x % 3 == 0;
                }).takeWhile(x -> x < 3000).count());
                assertEquals(1000, count);
                assertTrue(tested.get() < 1_000_000, t + " threads filtered " + tested.get() + " of 10,000,000 values");
                System.out.printf("PrefixEarlyExitTest: takeWhile, %d threads: %d of 10,000,000 values filtered%n", t, tested.get());
            }
        });
    }

    @Test
    void anExceptionAmongTheFirstItemsStillReachesTheCaller() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<Integer> items = IntStream.range(0, 100_000).boxed().toList();
            for (int threads = 1; threads <= 4; threads++) {
                int t = threads;
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> Pools.in(t, () ->
                        ParIter.of(items).filter(x -> {
                            if (x == 1) {
                                throw new IllegalStateException("item 1");
                            }
                            return true;
                        }).limit(5).toList()));
                assertEquals("item 1", e.getMessage());
            }
            assertEquals(List.of(), ParIter.of(items).filter(x -> true).limit(0).toList());
        });
    }
}
