package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.iter.plumbing.Sink;
import io.github.rayon4j.iter.plumbing.UnindexedProducer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/** The object sources and the producers of the indexed object adaptors. */
final class ObjSources {
    private ObjSources() {
    }

    /**
     * The guard of a source that can be read once (a stream, an iterator, a spliterator): the
     * first terminal claims it, a second fails with a message that names the call and the
     * object the user passed, and says what to do.
     */
    static final class ReadOnce {
        private final String call;
        private final String source;
        private boolean used;

        ReadOnce(String call, String source) {
            this.call = call;
            this.source = source;
        }

        synchronized void claim() {
            if (used) {
                throw new IllegalStateException(call + "(" + source + ") was already read by a terminal operation; "
                        + "a stream, iterator or spliterator can be read once: collect it first (toList(), toArray()) "
                        + "or make a new iterator from a new source for each terminal operation");
            }
            used = true;
        }
    }

    static ReadOnce readOnce(String call, Object source) {
        return new ReadOnce(call, source.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(source)));
    }

    static int checkedIndex(long i) {
        return Math.toIntExact(i);
    }

    /**
     * The length of two producers' items together (chain, interleave); checked where the
     * combined iterator is made, so no length of any of its parts can overflow later.
     *
     * @throws ArithmeticException naming the operation when the sum exceeds {@code Long.MAX_VALUE}
     */
    static long lengthOfBoth(String operation, long a, long b) {
        long n = a + b;
        if (n < 0) {
            throw new ArithmeticException(operation + " of " + a + " and " + b
                    + " items: the length overflows a long");
        }
        return n;
    }

    /** How many of {@code len} items stepping by {@code step} visits: indices 0, step, 2 step, ... */
    static long steps(long len, long step) {
        return len == 0 ? 0 : (len - 1) / step + 1;
    }

    /**
     * A producer that can push its items at indices 0, step, 2 step, ... itself, without
     * touching the items in between: the array, list and range sources and the one-to-one maps
     * over them. {@code stepBy} folds through it; over any other producer it steps by splitting.
     */
    interface Strided<S extends Sink> {
        void foldStrided(S sink, long step);
    }

    /** Pushes the items of {@code p} at indices 0, step, 2 step, ...: O(len / step) work. */
    @SuppressWarnings("unchecked")
    static <S extends Sink> void foldStepped(Producer<S> p, S sink, long step) {
        if (p instanceof Strided<?> strided) {
            ((Strided<S>) strided).foldStrided(sink, step);
            return;
        }
        // two O(1) splits per item: dearer than a strided loop, but it never visits a skipped item
        Producer<S> rest = p;
        while (rest.len() > 0 && !sink.full()) {
            Pair<Producer<S>, Producer<S>> parts = rest.splitAt(Math.min(step, rest.len()));
            parts.left().splitAt(1).left().foldWith(sink);
            rest = parts.right();
        }
    }

    /**
     * Pushes {@code a[from..to)}: a leaf's batch. A method of its own rather than an inner loop of
     * the leaf's batch loop: written inline, the compiled loop kept fewer of its values in
     * registers (the index itself went to the stack), and a {@code max} over 10^5 boxed integers
     * in an array or a list other than an {@code ArrayList} ran 1.2-1.5 times slower on one thread
     * (benchmarks/results/2026-11-28-issue10ao).
     */
    static <T> void push(T[] a, int from, int to, ObjSink<T> sink) {
        for (int i = from; i < to; i++) {
            sink.accept(a[i]);
        }
    }

    /** Pushes {@code list.get(from..to)}: a leaf's batch (see {@link #push(Object[], int, int, ObjSink)}). */
    static <T> void push(List<T> list, int from, int to, ObjSink<T> sink) {
        for (int i = from; i < to; i++) {
            sink.accept(list.get(i));
        }
    }

    /**
     * Whether {@code p} reads items stored in an array or a random-access list (a source made by
     * {@code ParIter.of}, or a part of one), so that reading an item again costs a read and calls
     * no function of the pipeline.
     */
    static boolean readsStoredItems(Producer<?> p) {
        return p instanceof ArrayProducer<?> || p instanceof ListProducer<?>;
    }

    /**
     * For a producer that {@link #readsStoredItems}, the length of the longest prefix of its
     * items that all match: the first failing index, searched for in parallel with early exit,
     * each item tested at most once. Each kind of store has its own search loop, so the read in
     * it is an array read or a list's {@code get}, not a call through a shared function.
     */
    static <T> int matchingPrefix(Producer<ObjSink<T>> p, Predicate<? super T> predicate) {
        if (p instanceof ArrayProducer<T> a) {
            return ParIter.prefixMatching(a.array(), a.lo(), a.hi(), predicate);
        }
        ListProducer<T> l = (ListProducer<T>) p;
        List<T> list = l.list();
        return IntParIter.range(l.lo(), l.hi()).filter(i -> !predicate.test(list.get(i))).findFirst().orElse(l.hi()) - l.lo();
    }

    record ArrayProducer<T>(T[] array, int lo, int hi) implements Producer<ObjSink<T>>,
            Strided<ObjSink<T>> {
        @Override
        public long len() {
            return hi - lo;
        }

        @Override
        public Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> splitAt(long index) {
            int mid = lo + checkedIndex(index);
            return new Pair<>(new ArrayProducer<>(array, lo, mid), new ArrayProducer<>(array, mid, hi));
        }

        @Override
        public void foldWith(ObjSink<T> sink) {
            T[] a = array;
            if (hi - lo <= Pace.UNTIMED) {
                for (int i = lo; i < hi && !sink.full(); i++) {
                    sink.accept(a[i]);
                }
                return;
            }
            long t = System.nanoTime();
            for (int i = lo, end = hi, batch = 1; i < end && !sink.full(); ) {
                int stop = end - i > batch ? i + batch : end;
                push(a, i, stop, sink);
                i = stop;
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }

        @Override
        public void foldStrided(ObjSink<T> sink, long step) {
            T[] a = array;
            long t = System.nanoTime();
            long x = lo;
            long left = steps(hi - lo, step);
            for (int batch = 1; left > 0 && !sink.full(); ) {
                // x may wrap after the last item, and is not read then
                for (long stop = left > batch ? left - batch : 0; left > stop; left--, x += step) {
                    sink.accept(a[(int) x]);
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }
    }

    /** The class of an {@code ArrayList}'s sub-lists (a private class of java.util). */
    private static final Class<?> ARRAY_SUB_LIST = new ArrayList<>(0).subList(0, 0).getClass();

    /**
     * Whether the sub-lists of {@code list} walk its backing array in their spliterators'
     * {@code forEachRemaining}: an {@code ArrayList} or a sub-list of one (the class itself, not a
     * subclass, whose {@code get} may do more).
     */
    static boolean overArray(List<?> list) {
        Class<?> c = list.getClass();
        return c == ArrayList.class || c == ARRAY_SUB_LIST;
    }

    /**
     * A random-access list's items, by index. A leaf over an {@code ArrayList} (or a sub-list of
     * one) pushes each batch through the batch's sub-list spliterator, whose loop reads the
     * list's array once per batch, as a parallel stream's leaf does. With {@code get(i)} through
     * the {@code List} interface, the compiled loop of a {@code max} read the list's size and
     * array again for every item (its terminal stores a reference, whose write barrier has a call
     * on its slow path) and ran 1.6-1.8 times slower over an {@code ArrayList} of 10^5 integers on
     * one thread; a {@code count}, which stores no reference, ran as fast either way
     * (benchmarks/results/2026-11-28-issue10ao). A batch's spliterator also throws
     * {@code ConcurrentModificationException} if the list was structurally modified while it ran,
     * as the stream's does.
     */
    record ListProducer<T>(List<T> list, int lo, int hi) implements Producer<ObjSink<T>>,
            Strided<ObjSink<T>> {
        @Override
        public long len() {
            return hi - lo;
        }

        @Override
        public Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> splitAt(long index) {
            int mid = lo + checkedIndex(index);
            return new Pair<>(new ListProducer<>(list, lo, mid), new ListProducer<>(list, mid, hi));
        }

        @Override
        public void foldWith(ObjSink<T> sink) {
            List<T> l = list;
            if (hi - lo <= Pace.UNTIMED) {
                for (int i = lo; i < hi && !sink.full(); i++) {
                    sink.accept(l.get(i));
                }
                return;
            }
            boolean overArray = overArray(l);
            long t = System.nanoTime();
            for (int i = lo, end = hi, batch = 1; i < end && !sink.full(); ) {
                int stop = end - i > batch ? i + batch : end;
                if (overArray) {
                    l.subList(i, stop).spliterator().forEachRemaining(sink);
                } else {
                    push(l, i, stop, sink);
                }
                i = stop;
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }

        @Override
        public void foldStrided(ObjSink<T> sink, long step) {
            List<T> l = list;
            long t = System.nanoTime();
            long x = lo;
            long left = steps(hi - lo, step);
            for (int batch = 1; left > 0 && !sink.full(); ) {
                // x may wrap after the last item, and is not read then
                for (long stop = left > batch ? left - batch : 0; left > stop; left--, x += step) {
                    sink.accept(l.get((int) x));
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }
    }

    /**
     * {@code s}, split by its own {@code trySplit} where it does, and otherwise by taking a prefix
     * of its items into an array, in order, as {@code Spliterators.AbstractSpliterator} does for
     * an iterator (batches of 1,024 items, growing). For the spliterator of a sequential stream
     * with stages, which never splits: {@code ParIter.fromStream(list.stream().map(f))} ran in one
     * leaf on one thread, 22-28 ms where the bare {@code list.stream()} took 5.5-13
     * (benchmarks/results/2026-11-28-issue10ao).
     *
     * @param s   the spliterator
     * @param <T> the item type
     * @return a spliterator over the same items that splits
     */
    static <T> Spliterator<T> batching(Spliterator<T> s) {
        return new java.util.Spliterators.AbstractSpliterator<T>(s.estimateSize(), s.characteristics()) {
            @Override
            public boolean tryAdvance(java.util.function.Consumer<? super T> action) {
                return s.tryAdvance(action);
            }

            @Override
            public void forEachRemaining(java.util.function.Consumer<? super T> action) {
                s.forEachRemaining(action);
            }

            @Override
            public Spliterator<T> trySplit() {
                Spliterator<T> prefix = s.trySplit();
                return prefix != null ? prefix : super.trySplit();
            }

            @Override
            public long estimateSize() {
                return s.estimateSize();
            }

            @Override
            public java.util.Comparator<? super T> getComparator() {
                return s.getComparator();
            }
        };
    }

    /**
     * Any spliterator, object or primitive, split with {@code trySplit} (prefix goes left).
     *
     * <p>A leaf pushes its items in pieces carved off the front of its spliterator with
     * {@code trySplit}, each piece whole through {@code forEachRemaining}, and asks
     * {@link Sink#full()} (and reads the clock, as {@link Pace} sizes batches) between pieces. So
     * the per-item loop is the spliterator's own, compiled inside its class, as a parallel
     * stream's leaf is; pushing each item through {@code tryAdvance} from one shared loop, as
     * before, made that loop's calls megamorphic once a program had used a few kinds of
     * collection: in one JVM that had run a {@code HashSet}, a {@code TreeSet} and an {@code
     * ArrayDeque} through it, a sum over the {@code ArrayDeque} took 25.9 ms against 2.2 alone
     * and the parallel stream's 2.3 (benchmarks/results/2026-11-26-issue10z, section 6). The
     * pieces still to push wait on a stack, nearest last, so the items come in encounter order;
     * a spliterator that will not split further is pushed {@code tryAdvance} by {@code
     * tryAdvance}, a batch between checks.
     */
    static final class SpliteratorProducer<S extends Sink, P extends Spliterator<?>>
            implements UnindexedProducer<S> {
        private final P spliterator;
        private final BiPredicate<P, S> advance;
        private final BiConsumer<P, S> forEach;

        /**
         * @param spliterator the source
         * @param advance     its {@code tryAdvance} for the sink type
         * @param forEach     its {@code forEachRemaining} for the sink type
         */
        SpliteratorProducer(P spliterator, BiPredicate<P, S> advance, BiConsumer<P, S> forEach) {
            this.spliterator = spliterator;
            this.advance = advance;
            this.forEach = forEach;
        }

        @SuppressWarnings("unchecked")
        @Override
        public UnindexedProducer<S> split() {
            Spliterator<?> left = spliterator.trySplit();
            return left == null ? null : new SpliteratorProducer<>((P) left, advance, forEach);
        }

        @SuppressWarnings("unchecked")
        @Override
        public void foldWith(S sink) {
            P s = spliterator;
            ArrayDeque<P> later = null;
            long t = System.nanoTime();
            int batch = 1;
            while (s != null && !sink.full()) {
                P front;
                while (s.estimateSize() > batch && (front = (P) s.trySplit()) != null) {
                    if (later == null) {
                        later = new ArrayDeque<>();
                    }
                    later.push(s);
                    s = front;
                }
                boolean done;
                if (s.estimateSize() <= batch) {
                    forEach.accept(s, sink);
                    done = true;
                } else {
                    int pushed = 0;
                    while (pushed < batch && advance.test(s, sink)) {
                        pushed++;
                    }
                    done = pushed < batch;
                }
                if (done) {
                    s = later == null ? null : later.poll();
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }
    }

    /** Collects up to {@code buffer.length} items. */
    static final class BufferSink<T> implements ObjSink<T> {
        final Object[] buffer;
        int n;

        BufferSink(Object[] buffer) {
            this.buffer = buffer;
        }

        @Override
        public void accept(T t) {
            buffer[n++] = t;
        }

        @Override
        public boolean full() {
            return false;
        }
    }

    /**
     * Reads a producer a block at a time, from the front or the back: the leaf loops of zip, rev
     * and interleave, whose blocks follow the {@link Pace} so that slow upstream items are read
     * one at a time.
     */
    static final class Blocks<T> {
        private Producer<ObjSink<T>> rest;

        Blocks(Producer<ObjSink<T>> p) {
            this.rest = p;
        }

        long remaining() {
            return rest.len();
        }

        Object[] front(int k) {
            Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> parts = rest.splitAt(k);
            rest = parts.right();
            return drain(parts.left(), k);
        }

        Object[] back(int k) {
            Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> parts = rest.splitAt(rest.len() - k);
            rest = parts.left();
            return drain(parts.right(), k);
        }

        static <T> Object[] drain(Producer<ObjSink<T>> p, int k) {
            BufferSink<T> s = new BufferSink<>(new Object[k]);
            p.foldWith(s);
            if (s.n != k) {
                throw new IllegalStateException("producer of length " + k + " pushed " + s.n + " items");
            }
            return s.buffer;
        }
    }

    record ChainProducer<S extends Sink>(Producer<S> a, Producer<S> b) implements Producer<S> {
        @Override
        public long len() {
            return a.len() + b.len();
        }

        @Override
        public Pair<Producer<S>, Producer<S>> splitAt(long index) {
            long la = a.len();
            if (index <= la) {
                Pair<Producer<S>, Producer<S>> p = a.splitAt(index);
                return new Pair<>(p.left(), new ChainProducer<>(p.right(), b));
            }
            Pair<Producer<S>, Producer<S>> p = b.splitAt(index - la);
            return new Pair<>(new ChainProducer<>(a, p.left()), p.right());
        }

        @Override
        public void foldWith(S sink) {
            a.foldWith(sink);
            if (!sink.full()) {
                b.foldWith(sink);
            }
        }

        @Override
        public long minLen() {
            return Math.max(a.minLen(), b.minLen());
        }

        @Override
        public long maxLen() {
            return Math.min(a.maxLen(), b.maxLen());
        }
    }

    /** Both producers have the same length. */
    record ZipProducer<A, B>(Producer<ObjSink<A>> a, Producer<ObjSink<B>> b)
            implements Producer<ObjSink<Pair<A, B>>> {
        @Override
        public long len() {
            return a.len();
        }

        @Override
        public Pair<Producer<ObjSink<Pair<A, B>>>, Producer<ObjSink<Pair<A, B>>>> splitAt(long index) {
            Pair<Producer<ObjSink<A>>, Producer<ObjSink<A>>> pa = a.splitAt(index);
            Pair<Producer<ObjSink<B>>, Producer<ObjSink<B>>> pb = b.splitAt(index);
            return new Pair<>(new ZipProducer<>(pa.left(), pb.left()), new ZipProducer<>(pa.right(), pb.right()));
        }

        @SuppressWarnings("unchecked")
        @Override
        public void foldWith(ObjSink<Pair<A, B>> sink) {
            Blocks<A> ba = new Blocks<>(a);
            Blocks<B> bb = new Blocks<>(b);
            long t = System.nanoTime();
            for (int batch = 1; ba.remaining() > 0 && !sink.full(); ) {
                int k = (int) Math.min(batch, ba.remaining());
                Object[] xs = ba.front(k);
                Object[] ys = bb.front(k);
                for (int i = 0; i < k; i++) {
                    sink.accept(new Pair<>((A) xs[i], (B) ys[i]));
                }
                long now = System.nanoTime();
                batch = Pace.nextBlock(batch, now - t);
                t = now;
            }
        }

        @Override
        public long minLen() {
            return Math.max(a.minLen(), b.minLen());
        }

        @Override
        public long maxLen() {
            return Math.min(a.maxLen(), b.maxLen());
        }
    }

    record RevProducer<T>(Producer<ObjSink<T>> base) implements Producer<ObjSink<T>> {
        @Override
        public long len() {
            return base.len();
        }

        @Override
        public Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> splitAt(long index) {
            Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> p = base.splitAt(base.len() - index);
            return new Pair<>(new RevProducer<>(p.right()), new RevProducer<>(p.left()));
        }

        @SuppressWarnings("unchecked")
        @Override
        public void foldWith(ObjSink<T> sink) {
            Blocks<T> blocks = new Blocks<>(base);
            long t = System.nanoTime();
            for (int batch = 1; blocks.remaining() > 0 && !sink.full(); ) {
                int k = (int) Math.min(batch, blocks.remaining());
                Object[] xs = blocks.back(k);
                for (int i = k - 1; i >= 0; i--) {
                    sink.accept((T) xs[i]);
                }
                long now = System.nanoTime();
                batch = Pace.nextBlock(batch, now - t);
                t = now;
            }
        }

        @Override
        public long minLen() {
            return base.minLen();
        }

        @Override
        public long maxLen() {
            return base.maxLen();
        }
    }

    record EnumerateProducer<T>(Producer<ObjSink<T>> base, long offset) implements Producer<ObjSink<Pair<Long, T>>> {
        @Override
        public long len() {
            return base.len();
        }

        @Override
        public Pair<Producer<ObjSink<Pair<Long, T>>>, Producer<ObjSink<Pair<Long, T>>>> splitAt(long index) {
            Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> p = base.splitAt(index);
            return new Pair<>(new EnumerateProducer<>(p.left(), offset),
                    new EnumerateProducer<>(p.right(), offset + index));
        }

        @Override
        public void foldWith(ObjSink<Pair<Long, T>> sink) {
            base.foldWith(new Chained.Obj<T, ObjSink<Pair<Long, T>>>(sink) {
                long next = offset;

                @Override
                public void accept(T t) {
                    down.accept(new Pair<>(next++, t));
                }
            });
        }

        @Override
        public long minLen() {
            return base.minLen();
        }

        @Override
        public long maxLen() {
            return base.maxLen();
        }
    }

    /**
     * Every {@code step}-th item of {@code base}, by index: splits map to {@code index * step} in
     * the base, and a leaf folds the base with that stride, so the items in between are never
     * produced and a leaf costs its number of steps.
     */
    record StepByProducer<S extends Sink>(Producer<S> base, long step) implements Producer<S>, Strided<S> {
        @Override
        public long len() {
            return steps(base.len(), step);
        }

        @Override
        public Pair<Producer<S>, Producer<S>> splitAt(long index) {
            long at = Math.min(base.len(), multiplyCapped(index, step));
            Pair<Producer<S>, Producer<S>> p = base.splitAt(at);
            return new Pair<>(new StepByProducer<>(p.left(), step), new StepByProducer<>(p.right(), step));
        }

        @Override
        public void foldWith(S sink) {
            foldStepped(base, sink, step);
        }

        @Override
        public void foldStrided(S sink, long stride) {
            foldStepped(base, sink, multiplyCapped(step, stride));
        }
    }

    static long multiplyCapped(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi != 0 || lo < 0) ? Long.MAX_VALUE : lo;
    }

    /**
     * Chunks of {@code size} items, each turned into one item by {@code chunk}, which reads the
     * chunk's producer into a sink that reports full when the leaf's sink does (given as its
     * second argument): so the chunk's items are read on the leaf loops' schedule, and a chunk
     * cut short because the answer is known or a leaf threw is dropped, never pushed.
     */
    record ChunksProducer<T, U>(Producer<ObjSink<T>> base, long size,
                                BiFunction<Producer<ObjSink<T>>, Sink, U> chunk)
            implements Producer<ObjSink<U>> {
        @Override
        public long len() {
            return steps(base.len(), size);
        }

        @Override
        public Pair<Producer<ObjSink<U>>, Producer<ObjSink<U>>> splitAt(long index) {
            long at = Math.min(base.len(), multiplyCapped(index, size));
            Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> p = base.splitAt(at);
            return new Pair<>(new ChunksProducer<>(p.left(), size, chunk),
                    new ChunksProducer<>(p.right(), size, chunk));
        }

        @Override
        public void foldWith(ObjSink<U> sink) {
            Producer<ObjSink<T>> rest = base;
            while (rest.len() > 0 && !sink.full()) {
                Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> p = rest.splitAt(Math.min(size, rest.len()));
                U u = chunk.apply(p.left(), sink);
                if (sink.full()) {
                    return;
                }
                sink.accept(u);
                rest = p.right();
            }
        }
    }

    static <T> List<T> chunkToList(Producer<ObjSink<T>> p, Sink leaf) {
        List<T> out = new ArrayList<>((int) p.len());
        p.foldWith(new ObjSink<T>() {
            @Override
            public void accept(T t) {
                out.add(t);
            }

            @Override
            public boolean full() {
                return leaf.full();
            }
        });
        return out;
    }

    /** One chunk's fold (foldChunks); full when the leaf's sink is. */
    static final class ChunkFold<A, T> implements ObjSink<T> {
        private final BiFunction<A, ? super T, A> folder;
        private final Sink leaf;
        A acc;

        ChunkFold(A identity, BiFunction<A, ? super T, A> folder, Sink leaf) {
            this.acc = identity;
            this.folder = folder;
            this.leaf = leaf;
        }

        @Override
        public void accept(T t) {
            acc = folder.apply(acc, t);
        }

        @Override
        public boolean full() {
            return leaf.full();
        }
    }

    /**
     * a0 b0 a1 b1 ... while both last (b0 a0 ... when {@code !aFirst}), then the rest of the
     * longer one.
     */
    record InterleaveProducer<T>(Producer<ObjSink<T>> a, Producer<ObjSink<T>> b, boolean aFirst)
            implements Producer<ObjSink<T>> {
        @Override
        public long len() {
            return a.len() + b.len();
        }

        @Override
        public Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> splitAt(long n) {
            long la = a.len();
            long lb = b.len();
            long m = Math.min(la, lb);
            long takeA;
            boolean rightAFirst = aFirst;
            if (n <= 2 * m) {
                takeA = aFirst ? (n + 1) / 2 : n / 2;
                rightAFirst = aFirst ^ (n % 2 == 1);
            } else if (la > lb) {
                takeA = n - m;
            } else {
                takeA = m;
            }
            Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> pa = a.splitAt(takeA);
            Pair<Producer<ObjSink<T>>, Producer<ObjSink<T>>> pb = b.splitAt(n - takeA);
            return new Pair<>(new InterleaveProducer<>(pa.left(), pb.left(), aFirst),
                    new InterleaveProducer<>(pa.right(), pb.right(), rightAFirst));
        }

        @SuppressWarnings("unchecked")
        @Override
        public void foldWith(ObjSink<T> sink) {
            Blocks<T> ba = new Blocks<>(a);
            Blocks<T> bb = new Blocks<>(b);
            long t = System.nanoTime();
            for (int batch = 1; ba.remaining() > 0 && bb.remaining() > 0 && !sink.full(); ) {
                int k = (int) Math.min(batch, Math.min(ba.remaining(), bb.remaining()));
                Object[] xs = ba.front(k);
                Object[] ys = bb.front(k);
                Object[] first = aFirst ? xs : ys;
                Object[] second = aFirst ? ys : xs;
                for (int i = 0; i < k; i++) {
                    sink.accept((T) first[i]);
                    sink.accept((T) second[i]);
                }
                long now = System.nanoTime();
                batch = Pace.nextBlock(batch, now - t);
                t = now;
            }
            if (!sink.full()) {
                (ba.remaining() > 0 ? ba : bb).rest.foldWith(sink);
            }
        }

        @Override
        public long minLen() {
            return Math.max(a.minLen(), b.minLen());
        }

        @Override
        public long maxLen() {
            return Math.min(a.maxLen(), b.maxLen());
        }
    }
}
