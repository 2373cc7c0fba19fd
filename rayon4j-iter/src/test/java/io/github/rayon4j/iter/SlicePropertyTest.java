package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * {@link ParSlices} over {@code T[]} and random-access lists ({@code ArrayList},
 * {@code Arrays.asList}, a synchronized list) against sequential loops, with {@code null}
 * elements, random sizes and pools of 1 to 4 threads; and {@link Slice} against the list
 * operations of {@code java.util}. See {@code IntSlicePropertyTest} for the primitive forms.
 */
class SlicePropertyTest {
    private static final Duration BOUND = Duration.ofMinutes(3);

    private static Integer[] randomItems(int n, Random rnd) {
        Integer[] a = new Integer[n];
        int range = 1 + rnd.nextInt(1 + rnd.nextInt(30));
        boolean nulls = rnd.nextBoolean();
        for (int i = 0; i < n; i++) {
            a[i] = nulls && rnd.nextInt(8) == 0 ? null : rnd.nextInt(range);
        }
        return a;
    }

    /** The same items behind one of the kinds of backing: the array itself, or a list. */
    private record Backing(String name, Integer[] array, List<Integer> list) {
        Integer at(int i) {
            return array != null ? array[i] : list.get(i);
        }

        List<Integer> contents() {
            return array != null ? Arrays.asList(array.clone()) : new ArrayList<>(list);
        }
    }

