package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * {@code iterator()} on indexed iterators computes the items lazily, in parts that grow from
 * the pool's thread count up to {@link LazyParts#MAX_PART}: the same items in the same order as
 * the sequential stream, for every length around the parts' boundaries; only the parts the
 * iteration reached are computed; an exception reaches the call that asked for its part.
 */
class LazyIteratorTest {

    @Test
    void theItemsAreTheStreamsInOrder() {
        qt().withExamples(60).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    List<Integer> items = Inputs.randomList(size, rnd);
                    String why = size + " items, " + threads + " threads, seed " + seed;
                    List<Integer> expected = items.stream().map(x -> x * 3).toList();
                    assertEquals(expected, drain(ParIter.of(items).map(x -> x * 3).iterator()), why);
                    long from = rnd.nextInt(1000) - 500;
                    assertArrayEquals(LongStream.range(from, from + size).map(x -> x * x).toArray(),
                            drainLong(LongParIter.range(from, from + size).map(x -> x * x).iterator()), why);
                    int[] ints = items.stream().mapToInt(Integer::intValue).toArray();
                    assertArrayEquals(IntStream.of(ints).map(x -> x - 1).toArray(),
                            drainInt(IntParIter.of(ints).map(x -> x - 1).iterator()), why);
                    double[] doubles = IntStream.of(ints).asDoubleStream().toArray();
                    PrimitiveIterator.OfDouble d = DoubleParIter.of(doubles).map(x -> x / 2).iterator();
                    for (double x : doubles) {
                        assertTrue(d.hasNext(), why);
                        assertEquals(x / 2, d.nextDouble(), why);
                    }
                    assertFalse(d.hasNext(), why);
                    // the streams: the same items, their size known
                    assertEquals(expected, ParIter.of(items).map(x -> x * 3).stream().toList(), why);
                    assertEquals((long) size, ParIter.of(items).map(x -> x * 3).stream().spliterator().getExactSizeIfKnown(), why);
                    assertArrayEquals(LongStream.range(from, from + size).map(x -> x * x).toArray(),
                            LongParIter.range(from, from + size).map(x -> x * x).stream().toArray(), why);
                    assertArrayEquals(IntStream.of(ints).map(x -> x - 1).toArray(),
                            IntParIter.of(ints).map(x -> x - 1).stream().toArray(), why);
                    assertArrayEquals(Arrays.stream(doubles).map(x -> x / 2).toArray(),
                            DoubleParIter.of(doubles).map(x -> x / 2).stream().toArray(), why);
                    return null;
                }));
    }

    @Test
    void everyLengthAroundThePartsBoundaries() {
        for (int threads = 1; threads <= 4; threads++) {
            int t = threads;
            Pools.in(threads, () -> {
                for (int n = 0; n <= 8 * t + 70; n++) {
                    assertArrayEquals(LongStream.range(0, n).toArray(),
                            drainLong(LongParIter.range(0, n).iterator()), n + " values, " + t + " threads");
                }
                int big = (int) (3 * LazyParts.MAX_PART + 7);
                assertArrayEquals(LongStream.range(0, big).map(x -> x ^ 5).toArray(),
                        drainLong(LongParIter.range(0, big).map(x -> x ^ 5).iterator()), big + " values");
                return null;
            });
        }
    }

    @Test
    void onlyThePartsReachedAreComputed() {
        Pools.in(4, () -> {
            AtomicLong calls = new AtomicLong();
            Iterator<Long> it = LongParIter.range(0, Long.MAX_VALUE).mapToObj(x -> {
                calls.incrementAndGet();
                return x * 2;
            }).iterator();
            assertEquals(0, calls.get(), "nothing computed before the first hasNext");
            for (long i = 0; i < 10; i++) {
                assertEquals(2 * i, it.next());
            }
            // parts of 4, 16 and 64 on four threads: the tenth item is in the second
            assertEquals(20, calls.get(), "items computed to read ten");
            // MAX_PART items a part at most, however long the source
            long read = 10;
            while (read < 3 * LazyParts.MAX_PART) {
                it.next();
                read++;
            }
            assertTrue(calls.get() - read < LazyParts.MAX_PART, calls.get() + " computed to read " + read);
            return null;
        });
    }

    @Test
    void aStreamComputesOnlyThePartsItReaches() {
        Pools.in(4, () -> {
            AtomicLong calls = new AtomicLong();
            long[] first = LongParIter.range(0, Long.MAX_VALUE).map(x -> {
                calls.incrementAndGet();
                return x + 1;
            }).stream().limit(5).toArray();
            assertArrayEquals(new long[] {1, 2, 3, 4, 5}, first);
            assertTrue(calls.get() <= 20, calls.get() + " computed for five");
            AtomicLong objCalls = new AtomicLong();
            List<Long> objs = LongParIter.range(0, Long.MAX_VALUE).mapToObj(x -> {
                objCalls.incrementAndGet();
                return x;
            }).stream().filter(x -> x % 7 == 3).limit(3).toList();
            assertEquals(List.of(3L, 10L, 17L), objs);
            assertTrue(objCalls.get() <= 84, objCalls.get() + " computed for the third match at 17");
            return null;
        });
    }

    @Test
    void anExceptionReachesTheCallThatAskedForItsPart() {
        Pools.in(2, () -> {
            IllegalStateException boom = new IllegalStateException("item 100");
            Iterator<Integer> it = ParIter.of(IntStream.range(0, 1000).boxed().toList()).map(x -> {
                if (x == 100) {
                    throw boom;
                }
                return x;
            }).iterator();
            // on two threads the parts are 2, 8, 32, 128, ...: item 100 is in the part
            // [42, 170), so the items before it come out first
            int got = 0;
            while (got < 42) {
                assertEquals(got, it.next());
                got++;
            }
            assertSame(boom, assertThrows(IllegalStateException.class, it::hasNext));
            // the next part goes on after the failed one
            assertEquals(170, it.next());
            return null;
        });
    }

    @Test
    void pastTheEndThrows() {
        Iterator<String> it = ParIter.of(List.of("a", "b")).map(s -> s + s).iterator();
        assertEquals("aa", it.next());
        assertEquals("bb", it.next());
        assertFalse(it.hasNext());
        assertThrows(NoSuchElementException.class, it::next);
        PrimitiveIterator.OfLong empty = LongParIter.range(5, 5).iterator();
        assertFalse(empty.hasNext());
        assertThrows(NoSuchElementException.class, empty::nextLong);
    }

    private static <T> List<T> drain(Iterator<T> it) {
        List<T> out = new ArrayList<>();
        while (it.hasNext()) {
            out.add(it.next());
        }
        return out;
    }

    private static long[] drainLong(PrimitiveIterator.OfLong it) {
        LongStream.Builder b = LongStream.builder();
        while (it.hasNext()) {
            b.add(it.nextLong());
        }
        return b.build().toArray();
    }

    private static int[] drainInt(PrimitiveIterator.OfInt it) {
        IntStream.Builder b = IntStream.builder();
        while (it.hasNext()) {
            b.add(it.nextInt());
        }
        return b.build().toArray();
    }
}
