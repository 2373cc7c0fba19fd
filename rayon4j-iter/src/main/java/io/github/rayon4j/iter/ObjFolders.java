package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.ObjSink;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** The leaf folders of the object terminals. */
final class ObjFolders {
    private ObjFolders() {
    }

    /**
     * A leaf of {@code distinct()}: the first occurrence of each of its part's items, in order, in
     * an insertion-ordered set, its result a list of that one segment ({@link #disjointUnion}).
     * A leaf that goes on from the parts before it ({@code Consumer.resumeFolder}) adds to their
     * last segment the items that no segment holds yet, so the segments stay disjoint.
     */
    static final class DistinctPart<T> extends Terminal.SelfFolder<ObjSink<T>, ArrayList<LinkedHashSet<T>>>
            implements ObjSink<T> {
        private final ArrayList<LinkedHashSet<T>> segments;
        private final LinkedHashSet<T> items;
        private final int earlier;

        DistinctPart(Stop stop) {
            super(stop);
            this.items = new LinkedHashSet<>();
            this.segments = new ArrayList<>(1);
            this.segments.add(items);
            this.earlier = 0;
        }

        DistinctPart(Stop stop, ArrayList<LinkedHashSet<T>> before) {
            super(stop);
            this.segments = before;
            this.earlier = before.size() - 1;
            this.items = before.get(earlier);
        }

        @Override
        public void accept(T t) {
            for (int i = 0; i < earlier; i++) {
                if (segments.get(i).contains(t)) {
                    return;
                }
            }
            items.add(t);
        }

        @Override
        public ArrayList<LinkedHashSet<T>> complete() {
            return segments;
        }
    }

    /**
     * The distinct items of two runs of parts, first occurrences in order, as segments: each side
     * is a list of insertion-ordered sets, pairwise disjoint, that together hold the first
     * occurrence of each of its items in order. The right side's segments lose what the left's
     * hold ({@link Set#removeAll}, which walks the smaller of the two sets), and follow them. An
     * item is not inserted again while there are at most {@link #MAX_SEGMENTS} segments: a merge
     * costs lookups, where merging the sets themselves (as a parallel stream does) re-inserts the
     * right side at every level of the split tree. Past that many (a run of many small parts:
     * {@code withMaxLen(1)}, say), neighbours are merged pairwise, so that a merge never costs
     * more than {@code MAX_SEGMENTS} lookups per item.
     */
    static <T> ArrayList<LinkedHashSet<T>> disjointUnion(ArrayList<LinkedHashSet<T>> a, ArrayList<LinkedHashSet<T>> b) {
        return disjointUnion(a, b, Set::removeAll, Set::isEmpty, Set::addAll);
    }

    /** {@link #disjointUnion} of the primitive {@code distinct()}'s segments ({@link DistinctValues}). */
    static ArrayList<DistinctValues> disjointUnionOfValues(ArrayList<DistinctValues> a, ArrayList<DistinctValues> b) {
        return disjointUnion(a, b, DistinctValues::removeAll, DistinctValues::isEmpty, DistinctValues::addAll);
    }

    /** {@link #disjointUnion} over any kind of insertion-ordered set, given its three operations. */
    private static <S> ArrayList<S> disjointUnion(ArrayList<S> a, ArrayList<S> b, BiConsumer<S, S> removeAll,
                                                  Predicate<S> isEmpty, BiConsumer<S, S> addAll) {
        int leftSegments = a.size();
        for (S right : b) {
            for (int i = 0; i < leftSegments && !isEmpty.test(right); i++) {
                removeAll.accept(right, a.get(i));
            }
            if (!isEmpty.test(right)) {
                a.add(right);
            }
        }
        if (a.size() <= MAX_SEGMENTS) {
            return a;
        }
        ArrayList<S> halved = new ArrayList<>(a.size() / 2 + 1);
        for (int i = 0; i < a.size(); i += 2) {
            S s = a.get(i);
            if (i + 1 < a.size()) {
                addAll.accept(s, a.get(i + 1));
            }
            halved.add(s);
        }
        return halved;
    }

    /** The most segments {@link #disjointUnion} keeps before it merges neighbours. */
    static final int MAX_SEGMENTS = 32;

    /** The segments' items in order, in one array. */
    static <T> Object[] concatenated(List<? extends Collection<T>> segments) {
        return intoOneArray(segments, Collection::size, (s, out, at) -> {
            for (T t : s) {
                out[at++] = t;
            }
        });
    }

    /**
     * Parts (or pieces) with at least this many items in all are copied into the result in
     * parallel, one per item of an {@code IntParIter}: about what a parallel call costs against
     * a copy (some tens of microseconds).
     */
    static final long PARALLEL_COPY = 1 << 15;

