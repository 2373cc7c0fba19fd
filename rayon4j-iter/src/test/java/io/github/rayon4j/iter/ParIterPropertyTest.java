package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Random inputs, random chains of adaptors, pools of 1 to 4 threads and random leaf bounds:
 * every terminal of {@link ParIter} gives what a sequential java.util.stream gives (ordered
 * terminals exactly, unordered ones as multisets).
 */
class ParIterPropertyTest {

    /** A pipeline under test and the list a sequential model says it yields. */
    private record Pipeline(ParIter<Integer> par, List<Integer> expected, String description) {
    }

    private static Pipeline randomPipeline(int size, Random rnd) {
        List<Integer> data = Inputs.randomList(size, rnd);
        ParIter<Integer> par = rnd.nextBoolean() ? ParIter.of(data)
                : ParIter.of(data.toArray(new Integer[0]));
        if (rnd.nextInt(8) == 0) {
            par = ParIter.of(new java.util.LinkedList<>(data));
        }
        List<Integer> model = data;
        StringBuilder d = new StringBuilder(par instanceof IndexedParIter ? "indexed" : "unindexed");
        int steps = rnd.nextInt(5);
        for (int s = 0; s < steps; s++) {
            int op = rnd.nextInt(17);
            boolean indexed = par instanceof IndexedParIter;
            IndexedParIter<Integer> ip = indexed ? (IndexedParIter<Integer>) par : null;
            switch (op) {
                case 0 -> {
                    par = par.map(x -> x * 3 + 1);
                    model = model.stream().map(x -> x * 3 + 1).toList();
                    d.append(".map");
                }
                case 1 -> {
                    par = par.filter(x -> x % 3 != 0);
                    model = model.stream().filter(x -> x % 3 != 0).toList();
                    d.append(".filter");
                }
                case 2 -> {
                    if (rnd.nextBoolean()) {
                        par = par.flatMapIter(x -> x % 4 == 0 ? List.of(x, -x) : List.of(x));
                        d.append(".flatMapIter");
                    } else {
                        par = par.flatMapStream(x -> x % 4 == 0 ? Stream.of(x, -x) : Stream.of(x));
                        d.append(".flatMapStream");
                    }
                    model = model.stream().flatMap(x -> x % 4 == 0 ? Stream.of(x, -x) : Stream.of(x)).toList();
                }
                case 3 -> {
                    par = par.flatMap(x -> x % 5 == 0 ? ParIter.of(x, x + 1, x + 2) : ParIter.of(x));
                    model = model.stream().flatMap(x -> x % 5 == 0 ? Stream.of(x, x + 1, x + 2) : Stream.of(x)).toList();
                    d.append(".flatMap");
                }
                case 4 -> {
                    par = par.peek(x -> { });
                    d.append(".peek");
                }
                case 5 -> {
                    par = par.mapInit(() -> new int[] {7}, (st, x) -> x + st[0]);
                    model = model.stream().map(x -> x + 7).toList();
                    d.append(".mapInit");
                }
                case 6 -> {
                    if (indexed) {
                        int k = rnd.nextInt(model.size() + 2);
                        par = ip.skip(k);
                        model = model.stream().skip(k).toList();
                        d.append(".skip(").append(k).append(')');
                    }
                }
                case 7 -> {
                    if (indexed) {
                        int k = rnd.nextInt(model.size() + 2);
                        par = ip.take(k);
                        model = model.stream().limit(k).toList();
                        d.append(".take(").append(k).append(')');
                    }
                }
                case 8 -> {
                    if (indexed) {
                        par = ip.rev();
                        List<Integer> r = new ArrayList<>(model);
                        Collections.reverse(r);
                        model = r;
                        d.append(".rev");
                    }
                }
                case 9 -> {
                    if (indexed) {
                        int step = 1 + rnd.nextInt(5);
                        par = ip.stepBy(step);
                        List<Integer> m = model;
                        model = IntStream.range(0, m.size()).filter(i -> i % step == 0).mapToObj(m::get).toList();
                        d.append(".stepBy(").append(step).append(')');
                    }
                }
                case 10 -> {
                    List<Integer> other = Inputs.randomList(rnd.nextInt(50), rnd);
                    par = par.chain(rnd.nextBoolean() ? ParIter.of(other) : ParIter.of(new java.util.LinkedList<>(other)));
                    model = Stream.concat(model.stream(), other.stream()).toList();
                    d.append(".chain");
                }
                case 11 -> {
                    if (indexed) {
                        par = ip.enumerate().map(p -> p.right() + (int) (long) p.left());
                        List<Integer> m = model;
                        model = IntStream.range(0, m.size()).mapToObj(i -> m.get(i) + i).toList();
                        d.append(".enumerate");
                    }
                }
                case 12 -> {
                    if (indexed) {
                        long bound = 1 + rnd.nextInt(2000);
                        par = rnd.nextBoolean() ? ip.withMinLen(bound) : ip.withMaxLen(bound);
                        d.append(".withMin/MaxLen(").append(bound).append(')');
                    }
                }
                case 13 -> {
                    if (indexed) {
                        // The other side is one shorter, as long, or one longer.
                        int otherSize = Math.max(0, model.size() + rnd.nextInt(3) - 1);
                        List<Integer> other = Inputs.randomList(otherSize, rnd);
                        par = ip.zip(ParIter.of(other)).map(p -> p.left() - p.right());
                        List<Integer> m = model;
                        model = IntStream.range(0, Math.min(m.size(), other.size()))
                                .mapToObj(i -> m.get(i) - other.get(i)).toList();
                        d.append(".zip");
                    }
                }
                case 14 -> {
                    if (indexed) {
                        List<Integer> other = Inputs.randomList(rnd.nextInt(model.size() + 10), rnd);
                        par = ip.interleave(ParIter.of(other));
                        List<Integer> m = model;
                        List<Integer> r = new ArrayList<>();
                        for (int i = 0; i < Math.max(m.size(), other.size()); i++) {
                            if (i < m.size()) {
                                r.add(m.get(i));
                            }
                            if (i < other.size()) {
                                r.add(other.get(i));
                            }
                        }
                        model = r;
                        d.append(".interleave");
                    }
                }
                case 15 -> {
                    if (indexed) {
                        int c = 1 + rnd.nextInt(100);
                        par = ip.chunks(c).map(l -> l.stream().mapToInt(x -> x).sum());
                        List<Integer> m = model;
                        model = IntStream.range(0, (m.size() + c - 1) / c)
                                .mapToObj(i -> m.subList(i * c, Math.min(m.size(), i * c + c)).stream().mapToInt(x -> x).sum())
                                .toList();
                        d.append(".chunks(").append(c).append(')');
                    }
                }
                default -> {
                    par = par.skipAnyWhile(x -> false).takeAnyWhile(x -> true);
                    d.append(".skipAnyWhile(false).takeAnyWhile(true)");
                }
            }
        }
        return new Pipeline(par, model, d.toString());
    }

