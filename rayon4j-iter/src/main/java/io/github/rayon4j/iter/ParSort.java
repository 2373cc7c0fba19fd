package io.github.rayon4j.iter;

import io.github.rayon4j.core.Rayon;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.ListIterator;
import java.util.Objects;
import java.util.function.Function;

/**
 * Parallel sorts of arrays and lists on the current rayon4j pool (Rayon's {@code par_sort*}).
 *
 * <ul>
 *   <li>{@code int[]}, {@code long[]}, {@code double[]} of 65536 items or more, {@code sort} and
 *       {@code sortUnstable} alike: a parallel LSD radix sort, 8-bit digits, a pass skipped when
 *       all keys share its digit. An array already in order, ascending or descending (then
 *       reversed), or made of at most 16 ascending runs (then merged), is found first by one
 *       parallel read that gives up once there are more descents, and then costs that read and
 *       the reversal or the merges. Otherwise, each pass, every block of the array counts its
 *       digits, a prefix sum gives every block its own ranges of the output, and the blocks
 *       scatter their items there in parallel, ping-ponging between the array and a buffer as
 *       long as the input ({@code n} more items of memory, also for {@code sortUnstable}).</li>
 *   <li>{@code sort}, otherwise: stable. A merge sort: halves are sorted with {@code join} down to
 *       leaves of 8192 items sorted by {@link Arrays#sort}, then merged with a parallel merge (the
 *       longer run is cut at its middle, the other at the matching binary-search point, and both
 *       halves are merged with {@code join}; two runs already in order, or in reverse order,
 *       are copied instead of merged; below 8192 items a merge is sequential and gallops, as
 *       TimSort's does, where one run gives many items in a row: keys with many ties cost a
 *       search per block of equal keys, not a comparison per item). Needs a buffer as long as
 *       the input.</li>
 *   <li>{@code sortUnstable}, otherwise: not stable, in place. A quicksort in the spirit of
 *       pdqsort: median-of-three or ninther pivot, Hoare partition, both sides with {@code join};
 *       after {@code log2(n)} badly unbalanced partitions a part falls back to
 *       {@link Arrays#sort}, so the worst case stays O(n log n). Object leaves are sorted in a
 *       copy of their part (scratch space of one leaf per running thread).</li>
 *   <li>{@code ...ByKey}: compare by a key computed on each comparison; {@code sortByCachedKey}
 *       computes each key once, in parallel, then sorts stably by it.</li>
 * </ul>
 * Primitive orders are those of {@link Arrays#sort}: for {@code double}, -0.0 before 0.0 and NaN
 * last (NaN payloads kept). For primitives stability cannot be observed: {@code sort} and
 * {@code sortUnstable} give the same array (the one exception: NaNs with different bit patterns,
 * which the radix sort keeps in input order and the comparison sorts below 65536 items leave in
 * the order {@link Arrays#sort} leaves them, which it does not specify).
 *
 * <p><b>Failures.</b> When a comparator, a key function or {@code compareTo} throws, every sort
 * rethrows that exception (once the other threads' parts stopped) and leaves the array or list a
 * permutation of its input, some items moved, none lost or duplicated (Rayon's promise after a
 * panic). A comparator that breaks its contract (not transitive, not antisymmetric, random) gives
 * a permutation in some order, or throws {@code IllegalArgumentException("Comparison method
 * violates its general contract!")} as {@link Arrays#sort} does, the array again a permutation;
 * no index ever leaves the part being sorted. Lists are sorted in an array and written back only
 * after a sort succeeded.
 *
 * <pre>{@code
 * int[] a = {5, 3, 9, 1};
 * ParSort.sort(a);                                          // [1, 3, 5, 9]
 * String[] words = {"pear", "fig", "apple"};
 * ParSort.sortByKey(words, String::length);                 // [fig, pear, apple], stable
 * ParSort.sortUnstable(words, Comparator.reverseOrder());   // [pear, fig, apple]
 * }</pre>
 */
