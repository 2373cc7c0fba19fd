package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.UnindexedProducer;

import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.IntPredicate;

/**
 * The sources behind {@link ParSlices}, written once for every element type: a view is made by a
 * {@link Views} from a range {@code [from, to)} of the backing array or list, so the int, long,
 * double, array and list forms differ only in the view they make and in how they test an element.
 *
 * <p>The fixed-size kinds (chunks, windows) are indexed: item {@code i} is a range computed from
 * {@code i}, so they split at any index and nothing is scanned or copied. The kinds cut by the
 * data ({@code split}, {@code chunkBy}) are unindexed {@link Pieces}: a split looks for a cut near
 * the middle of its range, as Rayon's {@code SplitProducer} and {@code ChunkByProducer} do.
 */
final class SliceSources {
    private SliceSources() {
    }

    /** Makes the view of {@code [from, to)} of the backing array or list. */
    @FunctionalInterface
    interface Views<V> {
        V view(int from, int to);
    }

    static int checkSize(int size, String what) {
        if (size <= 0) {
            throw new IllegalArgumentException(what + " must be > 0: " + size);
        }
        return size;
    }

    static <T> List<T> randomAccess(List<T> list) {
        Objects.requireNonNull(list, "list");
        if (!(list instanceof RandomAccess)) {
            throw new IllegalArgumentException("a slice view reads and writes a list by index, so it needs a "
                    + "RandomAccess list (ArrayList, Arrays.asList, ...), not a " + list.getClass().getName()
                    + ": copy it into an ArrayList first");
        }
        return list;
    }

    // ------------------------------------------------------------------ indexed kinds

    static <V> IndexedParIter<V> chunks(int n, int size, Views<V> views) {
        int count = n / size + (n % size == 0 ? 0 : 1);
        return IntParIter.range(0, count).mapToObj(i -> {
            long from = (long) i * size;
            return views.view((int) from, (int) Math.min(n, from + size));
        });
    }

    static <V> IndexedParIter<V> chunksExact(int n, int size, Views<V> views) {
        return IntParIter.range(0, n / size).mapToObj(i -> views.view(i * size, i * size + size));
    }

    static <V> IndexedParIter<V> rchunks(int n, int size, Views<V> views) {
        int count = n / size + (n % size == 0 ? 0 : 1);
        return IntParIter.range(0, count).mapToObj(i -> {
            long to = n - (long) i * size;
            return views.view((int) Math.max(0, to - size), (int) to);
        });
    }

    static <V> IndexedParIter<V> rchunksExact(int n, int size, Views<V> views) {
        return IntParIter.range(0, n / size).mapToObj(i -> views.view(n - i * size - size, n - i * size));
    }

    static <V> IndexedParIter<V> windows(int n, int size, Views<V> views) {
        int count = size > n ? 0 : n - size + 1;
        return IntParIter.range(0, count).mapToObj(i -> views.view(i, i + size));
    }

    // ------------------------------------------------------------------ cut by the data

    /** How the cuts of a {@link Pieces} map to piece boundaries. */
    enum Mode {
        /** A cut is a separator element; it belongs to no piece; empty pieces are kept. */
        SPLIT,
        /** A cut is a separator element that ends its piece; no empty piece, none for an empty range. */
        SPLIT_INCLUSIVE,
        /** A cut at {@code c} is a boundary between elements {@code c - 1} and {@code c}. */
        CHUNK_BY
    }

    static <V> ParIter<V> split(int n, IntPredicate isSeparator, boolean inclusive, Views<V> views) {
        Mode mode = inclusive ? Mode.SPLIT_INCLUSIVE : Mode.SPLIT;
        return ParIter.fromUnindexedSupplier(() -> new Pieces<>(0, n, mode, isSeparator, views));
    }

    static <V> ParIter<V> chunkBy(int n, IntPredicate boundaryBefore, Views<V> views) {
        return ParIter.fromUnindexedSupplier(() -> new Pieces<>(0, n, Mode.CHUNK_BY, boundaryBefore, views));
    }

    /**
     * The pieces of {@code [lo, hi)}, cut where {@link #cut} holds. The candidate cuts are
     * {@code [cutLo(), cutHi())}: every element for {@code SPLIT}; every element but the last for
     * {@code SPLIT_INCLUSIVE} (a separator there ends the last piece, which ends there anyway);
     * every element but the first for {@code CHUNK_BY} (a boundary needs an element on each side).
     * The pieces of the range are those of the part before a cut followed by those of the part
     * after it, so a split cuts at a cut near the middle and neither part looks at the other again:
     * the elements of a piece are read only before the piece is handed out, and writes through a
     * handed-out view cannot change where the other pieces end.
     *
     * <p>As in Rayon, {@code [tail, cutHi())} are candidates already scanned and known not to be
     * cuts: a split first scans forward from the middle of the unknown candidates, then backward,
     * and passes on what it learnt, so no candidate is tested more than twice, however the
     * cuts lie (none at all, or all at one end).
     */
    static final class Pieces<V> implements UnindexedProducer<ObjSink<V>> {
        private final Mode mode;
        private final IntPredicate cut;
        private final Views<V> views;
        private int lo;
        private final int hi;
        private int tail;