    /** Copies one part's items into {@code out} from index {@code at}. */
    interface CopyInto<P> {
        void copy(P part, Object[] out, int at);
    }

    /**
     * The items of {@code parts}, in order, in one new array: each part copied once, at its
     * offset, in parallel when there are many items ({@link #PARALLEL_COPY}). The one way the
     * unindexed {@code toList} ({@link Piece}s) and {@code distinct} (sets) build their result.
     */
    static <P> Object[] intoOneArray(List<? extends P> parts, java.util.function.ToIntFunction<? super P> size,
                                     CopyInto<? super P> copy) {
        int k = parts.size();
        int[] at = new int[k];
        long n = 0;
        for (int i = 0; i < k; i++) {
            at[i] = (int) n; // read only when the total fits
            n += size.applyAsInt(parts.get(i));
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("too many items for an array: " + n);
        }
        Object[] out = new Object[(int) n];
        if (n < PARALLEL_COPY || k < 2) {
            for (int i = 0; i < k; i++) {
                copy.copy(parts.get(i), out, at[i]);
            }
        } else {
            IntParIter.range(0, k).forEach(i -> copy.copy(parts.get(i), out, at[i]));
        }
        return out;
    }

    /**
     * A leaf of an unindexed {@code toList} or {@code toArray}: its part's items in arrays that
     * fill one after the other ({@link #FIRST_PIECE} long, then twice as long each, up to {@link
     * #MAX_PIECE}), so an item is never copied as the leaf grows, as a list's growth copies it;
     * returned as the run of {@link Piece}s they are ({@link #joined}). A leaf that goes on from
     * the parts before it ({@code Consumer.resumeFolder}) goes on filling their last array, or
     * the next, twice as long, so the pieces stay as few as one leaf's.
     */
    static final class ListPart<T> extends Terminal.SelfFolder<ObjSink<T>, ArrayList<Piece>>
            implements ObjSink<T> {
        private final ArrayList<Piece> pieces;
        private Object[] current;
        private int n;

        ListPart(Stop stop) {
            super(stop);
            this.pieces = new ArrayList<>(1);
            this.current = new Object[FIRST_PIECE];
        }

        ListPart(Stop stop, ArrayList<Piece> before) {
            super(stop);
            this.pieces = before;
            Piece last = before.isEmpty() ? null : before.remove(before.size() - 1);
            if (last == null) {
                this.current = new Object[FIRST_PIECE];
            } else if (last.len() < last.items().length) {
                this.current = last.items(); // the array's owner is done with it: this leaf has it
                this.n = last.len();
            } else {
                before.add(last);
                this.current = new Object[Math.min(MAX_PIECE, 2 * last.len())];
            }
        }

        @Override
        public void accept(T t) {
            if (n == current.length) {
                pieces.add(new Piece(current, n));
                current = new Object[Math.min(MAX_PIECE, 2 * n)];
                n = 0;
            }
            current[n++] = t;
        }

        @Override
        public ArrayList<Piece> complete() {
            if (n > 0) {
                pieces.add(new Piece(current, n));
            }
            return pieces;
        }
    }

    /** The first array of a {@link ListPart}. */
    static final int FIRST_PIECE = 16;
    /** The longest array of a {@link ListPart}: 64 KiB of references or more, copied at once. */
    static final int MAX_PIECE = 1 << 14;

    /** The first {@code len} items of {@code items}: a piece of a leaf's items, in order. */
    record Piece(Object[] items, int len) {
    }

    /**
     * Two runs of pieces, in order: the right run's follow the left's. No item is copied until
     * {@link #joinedArray} copies each once into the result. Before, each leaf's items were in
     * an {@code ArrayList} and each reduction appended the smaller list to the larger, so an
     * item was copied as its list grew and again at several levels of the split tree: {@code
     * filter(..).toList()} over a million items ran at 0.6 of the parallel stream, whose leaves
     * also fill arrays and whose reductions also only link them
     * (benchmarks/results/2026-11-26-issue10z, section 7).
     */
    static ArrayList<Piece> joined(ArrayList<Piece> a, ArrayList<Piece> b) {
        a.addAll(b);
        return a;
    }

    /** The pieces' items in order, in one new array ({@link #intoOneArray}). */
    static Object[] joinedArray(List<Piece> pieces) {
        return intoOneArray(pieces, Piece::len, (p, out, at) -> System.arraycopy(p.items(), 0, out, at, p.len()));
    }

    /**
     * A leaf of an ordered {@code limit(n)} ({@link Terminal.Prefix}): the first {@code n} items
     * of its part, in order; full once it holds them (then it sets the cut) or its part lies
     * after the cut.
     */
    static final class Limited<T> implements Folder<ObjSink<T>, ArrayList<T>>, ObjSink<T> {
        private final Terminal.Cut cut;
        private final long lo;
        private final long hi;
        private final int n;
        private final ArrayList<T> items = new ArrayList<>();

