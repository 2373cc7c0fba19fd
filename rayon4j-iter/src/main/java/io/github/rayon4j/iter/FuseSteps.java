package io.github.rayon4j.iter;

import java.util.function.DoubleConsumer;
import java.util.function.DoublePredicate;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongPredicate;
import java.util.function.LongToDoubleFunction;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;

/**
 * The element-wise stages of fused leaves (see {@link Fuse}): one class per stage and function
 * type, each a template that {@link Fuse} copies per pipeline shape. Each holds the user's
 * function and the next stage in final fields and has a no-argument constructor for its
 * prototype; ints arrive widened in the {@code long} carrier and are narrowed before the user's
 * function sees them.
 */
final class FuseSteps {
    private FuseSteps() {
    }

    /** The prototype of map of an {@code IntParIter}. */
    static final Fuse.Step MAP_I_I = new MapII();

    /** The prototype of {@code IntParIter.mapToLong}. */
    static final Fuse.Step MAP_I_L = new MapIL();

    /** The prototype of {@code IntParIter.mapToDouble}. */
    static final Fuse.Step MAP_I_D = new MapID();

    /** The prototype of map of a {@code LongParIter}. */
    static final Fuse.Step MAP_L_L = new MapLL();

    /** The prototype of {@code LongParIter.mapToInt}. */
    static final Fuse.Step MAP_L_I = new MapLI();

    /** The prototype of {@code LongParIter.mapToDouble}. */
    static final Fuse.Step MAP_L_D = new MapLD();

    /** The prototype of map of a {@code DoubleParIter}. */
    static final Fuse.Step MAP_D_D = new MapDD();

    /** The prototype of {@code DoubleParIter.mapToInt}. */
    static final Fuse.Step MAP_D_I = new MapDI();

    /** The prototype of {@code DoubleParIter.mapToLong}. */
    static final Fuse.Step MAP_D_L = new MapDL();

    /** The prototype of filter of an {@code IntParIter}. */
    static final Fuse.Step FILTER_I = new FilterI();

    /** The prototype of filter of a {@code LongParIter}. */
    static final Fuse.Step FILTER_L = new FilterL();

    /** The prototype of filter of a {@code DoubleParIter}. */
    static final Fuse.Step FILTER_D = new FilterD();

    /** The prototype of peek of an {@code IntParIter}. */
    static final Fuse.Step PEEK_I = new PeekI();

    /** The prototype of peek of a {@code LongParIter}. */
    static final Fuse.Step PEEK_L = new PeekL();

    /** The prototype of peek of a {@code DoubleParIter}. */
    static final Fuse.Step PEEK_D = new PeekD();

    /** The stage of map of an {@code IntParIter}. */
    static final class MapII extends Fuse.Step implements Fuse.L {
        private final IntUnaryOperator f;
        private final Fuse.L next;

        MapII() {
            this(null, null);
        }

        MapII(IntUnaryOperator f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapII((IntUnaryOperator) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return next.step(s, acc, f.applyAsInt((int) x));
        }
    }

    /** The stage of {@code IntParIter.mapToLong}. */
    static final class MapIL extends Fuse.Step implements Fuse.L {
        private final IntToLongFunction f;
        private final Fuse.L next;

        MapIL() {
            this(null, null);
        }

        MapIL(IntToLongFunction f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapIL((IntToLongFunction) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return next.step(s, acc, f.applyAsLong((int) x));
        }
    }

    /** The stage of {@code IntParIter.mapToDouble}. */
    static final class MapID extends Fuse.Step implements Fuse.L {
        private final IntToDoubleFunction f;
        private final Fuse.D next;

        MapID() {
            this(null, null);
        }

        MapID(IntToDoubleFunction f, Fuse.D next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapID((IntToDoubleFunction) fn, (Fuse.D) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return next.step(s, acc, f.applyAsDouble((int) x));
        }
    }

    /** The stage of map of a {@code LongParIter}. */
    static final class MapLL extends Fuse.Step implements Fuse.L {
        private final LongUnaryOperator f;
        private final Fuse.L next;

        MapLL() {
            this(null, null);
        }

        MapLL(LongUnaryOperator f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapLL((LongUnaryOperator) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return next.step(s, acc, f.applyAsLong(x));
        }
    }

    /** The stage of {@code LongParIter.mapToInt}. */
    static final class MapLI extends Fuse.Step implements Fuse.L {
        private final LongToIntFunction f;
        private final Fuse.L next;

        MapLI() {
            this(null, null);
        }

        MapLI(LongToIntFunction f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapLI((LongToIntFunction) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return next.step(s, acc, f.applyAsInt(x));
        }
    }

