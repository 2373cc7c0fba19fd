package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.plumbing.Bridge;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.iter.plumbing.Sink;

import java.io.IOException;
import java.io.InputStream;
import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Fused leaves: how a primitive pipeline over an array or a range ({@code IntParIter.of(a)
 * .filter(p).count()}, {@code LongParIter.range(0, n).map(f).sum()}) runs its leaves as tight as
 * a loop written by hand.
 *
 * <h2>Why the sink chain is not enough</h2>
 * The general path pushes every item through a chain of sinks into a terminal folder that keeps
 * its accumulator in a field. That folder outlives the leaf (it is the leaf's result), so C2 must
 * store the field on every item: a count behind an unpredictable filter becomes a branch and a
 * store per item instead of a conditional move in a register, five times slower than the loop a
 * user writes. And every pipeline shares the same adaptor classes, so in an application that runs
 * more than a couple of pipelines the call sites inside them see many lambdas, turn megamorphic
 * and stop inlining.
 *
 * <h2>The fused form</h2>
 * A pipeline whose source is an array or a range and whose stages are element-wise ({@code map},
 * {@code filter}, {@code peek}, the {@code mapTo*}/{@code as*} conversions) keeps, beside its
 * sink chain, a {@link Chain}: the source and the list of stages. Its terminals that have a fused
 * form ({@link FuseOps}) build, per call, a chain of small objects in which each stage hands the
 * value <em>and the accumulator</em> to the next ({@link L#step}: {@code acc = head.step(state,
 * acc, a[i])}); the terminal returns the new accumulator. The accumulator is a local of the leaf
 * loop ({@link Loop#leaf}), so it lives in a register; terminals with more than one number of
 * state (the compensated {@code double} sum, min/max with their "seen" flag, the count beside an
 * average's sum) use a state object made inside the leaf and passed down as an argument, which
 * C2's escape analysis keeps in registers once the chain is inlined. Ints ride in the {@code long} carrier ({@link L}) and are
 * narrowed back by the stages that read them; doubles ride in {@link D}.
 *
 * <h2>One copy of the code per pipeline shape</h2>
 * For a pipeline that keeps being run, every class of its chain (the loop, each stage, the
 * terminal) is defined again from its own bytes as a hidden class ({@link
 * MethodHandles.Lookup#defineHiddenClass}), once per <em>shape</em>: the list of template
 * classes and of the classes of the user's lambdas. The copies have their own profiles, so the
 * call sites inside them see one receiver each and inline, however many other pipelines the
 * application runs. At most {@link #MAX_SHAPES} shapes are copied (later shapes use the shared
 * classes) and a failure to define a copy (no class bytes, a security policy) falls back to the
 * shared classes for good.
 *
 * <p>When a shape is copied is a rent-or-buy choice. A copy starts cold, while the shared classes
 * are already compiled: its first runs are interpreted (a {@code map(..).sum()} over 10^5 longs
 * took 8-13 ms on fresh copies against 0.7-0.9 on the warm shared classes, JDK 17, two cores),
 * and its loop is compiled again by C2, twice (on-stack and whole), about 17 ms each on the one
 * C2 thread a two-core machine gets, in a queue that every other new copy joins. What a copy buys
 * is speed in the runs after that (the same pipeline: 0.12-0.16 ms per call on its copies, 0.25
 * on shared classes that a dozen shapes had run through), which only a shape that keeps running
 * collects. So a shape runs on the shared classes until its runs there have taken {@link
 * #COPY_AFTER_NANOS} in all, about what a copy costs, then gets its copies: a shape never pays
 * for its copies more than it had spent without them, and a pipeline run a few times, or a cheap
 * one, is never copied. Copying every shape on its second run, as a first version did, made that
 * run the slowest of a pipeline's life and put every new shape's compilations in one queue: after
 * a warm-up, runs 2 to 40 of twelve new shapes of that pipeline took 315-510 ms in all, against
 * 153-207 ms with this rule (the parallel stream: 98; benchmarks/results/2026-11-25-issue10n).
 * The time counted is each run's wall time from the calling thread, on the shared classes only;
 * a run that throws is not counted, and a shape's first run is never on copies. (In a fresh JVM
 * the first run of a program's first pipeline carries the library's own first use, some 70-100
 * ms here, so that shape is still copied on its second run: not counting first runs would spare
 * it, but would also keep a costly kernel on the shared classes for its second run.)
 *
 * <h2>Exact types: inlining without profiles</h2>
 * Own profiles are not always enough. When the JIT's optimizing queue is long (as right after an
 * application has run many other pipelines), a copy's stage methods can be compiled first by
 * the tier that keeps no profile, and the leaf loop is then optimized with the stages inlined
 * but no record of which lambda and which next stage they call: every item paid two virtual
 * calls, and a sum of squares ran seven times slower in about one polluted JVM in four
 * ({@code -XX:-UseTypeProfile} shows the same slow loop every time). So a shape's copies are
 * made from the terminal back to the loop, and each is given, as its class data ({@link
 * MethodHandles.Lookup#defineHiddenClassWithClassData}), the exact classes of what it calls: the
 * user's function ({@link #FN}), the next stage ({@link #NEXT}) and, for a loop, the terminal
 * ({@link #OP}). A template reads them into {@code static final} fields ({@link #exactType}),
 * which the optimizer treats as constants, and casts each field to its class before the call
 * ({@link #exact}): the cast with a constant class gives the value that exact (final) class, so
 * the call binds to one method and inlines from the class hierarchy alone. The shared classes
 * have no class data; their fields hold {@code null} and {@link #exact} returns its argument.
 * A shape's key holds the class of every lambda and the copies are made for that key, so the
 * casts never fail.
 *
 * <h2>Sharing a long leaf</h2>
 * The adaptive splitter decides how a range is cut before any leaf runs; once a leaf runs, its
 * range is one thread's until it ends. When the costly items sit together (the interesting
 * corner of an image, the long rows of a triangular loop) or a thread was held up, one leaf can
 * keep one thread working alone for milliseconds while the others idle. So a leaf looks, between
 * batches, at what it has left: if that would take at least {@link #SHARE_NANOS} at the pace of
 * its last batch and the leaf's work-wanted hint says another thread of the pool is idle while
 * this one has nothing queued ({@link io.github.rayon4j.core.Rayon#workWantedHint()}, the answer
 * of {@code Rayon.isWorkWanted()}, got once before the loop so that the loop holds no lookup of
 * its thread: see {@link #worthSharing}), the leaf ends its loop there and hands its
 * remaining positions to {@link Bridge} as a fresh range ({@link #share}): the bridge's first
 * split pushes half of them where the idle thread steals it. The leaf's result is its terminal's
 * combination of what it had accumulated and the result of the rest, in position order, so every
 * terminal returns what it returns unshared; the rest keeps the run's {@link Stop}, and its
 * leaves are ordinary leaves, which may share again. A one-thread pool never shares (no other
 * thread is idle), nor does a leaf shorter than {@code SHARE_NANOS}. The check uses only values
 * the loop keeps anyway (the batch's start time and length, the end position) and the hint: a
 * first version kept the leaf's start time and first position live across the loop to estimate
 * from the leaf's average pace, and that doubled the time of a kernel with a costly function in polluted
 * JVMs (Pythagorean triples: 4.8 → 9 ms, both workers busy and evenly loaded, so each item cost
 * twice as much; benchmarks/results/2026-11-23-issue10h), although it shared no more. What in
 * the compiled loop made the difference was not pinned down.
 *
 * <h2>Protocol</h2>
 * Leaves are split by {@link Bridge} as any indexed source is (same adaptive splitter, same
 * cancellation): the producer is a range of positions {@code [from, to)} of the source, and the
 * leaf runs {@link Loop#leaf} over it, or over its first part when it shares the rest (above).
 * The loop pushes items in batches paced as the other sources are ({@link Pace}) and, between
 * batches, stops when the shared {@link Stop} is set (an
 * answer was found, or another leaf threw) or when its terminal says the leaf is done ({@link
 * Op#enough}): an early-exit terminal then sets the {@link Stop} for the others, and {@code
 * findFirst}/{@code findLast} record the leaf's start in a shared {@link Terminal.Best}, which
 * stops the leaves on the losing side of it (a leaf covers positions {@code [from, to)} of the
 * source, so comparing starts orders leaves exactly); the matches and the left-to-right finds
 * leave their batch at the first value ({@link Op#untilFound}). The chain objects are made for one
 * terminal call and hold only final fields, so all leaves share them; per-leaf state is the
 * accumulator and the state object, both local to the leaf. The one shared thing written is
 * {@code toArray}'s output array: each leaf writes only its own positions {@code [from, to)},
 * and the caller reads it after the bridge's joins, which order every leaf's writes before the
 * join returns. The shape cache is a {@link ConcurrentHashMap}; an entry's run count and time
 * are added under the entry's lock, and its copies are made at most once, under the same lock,
 * and published through a volatile field after they are complete.
 */
final class Fuse {
    /** Shapes that get copies of their classes; later shapes use the shared classes. */
    static final int MAX_SHAPES = 1024;
    /**
     * A shape gets its copies once its runs on the shared classes have taken this long in all
     * (see "One copy of the code per pipeline shape"): about what a copy costs before it runs at
     * full speed.
     */
    static final long COPY_AFTER_NANOS = 50_000_000;

    /**
     * A leaf hands the rest of its range to idle threads only if the rest would take at least
     * this long at the pace of its last batch: a share costs the leaf about a microsecond (the
     * bridge's objects and a join) and the thief a steal, so each side is left at least ten
     * times that.
     */
    static final long SHARE_NANOS = 20_000;

    /** Where a copy's class data holds the class of the user's function. */
    static final int FN = 0;
    /** Where a copy's class data holds the class of the next stage (a loop's: its first stage). */
    static final int NEXT = 1;
    /** Where a loop's class data holds the class of the terminal. */
    static final int OP = 2;

    private Fuse() {
    }

    /**
     * One of the exact classes a copy was made with (see "Exact types" above), or {@code null}
     * in a shared template class or where the copy calls nothing there. Called from the static
     * initializers of the templates, with their own lookup.
     *
     * @param own   the calling class's own lookup ({@code MethodHandles.lookup()})
     * @param which {@link #FN}, {@link #NEXT} or {@link #OP}
     * @return the class, or {@code null}
     */
    static Class<?> exactType(MethodHandles.Lookup own, int which) {
        if (!own.lookupClass().isHidden()) {
            return null;
        }
        try {
            Class<?>[] types = MethodHandles.classData(own, ConstantDescs.DEFAULT_NAME, Class[].class);
            return types == null ? null : types[which];
        } catch (IllegalAccessException e) {
            throw new AssertionError("a class's own lookup reads its class data", e);
        }
    }

    /**
     * {@code value} cast to {@code type} when there is one: with {@code type} a constant the
     * optimizer knows {@code value}'s exact class and binds calls on it statically.
     *
     * @param type  the exact class of {@code value}, or {@code null}
     * @param value the value
     * @param <T>   the type the caller calls it as
     * @return {@code value}
     */
    @SuppressWarnings("unchecked")
    static <T> T exact(Class<?> type, T value) {
        return type == null ? value : (T) type.cast(value);
    }

    /**
     * Whether a leaf should share the rest of its range now (see "Sharing a long leaf"): its last
     * batch did {@code done} items in {@code elapsed} nanoseconds, {@code left} remain, and
     * another thread of the pool wants work.
     *
     * @param elapsed nanoseconds the last batch took
     * @param done    items in the last batch
     * @param left    items left
     * @param wanted  the leaf's {@link Rayon#workWantedHint()}, got before its loop: the loop
     *                then holds no lookup of its thread, which the JIT may compile as a call
     * @return whether to call {@link #share}
     */
    static boolean worthSharing(long elapsed, long done, long left, BooleanSupplier wanted) {
        return done > 0 && left > 1 && (double) left * elapsed >= (double) SHARE_NANOS * done
                && wanted.getAsBoolean();
    }

    /**
     * Runs positions {@code [from, to)} of a linked loop through the bridge, as leaves: a whole
     * fused run ({@link Chain#run}) and the rest of a shared leaf ({@link #share}). A copy (a
     * hidden class) is called through {@link Handle#LEAF}, a shared class directly (see {@link
     * Part}).
     *
     * @param loop the loop, linked to its stages and terminal
     * @param op   the terminal
     * @param from the first position
     * @param to   the end position, excluded
     * @param stop the run's stop flag
     * @return the terminal's result for those positions
     */
    static Object leaves(Loop loop, Op op, long from, long to, Stop stop) {
        MethodHandle handle = loop.getClass().isHidden() ? Handle.LEAF : null;
        return Bridge.bridge(new Part(loop, handle, from, to), new Run(op, stop));
    }

    /**
     * The result of a leaf that stops at position {@code from} and hands {@code [from, to)} to
     * the bridge: the terminal's combination of the leaf's result so far and of the rest's.
     *
     * @param loop   the leaf's loop
     * @param op     the terminal
     * @param before the leaf's result for the positions it did
     * @param from   the first position not done
     * @param to     the leaf's end
     * @param stop   the run's stop flag
     * @return {@code op.combine(before, result of [from, to))}
     */
    static Object share(Loop loop, Op op, Object before, long from, long to, Stop stop) {
        return op.combine(before, leaves(loop, op, from, to, stop));
    }

    /** A stage that takes {@code int} or {@code long} values (ints widened). */
    interface L {
        /**
         * Takes one value.
         *
         * @param state the leaf's state object (terminals that have one), else {@code null}
         * @param acc   the accumulator so far
         * @param x     the value
         * @return the accumulator after it
         */
        long step(Object state, long acc, long x);
    }

    /** A stage that takes {@code double} values. */
    interface D {
        /**
         * Takes one value (see {@link L#step}).
         *
         * @param state the leaf's state object, else {@code null}
         * @param acc   the accumulator so far
         * @param x     the value
         * @return the accumulator after it
         */
        long step(Object state, long acc, double x);
    }

    /** An element-wise stage; a prototype makes instances of its own class. */
    abstract static class Step {
        /**
         * A stage of this object's class.
         *
         * @param fn   the user's function
         * @param next the stage or terminal after it
         * @return the new stage
         */
        abstract Object with(Object fn, Object next);
    }

    /**
     * A terminal: the last stage, plus what a leaf needs around its loop. Results of leaves are
     * objects, combined in order; an empty part's result is {@link #empty()}.
     */
    abstract static class Op {
        /**
         * A terminal of this object's class.
         *
         * @param fn the user's function, or {@code null}
         * @param k  a number the terminal keeps (an identity, a flag)
         * @return the new terminal
         */
        abstract Op with(Object fn, long k);

        /** The accumulator a leaf starts from. */
        long identity() {
            return 0;
        }

        /**
         * The accumulator of the leaf that starts at position {@code from} of the source: the
         * identity, except for terminals that write by position.
         */
        long start(long from) {
            return identity();
        }

        /** A new per-leaf state object, or {@code null}. */
        Object newState() {
            return null;
        }

        /**
         * Whether a leaf stops at the first item that makes its accumulator non-zero (the
         * matches and the left-to-right finds). The loop then leaves its batch at once, so the
         * item's test is the loop's exit branch, as in a search loop written by hand, and the
         * terminal's step never sees a second value.
         */
        boolean untilFound() {
            return false;
        }

        /**
         * Asked between batches: whether the leaf that starts at position {@code from} may stop.
         * A terminal whose answer is now known for every leaf ({@code anyMatch}, {@code
         * findAny}) sets {@code stop} as well; a positional one ({@code findFirst}) records the
         * leaf's position so that the leaves it beats stop, and leaves the others running.
         *
         * @param acc  the leaf's accumulator
         * @param from the leaf's first position
         * @param stop the terminal's stop flag
         * @return whether the leaf is done
         */
        boolean enough(long acc, long from, Stop stop) {
            return false;
        }

        /** The leaf's result; never the state object itself (that would let it escape). */
        abstract Object result(Object state, long acc);

        /** The result of a part with no items. */
        Object empty() {
            return result(newState(), identity());
        }

        /** Two adjacent results, in order. */
        abstract Object combine(Object left, Object right);
    }

    /** A source's leaf loop; a prototype makes instances of its own class. */
    abstract static class Loop {
        /**
         * A loop of this object's class.
         *
         * @param source the array, or {@code null} for a range
         * @param base   the first index (arrays) or the first value (ranges)
         * @param head   the first stage (or the terminal when there is none)
         * @param op     the terminal
         * @return the new loop
         */
        abstract Loop with(Object source, long base, Object head, Op op);

        /**
         * Runs positions {@code [from, to)} of the source through the chain.
         *
         * @param from the first position, relative to the source's start
         * @param to   the end position
         * @param stop the terminal's stop flag
         * @return the leaf's result
         */
        abstract Object leaf(long from, long to, Stop stop);
    }

    /** A stage of a chain: its prototype and the user's function; linked from the last. */
    private record Spec(Step proto, Object fn, Spec prev) {
    }

    /**
     * A fusable pipeline: its source and stages. Immutable; each adaptor makes a longer one.
     *
     * @param loop   the source's loop prototype
     * @param source the array, or {@code null} for a range
     * @param base   the first index or value
     * @param len    the number of items
     * @param last   the last stage, or {@code null}
     * @param depth  the number of stages
     */
    record Chain(Loop loop, Object source, long base, long len, Spec last, int depth) {
        /** The chain with one more stage. */
        Chain then(Step proto, Object fn) {
            return new Chain(loop, source, base, len, new Spec(proto, fn, last), depth + 1);
        }

        /**
         * The function of the last stage when that stage was made from {@code proto}, else
         * {@code null}.
         */
        Object lastFn(Step proto) {
            return last != null && last.proto == proto ? last.fn : null;
        }

        /** The chain without its last stage; there must be one. */
        Chain dropLast() {
            return new Chain(loop, source, base, len, last.prev, depth - 1);
        }

        /**
         * Runs a terminal over the chain.
         *
         * @param op the terminal's prototype
         * @param fn the terminal's function, or {@code null}
         * @param k  the terminal's number
         * @return the combined result of all leaves
         */
        Object run(Op op, Object fn, long k) {
            Object[] shared = shared(op);
            Class<?>[] key = key(op, fn);
            Shapes.Entry entry = Shapes.entry(new Shape(key));
            Object[] copies = entry == null ? null : entry.copies(key, shared);
            Object[] protos = copies != null ? copies : shared;
            Op terminal = ((Op) protos[protos.length - 1]).with(fn, k);
            Loop loop = link(protos, terminal);
            if (copies != null || entry == null) {
                return leaves(loop, terminal, 0, len, new Stop());
            }
            long start = System.nanoTime();
            Object result = leaves(loop, terminal, 0, len, new Stop());
            entry.ranShared(System.nanoTime() - start);
            return result;
        }

        /**
         * The loop of one run: the stages made from {@code protos} with the user's functions,
         * linked from the terminal back.
         */
        Loop link(Object[] protos, Op terminal) {
            Object next = terminal;
            int i = protos.length - 2;
            for (Spec s = last; s != null; s = s.prev, i--) {
                next = ((Step) protos[i]).with(s.fn, next);
            }
            return ((Loop) protos[0]).with(source, base, next, terminal);
        }

        /**
         * The prototypes to build from, the loop first and the terminal last: the shape's copies
         * when it has them, else the shared classes. Counts no run.
         */
        Object[] protos(Op op, Object fn) {
            Object[] shared = shared(op);
            Class<?>[] key = key(op, fn);
            Shapes.Entry entry = Shapes.entry(new Shape(key));
            Object[] copies = entry == null ? null : entry.copies(key, shared);
            return copies != null ? copies : shared;
        }

        /** The shared prototypes: the loop, each stage's, the terminal. */
        private Object[] shared(Op op) {
            Object[] shared = new Object[depth + 2];
            shared[0] = loop;
            shared[depth + 1] = op;
            int i = depth;
            for (Spec s = last; s != null; s = s.prev, i--) {
                shared[i] = s.proto;
            }
            return shared;
        }

        /**
         * The shape's key: the loop's class, then each stage's class and its function's, then
         * the terminal's and its function's (or {@code null}).
         */
        private Class<?>[] key(Op op, Object fn) {
            Class<?>[] key = new Class<?>[2 * depth + 3];
            key[0] = loop.getClass();
            key[2 * depth + 1] = op.getClass();
            key[2 * depth + 2] = fn == null ? null : fn.getClass();
            int i = depth;
            for (Spec s = last; s != null; s = s.prev, i--) {
                key[2 * i - 1] = s.proto.getClass();
                key[2 * i] = s.fn.getClass();
            }
            return key;
        }
    }

    /** {@link Loop#leaf} as a handle; a holder class, so a program that never copies a shape never makes it. */
    private static final class Handle {
        static final MethodHandle LEAF;

        static {
            try {
                LEAF = MethodHandles.lookup().findVirtual(Loop.class, "leaf",
                        MethodType.methodType(Object.class, long.class, long.class, Stop.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private Handle() {
        }
    }

    /**
     * The positions {@code [from, to)} of a fused source, split by the bridge.
     *
     * <p>A shape's copied loop is called through {@code leaf}, a handle read from this
     * (non-constant) object, so that C2 never inlines the loop into the bridge's recursive
     * splitting method and always compiles it on its own. Inlined there, the loop's speed depended
     * on what else that large compilation held and on whether the loop had already been compiled
     * on its own first: the same clean JVM ran a filter-count at 4.2 or 16.7 ms from one fork to
     * the next. One indirect call per leaf is all this costs. A run on the shared classes ({@code
     * leaf == null}) calls the loop directly: a program that never copies a shape does not pay
     * for making the handle's invoker, and that call site is shared by every pipeline anyway.
     */
    private record Part(Loop loop, MethodHandle leaf, long from, long to) implements Producer<Leaf> {
        @Override
        public long len() {
            return to - from;
        }

        @Override
        public Pair<Producer<Leaf>, Producer<Leaf>> splitAt(long index) {
            long mid = from + index;
            return new Pair<>(new Part(loop, leaf, from, mid), new Part(loop, leaf, mid, to));
        }

        /** Every fused loop shares the rest of a long leaf ("Sharing a long leaf"). */
        @Override
        public boolean sharesOnDemand() {
            return true;
        }

        @Override
        public void foldWith(Leaf sink) {
            sink.result = leaf == null ? loop.leaf(from, to, sink.stop) : throughHandle(sink.stop);
            sink.ran = true;
        }

        private Object throughHandle(Stop stop) {
            try {
                return (Object) leaf.invokeExact(loop, from, to, stop);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                // a checked exception thrown sneakily by user code: passed on unchanged
                throw Fuse.<RuntimeException>sneaky(e);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable e) throws E {
        throw (E) e;
    }

    /**
     * The consumer of one run: a {@link Leaf} per part, combined with the terminal. (A class, not
     * a {@link Terminal.Folding} with two lambdas: a program's first pipeline comes here, and a
     * lambda's first evaluation spins a class; rayon4j-core's {@code WorkerOps} says what that
     * costs.)
     */
    private static final class Run extends Terminal.Alike<Leaf, Object> {
        private final Op terminal;

        Run(Op terminal, Stop stop) {
            super(stop);
            this.terminal = terminal;
        }

        @Override
        public Folder<Leaf, Object> intoFolder() {
            return new Leaf(terminal, stop);
        }

        @Override
        public Object reduce(Object left, Object right) {
            return terminal.combine(left, right);
        }
    }

    /** A leaf's folder and sink at once: it only carries the loop's result out. */
    private static final class Leaf implements Folder<Leaf, Object>, Sink {
        private final Op op;
        final Stop stop;
        Object result;
        boolean ran;

        Leaf(Op op, Stop stop) {
            this.op = op;
            this.stop = stop;
        }

        @Override
        public Leaf sink() {
            return this;
        }

        @Override
        public Object complete() {
            return ran ? result : op.empty();
        }

        @Override
        public boolean full() {
            return stop.stopped;
        }
    }

    /** The classes of a chain and of its lambdas, in order: what its copies are made for. */
    private record Shape(Class<?>[] classes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && Arrays.equals(classes, s.classes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(classes);
        }

        @Override
        public String toString() {
            return Arrays.toString(classes);
        }
    }

    /** The shapes seen, their run counts and copies. */
    static final class Shapes {
        private static final ConcurrentHashMap<Shape, Entry> SEEN = new ConcurrentHashMap<>();
        /** Each template's class file, read once; an empty array when it cannot be read. */
        private static final ClassValue<byte[]> BYTES = new ClassValue<>() {
            @Override
            protected byte[] computeValue(Class<?> template) {
                String name = template.getName();
                try (InputStream in = template.getResourceAsStream(name.substring(name.lastIndexOf('.') + 1) + ".class")) {
                    return in == null ? new byte[0] : in.readAllBytes();
                } catch (IOException e) {
                    return new byte[0];
                }
            }
        };

        /** The time on the shared classes after which a shape is copied; tests lower it. */
        private static volatile long copyAfterNanos = COPY_AFTER_NANOS;

        private Shapes() {
        }

        /**
         * One shape's record. Its runs on the shared classes add up their time under the entry's
         * lock; the first {@link #copies} call that finds at least one run and at least {@link
         * #copyAfterNanos} in all makes the copies, under the same lock, and publishes them
         * through the volatile field once they are complete. A shape whose copies failed keeps
         * the shared classes.
         */
        static final class Entry {
            /** Guarded by this. */
            private int runs;
            /** Guarded by this. */
            private long sharedNanos;
            /** Guarded by this. */
            private boolean failed;
            private volatile Object[] copies;

            /**
             * The shape's copies, made now if its runs have earned them, or {@code null}.
             *
             * @param key    the shape's key (see {@link Chain#run})
             * @param shared the shared prototypes: the loop, the stages, the terminal
             */
            Object[] copies(Class<?>[] key, Object[] shared) {
                Object[] c = copies;
                if (c != null) {
                    return c;
                }
                synchronized (this) {
                    if (copies == null && !failed && runs > 0 && sharedNanos >= copyAfterNanos) {
                        Object[] made = makeCopies(key, shared);
                        failed = made == null;
                        copies = made;
                    }
                    return copies;
                }
            }

            /** A run on the shared classes took {@code nanos}; runs that throw are not counted. */
            synchronized void ranShared(long nanos) {
                runs++;
                sharedNanos += nanos;
            }
        }

        /** The record of a shape, made on its first run; {@code null} once {@link #MAX_SHAPES} have one. */
        static Entry entry(Shape shape) {
            Entry e = SEEN.get(shape);
            if (e == null) {
                if (SEEN.size() >= MAX_SHAPES) {
                    return null;
                }
                Entry fresh = new Entry();
                Entry prior = SEEN.putIfAbsent(shape, fresh);
                e = prior != null ? prior : fresh;
            }
            return e;
        }

        /**
         * Sets the time on the shared classes after which shapes are copied (for tests: 0 copies
         * every shape on its second run) and returns the previous one.
         */
        static long copyAfter(long nanos) {
            long before = copyAfterNanos;
            copyAfterNanos = nanos;
            return before;
        }

        /**
         * Copies of a shape's classes, made from the terminal back to the loop so that each is
         * given the exact classes of what it calls (see "Exact types"); {@code null} when one
         * cannot be made.
         *
         * @param key    the shape's key: the loop's class, then each stage's class and its
         *               function's, then the terminal's and its function's (or {@code null})
         * @param shared the shared prototypes: the loop, the stages, the terminal
         */
        private static Object[] makeCopies(Class<?>[] key, Object[] shared) {
            int last = shared.length - 1;
            Object[] made = new Object[shared.length];
            for (int i = last; i >= 0; i--) {
                Class<?>[] types = new Class<?>[3];
                if (i == last) {
                    types[FN] = key[key.length - 1];
                } else if (i > 0) {
                    types[FN] = key[2 * i];
                    types[NEXT] = made[i + 1].getClass();
                } else {
                    types[NEXT] = made[1].getClass();
                    types[OP] = made[last].getClass();
                }
                made[i] = newCopy(shared[i].getClass(), types);
                if (made[i] == null) {
                    return null;
                }
            }
            return made;
        }

        /** How many shapes have copies (for tests). */
        static int copied() {
            int n = 0;
            for (Entry e : SEEN.values()) {
                n += e.copies != null ? 1 : 0;
            }
            return n;
        }

        /**
         * Defines a new copy of a template class and returns an instance of it made with its
         * no-argument constructor (a prototype), or {@code null} when the copy cannot be made.
         *
         * @param template the template class
         * @param types    the copy's class data: the exact classes it calls, indexed by {@link
         *                 #FN}, {@link #NEXT} and {@link #OP}
         */
        static Object newCopy(Class<?> template, Class<?>[] types) {
            byte[] bytes = BYTES.get(template);
            if (bytes.length == 0) {
                return null;
            }
            try {
                Class<?> copy = MethodHandles.lookup().defineHiddenClassWithClassData(bytes, types, true).lookupClass();
                Constructor<?> make = copy.getDeclaredConstructor();
                make.setAccessible(true);
                return make.newInstance();
            } catch (ReflectiveOperationException | LinkageError | SecurityException e) {
                return null;
            }
        }
    }
}
