package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.ObjSink;

import java.util.ArrayList;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** The leaf folders of the object terminals. */
final class ObjFolders {
    private ObjFolders() {
    }

    /** The items of {@code a}, then those of {@code b} that {@code a} lacks, in order, in {@code a}. */
    static <T> java.util.LinkedHashSet<T> union(java.util.LinkedHashSet<T> a, java.util.LinkedHashSet<T> b) {
        a.addAll(b);
        return a;
    }

    static <T> ArrayList<T> concat(ArrayList<T> a, ArrayList<T> b) {
        if (a.size() >= b.size()) {
            a.addAll(b);
            return a;
        }
        b.addAll(0, a);
        return b;
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

    static final class Collect<A, T> extends Terminal.SelfFolder<ObjSink<T>, A> implements ObjSink<T> {
        private final A container;
        private final BiConsumer<A, ? super T> acc;

        Collect(Stop stop, A container, BiConsumer<A, ? super T> acc) {
            super(stop);
            this.container = container;
            this.acc = acc;
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