        Limited(Terminal.Cut cut, long lo, long hi, int n) {
            this.cut = cut;
            this.lo = lo;
            this.hi = hi;
            this.n = n;
        }

        @Override
        public void accept(T t) {
            if (items.size() < n) { // items pushed after full() are ignored
                items.add(t);
                if (items.size() == n) {
                    cut.reached(lo, hi);
                }
            }
        }

        @Override
        public boolean full() {
            return items.size() >= n || cut.stopped || cut.beyond(lo, hi);
        }

        @Override
        public ObjSink<T> sink() {
            return this;
        }

        @Override
        public ArrayList<T> complete() {
            return items;
        }

        /** The first {@code n} items of {@code a} then {@code b}, in {@code a}. */
        static <T> ArrayList<T> concat(ArrayList<T> a, ArrayList<T> b, int n) {
            int room = n - a.size();
            if (room > 0) {
                a.addAll(b.size() <= room ? b : b.subList(0, room));
            }
            return a;
        }
    }

    /**
     * A leaf of an ordered {@code takeWhile} ({@link Terminal.Prefix}): its part's items up to the
     * first that fails the predicate, which breaks it (then it sets the cut: no part after it
     * counts); its own result, reduced in order by {@link #then}.
     */
    static final class TakingWhile<T> implements Folder<ObjSink<T>, TakingWhile<T>>, ObjSink<T> {
        private final Terminal.Cut cut;
        private final long lo;
        private final long hi;
        private final Predicate<? super T> predicate;
        final ArrayList<T> items = new ArrayList<>();
        private boolean broken;

        TakingWhile(Terminal.Cut cut, long lo, long hi, Predicate<? super T> predicate) {
            this.cut = cut;
            this.lo = lo;
            this.hi = hi;
            this.predicate = predicate;
        }

        @Override
        public void accept(T t) {
            if (broken) {
                return; // items pushed after full() are ignored
            }
            if (predicate.test(t)) {
                items.add(t);
            } else {
                broken = true;
                cut.reached(lo, hi);
            }
        }

        @Override
        public boolean full() {
            return broken || cut.stopped || cut.beyond(lo, hi);
        }

        @Override
        public ObjSink<T> sink() {
            return this;
        }

        @Override
        public TakingWhile<T> complete() {
            return this;
        }

        /** {@code this} part followed by {@code right}: the right one counts only if this one did not break. */
        TakingWhile<T> then(TakingWhile<T> right) {
            if (!broken) {
                items.addAll(right.items);
                broken = right.broken;
            }
            return this;
        }
    }

    static final class ForEach<T> extends Terminal.SelfFolder<ObjSink<T>, Void> implements ObjSink<T> {
        private final java.util.function.Consumer<? super T> action;

        ForEach(Stop stop, java.util.function.Consumer<? super T> action) {
            super(stop);
            this.action = action;
        }

        @Override
        public void accept(T t) {
            action.accept(t);
        }

        @Override
        public Void complete() {
            return null;
        }
    }

    static final class TryForEach<T> extends Terminal.SelfFolder<ObjSink<T>, Boolean> implements ObjSink<T> {
        private final Predicate<? super T> action;
        private boolean ok = true;

        TryForEach(Stop stop, Predicate<? super T> action) {
            super(stop);
            this.action = action;
        }

        @Override
        public void accept(T t) {
            if (ok && !action.test(t)) {
                ok = false;
                stop.stop();
            }
        }

        @Override
        public boolean full() {
            return !ok || stop.stopped;
        }

        @Override
        public Boolean complete() {
            return ok;
        }
    }

    static final class Reduce<U, T> extends Terminal.SelfFolder<ObjSink<T>, U> implements ObjSink<T> {
        private final BiFunction<U, ? super T, U> op;
        private U acc;

        Reduce(Stop stop, U identity, BiFunction<U, ? super T, U> op) {
            super(stop);
            this.acc = identity;
            this.op = op;
        }

        @Override
        public void accept(T t) {
            acc = op.apply(acc, t);
        }

        @Override
        public U complete() {
            return acc;
        }
    }

    static final class ReduceOpt<T> extends Terminal.SelfFolder<ObjSink<T>, Box<T>> implements ObjSink<T> {
        private final BinaryOperator<T> op;
        private T acc;
        private boolean has;

        ReduceOpt(Stop stop, BinaryOperator<T> op) {
            super(stop);
            this.op = op;
        }

        @Override
        public void accept(T t) {
            if (has) {
                acc = op.apply(acc, t);
            } else {
                acc = t;
                has = true;
            }
        }

        @Override
        public Box<T> complete() {
            return has ? new Box<>(acc) : null;
        }
    }

