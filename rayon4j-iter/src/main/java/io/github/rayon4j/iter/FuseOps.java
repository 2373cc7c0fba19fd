package io.github.rayon4j.iter;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoublePredicate;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongPredicate;

/**
 * The terminals of fused leaves (see {@link Fuse}): each is the last stage of the chain and says
 * how a leaf starts, when it may stop, what it returns and how two results combine. Like the
 * stages, each is a template copied per pipeline shape, with a no-argument constructor for its
 * prototype. Accumulators: counts and integer sums and reductions keep theirs in the
 * {@code long} accumulator (an {@code int} reduction in its low 32 bits, a {@code double}
 * reduction as its raw bits); the compensated sum and the optional reductions (min, max,
 * {@code reduce(op)}) keep a state object made per leaf. Results are boxed once per leaf.
 */
final class FuseOps {
    private FuseOps() {
    }

    /** Adds two boxed longs (counts and sums); not private: the copies of the terminals call it. */
    static Object plus(Object a, Object b) {
        return (Long) a + (Long) b;
    }

    /** {@code count()}: of either carrier. */
    static final class Count extends Fuse.Op implements Fuse.L, Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new Count();

        @Override
        Fuse.Op with(Object fn, long k) {
            return new Count();
        }

        @Override
        public long step(Object s, long acc, long x) {
            return acc + 1;
        }

        @Override
        public long step(Object s, long acc, double x) {
            return acc + 1;
        }

        @Override
        Object result(Object state, long acc) {
            return acc;
        }

