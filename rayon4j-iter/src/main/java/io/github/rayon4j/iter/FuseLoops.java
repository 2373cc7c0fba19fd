package io.github.rayon4j.iter;

/**
 * The leaf loops of fused leaves (see {@link Fuse}), one per source: the loop {@link Pace}s its
 * items in batches exactly as the sources' {@code foldWith} do, keeps the terminal's
 * accumulator in a local, and between batches stops when the terminal is done (then it sets the
 * shared {@link Stop}) or the {@link Stop} is set. Templates copied per pipeline shape, each with
 * a no-argument constructor for its prototype.
 */
final class FuseLoops {
    private FuseLoops() {
    }

    /** The fusable chain of {@code values[from, to)}. */
    static Fuse.Chain of(int[] values, int from, int to) {
        return new Fuse.Chain(IntArray.PROTO, values, from, to - from, null, 0);
    }

    /** The fusable chain of {@code values[from, to)}. */
    static Fuse.Chain of(long[] values, int from, int to) {
        return new Fuse.Chain(LongArray.PROTO, values, from, to - from, null, 0);
    }

    /** The fusable chain of {@code values[from, to)}. */
    static Fuse.Chain of(double[] values, int from, int to) {
        return new Fuse.Chain(DoubleArray.PROTO, values, from, to - from, null, 0);
    }

    /** The fusable chain of the ints {@code [from, to)}. */
    static Fuse.Chain intRange(int from, int to) {
        return new Fuse.Chain(IntRange.PROTO, null, from, (long) to - from, null, 0);
    }

    /** The fusable chain of the longs {@code [from, to)}; the length must fit a {@code long}. */
    static Fuse.Chain longRange(long from, long to) {
        return new Fuse.Chain(LongRange.PROTO, null, from, to - from, null, 0);
    }

    /** The loop over an {@code int[]}. */
    static final class IntArray extends Fuse.Loop {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Loop PROTO = new IntArray();

        private final int[] array;
        private final int base;
        private final Fuse.L head;
        private final Fuse.Op op;

        IntArray() {
            this(null, 0, null, null);
        }

        IntArray(int[] array, int base, Fuse.L head, Fuse.Op op) {
            this.array = array;
            this.base = base;
            this.head = head;
            this.op = op;
        }

        @Override
        Fuse.Loop with(Object source, long base, Object head, Fuse.Op op) {
            return new IntArray((int[]) source, (int) base, (Fuse.L) head, op);
        }

        @Override
        Object leaf(long from, long to, Stop stop) {
            int[] a = array;
            Fuse.L f = head;
            Fuse.Op t = op;
            Object s = t.newState();
            long acc = t.start(from);
            long clock = System.nanoTime();
            for (int i = base + (int) from, end = base + (int) to, batch = 1; i < end; ) {
                for (int last = end - i > batch ? i + batch : end; i < last; i++) {
                    acc = f.step(s, acc, a[i]);
                }
                if (t.done(acc)) {
                    stop.stop();
                    break;
                }
                if (stop.stopped) {
                    break;
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - clock);
                clock = now;
            }
            return t.result(s, acc);
        }
    }

    /** The loop over a {@code long[]}. */
    static final class LongArray extends Fuse.Loop {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Loop PROTO = new LongArray();

        private final long[] array;
        private final int base;
        private final Fuse.L head;
        private final Fuse.Op op;

        LongArray() {
            this(null, 0, null, null);
        }

        LongArray(long[] array, int base, Fuse.L head, Fuse.Op op) {
            this.array = array;
            this.base = base;
            this.head = head;
            this.op = op;
        }

        @Override
        Fuse.Loop with(Object source, long base, Object head, Fuse.Op op) {
            return new LongArray((long[]) source, (int) base, (Fuse.L) head, op);
        }

        @Override
        Object leaf(long from, long to, Stop stop) {
            long[] a = array;
            Fuse.L f = head;
            Fuse.Op t = op;
            Object s = t.newState();
            long acc = t.start(from);
            long clock = System.nanoTime();
            for (int i = base + (int) from, end = base + (int) to, batch = 1; i < end; ) {
                for (int last = end - i > batch ? i + batch : end; i < last; i++) {
                    acc = f.step(s, acc, a[i]);
                }
                if (t.done(acc)) {
                    stop.stop();
                    break;
                }
                if (stop.stopped) {
                    break;
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - clock);
                clock = now;
            }
            return t.result(s, acc);
        }
    }

