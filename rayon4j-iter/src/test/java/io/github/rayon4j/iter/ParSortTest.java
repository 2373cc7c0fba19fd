package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Sorted, a permutation of the input (checked against Arrays.sort, which is both), and stable
 * where promised, on random, sorted, reversed and many-duplicates inputs of up to 10^5 items.
 */
class ParSortTest {
    /** An item with a key that repeats and the position it had, to see stability. */
    private record Item(int key, int position) {
    }

    private static int[] shaped(int size, int shape, Random rnd) {
        int[] a = switch (shape) {
            case 0 -> Inputs.randomInts(size, rnd, 0);
            case 1 -> java.util.stream.IntStream.range(0, size).toArray();
            case 2 -> java.util.stream.IntStream.range(0, size).map(i -> size - i).toArray();
            case 3 -> Inputs.randomInts(size, rnd, 4);
            // Descending blocks of equal keys, longer than a leaf: runs in reverse order whose
            // ends tie, which a merge must not swap as a whole (ties keep their order).
            case 5 -> java.util.stream.IntStream.range(0, size).map(i -> (size - i) / 10_000).toArray();
            default -> java.util.stream.IntStream.range(0, size).map(i -> i % 100 == 0 ? rnd.nextInt() : i).toArray();
        };
        return a;
    }

    private static int sortSize(int v) {
        return v < 200 ? v % 3 : v < 800 ? v * 20 : (v - 800) * 500;
    }

