package io.github.rayon4j.iter;

import java.lang.invoke.MethodHandles;

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
 * function sees them. A copy calls the function and the next stage as their exact classes
 * ({@link Fuse#exact}).
 */
final class FuseSteps {
    private FuseSteps() {
    }

    /** The stage of map of an {@code IntParIter}. */
    static final class MapII extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapII();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsInt((int) x));
        }
    }

    /** The stage of {@code IntParIter.mapToLong}. */
    static final class MapIL extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapIL();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsLong((int) x));
        }
    }

    /** The stage of {@code IntParIter.mapToDouble}. */
    static final class MapID extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapID();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsDouble((int) x));
        }
    }

    /** The stage of map of a {@code LongParIter}. */
    static final class MapLL extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapLL();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsLong(x));
        }
    }

    /** The stage of {@code LongParIter.mapToInt}. */
    static final class MapLI extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapLI();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsInt(x));
        }
    }

    /** The stage of {@code LongParIter.mapToDouble}. */
    static final class MapLD extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapLD();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsDouble(x));
        }
    }

    /** The stage of map of a {@code DoubleParIter}. */
    static final class MapDD extends Fuse.Step implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapDD();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsDouble(x));
        }
    }

    /** The stage of {@code DoubleParIter.mapToInt}. */
    static final class MapDI extends Fuse.Step implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapDI();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsInt(x));
        }
    }

    /** The stage of {@code DoubleParIter.mapToLong}. */
    static final class MapDL extends Fuse.Step implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new MapDL();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(NEXT, next).step(s, acc, Fuse.exact(FN, f).applyAsLong(x));
        }
    }

    /** The stage of filter of an {@code IntParIter}. */
    static final class FilterI extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new FilterI();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(FN, f).test((int) x) ? Fuse.exact(NEXT, next).step(s, acc, x) : acc;
        }
    }

    /** The stage of filter of a {@code LongParIter}. */
    static final class FilterL extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new FilterL();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(FN, f).test(x) ? Fuse.exact(NEXT, next).step(s, acc, x) : acc;
        }
    }

    /** The stage of filter of a {@code DoubleParIter}. */
    static final class FilterD extends Fuse.Step implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new FilterD();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            return Fuse.exact(FN, f).test(x) ? Fuse.exact(NEXT, next).step(s, acc, x) : acc;
        }
    }

    /** The stage of peek of an {@code IntParIter}. */
    static final class PeekI extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new PeekI();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            Fuse.exact(FN, f).accept((int) x);
            return Fuse.exact(NEXT, next).step(s, acc, x);
        }
    }

    /** The stage of peek of a {@code LongParIter}. */
    static final class PeekL extends Fuse.Step implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new PeekL();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            Fuse.exact(FN, f).accept(x);
            return Fuse.exact(NEXT, next).step(s, acc, x);
        }
    }

    /** The stage of peek of a {@code DoubleParIter}. */
    static final class PeekD extends Fuse.Step implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Step PROTO = new PeekD();
        /** The exact classes of the user's function and of the next stage in a copy, else {@code null}. */
        private static final Class<?> FN = Fuse.exactType(MethodHandles.lookup(), Fuse.FN);
        private static final Class<?> NEXT = Fuse.exactType(MethodHandles.lookup(), Fuse.NEXT);

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
            Fuse.exact(FN, f).accept(x);
            return Fuse.exact(NEXT, next).step(s, acc, x);
        }
    }

}
