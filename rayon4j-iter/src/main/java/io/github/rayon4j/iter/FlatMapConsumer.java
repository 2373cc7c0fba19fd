package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.plumbing.Bridge;
import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Drivable;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.iter.plumbing.Sink;
import java.util.function.BooleanSupplier;

/**
 * Rayon's flat_map: each item gives an inner parallel iterator, whose items take its place, in
 * order.
 *
 * <h2>An inner iterator folded in the leaf, until another thread wants a share</h2>
 * Rayon drives each inner iterator in parallel, into a consumer split off the left of the leaf's
 * consumer: a bridge, its splits and joins, a container per inner leaf and a reduction per item.
 * That pays off for a few large inner iterators and costs far more than the items for many small
 * ones, which is what {@code flatMap} mostly gets (the items of a row, a word's letters, an
 * item's two or three variants): {@code flatMap(x -> ParIter.of(List.of(x, x + 1, x + 2)))
 * .toList()} over 200,000 items took 52.8 ms on two threads, the parallel stream 4.6.
 *
 * <p>So an inner iterator that is indexed (its {@link Producer} known: lists, arrays, ranges and
 * their maps) is folded here, into the leaf's own running folder of the consumer below, in
 * batches paced as the built-in loops' ({@link Pace}: one item, then as many as take about
 * {@link Pace#GROW_NANOS} at the rate measured). The pace is the leaf's, kept across inner
 * iterators, so that a run of small ones is folded whole, one clock read per batch of items,
 * not per inner iterator. Between batches, if the rest of the current inner iterator would take
 * at least {@link Fuse#SHARE_NANOS} at that rate and another thread of the pool is idle
 * ({@link Fuse#worthSharing}), the rest is handed to the bridge as a fresh range, in parallel,
 * as Rayon would have run the whole: an inner iterator of costly items, or a long one, still
 * spreads over the pool. An inner iterator that is not indexed (a filtered one, say) is driven
 * in parallel as before. The producers of arrays, lists and ranges push a range of at most
 * {@link Pace#UNTIMED} items without reading the clock, so a small inner iterator costs its
 * items and a few calls: the case above takes 6.4-10.2 ms, 0.84-1.07 of the stream's speed in the
 * same JVMs (benchmarks/results/2026-11-27-issue10ab).
 *
 * <h2>Order and state</h2>
 * The leaf's result is {@code acc} (the reduction, in order, of everything finished so far)
 * followed by {@code current}'s (the running folder that later items go into). Before an inner
 * iterator, or the rest of one, goes to the bridge, {@code current} is completed and reduced into
 * {@code acc}, so the bridge's result comes after it; the next items start a new folder. All of
 * it is the leaf's own state, on the leaf's thread.
 */
final class FlatMapConsumer<U extends Sink, D extends Sink, R> extends ForwardingConsumer<U, D, R> {
    interface SinkMaker<U extends Sink, D extends Sink, R> {
        U make(Consumer<D, R> down, Leaf<U, D, R> leaf);
    }

    private final SinkMaker<U, D, R> maker;

    FlatMapConsumer(Consumer<D, R> down, SinkMaker<U, D, R> maker) {
        super(down);
        this.maker = maker;
    }

    /**
     * The producer of an inner iterator that has one (an indexed iterator), else {@code null}.
     * The flat maps receive inner iterators of their own kind, so the producer's sink type is the
     * consumer's.
     */
    @SuppressWarnings("unchecked")
    static <D extends Sink> Producer<D> producerOf(Drivable<D> inner) {
        if (inner instanceof IndexedParIter<?> i) {
            return (Producer<D>) i.producer();
        }
        if (inner instanceof IndexedIntParIter i) {
            return (Producer<D>) i.producer();
        }
        if (inner instanceof IndexedLongParIter i) {
            return (Producer<D>) i.producer();
        }
        if (inner instanceof IndexedDoubleParIter i) {
            return (Producer<D>) i.producer();
        }
        return null;
    }

    static final class Leaf<U extends Sink, D extends Sink, R> implements Folder<U, R> {
        private final Consumer<D, R> down;
        private final U sink;
        /** Everything finished so far, reduced in order; meaningful when {@code has}. */
        private R acc;
        private boolean has;
        /** The running folder after {@code acc}, or {@code null}. */
        private Folder<D, R> current;
        /** The pace's batch length, and how many items of the batch under way were folded. */
        private int batch = 1;
        private int inBatch;
        /** When the batch under way started. */
        private long started = System.nanoTime();
        /** Asked between batches; got here, on the leaf's thread (see {@link Fuse#worthSharing}). */
        private final BooleanSupplier wanted = Rayon.workWantedHint();

        Leaf(Consumer<D, R> down, SinkMaker<U, D, R> maker) {
            this.down = down;
            this.sink = maker.make(down, this);
        }

        void flat(Drivable<D> inner) {
            if (inner == null) {
                return;
            }
            Producer<D> p = producerOf(inner);
            if (p == null) {
                drive(inner);
            } else {
                fold(p);
            }
        }

        /** Folds p here, batch by batch, unless its rest is worth sharing (see the class comment). */
        private void fold(Producer<D> p) {
            long len = p.len();
            while (len > 0) {
                if (current == null) {
                    current = down.intoFolder();
                }
                int room = batch - inBatch;
                if (len < room) {
                    p.foldWith(current.sink());
                    inBatch += (int) len;
                    return;
                }
                Producer<D> rest = null;
                if (len == room) {
                    p.foldWith(current.sink());
                } else {
                    Pair<Producer<D>, Producer<D>> parts = p.splitAt(room);
                    parts.left().foldWith(current.sink());
                    rest = parts.right();
                }
                len -= room;
                // The batch is complete: time it, size the next one, and look at the rest.
                long now = System.nanoTime();
                long elapsed = now - started;
                started = now;
                int done = batch;
                batch = Pace.next(done, elapsed);
                inBatch = 0;
                if (rest == null || down.full()) {
                    return;
                }
                if (Fuse.worthSharing(elapsed, done, len, wanted)) {
                    drive(rest);
                    return;
                }
                p = rest;
            }
        }

        /** Runs an inner iterator, or the rest of one, in parallel after what this leaf has. */
        private void drive(Drivable<D> inner) {
            finishCurrent();
            add(inner.drive(down.splitOffLeft()));
        }

        private void drive(Producer<D> rest) {
            finishCurrent();
            add(Bridge.bridge(rest, down.splitOffLeft()));
        }

        private void finishCurrent() {
            if (current != null) {
                Folder<D, R> f = current;
                current = null;
                add(f.complete());
            }
        }

        private void add(R r) {
            acc = has ? down.reduce(acc, r) : r;
            has = true;
        }

        @Override
        public U sink() {
            return sink;
        }

        @Override
        public R complete() {
            finishCurrent();
            return has ? acc : down.intoFolder().complete();
        }
    }

    @Override
    public Folder<U, R> intoFolder() {
        return new Leaf<>(down, maker);
    }

    @Override
    public Consumer<U, R> splitOffLeft() {
        return new FlatMapConsumer<>(down.splitOffLeft(), maker);
    }
}
