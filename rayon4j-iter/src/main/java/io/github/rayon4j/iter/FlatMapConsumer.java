package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Drivable;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.Sink;

/**
 * Rayon's flat_map: each item gives an inner parallel iterator, driven into a consumer split
 * off the left of this leaf's consumer, so results stay in order.
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

    static final class Leaf<U extends Sink, D extends Sink, R> implements Folder<U, R> {
        private final Consumer<D, R> down;
        private final U sink;
        private R acc;
        private boolean has;

        Leaf(Consumer<D, R> down, SinkMaker<U, D, R> maker) {
            this.down = down;
            this.sink = maker.make(down, this);
        }

        void flat(Drivable<D> inner) {
            if (inner == null) {
                return;
            }
            R r = inner.drive(down.splitOffLeft());
            acc = has ? down.reduce(acc, r) : r;
            has = true;
        }

        @Override
        public U sink() {
            return sink;
        }

        @Override
        public R complete() {
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
