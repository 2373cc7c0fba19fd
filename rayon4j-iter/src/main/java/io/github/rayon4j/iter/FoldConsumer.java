package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.ObjSink;

import java.util.function.BiFunction;
import java.util.function.Supplier;

/** Rayon's fold: each leaf folds its items into one value and passes that value on. */
final class FoldConsumer<T, A, R> extends ForwardingConsumer<ObjSink<T>, ObjSink<A>, R> {
    private final Supplier<? extends A> identity;
    private final BiFunction<A, ? super T, A> folder;

    FoldConsumer(Consumer<ObjSink<A>, R> down, Supplier<? extends A> identity, BiFunction<A, ? super T, A> folder) {
        super(down);
        this.identity = identity;
        this.folder = folder;
    }

    @Override
    public Folder<ObjSink<T>, R> intoFolder() {
        Folder<ObjSink<A>, R> d = down.intoFolder();
        final class Leaf implements ObjSink<T>, Folder<ObjSink<T>, R> {
            private A acc = identity.get();

            @Override
            public void accept(T t) {
                acc = folder.apply(acc, t);
            }

            @Override
            public boolean full() {
                return d.sink().full();
            }

            @Override
            public ObjSink<T> sink() {
                return this;
            }

            @Override
            public R complete() {
                d.sink().accept(acc);
                return d.complete();
            }
        }
        return new Leaf();
    }

    @Override
    public Consumer<ObjSink<T>, R> splitOffLeft() {
        return new FoldConsumer<>(down.splitOffLeft(), identity, folder);
    }
}