        Pieces(int lo, int hi, Mode mode, IntPredicate cut, Views<V> views) {
            this(lo, hi, Integer.MAX_VALUE, mode, cut, views);
        }

        private Pieces(int lo, int hi, int tail, Mode mode, IntPredicate cut, Views<V> views) {
            this.lo = lo;
            this.hi = hi;
            this.mode = mode;
            this.cut = cut;
            this.views = views;
            this.tail = Math.max(cutLo(), Math.min(tail, cutHi()));
        }

        private int cutLo() {
            return mode == Mode.CHUNK_BY ? lo + 1 : lo;
        }

        private int cutHi() {
            return mode == Mode.SPLIT_INCLUSIVE ? hi - 1 : hi;
        }

        /** Where the piece before cut {@code c} ends. */
        private int endBefore(int c) {
            return mode == Mode.SPLIT_INCLUSIVE ? c + 1 : c;
        }

        /** Where the piece after cut {@code c} starts. */
        private int startAfter(int c) {
            return mode == Mode.CHUNK_BY ? c : c + 1;
        }

        /** The first cut in {@code [from, to)}, or -1. */
        private int find(int from, int to) {
            for (int c = from; c < to; c++) {
                if (cut.test(c)) {
                    return c;
                }
            }
            return -1;
        }

        /** The last cut in {@code [from, to)}, or -1. */
        private int rfind(int from, int to) {
            for (int c = to - 1; c >= from; c--) {
                if (cut.test(c)) {
                    return c;
                }
            }
            return -1;
        }

        @Override
        public UnindexedProducer<ObjSink<V>> split() {
            int from = cutLo();
            if (tail <= from) {
                return null;            // no candidate left that could be a cut
            }
            int mid = from + (tail - from) / 2;
            int c = find(mid, tail);
            boolean forward = c >= 0;
            if (!forward) {
                c = rfind(from, mid);
                if (c < 0) {
                    tail = from;        // no cut at all: the range is one piece
                    return null;
                }
            }
            // The left part's candidates end at c; [mid, c) were scanned when the cut was found
            // forward. Scanned backward, the right part's candidates are all known: no cut.
            Pieces<V> left = new Pieces<>(lo, endBefore(c), forward ? mid : Integer.MAX_VALUE, mode, cut, views);
            int oldTail = tail;
            lo = startAfter(c);
            tail = forward ? Math.max(cutLo(), oldTail) : cutLo();
            return left;
        }

        @Override
        public void foldWith(ObjSink<V> sink) {
            if (sink.full()) {
                return;
            }
            if (tail >= cutHi()) {
                fold(lo, hi, sink);
                return;
            }
            // [tail, cutHi()) holds no cut: the last piece starts after the last cut before tail.
            int c = rfind(cutLo(), tail);
            if (c < 0) {
                sink.accept(views.view(lo, hi));
                return;
            }
            fold(lo, endBefore(c), sink);
            if (!sink.full()) {
                sink.accept(views.view(startAfter(c), hi));
            }
        }

        /** The pieces of {@code [from, to)}, found and handed out one after another. */
        private void fold(int from, int to, ObjSink<V> sink) {
            switch (mode) {
                case SPLIT -> {
                    int start = from;
                    for (int i = from; i < to; i++) {
                        if (cut.test(i)) {
                            sink.accept(views.view(start, i));
                            if (sink.full()) {
                                return;
                            }
                            start = i + 1;
                        }
                    }
                    sink.accept(views.view(start, to));
                }
                case SPLIT_INCLUSIVE -> {
                    int start = from;
                    for (int i = from; i < to; i++) {
                        if (cut.test(i)) {
                            sink.accept(views.view(start, i + 1));
                            if (sink.full()) {
                                return;
                            }
                            start = i + 1;
                        }
                    }
                    if (start < to) {
                        sink.accept(views.view(start, to));
                    }
                }
                case CHUNK_BY -> {
                    if (from == to) {
                        return;
                    }
                    int start = from;
                    for (int i = from + 1; i < to; i++) {
                        if (cut.test(i)) {
                            sink.accept(views.view(start, i));
                            if (sink.full()) {
                                return;
                            }
                            start = i;
                        }
                    }
                    sink.accept(views.view(start, to));
                }
                default -> throw new AssertionError(mode);
            }
        }

        // for tests
        int lo() {
            return lo;
        }

        int hi() {
            return hi;
        }
    }
}
