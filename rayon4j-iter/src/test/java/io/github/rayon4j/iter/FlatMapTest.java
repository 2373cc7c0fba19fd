package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * {@code flatMap} with inner parallel iterators: indexed ones are folded in the outer leaf,
 * batch by batch, their rest shared with idle threads; others are driven in parallel. Whatever
 * the mix, the items come in the order of the sequential stream's {@code flatMap}, every one
 * once, early exits and exceptions as elsewhere.
 */
class FlatMapTest {
    private static final Duration BOUND = Duration.ofSeconds(60);

    /** The inner iterator of item x, of one of several kinds and sizes (some past a batch). */
    private static ParIter<Long> inner(long x, int kind, int size) {
        return switch (kind) {
            case 0 -> ParIter.of(LongStream.range(0, size).mapToObj(k -> x * 100_000 + k).toList());   // indexed list
            case 1 -> IntParIter.range(0, size).mapToObj(k -> x * 100_000 + k);                      // indexed range
            case 2 -> ParIter.of(LongStream.range(0, 2L * size).mapToObj(k -> x * 100_000 + k).toList())
                    .filter(v -> v % 2 == 0);                                                          // not indexed
            default -> size % 3 == 0 ? null : ParIter.of(List.<Long>of());                             // empty
        };
    }

    private static Stream<Long> model(long x, int kind, int size) {
        return switch (kind) {
            case 0, 1 -> LongStream.range(0, size).mapToObj(k -> x * 100_000 + k);
            case 2 -> LongStream.range(0, 2L * size).mapToObj(k -> x * 100_000 + k).filter(v -> v % 2 == 0);
            default -> Stream.empty();
        };
    }

    private static int size(long x, int big) {
        long h = x * 0x9E3779B97F4A7C15L;
        int s = (int) ((h >>> 40) % 20);
        return big > 0 && (h & 15) == 0 ? 20_000 + s : s;   // sometimes one far longer than a batch
    }

    @Test
    void itemsInOrderWhateverTheInnerKinds() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(60)
                .forAll(integers().between(0, 3000), integers().between(0, 1), longs().all(), integers().between(1, 4))
                .checkAssert((n, big, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    int[] kinds = IntStream.range(0, n).map(i -> rnd.nextInt(4)).toArray();
                    List<Long> outer = LongStream.range(0, n).boxed().toList();
                    List<Long> expected = outer.stream()
                            .flatMap(x -> model(x, kinds[(int) (long) x], size(x, big))).toList();
                    List<Long> got = ParIter.of(outer)
                            .flatMap(x -> inner(x, kinds[(int) (long) x], size(x, big))).toList();
                    String why = n + " items, " + threads + " threads";
                    assertEquals(expected, got, why + " (toList)");
                    long sum = ParIter.of(outer).flatMap(x -> inner(x, kinds[(int) (long) x], size(x, big)))
                            .mapToLong(v -> v).sum();
                    assertEquals(expected.stream().mapToLong(v -> v).sum(), sum, why + " (sum)");
                    if (!expected.isEmpty()) {
                        Long target = expected.get(rnd.nextInt(expected.size()));
                        Optional<Long> first = ParIter.of(outer)
                                .flatMap(x -> inner(x, kinds[(int) (long) x], size(x, big)))
                                .filter(v -> v >= target).findFirst();
                        assertEquals(Optional.of(target), first, why + " (findFirst)");
                    }
                    return null;
                })));
    }

    @Test
    void primitiveFlatMapsFoldTheirIndexedInners() {
        assertTimeoutPreemptively(BOUND, () -> {
            for (int threads = 1; threads <= 3; threads++) {
                int t = threads;
                int[] ints = Pools.in(t, () -> IntParIter.range(0, 5000)
                        .flatMap(x -> x % 7 == 0 ? IntParIter.range(0, x % 40) : IntParIter.of(x, -x)).toArray());
                int[] intsExpected = IntStream.range(0, 5000)
                        .flatMap(x -> x % 7 == 0 ? IntStream.range(0, x % 40) : IntStream.of(x, -x)).toArray();
                assertArrayEquals(intsExpected, ints, t + " threads");
                long longs = Pools.in(t, () -> LongParIter.range(0, 5000).flatMap(x -> LongParIter.range(x, x + x % 30)).sum());
                assertEquals(LongStream.range(0, 5000).flatMap(x -> LongStream.range(x, x + x % 30)).sum(), longs);
            }
        });
    }

    /**
     * A collect over many small indexed inner iterators makes containers per leaf of the outer
     * iterator, not one or more per inner iterator (each was driven through the bridge, every one
     * into a consumer of its own, before this change: 10,000 or more here).
     */
    @Test
    void smallInnersShareTheLeafsContainer() {
        List<Integer> outer = IntStream.range(0, 10_000).boxed().toList();
        for (int threads = 1; threads <= 2; threads++) {
            int t = threads;
            AtomicInteger containers = new AtomicInteger();
            List<Integer> got = assertTimeoutPreemptively(BOUND, () -> Pools.in(t, () -> ParIter.of(outer)
                    .flatMap(x -> ParIter.of(List.of(x, x + 1, x + 2)))
                    .collect(() -> {
                        containers.incrementAndGet();
                        return new ArrayList<Integer>();
                    }, List::add, List::addAll)));
            assertEquals(outer.stream().flatMap(x -> Stream.of(x, x + 1, x + 2)).toList(), got);
            assertTrue(containers.get() < 1000, containers.get() + " containers for " + outer.size() + " inner iterators");
        }
    }

    /**
     * One outer item whose inner iterator is long and costly: its rest is shared as soon as the
     * other thread is idle, so both threads run its items (folded in the leaf alone, one would).
     * Not a race against the machine's load: the items of the second half wait (10 s at most in
     * all) for a second thread to have run an item, which it can only do if a share is queued
     * where it can steal it.
     */
    @Test
    void aCostlyInnerIteratorStillSpreadsOverThePool() {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        long patience = System.nanoTime() + 10_000_000_000L;
        long sum = assertTimeoutPreemptively(BOUND, () -> Pools.in(2, () -> ParIter.of(List.of(1))
                .flatMap(x -> IntParIter.range(0, 2000).mapToObj(k -> {
                    threads.add(Thread.currentThread().getName());
                    long until = System.nanoTime() + 20_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    while (k >= 1000 && threads.size() < 2 && System.nanoTime() < patience) {
                        Thread.onSpinWait();
                    }
                    return (long) k;
                }))
                .mapToLong(v -> v).sum()));
        assertEquals(1999L * 2000 / 2, sum);
        assertEquals(2, threads.size(), "threads that ran the inner items: " + threads);
    }

    @Test
    void anExceptionInAFoldedInnerReachesTheCaller() {
        RuntimeException boom = new RuntimeException("boom");
        List<Integer> outer = IntStream.range(0, 20_000).boxed().toList();
        for (int threads = 1; threads <= 2; threads++) {
            int t = threads;
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> assertTimeoutPreemptively(BOUND,
                    () -> Pools.in(t, () -> ParIter.of(outer).flatMap(x -> IntParIter.range(0, 3).mapToObj(k -> {
                        if (x == 12_345 && k == 1) {
                            throw boom;
                        }
                        return x + k;
                    })).toList())));
            assertSame(boom, thrown);
            // the pool is usable afterwards
            assertEquals(3L * 20_000, (long) Pools.in(t, () -> ParIter.of(outer).flatMap(x -> ParIter.of(List.of(x, x, x))).count()));
        }
    }
}
