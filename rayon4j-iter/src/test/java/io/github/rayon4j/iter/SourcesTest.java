package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.ObjSink;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every kind of source gives its items, on pools of 1 to 4 threads. */
class SourcesTest {
    private static final List<Integer> ITEMS = IntStream.range(0, 50_000).boxed().toList();

    @Test
    void collectionsSpliteratorsIteratorsAndStreamsGiveAllTheirItems() {
        for (int threads = 1; threads <= 4; threads++) {
            Pools.in(threads, () -> {
                Set<Integer> set = new HashSet<>(ITEMS);
                assertEquals(set, ParIter.of(set).collect(Collectors.toSet()), "a HashSet, through its spliterator");
                assertEquals(ITEMS, ParIter.of(new TreeSet<>(ITEMS)).toList(), "an ordered set keeps its order");
                assertEquals(ITEMS, ParIter.fromStream(ITEMS.stream()).toList(), "an ordered stream keeps its order");
                assertEquals(set, ParIter.fromIterator(ITEMS.iterator()).map(x -> x).collect(Collectors.toSet()),
                        "par_bridge over an iterator gives every item");
                assertEquals(ITEMS.size(), ParIter.fromIterator(ITEMS.iterator()).count());
                assertArrayEquals(IntStream.range(0, 50_000).toArray(), IntParIter.fromStream(IntStream.range(0, 50_000)).toArray());
                assertEquals(LongStream.range(0, 50_000).sum(), LongParIter.fromStream(LongStream.range(0, 50_000)).sum());
                assertEquals(ITEMS, ParIter.fromUnindexed(new ObjSources.SpliteratorProducer<ObjSink<Integer>,
                        java.util.Spliterator<Integer>>(ITEMS.spliterator(), java.util.Spliterator::tryAdvance,
                        java.util.Spliterator::forEachRemaining)).toList());
                assertEquals(ITEMS.subList(10, 20), ParIter.of(ITEMS).filter(x -> x < 20)
                        .chain(ParIter.of(List.<Integer>of())).filter(x -> x >= 10).toList(), "chain of unindexed parts");
                return null;
            });
        }
    }

    /**
     * The leaves over an {@code ArrayList} or a sub-list of one push each batch through the
     * batch's sub-list spliterator ({@code ObjSources.overArray}); every other list by
     * {@code get(i)}.
     */
    @Test
    void anArrayListAndItsSubListsGiveTheirItemsBatchByBatch() {
        List<Integer> list = new ArrayList<>(ITEMS);
        List<Integer> sub = list.subList(3, 40_000);
        assertTrue(ObjSources.overArray(list) && ObjSources.overArray(sub));
        assertFalse(ObjSources.overArray(ITEMS), "an immutable list: by get(i)");
        assertFalse(ObjSources.overArray(new ArrayList<>(ITEMS) { }), "a subclass, whose get may do more");
        for (int threads = 1; threads <= 4; threads++) {
            Pools.in(threads, () -> {
                assertEquals(ITEMS, ParIter.of(list).map(x -> x).toList());
                assertEquals(ITEMS.subList(3, 40_000), ParIter.of(sub).toList());
                assertEquals(ITEMS.subList(103, 200), ParIter.of(sub.subList(100, 197)).toList(), "a sub-list of a sub-list");
                assertEquals(Optional.of(49_999), ParIter.of(list).max(Comparator.naturalOrder()));
                assertEquals(Optional.of(31_337), ParIter.of(list).filter(x -> x >= 31_337).findFirst(), "stops between batches");
                assertEquals(ITEMS.stream().mapToLong(x -> x).sum(), ParIter.of(list).mapToLong(x -> x).sum());
                assertEquals(12, ParIter.of(list.subList(0, 12)).count(), "a leaf of a few items, by get(i)");
                return null;
            });
        }
    }