    private static Backing backing(Integer[] items, Random rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> new Backing("array", items, null);
            case 1 -> new Backing("ArrayList", null, new ArrayList<>(Arrays.asList(items)));
            case 2 -> new Backing("Arrays.asList", null, Arrays.asList(items));
            default -> new Backing("synchronizedList", null, Collections.synchronizedList(new ArrayList<>(Arrays.asList(items))));
        };
    }

    private static List<String> names(List<int[]> ranges) {
        return ranges.stream().map(r -> r[0] + ".." + r[1]).toList();
    }

    private static String name(Slice<?> v) {
        return v.offset() + ".." + (v.offset() + v.length());
    }

    private static List<String> ranges(ParIter<Slice<Integer>> views, Backing b) {
        return views.map(v -> {
            int len = v.length();
            for (int i = 0; i < Math.min(len, 64); i++) {
                assertEquals(b.at(v.offset() + i), v.get(i));
            }
            if (len > 0) {
                assertEquals(b.at(v.offset() + len - 1), v.get(len - 1));
            }
            return name(v);
        }).toList();
    }

    private static List<int[]> split(List<Integer> a, Predicate<Integer> sep, boolean inclusive) {
        List<int[]> r = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < a.size(); i++) {
            if (sep.test(a.get(i))) {
                r.add(new int[] {start, inclusive ? i + 1 : i});
                start = i + 1;
            }
        }
        if (!inclusive || start < a.size()) {
            r.add(new int[] {start, a.size()});
        }
        return r;
    }

    private static List<int[]> chunkBy(List<Integer> a, BiPredicate<Integer, Integer> same) {
        List<int[]> r = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= a.size(); i++) {
            if (i == a.size() || !same.test(a.get(i - 1), a.get(i))) {
                r.add(new int[] {start, i});
                start = i;
            }
        }
        return r;
    }

    private static List<int[]> chunks(int n, int size, boolean exact, boolean fromEnd) {
        List<int[]> r = new ArrayList<>();
        for (long k = 0; k * size < n; k++) {
            long from = fromEnd ? Math.max(0, n - (k + 1) * size) : k * size;
            long to = fromEnd ? n - k * size : Math.min(n, (k + 1) * size);
            if (!exact || to - from == size) {
                r.add(new int[] {(int) from, (int) to});
            }
        }
        return r;
    }

    private static ParIter<Slice<Integer>> kind(int kind, Backing b, int size, Predicate<Integer> sep,
                                                BiPredicate<Integer, Integer> same) {
        boolean arr = b.array() != null;
        return switch (kind) {
            case 0 -> arr ? ParSlices.chunks(b.array(), size) : ParSlices.chunks(b.list(), size);
            case 1 -> arr ? ParSlices.chunksExact(b.array(), size) : ParSlices.chunksExact(b.list(), size);
            case 2 -> arr ? ParSlices.rchunks(b.array(), size) : ParSlices.rchunks(b.list(), size);
            case 3 -> arr ? ParSlices.rchunksExact(b.array(), size) : ParSlices.rchunksExact(b.list(), size);
            case 4 -> arr ? ParSlices.split(b.array(), sep) : ParSlices.split(b.list(), sep);
            case 5 -> arr ? ParSlices.splitInclusive(b.array(), sep) : ParSlices.splitInclusive(b.list(), sep);
            case 6 -> arr ? ParSlices.chunkBy(b.array(), same) : ParSlices.chunkBy(b.list(), same);
            default -> arr ? ParSlices.windows(b.array(), size) : ParSlices.windows(b.list(), size);
        };
    }

    private static List<int[]> model(int kind, List<Integer> items, int size, Predicate<Integer> sep,
                                     BiPredicate<Integer, Integer> same) {
        int n = items.size();
        return switch (kind) {
            case 0 -> chunks(n, size, false, false);
            case 1 -> chunks(n, size, true, false);
            case 2 -> chunks(n, size, false, true);
            case 3 -> chunks(n, size, true, true);
            case 4 -> split(items, sep, false);
            case 5 -> split(items, sep, true);
            case 6 -> chunkBy(items, same);
            default -> {
                List<int[]> r = new ArrayList<>();
                for (long from = 0; from + size <= n; from++) {
                    r.add(new int[] {(int) from, (int) from + size});
                }
                yield r;
            }
        };
    }

    @Test
    void everyKindOverArraysAndListsMatchesTheSequentialModel() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(150)
                .forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((n, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    Integer[] items = randomItems(n, rnd);
                    Backing b = backing(items, rnd);
                    List<Integer> contents = b.contents();
                    int size = switch (rnd.nextInt(8)) {
                        case 0 -> Integer.MAX_VALUE;
                        case 1 -> n + 1;
                        default -> 1 + rnd.nextInt(1 + Math.min(n, 50));
                    };
                    Integer pivot = n == 0 ? null : contents.get(rnd.nextInt(n));
                    Predicate<Integer> sep = x -> Objects.equals(x, pivot);
                    BiPredicate<Integer, Integer> same = rnd.nextBoolean() ? Objects::equals
                            : (x, y) -> x == null || y == null || x <= y;
                    String why = n + " items in a " + b.name() + ", size " + size + ", " + threads + " threads, seed " + seed;
                    for (int kind = 0; kind < 8; kind++) {
                        assertEquals(names(model(kind, contents, size, sep, same)),
                                ranges(kind(kind, b, size, sep, same), b), why + ", kind " + kind);
                    }
                    Slice<Integer> rem = b.array() != null ? ParSlices.remainder(b.array(), size) : ParSlices.remainder(b.list(), size);
                    assertEquals(contents.subList(n - n % size, n), rem, why);
                    Slice<Integer> rrem = b.array() != null ? ParSlices.rremainder(b.array(), size) : ParSlices.rremainder(b.list(), size);
                    assertEquals(contents.subList(0, n % size), rrem, why);
                    assertEquals(0, rrem.offset(), why);

                    // in place: every covered element written once through set, the rest untouched
                    int kind = rnd.nextInt(7);
                    List<int[]> model = model(kind, contents, size, sep, same);
                    AtomicIntegerArray writes = new AtomicIntegerArray(n);
                    kind(kind, b, size, sep, same).forEach(v -> {
                        for (int i = 0; i < v.size(); i++) {
                            writes.incrementAndGet(v.offset() + i);
                            Integer x = v.get(i);
                            v.set(i, x == null ? -1 : x * 2 + 1);
                        }
                    });
                    List<Integer> expected = new ArrayList<>(contents);
                    int[] expectedWrites = new int[n];
                    for (int[] r : model) {
                        for (int i = r[0]; i < r[1]; i++) {
                            expectedWrites[i]++;
                            expected.set(i, contents.get(i) == null ? -1 : contents.get(i) * 2 + 1);
                        }
                    }
                    for (int i = 0; i < n; i++) {
                        assertEquals(expectedWrites[i], writes.get(i), why + ", kind " + kind + ": writes to " + i);
                    }
                    assertEquals(expected, b.contents(), why + ", kind " + kind);
                    return null;
                })));
    }

    @Test
    void aSliceIsAFixedSizeListOfItsRange() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(200)
                .forAll(integers().between(0, 40), longs().all())
                .checkAssert((n, seed) -> {
                    Random rnd = new Random(seed);
                    Backing b = backing(randomItems(n, rnd), rnd);
                    int from = rnd.nextInt(n + 1);
                    int to = from + rnd.nextInt(n - from + 1);
                    Slice<Integer> v = b.array() != null ? Slice.of(b.array(), from, to) : Slice.of(b.list(), from, to);
                    List<Integer> expected = new ArrayList<>(b.contents());
                    List<Integer> range = expected.subList(from, to);
                    String why = "[" + from + ", " + to + ") of a " + b.name() + " " + expected;

                    assertEquals(range, v, why);
                    assertEquals(v, range, why);
                    assertEquals(range.hashCode(), v.hashCode(), why);
                    assertEquals(range.toString(), v.toString(), why);
                    assertEquals(to - from, v.length(), why);
                    assertEquals(to - from, v.size(), why);
                    assertEquals(from, v.offset(), why);
                    assertEquals(range, v.stream().toList(), why);
                    assertEquals(range, v.asReadOnly(), why);
                    assertFalse(v.isReadOnly(), why);
                    assertThrows(UnsupportedOperationException.class, () -> v.add(1), why);
                    assertThrows(UnsupportedOperationException.class, () -> v.remove(0), why);
                    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> v.get(to - from), why);
                    assertTrue(e.getMessage().contains("index " + (to - from) + " out of bounds for a view of length " + (to - from)),
                            e.getMessage());
                    assertThrows(IndexOutOfBoundsException.class, () -> v.get(-1), why);
                    assertThrows(IndexOutOfBoundsException.class, () -> v.set(-1, 0), why);
                    assertThrows(IndexOutOfBoundsException.class, () -> v.slice(1, 0), why);

                    Comparator<Integer> order = Comparator.nullsFirst(Comparator.<Integer>naturalOrder());
                    v.sort(order);
                    range.sort(order);
                    assertEquals(expected, b.contents(), why);
                    v.reverse();
                    Collections.reverse(range);
                    assertEquals(expected, b.contents(), why);
                    if (v.size() >= 2) {
                        v.swap(0, v.size() - 1);
                        Collections.swap(range, 0, range.size() - 1);
                        assertEquals(expected, b.contents(), why);
                        Slice<Integer> inner = v.subList(1, v.size());
                        assertEquals(from + 1, inner.offset(), why);
                        assertEquals(range.get(0), v.set(0, 99), why);
                        range.set(0, 99);
                        assertEquals(expected, b.contents(), why);
                    }
                    v.replaceAll(x -> x == null ? 0 : x + 1);
                    range.replaceAll(x -> x == null ? 0 : x + 1);
                    assertEquals(expected, b.contents(), why);
                    v.setAll(i -> i * 3);
                    for (int i = 0; i < range.size(); i++) {
                        range.set(i, i * 3);
                    }
                    assertEquals(expected, b.contents(), why);
                    v.fill(7);
                    Collections.fill(range, 7);
                    assertEquals(expected, b.contents(), why);
                    v.sort(null);
                    assertEquals(expected, b.contents(), why);

                    Slice<Integer> ro = v.asReadOnly();
                    assertTrue(ro.isReadOnly(), why);
                    assertThrows(UnsupportedOperationException.class, () -> ro.set(0, 1), why);
                    assertThrows(UnsupportedOperationException.class, () -> ro.fill(1), why);
                    assertThrows(UnsupportedOperationException.class, () -> ro.sort(null), why);
                    assertThrows(UnsupportedOperationException.class, ro::reverse, why);
                    assertThrows(UnsupportedOperationException.class, () -> ro.replaceAll(x -> x), why);
                    assertThrows(UnsupportedOperationException.class, () -> ro.setAll(i -> i), why);
                    assertEquals(expected, b.contents(), why);
                }));
    }

    @Test
    void windowsAreReadOnlyAndBadArgumentsFailAtTheCall() {
        assertTimeoutPreemptively(BOUND, () -> {
            String[] words = {"a", "b", "c"};
            List<String> list = new ArrayList<>(List.of("a", "b", "c"));
            for (int threads = 1; threads <= 4; threads++) {
                for (Slice<String> w : Pools.in(threads, () -> ParSlices.windows(words, 2).toList())) {
                    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> w.set(0, "x"));
                    assertTrue(e.getMessage().contains("window is read-only"), e.getMessage());
                }
                for (Slice<String> w : Pools.in(threads, () -> ParSlices.windows(list, 2).toList())) {
                    assertThrows(UnsupportedOperationException.class, () -> w.set(0, "x"));
                    assertThrows(UnsupportedOperationException.class, () -> w.sort(null));
                }
            }
            assertEquals(List.of("a", "b", "c"), list);
            assertEquals(List.of(List.of("a", "b"), List.of("b", "c")), ParSlices.windows(words, 2).toList());

            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ParSlices.chunks(new LinkedList<>(list), 2));
            assertTrue(e.getMessage().contains("RandomAccess"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> Slice.of(new LinkedList<>(list)));
            assertThrows(IllegalArgumentException.class, () -> ParSlices.chunks(words, 0));
            assertThrows(IllegalArgumentException.class, () -> ParSlices.chunks(list, -1));
            assertThrows(IllegalArgumentException.class, () -> ParSlices.windows(list, 0));
            assertThrows(IllegalArgumentException.class, () -> ParSlices.rchunksExact(words, 0));
            assertThrows(NullPointerException.class, () -> ParSlices.chunks((String[]) null, 1));
            assertThrows(NullPointerException.class, () -> ParSlices.chunks((List<String>) null, 1));
            assertThrows(NullPointerException.class, () -> ParSlices.split(words, null));
            assertThrows(NullPointerException.class, () -> ParSlices.chunkBy(list, null));

            // a list that refuses set makes writes throw as it does; reads work
            List<String> fixed = List.of("a", "b", "c");
            assertEquals(List.of(List.of("a", "b"), List.of("c")), ParSlices.chunks(fixed, 2).toList());
            assertThrows(UnsupportedOperationException.class, () -> ParSlices.chunks(fixed, 2).forEach(Slice::reverse));
            // an array store that does not fit the array's runtime type fails as the array does
            Object[] strings = new String[] {"a"};
            assertThrows(ArrayStoreException.class, () -> Slice.of(strings).set(0, 1));
            assertNotEquals(Slice.of(new String[] {"a"}), Slice.of(new String[] {"b"}));
        });
    }
}