        @Override
        Object combine(Object left, Object right) {
            return plus(left, right);
        }
    }

    /** {@code sum()} of ints (taken mod 2<sup>32</sup> at the end) and of longs. */
    static final class Sum extends Fuse.Op implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new Sum();

        @Override
        Fuse.Op with(Object fn, long k) {
            return new Sum();
        }

        @Override
        public long step(Object s, long acc, long x) {
            return acc + x;
        }

        @Override
        Object result(Object state, long acc) {
            return acc;
        }

        @Override
        Object combine(Object left, Object right) {
            return plus(left, right);
        }
    }

    /** The state of a compensated sum (the fields of {@link DoubleParIter.CompensatedSum}). */
    static final class Kahan {
        double sum;
        double compensation;
        double simpleSum;
    }

    /** {@code sum()} of doubles: compensated, as {@link DoubleParIter#sum()} documents. */
    static final class SumD extends Fuse.Op implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new SumD();

        @Override
        Fuse.Op with(Object fn, long k) {
            return new SumD();
        }

        @Override
        Object newState() {
            return new Kahan();
        }

        @Override
        public long step(Object s, long acc, double x) {
            Kahan k = (Kahan) s;
            k.simpleSum += x;
            double y = x - k.compensation;
            double t = k.sum + y;
            k.compensation = (t - k.sum) - y;
            k.sum = t;
            return acc;
        }

        @Override
        Object result(Object state, long acc) {
            Kahan k = (Kahan) state;
            return new DoubleParIter.CompensatedSum(k.sum, k.compensation, k.simpleSum);
        }

        @Override
        Object combine(Object left, Object right) {
            return ((DoubleParIter.CompensatedSum) left).combine((DoubleParIter.CompensatedSum) right);
        }
    }

    /** {@code reduce(identity, op)} of ints, in the low 32 bits of the accumulator. */
    static final class ReduceI extends Fuse.Op implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ReduceI();

        private final IntBinaryOperator op;
        private final int identity;

        ReduceI() {
            this(null, 0);
        }

        ReduceI(IntBinaryOperator op, int identity) {
            this.op = op;
            this.identity = identity;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ReduceI((IntBinaryOperator) fn, (int) k);
        }

        @Override
        long identity() {
            return identity;
        }

        @Override
        public long step(Object s, long acc, long x) {
            return op.applyAsInt((int) acc, (int) x);
        }

        @Override
        Object result(Object state, long acc) {
            return (int) acc;
        }

        @Override
        Object combine(Object left, Object right) {
            return op.applyAsInt((Integer) left, (Integer) right);
        }
    }

    /** {@code reduce(identity, op)} of longs. */
    static final class ReduceL extends Fuse.Op implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ReduceL();

        private final LongBinaryOperator op;
        private final long identity;

        ReduceL() {
            this(null, 0);
        }

        ReduceL(LongBinaryOperator op, long identity) {
            this.op = op;
            this.identity = identity;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ReduceL((LongBinaryOperator) fn, k);
        }

        @Override
        long identity() {
            return identity;
        }

        @Override
        public long step(Object s, long acc, long x) {
            return op.applyAsLong(acc, x);
        }

        @Override
        Object result(Object state, long acc) {
            return acc;
        }

        @Override
        Object combine(Object left, Object right) {
            return op.applyAsLong((Long) left, (Long) right);
        }
    }

    /** {@code reduce(identity, op)} of doubles, the accumulator holding the raw bits. */
    static final class ReduceD extends Fuse.Op implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ReduceD();

        private final DoubleBinaryOperator op;
        private final long identity;

        ReduceD() {
            this(null, 0);
        }

        ReduceD(DoubleBinaryOperator op, long identity) {
            this.op = op;
            this.identity = identity;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ReduceD((DoubleBinaryOperator) fn, k);
        }

        @Override
        long identity() {
            return identity;
        }

        @Override
        public long step(Object s, long acc, double x) {
            return Double.doubleToRawLongBits(op.applyAsDouble(Double.longBitsToDouble(acc), x));
        }

        @Override
        Object result(Object state, long acc) {
            return Double.longBitsToDouble(acc);
        }

        @Override
        Object combine(Object left, Object right) {
            return op.applyAsDouble((Double) left, (Double) right);
        }
    }

    /** The state of a reduction without identity: whether a value was seen, and the result. */
    static final class First {
        boolean seen;
        long value;
        double doubleValue;
    }

    /** {@code reduce(op)} of ints; a leaf with no value gives {@code null}. */
    static final class FirstReduceI extends Fuse.Op implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new FirstReduceI();

        private final IntBinaryOperator op;

        FirstReduceI() {
            this(null);
        }

        FirstReduceI(IntBinaryOperator op) {
            this.op = op;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new FirstReduceI((IntBinaryOperator) fn);
        }

        @Override
        Object newState() {
            return new First();
        }

        @Override
        public long step(Object s, long acc, long x) {
            First f = (First) s;
            f.value = f.seen ? op.applyAsInt((int) f.value, (int) x) : x;
            f.seen = true;
            return acc;
        }

        @Override
        Object result(Object state, long acc) {
            First f = (First) state;
            return f.seen ? Integer.valueOf((int) f.value) : null;
        }

        @Override
        Object combine(Object left, Object right) {
            return left == null ? right : right == null ? left
                    : Integer.valueOf(op.applyAsInt((Integer) left, (Integer) right));
        }
    }

    /** {@code reduce(op)} of longs; a leaf with no value gives {@code null}. */
    static final class FirstReduceL extends Fuse.Op implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new FirstReduceL();

        private final LongBinaryOperator op;

        FirstReduceL() {
            this(null);
        }

        FirstReduceL(LongBinaryOperator op) {
            this.op = op;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new FirstReduceL((LongBinaryOperator) fn);
        }

        @Override
        Object newState() {
            return new First();
        }

        @Override
        public long step(Object s, long acc, long x) {
            First f = (First) s;
            f.value = f.seen ? op.applyAsLong(f.value, x) : x;
            f.seen = true;
            return acc;
        }

        @Override
        Object result(Object state, long acc) {
            First f = (First) state;
            return f.seen ? Long.valueOf(f.value) : null;
        }

        @Override
        Object combine(Object left, Object right) {
            return left == null ? right : right == null ? left
                    : Long.valueOf(op.applyAsLong((Long) left, (Long) right));
        }
    }

    /** {@code reduce(op)} of doubles; a leaf with no value gives {@code null}. */
    static final class FirstReduceD extends Fuse.Op implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new FirstReduceD();

        private final DoubleBinaryOperator op;

        FirstReduceD() {
            this(null);
        }

        FirstReduceD(DoubleBinaryOperator op) {
            this.op = op;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new FirstReduceD((DoubleBinaryOperator) fn);
        }

        @Override
        Object newState() {
            return new First();
        }

        @Override
        public long step(Object s, long acc, double x) {
            First f = (First) s;
            f.doubleValue = f.seen ? op.applyAsDouble(f.doubleValue, x) : x;
            f.seen = true;
            return acc;
        }

        @Override
        Object result(Object state, long acc) {
            First f = (First) state;
            return f.seen ? Double.valueOf(f.doubleValue) : null;
        }

        @Override
        Object combine(Object left, Object right) {
            return left == null ? right : right == null ? left
                    : Double.valueOf(op.applyAsDouble((Double) left, (Double) right));
        }
    }

    /** The common part of the {@code forEach} terminals: nothing to return. */
    abstract static class ForEach extends Fuse.Op {
        @Override
        Object result(Object state, long acc) {
            return Boolean.TRUE;
        }

        @Override
        Object combine(Object left, Object right) {
            return left;
        }
    }

    /** {@code forEach} of ints. */
    static final class ForEachI extends ForEach implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ForEachI();

        private final IntConsumer action;

        ForEachI() {
            this(null);
        }

        ForEachI(IntConsumer action) {
            this.action = action;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ForEachI((IntConsumer) fn);
        }

        @Override
        public long step(Object s, long acc, long x) {
            action.accept((int) x);
            return acc;
        }
    }

    /** {@code forEach} of longs. */
    static final class ForEachL extends ForEach implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ForEachL();

        private final LongConsumer action;

        ForEachL() {
            this(null);
        }

        ForEachL(LongConsumer action) {
            this.action = action;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ForEachL((LongConsumer) fn);
        }

        @Override
        public long step(Object s, long acc, long x) {
            action.accept(x);
            return acc;
        }
    }

    /** {@code forEach} of doubles. */
    static final class ForEachD extends ForEach implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ForEachD();

        private final DoubleConsumer action;

        ForEachD() {
            this(null);
        }

        ForEachD(DoubleConsumer action) {
            this.action = action;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ForEachD((DoubleConsumer) fn);
        }

        @Override
        public long step(Object s, long acc, double x) {
            action.accept(x);
            return acc;
        }
    }

    /**
     * The common part of the match terminals: the accumulator becomes 1 at the first value whose
     * test gives {@code want}, and the leaves stop. {@code anyMatch(p)} looks for {@code true},
     * {@code allMatch(p)} for {@code false}; the iterators turn the result around.
     */
    abstract static class Match extends Fuse.Op {
        final boolean want;

        Match(boolean want) {
            this.want = want;
        }

        @Override
        boolean done(long acc) {
            return acc != 0;
        }

        @Override
        Object result(Object state, long acc) {
            return acc != 0;
        }

        @Override
        Object combine(Object left, Object right) {
            return (Boolean) left || (Boolean) right;
        }
    }

    /** Looks for an int whose test gives {@code want} (k = 1 for {@code true}). */
    static final class MatchI extends Match implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new MatchI();

        private final IntPredicate p;

        MatchI() {
            this(null, false);
        }

        MatchI(IntPredicate p, boolean want) {
            super(want);
            this.p = p;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new MatchI((IntPredicate) fn, k != 0);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return p.test((int) x) == want ? 1 : acc;
        }
    }

    /** Looks for a long whose test gives {@code want}. */
    static final class MatchL extends Match implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new MatchL();

        private final LongPredicate p;

        MatchL() {
            this(null, false);
        }

        MatchL(LongPredicate p, boolean want) {
            super(want);
            this.p = p;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new MatchL((LongPredicate) fn, k != 0);
        }

        @Override
        public long step(Object s, long acc, long x) {
            return p.test(x) == want ? 1 : acc;
        }
    }

    /** Looks for a double whose test gives {@code want}. */
    static final class MatchD extends Match implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new MatchD();

        private final DoublePredicate p;

        MatchD() {
            this(null, false);
        }

        MatchD(DoublePredicate p, boolean want) {
            super(want);
            this.p = p;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new MatchD((DoublePredicate) fn, k != 0);
        }

        @Override
        public long step(Object s, long acc, double x) {
            return p.test(x) == want ? 1 : acc;
        }
    }
    /**
     * The common part of {@code toArray()} of an indexed pipeline (no filter, so item {@code k} of
     * a leaf that starts at position {@code from} is item {@code from + k} of the result): the
     * accumulator is the next position to write. Leaves write disjoint ranges of the array.
     */
    abstract static class ToArray extends Fuse.Op {
        @Override
        long start(long from) {
            return from;
        }

        @Override
        Object result(Object state, long acc) {
            return Boolean.TRUE;
        }

        @Override
        Object combine(Object left, Object right) {
            return left;
        }
    }

    /** {@code toArray()} of an indexed pipeline of ints. */
    static final class ToArrayI extends ToArray implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ToArrayI();

        private final int[] out;

        ToArrayI() {
            this(null);
        }

        ToArrayI(int[] out) {
            this.out = out;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ToArrayI((int[]) fn);
        }

        @Override
        public long step(Object s, long acc, long x) {
            out[(int) acc] = (int) x;
            return acc + 1;
        }
    }

    /** {@code toArray()} of an indexed pipeline of longs. */
    static final class ToArrayL extends ToArray implements Fuse.L {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ToArrayL();

        private final long[] out;

        ToArrayL() {
            this(null);
        }

        ToArrayL(long[] out) {
            this.out = out;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ToArrayL((long[]) fn);
        }

        @Override
        public long step(Object s, long acc, long x) {
            out[(int) acc] = x;
            return acc + 1;
        }
    }

    /** {@code toArray()} of an indexed pipeline of doubles. */
    static final class ToArrayD extends ToArray implements Fuse.D {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Op PROTO = new ToArrayD();

        private final double[] out;

        ToArrayD() {
            this(null);
        }

        ToArrayD(double[] out) {
            this.out = out;
        }

        @Override
        Fuse.Op with(Object fn, long k) {
            return new ToArrayD((double[]) fn);
        }

        @Override
        public long step(Object s, long acc, double x) {
            out[(int) acc] = x;
            return acc + 1;
        }
    }
}
