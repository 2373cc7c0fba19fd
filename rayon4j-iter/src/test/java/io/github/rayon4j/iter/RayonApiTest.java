package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The Rayon operations without a java.util.stream counterpart, checked against what Rayon's
 * documentation says of each: {@code partition_map}, {@code par_extend}, {@code take_any},
 * {@code skip_any}, {@code intersperse}, {@code while_some}, {@code repeat}/{@code repeat_n} and
 * the lexicographic comparisons {@code cmp}/{@code eq}/{@code lt}..., on random inputs and pools
 * of 1 to 4 threads.
 */
class RayonApiTest {

    private static List<Integer> randomItems(int size, Random rnd) {
        return rnd.ints(size, -50, 50).boxed().toList();
    }

    @Test
    void behaveAsRayonDocumentsThem() {
        qt().withExamples(60).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    List<Integer> items = randomItems(size, rnd);
                    String why = size + " items, " + threads + " threads, seed " + seed;
                    ParIter<Integer> par = rnd.nextBoolean() ? ParIter.of(items) : ParIter.of(items).filter(x -> true);

                    // partition_map: each side in order
                    Pair<List<Integer>, List<String>> pm = par.partitionMap(x -> x % 2 == 0 ? Either.left(x) : Either.right("o" + x));
                    assertEquals(items.stream().filter(x -> x % 2 == 0).toList(), pm.left(), why);
                    assertEquals(items.stream().filter(x -> x % 2 != 0).map(x -> "o" + x).toList(), pm.right(), why);

                    // par_extend: appended in order after what was there
                    List<Integer> target = new ArrayList<>(List.of(7, 7));
                    assertTrue(target == par.map(x -> x + 1).collectInto(target));
                    List<Integer> expected = new ArrayList<>(List.of(7, 7));
                    items.forEach(x -> expected.add(x + 1));
                    assertEquals(expected, target, why);

                    // take_any / skip_any: the counts are exact, the items are items of the source
                    long n = rnd.nextInt(size + 3);
                    List<Integer> taken = par.takeAny(n).toList();
                    assertEquals(Math.min(n, size), taken.size(), why);
                    assertTrue(isSubMultiset(taken, items), why);
                    List<Integer> rest = par.skipAny(n).toList();
                    assertEquals(Math.max(0, size - n), rest.size(), why);
                    assertTrue(isSubMultiset(rest, items), why);

                    // intersperse: separators between items, none at the ends
                    List<Integer> inter = par.intersperse(1000).toList();
                    List<Integer> model = new ArrayList<>();
                    for (int i = 0; i < items.size(); i++) {
                        if (i > 0) {
                            model.add(1000);
                        }
                        model.add(items.get(i));
                    }
                    assertEquals(model, inter, why);

                    // while_some: only values before an empty one; all of them when none is empty
                    assertEquals(Set.copyOf(items), Set.copyOf(ParIter.whileSome(par.map(Optional::of)).toList()), why);
                    int stopAt = rnd.nextInt(60) - 10;
                    List<Integer> some = ParIter.whileSome(par.map(x -> x == stopAt ? Optional.<Integer>empty() : Optional.of(x))).toList();
                    assertFalse(some.contains(stopAt), why);
                    assertTrue(isSubMultiset(some, items), why);
                    if (!items.contains(stopAt)) {
                        assertEquals(items.size(), some.size(), why);
                    }

                    // cmp / eq and the rest: lexicographic, shorter prefix is less
                    List<Integer> other = new ArrayList<>(items);
                    if (!other.isEmpty() && rnd.nextBoolean()) {
                        int i = rnd.nextInt(other.size());
                        other.set(i, other.get(i) + (rnd.nextBoolean() ? 1 : -1));
                    } else if (rnd.nextBoolean()) {
                        other.add(rnd.nextInt(10));
                    }
                    int expectedCmp = lexicographic(items, other);
                    IndexedParIter<Integer> a = ParIter.of(items);
                    IndexedParIter<Integer> b = ParIter.of(other);
                    assertEquals(expectedCmp, a.cmp(b, Comparator.naturalOrder()), why);
                    assertEquals(-expectedCmp, b.cmp(a, Comparator.naturalOrder()), why);
                    assertEquals(items.equals(other), a.eq(b), why);
                    assertEquals(!items.equals(other), a.ne(b), why);
                    assertEquals(expectedCmp < 0, a.lt(b, Comparator.naturalOrder()), why);
                    assertEquals(expectedCmp <= 0, a.le(b, Comparator.naturalOrder()), why);
                    assertEquals(expectedCmp > 0, a.gt(b, Comparator.naturalOrder()), why);
                    assertEquals(expectedCmp >= 0, a.ge(b, Comparator.naturalOrder()), why);
                    return null;
                }));
    }

    @Test
    void repeatGoesWithZipAndTake() {
        assertEquals(List.of("x", "x", "x"), ParIter.repeatN("x", 3).toList());
        assertEquals(0, ParIter.repeatN("x", 0).len());
        assertEquals(Long.MAX_VALUE, ParIter.repeat(1).len());
        assertEquals(List.of("a!", "b!"), ParIter.of("a", "b").zip(ParIter.repeat("!")).map(p -> p.left() + p.right()).toList());
        assertEquals(List.of(5, 5), ParIter.repeat(5).take(2).toList());
        assertThrows(IllegalArgumentException.class, () -> ParIter.repeatN(1, -1));
    }

    @Test
    void takeAnyStopsTheOtherLeavesAndMisuseFailsAtTheCall() {
        long seen = Pools.in(4, () -> {
            java.util.concurrent.atomic.LongAdder calls = new java.util.concurrent.atomic.LongAdder();
            List<Integer> first = IntParIter.range(0, 1_000_000).boxed().peek(x -> calls.increment()).takeAny(10).toList();
            assertEquals(10, first.size());
            return calls.sum();
        });
        assertTrue(seen < 1_000_000, "takeAny stopped early: " + seen + " items seen");
        assertThrows(IllegalArgumentException.class, () -> ParIter.of(1).takeAny(-1));
        assertThrows(IllegalArgumentException.class, () -> ParIter.of(1).skipAny(-1));
        NullPointerException e = assertThrows(NullPointerException.class, () -> ParIter.of(1, 2).partitionMap(x -> null));
        assertTrue(e.getMessage().contains("Either"), e.getMessage());
        assertEquals(List.of(), ParIter.of().intersperse(0).toList());
        assertEquals(List.of(1), ParIter.of(1).intersperse(0).toList());
    }

    @Test
    void blocksKeepOrderAndResultsAndStopEarly() {
        qt().withExamples(40).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    List<Integer> items = randomItems(size, rnd);
                    String why = size + " items, " + threads + " threads, seed " + seed;
                    long block = 1 + rnd.nextInt(50);
                    IndexedParIter<Integer> par = ParIter.of(items);
                    assertEquals(items, par.byUniformBlocks(block).toList(), why);
                    assertEquals(items, par.byExponentialBlocks().toList(), why);
                    assertEquals(items.stream().filter(x -> x > 40).findFirst(), par.byExponentialBlocks().filter(x -> x > 40).findFirst(), why);
                    assertEquals(items.stream().filter(x -> x > 40).findFirst(), par.byUniformBlocks(block).filter(x -> x > 40).findFirst(), why);
                    assertEquals(items.stream().mapToLong(x -> x).sum(), (long) par.byUniformBlocks(block).reduce(0, Integer::sum), why);
                    assertEquals(items.size(), par.byExponentialBlocks().count(), why);
                    return null;
                }));
        java.util.concurrent.atomic.LongAdder seen = new java.util.concurrent.atomic.LongAdder();
        assertEquals(Optional.of(5), Pools.in(2, () -> IntParIter.range(0, 1_000_000).boxed().peek(x -> seen.increment())
                .byExponentialBlocks().filter(x -> x == 5).findFirst()));
        assertTrue(seen.sum() < 1000, "the blocks after the answer never started: " + seen.sum() + " items seen");
        assertThrows(IllegalArgumentException.class, () -> ParIter.of(1).byUniformBlocks(0));
    }

    private record Span(long lo, long hi) {
    }

    @Test
    void splitCutsASeedIntoOrderedPieces() {
        qt().withExamples(30).forAll(longs().between(0, 5_000_000), integers().between(1, 2000), integers().between(1, 4))
                .checkAssert((total, leaf, threads) -> Pools.in(threads, () -> {
                    List<Span> pieces = ParIter.split(new Span(0, total), s -> s.hi() - s.lo() <= leaf
                            ? new Pair<>(s, Optional.empty())
                            : new Pair<>(new Span(s.lo(), (s.lo() + s.hi()) / 2), Optional.of(new Span((s.lo() + s.hi()) / 2, s.hi())))).toList();
                    long at = 0;
                    for (Span p : pieces) {
                        assertEquals(at, p.lo(), "pieces are contiguous and in order");
                        at = p.hi();
                    }
                    assertEquals((long) total, at);
                    return null;
                }));
        assertEquals(List.of("x"), ParIter.split("x", s -> new Pair<>(s, Optional.empty())).toList());
        assertThrows(NullPointerException.class, () -> ParIter.split("x", s -> null).toList());
    }

    private static boolean isSubMultiset(List<Integer> part, List<Integer> whole) {
        java.util.Map<Integer, Long> counts = whole.stream().collect(Collectors.groupingBy(x -> x, Collectors.counting()));
        for (Integer x : part) {
            Long c = counts.get(x);
            if (c == null || c == 0) {
                return false;
            }
            counts.put(x, c - 1);
        }
        return true;
    }

    private static int lexicographic(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return Integer.signum(c);
            }
        }
        return Integer.signum(Integer.compare(a.size(), b.size()));
    }
}