    @Test
    void everyTerminalMatchesSequentialStreamsOnRandomChains() {
        qt().withExamples(80).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> {
                    Random rnd = new Random(seed);
                    Pools.in(threads, () -> {
                        checkTerminals(randomPipeline(size, rnd), rnd);
                        return null;
                    });
                });
    }

    private static void checkTerminals(Pipeline p, Random rnd) {
        ParIter<Integer> par = p.par();
        List<Integer> exp = p.expected();
        String why = p.description() + " over " + exp.size() + " items";
        int target = exp.isEmpty() ? 0 : exp.get(rnd.nextInt(exp.size()));

        assertEquals(exp, par.toList(), why);
        assertEquals(exp.size(), par.count(), why);
        assertEquals(exp.stream().mapToLong(x -> x).sum(), par.mapToLong(x -> x).sum(), why);
        assertEquals(exp.stream().reduce(0, Integer::sum), par.reduce(0, Integer::sum), why);
        assertEquals(exp.stream().reduce((a, b) -> b), par.reduce((a, b) -> b), why + " (ordered reduce)");
        assertEquals(exp.stream().map(String::valueOf).reduce("", String::concat), par.map(String::valueOf).reduce("", String::concat), why);
        assertEquals(exp.stream().reduce(0, (a, x) -> a + x % 10, Integer::sum), par.reduce(0, (a, x) -> a + x % 10, Integer::sum), why);
        assertEquals(exp.stream().min(Comparator.naturalOrder()), par.min(Comparator.naturalOrder()), why);
        assertEquals(exp.stream().max(Comparator.naturalOrder()), par.max(Comparator.naturalOrder()), why);
        assertEquals(exp.stream().min(Comparator.comparing(Math::abs)), par.minByKey(Math::abs), why);
        assertEquals(exp.stream().max(Comparator.comparing(Math::abs)), par.maxByKey(Math::abs), why);
        assertEquals(exp.stream().filter(x -> x == target).findFirst(), par.filter(x -> x == target).findFirst(), why);
        assertEquals(exp.stream().findFirst(), par.findFirst(), why);
        Optional<Integer> last = exp.isEmpty() ? Optional.empty() : Optional.of(exp.get(exp.size() - 1));
        assertEquals(last, par.findLast(), why);
        Optional<Integer> any = par.filter(x -> x % 2 == 0).findAny();
        assertEquals(exp.stream().anyMatch(x -> x % 2 == 0), any.isPresent(), why);
        any.ifPresent(x -> assertTrue(x % 2 == 0 && exp.contains(x), why));
        assertEquals(exp.stream().anyMatch(x -> x % 7 == 0), par.anyMatch(x -> x % 7 == 0), why);
        assertEquals(exp.stream().allMatch(x -> x > -900), par.allMatch(x -> x > -900), why);
        assertEquals(exp.stream().noneMatch(x -> x == target), par.noneMatch(x -> x == target), why);
        assertEquals(exp, par.collect(Collectors.toList()), why);
        assertEquals(exp.stream().collect(Collectors.groupingBy(x -> x % 3, Collectors.counting())),
                par.collect(Collectors.groupingBy(x -> x % 3, Collectors.counting())), why);
        assertEquals(exp, List.of(par.toArray(Integer[]::new)), why);
        assertEquals(exp, List.of(par.toArray()), why);
        Map<Boolean, List<Integer>> parts = exp.stream().collect(Collectors.partitioningBy(x -> x % 2 == 0));
        Pair<List<Integer>, List<Integer>> pp = par.partition(x -> x % 2 == 0);
        assertEquals(parts.get(true), pp.left(), why);
        assertEquals(parts.get(false), pp.right(), why);
        Pair<List<Integer>, List<String>> uz = par.unzip(x -> new Pair<>(x, "" + x));
        assertEquals(exp, uz.left(), why);
        assertEquals(exp.stream().map(x -> "" + x).toList(), uz.right(), why);
        ConcurrentLinkedQueue<Integer> seen = new ConcurrentLinkedQueue<>();
        par.forEach(seen::add);
        assertEquals(multiset(exp), multiset(seen), why);
        assertEquals(!exp.contains(target) || exp.isEmpty(), par.tryForEach(x -> x != target) || exp.isEmpty(), why);
        assertEquals(exp.stream().mapToLong(x -> x).sum(),
                (long) par.fold(() -> 0L, (a, x) -> a + x).reduce(0L, Long::sum), why);
        assertTrue(par.takeAnyWhile(x -> x < 500).toList().stream().allMatch(x -> x < 500), why);
        assertEquals(exp, par.stream().toList(), why);
        assertEquals(exp.stream().map(x -> x % 10).reduce(Integer::sum),
                par.map(x -> x % 10).tryReduce(() -> 0, (a, b) -> Optional.of(a + b)).filter(x -> !exp.isEmpty()), why);
        if (par instanceof IndexedParIter<Integer> ip) {
            assertEquals(exp.size(), ip.len(), why);
            int at = exp.indexOf(target);
            assertEquals(at < 0 ? OptionalLong.empty() : OptionalLong.of(at), ip.positionFirst(x -> x == target), why);
            int lastAt = exp.lastIndexOf(target);
            assertEquals(lastAt < 0 ? OptionalLong.empty() : OptionalLong.of(lastAt), ip.positionLast(x -> x == target), why);
            OptionalLong anyAt = ip.positionAny(x -> x == target);
            anyAt.ifPresent(i -> assertEquals(target, exp.get((int) i), why));
            assertEquals(exp.stream().reduce(0, Integer::sum),
                    ip.foldChunks(7, () -> 0, Integer::sum).reduce(0, Integer::sum), why);
        }
    }

    private static Map<Integer, Integer> multiset(Iterable<Integer> xs) {
        Map<Integer, Integer> m = new HashMap<>();
        for (Integer x : xs) {
            m.merge(x, 1, Integer::sum);
        }
        return m;
    }
}