    /**
     * A sequential stream with a stage has a spliterator that never splits; {@code fromStream}
     * takes its items in batches instead ({@code ObjSources.batching}), in order.
     */
    @Test
    void aSequentialStreamWithStagesIsSplitInBatchesInOrder() {
        assertEquals(null, ITEMS.stream().map(x -> x).spliterator().trySplit(), "the JDK's own spliterator");
        java.util.Spliterator<Integer> batching = ObjSources.batching(ITEMS.stream().map(x -> x).spliterator());
        java.util.Spliterator<Integer> prefix = batching.trySplit();
        assertTrue(prefix != null && prefix.estimateSize() > 0 && prefix.estimateSize() < ITEMS.size());
        for (int threads = 1; threads <= 4; threads++) {
            Pools.in(threads, () -> {
                assertEquals(ITEMS.stream().map(x -> x * 3).toList(),
                        ParIter.fromStream(ITEMS.stream().map(x -> x * 3)).toList(), "in order");
                assertEquals(ITEMS.subList(0, 30_000), ParIter.fromStream(ITEMS.stream().limit(30_000)).toList());
                assertEquals(IntStream.range(0, 50_000).filter(x -> x % 7 == 0).sum(),
                        IntParIter.fromStream(IntStream.range(0, 50_000).filter(x -> x % 7 == 0)).sum());
                assertArrayEquals(LongStream.range(0, 50_000).map(x -> x * x).toArray(),
                        LongParIter.fromStream(LongStream.range(0, 50_000).map(x -> x * x)).toArray());
                assertEquals(Optional.of(31_337), ParIter.fromStream(ITEMS.stream().map(x -> x))
                        .filter(x -> x >= 31_337).findFirst());
                return null;
            });
        }
    }

    @Test
    void anArrayListModifiedByItsOwnPipelineThrowsConcurrentModification() {
        for (int threads = 1; threads <= 4; threads++) {
            List<Integer> list = new ArrayList<>(ITEMS);
            Pools.in(threads, () -> assertThrows(ConcurrentModificationException.class,
                    () -> ParIter.of(list).forEach(x -> {
                        if (x == 25_000) {
                            list.add(-1);
                        }
                    })));
        }
    }

    @Test
    void arraysRangesAndPrimitiveListsAreIndexed() {
        int[] a = IntStream.range(0, 1000).map(x -> x * 7 % 13).toArray();
        assertEquals(a.length, IntParIter.of(a).map(x -> x + 1).len());
        assertFalse(IntParIter.of(a).filter(x -> x > 1) instanceof IndexedIntParIter);
        assertArrayEquals(Arrays.copyOfRange(a, 100, 200), IntParIter.of(a, 100, 200).toArray());
        assertEquals(List.of(0, 1, 2), IntParIter.range(0, 3).boxed().rev().rev().toList());
        assertEquals(List.of(), IntParIter.range(5, 3).boxed().toList(), "a range whose end is before its start is empty");
        assertEquals(3 * (long) Integer.MAX_VALUE, LongParIter.range(0, 3).map(x -> x * Integer.MAX_VALUE).sum());
        List<String> words = new ArrayList<>(List.of("b", "a", "c"));
        assertEquals(List.of("b", "a", "c", "b", "a", "c"), ParIter.of(words).chain(ParIter.of(words)).toList());
    }

    @Test
    void everyListIsIndexedAndZipsWithoutACast() {
        List<String> linked = new java.util.LinkedList<>(List.of("x", "y", "z"));
        IndexedParIter<String> it = ParIter.of(linked);
        linked.clear();
        assertEquals(List.of("x0", "y1", "z2"), it.enumerate().map(p -> p.right() + p.left()).toList(),
                "a list that is not RandomAccess is copied at the call");
        List<Integer> arrayList = new ArrayList<>(List.of(1, 2, 3));
        assertEquals(List.of(11, 22, 33), ParIter.of(arrayList).zip(ParIter.of(List.of(10, 20, 30)))
                .map(p -> p.left() + p.right()).toList());
    }

    @Test
    void primitiveArraysGiveThePrimitiveIteratorsNotOneItem() {
        IndexedIntParIter ints = ParIter.of(new int[] {1, 2, 3});
        IndexedLongParIter longs = ParIter.of(new long[] {1, 2, 3});
        IndexedDoubleParIter doubles = ParIter.of(new double[] {1, 2, 3});
        assertEquals(6, ints.sum());
        assertEquals(6L, longs.sum());
        assertEquals(6.0, doubles.sum());
        assertEquals(3, ints.len(), "three values, not one int[] item");
    }
}
