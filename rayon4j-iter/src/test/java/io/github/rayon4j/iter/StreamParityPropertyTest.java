package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The java.util.stream operations added for porting stream code, against the sequential stream
 * on the same items: random lists with repeats and nulls, indexed and unindexed iterators, pools
 * of 1 to 4 threads. Ordered operations must match exactly.
 */
class StreamParityPropertyTest {

    private static List<Integer> randomItems(int size, Random rnd) {
        List<Integer> l = new ArrayList<>(size);
        int range = 1 + rnd.nextInt(2 * size + 1);
        for (int i = 0; i < size; i++) {
            l.add(rnd.nextInt(20) == 0 ? null : rnd.nextInt(range) - range / 2);
        }
        return l;
    }

    /** The same items as an indexed iterator or, half the time, through an unindexed filter. */
    private static ParIter<Integer> source(List<Integer> items, Random rnd) {
        IndexedParIter<Integer> indexed = ParIter.of(items);
        return rnd.nextBoolean() ? indexed : indexed.filter(x -> true);
    }

    /**
     * {@code takeWhile} and {@code dropWhile} over items stored in an array or a random-access
     * list (searched by index, then read in place): the stream's answer on a part of the source
     * that starts anywhere (its first index not 0), the predicate not called before the terminal
     * runs, and each item tested at most once per terminal.
     */
    @Test
    void takeWhileAndDropWhileOverStoredItemsMatchTheStreamAndTestEachItemOnce() {
        qt().withExamples(80).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    List<Integer> values = new ArrayList<>(); // distinct, so calls can be counted per item
                    for (int i = 0; i < size; i++) {
                        values.add(i);
                    }
                    java.util.Collections.shuffle(values, rnd);
                    int from = rnd.nextInt(size + 1);
                    int every = 1 + rnd.nextInt(Math.max(1, size / 2 + 1));
                    java.util.function.IntPredicate fails = x -> x % every == every - 1;
                    java.util.concurrent.atomic.AtomicIntegerArray calls = new java.util.concurrent.atomic.AtomicIntegerArray(Math.max(1, size));
                    java.util.function.Predicate<Integer> test = x -> {
                        calls.incrementAndGet(x);
                        return !fails.test(x);
                    };
                    List<Integer> part = values.subList(from, size);
                    String why = size + " items from " + from + ", failing every " + every + ", " + threads + " threads";
                    List<IndexedParIter<Integer>> sources = List.of(ParIter.of(new ArrayList<>(values)).skip(from),
                            ParIter.of(values.toArray(new Integer[0])).skip(from));
                    for (IndexedParIter<Integer> source : sources) {
                        ParIter<Integer> taken = source.takeWhile(test);
                        ParIter<Integer> dropped = source.dropWhile(test);
                        assertEquals(0, count(calls), why + ": the predicate ran before a terminal");
                        assertEquals(part.stream().takeWhile(x -> !fails.test(x)).toList(), taken.toList(), why + " (takeWhile)");
                        assertEquals(1, maxCalls(calls), why + ": an item tested twice (takeWhile)");
                        reset(calls);
                        assertEquals(part.stream().takeWhile(x -> !fails.test(x)).count(), taken.count(), why + " (takeWhile count)");
                        reset(calls);
                        assertEquals(part.stream().dropWhile(x -> !fails.test(x)).toList(), dropped.toList(), why + " (dropWhile)");
                        assertEquals(1, maxCalls(calls), why + ": an item tested twice (dropWhile)");
                        reset(calls);
                    }
                    return null;
                }));
    }

    private static int count(java.util.concurrent.atomic.AtomicIntegerArray a) {
        int n = 0;
        for (int i = 0; i < a.length(); i++) {
            n += a.get(i);
        }
        return n;
    }

    /** The most calls for one item; 1 when none was called (an empty part), so the check holds. */
    private static int maxCalls(java.util.concurrent.atomic.AtomicIntegerArray a) {
        int m = 1;
        for (int i = 0; i < a.length(); i++) {
            m = Math.max(m, a.get(i));
        }
        return m;
    }

    private static void reset(java.util.concurrent.atomic.AtomicIntegerArray a) {
        for (int i = 0; i < a.length(); i++) {
            a.set(i, 0);
        }
    }

    @Test
    void orderedOperationsMatchTheSequentialStream() {
        qt().withExamples(80).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    List<Integer> items = randomItems(size, rnd);
                    List<Integer> nonNull = items.stream().filter(x -> x != null).toList();
                    String why = size + " items, " + threads + " threads, seed " + seed;
                    Comparator<Integer> byAbs = Comparator.comparing(Math::abs);
                    assertEquals(nonNull.stream().sorted().toList(), source(nonNull, rnd).sorted().toList(), why);
                    assertEquals(nonNull.stream().sorted(byAbs).toList(), source(nonNull, rnd).sorted(byAbs).toList(),
                            why + " (stable: equal keys keep their order)");
                    assertEquals(items.stream().distinct().toList(), source(items, rnd).distinct().toList(), why);
                    long n = rnd.nextInt(size + 3);
                    assertEquals(items.stream().limit(n).toList(), source(items, rnd).limit(n).toList(), why);
                    assertEquals(items.stream().skip(n).toList(), source(items, rnd).skip(n).toList(), why);
                    int bound = rnd.nextInt(2 * size + 2) - size;
                    assertEquals(nonNull.stream().takeWhile(x -> x < bound).toList(),
                            source(nonNull, rnd).takeWhile(x -> x < bound).toList(), why);
                    assertEquals(nonNull.stream().dropWhile(x -> x < bound).toList(),
                            source(nonNull, rnd).dropWhile(x -> x < bound).toList(), why);
                    assertEquals(nonNull.stream().<Integer>mapMulti((x, out) -> {
                                if (x % 2 == 0) {
                                    out.accept(x);
                                    out.accept(-x);
                                }
                            }).toList(),
                            source(nonNull, rnd).<Integer>mapMulti((x, out) -> {
                                if (x % 2 == 0) {
                                    out.accept(x);
                                    out.accept(-x);
                                }
                            }).toList(), why);
                    assertEquals(java.util.Arrays.toString(nonNull.stream().flatMapToInt(x -> java.util.stream.IntStream.range(0, Math.floorMod(x, 4))).toArray()),
                            java.util.Arrays.toString(source(nonNull, rnd).flatMapToInt(x -> java.util.stream.IntStream.range(0, Math.floorMod(x, 4))).toArray()), why);
                    assertEquals(nonNull.stream().flatMapToLong(x -> java.util.stream.LongStream.of(x, (long) x * x)).sum(),
                            source(nonNull, rnd).flatMapToLong(x -> java.util.stream.LongStream.of(x, (long) x * x)).sum(), why);
                    assertEquals(nonNull.stream().flatMapToDouble(x -> x % 3 == 0 ? null : java.util.stream.DoubleStream.of(x / 2.0)).count(),
                            source(nonNull, rnd).flatMapToDouble(x -> x % 3 == 0 ? null : java.util.stream.DoubleStream.of(x / 2.0)).count(), why);
                    List<Integer> ordered = new ArrayList<>();
                    source(items, rnd).map(x -> x).forEachOrdered(ordered::add);
                    assertEquals(items, ordered, why);
                    List<Integer> iterated = new ArrayList<>();
                    for (Iterator<Integer> it = source(items, rnd).iterator(); it.hasNext(); ) {
                        iterated.add(it.next());
                    }
                    assertEquals(items, iterated, why);
                    assertEquals(Stream.concat(items.stream(), nonNull.stream()).toList(),
                            ParIter.concat(source(items, rnd), source(nonNull, rnd)).toList(), why);
                    assertEquals(items.stream().distinct().sorted(Comparator.nullsFirst(Comparator.naturalOrder())).limit(5).toList(),
                            source(items, rnd).distinct().sorted(Comparator.nullsFirst(Comparator.naturalOrder())).limit(5).toList(),
                            why + " (chained)");
                    return null;
                }));
    }

    @Test
    void sourcesAndMisuse() {
        assertEquals(List.of(), ParIter.<String>empty().toList());
        assertEquals(0, ParIter.empty().len());
        assertEquals(4, ParIter.concat(ParIter.of(1, 2), ParIter.of(3, 4)).len());
        assertThrows(IllegalArgumentException.class, () -> ParIter.of(1, 2).filter(x -> true).limit(-1));
        assertThrows(IllegalArgumentException.class, () -> ParIter.of(1, 2).filter(x -> true).skip(-1));
        assertThrows(NullPointerException.class, () -> ParIter.of(1, 2).sorted(null));
        assertThrows(ClassCastException.class, () -> ParIter.of(new Object(), new Object()).sorted().toList(),
                "like Stream.sorted(), at the terminal");
        assertEquals(List.of(1, 2), ParIter.of(1, 2, 3).filter(x -> true).limit(2).toList());
    }

    @Test
    void concurrentUnorderedCollectorsShareOneContainer() {
        qt().withExamples(30).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    List<Integer> items = randomItems(size, new Random(seed)).stream().filter(x -> x != null).toList();
                    assertEquals(items.stream().collect(java.util.stream.Collectors.groupingBy(x -> x % 7)).entrySet().stream()
                                    .collect(java.util.stream.Collectors.toMap(java.util.Map.Entry::getKey, e -> e.getValue().size())),
                            ParIter.of(items).collect(java.util.stream.Collectors.groupingByConcurrent(x -> x % 7,
                                    java.util.stream.Collectors.counting())).entrySet().stream()
                                    .collect(java.util.stream.Collectors.toMap(java.util.Map.Entry::getKey, e -> e.getValue().intValue())));
                    java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
                    java.util.stream.Collector<Integer, java.util.concurrent.ConcurrentLinkedQueue<Integer>, Integer> counting =
                            java.util.stream.Collector.of(() -> {
                                made.incrementAndGet();
                                return new java.util.concurrent.ConcurrentLinkedQueue<>();
                            }, java.util.concurrent.ConcurrentLinkedQueue::add, (a, b) -> {
                                throw new AssertionError("a concurrent collector is never combined");
                            }, java.util.concurrent.ConcurrentLinkedQueue::size,
                                    java.util.stream.Collector.Characteristics.CONCURRENT,
                                    java.util.stream.Collector.Characteristics.UNORDERED);
                    assertEquals(items.size(), ParIter.of(items).filter(x -> true).collect(counting));
                    assertEquals(1, made.get(), "one container");
                    return null;
                }));
    }
}