    /** The loop over a {@code double[]}. */
    static final class DoubleArray extends Fuse.Loop {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Loop PROTO = new DoubleArray();

        private final double[] array;
        private final int base;
        private final Fuse.D head;
        private final Fuse.Op op;

        DoubleArray() {
            this(null, 0, null, null);
        }

        DoubleArray(double[] array, int base, Fuse.D head, Fuse.Op op) {
            this.array = array;
            this.base = base;
            this.head = head;
            this.op = op;
        }

        @Override
        Fuse.Loop with(Object source, long base, Object head, Fuse.Op op) {
            return new DoubleArray((double[]) source, (int) base, (Fuse.D) head, op);
        }

        @Override
        Object leaf(long from, long to, Stop stop) {
            double[] a = array;
            Fuse.D f = head;
            Fuse.Op t = op;
            Object s = t.newState();
            long acc = t.start(from);
            long clock = System.nanoTime();
            for (int i = base + (int) from, end = base + (int) to, batch = 1; i < end; ) {
                for (int last = end - i > batch ? i + batch : end; i < last; i++) {
                    acc = f.step(s, acc, a[i]);
                }
                if (t.done(acc)) {
                    stop.stop();
                    break;
                }
                if (stop.stopped) {
                    break;
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - clock);
                clock = now;
            }
            return t.result(s, acc);
        }
    }

    /** The loop over an {@code int} range. */
    static final class IntRange extends Fuse.Loop {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Loop PROTO = new IntRange();

        private final int base;
        private final Fuse.L head;
        private final Fuse.Op op;

        IntRange() {
            this(0, null, null);
        }

        IntRange(int base, Fuse.L head, Fuse.Op op) {
            this.base = base;
            this.head = head;
            this.op = op;
        }

        @Override
        Fuse.Loop with(Object source, long base, Object head, Fuse.Op op) {
            return new IntRange((int) base, (Fuse.L) head, op);
        }

        @Override
        Object leaf(long from, long to, Stop stop) {
            Fuse.L f = head;
            Fuse.Op t = op;
            Object s = t.newState();
            long acc = t.start(from);
            long clock = System.nanoTime();
            int batch = 1;
            for (int x = (int) (base + from), end = (int) (base + to); x < end; ) {
                // d < 0: the distance overflowed, so it is longer than any batch
                int d = end - x;
                for (int last = d > batch || d < 0 ? x + batch : end; x < last; x++) {
                    acc = f.step(s, acc, x);
                }
                if (t.done(acc)) {
                    stop.stop();
                    break;
                }
                if (stop.stopped) {
                    break;
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - clock);
                clock = now;
            }
            return t.result(s, acc);
        }
    }

    /** The loop over a {@code long} range. */
    static final class LongRange extends Fuse.Loop {
        /** The prototype: copies of this class are made from it (see {@link Fuse}). */
        static final Fuse.Loop PROTO = new LongRange();

        private final long base;
        private final Fuse.L head;
        private final Fuse.Op op;

        LongRange() {
            this(0, null, null);
        }

        LongRange(long base, Fuse.L head, Fuse.Op op) {
            this.base = base;
            this.head = head;
            this.op = op;
        }

        @Override
        Fuse.Loop with(Object source, long base, Object head, Fuse.Op op) {
            return new LongRange((long) base, (Fuse.L) head, op);
        }

        @Override
        Object leaf(long from, long to, Stop stop) {
            Fuse.L f = head;
            Fuse.Op t = op;
            Object s = t.newState();
            long acc = t.start(from);
            long clock = System.nanoTime();
            int batch = 1;
            for (long x = (long) (base + from), end = (long) (base + to); x < end; ) {
                // d < 0: the distance overflowed, so it is longer than any batch
                long d = end - x;
                for (long last = d > batch || d < 0 ? x + batch : end; x < last; x++) {
                    acc = f.step(s, acc, x);
                }
                if (t.done(acc)) {
                    stop.stop();
                    break;
                }
                if (stop.stopped) {
                    break;
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - clock);
                clock = now;
            }
            return t.result(s, acc);
        }
    }
}
