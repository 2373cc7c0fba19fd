package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.iter.plumbing.Bridge;
import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Drivable;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.iter.plumbing.Sink;
import io.github.rayon4j.iter.plumbing.UnindexedProducer;

/** Consumers and producers with a {@link SinkAdapter} between them and the next stage. */
final class Adapted {
    private Adapted() {
    }

    record AdaptedFolder<U extends Sink, R>(U sink, Folder<?, R> down) implements Folder<U, R> {
        @Override
        public R complete() {
            return down.complete();
        }
    }

    /** The consumer the upstream sees; {@code oneToOne} adaptors keep item positions. */
    static final class AdaptedConsumer<U extends Sink, D extends Sink, R> extends ForwardingConsumer<U, D, R> {
        private final SinkAdapter<U, D> adapter;
        private final boolean oneToOne;

        AdaptedConsumer(Consumer<D, R> down, SinkAdapter<U, D> adapter, boolean oneToOne) {
            super(down);
            this.adapter = adapter;
            this.oneToOne = oneToOne;
        }

        @Override
        public Folder<U, R> intoFolder() {
            Folder<D, R> f = down.intoFolder();
            return new AdaptedFolder<>(adapter.adapt(f.sink()), f);
        }

        @Override
        public boolean resumable() {
            return down.resumable();
        }

        @Override
        public Folder<U, R> resumeFolder(R before) {
            Folder<D, R> f = down.resumeFolder(before);
            return new AdaptedFolder<>(adapter.adapt(f.sink()), f);
        }

        @Override
        public Consumer<U, R> splitOffLeft() {
            return new AdaptedConsumer<>(down.splitOffLeft(), adapter, oneToOne);
        }

        @Override
        public Consumer<U, R> splitOffLeftAt(long index) {
            Consumer<D, R> left = oneToOne ? down.splitOffLeftAt(index) : down.splitOffLeft();
            return new AdaptedConsumer<>(left, adapter, oneToOne);
        }
    }

    /** A producer whose items go through a one-to-one adaptor: the indexed map. */
    record AdaptedProducer<U extends Sink, D extends Sink>(Producer<U> base, SinkAdapter<U, D> adapter)
            implements Producer<D>, ObjSources.Strided<D> {
        @Override
        public long len() {
            return base.len();
        }

        @Override
        public Pair<Producer<D>, Producer<D>> splitAt(long index) {
            Pair<Producer<U>, Producer<U>> p = base.splitAt(index);
            return new Pair<>(new AdaptedProducer<>(p.left(), adapter),
                    new AdaptedProducer<>(p.right(), adapter));
        }

        @Override
        public void foldWith(D sink) {
            base.foldWith(adapter.adapt(sink));
        }

        @Override
        public void foldStrided(D sink, long step) {
            ObjSources.foldStepped(base, adapter.adapt(sink), step);
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

    /** withMinLen / withMaxLen: the same items, other leaf-length bounds. */
    record BoundedProducer<S extends Sink>(Producer<S> base, long minLen, long maxLen)
            implements Producer<S>, ObjSources.Strided<S> {
        static <S extends Sink> Producer<S> withMin(Producer<S> p, long min) {
            return new BoundedProducer<>(p, Math.max(p.minLen(), min), p.maxLen());
        }

        static <S extends Sink> Producer<S> withMax(Producer<S> p, long max) {
            return new BoundedProducer<>(p, p.minLen(), Math.min(p.maxLen(), max));
        }

        @Override
        public long len() {
            return base.len();
        }

        @Override
        public Pair<Producer<S>, Producer<S>> splitAt(long index) {
            Pair<Producer<S>, Producer<S>> p = base.splitAt(index);
            return new Pair<>(new BoundedProducer<>(p.left(), minLen, maxLen),
                    new BoundedProducer<>(p.right(), minLen, maxLen));
        }

        @Override
        public void foldWith(S sink) {
            base.foldWith(sink);
        }

        @Override
        public void foldStrided(S sink, long step) {
            ObjSources.foldStepped(base, sink, step);
        }
    }

    /** Drives {@code base} with every consumer wrapped by a fresh adaptor. */
    static <U extends Sink, D extends Sink> Drivable<D> drivable(
            Drivable<U> base, java.util.function.Supplier<SinkAdapter<U, D>> perDrive, boolean oneToOne) {
        return new Drivable<>() {
            @Override
            public <R> R drive(Consumer<D, R> consumer) {
                return base.drive(new AdaptedConsumer<>(consumer, perDrive.get(), oneToOne));
            }
        };
    }

    /** An indexed source as a drivable: the bridge. */
    static <S extends Sink> Drivable<S> bridged(Producer<S> producer) {
        return new Drivable<>() {
            @Override
            public <R> R drive(Consumer<S, R> consumer) {
                return Bridge.bridge(producer, consumer);
            }
        };
    }

    /** An unindexed source as a drivable; the producer must be fresh per drive. */
    static <S extends Sink> Drivable<S> bridgedUnindexed(
            java.util.function.Supplier<? extends UnindexedProducer<S>> producer) {
        return new Drivable<>() {
            @Override
            public <R> R drive(Consumer<S, R> consumer) {
                return Bridge.bridgeUnindexed(producer.get(), consumer);
            }
        };
    }

    /** Rayon's chain for unindexed parts: both sides at once, results reduced in order. */
    static <S extends Sink> Drivable<S> chain(Drivable<S> a, Drivable<S> b) {
        return new Drivable<>() {
            @Override
            public <R> R drive(Consumer<S, R> consumer) {
                Consumer<S, R> left = consumer.splitOffLeft();
                Pair<R, R> r = io.github.rayon4j.core.Rayon.join(() -> a.drive(left), () -> b.drive(consumer));
                return Bridge.reduce(consumer, r.left(), r.right());
            }
        };
    }
}
