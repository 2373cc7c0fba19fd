package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.LinkedList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * A spliterator source's leaf pushes pieces carved off its front with {@code trySplit}, each
 * through {@code forEachRemaining}, and looks at the sink between pieces
 * ({@code ObjSources.SpliteratorProducer}): the items keep their encounter order for ordered
 * collections of every size, a spliterator that will not split (or lies about its size) gives
 * every item once, in order, and early exits still stop the leaf soon.
 */
class SpliteratorLeafTest {

    @Test
    void orderedCollectionsKeepTheirOrder() {
        qt().withExamples(60).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    List<Integer> items = IntStream.range(0, size).boxed().toList();
                    String why = size + " items, " + threads + " threads";
                    List<Collection<Integer>> sources = List.of(new TreeSet<>(items), new ArrayDeque<>(items),
                            new LinkedList<>(items), new ConcurrentSkipListSet<>(items));
                    for (Collection<Integer> c : sources) {
                        String what = why + ", " + c.getClass().getSimpleName();
                        assertEquals(items.stream().map(x -> x * 2).toList(), ParIter.of(c).map(x -> x * 2).toList(), what);
                        int cut = new Random(seed).nextInt(size + 1);
                        assertEquals(items.stream().filter(x -> x >= cut).findFirst(),
                                ParIter.of(c).filter(x -> x >= cut).findFirst(), what);
                    }
                    assertEquals(LongStream.range(0, size).sum(), LongParIter.fromStream(LongStream.range(0, size)).sum(), why);
                    return null;
                }));
    }

    @Test
    void aSpliteratorThatWillNotSplitOrLiesAboutItsSizeGivesEveryItemInOrder() {
        for (int threads = 1; threads <= 4; threads++) {
            Pools.in(threads, () -> {
                // one leaf: its items fill arrays of 16, 32, ..., 16,384, then 16,384 each
                // (ObjFolders.ListPart); the lengths around those arrays' ends
                for (int n : new int[] {0, 1, 2, 7, 16, 17, 48, 49, 100, 5_000, 32_752, 32_753, 70_000}) {
                    List<Integer> items = IntStream.range(0, n).boxed().toList();
                    assertEquals(items, ParIter.fromSpliterator(new NoSplit(n, Long.MAX_VALUE)).toList(), n + ", unknown size");
                    assertEquals(items, List.of(ParIter.fromSpliterator(new NoSplit(n, Long.MAX_VALUE)).toArray()),
                            n + ", toArray");
                    assertEquals(items, ParIter.fromSpliterator(new NoSplit(n, 1)).toList(), n + ", says 1");
                    assertEquals(items, ParIter.fromSpliterator(Spliterators.spliterator(items.iterator(), n, Spliterator.ORDERED))
                            .toList(), n + ", an iterator's spliterator");
                }
                return null;
            });
        }
    }

    @Test
    void anEarlyExitStopsTheLeafSoon() {
        Pools.in(2, () -> {
            ArrayDeque<Integer> deque = IntStream.range(0, 2_000_000).boxed().collect(Collectors.toCollection(ArrayDeque::new));
            AtomicLong mapped = new AtomicLong();
            AtomicLong mappedWhenFound = new AtomicLong(-1);
            assertTrue(ParIter.of(deque).map(x -> {
                mapped.incrementAndGet();
                return x;
            }).anyMatch(x -> {
                if (x == 10) {
                    mappedWhenFound.set(mapped.get());
                    return true;
                }
                return false;
            }));
            // Counted from the find, not from the start: the other leaf maps items for as long as
            // the thread that finds item 10 is kept from running, which on a loaded machine (CI
            // running its other tests) was long enough for 390,640 items; what the early exit
            // bounds is what is mapped once the answer is known (about a piece per leaf).
            long after = mapped.get() - mappedWhenFound.get();
            assertTrue(after < 200_000, after + " of 2,000,000 items mapped after item 10 was found");
            AtomicLong pushed = new AtomicLong();
            Optional<Integer> first = ParIter.fromSpliterator(new NoSplit(2_000_000, Long.MAX_VALUE)).map(x -> {
                pushed.incrementAndGet();
                return x;
            }).filter(x -> x == 5).findFirst();
            assertEquals(Optional.of(5), first);
            assertTrue(pushed.get() < 200_000, pushed.get() + " of 2,000,000 items pushed by a leaf that cannot split");
            return null;
        });
    }

    /** The integers {@code [0, n)}, one {@code tryAdvance} at a time: no split, a given estimate. */
    static final class NoSplit implements Spliterator<Integer> {
        private final int n;
        private final long estimate;
        private int next;

        NoSplit(int n, long estimate) {
            this.n = n;
            this.estimate = estimate;
        }

        @Override
        public boolean tryAdvance(Consumer<? super Integer> action) {
            if (next >= n) {
                return false;
            }
            action.accept(next++);
            return true;
        }

        @Override
        public Spliterator<Integer> trySplit() {
            return null;
        }

        @Override
        public long estimateSize() {
            return estimate;
        }

        @Override
        public int characteristics() {
            return ORDERED;
        }
    }
}
