package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Sink;

/**
 * A consumer in front of another: it passes {@link #full()}, {@link #reduce} and
 * {@link #cancel()} to the consumer below unchanged, and its subclasses say only how a leaf and a
 * split differ from the one below (an adaptor, a flat map, a fold).
 *
 * @param <U> the sink type this consumer receives
 * @param <D> the sink type of the consumer below
 * @param <R> the result type, shared with the consumer below
 */
abstract class ForwardingConsumer<U extends Sink, D extends Sink, R> implements Consumer<U, R> {
    final Consumer<D, R> down;

    ForwardingConsumer(Consumer<D, R> down) {
        this.down = down;
    }

    @Override
    public final boolean full() {
        return down.full();
    }

    @Override
    public final R reduce(R left, R right) {
        return down.reduce(left, right);
    }

    @Override
    public final void cancel() {
        down.cancel();
    }
}