public final class ParSort {
    /** Below this many items a part is sorted sequentially (by every sort, object and primitive). */
    static final int SORT_LEAF = 1 << 13;
    /** Below this many items a merge is sequential (by every sort, object and primitive). */
    static final int MERGE_LEAF = 1 << 13;
    /**
     * From this many items on, {@code int[]}, {@code long[]} and {@code double[]} are sorted by a
     * parallel LSD radix sort (both {@code sort} and {@code sortUnstable}). Why 2^16: the radix
     * sort reads and writes every item once per byte of the key that varies (up to 4 or 8 passes)
     * whatever n is, plus fixed costs per pass (a {@code join} over the blocks, 256 counters per
     * block to fill and sum) and a buffer of n items to allocate and zero, while a comparison
     * sort's work per item grows with log2(n). Below 2^16 items the array and its buffer (512 KiB
     * each for {@code long}) fit in L2 and the quicksort needs only three levels of partitions
     * above its 8192-item leaves, so its log factor is still small, the fixed costs weigh, and
     * in-place is worth keeping; from there on the log factor only grows and the radix passes, out
     * of cache, are streams. This is reasoned, not measured on every machine: {@code SortBench}
     * with {@code -p size=...} around it is the way to tune it.
     */
    static final int RADIX_MIN = 1 << 16;

    private ParSort() {
    }

    /**
     * Sorts ascending. Needs a buffer of {@code a.length} items
     * (a merge sort; from 65536 items on, a radix sort: see the class comment).
     *
     * @param a the array
     */
    public static void sort(int[] a) {
        IntSorts.sortStable(Objects.requireNonNull(a, "a"));
    }

    /**
     * Sorts ascending. Needs a buffer of {@code a.length} items
     * (a merge sort; from 65536 items on, a radix sort: see the class comment).
     *
     * @param a the array
     */
    public static void sort(long[] a) {
        LongSorts.sortStable(Objects.requireNonNull(a, "a"));
    }

    /**
     * Sorts ascending in the order of {@link Arrays#sort(double[])}. Needs a buffer of {@code a.length} items
     * (a merge sort; from 65536 items on, a radix sort: see the class comment).
     *
     * @param a the array
     */
    public static void sort(double[] a) {
        DoubleSorts.sortStable(Objects.requireNonNull(a, "a"));
    }

    /**
     * Sorts ascending, not stable (stability is invisible for primitives). In place below 65536
     * items; from there on a radix sort with a buffer of {@code a.length} items (see the class
     * comment).
     *
     * @param a the array
     */
    public static void sortUnstable(int[] a) {
        IntSorts.sortUnstable(Objects.requireNonNull(a, "a"));
    }

    /**
     * Sorts ascending. In place below 65536 items; from there on a radix sort with a buffer of
     * {@code a.length} items (see the class comment).
     *
     * @param a the array
     */
    public static void sortUnstable(long[] a) {
        LongSorts.sortUnstable(Objects.requireNonNull(a, "a"));
    }

    /**
     * Sorts ascending in the order of {@link Arrays#sort(double[])}. In place below 65536 items;
     * from there on a radix sort with a buffer of {@code a.length} items (see the class comment).
     *
     * @param a the array
     */
    public static void sortUnstable(double[] a) {
        DoubleSorts.sortUnstable(Objects.requireNonNull(a, "a"));
    }

    /**
     * Sorts stably in natural order.
     *
     * @param a   the array
     * @param <T> the item type
     */
    public static <T extends Comparable<? super T>> void sort(T[] a) {
        sort(a, Comparator.naturalOrder());
    }