    /** The stage of {@code LongParIter.mapToDouble}. */
    static final class MapLD extends Fuse.Step implements Fuse.L {
        private final LongToDoubleFunction f;
        private final Fuse.D next;

        MapLD() {
            this(null, null);
        }

        MapLD(LongToDoubleFunction f, Fuse.D next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapLD((LongToDoubleFunction) fn, (Fuse.D) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return next.step(s, acc, f.applyAsDouble(x));
        }
    }

    /** The stage of map of a {@code DoubleParIter}. */
    static final class MapDD extends Fuse.Step implements Fuse.D {
        private final DoubleUnaryOperator f;
        private final Fuse.D next;

        MapDD() {
            this(null, null);
        }

        MapDD(DoubleUnaryOperator f, Fuse.D next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapDD((DoubleUnaryOperator) fn, (Fuse.D) next);
        }

        @Override
        public long step(Object s, long acc, double x) {
            return next.step(s, acc, f.applyAsDouble(x));
        }
    }

    /** The stage of {@code DoubleParIter.mapToInt}. */
    static final class MapDI extends Fuse.Step implements Fuse.D {
        private final DoubleToIntFunction f;
        private final Fuse.L next;

        MapDI() {
            this(null, null);
        }

        MapDI(DoubleToIntFunction f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapDI((DoubleToIntFunction) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, double x) {
            return next.step(s, acc, f.applyAsInt(x));
        }
    }

    /** The stage of {@code DoubleParIter.mapToLong}. */
    static final class MapDL extends Fuse.Step implements Fuse.D {
        private final DoubleToLongFunction f;
        private final Fuse.L next;

        MapDL() {
            this(null, null);
        }

        MapDL(DoubleToLongFunction f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new MapDL((DoubleToLongFunction) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, double x) {
            return next.step(s, acc, f.applyAsLong(x));
        }
    }

    /** The stage of filter of an {@code IntParIter}. */
    static final class FilterI extends Fuse.Step implements Fuse.L {
        private final IntPredicate f;
        private final Fuse.L next;

        FilterI() {
            this(null, null);
        }

        FilterI(IntPredicate f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new FilterI((IntPredicate) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return f.test((int) x) ? next.step(s, acc, x) : acc;
        }
    }

    /** The stage of filter of a {@code LongParIter}. */
    static final class FilterL extends Fuse.Step implements Fuse.L {
        private final LongPredicate f;
        private final Fuse.L next;

        FilterL() {
            this(null, null);
        }

        FilterL(LongPredicate f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new FilterL((LongPredicate) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return f.test(x) ? next.step(s, acc, x) : acc;
        }
    }

    /** The stage of filter of a {@code DoubleParIter}. */
    static final class FilterD extends Fuse.Step implements Fuse.D {
        private final DoublePredicate f;
        private final Fuse.D next;

        FilterD() {
            this(null, null);
        }

        FilterD(DoublePredicate f, Fuse.D next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new FilterD((DoublePredicate) fn, (Fuse.D) next);
        }

        @Override
        public long step(Object s, long acc, double x) {
            return f.test(x) ? next.step(s, acc, x) : acc;
        }
    }

    /** The stage of peek of an {@code IntParIter}. */
    static final class PeekI extends Fuse.Step implements Fuse.L {
        private final IntConsumer f;
        private final Fuse.L next;

        PeekI() {
            this(null, null);
        }

        PeekI(IntConsumer f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new PeekI((IntConsumer) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            f.accept((int) x);
            return next.step(s, acc, x);
        }
    }

    /** The stage of peek of a {@code LongParIter}. */
    static final class PeekL extends Fuse.Step implements Fuse.L {
        private final LongConsumer f;
        private final Fuse.L next;

        PeekL() {
            this(null, null);
        }

        PeekL(LongConsumer f, Fuse.L next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new PeekL((LongConsumer) fn, (Fuse.L) next);
        }

        @Override
        public long step(Object s, long acc, long x) {
            f.accept(x);
            return next.step(s, acc, x);
        }
    }

    /** The stage of peek of a {@code DoubleParIter}. */
    static final class PeekD extends Fuse.Step implements Fuse.D {
        private final DoubleConsumer f;
        private final Fuse.D next;

        PeekD() {
            this(null, null);
        }

        PeekD(DoubleConsumer f, Fuse.D next) {
            this.f = f;
            this.next = next;
        }

        @Override
        Object with(Object fn, Object next) {
            return new PeekD((DoubleConsumer) fn, (Fuse.D) next);
        }

        @Override
        public long step(Object s, long acc, double x) {
            f.accept(x);
            return next.step(s, acc, x);
        }
    }

}
