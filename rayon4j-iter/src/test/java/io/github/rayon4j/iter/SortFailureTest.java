package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Sorts are panic-safe (Rayon's promise): when the comparator, a key function or
 * {@code compareTo} throws, the exception reaches the caller and the array or list is still a
 * permutation of its input; and a comparator that breaks its contract gives a permutation and at
 * most the JDK's {@code IllegalArgumentException}, never an index out of its segment.
 */
class SortFailureTest {
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final String CONTRACT = "Comparison method violates its general contract!";

    /** Counts calls and throws {@code boom} from the {@code throwAt}-th one on. */
    private static final class Tick {
        final AtomicLong calls = new AtomicLong();
        volatile long throwAt;
        final RuntimeException boom = new RuntimeException("thrown from a comparison");

        Tick(long throwAt) {
            this.throwAt = throwAt;
        }

        void tick() {
            if (calls.incrementAndGet() >= throwAt) {
                throw boom;
            }
        }
    }

    /** A sort item: {@code id} is its input position, {@code compareTo} ticks. */
    private record Item(int key, int id, Tick tick) implements Comparable<Item> {
        @Override
        public int compareTo(Item o) {
            tick.tick();
            return Integer.compare(key, o.key);
        }
    }

    /** Sizes: small (Arrays.sort leaves only), around the leaf size, and parallel up to 40,000. */
    private static int size(int v) {
        return v < 300 ? v : v < 600 ? 7_000 + (v - 300) * 20 : (v - 600) * 100;
    }

    private static Item[] items(int n, Random rnd, Tick tick) {
        Item[] a = new Item[n];
        int range = rnd.nextBoolean() ? 10 : Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            a[i] = new Item(rnd.nextInt(range), i, tick);
        }
        return a;
    }

    /** Every input position exactly once. */
    private static void assertPermutation(Item[] out, String why) {
        int[] ids = Arrays.stream(out).mapToInt(Item::id).sorted().toArray();
        int[] expected = new int[out.length];
        Arrays.setAll(expected, i -> i);
        assertArrayEquals(expected, ids, why + ": not a permutation of the input (items lost or duplicated)");
    }

    private static void assertSortedByKey(Item[] out, String why) {
        for (int i = 1; i < out.length; i++) {
            if (out[i - 1].key() > out[i].key()) {
                fail(why + ": no exception, but not sorted at " + i);
            }
        }
    }

    private static final String[] SORTS = {
        "sort(T[], c)", "sortUnstable(T[], c)", "sort(T[])", "sortUnstable(T[])", "sortByKey(T[])",
        "sortUnstableByKey(T[])", "sortByCachedKey(T[])", "sort(List, c)", "sortUnstable(List, c)",
        "sortByKey(List)", "sortUnstableByKey(List)", "sortByCachedKey(LinkedList)"};

    /** Runs sort number {@code kind} on {@code a} with a comparator and a key function built on {@code tick}. */
    private static void runSort(int kind, Item[] a, Tick tick) {
        Comparator<Item> c = (x, y) -> {
            tick.tick();
            return Integer.compare(x.key(), y.key());
        };
        Function<Item, Integer> key = x -> {
            tick.tick();
            return x.key();
        };
        switch (kind) {
            case 0 -> ParSort.sort(a, c);
            case 1 -> ParSort.sortUnstable(a, c);
            case 2 -> ParSort.sort(a);
            case 3 -> ParSort.sortUnstable(a);
            case 4 -> ParSort.sortByKey(a, key);
            case 5 -> ParSort.sortUnstableByKey(a, key);
            case 6 -> ParSort.sortByCachedKey(a, x -> {
                tick.tick();
                return x;
            });
            default -> {
                List<Item> list = kind == 11 ? new LinkedList<>(Arrays.asList(a)) : new ArrayList<>(Arrays.asList(a));
                try {
                    switch (kind) {
                        case 7 -> ParSort.sort(list, c);
                        case 8 -> ParSort.sortUnstable(list, c);
                        case 9 -> ParSort.sortByKey(list, key);
                        case 10 -> ParSort.sortUnstableByKey(list, key);
                        default -> ParSort.sortByCachedKey(list, x -> {
                            tick.tick();
                            return x;
                        });
                    }
                } finally {
                    list.toArray(a);
                }
            }
        }
    }

    @Test
    void aThrowingComparatorLeavesAPermutationAndTheExceptionReachesTheCaller() {
        qt().withExamples(120).forAll(integers().between(0, 1000), integers().between(0, SORTS.length - 1),
                        longs().all(), integers().between(1, 4))
                .checkAssert((v, kind, seed, threads) -> {
                    Random rnd = new Random(seed);
                    int n = size(v);
                    Tick tick = new Tick(Long.MAX_VALUE);
                    Item[] a = items(n, rnd, tick);
                    // A first run counts the calls (the same on every run: the sorts split by
                    // length only); then throw from any call, or from one of the last n / 2,
                    // which are all in the final merge of a stable sort of more than 8,192 items.
                    Pools.in(threads, () -> {
                        runSort(kind, a.clone(), tick);
                        return null;
                    });
                    long calls = tick.calls.getAndSet(0);
                    tick.throwAt = rnd.nextBoolean() ? 1 + rnd.nextLong(calls + 1)
                            : Math.max(1, calls - rnd.nextInt(n / 2 + 1));
                    String why = SORTS[kind] + " of " + n + " items on " + threads + " threads, throwing from call "
                            + tick.throwAt + " of " + calls;
                    assertTimeoutPreemptively(BOUND, () -> {
                        try {
                            Pools.in(threads, () -> {
                                runSort(kind, a, tick);
                                return null;
                            });
                            assertSortedByKey(a, why);
                        } catch (RuntimeException e) {
                            assertSame(tick.boom, e, why + ": the caller gets the exception that was thrown");
                        }
                    }, why);
                    assertPermutation(a, why);
                });
    }

    private static final String[] BROKEN = {"random sign", "always -1", "always 1", "x < x",
        "reversed on every third call"};

    private static Comparator<Item> broken(int kind, long seed) {
        Random rnd = new Random(seed);
        AtomicLong calls = new AtomicLong();
        return switch (kind) {
            case 0 -> (x, y) -> rnd.nextInt(3) - 1;
            case 1 -> (x, y) -> -1;
            case 2 -> (x, y) -> 1;
            case 3 -> (x, y) -> x == y ? -1 : Integer.compare(x.key(), y.key());
            default -> (x, y) -> calls.incrementAndGet() % 3 == 0 ? Integer.compare(y.key(), x.key())
                    : Integer.compare(x.key(), y.key());
        };
    }

    @Test
    void aComparatorThatBreaksItsContractGivesAPermutationAndAtMostTheJdksException() {
        qt().withExamples(120).forAll(integers().between(0, 1000), integers().between(0, BROKEN.length - 1),
                        longs().all(), integers().between(1, 4))
                .checkAssert((v, kind, seed, threads) -> {
                    Random rnd = new Random(seed);
                    int n = size(v);
                    Item[] a = items(n, rnd, new Tick(Long.MAX_VALUE));
                    boolean stable = rnd.nextBoolean();
                    boolean list = rnd.nextInt(4) == 0;
                    String why = (stable ? "sort" : "sortUnstable") + (list ? "(List)" : "(T[])") + " of " + n
                            + " items on " + threads + " threads, comparator " + BROKEN[kind];
                    Comparator<Item> c = broken(kind, seed);
                    assertTimeoutPreemptively(BOUND, () -> {
                        try {
                            Pools.in(threads, () -> {
                                if (list) {
                                    List<Item> l = new ArrayList<>(Arrays.asList(a));
                                    try {
                                        if (stable) {
                                            ParSort.sort(l, c);
                                        } else {
                                            ParSort.sortUnstable(l, c);
                                        }
                                    } finally {
                                        l.toArray(a);
                                    }
                                } else if (stable) {
                                    ParSort.sort(a, c);
                                } else {
                                    ParSort.sortUnstable(a, c);
                                }
                                return null;
                            });
                        } catch (IllegalArgumentException e) {
                            assertEquals(CONTRACT, e.getMessage(), why);
                        } catch (RuntimeException e) {
                            throw new AssertionError(why + ": threw " + e, e);
                        }
                    }, why);
                    assertPermutation(a, why);
                });
    }
}
