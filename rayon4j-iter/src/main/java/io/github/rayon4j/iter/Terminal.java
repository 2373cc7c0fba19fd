package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.Reducer;
import io.github.rayon4j.iter.plumbing.Sink;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The consumers behind the terminal operations. Every terminal has one {@link Stop} shared by
 * all its splits: early-exit terminals set it when the answer is known, and the bridge sets it
 * through {@link Consumer#cancel()} when a leaf threw.
 */
final class Terminal {
    private Terminal() {
    }

    /**
     * A terminal whose splits are all alike, the same object: a folder per leaf, results reduced
     * in order, one {@link Stop}. Subclasses say how to make a leaf's folder and how to reduce.
     */
    abstract static class Alike<S extends Sink, R> implements Consumer<S, R> {
        final Stop stop;

        Alike(Stop stop) {
            this.stop = stop;
        }

        @Override
        public final boolean full() {
            return stop.stopped;
        }

        @Override
        public final Consumer<S, R> splitOffLeft() {
            return this;
        }

        @Override
        public final void cancel() {
            stop.stop();
        }
    }

    /**
     * {@link Alike} with its folders and reduction given as functions, and, for a terminal whose
     * leaves can go on filling the preceding part's result ({@link Consumer#resumable()}), the
     * function that makes such a leaf's folder.
     */
    static final class Folding<S extends Sink, R> extends Alike<S, R> {
        private final Function<Stop, Folder<S, R>> folders;
        private final Reducer<R> reducer;
        private final BiFunction<Stop, R, Folder<S, R>> resumer;

        Folding(Function<Stop, Folder<S, R>> folders, Reducer<R> reducer) {
            this(new Stop(), folders, reducer);
        }

        Folding(Stop stop, Function<Stop, Folder<S, R>> folders, Reducer<R> reducer) {
            this(stop, folders, reducer, null);
        }

        /** A terminal whose leaf may go on from the result before it: {@code resumer(stop, before)}. */
        Folding(Function<Stop, Folder<S, R>> folders, Reducer<R> reducer,
                BiFunction<Stop, R, Folder<S, R>> resumer) {
            this(new Stop(), folders, reducer, resumer);
        }

        private Folding(Stop stop, Function<Stop, Folder<S, R>> folders, Reducer<R> reducer,
                        BiFunction<Stop, R, Folder<S, R>> resumer) {
            super(stop);
            this.folders = folders;
            this.reducer = reducer;
            this.resumer = resumer;
        }

        @Override
        public Folder<S, R> intoFolder() {
            return folders.apply(stop);
        }

        @Override
        public boolean resumable() {
            return resumer != null;
        }

        @Override
        public Folder<S, R> resumeFolder(R before) {
            if (resumer == null) {
                throw new UnsupportedOperationException("this terminal's leaves cannot resume");
            }
            return resumer.apply(stop, before);
        }

        @Override
        public R reduce(R left, R right) {
            return reducer.reduce(left, right);
        }
    }

    /** Base of folders that are their own sink. */
    abstract static class SelfFolder<S extends Sink, R> implements Folder<S, R>, Sink {
        final Stop stop;

        SelfFolder(Stop stop) {
            this.stop = stop;
        }

        @SuppressWarnings("unchecked")
        @Override
        public S sink() {
            return (S) this;
        }

        @Override
        public boolean full() {
            return stop.stopped;
        }
    }

    /**
     * What the splits of findFirst / findLast share: the best position found so far. Positions
     * are intervals of {@code [0, 2^62)} halved at each split, so a left part always has a
     * position no greater than a right part; when the interval runs out both get the same
     * position, which only costs early exit, never exactness. It is also the splits' stop flag,
     * set when a leaf threw (one object for both).
     */
    static final class Best extends Stop {
        final boolean first;
        final AtomicLong best;

        Best(boolean first) {
            this.first = first;
            this.best = new AtomicLong(first ? Long.MAX_VALUE : -1);
        }

        boolean beaten(long position) {
            long b = best.get();
            return first ? b < position : b > position;
        }

        void found(long position) {
            long b;
            do {
                b = best.get();
                if (first ? b <= position : b >= position) {
                    return;
                }
            } while (!best.compareAndSet(b, position));
        }
    }

    /** A folder of findFirst / findLast at a position. */
    abstract static class FindFolder<S extends Sink, R> implements Folder<S, R>, Sink {
        final Best best;
        final long position;
        boolean found;

        FindFolder(Best best, long position) {
            this.best = best;
            this.position = position;
        }

        /** Whether the item at hand is to be recorded; records that one was. */
        final boolean take() {
            if (best.first) {
                if (found) {
                    return false;
                }
                found = true;
            } else {
                found = true;
            }
            best.found(position);
            return true;
        }

        @SuppressWarnings("unchecked")
        @Override
        public S sink() {
            return (S) this;
        }

        @Override
        public boolean full() {
            return (best.first && found) || best.stopped || best.beaten(position);
        }
    }

    /**
     * What the splits of an ordered prefix ({@code limit(n)}, {@code takeWhile}) share: the stop
     * flag (a leaf threw), and the cut, the least end of a leaf that holds all the answer needs
     * from its part on: {@code n} items, or a first failing item. Leaves are positioned as for
     * findFirst (intervals of {@code [0, 2^62)} halved at each split, a left part before a right
     * one): a leaf {@code [lo, hi)} that has what it needs proves that nothing from {@code hi} on
     * is in the answer, so every part that starts at or after the cut can stop; the reduction
     * drops whatever such a part collected before it saw the cut. A part whose interval ran out
     * ({@code lo == hi}, after 62 halvings) neither sets nor obeys the cut, which only costs early
     * exit, never exactness.
     */
    static final class Cut extends Stop {
        private final AtomicLong cut = new AtomicLong(Long.MAX_VALUE);

        /** Whether the part {@code [lo, hi)} lies wholly after the cut. */
        boolean beyond(long lo, long hi) {
            return lo < hi && lo >= cut.get();
        }

        /** A leaf {@code [lo, hi)} holds the items it needs: nothing from {@code hi} on matters. */
        void reached(long lo, long hi) {
            if (lo < hi) {
                cut.accumulateAndGet(hi, Math::min);
            }
        }
    }

    /**
     * The positional consumer of an ordered prefix: {@code limit(n)} on an iterator without
     * indices (each leaf keeps at most {@code n} items, since an item after the {@code n}-th of
     * its own part cannot be among the first {@code n}, and the reduction keeps the first
     * {@code n} of the two sides in order) and {@code takeWhile} (each leaf stops at its first
     * failing item; the reduction takes the right side only if the left one did not fail). A
     * leaf that has what it needs stops every part after it ({@link Cut}). The caller makes the
     * folders, with the cut and their leaf's interval, and gives the reduction.
     */
    static final class Prefix<S extends Sink, R> extends Positioned<S, R> {
        interface Folders<S extends Sink, R> {
            Folder<S, R> make(Cut cut, long lo, long hi);
        }

        private final Cut cut;
        private final Folders<S, R> folders;
        private final Reducer<R> reducer;

        Prefix(Folders<S, R> folders, Reducer<R> reducer) {
            this(new Cut(), folders, reducer, 0, WHOLE);
        }

        private Prefix(Cut cut, Folders<S, R> folders, Reducer<R> reducer, long lo, long hi) {
            super(lo, hi);
            this.cut = cut;
            this.folders = folders;
            this.reducer = reducer;
        }

        @Override
        public boolean full() {
            return cut.stopped || cut.beyond(lo, hi);
        }

        @Override
        public Folder<S, R> intoFolder() {
            return folders.make(cut, lo, hi);
        }

        @Override
        Positioned<S, R> part(long lo, long hi) {
            return new Prefix<>(cut, folders, reducer, lo, hi);
        }

        @Override
        public R reduce(R left, R right) {
            return reducer.reduce(left, right);
        }

        @Override
        public void cancel() {
            cut.stop();
        }
    }

    /**
     * A consumer whose splits know where they lie: the interval {@code [lo, hi)} of
     * {@code [0, 2^62)}, halved at each split, the left half to the part before. Owned by one
     * split at a time, as every consumer is: {@code splitOffLeft} hands the left half to a new
     * consumer and keeps the right half.
     */
    abstract static class Positioned<S extends Sink, R> implements Consumer<S, R> {
        /** The interval of a whole run. */
        static final long WHOLE = 1L << 62;

        long lo;
        final long hi;

        Positioned(long lo, long hi) {
            this.lo = lo;
            this.hi = hi;
        }

        /** A consumer like this one for the part {@code [lo, hi)}. */
        abstract Positioned<S, R> part(long lo, long hi);

        @Override
        public final Consumer<S, R> splitOffLeft() {
            long mid = lo + (hi - lo) / 2;
            Positioned<S, R> left = part(lo, mid);
            lo = mid;
            return left;
        }
    }

    /** The positional consumer of findFirst / findLast. */
    static final class Find<S extends Sink, R> extends Positioned<S, R> {
        interface Folders<S extends Sink, R> {
            Folder<S, R> make(Best best, long position);
        }

        private final Best best;
        private final Folders<S, R> folders;

        Find(boolean first, Folders<S, R> folders) {
            this(new Best(first), folders, 0, WHOLE);
        }

        private Find(Best best, Folders<S, R> folders, long lo, long hi) {
            super(lo, hi);
            this.best = best;
            this.folders = folders;
        }

        @Override
        public boolean full() {
            return best.stopped || best.beaten(lo);
        }

        @Override
        public Folder<S, R> intoFolder() {
            return folders.make(best, lo);
        }

        @Override
        Positioned<S, R> part(long lo, long hi) {
            return new Find<>(best, folders, lo, hi);
        }

        /** The first found wins for findFirst, the last for findLast; {@code null} is none. */
        @Override
        public R reduce(R left, R right) {
            if (best.first) {
                return left != null ? left : right;
            }
            return right != null ? right : left;
        }

        @Override
        public void cancel() {
            best.stop();
        }
    }
}