    @Test
    void primitiveSortsAgreeWithArraysSort() {
        qt().withExamples(60).forAll(integers().between(0, 1000), integers().between(0, 4), longs().all(), integers().between(1, 4))
                .checkAssert((v, shape, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    int[] a = shaped(sortSize(v), shape, rnd);
                    int[] expected = a.clone();
                    Arrays.sort(expected);
                    String why = "shape " + shape + ", " + a.length + " items";
                    int[] s1 = a.clone();
                    ParSort.sort(s1);
                    assertArrayEquals(expected, s1, why + " (stable int)");
                    int[] s2 = a.clone();
                    ParSort.sortUnstable(s2);
                    assertArrayEquals(expected, s2, why + " (unstable int)");
                    long[] l = Arrays.stream(a).asLongStream().map(x -> x * 3_000_000_000L).toArray();
                    long[] le = l.clone();
                    Arrays.sort(le);
                    long[] l1 = l.clone();
                    ParSort.sort(l1);
                    assertArrayEquals(le, l1, why + " (stable long)");
                    ParSort.sortUnstable(l);
                    assertArrayEquals(le, l, why + " (unstable long)");
                    double[] d = Arrays.stream(a).mapToDouble(x -> x % 7 == 0 ? -0.0 : x % 11 == 0 ? Double.NaN : x / 3.0).toArray();
                    double[] de = d.clone();
                    Arrays.sort(de);
                    double[] d1 = d.clone();
                    ParSort.sort(d1);
                    assertArrayEquals(de, d1, why + " (stable double: -0.0, NaN order of Arrays.sort)");
                    ParSort.sortUnstable(d);
                    assertArrayEquals(de, d, why + " (unstable double)");
                    return null;
                }));
    }

    @Test
    void objectSortsAreSortedPermutationsAndStableWherePromised() {
        qt().withExamples(60).forAll(integers().between(0, 1000), integers().between(0, 5), longs().all(), integers().between(1, 4))
                .checkAssert((v, shape, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    int[] keys = shaped(sortSize(v), shape, rnd);
                    Item[] items = new Item[keys.length];
                    for (int i = 0; i < keys.length; i++) {
                        items[i] = new Item(keys[i] % 1000, i);
                    }
                    Item[] stable = items.clone();
                    Arrays.sort(stable, Comparator.comparingInt(Item::key));
                    String why = "shape " + shape + ", " + items.length + " items";

                    Item[] s1 = items.clone();
                    ParSort.sort(s1, Comparator.comparingInt(Item::key));
                    assertArrayEquals(stable, s1, why + " (sort is stable)");
                    Item[] s2 = items.clone();
                    ParSort.sortByKey(s2, Item::key);
                    assertArrayEquals(stable, s2, why + " (sortByKey is stable)");
                    Item[] s3 = items.clone();
                    ParSort.sortByCachedKey(s3, Item::key);
                    assertArrayEquals(stable, s3, why + " (sortByCachedKey is stable)");

                    Item[] u = items.clone();
                    ParSort.sortUnstable(u, Comparator.comparingInt(Item::key));
                    assertSortedPermutation(stable, u, why + " (unstable)");
                    Item[] u2 = items.clone();
                    ParSort.sortUnstableByKey(u2, Item::key);
                    assertSortedPermutation(stable, u2, why + " (unstable by key)");

                    List<Item> list = new ArrayList<>(Arrays.asList(items));
                    ParSort.sort(list, Comparator.comparingInt(Item::key));
                    assertEquals(Arrays.asList(stable), list, why + " (list sort is stable)");
                    List<Item> list2 = new java.util.LinkedList<>(Arrays.asList(items));
                    ParSort.sortByCachedKey(list2, Item::key);
                    assertEquals(Arrays.asList(stable), list2, why + " (list sortByCachedKey)");
                    List<Item> list3 = new ArrayList<>(Arrays.asList(items));
                    ParSort.sortUnstableByKey(list3, Item::key);
                    assertSortedPermutation(stable, list3.toArray(new Item[0]), why + " (list unstable)");
                    Integer[] boxed = Arrays.stream(keys).boxed().toArray(Integer[]::new);
                    Integer[] boxedExpected = boxed.clone();
                    Arrays.sort(boxedExpected);
                    ParSort.sortUnstable(boxed);
                    assertArrayEquals(boxedExpected, boxed, why + " (natural order)");
                    return null;
                }));
    }

    /**
     * Inputs in order already (the sorts' first check): ascending, ties included, is left as it
     * is; strictly descending is reversed; descending with ties (adjacent or after a strict
     * start), which reversing would make unstable, is sorted: each as {@link Arrays#sort}
     * (stable) has it, on arrays around and above the check's threshold.
     */
    @Test
    void inputsInOrderAreLeftOrReversedExactlyAsAStableSortLeavesThem() {
        qt().withExamples(80).forAll(integers().between(ParSort.SORT_LEAF - 2, 5 * ParSort.SORT_LEAF),
                integers().between(0, 4), integers().between(1, 4)).checkAssert((n, shape, threads) -> Pools.in(threads, () -> {
                    Item[] items = new Item[n];
                    for (int i = 0; i < n; i++) {
                        int key = switch (shape) {
                            case 0 -> i / 3;                          // ascending with ties
                            case 1 -> n - i;                          // strictly descending
                            case 2 -> (n - i) / 2;                    // descending, adjacent ties
                            case 3 -> i == 0 ? Integer.MAX_VALUE : (n - i) / 2; // strict start, ties later
                            default -> i < n - 1 ? i : -1;            // ascending but the last
                        };
                        items[i] = new Item(key, i);
                    }
                    Item[] stable = items.clone();
                    Arrays.sort(stable, Comparator.comparingInt(Item::key));
                    Item[] a = items.clone();
                    ParSort.sort(a, Comparator.comparingInt(Item::key));
                    assertArrayEquals(stable, a, "stable sort, n=" + n + " shape " + shape);
                    Item[] u = items.clone();
                    ParSort.sortUnstable(u, Comparator.comparingInt(Item::key));
                    assertSortedPermutation(stable, u, "unstable sort, n=" + n + " shape " + shape);
                    return null;
                }));
    }

    /**
     * The sequential merge that gallops, against a merge that compares item by item: two sorted
     * runs of 0-400 items whose keys come in blocks of random lengths (1 to 1-60 items) from a
     * few or many values, so that either run wins many times in a row, or few, and the blocks
     * it copies end at the runs' ends, in the middle and at ties; merged into the middle of a
     * larger array, whose other items it must leave alone.
     */
    @Test
    void theGallopingMergeIsTheStableMerge() {
        qt().withExamples(3000).forAll(integers().between(0, 400), integers().between(0, 400),
                integers().between(1, 60), longs().all()).checkAssert((n1, n2, block, seed) -> {
                    Random rnd = new Random(seed);
                    int values = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 1000);
                    Item[] s = new Item[n1 + n2 + 3];
                    fillRun(s, 1, n1, block, values, rnd, 0);
                    fillRun(s, 1 + n1, n2, block, values, rnd, 1_000_000);
                    Item[] d = new Item[n1 + n2 + 4];
                    Item marker = new Item(-1, -1);
                    Arrays.fill(d, marker);
                    Comparator<Item> byKey = Comparator.comparingInt(Item::key);
                    ParSort.mergeGalloping(s, 1, 1 + n1, 1 + n1, 1 + n1 + n2, d, 2, byKey);

                    Item[] expected = new Item[n1 + n2];
                    int i = 1;
                    int j = 1 + n1;
                    int k = 0;
                    while (i < 1 + n1 && j < 1 + n1 + n2) {
                        expected[k++] = s[j].key() < s[i].key() ? s[j++] : s[i++];
                    }
                    while (i < 1 + n1) {
                        expected[k++] = s[i++];
                    }
                    while (j < 1 + n1 + n2) {
                        expected[k++] = s[j++];
                    }
                    String why = n1 + " + " + n2 + " items, blocks up to " + block + ", " + values + " values";
                    assertArrayEquals(expected, Arrays.copyOfRange(d, 2, 2 + n1 + n2), why);
                    assertEquals(marker, d[0], why + ": wrote before its range");
                    assertEquals(marker, d[1], why + ": wrote before its range");
                    assertEquals(marker, d[2 + n1 + n2], why + ": wrote after its range");
                    assertEquals(marker, d[3 + n1 + n2], why + ": wrote after its range");
                });
    }

    /** A sorted run of n items at s[at..], its keys in blocks of 1 to maxBlock equal items. */
    private static void fillRun(Item[] s, int at, int n, int maxBlock, int values, Random rnd, int firstPosition) {
        int key = rnd.nextInt(values);
        for (int i = 0; i < n; ) {
            int len = 1 + rnd.nextInt(maxBlock);
            for (int e = Math.min(n, i + len); i < e; i++) {
                s[at + i] = new Item(key, firstPosition + i);
            }
            key += rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(Math.max(1, values / 8));
        }
    }

    /** Same keys in the same order as the stable result, and the same items overall. */
    private static void assertSortedPermutation(Item[] stable, Item[] actual, String why) {
        assertArrayEquals(Arrays.stream(stable).mapToInt(Item::key).toArray(),
                Arrays.stream(actual).mapToInt(Item::key).toArray(), why + ": keys not sorted");
        Item[] byPosition = actual.clone();
        Arrays.sort(byPosition, Comparator.comparingInt(Item::position));
        Item[] original = stable.clone();
        Arrays.sort(original, Comparator.comparingInt(Item::position));
        assertArrayEquals(original, byPosition, why + ": not a permutation of the input");
    }
}