    static final class TryReduce<T> extends Terminal.SelfFolder<ObjSink<T>, Box<T>> implements ObjSink<T> {
        private final BiFunction<T, T, Optional<T>> op;
        private T acc;
        private boolean failed;

        TryReduce(Stop stop, Supplier<? extends T> identity, BiFunction<T, T, Optional<T>> op) {
            super(stop);
            this.op = op;
            this.acc = identity.get();
        }

        @Override
        public void accept(T t) {
            if (failed) {
                return;
            }
            Optional<T> r = op.apply(acc, t);
            if (r.isPresent()) {
                acc = r.get();
            } else {
                failed = true;
                stop.stop();
            }
        }

        @Override
        public boolean full() {
            return failed || stop.stopped;
        }

        @Override
        public Box<T> complete() {
            return failed || stop.stopped ? null : new Box<>(acc);
        }
    }

    /**
     * A leaf of {@code collect}: fills a container. A leaf that follows, on the same thread, the
     * part before it ({@code Consumer.resumeFolder}) goes on filling that part's container
     * ({@link #after}), or fills one of its own and combines it into that one at its end.
     */
    static class Collect<A, T> extends Terminal.SelfFolder<ObjSink<T>, A> implements ObjSink<T> {
        final A container;
        private final BiConsumer<A, ? super T> acc;

        Collect(Stop stop, A container, BiConsumer<A, ? super T> acc) {
            super(stop);
            this.container = container;
            this.acc = acc;
        }

        /**
         * The folder of a leaf that follows the part whose container is {@code before}. Going on
         * filling {@code before} saves a container and a combine, which is what a list, a set or a
         * map wants: their combine is extra work. A {@link StringJoiner}'s is not: merging a
         * joiner joins its strings into one, which the finisher would otherwise do alone, on the
         * calling thread, over every string of the largest joiner once the leaves are done; so a
         * leaf after a joiner fills a joiner of its own and merges it in at its end, on its own
         * thread, in parallel with the other leaves (benchmarks/results/2026-11-28-issue10aq).
         * The same holds one level down, for a map whose values are joiners ({@code groupingBy(f,
         * joining())}, {@code partitioningBy}, {@code toMap} into joiners): its merge merges them.
         */
        static <A, T> Collect<A, T> after(Stop stop, A before, Supplier<A> supplier, BiConsumer<A, ? super T> acc,
                                          BinaryOperator<A> combiner) {
            if (!joinsOnMerge(before)) {
                return new Collect<>(stop, before, acc);
            }
            return new Collect<>(stop, supplier.get(), acc) {
                @Override
                public A complete() {
                    return combiner.apply(before, container);
                }
            };
        }

        /** Whether {@code container} is a {@link StringJoiner} or a map whose (first) value is one. */
        private static boolean joinsOnMerge(Object container) {
            if (container instanceof Map<?, ?> m && !m.isEmpty()) {
                return m.values().iterator().next() instanceof StringJoiner;
            }
            return container instanceof StringJoiner;
        }

        @Override
        public void accept(T t) {
            acc.accept(container, t);
        }

        @Override
        public A complete() {
            return container;
        }
    }

    static final class Count<T> extends Terminal.SelfFolder<ObjSink<T>, Long> implements ObjSink<T> {
        private long n;

        Count(Stop stop) {
            super(stop);
        }

        @Override
        public void accept(T t) {
            n++;
        }

        @Override
        public Long complete() {
            return n;
        }
    }

    static final class AnyMatch<T> extends Terminal.SelfFolder<ObjSink<T>, Boolean> implements ObjSink<T> {
        private final Predicate<? super T> p;
        private boolean found;

        AnyMatch(Stop stop, Predicate<? super T> p) {
            super(stop);
            this.p = p;
        }

        @Override
        public void accept(T t) {
            if (!found && p.test(t)) {
                found = true;
                stop.stop();
            }
        }

        @Override
        public Boolean complete() {
            return found;
        }
    }

    static final class FindAny<T> extends Terminal.SelfFolder<ObjSink<T>, Box<T>> implements ObjSink<T> {
        private Box<T> found;

        FindAny(Stop stop) {
            super(stop);
        }

        @Override
        public void accept(T t) {
            if (found == null) {
                found = new Box<>(t);
                stop.stop();
            }
        }

        @Override
        public Box<T> complete() {
            return found;
        }
    }

    static final class Find<T> extends Terminal.FindFolder<ObjSink<T>, Box<T>> implements ObjSink<T> {
        private T item;

        Find(Terminal.Best best, long position) {
            super(best, position);
        }

        @Override
        public void accept(T t) {
            if (take()) {
                item = t;
            }
        }

        @Override
        public Box<T> complete() {
            return found ? new Box<>(item) : null;
        }
    }
}
