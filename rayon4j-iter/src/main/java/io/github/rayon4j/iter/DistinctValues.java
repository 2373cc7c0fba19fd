package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Sink;

import java.util.ArrayList;
import java.util.Arrays;

/**
 * An insertion-ordered set of primitive values, unboxed: a segment of the primitive
 * {@code distinct()} (as {@code ObjFolders.DistinctPart}'s {@code LinkedHashSet} is of the object
 * one). Values are held as {@code long}s: an {@code int} or a {@code long} as itself, a
 * {@code double} as its raw bits ({@link Double#doubleToRawLongBits}); two values are the same
 * when their {@link #key}s are, which for a {@code double} is {@link Double#equals}'s test (every
 * NaN one value, 0.0 and -0.0 two), and the set keeps the first one's raw bits, as a boxed
 * distinct keeps the first {@code Double}.
 *
 * <p>The values are kept in order in an array; an open-addressing table of indices into it
 * (linear probing, at most half full) finds them. {@link #removeAll} filters the array and
 * rebuilds the table. One thread uses a set at a time (a leaf, then the merge that takes its
 * result), so nothing here is synchronized.
 *
 * <pre>{@code
 * DistinctValues s = new DistinctValues(false);
 * s.add(3); s.add(1); s.add(3);   // true, true, false
 * s.size();                       // 2: 3, 1 in that order
 * }</pre>
 */
final class DistinctValues {
    private static final long CANONICAL_NAN = 0x7ff8000000000000L;

    /** Whether the values are a double's raw bits, whose NaNs are one value. */
    private final boolean doubles;
    private long[] values = new long[8];
    private int size;
    /** Index + 1 of a value in {@link #values}, 0 for a free slot; its length a power of two. */
    private int[] slots = new int[16];

    DistinctValues(boolean doubles) {
        this.doubles = doubles;
    }

    /** What makes two values the same: the value itself, or a double's bits with NaNs made one. */
    private long key(long value) {
        return doubles && (value & Long.MAX_VALUE) > 0x7ff0000000000000L ? CANONICAL_NAN : value;
    }

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The slot that holds the value with this key, or the free slot where it would go. */
    private int slotOf(long key) {
        int mask = slots.length - 1;
        int i = hash(key) & mask;
        while (true) {
            int at = slots[i];
            if (at == 0 || key(values[at - 1]) == key) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** Adds the value unless one the same is here; returns whether it was added. */
    boolean add(long value) {
        int slot = slotOf(key(value));
        if (slots[slot] != 0) {
            return false;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        values[size++] = value;
        slots[slot] = size;
        if (2 * size > slots.length) {
            rehash(2 * slots.length);
        }
        return true;
    }

    boolean contains(long value) {
        return slots[slotOf(key(value))] != 0;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The i-th value added (of those kept). */
    long get(int i) {
        return values[i];
    }

    /** Adds every value of {@code other}, in its order. */
    void addAll(DistinctValues other) {
        for (int i = 0; i < other.size; i++) {
            add(other.values[i]);
        }
    }

    /** Drops the values that {@code other} holds, keeping the order of the rest. */
    void removeAll(DistinctValues other) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            long v = values[i];
            if (!other.contains(v)) {
                values[kept++] = v;
            }
        }
        if (kept != size) {
            size = kept;
            rehash(slots.length);
        }
    }

    private void rehash(int capacity) {
        slots = new int[capacity];
        int mask = capacity - 1;
        for (int k = 0; k < size; k++) {
            int i = hash(key(values[k])) & mask;
            while (slots[i] != 0) {
                i = (i + 1) & mask;
            }
            slots[i] = k + 1;
        }
    }

    /**
     * A leaf of the primitive {@code distinct()}: the first occurrence of each of its part's
     * values, in order, in a set of its own, its result a list of that one segment
     * ({@code ObjFolders.disjointUnionOfValues}). A leaf that goes on from the parts before it
     * adds to their last segment the values that no segment holds yet, so the segments stay
     * disjoint (as {@code ObjFolders.DistinctPart} does for objects). Each primitive iterator's
     * {@code DistinctPart} is this with its sink: it hands its values to {@link #add}.
     *
     * @param <S> the sink type
     */
    abstract static class Part<S extends Sink> extends Terminal.SelfFolder<S, ArrayList<DistinctValues>> {
        private final ArrayList<DistinctValues> segments;
        private final DistinctValues values;
        private final int earlier;

        /** A leaf that starts afresh; {@code doubles} as for {@link DistinctValues}. */
        Part(Stop stop, boolean doubles) {
            super(stop);
            this.values = new DistinctValues(doubles);
            this.segments = new ArrayList<>(1);
            this.segments.add(values);
            this.earlier = 0;
        }

        /** A leaf that goes on from the parts before it. */
        Part(Stop stop, ArrayList<DistinctValues> before) {
            super(stop);
            this.segments = before;
            this.earlier = before.size() - 1;
            this.values = before.get(earlier);
        }

        /** Adds a value (a {@code double} as its raw bits) unless an earlier segment holds it. */
        final void add(long v) {
            for (int i = 0; i < earlier; i++) {
                if (segments.get(i).contains(v)) {
                    return;
                }
            }
            values.add(v);
        }

        @Override
        public final ArrayList<DistinctValues> complete() {
            return segments;
        }
    }
}