    /**
     * Sorts stably: equal items keep their order. Needs a buffer as long as the array.
     *
     * @param a          the array
     * @param comparator the order
     * @param <T>        the item type
     * @throws IllegalArgumentException if the comparator is found to break its contract; the
     *                                  array is then a permutation of its input (see the class
     *                                  comment, also for a comparator that throws)
     */
    public static <T> void sort(T[] a, Comparator<? super T> comparator) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(comparator, "comparator");
        if (!alreadyInOrder(a, comparator)) {
            mergeSort(a, Arrays.copyOf(a, a.length), 0, a.length, false, comparator);
        }
    }

    /**
     * Sorts in natural order, in place, not stable.
     *
     * @param a   the array
     * @param <T> the item type
     */
    public static <T extends Comparable<? super T>> void sortUnstable(T[] a) {
        sortUnstable(a, Comparator.naturalOrder());
    }

    /**
     * Sorts in place, not stable.
     *
     * @param a          the array
     * @param comparator the order
     * @param <T>        the item type
     * @throws IllegalArgumentException if the comparator is found to break its contract; the
     *                                  array is then a permutation of its input (see the class
     *                                  comment, also for a comparator that throws)
     */
    public static <T> void sortUnstable(T[] a, Comparator<? super T> comparator) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(comparator, "comparator");
        if (!alreadyInOrder(a, comparator)) {
            quick(a, 0, a.length, 64 - Long.numberOfLeadingZeros(a.length), comparator);
        }
    }

    /**
     * Sorts stably by a key computed at each comparison.
     *
     * @param a   the array
     * @param key the key
     * @param <T> the item type
     * @param <K> the key type
     */
    public static <T, K extends Comparable<? super K>> void sortByKey(T[] a, Function<? super T, ? extends K> key) {
        sort(a, Comparator.comparing(Objects.requireNonNull(key, "key")));
    }

    /**
     * Sorts in place, not stable, by a key computed at each comparison.
     *
     * @param a   the array
     * @param key the key
     * @param <T> the item type
     * @param <K> the key type
     */
    public static <T, K extends Comparable<? super K>> void sortUnstableByKey(T[] a, Function<? super T, ? extends K> key) {
        sortUnstable(a, Comparator.comparing(Objects.requireNonNull(key, "key")));
    }

    /**
     * Sorts stably by a key computed once per item, in parallel: for keys that are costly to
     * compute (Rayon's {@code par_sort_by_cached_key}).
     *
     * @param a   the array
     * @param key the key
     * @param <T> the item type
     * @param <K> the key type
     */
    public static <T, K extends Comparable<? super K>> void sortByCachedKey(T[] a, Function<? super T, ? extends K> key) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(key, "key");
        @SuppressWarnings("unchecked")
        Keyed<T, K>[] keyed = ParIter.of(a).map(t -> new Keyed<T, K>(key.apply(t), t)).toArray(Keyed[]::new);
        sort(keyed, Comparator.comparing(Keyed::key));
        IntParIter.range(0, a.length).forEach(i -> a[i] = keyed[i].value());
    }

    private record Keyed<T, K>(K key, T value) {
    }

    /**
     * Sorts a list stably in natural order (through an array, written back with its list
     * iterator, as {@link List#sort}).
     *
     * @param list the list
     * @param <T>  the item type
     */
    public static <T extends Comparable<? super T>> void sort(List<T> list) {
        sort(list, Comparator.naturalOrder());
    }

    /**
     * Sorts a list stably.
     *
     * @param list       the list
     * @param comparator the order
     * @param <T>        the item type
     */
    public static <T> void sort(List<T> list, Comparator<? super T> comparator) {
        Objects.requireNonNull(list, "list");
        Objects.requireNonNull(comparator, "comparator");
        T[] a = toArray(list);
        sort(a, comparator);
        writeBack(list, a);
    }

    /**
     * Sorts a list, not stable.
     *
     * @param list       the list
     * @param comparator the order
     * @param <T>        the item type
     */
    public static <T> void sortUnstable(List<T> list, Comparator<? super T> comparator) {
        Objects.requireNonNull(list, "list");
        Objects.requireNonNull(comparator, "comparator");
        T[] a = toArray(list);
        sortUnstable(a, comparator);
        writeBack(list, a);
    }

    /**
     * Sorts a list stably by a key computed at each comparison.
     *
     * @param list the list
     * @param key  the key
     * @param <T>  the item type
     * @param <K>  the key type
     */
    public static <T, K extends Comparable<? super K>> void sortByKey(List<T> list, Function<? super T, ? extends K> key) {
        sort(list, Comparator.comparing(Objects.requireNonNull(key, "key")));
    }

    /**
     * Sorts a list, not stable, by a key computed at each comparison.
     *
     * @param list the list
     * @param key  the key
     * @param <T>  the item type
     * @param <K>  the key type
     */
    public static <T, K extends Comparable<? super K>> void sortUnstableByKey(List<T> list, Function<? super T, ? extends K> key) {
        sortUnstable(list, Comparator.comparing(Objects.requireNonNull(key, "key")));
    }

    /**
     * Sorts a list stably by a key computed once per item, in parallel.
     *
     * @param list the list
     * @param key  the key
     * @param <T>  the item type
     * @param <K>  the key type
     */
    public static <T, K extends Comparable<? super K>> void sortByCachedKey(List<T> list, Function<? super T, ? extends K> key) {
        Objects.requireNonNull(list, "list");
        T[] a = toArray(list);
        sortByCachedKey(a, key);
        writeBack(list, a);
    }

    @SuppressWarnings("unchecked")
    private static <T> T[] toArray(List<T> list) {
        return (T[]) list.toArray();
    }

    /**
     * Writes the sorted items back in place. A list that cannot be changed fails at the first
     * write, before any item moved, with a message that says what to do instead.
     */
    private static <T> void writeBack(List<T> list, T[] a) {
        ListIterator<T> it = list.listIterator();
        boolean first = true;
        for (T t : a) {
            it.next();
            try {
                it.set(t);
            } catch (UnsupportedOperationException e) {
                if (!first) {
                    throw e;
                }
                UnsupportedOperationException u = new UnsupportedOperationException("ParSort sorts a list in place, and this "
                        + list.getClass().getName() + " cannot be modified (List.of, Collections.unmodifiableList and "
                        + "Stream.toList give such lists); sort a copy instead: new ArrayList<>(list)");
                u.initCause(e);
                throw u;
            }
            first = false;
        }
    }

    // ------------------------------------------------------------------ objects

    /**
     * Whether an array of {@link #SORT_LEAF} items or more is in order already, so that a sort
     * has nothing left to do: ascending (no item compares less than the one before it), or
     * strictly descending, which is then reversed in place (no two items compare equal there, so
     * the reversal is what a stable sort gives). Checked in parallel, a block of {@code
     * SORT_LEAF} pairs a step, and given up at the first pair out of order, which on unordered
     * input is one of the first few: a few comparisons and a parallel call, against a sort's
     * {@code n log n}. Sorted or reversed input is common (data kept in order, sorted again after
     * a few changes, or sorted the other way), and without the check the stable sort still copied
     * every item once per level of its merges: {@code ParIter.sorted().toList()} of 10^6
     * ascending {@code Integer}s took 19.7 ms against the parallel stream's 8.6
     * (benchmarks/results/2026-11-27-issue10aa). A comparator that throws here leaves the array
     * as it was; one that breaks its contract may find it in order, which a sort may also answer.
     */
    private static <T> boolean alreadyInOrder(T[] a, Comparator<? super T> c) {
        int n = a.length;
        if (n < SORT_LEAF) {
            return false; // the sort itself is about as quick
        }
        boolean descending = c.compare(a[0], a[1]) > 0;
        if (!everyPair(a, c, descending)) {
            return false;
        }
        if (descending) {
            IntParIter.range(0, n / 2).forEach(i -> {
                T t = a[i];
                a[i] = a[n - 1 - i];
                a[n - 1 - i] = t;
            });
        }
        return true;
    }

    /**
     * Whether every adjacent pair is in order, ascending ({@code compare <= 0}) or strictly
     * descending ({@code compare > 0}): blocks of {@link #SORT_LEAF} pairs in parallel, given up
     * at the first pair out of order.
     */
    private static <T> boolean everyPair(T[] a, Comparator<? super T> c, boolean descending) {
        int pairs = a.length - 1;
        int blocks = (pairs + SORT_LEAF - 1) / SORT_LEAF;
        return IntParIter.range(0, blocks).allMatch(k -> {
            for (int i = k * SORT_LEAF, end = Math.min(pairs, i + SORT_LEAF); i < end; i++) {
                if (c.compare(a[i], a[i + 1]) > 0 != descending) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Sorts the part a[lo, hi); the result lands in b when {@code intoB}, in a otherwise.
     *
     * <p>Panic safety. On entry a[lo, hi) and b[lo, hi) both hold the part's input (b starts as a
     * copy of a, and nothing writes into a part before its calls start). On return both hold a
     * permutation of it; when a call throws, a[lo, hi) does. By induction: a leaf into b sorts
     * b's copy and leaves a alone; a leaf into a sorts a and, if that throws, copies b's input
     * back; after a child threw, a holds permutations in both halves; a merge into b only reads a;
     * a merge into a only reads b, so when it throws (after all its parallel steps stopped, which
     * {@code join} waits for) b's halves are copied back over a.
     */
    private static <T> void mergeSort(T[] a, T[] b, int lo, int hi, boolean intoB, Comparator<? super T> c) {
        if (hi - lo <= SORT_LEAF) {
            if (intoB) {
                Arrays.sort(b, lo, hi, c);
            } else {
                undoOnFailure(() -> Arrays.sort(a, lo, hi, c), b, a, lo, hi);
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        Rayon.join(() -> mergeSort(a, b, lo, mid, !intoB, c), () -> mergeSort(a, b, mid, hi, !intoB, c));
        if (intoB) {
            merge(a, lo, mid, mid, hi, b, lo, c);
        } else {
            undoOnFailure(() -> merge(b, lo, mid, mid, hi, a, lo, c), b, a, lo, hi);
        }
    }

    /** Runs {@code step}, which writes only into d[lo, hi); if it throws, copies s[lo, hi) over it first. */
    private static <T> void undoOnFailure(Runnable step, T[] s, T[] d, int lo, int hi) {
        try {
            step.run();
        } catch (Throwable t) {
            System.arraycopy(s, lo, d, lo, hi - lo);
            throw t;
        }
    }

    /**
     * Stable parallel merge: ties take the first run; see the class comment. Two runs already in
     * order (the first's last item not after the second's first), or in reverse order (the
     * second's last item before the first's first), are copied as they are, after one
     * comparison each: a sorted or reversed input then costs a copy per level, not a merge
     * ({@code ParIter.sorted().toList()} of 1,000,000 ascending {@code Integer}s: 34.6 → 29.5-30.1
     * ms on two threads, most of the rest being the collection before and after; issue10y).
     */
    private static <T> void merge(T[] s, int lo1, int hi1, int lo2, int hi2, T[] d, int at, Comparator<? super T> c) {
        int n1 = hi1 - lo1;
        int n2 = hi2 - lo2;
        if (n1 > 0 && n2 > 0) {
            if (c.compare(s[lo2], s[hi1 - 1]) >= 0) {
                System.arraycopy(s, lo1, d, at, n1);
                System.arraycopy(s, lo2, d, at + n1, n2);
                return;
            }
            if (c.compare(s[hi2 - 1], s[lo1]) < 0) {
                System.arraycopy(s, lo2, d, at, n2);
                System.arraycopy(s, lo1, d, at + n2, n1);
                return;
            }
        }
        if (n1 + n2 <= MERGE_LEAF || n1 == 0 || n2 == 0) {
            mergeGalloping(s, lo1, hi1, lo2, hi2, d, at, c);
            return;
        }
        int m1;
        int m2;
        if (n1 >= n2) {
            m1 = (lo1 + hi1) >>> 1;
            T x = s[m1];
            int lo = lo2;
            int hi = hi2;
            while (lo < hi) {
                int m = (lo + hi) >>> 1;
                if (c.compare(s[m], x) < 0) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m2 = lo;
        } else {
            m2 = (lo2 + hi2) >>> 1;
            T x = s[m2];
            int lo = lo1;
            int hi = hi1;
            while (lo < hi) {
                int m = (lo + hi) >>> 1;
                if (c.compare(x, s[m]) < 0) {
                    hi = m;
                } else {
                    lo = m + 1;
                }
            }
            m1 = lo;
        }
        int dm = at + (m1 - lo1) + (m2 - lo2);
        Rayon.join(() -> merge(s, lo1, m1, lo2, m2, d, at, c), () -> merge(s, m1, hi1, m2, hi2, d, dm, c));
    }

    /**
     * A sequential merge takes items one comparison at a time in steps of this many; when a whole
     * step's items came from one run, it gallops (as {@link Arrays#sort}'s TimSort does, though
     * TimSort counts wins one by one): it finds by exponential and then binary search how many
     * more items come from each run in turn, and copies them without comparing each.
     */
    static final int GALLOP_AFTER = 8;

    /**
     * Stable sequential merge of s[lo1, hi1) and s[lo2, hi2) into d from {@code at}: ties take
     * the first run. Items are taken one comparison at a time, {@link #GALLOP_AFTER} at a time;
     * when all of those came from one run, the merge gallops: each turn copies the block of the
     * first run that comes before the second's next item, that item, the block of the second run
     * that comes before the first's next item, and that item, for as long as a block is
     * {@link #GALLOP_AFTER} long or longer. Keys with many ties (a sort by age, by status) and
     * runs that interleave in blocks then cost a search per block, not a comparison and a read
     * of both items per item (a stable sort of 200,000 records by one of 60 ages: 15-21 → 6.9-10
     * ms on one thread, {@link Arrays#sort} 6.2; 8.1-9.5 → 3.6-4.2 on two; issue10ap). The check
     * is one comparison of two counts a step, outside the item-by-item loop, which stays free of
     * branches the data decides (a count per item, tried first, made a merge of distinct random
     * keys 20 % slower).
     * Reads only s and writes only d[at, at + n1 + n2), each item once, so a comparator that
     * throws or breaks its contract leaves s intact and d a permutation of what was copied
     * (every search stays inside what is left of its run).
     */
    static <T> void mergeGalloping(T[] s, int lo1, int hi1, int lo2, int hi2, T[] d, int at,
                                   Comparator<? super T> c) {
        int i = lo1;
        int j = lo2;
        int k = at;
        merging:
        while (true) {
            int steps = Math.min(GALLOP_AFTER, Math.min(hi1 - i, hi2 - j)); // neither run runs out
            if (steps == 0) {
                break;
            }
            int i0 = i;
            for (int t = 0; t < steps; t++) {
                d[k++] = c.compare(s[j], s[i]) < 0 ? s[j++] : s[i++];
            }
            int fromFirst = i - i0;
            if (steps < GALLOP_AFTER || (fromFirst != 0 && fromFirst != steps) || i == hi1 || j == hi2) {
                continue; // a mixed step, or a run used up (the next step is empty then)
            }
            int block1;
            int block2;
            do {
                block1 = endBefore(s[j], s, i, hi1, true, c) - i; // first-run items <= s[j]
                System.arraycopy(s, i, d, k, block1);
                i += block1;
                k += block1;
                if (i == hi1) {
                    break merging;
                }
                d[k++] = s[j++];
                if (j == hi2) {
                    break merging;
                }
                block2 = endBefore(s[i], s, j, hi2, false, c) - j; // second-run items < s[i]
                System.arraycopy(s, j, d, k, block2);
                j += block2;
                k += block2;
                if (j == hi2) {
                    break merging;
                }
                d[k++] = s[i++];
                if (i == hi1) {
                    break merging;
                }
            } while (block1 >= GALLOP_AFTER || block2 >= GALLOP_AFTER);
        }
        System.arraycopy(s, i, d, k, hi1 - i);
        System.arraycopy(s, j, d, k + hi1 - i, hi2 - j);
    }

    /**
     * The end of the items of s[lo, hi) that come before {@code key}: the first index whose item
     * does not, or {@code hi}. An item comes before the key when {@code compare(key, item) > 0},
     * or {@code >= 0} when {@code tiesBefore} (the merge's ties take the first run). Probes lo,
     * lo + 1, lo + 3, lo + 7, ... and then searches between the last two probes, so a block of
     * m items costs about 2 log2(m) comparisons; the answer stays in [lo, hi] whatever the
     * comparator says.
     */
    private static <T> int endBefore(T key, T[] s, int lo, int hi, boolean tiesBefore, Comparator<? super T> c) {
        int least = tiesBefore ? 0 : 1; // compare(key, item) >= least: the item comes first
        int from = lo;
        int step = 1;
        int probe = lo;
        while (probe < hi && c.compare(key, s[probe]) >= least) {
            from = probe + 1;
            step <<= 1;
            probe = lo + step - 1;
            if (probe < lo) { // overflow; no run is that long, but stay inside it regardless
                probe = hi;
            }
        }
        int to = Math.min(probe, hi);
        while (from < to) {
            int m = (from + to) >>> 1;
            if (c.compare(key, s[m]) >= least) {
                from = m + 1;
            } else {
                to = m;
            }
        }
        return from;
    }

    /**
     * Sorts a[lo, hi) in place. Panic-safe: partitions move items only by swaps, and a leaf is
     * sorted in a copy written back only when the sort succeeded ({@link Arrays#sort} loses items
     * when the comparator throws in the middle of one of its merges).
     */
    private static <T> void quick(T[] a, int lo, int hi, int credits, Comparator<? super T> c) {
        int n = hi - lo;
        if (n <= SORT_LEAF || credits == 0) {
            T[] part = Arrays.copyOfRange(a, lo, hi);
            Arrays.sort(part, c);
            System.arraycopy(part, 0, a, lo, n);
            return;
        }
        int mid = (lo + hi) >>> 1;
        int p;
        if (n > 1 << 16) {
            int e = n / 8;
            p = median(a, median(a, lo, lo + e, lo + 2 * e, c), median(a, mid - e, mid, mid + e, c),
                    median(a, hi - 1 - 2 * e, hi - 1 - e, hi - 1, c), c);
        } else {
            p = median(a, lo, mid, hi - 1, c);
        }
        swap(a, lo, p);
        int split = partition(a, lo, hi, c);
        int next = Math.min(split - lo, hi - split) < n / 8 ? credits - 1 : credits;
        Rayon.join(() -> quick(a, lo, split, next, c), () -> quick(a, split, hi, next, c));
    }

    /**
     * Hoare partition around the pivot at a[lo]: returns k in (lo, hi) with no item of a[lo, k)
     * greater and no item of a[k, hi) less than the pivot.
     *
     * <p>With a comparator that keeps its contract each scan stops at a sentinel inside the part:
     * in the first round the pivot itself ({@code compare(v, v) == 0}), later the item the last
     * swap put where the other scan stopped (the same comparison gives the same answer), and
     * the split leaves both sides non-empty. So a scan that reaches the end of the part, or a
     * split with an empty right side, proves a broken comparator (such as {@code compare(x, x) < 0}
     * or random answers): it throws the exception {@link Arrays#sort} throws when it notices one,
     * before any index leaves the part. Items move only by swaps, so the part stays a permutation
     * at every exception.
     */
    private static <T> int partition(T[] a, int lo, int hi, Comparator<? super T> c) {
        T v = a[lo];
        int i = lo - 1;
        int j = hi;
        while (true) {
            do {
                if (++i == hi) {
                    throw contractViolated();
                }
            } while (c.compare(a[i], v) < 0);
            do {
                if (--j < lo) {
                    throw contractViolated();
                }
            } while (c.compare(v, a[j]) < 0);
            if (i >= j) {
                if (j + 1 == hi) {
                    throw contractViolated();
                }
                return j + 1;
            }
            swap(a, i, j);
        }
    }

    private static IllegalArgumentException contractViolated() {
        return new IllegalArgumentException("Comparison method violates its general contract!");
    }

    private static <T> int median(T[] a, int i, int j, int k, Comparator<? super T> c) {
        if (c.compare(a[j], a[i]) < 0) {
            int t = i;
            i = j;
            j = t;
        }
        if (c.compare(a[k], a[j]) < 0) {
            return c.compare(a[k], a[i]) < 0 ? i : k;
        }
        return j;
    }

    private static <T> void swap(T[] a, int i, int j) {
        T t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
